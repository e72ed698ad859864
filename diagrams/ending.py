"""Which squares show how a game ended: the king's square, the encircling ring, the fort."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tafl_core import Kind, Piece, Position, RuleSet
from tafl_core.context import context
from tafl_core.endings import encirclement_squares, fort_squares
from tafl_core.outcome import Outcome, Reason


@dataclass(frozen=True)
class Ending:
    """The end of a game as drawn on the board.

    `framed` squares get the ending frame (the escaped or captured king's square, the
    attackers of the ring, the wall of the fort); `area` squares are tinted (the
    encircled region, the inside of the fort).
    """

    reason: Reason
    framed: tuple[int, ...] = ()
    area: tuple[int, ...] = ()


def ending_marks(
    rules: RuleSet,
    pos: Position,
    outcome: Outcome | None,
    captured_pieces: Mapping[int, Piece] | None = None,
) -> Ending | None:
    """The squares that show `outcome` on the final position `pos` (None: nothing to draw).

    A captured king is no longer on the board; his square comes from `captured_pieces`.
    """
    if outcome is None:
        return None
    reason = outcome.reason
    ctx = context(rules)
    squares = ctx.geo.squares
    if reason is Reason.ESCAPE:
        k = pos.king_square()
        return Ending(reason, (k,)) if k >= 0 else None
    if reason is Reason.KING_CAPTURED:
        kings = [s for s, p in (captured_pieces or {}).items() if p.kind is Kind.KING]
        if not kings and pos.king_square() >= 0:
            kings = [pos.king_square()]
        return Ending(reason, tuple(sorted(kings))) if kings else None
    if reason is Reason.ENCIRCLEMENT:
        ring, inside = encirclement_squares(ctx, pos)
        return Ending(reason, tuple(squares(ring)), tuple(squares(inside)))
    if reason is Reason.EDGE_FORT:
        wall, inside = fort_squares(ctx, pos)
        return Ending(reason, tuple(squares(wall)), tuple(squares(inside)))
    return None
