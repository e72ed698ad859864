"""The documented example on the board: 'Beispiel abspielen', and following it by hand."""

from __future__ import annotations

from typing import Any

from tafl_core import MoveError
from tafl_core.moves import parse_move_text
from tafl_core.text import short
from tafl_core.turns import play_turn

from .history import Turn
from .modes import action
from .state import SessionState


class ExampleActions(SessionState):
    """The example's turns (self.documented): played one by one, or followed by taps."""

    def _documented_steps(self, index: int) -> list[tuple[int, int]]:
        """The steps of documented turn `index` as (from, to) squares; [] if unreadable."""
        geo = self._pos().geo
        steps = []
        for text in self.documented[index]:
            try:
                frm, to, _ = parse_move_text(text, geo)
            except MoveError:
                return []
            steps.append((frm, to))
        return steps

    def _next_documented_step(self) -> tuple[str, str] | None:
        """The first step of the example's next turn, while the board follows the example."""
        if self.played_documented != len(self.turns):
            return None
        if self.played_documented >= len(self.documented):
            return None
        steps = self._documented_steps(self.played_documented)
        if not steps:
            return None
        return self._name(steps[0][0]), self._name(steps[0][1])

    def _own_turns(self) -> int:
        """How many turns the reader played beyond the example's (play_next drops them)."""
        return len(self.turns) - self.played_documented

    def replay_question(self) -> str:
        """What "Beispiel abspielen" would throw away, as a question; "" when nothing."""
        own = self._own_turns()
        if self.editing or not self.documented or own <= 0:
            return ""
        lost = (
            "der selbst gespielte Zug geht"
            if own == 1
            else f"die {own} selbst gespielten Züge gehen"
        )
        return (
            "„Beispiel abspielen“ beginnt wieder bei der Stellung des Beispiels; "
            f"{lost} dabei verloren. Trotzdem abspielen?"
        )

    def _follow_example(self, turn: Turn) -> None:
        """A turn tapped by hand that is the example's next turn counts as played from it."""
        index = self.played_documented
        if index != len(self.turns) - 1 or index >= len(self.documented):
            return
        if [(m.frm, m.to) for m in turn.moves] == self._documented_steps(index):
            self.played_documented += 1

    @action
    def play_next(self) -> dict[str, Any]:
        """Play the next documented turn of the example ('Beispiel abspielen').

        The turn is played by the engine's turn function, as the example itself; a step the
        rules refuse ends it (the steps before stay played) and the message says why. Only
        the example's last turn keeps an open berserker chain open.
        """
        if self._own_turns() > 0:  # the page asked first (replay_question)
            self._restart()
        if self.played_documented >= len(self.documented):
            self.message = "Alle Züge des Beispiels sind gespielt."
            return self.view()
        steps = self.documented[self.played_documented]
        self.played_documented += 1
        last = self.played_documented == len(self.documented)
        board = self.board
        turn = Turn(board.turn, board.position())
        refused: MoveError | None = None
        try:
            play_turn(board, steps, end=not last, record=turn.record)
        except MoveError as exc:  # the steps before the refused one stay in the record
            refused = exc
            if board.berserker_open and not last:
                board.end_turn()
        messages = []
        if turn.moves:
            self.turns.append(turn)
            messages.append(self._describe(turn.record, turn.side))
        if refused is not None:
            step = steps[len(turn.moves)]
            messages.append(f"Nicht erlaubt: {short(step)} – {refused.why}.")
        self.selected = board.pos.chain if board.berserker_open else None
        self.message = " ".join(messages)
        return self.view()
