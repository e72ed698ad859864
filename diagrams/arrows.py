"""Arrows of a turn: the steps to play, a forbidden step, and the ghost of the last move."""

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


@dataclass(frozen=True)
class _Path:
    """The course of one arrow: shaft, tip and direction at the tip, and where a number goes."""

    shaft: str
    tip: Point
    u: Point  # unit direction at the tip
    label: Point  # beside the middle of the arrow, for a step number


def _gap(lay: Layout, pos: Position, s: int, waypoint: float) -> float:
    """Distance from a square's centre where an arrow starts or ends: a disc's edge, if any."""
    piece = pos.piece_at(s)
    if piece is None:
        return waypoint
    return radius(piece) + 2.5 * lay.k


def _path(lay: Layout, m: Move, start_gap: float, end_gap: float, back: float) -> _Path:
    """Straight (or, for a jump, curved) course from m.frm to m.to, cut at both ends.

    `back` shortens the shaft behind the tip so a head (or a cross) can cover its end.
    """
    sx, sy = lay.centre(m.frm)
    ex, ey = lay.centre(m.to)
    length = math.hypot(ex - sx, ey - sy)
    dx, dy = (ex - sx) / length, (ey - sy) / length
    px, py = dy, -dx  # to the left of the direction of travel, as seen on the page
    if m.jump:
        cx, cy = (sx + ex) / 2 + px * SQUARE * 0.95, (sy + ey) / 2 + py * SQUARE * 0.95
        v0 = _unit(cx - sx, cy - sy)
        u = _unit(ex - cx, ey - cy)
    else:
        cx = cy = 0.0
        v0 = u = (dx, dy)
    ax, ay = sx + v0[0] * start_gap, sy + v0[1] * start_gap
    tx, ty = ex - u[0] * end_gap, ey - u[1] * end_gap
    bx, by = tx - u[0] * back, ty - u[1] * back
    off = SQUARE * 0.27 * lay.k + 7 * lay.k  # badge radius plus the arrow's half width
    if m.jump:
        shaft = f"M{f(ax)} {f(ay)}Q{f(cx)} {f(cy)} {f(bx)} {f(by)}"
        mx, my = 0.25 * ax + 0.5 * cx + 0.25 * tx, 0.25 * ay + 0.5 * cy + 0.25 * ty
    else:
        shaft = f"M{f(ax)} {f(ay)}L{f(bx)} {f(by)}"
        mx, my = (ax + tx) / 2, (ay + ty) / 2
    return _Path(shaft, (tx, ty), u, (mx + px * off, my + py * off))


def _unit(x: float, y: float) -> Point:
    n = math.hypot(x, y)
    return x / n, y / n


def _head(tip: Point, u: Point, length: float, width: float) -> list[Point]:
    tx, ty = tip
    hx, hy = tx - u[0] * length, ty - u[1] * length
    return [
        (tx, ty),
        (hx - u[1] * width, hy + u[0] * width),
        (hx + u[1] * width, hy - u[0] * width),
    ]


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


