"""Key facts of a variant: `grunddaten` (Grunddaten) and `figuren` (the piece table)."""

from __future__ import annotations

from tafl_core.pieces import Kind, Piece, Side
from tafl_core.wording.rules import (
    berserker_pieces_note,
    board_text,
    escape_text,
    king_text,
    missing_pieces_notes,
    piece_name,
    piece_note,
    restricted_text,
    side_summary,
    special_rules,
)
from tafl_docs.catalogue import MECHANIC_OF
from tafl_docs.directives.common import get_variant, one_slug
from tafl_docs.markdown import Context, admonition, md_link, table, wrapped
from tafl_docs.pieces import PIECE_ORDER, card_counts, piece_counts, ratio_text


def d_grunddaten(ctx: Context, args: list[str]) -> list[str]:
    """Key facts of a variant."""
    v = get_variant(one_slug(args, "grunddaten"))
    r = v.rules
    counts = piece_counts(v)
    if counts is not None:
        att = sum(n for p, n in counts.items() if p.side is Side.ATTACKERS)
        dfn = sum(
            n for p, n in counts.items() if p.side is Side.DEFENDERS and p.kind is not Kind.KING
        )
        has_king = counts.get(Piece(Side.DEFENDERS, Kind.KING), 0) > 0
        ratio = (
            f"{side_summary(counts, Side.ATTACKERS)} gegen {side_summary(counts, Side.DEFENDERS)}"
            + (" und den König" if has_king else "")
            + f" ({ratio_text(att, dfn)})"
        )
        setup = f"belegt (Sicherheit: {v.setup_confidence or 'nicht angegeben'})"
    elif (card := card_counts(v)) is not None:
        att = sum(n for p, n in card.items() if p.side is Side.ATTACKERS)
        dfn = sum(
            n for p, n in card.items() if p.side is Side.DEFENDERS and p.kind is not Kind.KING
        )
        ratio = (
            f"laut Spielanleitung {side_summary(card, Side.ATTACKERS)} gegen "
            f"{side_summary(card, Side.DEFENDERS)} und den König ({ratio_text(att, dfn)})"
        )
        setup = "nicht belegt"
    else:
        ratio = "nicht belegt"
        setup = "nicht belegt"
    specials = [md_link(ctx, german, MECHANIC_OF[name]) for name, german in special_rules(r)]
    rows = [
        ["Name", v.name],
        ["Originalname", v.original_name],
        ["Spielfamilie", v.family],
        ["Kategorie", v.category],
        ["Herkunft / Autor", v.author],
        ["Datierung", v.date],
        ["Belegstatus", v.evidence],
        ["Brettgröße", board_text(r)],
        ["Thron / Sperrfelder", restricted_text(v)],
        ["Fluchtziel", escape_text(r)],
        ["König", king_text(r)],
        ["Erster Zug", r.first.german],
        ["Figurenverhältnis", ratio],
        ["Startaufstellung", setup],
        ["Sonderregeln", ", ".join(specials) if specials else "keine"],
    ]
    rows = [row for row in rows if row[1]]
    return wrapped("tafl-grunddaten", table(["Merkmal", "Wert"], rows))


def d_figuren(ctx: Context, args: list[str]) -> list[str]:
    """The piece table with counts computed from the starting position."""
    v = get_variant(one_slug(args, "figuren"))
    r = v.rules
    counts = piece_counts(v)
    note: list[str] = []
    if counts is None:
        counts = card_counts(v)
        if counts is None:
            return admonition(
                "info",
                "Figuren nicht belegt",
                [f"Für {v.name} ist keine Startaufstellung belegt. {v.setup_missing}"],
            )
        note = ["Die Anzahlen stammen aus der Spielanleitung, nicht aus einer Startaufstellung."]
    rows = []
    for piece in PIECE_ORDER:
        n = counts.get(piece, 0)
        if n:
            rows.append([piece_name(piece), str(n), piece_note(r, piece)])
    total_att = sum(n for p, n in counts.items() if p.side is Side.ATTACKERS)
    total_dfn = sum(n for p, n in counts.items() if p.side is Side.DEFENDERS)
    rows.append(
        [
            "**Zusammen**",
            f"{total_dfn + total_att}",
            f"{total_dfn} Verteidiger-Figuren (mit König), {total_att} Angreifer-Figuren",
        ]
    )
    out = wrapped("tafl-figuren", table(["Figur", "Anzahl", "Besonderheit"], rows))
    extra = missing_pieces_notes(r, {p.kind for p in counts})
    if r.berserker:
        link = md_link(ctx, "Berserker-Regel", MECHANIC_OF["berserker"])
        extra.append(berserker_pieces_note(r, link))
    for paragraph in extra:
        out += ["", paragraph]
    if note:
        out = [*note, "", *out]
    return out
