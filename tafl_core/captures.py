"""Which pieces a landing piece captures or flips: custodial, king, Linnaean and shieldwall."""

from __future__ import annotations

from .context import RuleContext
from .position import Position
from .rules import KingCapture


def resolve(ctx: RuleContext, pos: Position, to: int, jumped: int = -1) -> tuple[int, int]:
    """(captured, flipped) bitboards caused by the piece that has just landed on `to`.

    `jumped` is the square a jump passed over (-1 for a slide): a knight's jump takes
    the piece there. Everything is decided together on the position right after
    landing; nothing is removed here. Variegated men are flipped instead of removed.
    """
    rules = ctx.rules
    bits = ctx.geo.bits
    to_bit = bits[to]
    if pos.king & to_bit and not rules.king_armed:
        return 0, 0
    if pos.att & to_bit:
        own, enemy = pos.att, pos.dfn
        hostile = ctx.hostile_to_defenders(pos)
    else:
        own, enemy = pos.dfn, pos.att
        hostile = ctx.hostile_to_attackers(pos)
    # pieces of the mover's side that can close a trap (an unarmed king cannot)
    anvils = own if rules.king_armed else own & ~pos.king
    taken = 0
    if jumped >= 0 and rules.knight_jump and pos.kni & to_bit:
        taken |= bits[jumped] & enemy
    commander_hammer = rules.commander_king_capture and bool(pos.cmd & to_bit & pos.att)
    linnaean = rules.linnaean_capture and bool(pos.att & to_bit)
    for n1, n2 in ctx.geo.steps[to]:
        if n1 < 0:
            continue
        b1 = bits[n1]
        if not enemy & b1:
            continue
        if pos.king & b1 and _king_is_strong(ctx, n1):
            if _king_surrounded(ctx, pos, n1) or (
                commander_hammer and _commander_anvil(ctx, pos, n1, n2)
            ):
                taken |= b1
            continue
        # anything else, a weak king included, falls between the mover and an anvil
        # (or, under the Linnaean capture, against the throne the surrounded king sits on)
        if n2 >= 0 and (
            (anvils | hostile) & bits[n2] or (linnaean and _linnaean_anvil(ctx, pos, n2))
        ):
            taken |= b1
    if rules.shieldwall:
        taken |= _shieldwall(ctx, pos, to, own, enemy, anvils)
    if rules.variegated:
        flipped = taken & pos.var
        return taken & ~flipped, flipped
    return taken, 0


def _king_is_strong(ctx: RuleContext, k: int) -> bool:
    """Whether the king on k needs four sides (always, or on and next to the throne)."""
    mode = ctx.rules.king_capture
    if mode is KingCapture.FOUR_SIDES:
        return True
    if mode is KingCapture.STRONG_NEAR_THRONE:
        return bool(ctx.geo.bits[k] & ctx.throne_zone)
    return False


def _commander_anvil(ctx: RuleContext, pos: Position, k: int, beyond: int) -> bool:
    """Whether a commander that has just landed beside the king on k captures him.

    The square beyond the king must hold a second attacking commander or be a corner
    hostile to the king; it never works on the throne or next to it.
    """
    if beyond < 0 or ctx.geo.bits[k] & ctx.throne_zone:
        return False
    b = ctx.geo.bits[beyond]
    return bool(pos.cmd & pos.att & b or ctx.corner_hostile_dfn & b)


def _linnaean_anvil(ctx: RuleContext, pos: Position, beyond: int) -> bool:
    """Whether the square beyond a defender is an occupied throne that closes the trap.

    Linnaean capture: the king sits on the throne and attackers hold his three other
    sides (the defender holds the fourth), so the throne counts as hostile to that defender.
    """
    if beyond < 0 or not ctx.throne & pos.king & ctx.geo.bits[beyond]:
        return False
    return (ctx.expand(ctx.throne) & pos.att).bit_count() == 3


def _king_surrounded(ctx: RuleContext, pos: Position, k: int) -> bool:
    """Whether the king on k is enclosed on all four sides by attackers or hostile squares.

    Under the king capture "strong near the throne" the throne always counts as hostile.
    """
    hostile = ctx.hostile_to_defenders(pos) | pos.att
    if ctx.rules.king_capture is KingCapture.STRONG_NEAR_THRONE:
        hostile |= ctx.throne
    bits = ctx.geo.bits
    for n1, _ in ctx.geo.steps[k]:
        if n1 < 0:
            if not ctx.rules.king_edge_counts:
                return False
        elif not hostile & bits[n1]:
            return False
    return True


def _shieldwall(ctx: RuleContext, pos: Position, to: int, own: int, enemy: int, anvils: int) -> int:
    """Men of a shieldwall closed at one end by the piece on `to` (the king is never taken)."""
    geo = ctx.geo
    if not geo.edge_mask & geo.bits[to]:
        return 0
    n = geo.n
    f, r = to % n, to // n
    if r == 0:
        inward, along = n, (1, -1)
    elif r == n - 1:
        inward, along = -n, (1, -1)
    elif f == 0:
        inward, along = 1, (n, -n)
    else:
        inward, along = -1, (n, -n)
    bits = geo.bits
    taken = 0
    for step in along:
        row = 0
        count = 0
        s = to + step
        while _on_same_edge(geo.n, to, s) and enemy & bits[s]:
            if not own & bits[s + inward]:
                row = -1
                break
            row |= bits[s]
            count += 1
            s += step
        if row <= 0 or count < 2 or not _on_same_edge(geo.n, to, s):
            continue
        if anvils & bits[s] or (ctx.corners & bits[s] and not (pos.att | pos.dfn) & bits[s]):
            taken |= row & ~pos.king
    return taken


def _on_same_edge(n: int, a: int, b: int) -> bool:
    """Whether square b lies on the board and on the same edge line as edge square a."""
    if not 0 <= b < n * n:
        return False
    fa, ra, fb, rb = a % n, a // n, b % n, b // n
    if ra in (0, n - 1) and rb == ra:
        return True
    return fa in (0, n - 1) and fb == fa
