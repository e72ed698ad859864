"""What a played turn looks like in a diagram: the keyword arguments for `position_svg`.

The one translation from the engine's records to drawing options, used by the site's
examples, the rule sheets, the browser board and `tafl render`: a played turn
(`tafl_core.turns.TurnRecord`) becomes arrows, crosses on the captured squares (with the
faded pieces) and badges on the flipped ones; the steps of a turn not yet shown become
arrows on the position before it, and a step the rules refuse becomes the red dashed
`forbidden` line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from tafl_core.moves import Move
from tafl_core.turns import TurnRecord


def turn_options(
    turn: TurnRecord | None,
    *,
    highlights: Iterable[int] = (),
    arrows: Literal["moves", "last_moves"] = "moves",
    capture_rules: bool = False,
) -> dict[str, Any]:
    """Drawing options for the position a turn led to.

    The steps become `arrows`: 'moves' (the turn's arrows) or 'last_moves' (the thin trail
    of the turn that led here, as under an example's "after" diagram). With
    `capture_rules`, the squares of a shieldwall capture (the row and the two pieces or
    corner that closed it, as the engine recorded the capture) are framed as well.
    Without a turn only the highlights are drawn.
    """
    marks = set(highlights)
    if turn is None:
        return {"highlights": sorted(marks)}
    if capture_rules:
        marks.update(turn.shieldwall_squares())
    return {
        arrows: tuple(turn.moves),
        "captured": tuple(sorted(turn.captured)),
        "flipped": tuple(sorted(turn.flipped)),
        "captured_pieces": dict(turn.captured_pieces),
        "highlights": sorted(marks),
    }


def steps_options(
    steps: Sequence[Move], *, refused: Move | None = None, highlights: Iterable[int] = ()
) -> dict[str, Any]:
    """Drawing options for the position before a turn: its steps as arrows and, when the
    rules refuse the next step, that step as the red dashed `forbidden` line."""
    options: dict[str, Any] = {"moves": tuple(steps), "highlights": sorted(set(highlights))}
    if refused is not None:
        options["forbidden"] = refused
    return options
