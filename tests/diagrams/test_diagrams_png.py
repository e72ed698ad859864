"""PNG output: the size follows the scale, and pixels show the right things in the right place."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest

from diagrams import position_svg, svg_to_png
from tafl_core import Move, parse_ascii, variant

pytest.importorskip("cairosvg")
Image = pytest.importorskip("PIL.Image")

NS = "{http://www.w3.org/2000/svg}"


def _board_box(svg: str) -> tuple[float, float, float, int, str]:
    """(x, y, side length, n, fill) of the playing area, read from the SVG."""
    root = ET.fromstring(svg)
    (board,) = [e for e in root.iter(f"{NS}rect") if "data-board" in e.attrib]
    n = int(root.get("data-board-size", "0"))
    w, h = float(board.get("width", "0")), float(board.get("height", "0"))
    assert w == h and n > 0
    return float(board.get("x", "0")), float(board.get("y", "0")), w, n, board.get("fill", "")


def _centre_px(svg: str, square: str, scale: float) -> tuple[int, int]:
    """Pixel at the centre of a square; a1 is bottom left, computed from the board box."""
    x, y, side, n, _ = _board_box(svg)
    f = "abcdefghijklmnopqrs".index(square[0])
    r = int(square[1:]) - 1
    cell = side / n
    cx = x + (f + 0.5) * cell
    cy = y + side - (r + 0.5) * cell
    return round(cx * scale), round(cy * scale)


def _png(svg: str, scale: float):  # type: ignore[no-untyped-def]
    return Image.open(io.BytesIO(svg_to_png(svg, scale))).convert("RGB")


def _luma(rgb: tuple[int, int, int]) -> float:
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b


def _hex(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


@pytest.mark.parametrize("scale", [0.5, 1.0, 2.0])
def test_png_size_follows_scale(scale):
    v = variant("copenhagen-11")
    svg = position_svg(v.start(), v.rules)
    root = ET.fromstring(svg)
    _, _, vw, vh = (float(t) for t in root.get("viewBox", "").split())
    img = _png(svg, scale)
    assert img.size == (round(vw * scale), round(vh * scale))


@pytest.mark.parametrize("scale", [1.0, 1.7])
def test_pixels_of_pieces_and_empty_squares(scale):
    v = variant("copenhagen-11")
    svg = position_svg(v.start(), v.rules)
    img = _png(svg, scale)
    board_rgb = _hex(_board_box(svg)[4])
    # attackers (dark)
    for sq in ("d1", "a6", "f10", "k8"):
        assert _luma(img.getpixel(_centre_px(svg, sq, scale))) < 80, sq
    # defenders (light); the king's centre holds the crown, so not him
    for sq in ("f4", "d6", "h6"):
        assert _luma(img.getpixel(_centre_px(svg, sq, scale))) > 220, sq
    # empty squares show the board colour
    for sq in ("c3", "i9", "b10", "e2"):
        px = img.getpixel(_centre_px(svg, sq, scale))
        assert max(abs(a - b) for a, b in zip(px, board_rgb, strict=True)) <= 3, (sq, px)


def test_fifteen_by_fifteen_keeps_squares_apart():
    v = variant("tyr-15")
    svg = position_svg(v.start(), v.rules)
    img = _png(svg, 0.55)  # about a phone's width
    assert img.size[0] < 400
    for sq in ("a1", "d1", "h15", "o12"):
        assert _luma(img.getpixel(_centre_px(svg, sq, 0.55))) < 90, sq
    for sq in ("b1", "o14", "a2"):
        assert _luma(img.getpixel(_centre_px(svg, sq, 0.55))) > 180, sq


def test_captured_square_is_marked_in_the_picture():
    v = variant("tyr-11")
    pos = parse_ascii(
        "\n".join(
            [". . . . . . . . . . ."] * 5 + [". . . . . K . . . . ."] + ["." + " ." * 10] * 5
        ),
        11,
    )
    g = pos.geo
    plain = _png(position_svg(pos, v.rules), 1.0)
    marked = _png(
        position_svg(
            pos, v.rules, captured=[g.parse("c3")], moves=[Move(g.parse("f6"), g.parse("f9"))]
        ),
        1.0,
    )
    xy = _centre_px(position_svg(pos, v.rules), "c3", 1.0)
    assert plain.getpixel(xy) != marked.getpixel(xy)
    assert marked.getpixel(xy)[0] > marked.getpixel(xy)[2] + 60  # the red cross


def test_bad_scale_is_refused():
    v = variant("tyr-11")
    with pytest.raises(ValueError):
        svg_to_png(position_svg(v.start(), v.rules), 0)


@pytest.mark.parametrize("scale", [0.55, 1.5, 2.0])
def test_packed_png_shows_what_cairo_drew(scale):
    """The file packed in diagrams/png.py holds the pixels cairo drew, as cairo's own PNG
    writer stores them: same size, same alpha everywhere (the transparent corners
    included), colours at most 1 apart (Pillow and cairo round the colour of a
    half-transparent edge pixel differently); a real PNG with a valid checksum per chunk."""
    import zlib

    cairosvg = pytest.importorskip("cairosvg")
    from PIL import ImageChops

    v = variant("copenhagen-11")
    g = v.start().geo
    board_svg = position_svg(v.start(), v.rules, moves=[Move(g.parse("d1"), g.parse("d4"))])
    ours = svg_to_png(board_svg, scale)
    theirs = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=board_svg.encode(), scale=scale)))
    mine = Image.open(io.BytesIO(ours))
    assert mine.format == "PNG" and mine.mode == theirs.mode == "RGBA"
    assert mine.size == theirs.size
    diff = ImageChops.difference(mine, theirs)
    (r, g, b, a) = (band[1] for band in diff.getextrema())
    assert a == 0 and max(r, g, b) <= 1
    assert mine.getpixel((0, 0))[3] == 0  # outside the rounded frame
    at = 8
    while at < len(ours):  # every chunk's CRC covers its type and body
        length = int.from_bytes(ours[at : at + 4], "big")
        kind, body = ours[at + 4 : at + 8], ours[at + 8 : at + 8 + length]
        assert zlib.crc32(kind + body) == int.from_bytes(
            ours[at + 8 + length : at + 12 + length], "big"
        )
        at += 12 + length
    assert at == len(ours) and kind == b"IEND"


def _layer_cases() -> list[tuple[str, str]]:
    """Diagrams of several boards with marks, arrows, ghosts and highlights drawn over them."""
    cases = []
    for slug, moves in [("copenhagen-11", ("d1", "d4")), ("brandub-7", ("d2", "e2")),
                        ("tyr-15", ("h1", "h3")), ("tablut-9", ("e1", "e3"))]:  # fmt: skip
        v = variant(slug)
        pos = v.start()
        g = pos.geo
        step = Move(g.parse(moves[0]), g.parse(moves[1]))
        cases.append((slug, position_svg(pos, v.rules)))
        cases.append(
            (f"{slug} mit Zug", position_svg(pos, v.rules, moves=[step], captured=[g.parse("a1")]))
        )
        cases.append((f"{slug} markiert", position_svg(pos, v.rules, highlights=[g.parse("b2")])))
    return cases


@pytest.mark.parametrize("scale", [0.55, 1.5])
def test_a_diagram_drawn_over_its_board_is_the_diagram_drawn_whole(scale):
    """svg_to_png draws each board once and the rest of a diagram over a copy of it
    (diagrams/png.py): the pixels are exactly those of the whole diagram drawn at once."""
    from diagrams import png

    boards = set()
    for name, svg in _layer_cases():
        layers = png.board_layers(svg)
        assert layers is not None, name
        board, rest = layers
        boards.add(board)
        assert "<title" not in board and "data-piece" not in board, name
        assert 'data-board=""' not in rest and "data-piece" in rest, name
        whole = png._drawn(svg, scale)
        over = png._drawn(rest, scale, under=png._drawn(board, scale))
        assert bytes(over.get_data()) == bytes(whole.get_data()), name
    # the board is the same for every diagram of a variant: drawn once, not per diagram
    assert len(boards) == 4


def test_an_svg_not_laid_out_as_a_diagram_is_drawn_whole():
    plain = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">'
        '<rect width="20" height="10" fill="#123456"/></svg>'
    )
    from diagrams import png

    assert png.board_layers(plain) is None
    img = Image.open(io.BytesIO(svg_to_png(plain, 1.0))).convert("RGB")
    assert img.getpixel((5, 5)) == (0x12, 0x34, 0x56)
