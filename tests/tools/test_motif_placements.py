"""Positions built around a motif (tafl_tools.motif_placements): one or two pieces short of it."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from tafl_core.context import context
from tafl_core.endings import edge_fort, encircled
from tafl_core.pieces import Kind, Piece, Side
from tafl_core.position import Position
from tafl_core.variants import variant
from tafl_tools import motif_placements
from tafl_tools.motif_placements import place

SEEDS = range(6)


def _filled(pos: Position, squares: tuple[int, ...], piece: Piece) -> Position:
    out = pos.copy()
    for s in squares:
        out.set_piece(s, piece)
    return out


def _plausible(slug: str, pos: Position) -> None:
    """No more pieces of a kind than the start has; only the king on a restricted square."""
    var = variant(slug)
    start = var.piece_counts()
    assert start is not None
    now = Counter(pos.pieces().values())
    assert all(now[p] <= start[p] for p in now), (now, start)
    restricted = context(var.rules).restricted
    for s, piece in pos.pieces().items():
        assert piece.kind is Kind.KING or not restricted >> s & 1


@pytest.mark.parametrize("slug", ["seeschlacht-11", "copenhagen-13", "tawlbwrdd-11"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_ring_lacks_one_or_two_attackers_to_encircle_every_defender(slug: str, seed: int) -> None:
    pos, phrase = place(variant(slug), "ring", random.Random(seed))
    ctx = context(variant(slug).rules)
    _plausible(slug, pos)
    assert pos.turn is Side.ATTACKERS
    assert not encircled(ctx, pos)
    gaps = 1 if "einer Lücke" in phrase else 2
    empty = [s for s in range(ctx.geo.count) if pos.piece_at(s) is None]
    attacker = Piece(Side.ATTACKERS, Kind.MAN)
    closing = [
        squares
        for squares in combinations(empty, gaps)
        if encircled(ctx, _filled(pos, squares, attacker))
    ]
    assert closing


@pytest.mark.parametrize("seed", SEEDS)
def test_a_fort_lacks_one_or_two_defenders_to_hold_the_king_on_the_edge(seed: int) -> None:
    var = variant("copenhagen-13")
    pos, phrase = place(var, "fort", random.Random(seed))
    ctx = context(var.rules)
    _plausible("copenhagen-13", pos)
    assert pos.turn is Side.DEFENDERS
    king = pos.king_square()
    assert ctx.geo.is_edge(king)
    assert not edge_fort(ctx, pos)
    gaps = 1 if "ein Verteidiger fehlt" in phrase else 2
    n = ctx.geo.n
    near = [
        s
        for s in range(ctx.geo.count)
        if pos.piece_at(s) is None
        and max(abs(s // n - king // n), abs(s % n - king % n)) <= 4
        and not ctx.restricted >> s & 1
    ]
    defender = Piece(Side.DEFENDERS, Kind.MAN)
    assert any(
        edge_fort(ctx, _filled(pos, squares, defender)) for squares in combinations(near, gaps)
    )


def test_the_same_seed_builds_the_same_position_and_every_shape_has_its_phrases() -> None:
    var = variant("copenhagen-13")
    for shape in motif_placements.SHAPES:
        first = place(var, shape, random.Random(5))
        again = place(var, shape, random.Random(5))
        assert first[0].to_ascii() == again[0].to_ascii()
        assert first[1] in motif_placements.PHRASES[shape]
