"""The evaluation: a position's value from the rule set, in hundredths of an attacker.

Every weight is derived from the `RuleSet` fields the position is played under, so every
variant is evaluated by the same code:

- material: attackers and defenders weighted by the ratio of their numbers at the start
  (a defender is worth more where they are fewer); commanders and knights a little more;
- the king's free routes to his goal squares (the corners or the whole edge, as
  `escape` says): open lines now, squares from which a line would be open next turn,
  his distance to the nearest goal square and his mobility;
- pieces next to the king: attackers and hostile squares around him, judged by how the
  king is captured (`king_capture`: two sides, four sides, strong near the throne);
- edge-fort chances (`edge_fort`): the king on the edge with defenders beside him;
- with corner escape, attackers on the squares that guard a corner.

Endings themselves (escape, capture, edge fort, encirclement, no move, repetition) are
decided by the board and scored by the search, not here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..board import Board
from ..context import RuleContext, context
from ..movegen import slide_targets
from ..params import applies
from ..pieces import Kind, Side
from ..position import Position
from ..rules import Escape, KingCapture, RuleSet

#: A won game (minus the plies it takes): far above any evaluation.
WIN = 1_000_000
#: Scores at least this far from zero are wins or losses found by the search.
WIN_BOUND = WIN - 1_000
#: The king can escape with the defenders' next turn and one line cannot stop him.
ESCAPE_SURE = 50_000


@dataclass(frozen=True)
class Routes:
    """The king's open lines to a goal square: how many, and their squares (goal included)."""

    count: int
    squares: int


