"""The pieces of a variant: counts (from the setup or a rule card) and the setup diagram."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import diagrams
from tafl_core.pieces import Kind, Piece, Side
from tafl_core.variants import Variant

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
    return v.piece_counts() if v.has_setup else None


def card_counts(v: Variant) -> Counter[Piece] | None:
    """Pieces by kind as only a source names them (`[setup] counts`, no squares), else None."""
    return None if v.has_setup else v.piece_counts()


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
