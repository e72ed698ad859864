"""Arrows of a turn: the steps to play, a forbidden step, and the ghost of the last move.

No mark covers a piece: an arrow starts and ends at the edge of a disc (its white halo
included), a shaft that would cross another piece is cut round it, a jump's curve bows
far enough to pass the piece it jumps over, and a step number is put beside the arrow
where no piece stands.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tafl_core import Move, Position

from .layout import (
    ARROW,
    DARK,
    FORBIDDEN,
    HALO,
    MOVED,
    SQUARE,
    Layout,
    f,
    pts,
    radius,
)

Point = tuple[float, float]

#: Room left between a mark and a piece's disc (user units).
CLEAR = 0.75


@dataclass(frozen=True)
class Disc:
    """A piece's disc as drawn: centre and radius with its outline."""

    x: float
    y: float
    r: float


def discs(lay: Layout, pos: Position) -> list[Disc]:
    """Every piece of the position as the disc the diagram draws (outline included)."""
    out = []
    for s, piece in pos.pieces().items():
        cx, cy = lay.centre(s)
        out.append(Disc(cx, cy, radius(piece) + 1.0))
    return out


@dataclass(frozen=True)
class _Curve:
    """A quadratic course p0 -> p2 with control point c (a straight line: c is the middle)."""

    p0: Point
    c: Point
    p2: Point
    straight: bool

    def at(self, t: float) -> Point:
        a, b, w = (1 - t) * (1 - t), 2 * t * (1 - t), t * t
        return (
            a * self.p0[0] + b * self.c[0] + w * self.p2[0],
            a * self.p0[1] + b * self.c[1] + w * self.p2[1],
        )

    def piece(self, t0: float, t1: float) -> str:
        """SVG path data of the part from t0 to t1."""
        a, b = self.at(t0), self.at(t1)
        if self.straight:
            return f"M{f(a[0])} {f(a[1])}L{f(b[0])} {f(b[1])}"
        u0, u1 = 1 - t0, 1 - t1
        w0, w1, w2 = u0 * u1, u0 * t1 + t0 * u1, t0 * t1  # the blossom b(t0, t1)
        cx = w0 * self.p0[0] + w1 * self.c[0] + w2 * self.p2[0]
        cy = w0 * self.p0[1] + w1 * self.c[1] + w2 * self.p2[1]
        return f"M{f(a[0])} {f(a[1])}Q{f(cx)} {f(cy)} {f(b[0])} {f(b[1])}"

    def length(self) -> float:
        return math.hypot(self.p2[0] - self.p0[0], self.p2[1] - self.p0[1])


def _blocked(curve: _Curve, disc: Disc, half: float) -> tuple[float, float] | None:
    """The stretch (t0, t1) of the course within reach of a disc (a stroke of half width
    `half` with round ends), or None."""
    reach = disc.r + half + CLEAR
    if curve.straight:
        (x0, y0), (x2, y2) = curve.p0, curve.p2
        dx, dy = x2 - x0, y2 - y0
        ox, oy = x0 - disc.x, y0 - disc.y
        a = dx * dx + dy * dy
        if a == 0:
            return None
        b = 2 * (ox * dx + oy * dy)
        c = ox * ox + oy * oy - reach * reach
        root = b * b - 4 * a * c
        if root <= 0:
            return None
        q = math.sqrt(root)
        t0, t1 = (-b - q) / (2 * a), (-b + q) / (2 * a)
        if t1 <= 0 or t0 >= 1:
            return None
        return max(t0, 0.0), min(t1, 1.0)

    def inside(t: float) -> bool:
        x, y = curve.at(t)
        return (x - disc.x) ** 2 + (y - disc.y) ** 2 < reach * reach

    steps = 128
    hits = [i for i in range(steps + 1) if inside(i / steps)]
    if not hits:
        return None

    def edge(lo: float, hi: float) -> float:  # inside(lo) != inside(hi): the boundary
        start = inside(lo)
        for _ in range(30):
            mid = (lo + hi) / 2
            if inside(mid) == start:
                lo = mid
            else:
                hi = mid
        return hi if start is False else lo

    first, last = hits[0], hits[-1]
    t0 = 0.0 if first == 0 else edge((first - 1) / steps, first / steps)
    t1 = 1.0 if last == steps else edge(last / steps, (last + 1) / steps)
    return t0 - 1e-6, t1 + 1e-6


