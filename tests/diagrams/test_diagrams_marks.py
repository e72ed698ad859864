"""Diagrams a reader can read: arrows beside the piece, forbidden steps, last move, endings.

Expectations come from the rules and the positions (which squares form a fort or a ring),
read from the SVG's structure, never from the drawing code.
"""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET

import pytest

from diagrams import position_svg, svg_to_png
from diagrams.ending import ending_marks
from diagrams.legend import legend_html, legend_items, legend_svg
from diagrams.options import turn_options
from tafl_core import Board, Move, parse_ascii, variant
from tafl_core.context import context
from tafl_core.endings import encirclement_squares, fort_squares
from tafl_core.examples.run import execute
from tafl_core.examples.syntax import parse_block
from tafl_core.turns import play_turn
from tafl_docs import fence

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_attr(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.attrib]


def names(root: ET.Element, attr: str) -> set[str]:
    return {e.get(attr, "") for e in with_attr(root, attr)}


def disc(root: ET.Element, square: str) -> tuple[float, float, float]:
    """(cx, cy, r) of the piece on a square."""
    (group,) = [e for e in root.iter() if e.get("data-square") == square]
    c = group.find(f"{NS}circle")
    assert c is not None
    return float(c.get("cx", "nan")), float(c.get("cy", "nan")), float(c.get("r", "nan"))


def path_start(d: str) -> tuple[float, float]:
    m = re.match(r"M(-?[\d.]+) (-?[\d.]+)", d)
    assert m, d
    return float(m.group(1)), float(m.group(2))


def arrow_paths(group: ET.Element) -> list[str]:
    return [p.get("d", "") for p in group.iter(f"{NS}path")]


def grid(rows: list[str], n: int = 11) -> str:
    """A grid whose bottom ranks are `rows` (the last one is rank 1); the rest is empty."""
    empty = [" ".join("." * n)] * (n - len(rows))
    return "\n".join(empty + rows)


def board(slug: str, text: str):  # type: ignore[no-untyped-def]
    v = variant(slug)
    return v, parse_ascii(text, v.rules.size)


def block(text: str, page: str = "mechaniken/test.md"):  # type: ignore[no-untyped-def]
    """Execute a block as the site does."""
    ex = execute(parse_block(text, f"docs/{page}", 1))
    assert ex.ok, ex.report()
    return ex


def figure(text: str, page: str = "mechaniken/test.md") -> tuple[str, list[ET.Element], list[str]]:
    """The fence's HTML for a block, its SVG roots and the panel captions."""
    ex = block(text, page)
    state = fence.FenceState()  # the fence's part of a build, with the current page
    state.set_page(page, text, page.replace(".md", "/"))
    html = fence._figure(state, ex, text)
    roots = [parse(s) for s in re.findall(r"<svg.*?</svg>", html, re.S)]
    labels = re.findall(
        r'<p class="tafl-unterschrift">(.*?)<span class="tafl-nur-bildschirm[^"]*"> ·', html
    )
    return html, roots, labels


# -- arrows start beside the piece --------------------------------------------------

KING_MOVE = """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . K
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . A . . . . . . .
Zug: k5-k11
Ergebnis: Verteidiger gewinnen (Flucht)
"""

JUMP = """
Variante: tyr-15
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . K . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . C V . . . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
Zug: e8^g8
Geschlagen: keine
"""


@pytest.mark.parametrize(("text", "square"), [(KING_MOVE, "k5"), (JUMP, "e8")])
def test_arrow_starts_outside_the_moving_disc(text: str, square: str) -> None:
    _, roots, _ = figure(text)
    before = roots[0]
    cx, cy, r = disc(before, square)
    (arrow,) = with_attr(before, "data-move")
    for d in arrow_paths(arrow):
        x, y = path_start(d)
        assert math.hypot(x - cx, y - cy) > r, (d, r)
    # and the arrow carries no dot on the piece any more
    assert not [c for c in arrow.iter(f"{NS}circle")]


def test_origin_square_is_tinted() -> None:
    _, roots, _ = figure(KING_MOVE)
    assert names(roots[0], "data-at") == {"k5"}


