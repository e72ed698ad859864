"""Positions and moves as self-contained SVG: a pure, deterministic function of its inputs."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from tafl_core import Kind, Move, Piece, Position, RuleSet, Side
from tafl_core.errors import ArgumentError, PositionError, SquareError

from .arrows import forbidden_arrow, last_move_arrows, move_arrows, origin_tints
from .ending import Ending
from .layout import (
    ARROW,
    BOARD,
    CAPTURE,
    DARK,
    DARK_EDGE,
    ENDING,
    ENDING_AREA,
    FONT,
    FRAME,
    FRAME_EDGE,
    GRID,
    HALO,
    HATCH,
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    LABEL,
    LIGHT,
    SQUARE,
    Layout,
    radius,
)
from .layout import f as _f
from .layout import pts as _pts
from .text import desc_text, restricted_squares, title_text

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


#: What `data_prefix` may be: an HTML data attribute's start, e.g. 'data-' or 'data-svg-'.
_DATA_PREFIX = re.compile(r"data-(?:[a-z]+-)*")


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
    forbidden: Move | None = None,
    last_moves: Sequence[Move] = (),
    ending: Ending | None = None,
    note: str | None = None,
    data_prefix: str = "data-",
) -> str:
    """The position as a self-contained SVG document (a string), with annotations.

    `moves` are the steps of one turn, drawn as arrows (numbered for a berserker chain,
    curved and dashed for a commander's jump); `captured` squares get a cross, with a
    faded piece when `captured_pieces` says what stood there; `flipped` squares get a
    turn badge; `highlights` are tinted and framed; `targets` get dots. The origin of a
    step is tinted. `forbidden` is a step the rules refuse: a dashed red line ending in
    a cross. `last_moves` is the turn that led to this position: its squares are tinted
    and a thin arrow runs to the piece. `ending` frames the squares that ended the game
    and tints its area (see `ending_marks`). `note` opens the description (`<desc>`): one
    or two German sentences saying what the diagram shows. Every piece of the position
    is a group with `data-square` and `data-piece`; nothing else is. `data_prefix` names
    these attributes and the targets' `data-target`: the live board passes 'data-svg-',
    because its tap layer's squares carry `data-square` and `data-piece` themselves.
    """
    if not isinstance(data_prefix, str) or not _DATA_PREFIX.fullmatch(data_prefix):
        raise ArgumentError(
            f"data_prefix muss wie 'data-' oder 'data-svg-' aussehen, nicht {data_prefix!r}"
        )
    if pos.size != rules.size:
        raise PositionError(
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
                raise SquareError(
                    f"{label}: Feld {s} liegt nicht auf dem {pos.size}×{pos.size}-Brett"
                )
    last_moves = list(last_moves)
    framed = list(ending.framed) if ending else []
    area = list(ending.area) if ending else []
    steps = [*moves, *last_moves, *([forbidden] if forbidden else [])]
    for s in framed + area:
        if not 0 <= s < count:
            raise SquareError(
                f"Spielende: Feld {s} liegt nicht auf dem {pos.size}×{pos.size}-Brett"
            )
    for m in steps:
        if not (0 <= m.frm < count and 0 <= m.to < count):
            raise SquareError(f"Zug {m}: Feld liegt nicht auf dem {pos.size}×{pos.size}-Brett")
    ghosts = dict(captured_pieces or {})
    lay = Layout(pos.size)
    title_str = title
    if title_str is None:
        title_str = title_text(pos, moves, variant_name, forbidden=forbidden, last_moves=last_moves)
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
        forbidden=forbidden,
        last_moves=last_moves,
        ending=ending,
        note=note,
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
    out += _area(lay, area)
    out += origin_tints(lay, [m.frm for m in moves], "from")
    if forbidden is not None:
        out += origin_tints(lay, [forbidden.frm], "from")
    if last_moves:
        out += origin_tints(lay, [m.frm for m in last_moves], "from")
        out += origin_tints(lay, [last_moves[-1].to], "to")
    out += _highlights(lay, sets["highlights"])
    out += _targets(lay, sets["targets"], data_prefix)
    for s in sets["captured"]:
        if s in ghosts and pos.piece_at(s) is None:
            out += _piece_shape(lay, s, ghosts[s], ghost=True)
    for s, piece in pos.pieces().items():
        out += _piece_shape(lay, s, piece, data_prefix=data_prefix)
    out += _frames(lay, pos, ending, ghosts)
    out += last_move_arrows(lay, pos, last_moves)
    out += _captures(lay, pos, sets["captured"])
    out += _flips(lay, pos, sets["flipped"])
    out += move_arrows(lay, pos, moves)
    if forbidden is not None:
        out += forbidden_arrow(lay, pos, forbidden)
    out.append("</svg>")
    return "\n".join(out) + "\n"


# -- board ------------------------------------------------------------------------


def _board(lay: Layout, pos: Position, rules: RuleSet) -> list[str]:
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
    out += restricted_marks(lay, throne + corners)
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
        y = lay.y0 + side + lay.bottom / 2 + base
        labels.append(f'<text x="{_f(x)}" y="{_f(y)}">{files[f]}</text>')
    for r in range(n):
        y = lay.y0 + (n - 1 - r + 0.5) * SQUARE + base
        labels.append(f'<text x="{_f(lay.left / 2 + 1)}" y="{_f(y)}">{r + 1}</text>')
    labels.append("</g>")
    return out + labels


def _highlights(lay: Layout, squares: Sequence[int]) -> list[str]:
    out = []
    for s in squares:
        x, y = lay.corner(s)
        out.append(
            f'<rect data-highlight="" x="{_f(x + 2)}" y="{_f(y + 2)}" width="{_f(SQUARE - 4)}"'
            f' height="{_f(SQUARE - 4)}" fill="{HIGHLIGHT}" fill-opacity="0.55"'
            f' stroke="{HIGHLIGHT_EDGE}" stroke-width="3"/>'
        )
    return out


def _targets(lay: Layout, squares: Sequence[int], data_prefix: str = "data-") -> list[str]:
    out = []
    for s in squares:
        cx, cy = lay.centre(s)
        out.append(
            f'<circle {data_prefix}target="" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(SQUARE * 0.13)}"'
            f' fill="{ARROW}" stroke="{HALO}" stroke-width="1.5"/>'
        )
    return out


# -- pieces -----------------------------------------------------------------------


def _piece_shape(
    lay: Layout, s: int, piece: Piece, *, ghost: bool = False, data_prefix: str = "data-"
) -> list[str]:
    """A piece as a group; ghosts (captured pieces) carry no data-piece."""
    cx, cy = lay.centre(s)
    dark = piece.side is Side.ATTACKERS
    fill, edge, mark = (DARK, DARK_EDGE, LIGHT) if dark else (LIGHT, DARK, DARK)
    r = radius(piece)
    if ghost:
        head = '<g data-ghost="" opacity="0.55" aria-hidden="true">'
        dash = ' stroke-dasharray="4 3"'
    else:
        sq = f"{'abcdefghijklmnopqrs'[s % lay.n]}{s // lay.n + 1}"
        head = f'<g {data_prefix}square="{sq}" {data_prefix}piece="{piece.letter}">'
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
    elif piece.kind is Kind.KNIGHT:
        out.append(
            f'<path d="{_horseshoe(cx, cy, r)}" fill="none" stroke="{mark}"'
            f' stroke-width="{_f(0.3 * r)}" stroke-linecap="butt"/>'
        )
    out.append("</g>")
    return out


def _horseshoe(cx: float, cy: float, r: float) -> str:
    """A horseshoe open at the bottom (an arc of 280 degrees): the knight's mark."""
    a = 0.48 * r
    gap = math.radians(38)
    x1, y1 = cx - a * math.sin(gap), cy + a * math.cos(gap)
    x2, y2 = cx + a * math.sin(gap), cy + a * math.cos(gap)
    ra = _f(a)
    return f"M{_f(x1)} {_f(y1)}A{ra} {ra} 0 1 1 {_f(x2)} {_f(y2)}"


def _band(cx: float, cy: float, r: float) -> str:
    """A diagonal band (lower left to upper right) across a disc: the variegated man's mark."""
    w = 0.2 * r
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


def _captures(lay: Layout, pos: Position, squares: Sequence[int]) -> list[str]:
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


def _flips(lay: Layout, pos: Position, squares: Sequence[int]) -> list[str]:
    """A round badge with a turning arrow at the upper right of the piece, beside its disc
    (it reaches into the square's corner, never over the piece)."""
    out = []
    big = 10.5 * lay.k
    for s in squares:
        cx, cy = lay.centre(s)
        piece = pos.piece_at(s)
        r = (radius(piece) if piece is not None else SQUARE * 0.36) + 1.0
        d = (r + 1.1 * big + 0.75) * 0.7072  # on the diagonal, clear of the disc (both outlines)
        bx, by = cx + d, cy - d
        rr = 0.52 * big
        arc = f"M{_f(bx + rr)} {_f(by)}A{_f(rr)} {_f(rr)} 0 1 1 {_f(bx)} {_f(by - rr)}"
        a, b = 0.36 * big, 0.34 * big
        head = [(bx + a, by - rr), (bx - 0.1 * big, by - rr - b), (bx - 0.1 * big, by - rr + b)]
        out.append(
            f'<g data-flipped="{pos.geo.name(s)}">'
            f'<circle cx="{_f(bx)}" cy="{_f(by)}" r="{_f(big)}" fill="{HALO}" stroke="{DARK}"'
            f' stroke-width="{_f(0.2 * big)}"/>'
            f'<path d="{arc}" fill="none" stroke="{DARK}" stroke-width="{_f(0.2 * big)}"/>'
            f'<polygon points="{_pts(head)}" fill="{DARK}"/></g>'
        )
    return out


def _area(lay: Layout, squares: Sequence[int]) -> list[str]:
    """The region of an ending (encircled squares, inside of a fort), tinted."""
    out = []
    for s in squares:
        x, y = lay.corner(s)
        out.append(
            f'<rect data-ending-area="{lay.name(s)}" x="{_f(x)}" y="{_f(y)}" width="{_f(SQUARE)}"'
            f' height="{_f(SQUARE)}" fill="{ENDING_AREA}" fill-opacity="0.45"/>'
        )
    return out


def _frames(
    lay: Layout, pos: Position, ending: Ending | None, ghosts: Mapping[int, Piece]
) -> list[str]:
    """A thick ring round every piece that ended the game (or a frame round its square)."""
    if ending is None:
        return []
    out = [f'<g data-ending="{ending.reason.value}" fill="none">']
    k = lay.k
    for s in ending.framed:
        cx, cy = lay.centre(s)
        piece = pos.piece_at(s) or ghosts.get(s)
        if piece is None:
            x, y = lay.corner(s)
            shape = (
                f'x="{_f(x + 2.5)}" y="{_f(y + 2.5)}" width="{_f(SQUARE - 5)}"'
                f' height="{_f(SQUARE - 5)}" rx="4"'
            )
            tag = "rect"
        else:
            # round the disc, from its outline outwards: a white edge outside the ring
            edge = radius(piece) + 1.0
            ring, white = 3.5 * k, 1.2 * k
            halo = f'cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(edge + (ring + white) / 2)}"'
            shape = f'cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(edge + ring / 2)}"'
            out.append(
                f'<circle data-ending-square="{lay.name(s)}" {halo} stroke="{HALO}"'
                f' stroke-width="{_f(ring + white)}"/>'
                f'<circle {shape} stroke="{ENDING}" stroke-width="{_f(ring)}"/>'
            )
            continue
        out.append(
            f'<{tag} data-ending-square="{lay.name(s)}" {shape} stroke="{HALO}"'
            f' stroke-width="{_f(7 * k)}"/>'
            f'<{tag} {shape} stroke="{ENDING}" stroke-width="{_f(3.5 * k)}"/>'
        )
    out.append("</g>")
    return out


def restricted_marks(lay: Layout, squares: Sequence[int]) -> list[str]:
    """Hatching and an inner frame on the restricted squares (throne, corners)."""
    if not squares:
        return []
    hatch = []
    step = SQUARE / 5
    for s in squares:
        x, y = lay.corner(s)
        u = step
        while u < 2 * SQUARE - 0.01:
            if u <= SQUARE:
                a, b = (x + u, y), (x, y + u)
            else:
                a, b = (x + SQUARE, y + u - SQUARE), (x + u - SQUARE, y + SQUARE)
            hatch.append(f"M{_f(a[0])} {_f(a[1])}L{_f(b[0])} {_f(b[1])}")
            u += step
    out = [f'<path d="{"".join(hatch)}" stroke="{HATCH}" stroke-width="2" fill="none"/>']
    inset = 3.0
    for s in squares:
        x, y = lay.corner(s)
        out.append(
            f'<rect data-restricted="{lay.name(s)}" x="{_f(x + inset)}" y="{_f(y + inset)}"'
            f' width="{_f(SQUARE - 2 * inset)}" height="{_f(SQUARE - 2 * inset)}" fill="none"'
            f' stroke="{HATCH}" stroke-width="2"/>'
        )
    return out
