"""Every text a diagram draws (coordinates, step numbers) reads against what lies under it.

WCAG 2.1 AA asks 4.5:1 for normal text (1.4.3). axe-core cannot judge text inside an SVG:
it reports every such text as "incomplete" and never as a violation, so the browser tests
leave diagram text out of axe's contrast rule (tests/site_support.py, AXE_CONFIGURE_JS)
and the contrast is computed here instead, from the drawing itself: for every <text>, the
colour it is filled with (its own or inherited) against the topmost filled shape drawn
before it that covers the middle of its glyphs.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator

import pytest

from diagrams import position_svg
from tafl_core import Move, all_variants, parse_ascii, variant

NS = "{http://www.w3.org/2000/svg}"

#: WCAG 2.1, success criterion 1.4.3: the least contrast of normal text.
LEAST = 4.5


def luminance(colour: str) -> float:
    """Relative luminance of a #rrggbb colour (WCAG 2.1 definition)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two #rrggbb colours."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_contrast_formula_gives_the_known_ratios() -> None:
    """Black on white is 21:1, a colour on itself 1:1, #767676 on white just over 4.5:1."""
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#c9ad7f", "#c9ad7f") == pytest.approx(1.0)
    assert 4.5 < contrast("#767676", "#ffffff") < 4.6


def _painted(root: ET.Element) -> Iterator[tuple[ET.Element, dict[str, str]]]:
    """Every element in drawing order, with the presentation attributes it inherits."""

    def walk(el: ET.Element, inherited: dict[str, str]) -> Iterator[tuple[ET.Element, dict]]:
        own = {**inherited, **{k: v for k, v in el.attrib.items() if k in ("fill", "font-size")}}
        yield el, own
        for child in el:
            yield from walk(child, own)

    yield from walk(root, {"fill": "#000000"})


def _covers(shape: ET.Element, x: float, y: float) -> bool:
    """Whether a filled rect or circle covers the point (x, y)."""
    get = lambda k: float(shape.get(k, "0"))  # noqa: E731
    if shape.tag == f"{NS}rect":
        return get("x") <= x <= get("x") + get("width") and get("y") <= y <= get("y") + get(
            "height"
        )
    if shape.tag == f"{NS}circle":
        return (x - get("cx")) ** 2 + (y - get("cy")) ** 2 <= get("r") ** 2
    return False


def text_contrasts(svg: str) -> list[tuple[str, str, str, float]]:
    """(text, its colour, the colour under it, their contrast) for every <text> of `svg`."""
    root = ET.fromstring(svg)
    shapes: list[tuple[ET.Element, str]] = []
    found = []
    for el, attrs in _painted(root):
        fill = attrs["fill"]
        solid = float(el.get("fill-opacity", "1")) == 1  # a tint shows what is under it
        if el.tag in (f"{NS}rect", f"{NS}circle") and fill.startswith("#") and solid:
            shapes.append((el, fill))
        if el.tag == f"{NS}text":
            x, y = float(el.get("x", "0")), float(el.get("y", "0"))
            middle = y - 0.35 * float(attrs.get("font-size", "0"))  # y is the baseline
            under = [colour for shape, colour in shapes if _covers(shape, x, middle)]
            assert under, f"nichts unter dem Text {el.text!r} bei ({x}, {middle})"
            found.append((el.text or "", fill, under[-1], contrast(fill, under[-1])))
    return found


@pytest.mark.parametrize("name", list(all_variants()))
def test_coordinates_read_on_the_frame(name: str) -> None:
    """Each variant's start diagram (a lone king where none is sourced): all 2n coordinates
    have at least 4.5:1 against the frame."""
    v = variant(name)
    n = v.rules.size
    lone_king = "\n".join(
        " ".join("K" if (r, c) == (n // 2, n // 2) else "." for c in range(n)) for r in range(n)
    )
    pos = v.start() if v.setup is not None else parse_ascii(lone_king, n)  # Odin has none
    found = text_contrasts(position_svg(pos, v.rules))
    assert len(found) == 2 * v.rules.size, [t for t, *_ in found]
    weak = [f"{t}: {fg} auf {bg} = {r:.2f}:1" for t, fg, bg, r in found if r < LEAST]
    assert not weak, weak


CHAIN = """
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . K . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . A . . . . . . . .
. . . . . . . . . . .
"""


def test_step_numbers_read_on_their_badges() -> None:
    """A turn of three steps is numbered 1 to 3; each number has 4.5:1 against its badge."""
    v = variant("berserk-11")
    pos = parse_ascii(CHAIN, 11)
    g = pos.geo
    steps = [Move(g.parse(a), g.parse(b)) for a, b in (("c2", "c5"), ("c5", "c7"), ("c7", "d7"))]
    found = text_contrasts(position_svg(pos, v.rules, moves=steps))
    numbers = [(t, fg, bg, r) for t, fg, bg, r in found if t in ("1", "2", "3")]
    # the coordinates 1 to 3 on the frame, the step numbers 1 to 3 on their badges
    grounds = Counter(bg for _, _, bg, _ in numbers)
    assert sorted(grounds.values()) == [3, 3], numbers
    weak = [f"{t}: {fg} auf {bg} = {r:.2f}:1" for t, fg, bg, r in found if r < LEAST]
    assert not weak, weak
