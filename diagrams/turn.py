"""One played turn in the form position_svg draws it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tafl_core import Board, Move, Piece
from tafl_core.turns import play_turn as play_engine_turn


@dataclass(frozen=True)
class Turn:
    """The steps of one turn and what they did: captures (with the pieces) and flips."""

    moves: tuple[Move, ...] = ()
    captured: tuple[int, ...] = ()
    flipped: tuple[int, ...] = ()
    captured_pieces: dict[int, Piece] = field(default_factory=dict)

    def svg_options(self) -> dict[str, Any]:
        """Keyword arguments for position_svg that draw this turn."""
        return {
            "moves": self.moves,
            "captured": self.captured,
            "flipped": self.flipped,
            "captured_pieces": self.captured_pieces,
        }


def play_turn(board: Board, steps: Sequence[str | Move], *, end: bool = True) -> Turn:
    """Play one turn with tafl_core.turns.play_turn and return it ready for drawing."""
    record = play_engine_turn(board, steps, end=end)
    return Turn(
        tuple(record.moves),
        tuple(record.captured),
        tuple(record.flipped),
        dict(record.captured_pieces),
    )
