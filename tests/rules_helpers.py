"""Helpers for the rule tests: boards from small ASCII grids under a variant's rules.

A grid may be smaller than the variant's board: the rule set is the variant's, with
only the board size changed (every rule in this engine is read from parameters, and
the throne is always the centre square), so a 7×7 Copenhagen board has its throne on
d4 and its corners on a1, g1, a7, g7.
"""

from __future__ import annotations

from dataclasses import replace

from tafl_core import Board, MoveError, Position, Side, parse_ascii, variant

ATT = Side.ATTACKERS
DEF = Side.DEFENDERS


def make(slug: str, grid: str, turn: Side = ATT) -> Board:
    """A board with `slug`'s rules on the position `grid` (any odd size), `turn` to move."""
    pos = parse_ascii(grid, turn=turn)
    rules = replace(variant(slug).rules, size=pos.size)
    return Board(rules, pos)


def grid_pieces(grid: str) -> dict[int, object]:
    """The pieces of a grid, by square."""
    return parse_ascii(grid).pieces()


def names(board: Board, squares: list[int]) -> set[str]:
    """Square names of a list of squares."""
    return {board.name(s) for s in squares}


def play(board: Board, *moves: str) -> None:
    """Play several steps given as text."""
    for m in moves:
        board.push_text(m)


def reason_of(board: Board, move: str) -> str:
    """The MoveError reason class of an illegal move (fails when the move is legal)."""
    try:
        board.parse_move(move)
    except MoveError as exc:
        return exc.reason
    raise AssertionError(f"{move} should be illegal")


def assert_position(board: Board, grid: str) -> None:
    """The board's pieces equal the pieces of `grid`."""
    expected: Position = parse_ascii(grid)
    assert board.position().pieces() == expected.pieces(), (
        "\n" + board.position().to_ascii() + "\n!=\n" + expected.to_ascii()
    )