def move_arrows(lay: Layout, pos: Position, moves: Sequence[Move]) -> list[str]:
    """Arrows for the steps of a turn, from the edge of the moving disc; numbered chains."""
    out: list[str] = []
    labels: list[str] = []
    k = lay.k
    head_len, head_w = SQUARE * 0.34 * k, SQUARE * 0.2 * k
    for i, m in enumerate(moves, 1):
        if m.frm == m.to:
            continue
        last = i == len(moves)
        start = _gap(lay, pos, m.frm, SQUARE * 0.16)
        end = _gap(lay, pos, m.to, SQUARE * (0.08 if last else 0.2))
        p = _path(lay, m, start, end, head_len * 0.8)
        head = _head(p.tip, p.u, head_len, head_w)
        dash = f' stroke-dasharray="{f(6 * k)} {f(5 * k)}"' if m.jump else ""
        out.append(
            f'<g data-move="{m.text(pos.geo)}" data-kind="{"jump" if m.jump else "step"}"'
            ' fill="none" stroke-linecap="round" stroke-linejoin="round">'
            f'<path d="{p.shaft}" stroke="{HALO}" stroke-width="{f(9 * k)}"/>'
            f'<polygon points="{pts(head)}" fill="{HALO}" stroke="{HALO}"'
            f' stroke-width="{f(4 * k)}"/>'
            f'<path d="{p.shaft}" stroke="{ARROW}" stroke-width="{f(5 * k)}"{dash}/>'
            f'<polygon points="{pts(head)}" fill="{ARROW}"/></g>'
        )
        if len(moves) > 1:
            lx, ly = p.label
            labels.append(
                f'<g data-step="{i}"><circle cx="{f(lx)}" cy="{f(ly)}" r="{f(SQUARE * 0.27 * k)}"'
                f' fill="{HALO}" stroke="{ARROW}" stroke-width="{f(2.5 * k)}"/>'
                f'<text x="{f(lx)}" y="{f(ly + SQUARE * 0.12 * k)}"'
                f' font-size="{f(SQUARE * 0.34 * k)}" font-weight="bold" text-anchor="middle"'
                f' fill="{DARK}">{i}</text></g>'
            )
    return out + labels


def forbidden_arrow(lay: Layout, pos: Position, m: Move) -> list[str]:
    """A forbidden step: a dashed red line from the disc's edge, ending in a cross."""
    if m.frm == m.to:
        return []
    k = lay.k
    arm = SQUARE * 0.2 * k
    p = _path(lay, m, _gap(lay, pos, m.frm, SQUARE * 0.16), 0.0, arm * 1.2)
    tx, ty = p.tip
    cross = (
        f"M{f(tx - arm)} {f(ty - arm)}L{f(tx + arm)} {f(ty + arm)}"
        f"M{f(tx + arm)} {f(ty - arm)}L{f(tx - arm)} {f(ty + arm)}"
    )
    return [
        f'<g data-move="{m.text(pos.geo)}" data-kind="forbidden" fill="none"'
        ' stroke-linecap="round">'
        f'<path d="{p.shaft}" stroke="{HALO}" stroke-width="{f(9 * k)}"/>'
        f'<path d="{cross}" stroke="{HALO}" stroke-width="{f(10 * k)}"/>'
        f'<path d="{p.shaft}" stroke="{FORBIDDEN}" stroke-width="{f(5 * k)}"'
        f' stroke-dasharray="{f(3 * k)} {f(8 * k)}"/>'
        f'<path d="{cross}" stroke="{FORBIDDEN}" stroke-width="{f(6 * k)}"/></g>'
    ]


def last_move_arrows(lay: Layout, pos: Position, moves: Sequence[Move]) -> list[str]:
    """Thin arrows of the move just played, ending at the edge of the piece that made it."""
    out = []
    k = lay.k
    head_len, head_w = SQUARE * 0.24 * k, SQUARE * 0.13 * k
    for i, m in enumerate(moves, 1):
        if m.frm == m.to:
            continue
        end = _gap(lay, pos, m.to, SQUARE * (0.08 if i == len(moves) else 0.16))
        p = _path(lay, m, SQUARE * 0.1, end, head_len * 0.8)
        head = _head(p.tip, p.u, head_len, head_w)
        out.append(
            f'<g data-last-move="{m.text(pos.geo)}" fill="none" stroke-linecap="round"'
            ' opacity="0.9">'
            f'<path d="{p.shaft}" stroke="{HALO}" stroke-width="{f(5 * k)}"/>'
            f'<path d="{p.shaft}" stroke="{ARROW}" stroke-width="{f(2.5 * k)}"/>'
            f'<polygon points="{pts(head)}" fill="{ARROW}" stroke="{HALO}"'
            f' stroke-width="{f(1 * k)}"/></g>'
        )
    return out
