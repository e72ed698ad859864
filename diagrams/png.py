"""SVG to PNG through cairosvg (needs the system's libcairo).

cairosvg draws; the PNG file is packed here, not by cairo's own writer, which took most of
the time of a diagram (libpng tries five row filters on every row: 22 of 35 ms at scale
1.5, for each of the 1,400 diagrams of a cold site build). A diagram is mostly flat colour:
a row that repeats the one above is stored as "same as above" (PNG's Up filter: all
zeros), any other row as it is, and zlib packs that a little smaller than libpng did, in
12 ms (scripts/bench/bench_png.py). Pillow, which cairosvg needs anyway, turns cairo's
premultiplied pixels into plain RGBA.
"""

from __future__ import annotations

import io
import struct
import sys
import zlib
from typing import Any

from tafl_core.errors import TaflError

#: zlib's level for the image data: its default, 6, packs a diagram as small as libpng did.
LEVEL = 6


def svg_to_png(svg: str, scale: float = 1.0) -> bytes:
    """The PNG bytes of an SVG document, `scale` times its own pixel size."""
    if not scale > 0:
        raise TaflError(f"der Maßstab muss größer als 0 sein, nicht {scale}")
    try:
        from cairosvg.parser import Tree
        from cairosvg.surface import PNGSurface
    except (ImportError, OSError):  # OSError: cairosvg is there, libcairo is not
        # Python's own text would be English: the remedy instead
        raise RuntimeError(
            "PNG braucht das Paket cairosvg und die Systembibliothek libcairo2 "
            "(pip install cairosvg; apt-get install libcairo2)"
        ) from None
    surface = PNGSurface(Tree(bytestring=svg.encode("utf-8")), None, 96, scale=scale)
    image: Any = surface.cairo  # an ARGB32 image surface, drawn
    image.flush()
    if sys.byteorder != "little":  # cairo's words as Pillow reads them only on such machines
        out = io.BytesIO()
        image.write_to_png(out)
        return out.getvalue()
    return packed(
        bytes(image.get_data()), image.get_width(), image.get_height(), image.get_stride()
    )


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
