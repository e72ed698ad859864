"""Reading a position argument: a file with an ASCII grid (or '-' for standard input)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tafl_core import Position, Side, Variant, parse_ascii
from tafl_core.errors import PositionError
from tafl_core.pieces import side_from_word


def parse_side(text: str) -> Side:
    """A side from a word such as 'Angreifer' or 'verteidiger'."""
    side = side_from_word(text)
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


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments shared by commands that play moves: variant, moves, --position, --turn."""
    parser.add_argument("variant", help="Kürzel der Variante, z. B. copenhagen-11")
    parser.add_argument(
        "moves",
        nargs="*",
        help="Züge wie d4-d7; Schritte eines Berserker-Laufs mit Komma: d4-d6,d6-f6",
    )
    parser.add_argument(
        "--position",
        help="Datei mit einer ASCII- oder OTN-Stellung ('-' = Standardeingabe)",
    )
    parser.add_argument(
        "--turn", help="Seite am Zug in der gegebenen Stellung (Angreifer/Verteidiger)"
    )