def test_odin_three_step_chain_shows_every_step_with_a_number() -> None:
    v = variant("odin-11")
    pos = parse_ascii(
        grid(
            [
                ". . . . . . . . . A .",
                ". . . . . . . . K . .",
                ". . . . . . . . . . .",
                "A V . . . . . . . . .",
                ". . . V . . . . . . .",
                ". . . b A . . . . . .",
                ". . . . . . . . . . .",
                ". . . . . . . V . . .",
                ". . A . . . . . . . .",
                ". . . . . . . . . . .",
            ]
        ),
        11,
    )
    g = pos.geo
    steps = [Move(g.parse(a), g.parse(b)) for a, b in (("c2", "c5"), ("c5", "c7"), ("c7", "d7"))]
    root = parse(position_svg(pos, v.rules, moves=steps))
    arrows = with_attr(root, "data-move")
    assert len(arrows) == 3
    # the short last step still has a shaft and a head of its own
    shaft = arrow_paths(arrows[2])[0]
    (x0, y0), (x1, y1) = (
        tuple(map(float, p.split())) for p in re.findall(r"[ML](-?[\d.]+ -?[\d.]+)", shaft)
    )
    assert math.hypot(x1 - x0, y1 - y0) > 8
    # numbers 1-3, each beside (not on) its own arrow's shaft
    badges = {e.get("data-step"): e for e in with_attr(root, "data-step")}
    assert set(badges) == {"1", "2", "3"}
    for i, arrow in enumerate(arrows, 1):
        c = badges[str(i)].find(f"{NS}circle")
        assert c is not None
        bx, by, br = (float(c.get(k, "nan")) for k in ("cx", "cy", "r"))
        pts = re.findall(r"[ML](-?[\d.]+) (-?[\d.]+)", arrow_paths(arrow)[0])
        (ax, ay), (ex, ey) = ((float(a), float(b)) for a, b in pts)
        assert _distance_to_segment(bx, by, ax, ay, ex, ey) > br


def _distance_to_segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


# -- forbidden steps look forbidden ---------------------------------------------------

CORNER = """
Variante: copenhagen-11
Titel: Ein Angreifer darf nicht in die Ecke a1 ziehen.
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 A . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
Zug: a4-a1
Illegal: sperrfeld
"""


def test_forbidden_step_differs_from_a_legal_one() -> None:
    _, (illegal,), (label,) = figure(CORNER)
    _, legal_roots, _ = figure(KING_MOVE)
    (bad,) = with_attr(illegal, "data-move")
    (good,) = with_attr(legal_roots[0], "data-move")
    assert bad.get("data-kind") == "forbidden" and good.get("data-kind") == "step"

    def strokes(g: ET.Element) -> set[str]:
        return {p.get("stroke", "") for p in g.iter(f"{NS}path")} - {"#ffffff"}

    assert strokes(bad) and strokes(bad).isdisjoint(strokes(good))
    # greyscale-safe: dashed and without an arrowhead; the legal one is solid with a head
    assert any(p.get("stroke-dasharray") for p in bad.iter(f"{NS}path"))
    assert not list(bad.iter(f"{NS}polygon"))
    assert not any(p.get("stroke-dasharray") for p in good.iter(f"{NS}path"))
    assert list(good.iter(f"{NS}polygon"))
    assert label == (
        "Der Angreifer will von a4 nach a1 ziehen. "
        "Verboten: Nur der König darf auf dem Eckfeld a1 stehen."
    )


# -- after-boards: last move and ending -----------------------------------------------


def test_after_board_marks_the_last_move() -> None:
    _, (before, after), _ = figure(KING_MOVE)
    moved = {(e.get("data-moved"), e.get("data-at")) for e in with_attr(after, "data-moved")}
    assert moved == {("from", "k5"), ("to", "k11")}
    assert names(after, "data-last-move") == {"k5-k11"}
    assert not with_attr(before, "data-last-move")


def test_escape_frames_the_kings_square() -> None:
    _, (_, after), labels = figure(KING_MOVE)
    (ending,) = with_attr(after, "data-ending")
    assert ending.get("data-ending") == "escape"  # the code, not the German word
    assert names(after, "data-ending-square") == {"k11"}
    assert labels[1] == "Danach gewinnen die Verteidiger: Der König ist entkommen."


