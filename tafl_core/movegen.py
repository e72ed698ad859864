"""Legal moves: rook slides, jumps (commanders, knights, king) and berserker continuations."""

from __future__ import annotations

from functools import cache

from .captures import resolve
from .context import RuleContext, context
from .moves import Move
from .pieces import Side
from .position import Position
from .rules import KingJump, RuleSet

RayMoves = tuple[tuple[tuple[tuple[Move, ...], ...], ...], ...]


@cache
def move_table(n: int) -> tuple[tuple[Move | None, ...], ...]:
    """Shared Move objects: move_table(n)[frm][to] for squares on a common line, else None.

    Building 100+ tuples per generation dominates its cost; the table makes a move a lookup.
    """
    count_ = n * n
    rows = []
    for s in range(count_):
        row: list[Move | None] = [None] * count_
        for t in range(count_):
            if t != s and (t % n == s % n or t // n == s // n):
                row[t] = Move(s, t)
        rows.append(tuple(row))
    return tuple(rows)


@cache
def ray_moves(rules: RuleSet) -> tuple[RayMoves, RayMoves]:
    """(for men, for the king): table[s][d][k] = the moves onto the first k squares from s
    in direction d (north, east, south, west); restricted squares are left out for men.

    Generation then needs one blocker lookup and one list.extend per piece and direction.
    """
    ctx = context(rules)
    geo = ctx.geo
    n = geo.n
    table = move_table(n)
    out = []
    for for_king in (False, True):
        squares = []
        for s in range(geo.count):
            per_dir = []
            for d in range(4):
                ray = [t for _, t in sorted((abs(t - s), t) for t in geo.squares(geo.rays[s][d]))]
                prefixes = []
                for k in range(len(ray) + 1):
                    barred = ctx.king_barred if for_king else ctx.restricted
                    kept = [t for t in ray[:k] if not barred & geo.bits[t]]
                    prefixes.append(tuple(table[s][t] for t in kept))
                per_dir.append(tuple(prefixes))
            squares.append(tuple(per_dir))
        out.append(tuple(squares))
    return out[0], out[1]  # type: ignore[return-value]


def slide_targets(ctx: RuleContext, pos: Position, s: int, is_king: bool, occ: int) -> int:
    """Bitboard of squares the piece on s can slide to."""
    north, east, south, west = ctx.geo.rays[s]
    block = occ if is_king else occ | ctx.nonking_block
    t = 0
    b = north & block
    t |= north & ((b & -b) - 1) if b else north
    b = east & block
    t |= east & ((b & -b) - 1) if b else east
    b = south & block
    t |= south & ~((1 << b.bit_length()) - 1) if b else south
    b = west & block
    t |= west & ~((1 << b.bit_length()) - 1) if b else west
    return t & ~(ctx.king_barred if is_king else ctx.restricted)


def jump_targets(ctx: RuleContext, pos: Position, s: int) -> int:
    """Bitboard of squares the piece on s can jump to, over one adjacent ordinary enemy.

    Kings, commanders and knights are never jumped over. Commanders and knights never
    land on a restricted square; the king's landing follows the king's jump rule.
    """
    bits = ctx.geo.bits
    low = bits[s]
    enemy = pos.dfn if pos.att & low else pos.att
    jumpable = enemy & ~pos.king & ~pos.cmd & ~pos.kni
    occ = pos.att | pos.dfn
    t = 0
    for n1, n2 in ctx.geo.steps[s]:
        if n2 >= 0 and jumpable & bits[n1] and not occ & bits[n2]:
            t |= bits[n2]
    if not pos.king & low:
        return t & ~ctx.restricted
    t &= ~ctx.king_barred
    if ctx.rules.king_jump is KingJump.RESTRICTED and not ctx.restricted & low:
        t &= ctx.restricted
    return t


def jumpers(ctx: RuleContext, pos: Position, own: int) -> int:
    """The pieces of `own` that may jump under the rules (commanders, knights, the king)."""
    rules = ctx.rules
    out = 0
    if rules.commander_jump:
        out |= own & pos.cmd
    if rules.knight_jump:
        out |= own & pos.kni
    if rules.king_jump is not KingJump.NONE:
        out |= own & pos.king
    return out


def _side_mask(pos: Position, side: Side) -> int:
    return pos.att if side is Side.ATTACKERS else pos.dfn


def generate(ctx: RuleContext, pos: Position) -> list[Move]:
    """All legal steps for the side to move (only continuations inside a berserker chain)."""
    if pos.chain >= 0:
        return continuations(ctx, pos)
    occ = pos.att | pos.dfn
    own = _side_mask(pos, pos.turn)
    king = pos.king
    can_jump = jumpers(ctx, pos, own)
    out: list[Move] = []
    extend = out.extend
    men_rays, king_rays = ray_moves(ctx.rules)
    n = ctx.geo.n
    rays = ctx.geo.rays
    nonking_block = occ | ctx.nonking_block
    rest = own
    while rest:
        low = rest & -rest
        rest ^= low
        s = low.bit_length() - 1
        # one blocker lookup and one extend per direction: this loop is the engine's hot path
        north, east, south, west = rays[s]
        if king & low:
            block = occ
            rm = king_rays[s]
        else:
            block = nonking_block
            rm = men_rays[s]
        b = north & block
        extend(rm[0][((b & -b).bit_length() - 1 - s) // n - 1] if b else rm[0][-1])
        b = east & block
        extend(rm[1][(b & -b).bit_length() - 2 - s] if b else rm[1][-1])
        b = south & block
        extend(rm[2][(s - b.bit_length() + 1) // n - 1] if b else rm[2][-1])
        b = west & block
        extend(rm[3][s - b.bit_length()] if b else rm[3][-1])
        if can_jump & low:
            t = jump_targets(ctx, pos, s)
            while t:
                tb = t & -t
                t ^= tb
                out.append(Move(s, tb.bit_length() - 1, True))
    return out


def count(ctx: RuleContext, pos: Position) -> int:
    """Number of legal steps (fast path for perft)."""
    if pos.chain >= 0:
        return len(continuations(ctx, pos))
    occ = pos.att | pos.dfn
    own = _side_mask(pos, pos.turn)
    king = pos.king
    can_jump = jumpers(ctx, pos, own)
    total = 0
    rest = own
    while rest:
        low = rest & -rest
        rest ^= low
        s = low.bit_length() - 1
        total += slide_targets(ctx, pos, s, bool(king & low), occ).bit_count()
        if can_jump & low:
            total += jump_targets(ctx, pos, s).bit_count()
    return total


def has_move(ctx: RuleContext, pos: Position, side: Side) -> bool:
    """Whether `side` has any legal move in pos (ignoring an open chain)."""
    occ = pos.att | pos.dfn
    own = _side_mask(pos, side)
    # nearly always: a piece other than the king stands next to an empty square it may
    # stop on (no restricted square), so it can step there
    if ctx.expand(own & ~pos.king) & ~(occ | ctx.restricted):
        return True
    can_jump = jumpers(ctx, pos, own)
    rest = own
    while rest:
        low = rest & -rest
        rest ^= low
        s = low.bit_length() - 1
        if slide_targets(ctx, pos, s, bool(pos.king & low), occ):
            return True
        if can_jump & low and jump_targets(ctx, pos, s):
            return True
    return False


def piece_targets(ctx: RuleContext, pos: Position, s: int) -> list[Move]:
    """All moves of the piece on s, ignoring whose turn it is and any open chain."""
    low = ctx.geo.bits[s]
    occ = pos.att | pos.dfn
    if not occ & low:
        return []
    out = [
        Move(s, t) for t in ctx.geo.squares(slide_targets(ctx, pos, s, bool(pos.king & low), occ))
    ]
    if jumpers(ctx, pos, occ) & low:
        out += [Move(s, t, True) for t in ctx.geo.squares(jump_targets(ctx, pos, s))]
    return out


def step_effect(ctx: RuleContext, pos: Position, move: Move) -> tuple[int, int]:
    """(captured, flipped) bitboards that `move` would cause, without playing it."""
    bits = ctx.geo.bits
    trial = pos.copy()
    trial.slide(bits[move.frm], bits[move.to])
    return resolve(ctx, trial, move.to, move.jumped)


def continuations(ctx: RuleContext, pos: Position) -> list[Move]:
    """Berserker continuations of the chain piece: steps that capture or flip, or a king escape."""
    s = pos.chain
    low = ctx.geo.bits[s]
    is_king = bool(pos.king & low)
    out = []
    for move in piece_targets(ctx, pos, s):
        if is_king and ctx.rules.berserker_king_escape and ctx.escape & ctx.geo.bits[move.to]:
            out.append(move)
            continue
        captured, flipped = step_effect(ctx, pos, move)
        if captured or flipped:
            out.append(move)
    return out
