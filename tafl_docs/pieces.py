"""The pieces of a variant: counts (from the setup or a rule card) and the setup diagram."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import diagrams
from tafl_core.pieces import Kind, Piece, Side
from tafl_core.variants import Variant

#: Piece counts known only from a rule card, never from the engine (no squares sourced).
#: (side, kind, count) in the card's order.
CARD_ONLY_COUNTS: dict[str, tuple[tuple[Side, Kind, int], ...]] = {
    "odin-11": (
        (Side.DEFENDERS, Kind.KING, 1),
        (Side.DEFENDERS, Kind.MAN, 6),
        (Side.DEFENDERS, Kind.COMMANDER, 4),
        (Side.DEFENDERS, Kind.VARIEGATED, 2),
        (Side.ATTACKERS, Kind.MAN, 12),
        (Side.ATTACKERS, Kind.COMMANDER, 8),
        (Side.ATTACKERS, Kind.VARIEGATED, 4),
    ),
}


#: Order of the pieces in piece tables (the site's and the rule sheet's).
PIECE_ORDER = (
    Piece(Side.DEFENDERS, Kind.KING),
    Piece(Side.DEFENDERS, Kind.MAN),
    Piece(Side.DEFENDERS, Kind.COMMANDER),
    Piece(Side.DEFENDERS, Kind.KNIGHT),
    Piece(Side.DEFENDERS, Kind.VARIEGATED),
    Piece(Side.ATTACKERS, Kind.MAN),
    Piece(Side.ATTACKERS, Kind.COMMANDER),
    Piece(Side.ATTACKERS, Kind.KNIGHT),
    Piece(Side.ATTACKERS, Kind.VARIEGATED),
)


def piece_counts(v: Variant) -> Counter[Piece] | None:
    """Pieces of the starting position by kind, or None when no setup is sourced."""
    if not v.has_setup:
        return None
    return Counter(v.start().pieces().values())


def card_counts(v: Variant) -> Counter[Piece] | None:
    """Pieces by kind as only a rule card names them (no setup sourced), else None."""
    if v.has_setup or v.slug not in CARD_ONLY_COUNTS:
        return None
    return Counter({Piece(s, k): n for s, k, n in CARD_ONLY_COUNTS[v.slug]})


def known_counts(v: Variant) -> Counter[Piece] | None:
    """Pieces by kind from the starting position, else from a rule card, else None."""
    return piece_counts(v) or card_counts(v)


def ratio_text(attackers: int, defenders: int) -> str:
    """Attackers to defenders (king excluded) as a ratio such as '2:1'."""
    if defenders == 0:
        return ""
    r = Fraction(attackers, defenders)
    if r.denominator == 1:
        return f"{r.numerator}:1"
    if r.numerator < 10 and r.denominator < 10:
        return f"{r.numerator}:{r.denominator}"
    return f"≈ {float(r):.1f}:1".replace(".", ",")


def setup_svg(v: Variant, id_prefix: str) -> str:
    """The setup diagram as inline SVG."""
    return diagrams.position_svg(
        v.start(),
        v.rules,
        variant_name=v.name,
        title=f"Startaufstellung {v.name}",
        id_prefix=id_prefix,
    )