class Evaluator:
    """The evaluation weights of one rule set (and start material), with the tables they need."""

    def __init__(self, rules: RuleSet, attackers: int, defenders: int) -> None:
        ctx = context(rules)
        self.ctx: RuleContext = ctx
        geo = ctx.geo
        n = geo.n
        self.n = n
        self.rules = rules
        #: the rule parameters that shape this evaluation (those that apply and are on,
        #: read through the parameter table `tafl_core.params`)
        self.params: tuple[str, ...] = tuple(
            name
            for name in (
                "escape",
                "corners",
                "king_capture",
                "king_edge_counts",
                "edge_fort",
                "commander_jump",
                "knight_jump",
            )
            if applies(name, rules) and getattr(rules, name) is not False
        )
        self.edge_fort = "edge_fort" in self.params
        self.king_capture = rules.king_capture
        ratio = attackers / max(1, defenders)
        #: value of a defender (an attacker is worth 100)
        self.w_dfn = int(100 * min(2.0, max(1.0, 0.8 * ratio)))
        self.w_att = 100
        self.corner_escape = rules.escape is Escape.CORNER
        self.escape = ctx.escape
        goals = geo.squares(ctx.escape)
        #: distance of each square to the nearest goal square (king steps, no pieces)
        self.distance: tuple[int, ...] = tuple(
            min(abs(s % n - g % n) + abs(s // n - g // n) for g in goals) for s in range(geo.count)
        )
        guard = 0
        if self.corner_escape and "corners" in self.params:
            for c in geo.corners:
                cf, cr = c % n, c // n
                for df, dr in ((1, 2), (2, 1), (1, 1)):
                    f = cf + df if cf == 0 else cf - df
                    r = cr + dr if cr == 0 else cr - dr
                    guard |= geo.bits[r * n + f]
        #: squares where an attacker guards a corner
        self.guard = guard
        full = geo.full
        not_a, not_last = ctx.not_a, ctx.not_last
        self._shifts = (
            lambda x: (x << n) & full,
            lambda x: x >> n,
            lambda x: (x << 1) & not_a & full,
            lambda x: (x >> 1) & not_last,
        )

    # -- the king's routes -----------------------------------------------------------

    def routes(self, pos: Position) -> Routes:
        """The king's open lines to a goal square now (a slide would reach it)."""
        k = pos.king_square()
        if k < 0:
            return Routes(0, 0)
        occ = pos.att | pos.dfn
        escape = self.escape
        count = 0
        squares = 0
        for ray in self.ctx.geo.rays[k]:
            if ray and not ray & occ and ray & escape:
                count += 1
                squares |= ray
        return Routes(count, squares)

    def route_squares(self, pos: Position) -> int:
        """Empty squares from which the king's slide would reach an empty goal square.

        Four occluded fills (Kogge-Stone: shifts by 1, 2, 4, 8 squares) from the goal
        squares through the empty squares; the king's own square counts as empty.
        """
        full = self.ctx.geo.full
        empty = full & ~((pos.att | pos.dfn) & ~pos.king)
        goals = self.escape & empty & ~self.ctx.king_barred
        n = self.n
        out = 0
        # north and south: whole ranks, nothing wraps
        g, p = goals, empty
        g |= p & (g << n)
        p &= p << n
        g |= p & (g << 2 * n)
        p &= p << 2 * n
        g |= p & (g << 4 * n)
        p &= p << 4 * n
        g |= p & (g << 8 * n)
        out |= g
        g, p = goals, empty
        g |= p & (g >> n)
        p &= p >> n
        g |= p & (g >> 2 * n)
        p &= p >> 2 * n
        g |= p & (g >> 4 * n)
        p &= p >> 4 * n
        g |= p & (g >> 8 * n)
        out |= g
        # east and west: the guard keeps a fill from wrapping onto the next rank
        g, p = goals, empty & self.ctx.not_a
        g |= p & (g << 1)
        p &= p << 1
        g |= p & (g << 2)
        p &= p << 2
        g |= p & (g << 4)
        p &= p << 4
        g |= p & (g << 8)
        out |= g
        g, p = goals, empty & self.ctx.not_last
        g |= p & (g >> 1)
        p &= p >> 1
        g |= p & (g >> 2)
        p &= p >> 2
        g |= p & (g >> 4)
        p &= p >> 4
        g |= p & (g >> 8)
        out |= g
        return out & full & ~goals

    # -- the whole evaluation --------------------------------------------------------

    def defenders_view(
        self, pos: Position, routes: Routes | None = None, lines: int | None = None
    ) -> int:
        """The value for the defenders (positive: good for them), side to move included.

        `routes` and `lines` (`routes()`, `route_squares()`) may be passed when known.
        """
        ctx = self.ctx
        att, dfn, king = pos.att, pos.dfn, pos.king
        score = self.w_dfn * (dfn & ~king).bit_count() - self.w_att * att.bit_count()
        special = pos.cmd | pos.kni
        if special:
            score += 50 * ((special & dfn).bit_count() - (special & att).bit_count())
        if self.guard:
            score -= 15 * (att & self.guard).bit_count()
        k = pos.king_square()
        if k < 0:
            return score
        if routes is None:
            routes = self.routes(pos)
        if routes.count:
            if pos.turn is Side.DEFENDERS:
                return ESCAPE_SURE
            score += 20_000 if routes.count >= 2 else 250
        occ = att | dfn
        reach = slide_targets(ctx, pos, k, True, occ)
        if lines is None:
            lines = self.route_squares(pos)
        near = lines & reach
        score += 45 * min(6, near.bit_count())
        score += 3 * reach.bit_count()
        score -= 12 * self.distance[k]
        around = ctx.expand(king)
        hostile = att | ctx.hostile_to_defenders(pos)
        pressed = (around & hostile).bit_count()
        mode = self.king_capture
        strong = mode is KingCapture.FOUR_SIDES or (
            mode is KingCapture.STRONG_NEAR_THRONE and king & ctx.throne_zone
        )
        if strong:
            score -= (0, 15, 40, 140, 400)[pressed]
        else:
            score -= 60 * pressed
        friends = (around & dfn).bit_count()
        score += 4 * friends
        if self.edge_fort and king & ctx.geo.edge_mask:
            score += 40 + 25 * friends - 40 * (around & att).bit_count()
        return score

    def __call__(
        self, pos: Position, routes: Routes | None = None, lines: int | None = None
    ) -> int:
        """The value for the side to move."""
        value = self.defenders_view(pos, routes, lines)
        return value if pos.turn is Side.DEFENDERS else -value


@lru_cache(maxsize=64)
def _evaluator(rules: RuleSet, attackers: int, defenders: int) -> Evaluator:
    return Evaluator(rules, attackers, defenders)


def evaluator(board: Board) -> Evaluator:
    """The evaluator for a board's rules and the material its variant starts with."""
    attackers, defenders = 2, 1
    counts = board.variant.piece_counts() if board.variant is not None else None
    if counts:
        attackers = sum(c for p, c in counts.items() if p.side is Side.ATTACKERS)
        defenders = sum(
            c for p, c in counts.items() if p.side is Side.DEFENDERS and p.kind is not Kind.KING
        )
    else:
        pos = board.pos
        attackers = max(1, pos.att.bit_count())
        defenders = max(1, (pos.dfn & ~pos.king).bit_count())
    return _evaluator(board.rules, attackers, defenders)


def evaluate(board: Board) -> int:
    """The value of the board's position for the side to move (the search's leaf value)."""
    return evaluator(board)(board.pos)
