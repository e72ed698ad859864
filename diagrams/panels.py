"""The diagrams of an example block as the site draws them: their captions and options.

The site's fence (`tafl_docs/fence.py`) and the workshop page (`tafl_web/workshop.py`) both
draw a checked block's `Execution` with these panels, so the workshop shows what the page
will show.
"""

from __future__ import annotations

from typing import Any

from tafl_core.examples import Execution
from tafl_core.outcome import Reason

from . import prose
from .ending import ending_marks
from .options import steps_options, turn_options


def example_panels(ex: Execution) -> list[tuple[str, dict[str, Any]]]:
    """(caption, drawing options) of each diagram of an example: one or before/after."""
    block = ex.block
    before, after = ex.before, ex.after
    geo = after.geo
    highlights = block.highlights
    targets = sorted({t for ts in ex.targets.values() for t in ts})
    earlier = prose.earlier_sentence(geo, ex.turn_moves[:-1])
    if not block.turns:
        text = [f"Die {after.turn.german} sind am Zug.", prose.targets_sentence(geo, [*ex.targets])]
        return [(" ".join(t for t in text if t), {"highlights": highlights, "targets": targets})]
    if ex.illegal is not None:
        refused = ex.illegal
        steps = ex.last_moves
        start = steps[0].frm if steps else refused.frm
        piece = before.piece_at(start)
        text = [earlier, prose.turn_sentence(before, steps)] if steps else [earlier]
        text.append(
            prose.forbidden_sentence(
                geo, piece, before.turn, refused.frm, refused.to, refused.error, then=bool(steps)
            )
        )
        options = steps_options(steps, refused=refused.move, highlights=highlights)
        return [(" ".join(t for t in text if t), options)]
    first = " ".join(t for t in (earlier, prose.turn_sentence(before, ex.last_moves)) if t)
    shown = [(first, steps_options(ex.last_moves, highlights=highlights))]
    captured = ex.captured
    if ex.outcome is not None and ex.outcome.reason is Reason.KING_CAPTURED:
        # the ending sentence says it: the king is not listed among the captured pieces
        captured = [s for s in captured if s != before.king_square()]
    result = prose.after_sentences(
        geo,
        captured,
        ex.captured_pieces,
        ex.flipped,
        ex.outcome,
        goes_on=block.outcome is not None and ex.outcome is None,
    )
    drawn = turn_options(ex.last, highlights=highlights, arrows="last_moves", capture_rules=True)
    drawn["targets"] = targets
    if ex.targets:
        result += " " + prose.targets_sentence(geo, [*ex.targets], after=True)
    drawn["ending"] = ending_marks(block.variant.rules, after, ex.outcome, ex.captured_pieces)
    shown.append((result, drawn))
    return shown
