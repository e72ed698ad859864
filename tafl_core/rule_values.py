"""The values a rule parameter can take (enums of `RuleSet` fields other than bool and int).

Kept apart from `rules.py` so that the parameter table (`params.py`) can name them while
`RuleSet.check` reads that table.
"""

from __future__ import annotations

from enum import Enum


class Hostility(Enum):
    """When a restricted square is hostile to a side's pieces."""

    NEVER = "never"
    EMPTY = "empty"
    ALWAYS = "always"


class ThronePass(Enum):
    """Who may pass over the empty throne (only the king may ever stop on it)."""

    ALL = "all"
    KING = "king"


class KingCapture(Enum):
    """How the king is captured."""

    TWO_SIDES = "two-sides"
    FOUR_SIDES = "four-sides"
    STRONG_NEAR_THRONE = "strong-near-throne"


class Escape(Enum):
    """Where the king escapes to."""

    EDGE = "edge"
    CORNER = "corner"


class KingJump(Enum):
    """Whether the king may jump over an adjacent enemy man."""

    NONE = "none"
    RESTRICTED = "restricted"
    FREE = "free"


class Repetition(Enum):
    """What the third occurrence of a position (same side to move) means."""

    NONE = "none"
    DEFENDERS_LOSE = "defenders-lose"
    MOVER_LOSES = "mover-loses"
    DRAW = "draw"


class NoMoves(Enum):
    """What happens to a side that cannot move."""

    LOSES = "loses"
    DRAW = "draw"
