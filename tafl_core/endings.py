"""Game-ending conditions that look at the whole board: encirclement and edge fort."""

from __future__ import annotations

from .context import RuleContext
from .movegen import slide_targets
from .position import Position


def encircled(ctx: RuleContext, pos: Position) -> bool:
    """True when no defender and not the king can reach an edge square past attackers."""
    if not pos.dfn:
        return True
    # the flood stops at the first edge square it reaches (usually after a few steps, not
    # once it has filled the defenders' region)
    edge = ctx.geo.edge_mask
    return not ctx.flood(pos.dfn, ctx.geo.full & ~pos.att, until=edge) & edge


def fort_region(ctx: RuleContext, pos: Position) -> int:
    """Squares the king reaches through empty squares, his own included."""
    empty = ctx.geo.full & ~(pos.att | pos.dfn)
    return ctx.flood(pos.king, empty)


def edge_fort(ctx: RuleContext, pos: Position) -> bool:
    """True when the king stands in an unbreakable fort on the edge and can move."""
    geo = ctx.geo
    k = pos.king_square()
    if k < 0 or not geo.edge_mask & pos.king:
        return False
    if not slide_targets(ctx, pos, k, True, pos.att | pos.dfn):
        return False
    region = fort_region(ctx, pos)
    wall = ctx.expand(region) & ~region & (pos.att | pos.dfn)
    if wall & pos.att:
        return False
    return wall & ~safe_defenders(ctx, pos, region) == 0


def safe_defenders(ctx: RuleContext, pos: Position, region: int) -> int:
    """Defenders that can never be captured: the greatest fixed point of the axis test.

    A defender is safe when on each axis at least one neighbour is off the board,
    inside the fort region, or another safe defender. Corners and an empty throne
    never protect.
    """
    geo = ctx.geo
    bits = geo.bits
    occ = pos.att | pos.dfn
    never = ctx.corners | (ctx.throne & ~occ)
    shelter = region & ~never
    safe = pos.dfn & ~pos.king
    changed = True
    while changed:
        changed = False
        guard = shelter | safe | pos.king
        for s in geo.squares(safe):
            ok = True
            steps = geo.steps[s]
            for a, b in ((steps[0][0], steps[2][0]), (steps[1][0], steps[3][0])):
                if a < 0 or b < 0 or guard & bits[a] or guard & bits[b]:
                    continue
                ok = False
                break
            if not ok:
                safe &= ~bits[s]
                changed = True
    return safe


def encirclement_squares(ctx: RuleContext, pos: Position) -> tuple[int, int]:
    """(ring, inside) of an encirclement, for drawing it.

    `inside` is every square the defenders can reach without passing an attacker (their
    own squares included); `ring` is the attackers next to it, the pieces that close it.
    """
    inside = ctx.flood(pos.dfn, ctx.geo.full & ~pos.att)
    return ctx.expand(inside) & ~inside & pos.att, inside


def fort_squares(ctx: RuleContext, pos: Position) -> tuple[int, int]:
    """(wall, inside) of the king's edge fort, for drawing it.

    `inside` is the fort region (the king and the empty squares he reaches); `wall` is
    the pieces next to that region, the defenders that close it.
    """
    inside = fort_region(ctx, pos)
    return ctx.expand(inside) & ~inside & (pos.att | pos.dfn), inside
