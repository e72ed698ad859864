"""No mark covers a piece: measured on the SVG of every diagram the site draws.

Every ```tafl block under docs/ is drawn as the site draws it (`diagrams.panels`: before
and after, a refused step, targets) and as the rule sheets draw their picks; the pieces'
discs are read from the SVG (`data-piece` groups), the marks too: the arrows of a turn and
of the last move (shaft and head, with their white halo), the forbidden line and its cross,
the target dots, the numbers of a berserker chain, the capture crosses and the badge of a
flipped piece, the rings and frames of what ended the game. A mark may touch a disc's
outline, never come inside it.
"""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from diagrams import position_svg
from diagrams.panels import example_panels
from tafl_core import Move, Position, RuleSet, parse_ascii, variant
from tafl_core.examples import check_block
from tafl_docs.proof_store import committed_prover
from tafl_docs.sheet_examples import draw, picked
from tests.docs_blocks import collect

NS = "{http://www.w3.org/2000/svg}"
Point = tuple[float, float]
#: How far a mark may reach into a disc's outline (rounding of the SVG's numbers).
SLACK = 0.05


def _discs(root: ET.Element) -> list[tuple[str, float, float, float]]:
    """(square, cx, cy, r with outline) of every piece."""
    out = []
    for g in root.iter(f"{NS}g"):
        if "data-piece" in g.attrib:
            c = g.find(f"{NS}circle")
            assert c is not None
            width = float(c.get("stroke-width", "0"))
            r = float(c.get("r", "0")) + width / 2
            out.append(
                (g.get("data-square", "?"), float(c.get("cx", "0")), float(c.get("cy", "0")), r)
            )
    return out


def _numbers(text: str) -> list[float]:
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", text)]


def _polylines(d: str) -> Iterator[list[Point]]:
    """The path's sub-paths as point lists (curves sampled finely)."""
    line: list[Point] = []
    for cmd, args in re.findall(r"([MLQ])([^MLQ]*)", d):
        v = _numbers(args)
        if cmd == "M":
            if len(line) > 0:
                yield line
            line = [(v[0], v[1])]
        elif cmd == "L":
            line += [(v[i], v[i + 1]) for i in range(0, len(v), 2)]
        else:
            (x0, y0), (cx, cy, x2, y2) = line[-1], v[:4]
            for i in range(1, 65):
                t = i / 64
                a, b, c = (1 - t) ** 2, 2 * t * (1 - t), t * t
                line.append((a * x0 + b * cx + c * x2, a * y0 + b * cy + c * y2))
    if line:
        yield line


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _inside(p: Point, poly: list[Point]) -> bool:
    x, y = p
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def _reach(el: ET.Element, inherited: float) -> float:
    """Half the stroke width of a mark's element (0 without a stroke)."""
    if el.get("stroke") in (None, "none"):
        return 0.0
    return float(el.get("stroke-width", inherited)) / 2


#: The groups that are marks: arrows, forbidden steps, the last move, capture crosses, step
#: numbers, flip badges, the rings and frames of an ending.
_MARK_KINDS = (
    "data-move",
    "data-last-move",
    "data-captured",
    "data-step",
    "data-flipped",
    "data-ending",
)


def _marks(root: ET.Element) -> Iterator[tuple[str, ET.Element, str]]:
    """(what, element, the fill its group gives) of every drawn part of a mark."""
    for el in root.iter():
        a = el.attrib
        kinds = [k for k in _MARK_KINDS if k in a]
        if kinds:
            what = kinds[0]
            for part in el.iter():
                if part is not el:
                    yield f"{what}={a[what]}", part, a.get("fill", "")
        elif "data-target" in a:
            yield "data-target", el, ""


def _clearance(el: ET.Element, cx: float, cy: float, fill: str = "") -> float:
    """Distance from a point to the element's painted area (negative: the point is inside)."""
    tag = el.tag.removeprefix(NS)
    half = _reach(el, 1.0)
    if tag == "path":
        best = math.inf
        for line in _polylines(el.get("d", "")):
            if len(line) == 1:
                best = min(best, math.hypot(cx - line[0][0], cy - line[0][1]))
            for a, b in itertools.pairwise(line):
                best = min(best, _segment_distance((cx, cy), a, b))
        return best - half
    if tag == "polygon":
        v = _numbers(el.get("points", ""))
        poly = [(v[i], v[i + 1]) for i in range(0, len(v), 2)]
        if _inside((cx, cy), poly):
            return -1.0
        edges = zip(poly, poly[1:] + poly[:1], strict=True)
        return min(_segment_distance((cx, cy), a, b) for a, b in edges) - half
    if tag == "circle":
        r = float(el.get("r", "0"))
        d = math.hypot(cx - float(el.get("cx", "0")), cy - float(el.get("cy", "0")))
        if el.get("fill", fill) == "none":  # a ring: only its stroke is painted
            return abs(d - r) - half
        return d - r - half
    if tag == "rect":
        x, y = float(el.get("x", "0")), float(el.get("y", "0"))
        w, h = float(el.get("width", "0")), float(el.get("height", "0"))
        dx = max(x - cx, 0.0, cx - x - w)
        dy = max(y - cy, 0.0, cy - y - h)
        return math.hypot(dx, dy) - half
    return math.inf  # text lies inside its badge's circle


