"""Playing one turn on a Board and collecting what a diagram of it needs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tafl_core import Board, Move, Piece


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
    """Play the steps of one turn (several: a berserker chain) and record their effects.

    Steps are checked by the engine (MoveError says why one is illegal). With `end`,
    a berserker chain that could still continue is ended, so the other side is to move.
    """
    if not steps:
        raise ValueError("ein Zug braucht mindestens einen Schritt")
    moves: list[Move] = []
    captured: list[int] = []
    flipped: list[int] = []
    ghosts: dict[int, Piece] = {}
    for step in steps:
        before = board.position()
        if isinstance(step, str):
            moves.append(board.push_text(step))
        else:
            board.push(step)
            moves.append(board.moves[-1])
        for s in board.captured:
            piece = before.piece_at(s)
            if piece is not None:
                ghosts[s] = piece
            if s not in captured:
                captured.append(s)
        flipped += [s for s in board.flipped if s not in flipped]
    if end and board.berserker_open:
        board.end_turn()
    return Turn(tuple(moves), tuple(captured), tuple(flipped), ghosts)
