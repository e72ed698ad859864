"""argparse in German: help, usage and error texts, and parsers that mix options and moves."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from tafl_core.text import short

#: argparse's own messages (Python 3.11 to 3.13) and their German form; %-placeholders
#: keep their order. Nested messages ('argument X: …') are translated inside out.
_MESSAGES = (
    ("argument %(argument_name)s: %(message)s", "Argument {0}: {1}"),
    ("the following arguments are required: %s", "es fehlt: {0}"),
    ("unrecognized arguments: %s", "unbekannte Angaben: {0}"),
    ("invalid %(type)s value: %(value)r", "ungültiger Wert {1}"),
    ("invalid choice: %(value)r (choose from %(choices)s)", "unbekannt: {0} (möglich: {1})"),
    ("ambiguous option: %(option)s could match %(matches)s", "mehrdeutig: {0} passt zu {1}"),
    ("expected one argument", "hier fehlt ein Wert"),
    ("expected at most one argument", "höchstens ein Wert erlaubt"),
    ("expected at least one argument", "mindestens ein Wert nötig"),
    ("not allowed with argument %s", "nicht zusammen mit {0} erlaubt"),
    ("one of the arguments %s is required", "eine dieser Angaben ist nötig: {0}"),
    ("ignored explicit argument %r", "überzähliger Wert {0}"),
    ("unexpected option string: %s", "unerwartete Option: {0}"),
)


def _pattern(template: str) -> re.Pattern[str]:
    """A regex for an argparse message template (each placeholder becomes a group)."""
    parts = re.split(r"%(?:\([a-z_]+\))?[sr]", template)
    return re.compile("(.*?)".join(re.escape(p) for p in parts) + r"\Z", re.DOTALL)


_COMPILED = tuple((_pattern(en), de) for en, de in _MESSAGES)


def german_message(message: str, inner: bool = False) -> str:
    """argparse's English error message in German (unknown messages pass unchanged).

    What argparse quotes from the command line (an `inner` part that is no message of its
    own) is cut to a short excerpt, so a long argument is not echoed whole.
    """
    for pattern, german in _COMPILED:
        m = pattern.match(message)
        if m:
            return german.format(*(german_message(g, inner=True) for g in m.groups()))
    return short(message, 100) if inner else message


class GermanHelpFormatter(argparse.HelpFormatter):
    """Help with a German usage prefix."""

    def add_usage(
        self,
        usage: str | None,
        actions: Any,
        groups: Any,
        prefix: str | None = None,
    ) -> None:
        """Usage line starting with 'Aufruf: '."""
        super().add_usage(usage, actions, groups, "Aufruf: " if prefix is None else prefix)


class GermanRawHelpFormatter(GermanHelpFormatter, argparse.RawDescriptionHelpFormatter):
    """German help that keeps the line breaks of description and epilog."""


class GermanParser(argparse.ArgumentParser):
    """An ArgumentParser whose own words (help, group titles, errors) are German."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", GermanHelpFormatter)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = "Argumente"
        self._optionals.title = "Optionen"
        self.add_argument(
            "-h", "--help", action="help", default=argparse.SUPPRESS, help="diese Hilfe zeigen"
        )

    def error(self, message: str) -> NoReturn:
        """Usage, then one German error line; exit status 2."""
        self.print_usage(sys.stderr)
        self.exit(
            2,
            f"{self.prog}: Fehler: {german_message(message)} (Hilfe: {self.prog} --help)\n",
        )


#: Options left out of the empty-value check: free texts that may be empty (a title, an
#: address) and options whose command says more about an empty value (--move).
FREE_TEXT_OPTIONS = frozenset({"--title", "--address", "--adresse", "--move"})

#: The long options' former German spellings, still read (hidden from --help): every
#: option name of `tafl` is English, as the subcommands and the JSON keys; see the README,
#: "Die Kommandozeile", and notes/architecture.md.
OLD_SPELLINGS: dict[str, str] = {
    "--goal": "--ziel",
    "--refutations": "--widerlegungen",
    "--time": "--zeit",
    "--number": "--nummer",
    "--list": "--liste",
    "--address": "--adresse",
    "--exercises": "--aufgaben",
    "--proofs": "--beweise",
}


def add_option(parser: argparse.ArgumentParser, name: str, **kwargs: Any) -> None:
    """Add the long option `name` (English) and, hidden, its former German spelling.

    Both fill the same value; only `name` shows in --help and in messages.
    """
    action = parser.add_argument(name, **kwargs)
    old = OLD_SPELLINGS.get(name)
    if old is None:
        return
    alias = {k: v for k, v in kwargs.items() if k in ("type", "action", "choices")}
    parser.add_argument(
        old, dest=action.dest, help=argparse.SUPPRESS, default=argparse.SUPPRESS, **alias
    )


class IntermixedParser(GermanParser):
    """Subcommand parser: `tafl play tyr-11 --position F d3-d5` works like the ordered form."""

    _inside = False

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Parse with parse_known_intermixed_args (guarded against its inner recursion)."""
        if self._inside:
            return super().parse_known_args(args, namespace)
        if self.usage is None:
            # argparse's intermixed parsing cuts an English 'usage: ' (7 characters) off
            self.usage = self.format_usage().removeprefix("Aufruf: ").rstrip("\n")
        self._inside = True
        try:
            parsed, extra = self.parse_known_intermixed_args(args, namespace)
        finally:
            self._inside = False
        self._refuse_empty(parsed)
        return parsed, extra

    def _refuse_empty(self, parsed: argparse.Namespace) -> None:
        """An option given with an empty value (`--turn ''`) is an error, not 'not given'.

        Free texts (FREE_TEXT_OPTIONS) may be empty.
        """
        for action in self._actions:
            names = set(action.option_strings)
            if not names or names & FREE_TEXT_OPTIONS:
                continue
            value = getattr(parsed, action.dest, None)
            if isinstance(value, str) and not value.strip():
                self.error(f"{action.option_strings[-1]}: der Wert ist leer")


def whole_number(low: int, high: int) -> Any:
    """An argparse type: a whole number of ASCII digits from low to high."""

    def parse(text: str) -> int:
        value = text.strip()
        if not value or len(value) > 6 or not all(ch in "0123456789" for ch in value):
            raise argparse.ArgumentTypeError(
                f"'{value[:20]}' ist keine ganze Zahl aus den Ziffern 0 bis 9"
            )
        number = int(value)
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(f"erlaubt sind {low} bis {high}, nicht {number}")
        return number

    return parse


def decimal(low: float, high: float) -> Any:
    """An argparse type: a decimal number like 2, 1.5 or 1,5 from low to high."""
    shape = re.compile(r"[0-9]{1,4}(?:[.,][0-9]{1,4})?")

    def words(x: float) -> str:
        return f"{x:g}".replace(".", ",")

    def parse(text: str) -> float:
        value = text.strip()
        if not shape.fullmatch(value):
            raise argparse.ArgumentTypeError(
                f"'{value[:20]}' ist keine Zahl wie 2 oder 1,5 (erlaubt: {words(low)} "
                f"bis {words(high)})"
            )
        number = float(value.replace(",", "."))
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(
                f"erlaubt sind {words(low)} bis {words(high)}, nicht {value}"
            )
        return number

    return parse
