"""The pieces of a variant: counts (from the setup or a rule card), names, setup diagram."""

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


def side_summary(counts: Counter[Piece], side: Side) -> str:
    """e.g. '24 Angreifer' or '12 Verteidiger (davon 4 Kommandanten)' (king not counted)."""
    total = sum(n for p, n in counts.items() if p.side is side and p.kind is not Kind.KING)
    extras = []
    words = {
        Kind.COMMANDER: ("Kommandant", "Kommandanten"),
        Kind.KNIGHT: ("Ritter", "Ritter"),
        Kind.VARIEGATED: ("Bunter", "Bunte"),
    }
    for kind, (one, many) in words.items():
        n = counts.get(Piece(side, kind), 0)
        if n:
            extras.append(f"{n} {one if n == 1 else many}")
    text = f"{total} {side.german}"
    return text + (f" (davon {', '.join(extras)})" if extras else "")


def piece_name(piece: Piece) -> str:
    """'König', 'Angreifer', 'Kommandant der Verteidiger', 'Bunter der Angreifer' …"""
    if piece.kind is Kind.KING:
        return "König (Verteidiger)"
    if piece.kind is Kind.MAN:
        return f"{piece.side.german} (Stein)"
    word = {Kind.COMMANDER: "Kommandant", Kind.KNIGHT: "Ritter"}.get(piece.kind, "Bunter")
    return f"{word} der {piece.side.german}"


def setup_svg(v: Variant, id_prefix: str) -> str:
    """The setup diagram as inline SVG."""
    return diagrams.position_svg(
        v.start(),
        v.rules,
        variant_name=v.name,
        title=f"Startaufstellung {v.name}",
        id_prefix=id_prefix,
    )
