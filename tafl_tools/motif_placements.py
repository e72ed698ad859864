"""Seeded random positions built around a motif that games and random play rarely reach.

Two shapes, each a motif one or two turns short of completion, with other pieces around it:

- ``ring``: the attackers' ring around every defender (an encirclement) with one or two gaps;
  for each gap an attacker stands on a line from which it can slide into it. The attackers
  are to move.
- ``fort``: the king on an edge square inside a fort of defenders (an edge fort) that lacks
  one or two wall pieces; for each a defender can slide into the gap. Attackers stand
  around the fort. The defenders are to move.

A placement never uses more pieces of a kind than the variant's start has (the ring up to
seven tenths of the attackers, the fort three to six tenths of them and up to about half of
the defenders besides its wall), keeps every piece but the king off the restricted squares,
and is refused (None) when the motif cannot be completed or is complete already. Whether it
makes a puzzle is the solver's question (`tafl_tools.mine_puzzles`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from tafl_core.context import RuleContext, context
from tafl_core.endings import edge_fort, encircled, fort_region, safe_defenders
from tafl_core.pieces import Kind, Piece, Side
from tafl_core.position import Position
from tafl_core.variants import Variant

ATTACKER = Piece(Side.ATTACKERS, Kind.MAN)
DEFENDER = Piece(Side.DEFENDERS, Kind.MAN)
KING = Piece(Side.DEFENDERS, Kind.KING)
#: What a source text says the position was built around, by shape and number of gaps.
PHRASES = {
    "ring": (
        "einen Ring der Angreifer mit einer Lücke",
        "einen Ring der Angreifer mit zwei Lücken",
    ),
    "fort": (
        "eine Randfestung, der ein Verteidiger fehlt",
        "eine Randfestung, der zwei Verteidiger fehlen",
    ),
}


def place(var: Variant, shape: str, rng: random.Random) -> tuple[Position, str]:
    """A position of `shape` ('ring' or 'fort') and the phrase naming it; tries until one fits."""
    build = SHAPES[shape]
    for _ in range(1000):
        made = build(var, rng)
        if made is not None:
            return made
    raise RuntimeError(f"no {shape} placement fits {var.slug}")


def ring(var: Variant, rng: random.Random) -> tuple[Position, str] | None:
    """Defenders inside a ring of attackers with one or two gaps, attackers to move."""
    ctx = context(var.rules)
    n = ctx.geo.n
    counts = _counts(var)
    inner = [s for s in range(n * n) if _distance_to_edge(s, n) >= 1]
    region = _grow(ctx, rng.choice([s for s in inner if _distance_to_edge(s, n) >= 2]), inner, rng)
    wall = ctx.geo.squares(ctx.expand(_mask(ctx, region)) & ~_mask(ctx, region))
    gaps = rng.choice((1, 1, 2))
    extra = rng.randint(2, max(2, counts[ATTACKER] * 7 // 10 - len(wall)))
    if len(wall) + extra > counts[ATTACKER] or any(_barred(ctx, s) for s in wall):
        return None
    pos = var.empty(Side.ATTACKERS)
    inside = [s for s in region if not _barred(ctx, s)]
    rng.shuffle(inside)
    pos.set_piece(inside.pop(), KING)
    for s in inside[: rng.randint(1, min(len(inside), counts[DEFENDER] // 2))]:
        pos.set_piece(s, DEFENDER)
    open_ = rng.sample(wall, gaps)
    for s in wall:
        if s not in open_:
            pos.set_piece(s, ATTACKER)
    if not all(_closer(ctx, pos, gap, set(region), ATTACKER, rng) for gap in open_):
        return None
    _scatter(ctx, pos, ATTACKER, extra, {*region, *open_}, rng)
    if encircled(ctx, pos):
        return None
    return pos, PHRASES["ring"][gaps - 1]


def fort(var: Variant, rng: random.Random) -> tuple[Position, str] | None:
    """The king in an edge fort that lacks one or two wall pieces, defenders to move."""
    ctx = context(var.rules)
    n = ctx.geo.n
    counts = _counts(var)
    king = rng.randint(3, n - 4)  # on the first rank, away from the corners
    near = [s for s in range(2 * n) if 2 <= s % n <= n - 3]
    region = _grow(ctx, king, near, rng, rng.randint(1, 3))
    wall = ctx.geo.squares(ctx.expand(_mask(ctx, region)) & ~_mask(ctx, region))
    gaps = rng.choice((1, 1, 2))
    if any(_barred(ctx, s) for s in wall):
        return None
    pos = var.empty(Side.DEFENDERS)
    pos.set_piece(king, KING)
    for s in wall:
        pos.set_piece(s, DEFENDER)
    shored = _shore_up(ctx, pos, set(region), rng)
    if not shored or pos.counts()[DEFENDER.letter] >= counts[DEFENDER]:
        return None
    open_ = rng.sample(wall, gaps)
    for s in open_:
        pos.set_piece(s, None)
    if not all(_closer(ctx, pos, gap, set(region), DEFENDER, rng) for gap in open_):
        return None
    around = [s for s in ctx.geo.squares(_ring_of(ctx, region, 4)) if s not in region]
    placed = pos.counts()[DEFENDER.letter]
    spare = max(0, min(counts[DEFENDER] // 2, counts[DEFENDER] - placed) - rng.randint(0, 3))
    keep_free = {*region, *open_}
    _scatter(ctx, pos, DEFENDER, spare, keep_free, rng)
    attackers = rng.randint(counts[ATTACKER] * 3 // 10, counts[ATTACKER] * 6 // 10)
    near_fort = rng.randint(attackers // 3, attackers * 2 // 3)
    _scatter(ctx, pos, ATTACKER, near_fort, keep_free, rng, around)
    _scatter(ctx, pos, ATTACKER, attackers - near_fort, keep_free, rng)
    rotated = _turned(pos, rng.randrange(8))
    if edge_fort(ctx, rotated):
        return None
    return rotated, PHRASES["fort"][gaps - 1]


SHAPES: dict[str, Callable[[Variant, random.Random], tuple[Position, str] | None]] = {
    "ring": ring,
    "fort": fort,
}


# -- helpers --------------------------------------------------------------------------------


def _shore_up(ctx: RuleContext, pos: Position, region: set[int], rng: random.Random) -> bool:
    """Add defenders beside wall pieces that could be captured until the fort holds
    (at most eight); False when it still does not."""
    for _ in range(8):
        if edge_fort(ctx, pos):
            return True
        safe = safe_defenders(ctx, pos, fort_region(ctx, pos))
        weak = ctx.geo.squares(pos.dfn & ~pos.king & ~safe)
        if not weak:
            return False
        beside = [
            t
            for t, _ in ctx.geo.steps[rng.choice(weak)]
            if t >= 0 and t not in region and pos.piece_at(t) is None and not _barred(ctx, t)
        ]
        if not beside:
            return False
        pos.set_piece(rng.choice(beside), DEFENDER)
    return edge_fort(ctx, pos)


def _counts(var: Variant) -> dict[Piece, int]:
    """The variant's start counts of men (a variant without them: none)."""
    found = var.piece_counts() or Counter()
    return {ATTACKER: found.get(ATTACKER, 0), DEFENDER: found.get(DEFENDER, 0)}