FORT = """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . A . . . . . . V . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . A . .
 5 . . . . . . V . . . .
 4 . . . . . A . . . . .
 3 . . . A . . . . . . .
 2 . . A . V V . A . . .
 1 . . A V . K . . . . .
Zug: g5-g1
Ergebnis: Verteidiger gewinnen (Randfestung)
"""


def test_edge_fort_marks_wall_and_inside() -> None:
    _, (_, after), _ = figure(FORT)
    # the king on f1 and the empty e1 are inside; d1, e2, f2 and g1 close them in
    assert names(after, "data-ending-area") == {"e1", "f1"}
    assert names(after, "data-ending-square") == {"d1", "e2", "f2", "g1"}


def test_encirclement_ring_and_inside_from_the_engine() -> None:
    v, pos = board(
        "copenhagen-11",
        grid(
            [
                ". . . . . . . . . . .",
                ". . . . . . . . . . .",
                ". . . . . A . . . . .",
                ". . . . A V A . . . .",
                ". . . A K . . A . . .",
                ". . . . A V A . . . .",
                ". . . . . A . . . . .",
                ". . . . . . . . . . .",
                ". . . . . . . . . . A",
            ]
        ),
    )
    g = pos.geo
    ring, inside = encirclement_squares(context(v.rules), pos)
    assert {g.name(s) for s in g.squares(inside)} == {"f6", "e5", "f5", "g5", "f4"}
    assert {g.name(s) for s in g.squares(ring)} == {
        "f7",
        "e6",
        "g6",
        "d5",
        "h5",
        "e4",
        "g4",
        "f3",
    }
    # the lone attacker on k1 does not take part in the ring
    assert "k1" not in {g.name(s) for s in g.squares(ring)}


def test_fort_squares_from_the_engine() -> None:
    v, pos = board(
        "copenhagen-11",
        grid([". . . V V V . . . . .", ". . V . K . V . . . ."]),
    )
    g = pos.geo
    wall, inside = fort_squares(context(v.rules), pos)
    assert {g.name(s) for s in g.squares(inside)} == {"d1", "e1", "f1"}
    assert {g.name(s) for s in g.squares(wall)} == {"c1", "d2", "e2", "f2", "g1"}


def test_captured_king_is_framed() -> None:
    text = """
Variante: simples-tafl-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . A . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . A K . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
Zug: f9-f5
Ergebnis: Angreifer gewinnen (Königsfang)
"""
    _, (_, after), labels = figure(text)
    assert names(after, "data-ending-square") == {"e5"}
    assert with_attr(after, "data-ghost")  # the king is drawn faded where he was taken
    assert labels[1] == "Danach gewinnen die Angreifer: Der König ist gefangen."


def test_no_ending_mark_while_the_game_goes_on() -> None:
    v = variant("copenhagen-11")
    assert ending_marks(v.rules, v.start(), None) is None


# -- shieldwall rows ------------------------------------------------------------------


def framed_after(grid: str, step: str) -> set[str]:
    """The squares the turn options frame after this Copenhagen step (captures by rule)."""
    v = variant("copenhagen-11")
    board = Board(v.rules, parse_ascii(grid, 11))
    record = play_turn(board, [step])
    options = turn_options(record, capture_rules=True)
    assert turn_options(record)["highlights"] == []  # only on request (the examples' after)
    return {board.name(s) for s in options["highlights"]}


EDGE = """\
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . A . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . A A A A A . . . . .
 1 . V V A V V . . . . .
   a b c d e f g h i j k"""


def test_shieldwall_row_with_its_ends() -> None:
    # g5-g1 closes the wall e1-f1 against the attacker on d1
    assert framed_after(EDGE, "g5-g1") == {"d1", "e1", "f1", "g1"}
    # against the corner: the corner square is the closing end
    corner = (
        EDGE.replace(" 5 . . . . . . A", " 5 . . . A . . .")
        .replace(" 2 . A A A A A", " 2 . A A . A A")
        .replace(" 1 . V V A V V", " 1 . V V . V V")
    )
    assert framed_after(corner, "d5-d1") == {"a1", "b1", "c1", "d1"}


def test_a_custodial_capture_is_no_row() -> None:
    grid = EDGE.replace(" 2 . A A A A A", " 2 . . . . . .").replace(
        " 1 . V V A V V", " 1 . . . A V ."
    )
    assert framed_after(grid, "g5-g1") == set()


