"""Key facts of a variant: `grunddaten` (Grunddaten) and `figuren` (the piece table)."""

from __future__ import annotations

from collections import Counter

from tafl_core.pieces import Kind, Piece, Side
from tafl_core.rules import (
    Escape,
    KingCapture,
    KingJump,
    RuleSet,
    ThronePass,
)
from tafl_core.variants import Variant
from tafl_docs.catalogue import MECHANIC_OF
from tafl_docs.directives.common import (
    SPECIAL_RULES,
    corner_squares,
    get_variant,
    one_slug,
    rule_in_force,
    throne_square,
)
from tafl_docs.markdown import (
    Context,
    admonition,
    md_link,
    table,
    wrapped,
)
from tafl_docs.pieces import (
    CARD_ONLY_COUNTS,
    PIECE_ORDER,
    piece_counts,
    piece_name,
    ratio_text,
    side_summary,
)


def king_text(r: RuleSet) -> str:
    """The king's rules in one German phrase."""
    parts = ["bewaffnet (schlägt mit)" if r.king_armed else "unbewaffnet (schlägt nicht mit)"]
    if r.king_capture is KingCapture.TWO_SIDES:
        parts.append("schwach: wird wie jede Figur von zwei Seiten gefangen")
    elif r.king_capture is KingCapture.STRONG_NEAR_THRONE:
        parts.append(
            "stark nur am Thron: auf dem Thron von vier Seiten, daneben von drei Seiten und "
            "dem Thron, sonst wie jede Figur von zwei Seiten"
        )
    else:
        text = "stark: wird erst von vier Seiten gefangen"
        if r.throne or r.corners:
            text += ", feindliche Felder zählen als Seite"
        if r.king_edge_counts:
            text += "; der Brettrand zählt als Seite"
        elif r.escape is Escape.CORNER:  # with edge escape the edge already wins
            text += "; am Brettrand nicht zu fangen"
        parts.append(text)
    return "; ".join(parts)


def escape_text(r: RuleSet) -> str:
    """Where the king escapes to."""
    if r.escape is Escape.CORNER:
        return "ein Eckfeld (Eckflucht)"
    return "jedes Randfeld (Kantenflucht)"


