"""The board's editor: set up a position piece by piece, then play from it."""

from __future__ import annotations

from typing import Any

from tafl_core.errors import TaflError
from tafl_core.judge import pieces_allowed
from tafl_core.pieces import LETTER_TO_PIECE
from tafl_core.text import short

from .history import SessionError, side_named
from .modes import action
from .state import SessionState


class EditorActions(SessionState):
    """The editing actions ('Aufstellen', placing pieces, the side to move, 'Leeren')."""

    _palette: list[dict[str, str]] | None = None

    def palette(self) -> list[dict[str, str]]:
        """The pieces the editing mode offers for this variant (grid letter, German name):
        those a given position may hold (`judge.pieces_allowed`: every piece its rules give
        meaning to and every piece in play), worked out once: the variant does not change."""
        if self._palette is None:
            self._palette = [
                {"letter": piece.letter, "name": piece.german}
                for piece in pieces_allowed(self.variant)
            ]
        return [dict(entry) for entry in self._palette]

    def note(self) -> str:
        """A note for variants without a sourced setup."""
        if self.variant.has_setup:
            return ""
        return (
            f"Für {self.variant.name} ist keine Startaufstellung belegt. Das Brett beginnt "
            "leer im Aufstellmodus: Figuren setzen, Seite am Zug wählen, dann spielen."
        )

    @action
    def set_editing(self, on: bool) -> dict[str, Any]:
        """Switch the editing mode; leaving it starts play from the edited position."""
        if on:
            if not self.editing:
                self.start = self.board.position()
                self.start.chain = -1
            self.editing = True
            self._restart()
            self.message = "Aufstellen: Figur wählen und auf ein Feld tippen."
            return self.view()
        self.editing = False
        try:
            self._restart()
        except TaflError as exc:  # the engine judges the built position: say why not
            self.editing = True
            self.message = f"So kann nicht gespielt werden: {exc}."
            return self.view()
        self.message = f"Gespielt wird ab dieser Stellung. Am Zug: {self.board.turn.german}."
        return self.view()

    @action
    def place(self, square: str, letter: str) -> dict[str, Any]:
        """Editing: put the piece with grid letter `letter` on `square` ('.' removes)."""
        if not self.editing:
            self.set_editing(True)
        s = self._square(square)
        piece = None if letter in ("", ".") else LETTER_TO_PIECE.get(letter)
        if piece is None and letter not in ("", "."):
            allowed = " ".join(LETTER_TO_PIECE)
            raise SessionError(f"unbekannte Figur '{short(letter)}' (erlaubt: . {allowed})")
        self.start.set_piece(s, piece)
        name = self._name(s)
        self.message = f"{piece.german} auf {name}." if piece else f"{name} ist jetzt leer."
        return self.view()

    @action
    def set_turn(self, side: str) -> dict[str, Any]:
        """Editing: set the side to move ('attackers' or 'defenders')."""
        if not self.editing:
            self.set_editing(True)
        self.start.turn = side_named(side)
        self.message = f"Am Zug: {self.start.turn.german}."
        return self.view()

    @action
    def clear(self) -> dict[str, Any]:
        """Editing: empty the board."""
        turn = self._pos().turn
        self.editing = True
        self.start = self.variant.empty(turn)
        self._restart()
        self.message = "Das Brett ist leer."
        return self.view()
