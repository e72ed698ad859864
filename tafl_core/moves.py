"""Moves: from-square, to-square and whether the move is a commander's jump."""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import MoveError, SquareError
from .geometry import Geometry
from .text import MAX_MOVE, check_length, short
from .typed import need_text

# applied to the stripped text; one optional separator between two square names
_MOVE = re.compile(r"([a-zA-Z][0-9]{1,2})[ \t]*(?:([-^x:])[ \t]*)?([a-zA-Z][0-9]{1,2})")


class Move(NamedTuple):
    """A single step of a turn; squares are ints (a1 = 0, rank * n + file)."""

    frm: int
    to: int
    jump: bool = False

    @property
    def jumped(self) -> int:
        """The square a jump passes over; -1 for a slide."""
        return (self.frm + self.to) // 2 if self.jump else -1

    def text(self, geo: Geometry) -> str:
        """Notation such as 'd4-d7', or 'd4^d6' for a jump."""
        return f"{geo.name(self.frm)}{'^' if self.jump else '-'}{geo.name(self.to)}"


def parse_move_text(text: str, geo: Geometry) -> tuple[int, int, bool | None]:
    """Squares of a move such as 'd4-d7' or 'd4^d6'; jump is None when not marked."""
    text = need_text(text, "der Zug").strip()
    check_length(text, MAX_MOVE, f"der Zug '{short(text)}'", MoveError)
    m = _MOVE.fullmatch(text)
    if not m:
        raise MoveError(
            f"'{text}' ist kein Zug (erwartet Startfeld-Zielfeld, z. B. 'd4-d7' oder 'd4^d6')"
        )
    try:
        frm = geo.parse(m.group(1))
        to = geo.parse(m.group(3))
    except SquareError as exc:
        raise MoveError(f"Zug '{text}': {exc}") from None
    jump = True if m.group(2) == "^" else None
    return frm, to, jump
