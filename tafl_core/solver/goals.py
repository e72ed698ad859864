"""What a task asks for: the kinds of goal and the goal of one solve() call."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..errors import ArgumentError
from ..geometry import geometry
from ..pieces import Side
from ..typed import need_bool, need_enum


class GoalKind(Enum):
    """The kinds of task the solver decides; values are stable English codes (JSON)."""

    #: win the game by any ending the variant has (escape, king captured, edge fort,
    #: encirclement, the opponent without a move, a repetition that decides for the side)
    WIN = "win"
    #: capture the piece standing on `target` (followed when it moves), or any enemy piece
    CAPTURE = "capture"
    #: prevent the opponent's win on his next turn (always one own turn deep)
    SAVE = "save"
    #: a piece of the side (with `king`, the king) stands on `target` after an own turn
    REACH = "reach"


@dataclass(frozen=True)
class Goal:
    """The goal of a task for the side to move.

    `target` names a square ('d5'): the enemy piece to capture (CAPTURE; None = any enemy
    piece) or the square to reach (REACH, required). `king` restricts REACH to the king.
    """

    kind: GoalKind
    side: Side
    target: str | None = None
    king: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", need_enum(self.kind, GoalKind, "Goal: die Art des Ziels"))
        object.__setattr__(self, "side", need_enum(self.side, Side, "Goal: die Seite"))
        need_bool(self.king, "Goal: king")
        if self.target is not None and not isinstance(self.target, str):
            raise ArgumentError("Goal: das Zielfeld muss ein Feldname wie 'd5' sein oder None")
        if self.kind is GoalKind.REACH and self.target is None:
            raise ArgumentError("Goal: das Ziel 'erreichen' braucht ein Zielfeld")
        if self.kind in (GoalKind.WIN, GoalKind.SAVE) and self.target is not None:
            raise ArgumentError("Goal: die Ziele 'gewinnen' und 'verhindern' haben kein Zielfeld")
        if self.king and self.kind is not GoalKind.REACH:
            raise ArgumentError("Goal: 'king' gilt nur für das Ziel 'erreichen'")

    def target_square(self, size: int) -> int:
        """The target as a square number on a board of `size` (-1 without a target)."""
        if self.target is None:
            return -1
        return geometry(size).parse(self.target)
