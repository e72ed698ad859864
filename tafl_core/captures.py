"""Which pieces a landing piece captures or flips: custodial, king, Linnaean and shieldwall."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .context import RuleContext
from .moves import Move
from .pieces import Piece
from .position import Position
from .rules import KingCapture


class CaptureRule(Enum):
    """The rule that took a captured piece (the values are English codes)."""

    #: a man between the piece that moved and a piece of the mover's side
    CUSTODIAL = "custodial"
    #: a man between the piece that moved and a square hostile to it (throne, corner)
    HOSTILE_SQUARE = "hostile-square"
    #: the king, by the variant's king capture (two sides, four sides, strong near the throne)
    KING = "king"
    #: the king between two commanders, or a commander and a hostile corner
    COMMANDER = "commander"
    #: a defender against the occupied throne whose king is enclosed on his other three sides
    LINNAEAN = "linnaean"
    #: a man of a row on the edge, closed at both ends and held from inside
    SHIELDWALL = "shieldwall"
    #: the piece a knight jumped over
    KNIGHT = "knight"


@dataclass(frozen=True)
class Capture:
    """One captured piece: its square, the piece and the rule that took it.

    `closing` are the squares that closed the trap: the square of the piece that moved
    first, then the anvil (piece, hostile square or occupied throne), for a shieldwall the
    square at its far end, for a king enclosed on all sides his neighbours on the board.
    """

    square: int
    piece: Piece
    rule: CaptureRule
    closing: tuple[int, ...] = ()


#: What resolve() writes when asked why: square -> (rule, closing squares).
Why = dict[int, tuple[CaptureRule, tuple[int, ...]]]


def resolve(
    ctx: RuleContext, pos: Position, to: int, jumped: int = -1, why: Why | None = None
) -> tuple[int, int]:
    """(captured, flipped) bitboards caused by the piece that has just landed on `to`.

    `jumped` is the square a jump passed over (-1 for a slide): a knight's jump takes
    the piece there. Everything is decided together on the position right after
    landing; nothing is removed here. Variegated men are flipped instead of removed.
    With `why`, the rule and closing squares of every piece taken or flipped are
    written into it (the move generator leaves it out: the hot path pays nothing).
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
        if why is not None and taken:
            why[jumped] = (CaptureRule.KNIGHT, (to,))
    commander_hammer = rules.commander_king_capture and bool(pos.cmd & to_bit & pos.att)
    linnaean = rules.linnaean_capture and bool(pos.att & to_bit)
    for n1, n2 in ctx.geo.steps[to]:
        if n1 < 0:
            continue
        b1 = bits[n1]
        if not enemy & b1:
            continue
        if pos.king & b1 and _king_is_strong(ctx, n1):
            if _king_surrounded(ctx, pos, n1):
                taken |= b1
                if why is not None:
                    around = tuple(m for m, _ in ctx.geo.steps[n1] if m >= 0)
                    why[n1] = (CaptureRule.KING, (to, *(m for m in around if m != to)))
            elif commander_hammer and _commander_anvil(ctx, pos, n1, n2):
                taken |= b1
                if why is not None:
                    why[n1] = (CaptureRule.COMMANDER, (to, n2))
            continue
        # anything else, a weak king included, falls between the mover and an anvil
        # (or, under the Linnaean capture, against the throne the surrounded king sits on)
        if n2 >= 0 and (
            (anvils | hostile) & bits[n2] or (linnaean and _linnaean_anvil(ctx, pos, n2))
        ):
            taken |= b1
            if why is not None and n1 not in why:
                why[n1] = (_trap_rule(pos, b1, bits[n2], anvils, hostile), (to, n2))
    if rules.shieldwall:
        taken |= _shieldwall(ctx, pos, to, own, enemy, anvils, why)
    if rules.variegated:
        flipped = taken & pos.var
        return taken & ~flipped, flipped
    return taken, 0


def _trap_rule(pos: Position, b1: int, b2: int, anvils: int, hostile: int) -> CaptureRule:
    """The rule of a piece on b1 taken between the mover and the anvil square b2."""
    if pos.king & b1:
        return CaptureRule.KING
    if anvils & b2:
        return CaptureRule.CUSTODIAL
    if hostile & b2:
        return CaptureRule.HOSTILE_SQUARE
    return CaptureRule.LINNAEAN


def classify(ctx: RuleContext, before: Position, move: Move) -> Why:
    """Rule and closing squares of every piece the legal step `move` takes or flips.

    `before` is the position before the step; the step is replayed on a copy by the
    same resolve() that plays it, so the rules cannot disagree with the board.
    """
    bits = ctx.geo.bits
    trial = before.copy()
    trial.slide(bits[move.frm], bits[move.to])
    why: Why = {}
    resolve(ctx, trial, move.to, move.jumped, why)
    return why


def edge_span(n: int, a: int, b: int) -> list[int]:
    """The squares of one line from a to b, both included (a and b share a rank or file)."""
    lo, hi = min(a, b), max(a, b)
    step = 1 if lo // n == hi // n else n
    return list(range(lo, hi + 1, step))


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


def _shieldwall(
    ctx: RuleContext,
    pos: Position,
    to: int,
    own: int,
    enemy: int,
    anvils: int,
    why: Why | None = None,
) -> int:
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
            if why is not None:
                for m in geo.squares(row & ~pos.king):
                    why.setdefault(m, (CaptureRule.SHIELDWALL, (to, s)))
    return taken


def _on_same_edge(n: int, a: int, b: int) -> bool:
    """Whether square b lies on the board and on the same edge line as edge square a."""
    if not 0 <= b < n * n:
        return False
    fa, ra, fb, rb = a % n, a // n, b % n, b // n
    if ra in (0, n - 1) and rb == ra:
        return True
    return fa in (0, n - 1) and fb == fa
