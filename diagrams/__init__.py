"""Diagrams of tafl positions and moves: SVG drawn from the engine's objects, PNG via cairosvg."""

from .ending import Ending, ending_marks
from .legend import legend_html, legend_svg
from .png import svg_to_png
from .svg import position_svg

__all__ = [
    "Ending",
    "ending_marks",
    "legend_html",
    "legend_svg",
    "position_svg",
    "svg_to_png",
]
