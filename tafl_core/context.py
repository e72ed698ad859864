"""Masks derived once from a rule set and its board, shared by move generation and captures."""

from __future__ import annotations

from functools import lru_cache

from .geometry import Geometry, geometry
from .position import Position
from .rules import Escape, Hostility, RuleSet, ThronePass


class RuleContext:
    """A rule set with its board geometry and precomputed bitboard masks."""

    def __init__(self, rules: RuleSet) -> None:
        geo: Geometry = geometry(rules.size)
        self.rules = rules
        self.geo = geo
        self.throne = geo.bits[geo.centre] if rules.throne else 0
        self.corners = geo.corner_mask if rules.corners else 0
        #: squares where only the king may stop
        self.restricted = self.throne | self.corners
        #: squares that stop a sliding non-king piece (besides pieces)
        self.nonking_block = self.throne if rules.throne_pass is ThronePass.KING else 0
        #: squares where not even the king may stop (a throne he may not re-enter)
        self.king_barred = 0 if rules.throne_reentry else self.throne
        self.escape = geo.edge_mask if rules.escape is Escape.EDGE else geo.corner_mask
        n = geo.n
        col_a = sum(geo.bits[r * n] for r in range(n))
        col_last = sum(geo.bits[r * n + n - 1] for r in range(n))
        self.not_a = geo.full & ~col_a
        self.not_last = geo.full & ~col_last
        self.corner_hostile_att = self.corners if rules.corners_hostile_attackers else 0
        self.corner_hostile_dfn = self.corners if rules.corners_hostile_defenders else 0
        #: the throne and its four neighbours (where a king "strong near the throne" is strong)
        self.throne_zone = self.throne | self.expand(self.throne)

    def hostile_to_attackers(self, pos: Position) -> int:
        """Restricted squares that act as an enemy piece against attackers now."""
        return self.corner_hostile_att | self._throne_hostile(
            self.rules.throne_hostile_attackers, pos
        )

    def hostile_to_defenders(self, pos: Position) -> int:
        """Restricted squares that act as an enemy piece against defenders now."""
        return self.corner_hostile_dfn | self._throne_hostile(
            self.rules.throne_hostile_defenders, pos
        )

    def _throne_hostile(self, mode: Hostility, pos: Position) -> int:
        if not self.throne or mode is Hostility.NEVER:
            return 0
        if mode is Hostility.ALWAYS:
            return self.throne
        return 0 if (pos.att | pos.dfn) & self.throne else self.throne

    def expand(self, mask: int) -> int:
        """Every square orthogonally next to a square of mask (mask itself excluded or not)."""
        n = self.geo.n
        return (
            (mask << n) | (mask >> n) | ((mask << 1) & self.not_a) | ((mask >> 1) & self.not_last)
        ) & self.geo.full

    def flood(self, seed: int, passable: int, until: int = 0) -> int:
        """All squares reachable from seed by orthogonal steps through passable squares;
        with `until`, what is reached once the region first holds a square of it."""
        region = seed
        while not region & until:
            grown = region | (self.expand(region) & passable)
            if grown == region:
                return region
            region = grown
        return region


@lru_cache(maxsize=64)
def context(rules: RuleSet) -> RuleContext:
    """The shared RuleContext of a rule set."""
    return RuleContext(rules)
