"""Which steps can win the game at once: a cheap, sound filter for the solver's last turn.

`candidates` returns the steps of the side to move that could end the game in its favour
right away; a step left out cannot (the module docstrings of the functions say why). The
board still decides every candidate by playing it, so the filter only saves time. Where
no such argument is at hand (berserker chains, a repetition that could end the game) it
returns None and the caller tries every turn.
"""

from __future__ import annotations

from ..board import Board
from ..context import RuleContext
from ..movegen import piece_targets, slide_targets
from ..moves import Move
from ..pieces import Side
from ..position import Position
from ..rules import NoMoves


def escapes_now(board: Board) -> bool:
    """Whether the king (the defenders to move, no chain open) can step onto an escape square."""
    ctx, pos = board.ctx, board.pos
    k = pos.king_square()
    if k < 0 or pos.turn is not Side.DEFENDERS or pos.chain >= 0:
        return False
    return any(ctx.escape & ctx.geo.bits[m.to] for m in piece_targets(ctx, pos, k))


def candidates(board: Board) -> list[Move] | None:
    """The steps of the side to move that could win at once, or None: try every turn.

    Defenders win at once by escape (a king's step onto an escape square), by an edge fort
    (the king stands on the edge afterwards: a king's step there, or any step while he
    stands there) or by leaving the attackers without a move. Attackers win by taking the
    king (the capturing piece lands next to him), by encirclement (see `_encircling`) or by
    leaving the defenders without a move. Without the berserker rule a turn is one step.
    """
    ctx, pos = board.ctx, board.pos
    rules = ctx.rules
    if rules.berserker or board.outcome is not None or pos.chain >= 0:
        return None
    side = pos.turn
    bits = ctx.geo.bits
    moves = board.legal_moves()
    if rules.no_moves is NoMoves.LOSES and not _keeps_moving(ctx, pos, side.other):
        return moves
    if side is Side.DEFENDERS:
        edge = ctx.geo.edge_mask
        if rules.edge_fort and pos.king & edge:
            return moves
        zone = ctx.escape | (edge if rules.edge_fort else 0)
        k = pos.king_square()
        return [m for m in moves if m.frm == k and bits[m.to] & zone]
    zone = ctx.expand(pos.king)
    if rules.encirclement:
        encircling = _encircling(ctx, pos)
        if encircling is None:
            return moves
        zone |= encircling
    return [m for m in moves if bits[m.to] & zone]


def _keeps_moving(ctx: RuleContext, pos: Position, other: Side) -> bool:
    """Whether `other` surely keeps a legal step after any single step of the side to move.

    A step occupies one square t, empties its start (which only opens lines) and captures
    pieces. A piece of `other` that could slide before loses every slide only if it is
    taken or stands next to t (t blocks one of its directions; farther away it keeps the
    squares up to t). Custodial captures take only pieces next to t; a shieldwall takes
    only men on the edge. So more than four pieces able to slide (off the edge, where the
    variant has the shieldwall) cannot all be stopped by one step.
    """
    geo = ctx.geo
    occ = pos.att | pos.dfn
    own = pos.att if other is Side.ATTACKERS else pos.dfn
    if ctx.rules.shieldwall:
        own &= ~geo.edge_mask
    mobile = 0
    for s in geo.squares(own):
        if slide_targets(ctx, pos, s, bool(pos.king & geo.bits[s]), occ):
            mobile += 1
            if mobile > 4:
                return True
    return False


def _encircling(ctx: RuleContext, pos: Position) -> int | None:
    """Squares an attacker must land on (or next to) to complete an encirclement; None: any.

    After an attacker's step from f to t the defenders' region is at least the flood from
    the defenders not taken through the squares not held by attackers before, t excluded
    (f only opens more). Without a capture, the step encircles only if t alone cuts every
    path from the defenders to the edge: t lies on every such path, so on the one shortest
    path found here, and is tested square by square. A capture takes a piece next to t
    (custodial, the king, a shieldwall's first man), so every square next to a defender is
    a candidate as well. When the defenders are already cut off from the edge, any step
    may keep them so: None.
    """
    geo = ctx.geo
    passable = geo.full & ~pos.att
    edge = geo.edge_mask
    region = ctx.flood(pos.dfn, passable)
    if not region & edge:
        return None
    zone = ctx.expand(pos.dfn)
    if pos.dfn & edge:
        return zone  # a defender on the edge is cut off only by taking him
    layers = [pos.dfn]
    seen = pos.dfn
    while not layers[-1] & edge:
        grown = ctx.expand(layers[-1]) & passable & ~seen
        layers.append(grown)
        seen |= grown
    last = layers[-1] & edge
    cur = last & -last
    path = cur
    for layer in reversed(layers[1:-1]):
        step = ctx.expand(cur) & layer
        cur = step & -step
        path |= cur
    for s in geo.squares(path):
        b = geo.bits[s]
        if not ctx.flood(pos.dfn, passable & ~b) & edge:
            zone |= b
    return zone


def goal_steps(board: Board, target: int, capture: bool) -> list[Move] | None:
    """The steps that could capture (or, with `capture` False, reach) `target` at once.

    A capture takes a piece next to the landing square, or a man of a shieldwall on the
    edge (target -1: any enemy piece). Reaching a square needs a step onto it. None with
    the berserker rule (a chain can do either later in the turn).
    """
    ctx, pos = board.ctx, board.pos
    if ctx.rules.berserker or board.outcome is not None or pos.chain >= 0:
        return None
    bits = ctx.geo.bits
    moves = board.legal_moves()
    if not capture:
        return [m for m in moves if m.to == target]
    victims = bits[target] if target >= 0 else pos.dfn if pos.turn is Side.ATTACKERS else pos.att
    zone = ctx.expand(victims)
    if ctx.rules.shieldwall and victims & ctx.geo.edge_mask:
        zone |= ctx.geo.edge_mask
    return [m for m in moves if bits[m.to] & zone]
