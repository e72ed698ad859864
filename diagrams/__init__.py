"""Diagrams of tafl positions and moves: SVG drawn from the engine's objects, PNG via cairosvg."""

from .ending import Ending, ending_marks
from .legend import legend_html, legend_svg
from .png import svg_to_png
from .svg import position_svg
from .turn import Turn, play_turn

__all__ = [
    "Ending",
    "Turn",
    "ending_marks",
    "legend_html",
    "legend_svg",
    "play_turn",
    "position_svg",
    "svg_to_png",
]