def _shaft(curve: _Curve, obstacles: Sequence[Disc], half: float) -> str:
    """The course as path data, cut where it would cross a disc."""
    cuts = sorted(c for d in obstacles if (c := _blocked(curve, d, half)) is not None)
    parts, t = [], 0.0
    least = 2.0 / max(curve.length(), 1e-9)  # drop pieces shorter than two units
    for t0, t1 in cuts:
        if t0 - t > least:
            parts.append(curve.piece(t, t0))
        t = max(t, t1)
    if 1.0 - t > least:
        parts.append(curve.piece(t, 1.0))
    return "".join(parts)


@dataclass(frozen=True)
class _Path:
    """The course of one arrow: shaft, tip and direction at the tip, and its middle."""

    curve: _Curve
    tip: Point
    u: Point  # unit direction at the tip
    normal: Point  # to the side the curve bows to (left of travel for a straight step)


def _unit(x: float, y: float) -> Point:
    n = math.hypot(x, y)
    return x / n, y / n


def _gap(lay: Layout, pos: Position, s: int, waypoint: float, half: float) -> float:
    """Distance from a square's centre where an arrow of half width `half` starts or ends:
    clear of the disc, if a piece stands there."""
    piece = pos.piece_at(s)
    if piece is None:
        return waypoint
    return radius(piece) + 1.0 + half + CLEAR


def _bow(lay: Layout, pos: Position, m: Move, half: float) -> float:
    """How far a jump's curve bows out sideways (signed: + to the left of travel): its
    middle passes the jumped piece with room to spare, on the side with no piece beside it."""
    over = m.jumped
    piece = pos.piece_at(over) if 0 <= over < lay.n * lay.n else None
    r = (radius(piece) if piece is not None else SQUARE * 0.36) + 1.0
    height = 2 * (r + half + CLEAR)  # a quadratic curve reaches half its control offset
    n = lay.n
    along = 1 if abs(m.to - m.frm) < n else n  # one square along the line of travel
    ahead = 1 if m.to > m.frm else -1
    # left of travel on the page: up (one rank more) when moving right, and so on
    left = n * ahead if along == 1 else -ahead

    def busy(side: int) -> int:
        """The pieces beside the jump's squares on that side; the middle, where the curve
        bows out furthest, and the landing, where the head is wide, count double."""
        count = 0
        for s, weight in ((m.frm, 1), (over, 2), (m.to, 2)):
            t = s + side
            same_line = along == 1 or t // n == s // n
            if 0 <= t < n * n and same_line and pos.piece_at(t) is not None:
                count += weight
        return count

    return -height if busy(-left) < busy(left) else height


def _path(
    lay: Layout, pos: Position, m: Move, start_gap: float, end_gap: float, half: float
) -> _Path:
    """Straight (or, for a jump, curved) course from m.frm to m.to, cut at both ends."""
    sx, sy = lay.centre(m.frm)
    ex, ey = lay.centre(m.to)
    dx, dy = _unit(ex - sx, ey - sy)
    px, py = dy, -dx  # to the left of the direction of travel, as seen on the page
    if m.jump:
        bow = _bow(lay, pos, m, half)
        cx, cy = (sx + ex) / 2 + px * bow, (sy + ey) / 2 + py * bow
        v0 = _unit(cx - sx, cy - sy)
        u = _unit(ex - cx, ey - cy)
        normal = (px, py) if bow > 0 else (-px, -py)
    else:
        v0 = u = (dx, dy)
        normal = (px, py)
    ax, ay = sx + v0[0] * start_gap, sy + v0[1] * start_gap
    tx, ty = ex - u[0] * end_gap, ey - u[1] * end_gap
    if m.jump:
        curve = _Curve((ax, ay), (cx, cy), (tx, ty), straight=False)
    else:
        curve = _Curve((ax, ay), ((ax + tx) / 2, (ay + ty) / 2), (tx, ty), straight=True)
    return _Path(curve, (tx, ty), u, normal)


