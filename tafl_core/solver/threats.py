"""Which steps can win the game at once: a cheap, sound filter for the solver's last turn.

`candidates` returns the first steps of the turns of the side to move that could end the
game in its favour right away; a turn beginning with a step left out cannot (the
docstrings say why). The board still decides every candidate by playing it (with every
berserker chain it may open: `expand.some_turn_wins`), so the filter only saves time. Where
no such argument is at hand (an open chain, a repetition that could end the game) the
caller tries every turn. The argument in short: a step changes the board on two squares
(it empties its start f and occupies its target t, also when it jumps) and takes pieces
next to t (custodial captures, the king, the piece a knight jumps over) or men of a
shieldwall on the edge next to t. A step that takes nothing ends the turn, also under the
berserker rule; a step that may take something is always a candidate there.
"""

from __future__ import annotations

from ..board import Board
from ..context import RuleContext
from ..movegen import jump_targets, jumpers, piece_targets, slide_targets
from ..moves import Move
from ..pieces import Side
from ..position import Position
from ..rules import KingJump, NoMoves


def escapes_now(board: Board) -> bool:
    """Whether the king (the defenders to move, no chain open) can step onto an escape square."""
    ctx, pos = board.ctx, board.pos
    k = pos.king_square()
    if k < 0 or pos.turn is not Side.DEFENDERS or pos.chain >= 0 or board.outcome is not None:
        return False
    return any(ctx.escape & ctx.geo.bits[m.to] for m in piece_targets(ctx, pos, k))


def candidates(board: Board) -> list[Move] | None:
    """The first steps of the turns of the side to move that could win at once, or None
    (the game is over or a berserker chain is open): try every turn.

    Defenders win at once by escape (a king's step onto an escape square), by an edge fort
    (see `_fort_zone`) or by leaving the attackers without a move (see `_stalling_zone`).
    Attackers win by taking the king (the capturing piece lands next to him), by
    encirclement (see `_encircling`) or by leaving the defenders without a move. Under the
    berserker rule a step that takes or flips a piece may open a chain: every step that
    lands next to an enemy piece (or on the edge, with the shieldwall) is added, and the
    caller plays every turn that begins with a candidate.
    """
    if board.outcome is not None or board.pos.chain >= 0:
        return None
    steps = _winning_steps(board)
    if not board.rules.berserker:
        return steps
    ctx, pos = board.ctx, board.pos
    enemy = pos.dfn if pos.turn is Side.ATTACKERS else pos.att
    reach = ctx.expand(enemy) | (ctx.geo.edge_mask if ctx.rules.shieldwall else 0)
    known = set(steps)
    return steps + [m for m in _movers_to(ctx, pos, reach) if m not in known]


def _winning_steps(board: Board) -> list[Move]:
    """The steps that could win at once as a turn of their own (see `candidates`)."""
    ctx, pos = board.ctx, board.pos
    rules = ctx.rules
    side = pos.turn
    stall = 0
    if rules.no_moves is NoMoves.LOSES:
        stall = _stalling_zone(ctx, pos, side.other)
        if stall < 0:
            return board.legal_moves()
    k = pos.king_square()
    if side is Side.DEFENDERS:
        edge = ctx.geo.edge_mask
        zone = 0
        if rules.edge_fort:
            if pos.king & edge:
                zone = _fort_zone(ctx, pos)
                if zone < 0:
                    return board.legal_moves()
            escape = ctx.escape | edge
        else:
            escape = ctx.escape
        king_moves = [m for m in piece_targets(ctx, pos, k) if ctx.geo.bits[m.to] & escape]
        out = king_moves + [m for m in _movers_to(ctx, pos, zone) if m.frm != k]
        if stall:
            known = set(out)
            out += [m for m in _movers_to(ctx, pos, stall) if m not in known]
        return out
    zone = ctx.expand(pos.king) | stall
    if rules.encirclement:
        encircling = _encircling(ctx, pos)
        if encircling < 0:
            return board.legal_moves()
        zone |= encircling
    return _movers_to(ctx, pos, zone)


