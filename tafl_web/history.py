"""What a board session remembers of the game: its turns and their texts.

A `Turn` is one turn of the move list (the side, the position before it, the engine's
`TurnRecord`); `MoveList` words the turns for the page, `numbered_pairs` numbers them as
OTN does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tafl_core import Board, Move, Position, Side
from tafl_core.errors import TaflError
from tafl_core.geometry import Geometry
from tafl_core.pieces import side_from_word
from tafl_core.text import short
from tafl_core.turns import TurnRecord, turn_label
from tafl_core.wording import events
from tafl_core.wording.turns import move_numbers, next_move_number, numbered_turn


@dataclass
class Turn:
    """One turn of the move list: the side, the position before it and what it did."""

    side: Side
    before: Position
    record: TurnRecord = field(default_factory=TurnRecord)

    @property
    def moves(self) -> list[Move]:
        """The steps of the turn (several in a berserker chain)."""
        return self.record.moves


class SessionError(TaflError):
    """A request the board cannot follow (an unknown side or piece letter), in German."""


def side_named(word: str) -> Side:
    """The side a word names: 'attackers'/'defenders' or the German 'Angreifer'/'Verteidiger'."""
    side = side_from_word(word) if len(word) < 20 else None
    if side is None:
        raise SessionError(
            f"unbekannte Seite '{short(word)}' (erwartet Angreifer oder Verteidiger)"
        )
    return side


def outcome_text(board: Board) -> str:
    """The ending in reader German, e.g. 'Verteidiger gewinnen durch Randfestung'."""
    return "" if board.outcome is None else events.outcome_by(board.outcome)


def numbered_pairs(turns: list[tuple[Side, str]]) -> list[str]:
    """Turn texts numbered as OTN numbers them (`wording.turns.move_numbers`): a line per
    pair of turns, the attackers' first ("1. d1-d3 e4-e2"); a pair the defenders open
    starts "N. ... "."""
    lines: list[list[str]] = []
    numbers = move_numbers([side for side, _ in turns])
    for (side, text), number in zip(turns, numbers, strict=True):
        if len(lines) < number:
            lines.append([f"{number}."] + (["..."] if side is Side.DEFENDERS else []))
        lines[-1].append(text)
    return [" ".join(line) for line in lines]


class MoveList:
    """The turns played in the site's notation ('1. Angreifer: d2-d5', '1. Verteidiger: …',
    numbered in pairs as the move list is), kept between views.

    Turns change only at the end (a step, a chain step, an undo) or all at once (a restart
    makes new turns): from the end, what still belongs to the same turn with the same
    number of steps is kept, so a step costs the same however long the game is.
    """

    def __init__(self) -> None:
        self._lines: list[tuple[Turn, int, int, str]] = []  # turn, steps, number, text

    def lines(self, turns: list[Turn], geo: Geometry) -> list[str]:
        """The line of every turn."""
        cached = self._lines
        keep = min(len(cached), len(turns))
        while keep and (
            cached[keep - 1][0] is not turns[keep - 1]
            or cached[keep - 1][1] != len(turns[keep - 1].moves)
        ):
            keep -= 1
        del cached[keep:]
        number = cached[-1][2] if cached else 0
        for t in turns[keep:]:
            number = next_move_number(number, t.side)
            text = numbered_turn(number, t.side, turn_label(t.moves, geo))
            cached.append((t, len(t.moves), number, text))
        return [text for _, _, _, text in cached]