def test_shieldwall_capture_marks_the_row_on_the_after_board() -> None:
    text = """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . A . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . A A A . . . . .
 1 . . A V V V . . . . .
Zug: g5-g1
Geschlagen: d1, e1, f1
"""
    _, (before, after), labels = figure(text)
    marked = {e.get("x") for e in with_attr(after, "data-highlight")}
    assert len(marked) == 5
    assert not with_attr(before, "data-highlight")
    assert labels[1] == "Danach sind die Verteidiger auf d1, e1 und f1 geschlagen."


# -- captions in reader German --------------------------------------------------------


def test_jump_caption_and_no_engine_words() -> None:
    html, _, labels = figure(JUMP, page="varianten/tyr-15.md")
    assert labels[0] == "Der Kommandant der Angreifer springt von e8 über f8 nach g8."
    assert labels[1] == "Danach ist keine Figur geschlagen."
    text = re.sub(r"<svg.*?</svg>", "", html, flags=re.S)
    text = re.sub(r"<template.*?</template>", "", text, flags=re.S)  # data for the live board
    text = re.sub(r"<[^>]+>", " ", text)
    assert "^" not in text and "Grund" not in text and "sperrfeld" not in text
    for label in labels:
        for sentence in re.split(r"(?<=\.) ", label):
            assert sentence.count(":") <= 1, sentence
    # on its own variant's card the name is not repeated, on a mechanics page it is
    caption = html.split("<figcaption>")[1].split("</figcaption>")[0]
    assert "Tyr" not in caption
    other, _, _ = figure(JUMP, page="mechaniken/sonderfiguren.md")
    assert "(Tyr" in other.split("<figcaption>")[1]


def test_desc_says_what_the_example_shows() -> None:
    _, (before, after), _ = figure(KING_MOVE)
    desc_before = before.find(f"{NS}desc")
    desc_after = after.find(f"{NS}desc")
    assert desc_before is not None and desc_after is not None
    assert (desc_before.text or "").startswith("Der König zieht von k5 nach k11.")
    assert (desc_after.text or "").startswith("Danach gewinnen die Verteidiger")
    assert "^" not in (desc_before.text or "") + (desc_after.text or "")


def test_chain_caption_with_a_jump() -> None:
    text = """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . K . .
 8 . . . . . . . . . . .
 7 . . . A . A . . . . .
 6 . . . V . V . . . . .
 5 . . . . V . V A . . .
 4 . . . . . . . . . . .
 3 . . . C . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
Zug: d3-d5, d5^f5
Geschlagen: d6, f6, g5
"""
    _, _, labels = figure(text)
    assert labels[0] == (
        "Der Kommandant der Angreifer zieht im Berserker-Lauf von d3 nach d5 "
        "und mit einem Sprung über e5 nach f5."
    )
    assert labels[1] == "Danach sind die Verteidiger auf g5, d6 und f6 geschlagen."


# -- phone size and greyscale ---------------------------------------------------------

Image = pytest.importorskip("PIL.Image")
pytest.importorskip("cairosvg")


def _phone_scale(svg: str) -> float:
    width = float(parse(svg).get("width", "0"))
    return 360 / width


def _grey(img):  # type: ignore[no-untyped-def]
    return img.convert("L")


@pytest.mark.parametrize("slug", ["odin-11", "tyr-15"])
def test_variegated_states_differ_in_greyscale_at_phone_size(slug: str) -> None:
    v = variant("odin-11")
    pos = parse_ascii(grid([". . . . . . . . . . .", ". . . B . b . . . . ."]), 11)
    svg = position_svg(pos, v.rules)
    if slug == "tyr-15":  # the same pieces, drawn on a 15×15 board
        v15 = variant("tyr-15")
        pos = parse_ascii(grid([". . . B . b" + " ." * 9], 15), 15)
        svg = position_svg(pos, v15.rules)
    scale = _phone_scale(svg)
    img = _grey(Image.open(io.BytesIO(svg_to_png(svg, scale))))
    root = parse(svg)
    means = {}
    for group in with_attr(root, "data-piece"):
        cx, cy, r = disc(root, group.get("data-square", ""))
        px = [
            img.getpixel((round((cx + dx) * scale), round((cy + dy) * scale)))
            for dx in range(-int(r) + 3, int(r) - 2)
            for dy in range(-int(r) + 3, int(r) - 2)
            if dx * dx + dy * dy < (r - 3) ** 2
        ]
        means[group.get("data-piece")] = sum(px) / len(px)
    assert abs(means["b"] - means["B"]) > 80, means


