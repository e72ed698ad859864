"""Move ordering: which turns the search tries first.

Order at a node: the transposition table's best turn, king steps onto a goal square,
berserker chains (they capture), steps that land where they capture, king steps onto a
square with an open line to a goal, attackers' steps next to the king, the two killer
turns of the ply, then the history score (how often a step cut off the search before).
Python's sort is stable, so equal keys keep the (seeded) order they came in.
"""

from __future__ import annotations

from ..context import RuleContext
from ..pieces import Side
from ..position import Position
from ..rules import KingCapture
from .evaluate import Evaluator
from .turns import Turn


def capture_squares(ctx: RuleContext, pos: Position) -> int:
    """Empty squares where a piece of the side to move would (probably) capture.

    A square qualifies when an enemy piece stands next to it with a piece of the mover's
    side or a square hostile to the enemy behind it; for the attackers also the last free
    square around a king captured on four sides. Shieldwalls and special captures are left
    out: the mask only orders turns and picks the quiescence's candidates, the board
    decides what is taken.
    """
    rules = ctx.rules
    geo = ctx.geo
    n = geo.n
    full = geo.full
    att, dfn, king = pos.att, pos.dfn, pos.king
    if pos.turn is Side.ATTACKERS:
        own, enemy = att, dfn & ~king
        hostile = ctx.hostile_to_defenders(pos)
        mode = rules.king_capture
        weak = mode is KingCapture.TWO_SIDES or (
            mode is KingCapture.STRONG_NEAR_THRONE and not king & ctx.throne_zone
        )
        if weak:
            enemy |= king
    else:
        own, enemy = dfn, att
        hostile = ctx.hostile_to_attackers(pos)
        if not rules.king_armed:
            own &= ~king
    anvils = own | hostile
    not_a, not_last = ctx.not_a, ctx.not_last
    out = (anvils << n) & full & enemy
    out = (out << n) & full
    x = (anvils >> n) & enemy
    out |= x >> n
    x = (anvils << 1) & not_a & full & enemy
    out |= (x << 1) & not_a & full
    x = (anvils >> 1) & not_last & enemy
    out |= (x >> 1) & not_last
    if pos.turn is Side.ATTACKERS and king and not weak:
        around = ctx.expand(king)
        free = around & ~(att | ctx.hostile_to_defenders(pos))
        on_board = around.bit_count()
        if free.bit_count() == 1 and (on_board == 4 or rules.king_edge_counts):
            out |= free
    return out & ~(att | dfn)


class Orderer:
    """Killer turns and history scores of one search, and the sort key of a node."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.ev = evaluator
        self.ctx = evaluator.ctx
        self.killers: list[list[Turn]] = [[] for _ in range(128)]
        self.history: dict[tuple[int, int], int] = {}

    def order(self, pos: Position, turns: list[Turn], first: Turn | None, ply: int) -> list[Turn]:
        """The turns sorted best-first for the side to move (a new list)."""
        ctx = self.ctx
        bits = ctx.geo.bits
        capt = capture_squares(ctx, pos)
        killers = self.killers[ply] if ply < 128 else []
        history = self.history
        k = pos.king_square()
        defenders = pos.turn is Side.DEFENDERS
        goal = ctx.escape
        near = 0
        route = 0
        if k >= 0:
            if defenders:
                route = self.ev.route_squares(pos)
            else:
                near = ctx.expand(pos.king)

        def key(turn: Turn) -> int:
            if turn == first:
                return 1 << 45
            m = turn[0]
            to = bits[m.to]
            s = history.get((m.frm, m.to), 0)
            if len(turn) > 1:
                s += 1 << 36
            if to & capt:
                s += 1 << 35
            if defenders:
                if m.frm == k:
                    if to & goal:
                        s += 1 << 40
                    elif to & route:
                        s += 1 << 34
            elif to & near:
                s += 1 << 33
            if turn in killers:
                s += 1 << 32
            return s

        return sorted(turns, key=key, reverse=True)

    def cutoff(self, turn: Turn, depth: int, ply: int) -> None:
        """Remember a turn that cut the search off (killer of the ply, history score)."""
        if ply < 128:
            slot = self.killers[ply]
            if turn not in slot:
                slot.insert(0, turn)
                del slot[2:]
        m = turn[0]
        key = (m.frm, m.to)
        self.history[key] = self.history.get(key, 0) + depth * depth
