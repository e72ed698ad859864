"""SVG to PNG through cairosvg (needs the system's libcairo).

cairosvg draws; the PNG file is packed here, not by cairo's own writer, which took most of
the time of a diagram (libpng tries five row filters on every row: 22 of 35 ms at scale
1.5, for each of the 1,400 diagrams of a cold site build). A diagram is mostly flat colour:
a row that repeats the one above is stored as "same as above" (PNG's Up filter: all
zeros), any other row as it is, and zlib packs that a little smaller than libpng did, in
12 ms (scripts/bench/bench_png.py). Pillow, which cairosvg needs anyway, turns cairo's
premultiplied pixels into plain RGBA.

Most of what cairo draws is the same in every diagram of a board: the frame, the squares,
the grid and the coordinates (six of ten milliseconds). A site has a handful of such boards
and 1,400 diagrams, so `svg_to_png` draws each board once (`_board`, kept for the process)
and every diagram as a copy of it with the rest drawn on top: the same drawing steps in the
same order on the same pixels, so the same picture (tests/diagrams/test_diagrams_png.py
compares both ways pixel for pixel).
"""

from __future__ import annotations

import io
import re
import struct
import sys
import zlib
from functools import lru_cache
from typing import Any

from tafl_core.errors import TaflError

#: zlib's level for the image data: its default, 6, packs a diagram as small as libpng did.
LEVEL = 6


def svg_to_png(svg: str, scale: float = 1.0) -> bytes:
    """The PNG bytes of an SVG document, `scale` times its own pixel size."""
    if not scale > 0:
        raise TaflError(f"der Maßstab muss größer als 0 sein, nicht {scale}")
    _cairosvg()  # a missing cairosvg or libcairo is said before anything else
    layers = board_layers(svg)
    if layers is None:
        image = _drawn(svg, scale)
    else:
        image = _drawn(layers[1], scale, under=_board(layers[0], scale))
    if sys.byteorder != "little":  # cairo's words as Pillow reads them only on such machines
        out = io.BytesIO()
        image.write_to_png(out)
        return out.getvalue()
    return packed(
        bytes(image.get_data()), image.get_width(), image.get_height(), image.get_stride()
    )


#: The group of the coordinates, the last part of a diagram that is the same for its board
#: (diagrams/svg.py draws it after the frame, the squares and the grid, before the rest).
_LABELS = 'text-anchor="middle" aria-hidden="true">'
_NOT_DRAWN = re.compile(r"<title\b.*?</title>|<desc\b.*?</desc>", re.S)


def board_layers(svg: str) -> tuple[str, str] | None:
    """(board, rest): two SVG documents that drawn one over the other give `svg`: the
    board (everything up to the coordinates, without the text that names the diagram) and
    the rest; None when `svg` is not laid out as diagrams/svg.py draws a diagram."""
    opening = svg.find(">") + 1
    labels = svg.find(_LABELS, opening)
    if not svg.startswith("<svg") or labels < 0 or not svg.rstrip().endswith("</svg>"):
        return None
    group = svg.rfind("<g ", opening, labels)
    end = svg.find("</g>", labels)
    before = svg[opening:group]
    # the coordinates' group is a child of the document: nothing before it opens a group
    if group < 0 or end < 0 or "<g" in before or "<svg" in before or "<g" in svg[labels:end]:
        return None
    cut = end + len("</g>")
    root = svg[:opening]
    board = re.sub(r'\saria-labelledby="[^"]*"', "", root) + _NOT_DRAWN.sub("", svg[opening:cut])
    return board + "</svg>", root + svg[cut:]


@lru_cache(maxsize=16)
def _board(board: str, scale: float) -> Any:
    """The drawn board of `board_layers` (a site has a handful: one per board and scale)."""
    return _drawn(board, scale)


def _drawn(svg: str, scale: float, under: Any = None) -> Any:
    """cairo's ARGB32 image surface of `svg` drawn at `scale`; drawn onto a copy of the
    image `under` (of the same size) when there is one."""
    tree, png_surface, cairo = _cairosvg()

    class Over(png_surface):  # type: ignore[misc,valid-type]
        """cairosvg's PNG surface, its image starting as a copy of `under`."""

        def _create_surface(self, width: float, height: float) -> tuple[Any, int, int]:
            image, w, h = super()._create_surface(width, height)
            if under is not None:
                if (under.get_width(), under.get_height()) != (w, h):
                    raise ValueError(f"Brett {under.get_width()} px breit, Diagramm {w} px")
                copy = cairo.Context(image)
                copy.set_source_surface(under)
                copy.paint()
            return image, w, h

    image: Any = Over(tree(bytestring=svg.encode("utf-8")), None, 96, scale=scale).cairo
    image.flush()
    return image


def _cairosvg() -> tuple[Any, Any, Any]:
    """cairosvg's Tree, its PNGSurface and the cairo module it draws with."""
    try:
        from cairosvg.parser import Tree
        from cairosvg.surface import PNGSurface, cairo
    except (ImportError, OSError):  # OSError: cairosvg is there, libcairo is not
        # Python's own text would be English: the remedy instead
        raise RuntimeError(
            "PNG braucht das Paket cairosvg und die Systembibliothek libcairo2 "
            "(pip install cairosvg; apt-get install libcairo2)"
        ) from None
    return Tree, PNGSurface, cairo


def packed(argb32: bytes, width: int, height: int, stride: int) -> bytes:
    """A PNG (8-bit RGBA) of cairo's ARGB32 pixels on a little-endian machine: B, G, R, A
    bytes, colour premultiplied by alpha, `stride` bytes a row."""
    from PIL import Image

    image = Image.frombuffer("RGBA", (width, height), argb32, "raw", "BGRa", stride, 1)
    rgba = image.tobytes()
    line = width * 4
    same = b"\x02" + bytes(line)  # Up filter: each byte as the one above
    rows, above = [], b""
    for y in range(height):
        row = rgba[y * line : (y + 1) * line]
        rows.append(same if row == above else b"\x00" + row)
        above = row
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    data = zlib.compress(b"".join(rows), LEVEL)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", data) + _chunk(b"IEND")


def _chunk(kind: bytes, body: bytes = b"") -> bytes:
    """One PNG chunk: length, type, body, CRC of type and body."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
