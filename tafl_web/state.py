"""What every board session holds: the variant, the position, selection and turns.

The actions live in the classes built on it: the core play and view in `session.py`, the
editor's in `editor.py`, the documented example's in `example.py`; which of them a board
may call is decided by its mode (`modes.py`).
"""

from __future__ import annotations

from typing import Any

from tafl_core import Board, Position, Side, parse_ascii, variant
from tafl_core.turns import TurnRecord
from tafl_core.variants import Variant
from tafl_core.wording.turns import turn_status

from .history import Turn, side_named
from .modes import EDITOR, PLAY, Mode


class SessionState:
    """The state of one board: position or game, selection, turns, message."""

    def __init__(
        self,
        slug: str,
        grid: str | None = None,
        turn: str | None = None,
        turns: list[list[str]] | None = None,
        editing: bool = False,
        prefix: str = "live",
    ) -> None:
        self.prefix = prefix
        self.variant: Variant = variant(slug)
        rules = self.variant.rules
        side = side_named(turn) if turn else rules.first
        if grid:
            self.start = parse_ascii(grid, rules.size, side)
        elif self.variant.has_setup:
            self.start = self.variant.start()
            self.start.turn = side
        else:
            self.start = self.variant.empty(side)
            editing = True
        #: the example's turns, each a list of step texts ('Beispiel abspielen')
        self.documented = [list(t) for t in (turns or [])]
        self.editing = editing
        self._restart()

    @property
    def mode(self) -> Mode:
        """The mode the board is in: it decides which actions apply (see modes.py)."""
        return EDITOR if self.editing else PLAY

    def _restart(self) -> None:
        """Start over from self.start; a board (which judges the position) only for play.

        While editing, the position may still be impossible (no king yet): it is kept as a
        plain position and judged when play starts (set_editing(False)).
        """
        if not self.editing:
            self.board = Board(self.variant, self.start)
        self.turns: list[Turn] = []
        self.selected: int | None = None
        self.played_documented = 0
        self.message = ""

    def _pos(self) -> Position:
        """The position shown: the edited one while editing, else the board's."""
        return self.start if self.editing else self.board.pos

    def _name(self, s: int) -> str:
        return self._pos().geo.name(s)

    def _square(self, text: str) -> int:
        return self._pos().geo.parse(text)

    def _describe(self, record: TurnRecord, mover: Side, *, explain: bool = False) -> str:
        """The announcement of steps of one turn (what they captured and flipped) in German.

        With `explain` (the replay of a recorded game) each capture says how the piece was
        taken and the ending what ended the game.
        """
        board = self.board
        parts = [turn_status(mover, record, self._pos().geo, board.outcome, explain=explain)]
        # after the end of the game the report ends with it; else who moves next
        if board.outcome is None and board.berserker_open:
            parts.append("Berserker: dieselbe Figur darf weiterschlagen.")
        elif board.outcome is None:
            parts.append(f"Am Zug: {board.turn.german}.")
        return " ".join(parts)

    def view(self) -> dict[str, Any]:
        """Everything the page shows: made by `Session` (this class only holds the state
        its rooms share; it is never used alone)."""
        raise NotImplementedError
