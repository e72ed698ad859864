"""The board's picture: the SVG from the renderer and the tap layer's squares over it."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from diagrams.options import turn_options
from diagrams.svg import position_svg
from tafl_core import Position
from tafl_core.turns import TurnRecord
from tafl_core.variants import Variant

from .layout import square_boxes

#: The picture's own square, piece and target attributes: the tap layer's squares on top
#: carry data-square and data-piece, the picture must not (the page finds them by these).
PICTURE_DATA = "data-svg-"


def board_svg(
    pos: Position,
    variant: Variant,
    *,
    targets: Collection[int],
    shown: TurnRecord | None,
    highlights: list[int],
    prefix: str,
) -> str:
    """The position drawn by `diagrams`, with the turn shown and the selection's targets."""
    return position_svg(
        pos,
        variant.rules,
        targets=targets,
        variant_name=variant.name,
        id_prefix=prefix,
        data_prefix=PICTURE_DATA,
        **turn_options(shown, highlights=highlights),
    )


def square_label(pos: Position, s: int) -> str:
    """What a screen reader says of a square: 'd4, Angreifer' or 'd4, leer'."""
    piece = pos.piece_at(s)
    name = pos.geo.name(s)
    return f"{name}, {piece.german}" if piece else f"{name}, leer"


def tap_squares(
    pos: Position, targets: Collection[int], selected: int | None
) -> list[dict[str, Any]]:
    """The tap layer: every square with its name, piece letter, label, marks and box."""
    squares = []
    for s, box in enumerate(square_boxes(pos.size)):
        piece = pos.piece_at(s)
        squares.append(
            {
                "name": pos.geo.name(s),
                "piece": piece.letter if piece else "",
                "label": square_label(pos, s),
                "target": s in targets,
                "selected": s == selected,
                "box": box,
            }
        )
    return squares
