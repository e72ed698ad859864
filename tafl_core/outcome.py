"""How a game ended: the winner (None for a draw) and the reason."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from .pieces import Side
from .wording import events


class Reason(Enum):
    """Reasons a game ends; the values are the German terms used on the site."""

    ESCAPE = "Flucht"
    EDGE_FORT = "Randfestung"
    KING_CAPTURED = "Königsfang"
    ENCIRCLEMENT = "Umzingelung"
    REPETITION = "Zugwiederholung"
    NO_MOVES = "Zugunfähigkeit"

    @property
    def code(self) -> str:
        """English code of the reason, as in the command line's JSON (e.g. 'edge-fort')."""
        return _CODES[self]


_CODES = {
    Reason.ESCAPE: "escape",
    Reason.EDGE_FORT: "edge-fort",
    Reason.KING_CAPTURED: "king-captured",
    Reason.ENCIRCLEMENT: "encirclement",
    Reason.REPETITION: "repetition",
    Reason.NO_MOVES: "no-moves",
}


class Outcome(NamedTuple):
    """Winner and reason of a finished game."""

    winner: Side | None
    reason: Reason

    def german(self) -> str:
        """German sentence such as 'Verteidiger gewinnen (Flucht)' (made in wording.events)."""
        return events.outcome_text(self)