@pytest.mark.parametrize("slug", ["tyr-11", "tyr-15"])
def test_step_numbers_and_flip_badge_are_legible_at_phone_size(slug: str) -> None:
    v = variant(slug)
    n = v.rules.size
    pos = parse_ascii(grid([". . . A" + " ." * (n - 4)], n), n)
    g = pos.geo
    steps = [Move(g.parse("d1"), g.parse("d3")), Move(g.parse("d3"), g.parse("f3"))]
    svg = position_svg(pos, v.rules, moves=steps, flipped=[g.parse("d1")])
    scale = _phone_scale(svg)
    root = parse(svg)
    sizes = [float(e.get("font-size", "0")) * scale for e in with_attr(root, "font-size")]
    numbers = [e.find(f"{NS}text") for e in with_attr(root, "data-step")]
    assert all(t is not None and float(t.get("font-size", "0")) * scale >= 10 for t in numbers)
    assert min(sizes) >= 8  # even the coordinates
    (badge,) = with_attr(root, "data-flipped")
    c = badge.find(f"{NS}circle")
    assert c is not None and float(c.get("r", "0")) * scale >= 7  # at least 14 px across


# -- legend ---------------------------------------------------------------------------


def test_legend_shows_only_the_variants_pieces() -> None:
    odin = {i.key for i in legend_items(variant("odin-11").rules)}
    cph = {i.key for i in legend_items(variant("copenhagen-11").rules)}
    assert {"kommandant-a", "kommandant-v", "bunter-a", "bunter-v", "umgedreht", "lauf"} <= odin
    assert not {"kommandant-a", "bunter-a", "umgedreht", "sprung", "lauf"} & cph
    assert {"angreifer", "verteidiger", "koenig", "zug", "verboten", "geschlagen"} <= cph
    assert "sperrfeld" in cph and "sperrfeld" not in {
        i.key for i in legend_items(variant("tyr-11").rules)
    }


def test_legend_pictures_are_the_diagrams_own_marks() -> None:
    v = variant("odin-11")
    root = parse(legend_svg(v.rules))
    assert root.get("role") == "img"
    icons = {e.get("data-legend"): e for e in with_attr(root, "data-legend")}
    assert {e.get("data-piece") for e in with_attr(icons["bunter-a"], "data-piece")} == {"B"}
    assert {e.get("data-piece") for e in with_attr(icons["bunter-v"], "data-piece")} == {"b"}
    assert with_attr(icons["umgedreht"], "data-flipped")
    kinds = {e.get("data-kind") for e in with_attr(icons["verboten"], "data-kind")}
    assert kinds == {"forbidden"}
    assert with_attr(icons["letzter-zug"], "data-last-move")
    assert with_attr(icons["spielende"], "data-ending-square")


