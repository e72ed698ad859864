"""Positions and moves as self-contained SVG: a pure, deterministic function of its inputs."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from tafl_core import Kind, Move, Piece, Position, RuleSet, Side

from .text import desc_text, restricted_squares, title_text

# -- layout (user units of the viewBox) ------------------------------------------

SQUARE = 40.0
LEFT = 30.0  # margin with the rank numbers
BOTTOM = 30.0  # margin with the file letters
TOP = 12.0
RIGHT = 12.0
PIECE_R = 0.36 * SQUARE
KING_R = 0.42 * SQUARE
LABEL_SIZE = 0.4 * SQUARE

FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif"

# -- colours: the board brings its own frame, so it reads on light and dark pages --

FRAME = "#c9ad7f"
FRAME_EDGE = "#4a3520"
BOARD = "#f2e4c4"
GRID = "#8c7250"
LABEL = "#2e2012"
HATCH = "#7d6443"
DARK = "#262626"  # attackers, and marks on light pieces
DARK_EDGE = "#000000"
LIGHT = "#fcfbf5"  # defenders, and marks on dark pieces
ARROW = "#1c56b5"
HALO = "#ffffff"
CAPTURE = "#c3232b"
HIGHLIGHT = "#f5c431"
HIGHLIGHT_EDGE = "#8a6500"

# Unit shapes (y grows downwards), precomputed so the output never depends on libm.
_STAR = (
    (0.0, -1.0),
    (0.2351, -0.3236),
    (0.9511, -0.309),
    (0.3804, 0.1236),
    (0.5878, 0.809),
    (0.0, 0.4),
    (-0.5878, 0.809),
    (-0.3804, 0.1236),
    (-0.9511, -0.309),
    (-0.2351, -0.3236),
)
_CROWN = (
    (-0.58, 0.4),
    (-0.66, -0.32),
    (-0.3, -0.02),
    (0.0, -0.52),
    (0.3, -0.02),
    (0.66, -0.32),
    (0.58, 0.4),
)


def _f(x: float) -> str:
    """A number with at most two decimals and no trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _pts(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in points)


