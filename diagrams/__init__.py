"""Diagrams of tafl positions and moves: SVG drawn from the engine's objects, PNG via cairosvg."""

from .png import svg_to_png
from .svg import position_svg
from .turn import Turn, play_turn

__all__ = ["Turn", "play_turn", "position_svg", "svg_to_png"]
