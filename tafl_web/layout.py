"""Where each square lies in the diagram, as percentages of the picture (for the tap layer)."""

from __future__ import annotations

from diagrams.layout import SQUARE, Layout


def square_boxes(size: int) -> list[list[float]]:
    """[left, top, width, height] in percent of the SVG for every square, a1 first."""
    lay = Layout(size)
    out = []
    for s in range(size * size):
        x, y = lay.corner(s)
        out.append(
            [
                round(100 * x / lay.width, 3),
                round(100 * y / lay.height, 3),
                round(100 * SQUARE / lay.width, 3),
                round(100 * SQUARE / lay.height, 3),
            ]
        )
    return out
