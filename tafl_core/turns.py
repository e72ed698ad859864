"""Playing one turn (one step, or a berserker chain) and recording what it did."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .board import Board
from .moves import Move
from .pieces import Piece


@dataclass
class TurnRecord:
    """The steps of one turn with their captures (and the pieces taken) and flips."""

    moves: list[Move] = field(default_factory=list)
    captured: list[int] = field(default_factory=list)
    flipped: list[int] = field(default_factory=list)
    captured_pieces: dict[int, Piece] = field(default_factory=dict)

    def step(self, board: Board, step: str | Move) -> Move:
        """Check and play one step on board (MoveError says why it is illegal); record it."""
        before = board.pos.copy()
        if isinstance(step, str):
            move = board.push_text(step)
        else:
            board.push(step)
            move = board.moves[-1]
        self.moves.append(move)
        for s in board.captured:
            piece = before.piece_at(s)
            if piece is not None:
                self.captured_pieces[s] = piece
            if s not in self.captured:
                self.captured.append(s)
        self.flipped += [s for s in board.flipped if s not in self.flipped]
        return move


def play_turn(board: Board, steps: Sequence[str | Move], *, end: bool = True) -> TurnRecord:
    """Play the steps of one turn; with `end`, an open berserker chain is ended afterwards."""
    if not steps:
        raise ValueError("ein Zug braucht mindestens einen Schritt")
    record = TurnRecord()
    for step in steps:
        record.step(board, step)
    if end and board.berserker_open:
        board.end_turn()
    return record
