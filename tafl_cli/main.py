"""Entry point of the `tafl` command: builds the parser from the subcommand modules."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from tafl_core.errors import TaflError

from . import (
    check_cmd,
    engine_cmds,
    otn_cmd,
    render_cmd,
    sheet_cmd,
    solve_cmd,
    suggest_cmd,
)
from .files import os_message
from .parsing import GermanParser, IntermixedParser

#: The command modules, in the order of `tafl --help`; each defines register(subparsers).
COMMAND_MODULES = (
    engine_cmds,
    render_cmd,
    check_cmd,
    otn_cmd,
    sheet_cmd,
    solve_cmd,
    suggest_cmd,
)


def build_parser() -> argparse.ArgumentParser:
    """The argparse tree with every subcommand."""
    parser = GermanParser(
        prog="tafl",
        description="Regel-Engine für Hnefatafl-Varianten: Varianten zeigen, Züge ausführen, "
        "Diagramme zeichnen, Beispiele prüfen.",
        epilog="Hilfe zu einem Befehl: tafl BEFEHL --help",
    )
    sub = parser.add_subparsers(
        dest="command", metavar="BEFEHL", title="Befehle", parser_class=IntermixedParser
    )
    sub.required = True
    for module in COMMAND_MODULES:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; bad input gives a message and exit code 2, never a traceback.

    Ctrl-C ends with one line and exit status 130 (128 + SIGINT), as shells expect.
    """
    try:
        args = build_parser().parse_args(argv)
        handler: Callable[[argparse.Namespace], int] = args.handler
        return handler(args)
    except KeyboardInterrupt:
        # on a terminal the shell has echoed '^C' without a line break
        start = "\n" if sys.stderr.isatty() else ""
        print(f"{start}tafl: abgebrochen (Strg+C)", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (e.g. `tafl perft … | head`); nothing left to say
        sys.stderr.close()
        return 1
    except TaflError as exc:
        print(f"tafl: Fehler: {exc}", file=sys.stderr)
        return 2
    except ValueError:  # not the engine's refusal: its text would be Python's English
        print(
            "tafl: Fehler: die Eingabe ließ sich nicht verarbeiten (interner Fehler, bitte melden)",
            file=sys.stderr,
        )
        return 2
    except OSError as exc:
        print(f"tafl: Fehler: {os_message(exc)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
