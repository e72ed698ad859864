"""Reading a position argument: a file with an ASCII grid (or '-' for standard input)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from tafl_core import Board, MoveError, Position, Side, Variant, parse_ascii
from tafl_core.errors import PositionError
from tafl_core.otn import OtnError, parse_position
from tafl_core.pieces import side_from_word
from tafl_core.text import short
from tafl_core.turns import TurnRecord, play_turn_text

from .errors import CliError
from .files import read_text, shown_path


def parse_side(text: str) -> Side:
    """A side from a word such as 'Angreifer' or 'verteidiger'."""
    side = side_from_word(text[:20])
    if side is None:
        raise CliError(
            f"--turn: unbekannte Seite '{short(text)}' (erwartet Angreifer oder Verteidiger)"
        )
    return side


def play_moves(board: Board, moves: Sequence[str]) -> list[tuple[Side, TurnRecord]]:
    """Play each argument as one turn (steps split at commas); errors name the turn."""
    played = []
    for number, text in enumerate(moves, 1):
        side = board.turn
        try:
            played.append((side, play_turn_text(board, text)))
        except MoveError as exc:
            raise exc.prefixed(f"Zug {number}: ") from None
    return played


def load_position(source: str, variant: Variant, turn: Side | None) -> Position:
    """The position in file `source` ('-' = stdin): an ASCII grid or an OTN position record.

    A file whose content, stripped, starts with '/' is read as an OTN record (rank 1
    first). Errors name the file (and the line of a grid).
    """
    text = read_text(source)
    origin = "<Standardeingabe>" if source == "-" else shown_path(source)
    side = turn or variant.rules.first
    if text.strip().startswith("/"):
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
    if args_position is not None:
        return load_position(args_position, variant, turn)
    pos = variant.start()
    if turn is not None:
        pos.turn = turn
    return pos


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments shared by commands that play moves: variant, moves, --position, --turn."""
    add_variant_argument(parser)
    parser.add_argument(
        "moves",
        nargs="*",
        default=[],
        metavar="ZUG",
        help="Züge wie d4-d7, einer je Angabe; die Schritte eines Berserker-Laufs mit Komma "
        "ohne Leerzeichen: d4-d6,d6-f6",
    )
    add_position_arguments(parser)


def add_variant_argument(parser: argparse.ArgumentParser, optional: bool = False) -> None:
    """The variant slug as first positional argument."""
    parser.add_argument(
        "variant",
        nargs="?" if optional else None,
        metavar="VARIANTE",
        help="Kürzel der Variante, z. B. copenhagen-11 (Liste: tafl variants)",
    )


def add_position_arguments(parser: argparse.ArgumentParser) -> None:
    """--position and --turn."""
    parser.add_argument(
        "--position",
        metavar="DATEI",
        help="Datei mit einer Stellung als Raster oder OTN-Datensatz ('-' = Standardeingabe); "
        "ohne: die Startaufstellung",
    )
    parser.add_argument(
        "--turn",
        metavar="SEITE",
        help="Seite am Zug: Angreifer oder Verteidiger (ohne: wer nach den Regeln beginnt)",
    )


def game_board(variant: Variant, source: str | None, turn_word: str | None) -> Board:
    """A board on the given position (or the start); an impossible position names the file."""
    turn = parse_side(turn_word) if turn_word is not None else None
    position = start_or_given(source, variant, turn)
    try:
        return Board(variant, position)
    except PositionError as exc:
        if source is None:
            raise
        origin = "<Standardeingabe>" if source == "-" else shown_path(source)
        raise PositionError(f"{origin}: {exc}") from None
