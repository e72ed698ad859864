"""Immediate wins and immediate threats: the guarantee of levels 2 to 5.

Before any search the first turns are sorted into those that win at once, those after
which the opponent has no winning turn ("safe") and the rest. The checks reuse the
solver's sound filters (`solver.threats`), which name the first step of every turn that
could win at once; where no such argument is at hand (an open berserker chain, a
repetition that could end the game with the next step) every turn is played on the board,
which alone decides endings.
"""

from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass, field

from ..board import Board
from ..pieces import Side
from ..rules import Repetition
from ..solver import threats
from ..solver.expand import some_turn_wins, won
from ..solver.expand import turns as expand_turns
from .turns import Turn, play, undo


def filters_sound(board: Board) -> bool:
    """Whether `threats.candidates` may be trusted on this board.

    The filter knows every ending but a repetition. A single step ends the game by
    repetition only if it recreates a position already seen twice, so the filter is
    sound when the variant ignores repetition or no position has occurred twice yet.
    """
    if board.rules.repetition is Repetition.NONE:
        return True
    return max(board._seen.values(), default=0) < 2


def wins_now(board: Board) -> bool:
    """Whether the side to move has a turn that wins the game at once."""
    if board.outcome is not None:
        return False
    side = board.turn
    if side is Side.DEFENDERS and threats.escapes_now(board):
        return True
    steps = threats.candidates(board) if filters_sound(board) else None
    if steps is None:
        with closing(expand_turns(board)) as each:
            return any(won(board, side) for _ in each)
    return some_turn_wins(board, steps, side)


@dataclass
class RootCheck:
    """The first turns sorted by what they do at once.

    `wins`: turns that win the game. `safe` (only filled when nothing wins): turns after
    which the game is not lost at once and the opponent has no winning turn; a turn that
    ends the game in a draw is safe. `turns`: every turn.
    """

    turns: list[Turn]
    wins: list[Turn] = field(default_factory=list)
    safe: list[Turn] = field(default_factory=list)


def check_root(board: Board, turns: list[Turn]) -> RootCheck:
    """Play every first turn and look one turn ahead for wins of either side.

    When a turn wins at once the answer stops there: `wins` lists every winning turn
    and `safe` is left empty (nothing else needs checking).
    """
    side = board.turn
    result = RootCheck(turns)
    ends: list[Turn] = []
    for turn in turns:
        mark = play(board, turn)
        outcome = board.outcome
        undo(board, mark)
        if outcome is None:
            continue
        if outcome.winner is side:
            result.wins.append(turn)
        elif outcome.winner is None:
            ends.append(turn)
    if result.wins:
        return result
    for turn in turns:
        mark = play(board, turn)
        try:
            if board.outcome is None and not wins_now(board):
                result.safe.append(turn)
        finally:
            undo(board, mark)
    result.safe += [t for t in ends if t not in result.safe]
    return result