def _head(tip: Point, u: Point, length: float, width: float) -> list[Point]:
    tx, ty = tip
    hx, hy = tx - u[0] * length, ty - u[1] * length
    return [
        (tx, ty),
        (hx - u[1] * width, hy + u[0] * width),
        (hx + u[1] * width, hy - u[0] * width),
    ]


def _trimmed(p: _Path, back: float) -> _Curve:
    """The course without its last `back` units (a head covers the end of the shaft)."""
    c = p.curve
    if c.straight:
        (ax, ay), (tx, ty) = c.p0, c.p2
        bx, by = tx - p.u[0] * back, ty - p.u[1] * back
        return _Curve((ax, ay), ((ax + bx) / 2, (ay + by) / 2), (bx, by), straight=True)
    t = max(0.0, 1.0 - back / max(c.length(), 1e-9) * 0.8)
    (x0, y0), (x1, y1) = c.p0, c.c
    # the part from 0 to t, as a quadratic curve of its own (the blossom b(0, t))
    mid = ((1 - t) * x0 + t * x1, (1 - t) * y0 + t * y1)
    return _Curve(c.p0, mid, c.at(t), straight=False)


def origin_tints(lay: Layout, squares: Sequence[int], kind: str) -> list[str]:
    """Tinted squares a move left (`kind` 'from') or reached ('to')."""
    out = []
    for s in dict.fromkeys(squares):
        x, y = lay.corner(s)
        out.append(
            f'<rect data-moved="{kind}" data-at="{lay.name(s)}" x="{f(x)}" y="{f(y)}"'
            f' width="{f(SQUARE)}" height="{f(SQUARE)}" fill="{MOVED}" fill-opacity="0.5"/>'
        )
    return out


def _badge_spot(
    p: _Path, radius_: float, obstacles: Sequence[Disc], taken: Sequence[Point], k: float
) -> Point:
    """Where a step number goes: beside the arrow, where it covers no piece and no other
    number (the first free place, trying the middle first, then further along and out)."""
    c = p.curve
    off = radius_ + 5 * k
    tries = []
    for t in (0.5, 0.35, 0.65, 0.2, 0.8):
        x, y = c.at(t)
        for scale in (1.0, -1.0, 1.6, -1.6):
            tries.append((x + p.normal[0] * off * scale, y + p.normal[1] * off * scale))

    def free(q: Point) -> bool:
        near = all(math.hypot(q[0] - d.x, q[1] - d.y) >= d.r + radius_ + CLEAR for d in obstacles)
        return near and all(math.hypot(q[0] - a, q[1] - b) >= 2 * radius_ for a, b in taken)

    return next((q for q in tries if free(q)), tries[0])


def move_arrows(lay: Layout, pos: Position, moves: Sequence[Move]) -> list[str]:
    """Arrows for the steps of a turn, from the edge of the moving disc; numbered chains."""
    out: list[str] = []
    labels: list[str] = []
    k = lay.k
    head_len, head_w = SQUARE * 0.34 * k, SQUARE * 0.2 * k
    half = 4.5 * k  # the halo's half width
    obstacles = discs(lay, pos)
    badge = SQUARE * 0.27 * k
    taken: list[Point] = []
    for i, m in enumerate(moves, 1):
        if m.frm == m.to:
            continue
        last = i == len(moves)
        start = _gap(lay, pos, m.frm, SQUARE * 0.16, half)
        end = _gap(lay, pos, m.to, SQUARE * (0.08 if last else 0.2), 2 * k)
        p = _path(lay, pos, m, start, end, half)
        head = _head(p.tip, p.u, head_len, head_w)
        shaft = _shaft(_trimmed(p, head_len * 0.8), obstacles, half)
        dash = f' stroke-dasharray="{f(6 * k)} {f(5 * k)}"' if m.jump else ""
        out.append(
            f'<g data-move="{m.text(pos.geo)}" data-kind="{"jump" if m.jump else "step"}"'
            ' fill="none" stroke-linecap="round" stroke-linejoin="round">'
            f'<path d="{shaft}" stroke="{HALO}" stroke-width="{f(9 * k)}"/>'
            f'<polygon points="{pts(head)}" fill="{HALO}" stroke="{HALO}"'
            f' stroke-width="{f(4 * k)}"/>'
            f'<path d="{shaft}" stroke="{ARROW}" stroke-width="{f(5 * k)}"{dash}/>'
            f'<polygon points="{pts(head)}" fill="{ARROW}"/></g>'
        )
        if len(moves) > 1:
            lx, ly = _badge_spot(p, badge + 1.25 * k, obstacles, taken, k)
            taken.append((lx, ly))
            labels.append(
                f'<g data-step="{i}"><circle cx="{f(lx)}" cy="{f(ly)}" r="{f(badge)}"'
                f' fill="{HALO}" stroke="{ARROW}" stroke-width="{f(2.5 * k)}"/>'
                f'<text x="{f(lx)}" y="{f(ly + SQUARE * 0.12 * k)}"'
                f' font-size="{f(SQUARE * 0.34 * k)}" font-weight="bold" text-anchor="middle"'
                f' fill="{DARK}">{i}</text></g>'
            )
    return out + labels


