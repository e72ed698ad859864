"""Perft: count the leaf positions of the move tree to a given depth (bulk-counted)."""

from __future__ import annotations

from .board import Board


def perft(board: Board, depth: int) -> int:
    """Number of step sequences of length `depth` from the board's position.

    Each step of a berserker chain counts as one ply, and while a chain is open
    ending the turn counts as one more choice. Finished games have no children.
    """
    if depth <= 0:
        return 1
    if board.outcome is not None:
        return 0
    if depth == 1 and not board.berserker_open:
        return board.count_moves()
    total = 0
    for move in board.legal_moves():
        board.push_unchecked(move)
        total += perft(board, depth - 1)
        board.pop()
    if board.berserker_open:
        board.end_turn()
        total += perft(board, depth - 1)
        board.pop()
    return total