def overlaps(svg: str) -> list[str]:
    """Every mark that reaches into a piece's disc: 'what on square (by x units)'."""
    root = ET.fromstring(svg)
    marks = list(_marks(root))
    found = []
    for square, cx, cy, r in _discs(root):
        for what, el, fill in marks:
            gap = _clearance(el, cx, cy, fill) - r
            if gap < -SLACK:
                found.append(f"{what} über {square} ({-gap:.1f} Einheiten)")
    return sorted(set(found))


def _site_diagrams() -> Iterator[tuple[str, str]]:
    """(label, svg) of every example diagram of the site and of the rule sheets (an
    exercise is judged against the committed proofs: tafl_docs.proof_store.committed_prover)."""
    for path, found in collect():
        verdict = check_block(found, path, prover=committed_prover())
        ex = verdict.execution
        if ex is None or not verdict.ok:
            continue
        for index, (_label, options) in enumerate(example_panels(ex)):
            pos = ex.after if index or not ex.block.turns else ex.before
            block = ex.block
            svg = position_svg(pos, block.variant.rules, variant_name=block.variant.name, **options)
            yield f"{path}:{found.line} Bild {index + 1}", svg
    from tafl_docs.sheet_examples import picks

    for slug in sorted(picks()):
        for i, ex in enumerate(picked(slug)):
            yield f"Regelblatt {slug} Beispiel {i + 1}", draw(ex, f"rb{i}").svg


def test_no_mark_covers_a_piece_on_the_site() -> None:
    """No mark reaches into a piece's disc, in any of the site's diagrams (more than 300)."""
    found = []
    count = 0
    for label, svg in _site_diagrams():
        count += 1
        found += [f"{label}: {o}" for o in overlaps(svg)]
    assert count > 300, count
    assert not found, f"{len(found)} Überdeckungen:\n" + "\n".join(found)


# -- the check itself can fail, and the drawing avoids the pieces ---------------------


def _position(slug: str, rows: dict[int, str]) -> tuple[RuleSet, Position]:
    """The variant's rules and a position with the given ranks (others empty)."""
    v = variant(slug)
    size = v.rules.size
    lines = []
    for rank in range(size, 0, -1):
        cells = rows.get(rank, "").split()
        lines.append(" ".join(cells + ["."] * (size - len(cells))))
    return v.rules, parse_ascii("\n".join(lines), size)


def test_overlap_check_sees_a_mark_on_a_piece() -> None:
    rules, pos = _position("tablut-9", {5: ". . . . K"})
    e5 = pos.geo.parse("e5")
    assert overlaps(position_svg(pos, rules, targets=[e5])) == [
        "data-target über e5 (23.8 Einheiten)"
    ]
    # a line drawn across a piece, as the old forbidden line crossed the king
    svg = position_svg(pos, rules)
    line = '<g data-move="c5-g5"><path d="M100 200L300 200" stroke="red" stroke-width="4"/></g>'
    cx = re.search(r'data-square="e5"[^>]*>\s*<circle cx="([\d.]+)" cy="([\d.]+)"', svg)
    assert cx is not None
    line = line.replace("M100 200L300 200", f"M0 {cx[2]}L999 {cx[2]}")
    assert overlaps(svg.replace("</svg>", line + "</svg>")) == [
        "data-move=c5-g5 über e5 (19.8 Einheiten)"
    ]


@pytest.mark.parametrize(
    ("slug", "rows", "move", "kind"),
    [
        # a blocked step: the red line runs towards a2 through the piece on a4
        ("tablut-9", {6: "A", 4: "V"}, "a6-a2", "forbidden"),
        # a forbidden jump over the king (the illegal jump of Tyr's card)
        ("tyr-15", {8: ". . . . C K"}, "e8^g8", "forbidden"),
        # a step onto an occupied square
        ("tablut-9", {5: ". . A . V"}, "c5-e5", "forbidden"),
        # a jump with a piece beside the jumped one
        ("tyr-15", {9: ". . . . . V", 8: ". . . . C V"}, "e8^g8", "move"),
        ("tyr-11", {6: ". . . V", 5: ". . C V", 4: ". . . V"}, "c5^e5", "move"),
        # a short berserker chain between pieces: arrows and numbers beside them
        ("tyr-11", {6: ". . A V A", 5: ". . . . .", 4: ". . C V A"}, "c4-c5,c5-e5,e5-e4", "move"),
    ],
)
def test_marks_stop_at_the_pieces(slug: str, rows: dict[int, str], move: str, kind: str) -> None:
    rules, pos = _position(slug, rows)
    geo = pos.geo
    steps = []
    for text in move.split(","):
        frm, to = text.replace("^", "-").split("-")
        steps.append(Move(geo.parse(frm), geo.parse(to), "^" in text))
    options = {"forbidden": steps[0]} if kind == "forbidden" else {"moves": tuple(steps)}
    assert overlaps(position_svg(pos, rules, **options)) == []
