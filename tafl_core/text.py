"""Input hygiene shared by every parser: length limits, ASCII numbers, short quotes."""

from __future__ import annotations

from .errors import InputTooLongError, TaflError

#: Longest inputs the parsers accept (characters), checked before any pattern runs.
MAX_MOVE = 40  # 'd10 - d12' with some room for spaces
MAX_SQUARE = 12
MAX_NUMBER = 6
MAX_GRID = 20_000  # a 19×19 grid with labels is under 1,000 characters
MAX_BLOCK = 100_000
MAX_LINE = 2_000  # one line of an example block
MAX_OTN_RULES = 20_000
MAX_OTN_POSITION = 2_000
MAX_OTN_MOVE = 200

DIGITS = frozenset("0123456789")


def check_length(
    text: str, limit: int, what: str, error: type[TaflError] = InputTooLongError
) -> None:
    """Raise `error` when text is longer than limit (what: German noun phrase)."""
    if len(text) > limit:
        raise error(
            f"{what} ist zu lang ({_thousands(len(text))} Zeichen, höchstens {_thousands(limit)})"
        )


def is_number(text: str) -> bool:
    """Whether text is a non-empty run of ASCII digits (no other script's digits, no sign)."""
    return bool(text) and len(text) <= MAX_NUMBER and all(ch in DIGITS for ch in text)


def short(text: str, limit: int = 40) -> str:
    """text cut to limit characters for quoting in a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _thousands(number: int) -> str:
    """A number with German thousands separators, e.g. '20.000'."""
    return f"{number:_}".replace("_", ".")