def _movers_to(ctx: RuleContext, pos: Position, zone: int) -> list[Move]:
    """Every step of the side to move onto an empty square of `zone`: slides, and jumps of
    the pieces that may jump."""
    geo = ctx.geo
    bits = geo.bits
    rays = geo.rays
    occ = pos.att | pos.dfn
    own = pos.att if pos.turn is Side.ATTACKERS else pos.dfn
    king = pos.king
    out = []
    for s in geo.squares(jumpers(ctx, pos, own)):
        out += [Move(s, t, True) for t in geo.squares(jump_targets(ctx, pos, s) & zone)]
    for t in geo.squares(zone & ~occ):
        tb = bits[t]
        north, east, south, west = rays[t]
        # the first piece seen from t in each direction: the nearest square of the ray
        # (north and east: the lowest bit; south and west: the highest)
        for b, near_low in ((north & occ, True), (east & occ, True),
                            (south & occ, False), (west & occ, False)):  # fmt: skip
            if not b:
                continue
            sb = b & -b if near_low else 1 << (b.bit_length() - 1)
            if not own & sb:
                continue
            s = sb.bit_length() - 1
            if slide_targets(ctx, pos, s, bool(king & sb), occ) & tb:
                out.append(Move(s, t))
    return out


def _stalling_zone(ctx: RuleContext, pos: Position, other: Side) -> int:
    """Squares where a step of the side to move may leave `other` without a legal step;
    -1: anywhere (`other` has none now).

    A step from f to t changes the board on f (emptied: it only opens lines), on t
    (occupied) and takes or flips pieces next to t (custodial captures) or men of a
    shieldwall on the edge. So a piece of `other` that can slide now keeps a slide unless
    t is next to it, or it can slide in one direction only and t lands on that ray
    between it and its nearest target, that target included (the squares before it are
    ones it may pass but not stop on, such as the empty throne). With the shieldwall a
    piece on the edge may be taken from anywhere on the edge, and a piece that can jump
    loses that jump when the piece it would pass moves away (from f, wherever t is): such
    pieces narrow nothing. The zone is what every other piece allows at once.
    """
    geo = ctx.geo
    bits = geo.bits
    occ = pos.att | pos.dfn
    own = pos.att if other is Side.ATTACKERS else pos.dfn
    can_jump = jumpers(ctx, pos, own)
    anywhere = geo.edge_mask if ctx.rules.shieldwall else 0
    zone = geo.full
    mobile = False
    for s in geo.squares(own):
        b = bits[s]
        targets = slide_targets(ctx, pos, s, bool(pos.king & b), occ)
        jumps = bool(can_jump & b) and bool(jump_targets(ctx, pos, s))
        if not targets and not jumps:
            continue
        mobile = True
        if jumps or b & anywhere:
            continue
        stop = ctx.expand(b)
        rays = geo.rays[s]
        open_rays = [i for i in range(4) if rays[i] & targets]
        if len(open_rays) == 1:
            i = open_rays[0]
            ray, ahead = rays[i], rays[i] & targets
            if i < 2:  # north and east: the squares nearer to s have the lower bits
                stop |= ray & (((ahead & -ahead) << 1) - 1)
            else:
                stop |= ray & ~((1 << (ahead.bit_length() - 1)) - 1)
        zone &= stop
        if not zone:
            return 0
    return zone if mobile else -1


def _path(ctx: RuleContext, start: int, goal: int, passable: int) -> int:
    """The squares of one shortest path from `start` to a square of `goal` through
    `passable` squares (start included, the goal square included), or 0 when there is none."""
    layers = [start]
    seen = start
    while not layers[-1] & goal:
        grown = ctx.expand(layers[-1]) & passable & ~seen
        if not grown:
            return 0
        layers.append(grown)
        seen |= grown
    last = layers[-1] & goal
    cur = last & -last
    path = cur
    for layer in reversed(layers[:-1]):
        step = ctx.expand(cur) & layer
        cur = step & -step
        path |= cur
    return path