class _Layout:
    """Where squares lie in the picture."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.x0 = LEFT
        self.y0 = TOP
        self.width = LEFT + n * SQUARE + RIGHT
        self.height = TOP + n * SQUARE + BOTTOM
        #: coordinates grow a little on big boards, which are drawn smaller on a page
        self.label = LABEL_SIZE + max(0, n - 11) * 0.5

    def corner(self, s: int) -> tuple[float, float]:
        """Top-left corner of square s (a1 is bottom-left)."""
        f, r = s % self.n, s // self.n
        return self.x0 + f * SQUARE, self.y0 + (self.n - 1 - r) * SQUARE

    def centre(self, s: int) -> tuple[float, float]:
        """Centre of square s."""
        x, y = self.corner(s)
        return x + SQUARE / 2, y + SQUARE / 2


def position_svg(
    pos: Position,
    rules: RuleSet,
    *,
    moves: Sequence[Move] = (),
    captured: Iterable[int] = (),
    flipped: Iterable[int] = (),
    highlights: Iterable[int] = (),
    targets: Iterable[int] = (),
    captured_pieces: Mapping[int, Piece] | None = None,
    variant_name: str | None = None,
    title: str | None = None,
    id_prefix: str = "d",
) -> str:
    """The position as a self-contained SVG document (a string), with annotations.

    `moves` are the steps of one turn, drawn as arrows (numbered for a berserker chain,
    curved and dashed for a commander's jump); `captured` squares get a cross, with a
    faded piece when `captured_pieces` says what stood there; `flipped` squares get a
    turn badge; `highlights` are tinted and framed; `targets` get dots. Every piece of
    the position is a group with `data-square` and `data-piece`; nothing else is.
    """
    if pos.size != rules.size:
        raise ValueError(
            f"die Stellung ist {pos.size}×{pos.size}, "
            f"die Regeln verlangen {rules.size}×{rules.size}"
        )
    geo = pos.geo
    count = geo.count
    moves = list(moves)
    sets = {
        "captured": sorted(set(captured)),
        "flipped": sorted(set(flipped)),
        "highlights": sorted(set(highlights)),
        "targets": sorted(set(targets)),
    }
    for label, squares in sets.items():
        for s in squares:
            if not 0 <= s < count:
                raise ValueError(
                    f"{label}: Feld {s} liegt nicht auf dem {pos.size}×{pos.size}-Brett"
                )
    for m in moves:
        if not (0 <= m.frm < count and 0 <= m.to < count):
            raise ValueError(f"Zug {m}: Feld liegt nicht auf dem {pos.size}×{pos.size}-Brett")
    ghosts = dict(captured_pieces or {})
    lay = _Layout(pos.size)
    title_str = title if title is not None else title_text(pos, moves, variant_name)
    desc_str = desc_text(
        pos,
        rules,
        moves=moves,
        captured=sets["captured"],
        flipped=sets["flipped"],
        highlights=sets["highlights"],
        targets=sets["targets"],
        captured_pieces=ghosts,
        variant_name=variant_name,
    )
    pid = id_prefix
    out: list[str] = [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"'
        f' viewBox="0 0 {_f(lay.width)} {_f(lay.height)}"'
        f' width="{_f(lay.width)}" height="{_f(lay.height)}"'
        f' role="img" aria-labelledby="{pid}-title {pid}-desc"'
        f' data-board-size="{pos.size}" font-family={quoteattr(FONT)}>',
        f'<title id="{pid}-title">{escape(title_str)}</title>',
        f'<desc id="{pid}-desc">{escape(desc_str)}</desc>',
    ]
    out += _board(lay, pos, rules)
    out += _highlights(lay, sets["highlights"])
    out += _targets(lay, sets["targets"])
    for s in sets["captured"]:
        if s in ghosts and pos.piece_at(s) is None:
            out += _piece_shape(lay, s, ghosts[s], ghost=True)
    for s, piece in pos.pieces().items():
        out += _piece_shape(lay, s, piece)
    out += _captures(lay, pos, sets["captured"])
    out += _flips(lay, pos, sets["flipped"])
    out += _arrows(lay, pos, moves)
    out.append("</svg>")
    return "\n".join(out) + "\n"


# -- board ------------------------------------------------------------------------


def _board(lay: _Layout, pos: Position, rules: RuleSet) -> list[str]:
    """Frame, squares, restricted squares, grid and coordinates."""
    n = lay.n
    side = n * SQUARE
    out = [
        f'<rect x="1" y="1" width="{_f(lay.width - 2)}" height="{_f(lay.height - 2)}"'
        f' rx="6" fill="{FRAME}" stroke="{FRAME_EDGE}" stroke-width="2"/>',
        f'<rect data-board="" x="{_f(lay.x0)}" y="{_f(lay.y0)}" width="{_f(side)}"'
        f' height="{_f(side)}" fill="{BOARD}"/>',
    ]
    throne, corners = restricted_squares(pos, rules)
    hatch = []
    step = SQUARE / 5
    for s in throne + corners:
        x, y = lay.corner(s)
        u = step
        while u < 2 * SQUARE - 0.01:
            if u <= SQUARE:
                a, b = (x + u, y), (x, y + u)
            else:
                a, b = (x + SQUARE, y + u - SQUARE), (x + u - SQUARE, y + SQUARE)
            hatch.append(f"M{_f(a[0])} {_f(a[1])}L{_f(b[0])} {_f(b[1])}")
            u += step
    if hatch:
        out.append(f'<path d="{"".join(hatch)}" stroke="{HATCH}" stroke-width="2" fill="none"/>')
        for s in throne + corners:
            x, y = lay.corner(s)
            inset = 3.0
            out.append(
                f'<rect data-restricted="{pos.geo.name(s)}" x="{_f(x + inset)}" y="{_f(y + inset)}"'
                f' width="{_f(SQUARE - 2 * inset)}"'
                f' height="{_f(SQUARE - 2 * inset)}" fill="none" stroke="{HATCH}"'
                ' stroke-width="2"/>'
            )
    grid = []
    for i in range(1, n):
        x = lay.x0 + i * SQUARE
        y = lay.y0 + i * SQUARE
        grid.append(f"M{_f(x)} {_f(lay.y0)}V{_f(lay.y0 + side)}")
        grid.append(f"M{_f(lay.x0)} {_f(y)}H{_f(lay.x0 + side)}")
    out.append(f'<path d="{"".join(grid)}" stroke="{GRID}" stroke-width="1" fill="none"/>')
    out.append(
        f'<rect x="{_f(lay.x0)}" y="{_f(lay.y0)}" width="{_f(side)}" height="{_f(side)}"'
        f' fill="none" stroke="{FRAME_EDGE}" stroke-width="2"/>'
    )
    labels = [
        f'<g fill="{LABEL}" font-size="{_f(lay.label)}" text-anchor="middle" aria-hidden="true">'
    ]
    files = "abcdefghijklmnopqrs"
    base = lay.label * 0.36  # lifts the text's baseline to centre it vertically
    for f in range(n):
        x = lay.x0 + (f + 0.5) * SQUARE
        y = lay.y0 + side + BOTTOM / 2 + base
        labels.append(f'<text x="{_f(x)}" y="{_f(y)}">{files[f]}</text>')
    for r in range(n):
        y = lay.y0 + (n - 1 - r + 0.5) * SQUARE + base
        labels.append(f'<text x="{_f(LEFT / 2 + 1)}" y="{_f(y)}">{r + 1}</text>')
    labels.append("</g>")
    return out + labels


def _highlights(lay: _Layout, squares: Sequence[int]) -> list[str]:
    out = []
    for s in squares:
        x, y = lay.corner(s)
        out.append(
            f'<rect data-highlight="" x="{_f(x + 2)}" y="{_f(y + 2)}" width="{_f(SQUARE - 4)}"'
            f' height="{_f(SQUARE - 4)}" fill="{HIGHLIGHT}" fill-opacity="0.55"'
            f' stroke="{HIGHLIGHT_EDGE}" stroke-width="3"/>'
        )
    return out


def _targets(lay: _Layout, squares: Sequence[int]) -> list[str]:
    out = []
    for s in squares:
        cx, cy = lay.centre(s)
        out.append(
            f'<circle data-target="" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(SQUARE * 0.13)}"'
            f' fill="{ARROW}" stroke="{HALO}" stroke-width="1.5"/>'
        )
    return out


# -- pieces -----------------------------------------------------------------------


def _piece_shape(lay: _Layout, s: int, piece: Piece, *, ghost: bool = False) -> list[str]:
    """A piece as a group; ghosts (captured pieces) carry no data-piece."""
    cx, cy = lay.centre(s)
    dark = piece.side is Side.ATTACKERS
    fill, edge, mark = (DARK, DARK_EDGE, LIGHT) if dark else (LIGHT, DARK, DARK)
    r = KING_R if piece.kind is Kind.KING else PIECE_R
    if ghost:
        head = '<g data-ghost="" opacity="0.55" aria-hidden="true">'
        dash = ' stroke-dasharray="4 3"'
    else:
        sq = f"{'abcdefghijklmnopqrs'[s % lay.n]}{s // lay.n + 1}"
        head = f'<g data-square="{sq}" data-piece="{piece.letter}">'
        dash = ""
    out = [
        head,
        f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{fill}" stroke="{edge}"'
        f' stroke-width="2"{dash}/>',
    ]
    if piece.kind is Kind.KING:
        pts = [(cx + dx * r, cy + dy * r) for dx, dy in _CROWN]
        out.append(f'<polygon points="{_pts(pts)}" fill="{mark}"/>')
    elif piece.kind is Kind.COMMANDER:
        k = 0.72 * r
        pts = [(cx + dx * k, cy + 0.06 * r + dy * k) for dx, dy in _STAR]
        out.append(f'<polygon points="{_pts(pts)}" fill="{mark}"/>')
    elif piece.kind is Kind.VARIEGATED:
        out.append(f'<path d="{_band(cx, cy, r - 1)}" fill="{mark}"/>')
    out.append("</g>")
    return out


def _band(cx: float, cy: float, r: float) -> str:
    """A diagonal band (lower left to upper right) across a disc: the variegated man's mark."""
    w = 0.3 * r
    h = math.sqrt(r * r - w * w)
    c = 1 / math.sqrt(2)
    dx, dy = c, -c  # along the band
    nx, ny = c, c  # across the band

    def p(a: float, b: float) -> str:
        return f"{_f(cx + a * nx + b * dx)} {_f(cy + a * ny + b * dy)}"

    rr = _f(r)
    return (
        f"M{p(w, -h)}L{p(w, h)}A{rr} {rr} 0 0 0 {p(-w, h)}L{p(-w, -h)}A{rr} {rr} 0 0 0 {p(w, -h)}Z"
    )


# -- annotations ------------------------------------------------------------------


def _captures(lay: _Layout, pos: Position, squares: Sequence[int]) -> list[str]:
    """A bold cross with a white halo where a piece was captured."""
    out = []
    k = SQUARE * 0.26
    for s in squares:
        cx, cy = lay.centre(s)
        a, b, c, e = _f(cx - k), _f(cy - k), _f(cx + k), _f(cy + k)
        d = f"M{a} {b}L{c} {e}M{c} {b}L{a} {e}"
        out.append(
            f'<g data-captured="{pos.geo.name(s)}" fill="none" stroke-linecap="round">'
            f'<path d="{d}" stroke="{HALO}" stroke-width="8"/>'
            f'<path d="{d}" stroke="{CAPTURE}" stroke-width="4.5"/></g>'
        )
    return out


def _flips(lay: _Layout, pos: Position, squares: Sequence[int]) -> list[str]:
    """A round badge with a turning arrow in the square's upper right corner."""
    out = []
    for s in squares:
        x, y = lay.corner(s)
        bx, by = x + SQUARE - 9, y + 9
        rr = 4.6
        arc = f"M{_f(bx + rr)} {_f(by)}A{_f(rr)} {_f(rr)} 0 1 1 {_f(bx)} {_f(by - rr)}"
        head = [(bx + 2.6, by - rr), (bx - 0.6, by - rr - 3), (bx - 0.6, by - rr + 3)]
        out.append(
            f'<g data-flipped="{pos.geo.name(s)}">'
            f'<circle cx="{_f(bx)}" cy="{_f(by)}" r="8.8" fill="{HALO}" stroke="{DARK}"'
            ' stroke-width="1.5"/>'
            f'<path d="{arc}" fill="none" stroke="{DARK}" stroke-width="1.6"/>'
            f'<polygon points="{_pts(head)}" fill="{DARK}"/></g>'
        )
    return out


def _arrows(lay: _Layout, pos: Position, moves: Sequence[Move]) -> list[str]:
    """Arrows for the steps of a turn; numbered when there are several."""
    out: list[str] = []
    numbered = len(moves) > 1
    labels: list[str] = []
    head_len, head_w = SQUARE * 0.34, SQUARE * 0.2
    for i, m in enumerate(moves, 1):
        sx, sy = lay.centre(m.frm)
        ex, ey = lay.centre(m.to)
        if (sx, sy) == (ex, ey):
            continue
        target = pos.piece_at(m.to)
        if target is None:
            gap = SQUARE * 0.22  # a waypoint of a chain: leave room for the next step's dot
        else:
            gap = (KING_R if target.kind is Kind.KING else PIECE_R) + 1.5
        if m.jump:
            mx, my = (sx + ex) / 2, (sy + ey) / 2
            length = math.hypot(ex - sx, ey - sy)
            px, py = (ey - sy) / length, -(ex - sx) / length  # to the left of the direction
            cx, cy = mx + px * SQUARE * 0.95, my + py * SQUARE * 0.95
            ux, uy = ex - cx, ey - cy
        else:
            cx = cy = 0.0
            ux, uy = ex - sx, ey - sy
        norm = math.hypot(ux, uy)
        ux, uy = ux / norm, uy / norm
        tx, ty = ex - ux * gap, ey - uy * gap
        bx, by = tx - ux * head_len * 0.8, ty - uy * head_len * 0.8
        hx, hy = tx - ux * head_len, ty - uy * head_len
        head = [
            (tx, ty),
            (hx - uy * head_w, hy + ux * head_w),
            (hx + uy * head_w, hy - ux * head_w),
        ]
        if m.jump:
            shaft = f"M{_f(sx)} {_f(sy)}Q{_f(cx)} {_f(cy)} {_f(bx)} {_f(by)}"
            lx, ly = 0.25 * sx + 0.5 * cx + 0.25 * bx, 0.25 * sy + 0.5 * cy + 0.25 * by
            # the number sits just outside the arc so the dashes stay visible
            lx, ly = lx + px * SQUARE * 0.3, ly + py * SQUARE * 0.3
            dash = ' stroke-dasharray="6 5"'
        else:
            shaft = f"M{_f(sx)} {_f(sy)}L{_f(bx)} {_f(by)}"
            lx, ly = (sx + tx) / 2, (sy + ty) / 2
            dash = ""
        kind = "jump" if m.jump else "step"
        out.append(
            f'<g data-move="{m.text(pos.geo)}" data-kind="{kind}" fill="none"'
            ' stroke-linecap="round" stroke-linejoin="round">'
            f'<path d="{shaft}" stroke="{HALO}" stroke-width="9"/>'
            f'<polygon points="{_pts(head)}" fill="{HALO}" stroke="{HALO}" stroke-width="4"/>'
            f'<path d="{shaft}" stroke="{ARROW}" stroke-width="5"{dash}/>'
            f'<polygon points="{_pts(head)}" fill="{ARROW}"/>'
            f'<circle cx="{_f(sx)}" cy="{_f(sy)}" r="{_f(SQUARE * 0.12)}" fill="{ARROW}"'
            f' stroke="{HALO}" stroke-width="2"/></g>'
        )
        if numbered:
            labels.append(
                f'<g data-step="{i}"><circle cx="{_f(lx)}" cy="{_f(ly)}" r="{_f(SQUARE * 0.25)}"'
                f' fill="{HALO}" stroke="{ARROW}" stroke-width="2.5"/>'
                f'<text x="{_f(lx)}" y="{_f(ly + SQUARE * 0.11)}" font-size="{_f(SQUARE * 0.31)}"'
                f' font-weight="bold" text-anchor="middle" fill="{DARK}">{i}</text></g>'
            )
    return out + labels
