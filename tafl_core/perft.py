"""Perft: count the leaf positions of the move tree to a given depth (bulk-counted)."""

from __future__ import annotations

from .board import Board
from .errors import ArgumentError
from .typed import need_instance, need_int


def perft(board: Board, depth: int) -> int:
    """Number of step sequences of length `depth` from the board's position.

    Each step of a berserker chain counts as one ply, and while a chain is open
    ending the turn counts as one more choice. Finished games have no children.
    `depth` is a whole number from 0 (a float, a bool or a negative number raises
    ArgumentError).
    """
    need_instance(board, Board, "perft: das Brett", "ein Board")
    if need_int(depth, "perft: die Tiefe") < 0:
        raise ArgumentError(f"perft: die Tiefe muss 0 oder mehr sein, nicht {depth}")
    return _perft(board, depth)


def _perft(board: Board, depth: int) -> int:
    """perft without the argument checks (it calls itself once per node)."""
    if depth <= 0:
        return 1
    if board.outcome is not None:
        return 0
    if depth == 1 and not board.berserker_open:
        return board.count_moves()
    total = 0
    for move in board.legal_moves():
        board.push_unchecked(move)
        total += _perft(board, depth - 1)
        board.pop()
    if board.berserker_open:
        board.end_turn()
        total += _perft(board, depth - 1)
        board.pop()
    return total
