"""SVG diagrams: structure, the exact pieces, annotations, German texts, and `tafl render`."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from diagrams import position_svg
from diagrams.options import turn_options
from tafl_cli.main import main
from tafl_core import Board, Move, all_variants, parse_ascii, variant
from tafl_core.turns import play_turn

NS = "{http://www.w3.org/2000/svg}"
FILES = "abcdefghijklmnopqrs"

#: A hand-made Odin position with every piece letter (commanders and variegated men).
ODIN_GRID = """
11 . . . . . . . . . . .
10 . . C . . . . . A . .
 9 . . . . . . . . . . .
 8 . . . B . b . . . . .
 7 . . . . . . . . . . .
 6 . . . . c K V . . . .
 5 . . . . . . . . . . .
 4 . A . . . . . . B . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . C .
 1 A . . . . . . . . . V
   a b c d e f g h i j k
"""


def grid_pieces(grid: str) -> set[tuple[str, str]]:
    """(square, letter) of every piece, read from a grid independently of the engine."""
    rows = []
    for line in grid.strip("\n").splitlines():
        tokens = line.split()
        if not tokens or all(t in FILES for t in tokens):
            continue  # blank line or file letters
        if tokens[0].isdigit():
            tokens = tokens[1:]
        rows.append("".join(tokens))
    n = len(rows)
    out = set()
    for i, row in enumerate(rows):
        assert len(row) == n
        for f, ch in enumerate(row):
            if ch != ".":
                out.add((f"{FILES[f]}{n - i}", ch))
    return out


def parse(svg: str) -> ET.Element:
    """The SVG's root element; fails when the text is not well-formed XML."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def svg_pieces(root: ET.Element) -> set[tuple[str, str]]:
    """(data-square, data-piece) of every piece element; no square appears twice."""
    found = [
        (e.get("data-square"), e.get("data-piece")) for e in root.iter() if "data-piece" in e.attrib
    ]
    squares = [sq for sq, _ in found]
    assert len(squares) == len(set(squares)), "a square carries two pieces"
    # nothing else may claim a square
    extra = [e for e in root.iter() if "data-square" in e.attrib and "data-piece" not in e.attrib]
    assert not extra
    return set(found)  # type: ignore[arg-type]


def with_attr(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.attrib]


def text_of(root: ET.Element, tag: str) -> str:
    el = root.find(f"{NS}{tag}")
    assert el is not None and el.text
    return el.text


SETUP_VARIANTS = [v for v in all_variants().values() if v.has_setup]


@pytest.mark.parametrize("v", SETUP_VARIANTS, ids=lambda v: v.slug)
def test_start_pieces_are_exactly_the_setup(v):
    root = parse(position_svg(v.start(), v.rules, variant_name=v.name))
    assert v.setup is not None
    assert svg_pieces(root) == grid_pieces(v.setup)


def test_odin_position_with_commanders_and_variegated_men():
    v = variant("odin-11")
    pos = parse_ascii(ODIN_GRID, 11)
    root = parse(position_svg(pos, v.rules, variant_name=v.name))
    pieces = svg_pieces(root)
    assert pieces == grid_pieces(ODIN_GRID)
    assert {letter for _, letter in pieces} == set("AVKCcBb")


def test_annotations_carry_no_piece():
    v = variant("odin-11")
    pos = parse_ascii(ODIN_GRID, 11)
    geo = pos.geo
    captured = [geo.parse("e5"), geo.parse("h8")]
    ghosts = {geo.parse("e5"): pos.piece_at(geo.parse("c10"))}  # only one ghost given
    svg = position_svg(
        pos,
        v.rules,
        moves=[Move(geo.parse("c10"), geo.parse("c9"))],
        captured=captured,
        captured_pieces=ghosts,
        flipped=[geo.parse("d8")],
        highlights=[geo.parse("f6"), geo.parse("a1")],
        targets=[geo.parse("f7"), geo.parse("f8"), geo.parse("f9")],
    )
    root = parse(svg)
    assert svg_pieces(root) == grid_pieces(ODIN_GRID)
    assert {e.get("data-captured") for e in with_attr(root, "data-captured")} == {"e5", "h8"}
    assert {e.get("data-flipped") for e in with_attr(root, "data-flipped")} == {"d8"}
    assert len(with_attr(root, "data-ghost")) == 1
    assert len(with_attr(root, "data-highlight")) == 2
    assert len(with_attr(root, "data-target")) == 3
    for attr in ("data-captured", "data-flipped", "data-ghost", "data-move", "data-target"):
        for el in with_attr(root, attr):
            assert not [e for e in el.iter() if "data-piece" in e.attrib]


def _centre(root: ET.Element, square: str) -> tuple[float, float]:
    (group,) = [e for e in root.iter() if e.get("data-square") == square]
    circle = group.find(f"{NS}circle")
    assert circle is not None
    return float(circle.get("cx", "nan")), float(circle.get("cy", "nan"))


