"""Entry point of the `tafl` command: builds the parser from the subcommand modules."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from tafl_core.errors import TaflError

from .files import os_message
from .parsing import GermanParser, IntermixedParser

#: Modules that each define register(subparsers); each must import (a missing one is an error).
COMMAND_MODULES = (
    "tafl_cli.engine_cmds",
    "tafl_cli.render_cmd",
    "tafl_cli.check_cmd",
    "tafl_cli.otn_cmd",
    "tafl_cli.sheet_cmd",
    "tafl_cli.solve_cmd",
    "tafl_cli.suggest_cmd",
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
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
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