def restricted_text(v: Variant) -> str:
    """Throne and restricted squares in one phrase."""
    r = v.rules
    parts = []
    if r.throne:
        if r.throne_pass is ThronePass.ALL:
            rule = "nur der König darf darauf stehen; leer dürfen ihn alle Figuren überqueren"
        else:
            rule = "nur der König darf darauf stehen oder ihn überqueren"
        if not r.throne_reentry:
            rule += "; hat der König ihn verlassen, betritt ihn niemand mehr"
        parts.append(f"Thron auf {throne_square(v)} ({rule})")
    if r.corners:
        parts.append(f"Eckfelder {corner_squares(v)} (nur der König darf sie betreten)")
    return "; ".join(parts) if parts else "keine (kein Thron, keine Sperrfelder)"


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
    elif v.slug in CARD_ONLY_COUNTS:
        card = Counter({Piece(s, k): n for s, k, n in CARD_ONLY_COUNTS[v.slug]})
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
    specials = [
        md_link(ctx, german, MECHANIC_OF[name])
        for name, german in SPECIAL_RULES
        if rule_in_force(r, name)
    ]
    rows = [
        ["Name", v.name],
        ["Originalname", v.original_name],
        ["Spielfamilie", v.family],
        ["Kategorie", v.category],
        ["Herkunft / Autor", v.author],
        ["Datierung", v.date],
        ["Belegstatus", v.evidence],
        ["Brettgröße", f"{r.size}×{r.size} Felder"],
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


def _piece_note(r: RuleSet, piece: Piece) -> str:
    if piece.kind is Kind.KING:
        parts = [king_text(r), f"einzige Figur, die fliehen kann: Ziel {escape_text(r)}"]
        if r.throne:
            parts.append("darf als einzige Figur auf dem Thron stehen")
        if r.corners:
            parts.append("darf als einzige Figur die Eckfelder betreten")
        if r.berserker_king_escape:
            parts.append("darf einen Berserker-Lauf mit der Flucht an den Rand beenden")
        if r.king_jump is KingJump.RESTRICTED:
            parts.append(
                "darf über einen direkt benachbarten gewöhnlichen Gegner springen, aber nur "
                "von einem Sperrfeld aus oder auf eines; der Sprung schlägt nicht"
            )
        elif r.king_jump is KingJump.FREE:
            parts.append(
                "darf über einen direkt benachbarten gewöhnlichen Gegner springen; "
                "der Sprung schlägt nicht"
            )
        return "; ".join(parts)
    if piece.kind is Kind.MAN:
        return "gewöhnlicher Stein"
    if piece.kind is Kind.COMMANDER:
        if r.commander_jump:
            never = "König, Kommandant noch Ritter" if r.knight_jump else "König noch Kommandant"
            note = (
                "darf statt zu ziehen über einen direkt benachbarten Gegner (weder "
                f"{never}) auf das freie Feld dahinter springen; der Sprung schlägt nicht"
            )
            if r.commander_king_capture and piece.side is Side.ATTACKERS:
                note += (
                    "; zwei Kommandanten (oder einer und ein Eckfeld) fangen den König "
                    "zwischen sich, außer auf dem Thron und daneben"
                )
            return note
        return "Kommandant (ohne Sprungregel)"
    if piece.kind is Kind.KNIGHT:
        if r.knight_jump:
            return (
                "zieht wie ein Stein oder springt über einen direkt benachbarten gewöhnlichen "
                "Gegner auf das freie Feld dahinter und schlägt ihn damit"
            )
        return "Ritter (ohne Sprungregel)"
    if r.variegated:
        return "wird eingeschlossen nicht geschlagen, sondern wechselt die Seite (auch mehrfach)"
    return "Bunter (ohne Seitenwechsel-Regel)"


def d_figuren(ctx: Context, args: list[str]) -> list[str]:
    """The piece table with counts computed from the starting position."""
    v = get_variant(one_slug(args, "figuren"))
    r = v.rules
    counts = piece_counts(v)
    note: list[str] = []
    if counts is None:
        if v.slug not in CARD_ONLY_COUNTS:
            return admonition(
                "info",
                "Figuren nicht belegt",
                [f"Für {v.name} ist keine Startaufstellung belegt. {v.setup_missing}"],
            )
        counts = Counter({Piece(s, k): n for s, k, n in CARD_ONLY_COUNTS[v.slug]})
        note = ["Die Anzahlen stammen aus der Spielanleitung, nicht aus einer Startaufstellung."]
    rows = []
    for piece in PIECE_ORDER:
        n = counts.get(piece, 0)
        if n:
            rows.append([piece_name(piece), str(n), _piece_note(r, piece)])
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
    extra = []
    if r.commander_jump and not any(p.kind is Kind.COMMANDER for p in counts):
        extra.append(
            "Die Regeln kennen Kommandanten mit Sprung, die belegte Startaufstellung enthält "
            "aber keine; wo sie stehen, nennt keine Quelle."
        )
    if r.variegated and not any(p.kind is Kind.VARIEGATED for p in counts):
        extra.append("Die Regeln kennen Bunte, die belegte Startaufstellung enthält aber keine.")
    if r.berserker:
        extra.append(
            "Für alle Figuren gilt die "
            + md_link(ctx, "Berserker-Regel", MECHANIC_OF["berserker"])
            + ": wer schlägt, darf mit derselben Figur weiterziehen, wenn sie wieder schlägt."
        )
    for paragraph in extra:
        out += ["", paragraph]
    if note:
        out = [*note, "", *out]
    return out
