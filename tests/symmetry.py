"""Board symmetries for the property tests (written here, not taken from the engine)."""

from __future__ import annotations

from tafl_core import Position
from tafl_core.geometry import Geometry


def mirror_file(geo: Geometry, s: int) -> int:
    """Square s reflected left-right."""
    return (s // geo.n) * geo.n + (geo.n - 1 - s % geo.n)


def rotate(geo: Geometry, s: int) -> int:
    """Square s rotated by 90 degrees clockwise."""
    f, r = s % geo.n, s // geo.n
    return (geo.n - 1 - f) * geo.n + r


def transformed(pos: Position, square_map: list[int]) -> Position:
    """The position with every piece moved from s to square_map[s]."""
    p = Position(pos.size, pos.turn)
    for s, piece in pos.pieces().items():
        p.set_piece(square_map[s], piece)
    if pos.chain >= 0:
        p.chain = square_map[pos.chain]
    return p