def test_a1_is_bottom_left_and_coordinates_are_drawn():
    v = variant("copenhagen-11")
    root = parse(position_svg(v.start(), v.rules))
    ax, _ = _centre(root, "a4")
    kx, _ = _centre(root, "k4")
    _, y1 = _centre(root, "d1")
    _, y11 = _centre(root, "d11")
    assert ax < kx and y1 > y11
    labels = {t.text: t for t in root.iter(f"{NS}text")}
    assert set("abcdefghijk") <= set(labels)
    assert {str(r) for r in range(1, 12)} <= set(labels)
    assert "l" not in labels and "12" not in labels
    assert float(labels["a"].get("x", "0")) < float(labels["k"].get("x", "0"))
    assert float(labels["1"].get("y", "0")) > float(labels["11"].get("y", "0"))


@pytest.mark.parametrize(
    ("slug", "expected"),
    [
        ("copenhagen-11", {"a1", "k1", "a11", "k11", "f6"}),
        ("standard-tablut-9", {"a1", "i1", "a9", "i9", "e5"}),
        ("tyr-11", set()),
    ],
)
def test_restricted_squares_marked(slug, expected):
    v = variant(slug)
    root = parse(position_svg(v.start(), v.rules))
    assert {e.get("data-restricted") for e in with_attr(root, "data-restricted")} == expected


def test_title_desc_and_accessibility():
    v = variant("copenhagen-11")
    board = Board(v)
    board.push_text("d11-d9")
    svg = position_svg(board.pos, v.rules, moves=board.moves, variant_name=v.name)
    root = parse(svg)
    assert root.get("role") == "img"
    ids = root.get("aria-labelledby", "").split()
    assert ids == ["d-title", "d-desc"]
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    assert by_id["d-title"].tag == f"{NS}title" and by_id["d-desc"].tag == f"{NS}desc"
    title, desc = text_of(root, "title"), text_of(root, "desc")
    assert v.name in title and "d11-d9" in title
    assert "Am Zug: Verteidiger" in desc
    assert "König auf f6" in desc
    assert "von d11 nach d9" in desc
    assert "Thron f6" in desc
    assert root.get("viewBox")


def test_desc_names_every_square_of_the_side_to_move():
    v = variant("tyr-11")
    desc = text_of(parse(position_svg(v.start(), v.rules, variant_name=v.name)), "desc")
    assert "Am Zug: Angreifer" in desc
    attackers = desc.split("Angreifer (")[1].split(".")[0]
    defenders = desc.split("Verteidiger (")[1].split(".")[0]
    expected = grid_pieces(v.setup or "")
    assert set(re.findall(r"\b[a-s]\d+\b", attackers)) == {s for s, p in expected if p == "A"}
    assert set(re.findall(r"\b[a-s]\d+\b", defenders)) == {s for s, p in expected if p in "VK"}
    assert attackers.startswith("24)")


def test_custom_title_and_id_prefix():
    v = variant("tyr-11")
    a = parse(position_svg(v.start(), v.rules, title="Ein <Titel> & mehr", id_prefix="x1"))
    b = parse(position_svg(v.start(), v.rules, id_prefix="x2"))
    assert text_of(a, "title") == "Ein <Titel> & mehr"
    ids_a = [e.get("id") for e in a.iter() if e.get("id")]
    ids_b = [e.get("id") for e in b.iter() if e.get("id")]
    assert len(ids_a) == len(set(ids_a)) and ids_a
    assert not set(ids_a) & set(ids_b)
    assert a.get("aria-labelledby") == "x1-title x1-desc"


def test_self_contained_and_deterministic():
    v = variant("copenhagen-11")
    pos = v.start()
    sq = pos.geo.parse
    one = position_svg(pos, v.rules, highlights={sq("f6"), sq("a4")}, targets=[sq("c3"), sq("b2")])
    two = position_svg(pos, v.rules, highlights=[sq("a4"), sq("f6")], targets=(sq("b2"), sq("c3")))
    assert one == two
    body = one.replace('xmlns="http://www.w3.org/2000/svg"', "")
    for bad in ("href", "url(", "@import", "http:", "https:", "<script", "<image"):
        assert bad not in body
    assert "DejaVu Sans" in one and "sans-serif" in one


def test_chain_arrows_are_numbered_and_jump_is_distinct():
    v = variant("tyr-11")
    pos = parse_ascii(TYR_CHAIN, 11)
    board = Board(v.rules, pos)
    turn = play_turn(board, ["d3-d5", "d5-f5"])  # the jump is found without '^'
    assert turn.moves[1].jump
    root = parse(position_svg(board.pos, v.rules, **turn_options(turn)))
    arrows = with_attr(root, "data-move")
    assert [a.get("data-move") for a in arrows] == ["d3-d5", "d5^f5"]
    assert [a.get("data-kind") for a in arrows] == ["step", "jump"]
    assert sorted(e.get("data-step") for e in with_attr(root, "data-step")) == ["1", "2"]
    single = parse(position_svg(board.pos, v.rules, moves=turn.moves[:1]))
    assert not with_attr(single, "data-step")


