"""Playing one turn (one step, or a berserker chain) and recording what it did."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .board import Board
from .errors import MoveError
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
    """Play the steps of one turn; with `end`, an open berserker chain is ended afterwards.

    Every step after the first must continue an open berserker chain of the same piece
    (MoveError with reason 'berserker' otherwise); without the berserker rule a turn
    has exactly one step.
    """
    if not steps:
        raise MoveError("ein Zug braucht mindestens einen Schritt")
    record = TurnRecord()
    for index, step in enumerate(steps):
        if index and not board.berserker_open:
            raise MoveError(_no_chain(board, steps[index - 1], step), "berserker")
        record.step(board, step)
    if end and board.berserker_open:
        board.end_turn()
    return record


def _no_chain(board: Board, before: str | Move, step: str | Move) -> str:
    """Why `step` cannot follow `before` in the same turn."""

    def text(s: str | Move) -> str:
        return s if isinstance(s, str) else board.move_text(s)

    if not board.rules.berserker:
        return (
            f"Schritt '{text(step)}': ohne Berserker-Regel besteht ein Zug aus genau einem "
            "Schritt; weitere Züge als eigene Angaben schreiben, nicht mit Komma"
        )
    return (
        f"Schritt '{text(step)}': nach '{text(before)}' ist kein Berserker-Lauf offen, "
        "der Zug ist schon zu Ende"
    )