def forbidden_arrow(lay: Layout, pos: Position, m: Move) -> list[str]:
    """A forbidden step: a dashed red line from the disc's edge, ending in a cross (before
    the piece that stands on the target square, if one does; curved for a jump)."""
    if m.frm == m.to:
        return []
    k = lay.k
    arm = SQUARE * 0.2 * k
    half = 4.5 * k
    # the cross with its halo reaches arm * sqrt(2) + 5k from its centre
    end = _gap(lay, pos, m.to, 0.0, arm * 1.42 + 5 * k)
    p = _path(lay, pos, m, _gap(lay, pos, m.frm, SQUARE * 0.16, half), end, half)
    tx, ty = p.tip
    cross = (
        f"M{f(tx - arm)} {f(ty - arm)}L{f(tx + arm)} {f(ty + arm)}"
        f"M{f(tx + arm)} {f(ty - arm)}L{f(tx - arm)} {f(ty + arm)}"
    )
    shaft = _shaft(_trimmed(p, arm * 1.2), discs(lay, pos), half)
    return [
        f'<g data-move="{m.text(pos.geo)}" data-kind="forbidden" fill="none"'
        ' stroke-linecap="round">'
        f'<path d="{shaft}" stroke="{HALO}" stroke-width="{f(9 * k)}"/>'
        f'<path d="{cross}" stroke="{HALO}" stroke-width="{f(10 * k)}"/>'
        f'<path d="{shaft}" stroke="{FORBIDDEN}" stroke-width="{f(5 * k)}"'
        f' stroke-dasharray="{f(3 * k)} {f(8 * k)}"/>'
        f'<path d="{cross}" stroke="{FORBIDDEN}" stroke-width="{f(6 * k)}"/></g>'
    ]


def last_move_arrows(lay: Layout, pos: Position, moves: Sequence[Move]) -> list[str]:
    """Thin arrows of the move just played, ending at the edge of the piece that made it."""
    out = []
    k = lay.k
    head_len, head_w = SQUARE * 0.24 * k, SQUARE * 0.13 * k
    half = 2.5 * k
    obstacles = discs(lay, pos)
    for i, m in enumerate(moves, 1):
        if m.frm == m.to:
            continue
        end = _gap(lay, pos, m.to, SQUARE * (0.08 if i == len(moves) else 0.16), 0.5 * k)
        start = _gap(lay, pos, m.frm, SQUARE * 0.1, half)
        p = _path(lay, pos, m, start, end, half)
        head = _head(p.tip, p.u, head_len, head_w)
        shaft = _shaft(_trimmed(p, head_len * 0.8), obstacles, half)
        out.append(
            f'<g data-last-move="{m.text(pos.geo)}" fill="none" stroke-linecap="round"'
            ' opacity="0.9">'
            f'<path d="{shaft}" stroke="{HALO}" stroke-width="{f(5 * k)}"/>'
            f'<path d="{shaft}" stroke="{ARROW}" stroke-width="{f(2.5 * k)}"/>'
            f'<polygon points="{pts(head)}" fill="{ARROW}" stroke="{HALO}"'
            f' stroke-width="{f(1 * k)}"/></g>'
        )
    return out