def _distance_to_edge(s: int, n: int) -> int:
    """How many squares lie between `s` and the nearest edge."""
    rank, file = divmod(s, n)
    return min(rank, file, n - 1 - rank, n - 1 - file)


def _grow(
    ctx: RuleContext, seed: int, allowed: list[int], rng: random.Random, size: int = 0
) -> list[int]:
    """A connected region from `seed` inside `allowed`, of `size` squares (0: 3 to 12)."""
    size = size + 1 if size else rng.randint(3, 12)
    region = [seed]
    room = set(allowed)
    while len(region) < size:
        frontier = [
            s
            for s in ctx.geo.squares(ctx.expand(_mask(ctx, region)))
            if s in room and s not in region
        ]
        if not frontier:
            break
        region.append(rng.choice(frontier))
    return region


def _mask(ctx: RuleContext, squares: list[int]) -> int:
    """The bitboard of `squares`."""
    return sum(ctx.geo.bits[s] for s in squares)


def _barred(ctx: RuleContext, s: int) -> bool:
    """A restricted square (throne, corner): no piece but the king is put there."""
    return bool(ctx.restricted & ctx.geo.bits[s])


def _closer(
    ctx: RuleContext, pos: Position, gap: int, region: set[int], piece: Piece, rng: random.Random
) -> bool:
    """Put `piece` where it can close `gap`: half of the time one to four empty squares away
    on a line leading away from `region` (one move), else one to three squares to the side
    of such a square (two moves). False when no square is free."""
    spots = _line_spots(ctx, pos, gap, region)
    if spots and rng.random() < 0.5:
        n = ctx.geo.n
        spot = rng.choice(spots)
        across = 1 if abs(spot - gap) >= n else n  # a step across the line
        aside = [
            t
            for sign in (1, -1)
            for t in _line_spots(ctx, pos, spot, region, sign * across)
            if t != gap and t not in spots
        ]
        spots = aside or spots
    if not spots:
        return False
    pos.set_piece(rng.choice(spots), piece)
    return True


def _line_spots(
    ctx: RuleContext, pos: Position, start: int, region: set[int], only: int = 0
) -> list[int]:
    """Free squares one to four steps from `start` (along `only`, a square delta, when given),
    before the first piece, restricted square or square of `region`."""
    spots = []
    for d, (step, _) in enumerate(ctx.geo.steps[start]):
        if step < 0 or (only and step - start != only):
            continue
        path = step
        walked = 0
        while path >= 0 and path not in region and walked < 4:
            if pos.piece_at(path) is not None or _barred(ctx, path):
                break
            spots.append(path)
            path = ctx.geo.steps[path][d][0]  # the next square in direction d (-1: off)
            walked += 1
    return spots


def _ring_of(ctx: RuleContext, region: list[int], width: int) -> int:
    """Every square within `width` orthogonal steps of `region`."""
    mask = _mask(ctx, region)
    for _ in range(width):
        mask |= ctx.expand(mask)
    return mask


def _scatter(
    ctx: RuleContext,
    pos: Position,
    piece: Piece,
    count: int,
    region: set[int],
    rng: random.Random,
    where: list[int] | None = None,
) -> None:
    """Put up to `count` pieces on random free squares (of `where`) outside `region`."""
    occupied = pos.att | pos.dfn
    free = [
        s
        for s in (where if where is not None else range(ctx.geo.count))
        if s not in region and not occupied & ctx.geo.bits[s] and not _barred(ctx, s)
    ]
    for s in rng.sample(free, min(count, len(free))):
        pos.set_piece(s, piece)


def _turned(pos: Position, symmetry: int) -> Position:
    """`pos` under one of the board's eight symmetries (0: unchanged)."""
    n = pos.size
    out = Position(n, pos.turn)
    for s, piece in pos.pieces().items():
        rank, file = divmod(s, n)
        if symmetry & 1:
            file = n - 1 - file
        if symmetry & 2:
            rank = n - 1 - rank
        if symmetry & 4:
            rank, file = file, rank
        out.set_piece(rank * n + file, piece)
    return out