def test_bad_input_is_refused():
    v = variant("copenhagen-11")
    with pytest.raises(ValueError):
        position_svg(variant("tyr-15").start(), v.rules)
    with pytest.raises(ValueError):
        position_svg(v.start(), v.rules, highlights=[121])
    with pytest.raises(ValueError):
        position_svg(v.start(), v.rules, moves=[Move(0, 200)])


TYR_CHAIN = """
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
   a b c d e f g h i j k
"""


# -- the command line -----------------------------------------------------------


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_render_start_to_stdout(capsys):
    code, out, err = run(capsys, "render", "seeschlacht-11")
    assert code == 0 and not err
    v = variant("seeschlacht-11")
    assert svg_pieces(parse(out)) == grid_pieces(v.setup or "")


def test_render_berserker_chain_from_file(tmp_path, capsys):
    grid = tmp_path / "tyr.txt"
    grid.write_text(TYR_CHAIN, encoding="utf-8")
    # options between variant and moves are accepted
    code, out, err = run(capsys, "render", "tyr-11", "--position", str(grid), "d3-d5,d5^f5")
    assert code == 0, err
    root = parse(out)
    after = grid_pieces(TYR_CHAIN) - {("d6", "V"), ("f6", "V"), ("g5", "V"), ("d3", "C")}
    assert svg_pieces(root) == after | {("f5", "C")}
    assert {e.get("data-captured") for e in with_attr(root, "data-captured")} == {"d6", "f6", "g5"}
    assert "Am Zug: Verteidiger" in text_of(root, "desc")


def test_render_targets_and_highlight(capsys):
    code, out, _ = run(
        capsys, "render", "copenhagen-11", "--targets", "d11", "--highlight", "f6,e5"
    )
    assert code == 0
    root = parse(out)
    board = Board(variant("copenhagen-11"))
    assert len(with_attr(root, "data-target")) == len(board.targets("d11")) > 0
    assert len(with_attr(root, "data-highlight")) == 3


def test_render_png_file(tmp_path, capsys):
    pytest.importorskip("cairosvg")
    out = tmp_path / "start.png"
    code, _, err = run(capsys, "render", "tyr-15", "--out", str(out), "--scale", "0.5")
    assert code == 0, err
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["render", "foo"], "unbekannte Variante 'foo'"),
        (["render", "odin-11"], "keine Startaufstellung"),
        (["render", "copenhagen-11", "z9-d4"], "z9-d4"),
        (["render", "copenhagen-11", "d11-d2"], "d11-d2"),
        (["render", "copenhagen-11", "d11-d9", "a1-a2"], "Zug 2"),
        (["render", "copenhagen-11", "--highlight", "q2"], "q2"),
        (["render", "copenhagen-11", "--targets", "f9"], "keine Figur"),
        (["render", "copenhagen-11", "--out", "x.gif"], ".png"),
        (["render", "copenhagen-11", "--turn", "rot"], "rot"),
    ],
)
def test_render_errors_are_one_line(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert not out
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("tafl: Fehler: ")
    assert needle in lines[0]
    assert "Traceback" not in err


def test_render_odin_says_why(capsys):
    _, _, err = run(capsys, "render", "odin-11")
    assert "Odin" in err and "--position" in err


def test_sides_to_move_flag(tmp_path, capsys):
    grid = tmp_path / "odin.txt"
    grid.write_text(ODIN_GRID, encoding="utf-8")
    code, out, _ = run(
        capsys, "render", "odin-11", "--position", str(grid), "--turn", "verteidiger"
    )
    assert code == 0
    root = parse(out)
    assert "Am Zug: Verteidiger" in text_of(root, "desc")
    assert svg_pieces(root) == grid_pieces(ODIN_GRID)


def test_special_pieces_have_a_contrasting_mark():
    """King, commanders and variegated men carry a mark in the opposite tone of their disc."""
    v = variant("odin-11")
    root = parse(position_svg(parse_ascii(ODIN_GRID, 11), v.rules))
    shapes = {}
    for group in with_attr(root, "data-piece"):
        letter = group.get("data-piece", "")
        disc, *marks = list(group)
        assert disc.tag == f"{NS}circle"
        if letter in "AV":
            assert not marks, letter
            continue
        assert len(marks) == 1, letter
        assert marks[0].get("fill") != disc.get("fill"), letter
        shapes[letter.upper()] = (marks[0].tag, marks[0].get("points", marks[0].get("d", "")))
    # crown, star and band: three different kinds of mark
    kinds = {letter: (tag, len(geom.split())) for letter, (tag, geom) in shapes.items()}
    assert len(set(kinds.values())) == 3, kinds
    discs = {g.get("data-piece"): g[0].get("fill") for g in with_attr(root, "data-piece")}
    assert discs["A"] == discs["C"] == discs["B"] != discs["V"] == discs["c"] == discs["b"]
