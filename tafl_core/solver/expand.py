"""The turns of the side to move, played one after the other on a board.

A turn is one step, or a berserker chain: after a step that captures (or flips) with a
continuation open, the same piece may go on (every continuation is a further choice) or
the turn ends there (`Board.end_turn`). The solver sees each of these as a turn of its own,
exactly as `tafl_core.turns.play_turn` would play it.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from contextlib import closing
from dataclasses import dataclass, field

from ..board import Board
from ..moves import Move
from ..pieces import Side
from ..turns import turn_text


@dataclass
class Played:
    """One turn as it is being played: its steps and what they captured or flipped."""

    steps: list[Move] = field(default_factory=list)
    captured: list[int] = field(default_factory=list)
    flipped: list[int] = field(default_factory=list)

    def text(self, board: Board) -> str:
        """The turn in the notation of `tafl play`: steps comma-joined."""
        return turn_text(self.steps, board.pos.geo)


def turns(board: Board) -> Generator[Played]:
    """Every turn of the side to move; while a turn is yielded the board stands after it.

    The caller must leave the board as it found it before asking for the next turn (it may
    push and pop in between). A chain open at the start is continued or ended like one
    opened during the turn.
    """
    played = Played()
    if board.outcome is not None:
        return
    if board.berserker_open:
        yield from _chain(board, played)
        return
    for move in board.legal_moves():
        yield from _step(board, move, played)


def _step(board: Board, move: Move, played: Played) -> Generator[Played]:
    """Play `move`, yield every turn it starts or continues, and take it back."""
    board.push_unchecked(move)
    played.steps.append(move)
    n_cap, n_flip = len(played.captured), len(played.flipped)
    played.captured += board.captured
    played.flipped += board.flipped
    try:
        if board.berserker_open:
            yield from _chain(board, played)
        else:
            yield played
    finally:
        del played.captured[n_cap:]
        del played.flipped[n_flip:]
        played.steps.pop()
        board.pop()


def _chain(board: Board, played: Played) -> Generator[Played]:
    """With a chain open: end the turn here, or go on with each continuation."""
    board.end_turn()
    try:
        yield played
    finally:
        board.pop()
    for move in board.legal_moves():
        yield from _step(board, move, played)


def some_turn_wins(board: Board, first: Iterable[Move], side: Side) -> bool:
    """Whether a turn that begins with one of the steps `first` ends the game at once with
    `side` the winner (under the berserker rule every chain a step opens is followed)."""
    for move in first:
        if board.rules.berserker:
            with closing(_step(board, move, Played())) as each:
                if any(won(board, side) for _ in each):
                    return True
            continue
        board.push_unchecked(move)
        done = won(board, side)
        board.pop()
        if done:
            return True
    return False


def won(board: Board, side: Side) -> bool:
    """Whether the game on the board has ended with `side` the winner."""
    outcome = board.outcome
    return outcome is not None and outcome.winner is side