def test_legend_directive(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tafl_docs.directives import Context, render

    lines = render("legende tyr-11", Context("mechaniken/berserker.md"))
    html = "\n".join(lines)
    assert html.count("<li") == len(legend_items(variant("tyr-11").rules))
    assert "Bunter" not in html and "Kommandant der Angreifer" in html
    assert 'aria-hidden="true"' in html  # pictures are decoration beside the words
    assert legend_html(variant("tyr-11").rules).count("<svg") == html.count("<svg")


def test_forbidden_continuation_and_wrong_side_read_as_sentences() -> None:
    chain = """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . K . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . A . . A . . .
 5 . . . . V . . V . . .
 4 A . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
Zug: a4-e4, e4-e2
Illegal: berserker
"""
    _, (root,), (label,) = figure(chain)
    assert label == (
        "Der Angreifer zieht von a4 nach e4. Er will dann von e4 nach e2 "
        "weiterziehen. Verboten: Im Berserker-Lauf muss jeder weitere Zug schlagen."
    )  # Tyr has no variegated men: no "oder umdrehen"
    assert {e.get("data-kind") for e in with_attr(root, "data-kind")} == {"step", "forbidden"}
    wrong = """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . A . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . V . . . . . . .
 1 . . . . . . . . . . .
Zug: d2-d4
Illegal: nicht-am-zug
"""
    _, _, (label,) = figure(wrong)
    assert label == (
        "Der Verteidiger will von d2 nach d4 ziehen. Verboten: Am Zug sind die Angreifer."
    )


def _disc_pixels(img, root, square: str, scale: float, r: float) -> list[int]:  # type: ignore[no-untyped-def]
    """Grey values within radius r of the disc centre on `square`, on a fixed grid of offsets."""
    cx, cy, _ = disc(root, square)
    return [
        img.getpixel((round((cx + dx) * scale), round((cy + dy) * scale)))
        for dx in range(-int(r) + 3, int(r) - 2)
        for dy in range(-int(r) + 3, int(r) - 2)
        if dx * dx + dy * dy < (r - 3) ** 2
    ]


@pytest.mark.parametrize("side_row", ["A C B R", "V c b r"])
def test_knight_differs_from_every_other_piece_in_greyscale_at_phone_size(side_row: str) -> None:
    # one piece of each kind of one side on an 11×11 board, drawn at phone width
    letters = side_row.split()
    cells = [".", ".", *letters, "K"]
    pos = parse_ascii(grid([" ".join(cells + ["."] * (11 - len(cells)))], 11), 11)
    svg = position_svg(pos, variant("berserk-11").rules)
    scale = _phone_scale(svg)
    img = _grey(Image.open(io.BytesIO(svg_to_png(svg, scale))))
    root = parse(svg)
    files = "abcdefghijk"
    squares = {ch: f"{files[i + 2]}1" for i, ch in enumerate([*letters, "K"])}
    r = disc(root, squares[letters[-1]])[2]
    knight = _disc_pixels(img, root, squares[letters[-1]], scale, r)
    for other in [*letters[:-1], "K"]:
        pixels = _disc_pixels(img, root, squares[other], scale, r)
        differing = sum(abs(a - b) > 100 for a, b in zip(knight, pixels, strict=True))
        # a clearly different mark: at least a tenth of the disc changes by >100 grey levels
        assert differing > len(knight) / 10, (other, differing, len(knight))


def test_berserk_legend_names_only_the_special_pieces_it_has() -> None:
    from tafl_docs.directives import Context, render

    # Nielsen, Berserk rule 1: the four commanders attack, the single knight defends
    html = "\n".join(render("legende berserk-11", Context("varianten/berserk-11.md")))
    assert "Kommandant der Angreifer" in html and "Ritter der Verteidiger" in html
    assert "Kommandant der Verteidiger" not in html and "Ritter der Angreifer" not in html
    assert "Sprung (Kommandant, Ritter oder König)" in html
    # Tyr's start has no commanders, so both sides' commanders stay in its legend
    tyr = "\n".join(render("legende tyr-11", Context("varianten/tyr-11.md")))
    assert "Kommandant der Angreifer" in tyr and "Kommandant der Verteidiger" in tyr


def test_forbidden_jump_reads_as_a_jump() -> None:
    # the commander tries to jump over a2 into the corner a1 (Berserk: only the king stops there)
    block = """
Variante: berserk-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 C . . . . . . . . . .
 2 V . . . . . . . . . .
 1 . . . . . . . . . . .
Zug: a3-a1
Illegal: sperrfeld
"""
    _, _, (label,) = figure(block)
    assert label.startswith("Der Kommandant der Angreifer will von a3 nach a1 springen. Verboten:")
    assert "Eckfeld a1" in label


# -- the caption says what the target dots are ------------------------------------------

TARGETS_AFTER_MOVE = """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . K . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . A . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: f2-f9
Ziele f9: f1, f2, f3, f4, f5, f7, f8, f10, f11, a9, b9, c9, d9, e9, g9, h9, i9, j9, k9
"""


def test_dots_after_a_move_are_explained_in_the_caption() -> None:
    """The reader sees dots, not a list – the after caption says what they are."""
    _, _, (before, after) = figure(TARGETS_AFTER_MOVE)
    assert "Punkte" not in before
    assert after.endswith("Die Punkte zeigen, wohin die Figur auf f9 jetzt ziehen darf.")
