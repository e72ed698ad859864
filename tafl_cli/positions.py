"""Reading a position argument: a file with an ASCII grid (or '-' for standard input)."""

from __future__ import annotations

import sys
from pathlib import Path

from tafl_core import Position, Side, Variant, parse_ascii
from tafl_core.errors import PositionError

SIDE_WORDS = {
    "angreifer": Side.ATTACKERS,
    "attackers": Side.ATTACKERS,
    "a": Side.ATTACKERS,
    "verteidiger": Side.DEFENDERS,
    "defenders": Side.DEFENDERS,
    "v": Side.DEFENDERS,
}


def parse_side(text: str) -> Side:
    """A side from a word such as 'Angreifer' or 'verteidiger'."""
    side = SIDE_WORDS.get(text.strip().lower())
    if side is None:
        raise ValueError(f"unbekannte Seite '{text}' (erwartet Angreifer oder Verteidiger)")
    return side


def load_position(source: str, variant: Variant, turn: Side | None) -> Position:
    """The position in file `source` ('-' = stdin): an ASCII grid or an OTN position record.

    A file whose content, stripped, starts with '/' is read as an OTN record (rank 1
    first). Errors name the file (and the line of a grid).
    """
    if source == "-":
        text, origin = sys.stdin.read(), "<stdin>"
    else:
        path = Path(source)
        text, origin = path.read_text(encoding="utf-8"), str(path)
    side = turn or variant.rules.first
    if text.strip().startswith("/"):
        from tafl_core.otn import OtnError, parse_position

        try:
            pos = parse_position(text, side)
        except OtnError as exc:
            raise OtnError(f"{origin}: {exc}") from None
        n = variant.rules.size
        if pos.size != n:
            raise PositionError(
                f"{origin}: die OTN-Stellung ist {pos.size}×{pos.size}, "
                f"{variant.name} verlangt {n}×{n}"
            )
        return pos
    try:
        return parse_ascii(text, variant.rules.size, side)
    except PositionError as exc:
        where = f"{origin}:{exc.line}" if exc.line else origin
        raise PositionError(f"{where}: {exc}", exc.line) from None


def start_or_given(args_position: str | None, variant: Variant, turn: Side | None) -> Position:
    """The given position, or the variant's start."""
    if args_position:
        return load_position(args_position, variant, turn)
    pos = variant.start()
    if turn is not None:
        pos.turn = turn
    return pos
