"""How a game ended: the winner (None for a draw) and the reason."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from .pieces import Side
from .wording import events


class Reason(Enum):
    """Reasons a game ends; the values are stable English codes (as in the command line's
    JSON, e.g. 'edge-fort'). The German words for readers come from `wording.events`."""

    ESCAPE = "escape"
    EDGE_FORT = "edge-fort"
    KING_CAPTURED = "king-captured"
    ENCIRCLEMENT = "encirclement"
    REPETITION = "repetition"
    NO_MOVES = "no-moves"

    def german(self) -> str:
        """German word of the reason for readers (made in wording.events)."""
        return events.reason_word(self)


class Outcome(NamedTuple):
    """Winner and reason of a finished game."""

    winner: Side | None
    reason: Reason

    def german(self) -> str:
        """German sentence such as 'Verteidiger gewinnen (Flucht)' (made in wording.events)."""
        return events.outcome_text(self)
