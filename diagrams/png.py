"""SVG to PNG through cairosvg (needs the system's libcairo)."""

from __future__ import annotations

from tafl_core.errors import TaflError


def svg_to_png(svg: str, scale: float = 1.0) -> bytes:
    """The PNG bytes of an SVG document, `scale` times its own pixel size."""
    if not scale > 0:
        raise TaflError(f"der Maßstab muss größer als 0 sein, nicht {scale}")
    try:
        import cairosvg
    except (ImportError, OSError):  # OSError: cairosvg is there, libcairo is not
        # Python's own text would be English: the remedy instead
        raise RuntimeError(
            "PNG braucht das Paket cairosvg und die Systembibliothek libcairo2 "
            "(pip install cairosvg; apt-get install libcairo2)"
        ) from None
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    if not isinstance(png, bytes):  # cairosvg returns bytes when no file object is given
        raise RuntimeError("cairosvg hat kein PNG geliefert")
    return png