def _encircling(ctx: RuleContext, pos: Position) -> int:
    """Squares where an attacker's step may complete an encirclement; -1: anywhere.

    After a step from f to t that takes the pieces C, the defenders' region contains the
    flood from the defenders not taken through the squares free of attackers before, t
    excluded (f only opens more; C stood on such squares). So every defender on the edge
    must be taken (t next to him, or on the edge with the shieldwall), and the king on
    the edge too, which is a win of its own. And one defender d that reaches the edge now
    (the king if he does) must be taken, or t alone cuts every path from d to the edge:
    then t lies on the one shortest path found here and is tested square by square. When
    the defenders are already cut off from the edge, any step may keep them so: -1.
    """
    geo = ctx.geo
    bits = geo.bits
    passable = geo.full & ~pos.att
    edge = geo.edge_mask
    wall = edge if ctx.rules.shieldwall else 0
    if not ctx.flood(pos.dfn, passable) & edge:
        return -1
    if pos.king & edge:
        return 0
    zone = geo.full
    for s in geo.squares(pos.dfn & edge):
        zone &= ctx.expand(bits[s]) | wall
    if ctx.flood(pos.king, passable) & edge:
        d, taken = pos.king, 0
    else:
        d = next(bits[s] for s in geo.squares(pos.dfn) if ctx.flood(bits[s], passable) & edge)
        taken = ctx.expand(d) | (wall if d & edge else 0)
    cuts = 0
    for s in geo.squares(_path(ctx, d, edge, passable) & ~d):
        b = bits[s]
        if not ctx.flood(d, passable & ~b) & edge:
            cuts |= b
    return zone & (taken | cuts)


def _fort_zone(ctx: RuleContext, pos: Position) -> int:
    """With the king on the edge: squares where a defender's step (the king's own steps
    aside) may complete an edge fort; -1: anywhere.

    A fort has no attacker next to the king's region (the squares he reaches over empty
    ones). After a step from f to t the region contains the flood from the king over the
    squares empty before, t excluded. Take one attacker a next to the region now: either
    the step takes him (t next to a, or anywhere on the edge with the shieldwall when a
    stands there) or t cuts every path of empty squares from the king to a, so it lies on
    the shortest one found here.
    """
    geo = ctx.geo
    occ = pos.att | pos.dfn
    empty = geo.full & ~occ
    region = ctx.flood(pos.king, empty)
    touching = ctx.expand(region) & pos.att
    if not touching:
        return -1
    inner = touching & ~geo.edge_mask
    if ctx.rules.shieldwall and not inner:
        return -1
    pick = inner or touching
    a = pick & -pick
    path = _path(ctx, pos.king, ctx.expand(a), empty | pos.king) & ~pos.king
    return ctx.expand(a) | path


def goal_steps(board: Board, target: int, capture: bool) -> list[Move] | None:
    """The steps that could capture (or, with `capture` False, reach) `target` at once.

    A capture takes a piece next to the landing square, or a man of a shieldwall on the
    edge (target -1: any enemy piece). Reaching a square needs a step onto it. None where a
    turn may have several steps or a jump (the berserker rule, jumping pieces).
    """
    ctx, pos = board.ctx, board.pos
    if not _single_slides(board):
        return None
    bits = ctx.geo.bits
    if not capture:
        if (pos.att | pos.dfn) & bits[target]:
            return None  # a piece standing there may already count
        return _movers_to(ctx, pos, bits[target])
    enemy = pos.dfn if pos.turn is Side.ATTACKERS else pos.att
    victims = bits[target] if target >= 0 else enemy
    zone = ctx.expand(victims)
    if ctx.rules.shieldwall and victims & ctx.geo.edge_mask:
        zone |= ctx.geo.edge_mask
    return _movers_to(ctx, pos, zone)


def _single_slides(board: Board) -> bool:
    """Whether every turn now is a single slide (no berserker chain, no jumping piece) and
    the game goes on: then the filters here apply."""
    rules = board.rules
    return not (
        rules.berserker
        or rules.commander_jump
        or rules.knight_jump
        or rules.king_jump is not KingJump.NONE
        or board.outcome is not None
        or board.pos.chain >= 0
    )
