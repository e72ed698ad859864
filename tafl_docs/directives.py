"""The `[[tafl:...]]` directives: parts of the German pages generated from the engine's data.

A directive stands alone on its own line (it may be indented, e.g. inside an admonition)
and is replaced by Markdown or HTML. `expand(markdown, ctx)` replaces every directive of a
page and returns the new text with the problems found (each with its line number); the
MkDocs hook turns those problems into warnings, which `mkdocs build --strict` refuses.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace
from enum import Enum
from fractions import Fraction
from html import escape

from tafl_core.pieces import Kind, Piece, Side
from tafl_core.rules import (
    LABELS,
    Escape,
    Hostility,
    KingCapture,
    KingJump,
    RuleSet,
    ThronePass,
    describe,
    value_text,
)
from tafl_core.variants import Variant, all_variants

#: Order of the variants in navigation, comparison matrix and lists.
ORDER = (
    "copenhagen-11",
    "copenhagen-13",
    "fetlar-11",
    "berserk-11",
    "tablut-9",
    "standard-tablut-9",
    "brandub-7",
    "brandub-7-opentafl",
    "tawlbwrdd-11",
    "seeschlacht-11",
    "simples-tafl-11",
    "tyr-11",
    "tyr-15",
    "odin-11",
)

#: Where each rule parameter is explained (paths relative to docs/).
MECHANIC_OF: dict[str, str] = {
    "first": "mechaniken/ziehen.md",
    "throne": "mechaniken/sperrfelder.md",
    "corners": "mechaniken/sperrfelder.md",
    "throne_pass": "mechaniken/sperrfelder.md",
    "throne_reentry": "mechaniken/sperrfelder.md",
    "throne_hostile_attackers": "mechaniken/sperrfelder.md",
    "throne_hostile_defenders": "mechaniken/sperrfelder.md",
    "linnaean_capture": "mechaniken/sperrfelder.md",
    "corners_hostile_attackers": "mechaniken/sperrfelder.md",
    "corners_hostile_defenders": "mechaniken/sperrfelder.md",
    "king_armed": "mechaniken/koenig.md",
    "king_capture": "mechaniken/koenig.md",
    "king_edge_counts": "mechaniken/koenig.md",
    "escape": "mechaniken/flucht.md",
    "shieldwall": "mechaniken/schildwall.md",
    "edge_fort": "mechaniken/randfestung.md",
    "encirclement": "mechaniken/umzingelung.md",
    "berserker": "mechaniken/berserker.md",
    "berserker_king_escape": "mechaniken/berserker.md",
    "commander_jump": "mechaniken/sonderfiguren.md",
    "commander_king_capture": "mechaniken/sonderfiguren.md",
    "knight_jump": "mechaniken/sonderfiguren.md",
    "king_jump": "mechaniken/sonderfiguren.md",
    "variegated": "mechaniken/sonderfiguren.md",
    "repetition": "mechaniken/zugwiederholung.md",
    "no_moves": "mechaniken/zugunfaehigkeit.md",
}

#: Special rules worth naming in the key facts, with their German names.
SPECIAL_RULES: tuple[tuple[str, str], ...] = (
    ("shieldwall", "Schildwall"),
    ("edge_fort", "Randfestung"),
    ("encirclement", "Umzingelung"),
    ("linnaean_capture", "Schlag gegen den besetzten Thron"),
    ("berserker", "Berserker-Regel"),
    ("commander_jump", "Kommandanten mit Sprung"),
    ("commander_king_capture", "Königsfang durch zwei Kommandanten"),
    ("knight_jump", "Ritter"),
    ("king_jump", "springender König"),
    ("variegated", "Bunte"),
)


def rule_in_force(r: RuleSet, name: str) -> bool:
    """Whether a special rule is switched on (an enum such as king_jump: not 'none')."""
    value = getattr(r, name)
    return value is not KingJump.NONE if isinstance(value, KingJump) else bool(value)


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

#: Short value texts for the wide comparison matrix (keys: the engine's value texts).
_SHORT = {
    "von 2 Seiten (wie jede Figur)": "2 Seiten",
    "von 4 Seiten (feindliche Felder zählen mit)": "4 Seiten",
    value_text(KingCapture.STRONG_NEAR_THRONE): (
        "am Thron 4, daneben 3 und der Thron, sonst 2 Seiten"
    ),
    "jedes Randfeld": "Rand",
    "ein Eckfeld": "Ecke",
    "alle Figuren": "alle",
    "nur der König": "König",
    "Verursacher verliert": "Verursacher verliert",
    value_text(KingJump.RESTRICTED): "nur an Sperrfeldern",
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

DIRECTIVE_LINE = re.compile(r"^(?P<indent>[ \t]*)\[\[tafl:(?P<body>[^\[\]]*)\]\][ \t]*$")
_FENCE = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,})")
_INLINE_CODE = re.compile(r"(`+).*?\1")


class DirectiveError(Exception):
    """A directive that cannot be expanded; the message is German and names the cause."""


@dataclass(frozen=True)
class Context:
    """The page a directive stands on: its source path (relative to docs/) and its URL."""

    src_path: str
    page_url: str = ""

    def link(self, target: str) -> str:
        """Relative Markdown link from this page to a docs/ source file."""
        return posixpath.relpath(target, posixpath.dirname(self.src_path) or ".")

    def url(self, target: str) -> str:
        """Relative URL from this page's address to a file of the built site (raw HTML)."""
        url = self.page_url
        base = url.rstrip("/") if url.endswith("/") else posixpath.dirname(url)
        return posixpath.relpath(target, base or ".")


@dataclass(frozen=True)
class Problem:
    """A directive that failed: 1-based line in the page's Markdown and a German message."""

    line: int
    message: str


# -- helpers ----------------------------------------------------------------------------


def ordered_variants() -> list[Variant]:
    """All variants, in the site's order (unknown extra ones at the end)."""
    found = all_variants()
    slugs = [s for s in ORDER if s in found] + [s for s in found if s not in ORDER]
    return [found[s] for s in slugs]


def get_variant(slug: str) -> Variant:
    """A variant by slug, or a DirectiveError listing the known slugs."""
    found = all_variants().get(slug)
    if found is None:
        known = ", ".join(v.slug for v in ordered_variants())
        raise DirectiveError(f"unbekannte Variante '{slug}' (bekannt: {known})")
    return found


def card_path(v: Variant) -> str:
    """The card of a variant, relative to docs/."""
    return f"varianten/{v.slug}.md"


def short_name(v: Variant) -> str:
    """A compact name for table headers."""
    return v.name.replace(" Hnefatafl", "")


def cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def piece_counts(v: Variant) -> Counter[Piece] | None:
    """Pieces of the starting position by kind, or None when no setup is sourced."""
    if not v.has_setup:
        return None
    return Counter(v.start().pieces().values())


def square_names(v: Variant, squares: Iterable[int]) -> str:
    """Square names such as 'a1, k1'."""
    geo = v.empty().geo
    return ", ".join(geo.name(s) for s in squares)


def throne_square(v: Variant) -> str:
    """Name of the centre square."""
    geo = v.empty().geo
    return geo.name(geo.centre)


def corner_squares(v: Variant) -> str:
    """Names of the four corners, in the order a1, last file 1, a-top, last-top."""
    geo = v.empty().geo
    return square_names(v, sorted(geo.corners))


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


def _md_link(ctx: Context, text: str, target: str) -> str:
    return f"[{text}]({ctx.link(target)})"


def _rule_label(ctx: Context, name: str) -> str:
    target = MECHANIC_OF.get(name)
    label = LABELS[name]
    return _md_link(ctx, label, target) if target else label


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return out


def _wrapped(css_class: str, lines: list[str]) -> list[str]:
    """Lines inside a <div> with a class, still parsed as Markdown (md_in_html)."""
    return [f'<div class="{css_class}" markdown>', "", *lines, "", "</div>"]


def _admonition(kind: str, title: str, body: Iterable[str], collapsible: bool = False) -> list[str]:
    head = "???" if collapsible else "!!!"
    out = [f'{head} {kind} "{title}"', ""]
    out += [("    " + line) if line else "" for line in body]
    return out


# -- the directives ------------------------------------------------------------------


def d_grunddaten(ctx: Context, args: list[str]) -> list[str]:
    """Key facts of a variant."""
    v = get_variant(_one_slug(args, "grunddaten"))
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
        _md_link(ctx, german, MECHANIC_OF[name])
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
    return _wrapped("tafl-grunddaten", _table(["Merkmal", "Wert"], rows))


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


def _piece_name(piece: Piece) -> str:
    """'König', 'Angreifer', 'Kommandant der Verteidiger', 'Bunter der Angreifer' …"""
    if piece.kind is Kind.KING:
        return "König (Verteidiger)"
    if piece.kind is Kind.MAN:
        return f"{piece.side.german} (Stein)"
    word = {Kind.COMMANDER: "Kommandant", Kind.KNIGHT: "Ritter"}.get(piece.kind, "Bunter")
    return f"{word} der {piece.side.german}"


def d_figuren(ctx: Context, args: list[str]) -> list[str]:
    """The piece table with counts computed from the starting position."""
    v = get_variant(_one_slug(args, "figuren"))
    r = v.rules
    counts = piece_counts(v)
    note: list[str] = []
    if counts is None:
        if v.slug not in CARD_ONLY_COUNTS:
            return _admonition(
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
            rows.append([_piece_name(piece), str(n), _piece_note(r, piece)])
    total_att = sum(n for p, n in counts.items() if p.side is Side.ATTACKERS)
    total_dfn = sum(n for p, n in counts.items() if p.side is Side.DEFENDERS)
    rows.append(
        [
            "**Zusammen**",
            f"{total_dfn + total_att}",
            f"{total_dfn} Verteidiger-Figuren (mit König), {total_att} Angreifer-Figuren",
        ]
    )
    out = _wrapped("tafl-figuren", _table(["Figur", "Anzahl", "Besonderheit"], rows))
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
            + _md_link(ctx, "Berserker-Regel", MECHANIC_OF["berserker"])
            + ": wer schlägt, darf mit derselben Figur weiterziehen, wenn sie wieder schlägt."
        )
    for paragraph in extra:
        out += ["", paragraph]
    if note:
        out = [*note, "", *out]
    return out


def setup_svg(v: Variant, id_prefix: str) -> str:
    """The setup diagram as inline SVG (raises DirectiveError when diagrams is missing)."""
    try:
        import diagrams
    except ImportError as exc:  # pragma: no cover - only while diagrams is being written
        raise DirectiveError(f"das Paket 'diagrams' fehlt: {exc}") from None
    return diagrams.position_svg(
        v.start(),
        v.rules,
        variant_name=v.name,
        title=f"Startaufstellung {v.name}",
        id_prefix=id_prefix,
    )


def d_aufstellung(ctx: Context, args: list[str]) -> list[str]:
    """The setup diagram with a PNG download, or the notice that no setup is sourced."""
    v = get_variant(_one_slug(args, "aufstellung"))
    if not v.has_setup:
        return _admonition(
            "info",
            "Keine Startaufstellung belegt",
            [
                f"Für {v.name} zeichnet diese Seite keine Startaufstellung: "
                + v.setup_missing
                + " Die Beispiele auf dieser Seite verwenden deshalb eigene Stellungen.",
            ],
        )
    return setup_figure(ctx, v, with_source=True)


def setup_figure(ctx: Context, v: Variant, with_source: bool) -> list[str]:
    """The setup diagram of a variant with a sourced setup, caption and download links."""
    svg = setup_svg(v, f"aufstellung-{v.slug}").strip()
    png = ctx.url(f"bilder/aufstellung/{v.slug}.png")
    svg_file = ctx.url(f"bilder/aufstellung/{v.slug}.svg")
    counts = piece_counts(v) or Counter()
    caption = (
        f"Startaufstellung {escape(v.name)}: {escape(side_summary(counts, Side.ATTACKERS))} "
        f"(dunkel) gegen {escape(side_summary(counts, Side.DEFENDERS))} und den König (hell). "
        f"{escape(v.rules.first.german)} ziehen zuerst."
    )
    source = ""
    if with_source and v.setup_source:
        source = (
            f'<br><span class="tafl-quelle">Quelle: {escape(v.setup_source)}; '
            f"Sicherheit: {escape(v.setup_confidence or 'nicht angegeben')}.</span>"
        )
    html = (
        f'<figure class="tafl-aufstellung">\n<div class="tafl-diagramm">\n{svg}\n</div>\n'
        f"<figcaption>{caption}{source}<br>"
        f'<a href="{png}" download="{v.slug}.png">Als PNG herunterladen</a> · '
        f'<a href="{svg_file}" download="{v.slug}.svg">als SVG</a></figcaption>\n</figure>'
    )
    return html.splitlines()


def d_aufeinenblick(ctx: Context, args: list[str]) -> list[str]:
    """“Auf einen Blick”: the setup diagram and the rules as a short list (tafl_docs.summary)."""
    from .summary import at_a_glance  # summary reads this module's data: import late

    v = get_variant(_one_slug(args, "aufeinenblick"))
    # with a diagram, its caption states board, forces and first move: not listed twice
    out = setup_figure(ctx, v, with_source=False) if v.has_setup else []
    items = []
    for item in at_a_glance(v):
        if out and item.topic == "Aufstellung":
            continue
        topic = escape(item.topic)
        page = GLANCE_PAGES.get(item.topic)
        label = _md_link(ctx, topic, page) if page else topic
        items.append(f"- **{label}:** {escape(item.text)}")
    # the list comes first: on a phone the whole game fits two screens, the diagram and the
    # legend of its pieces and marks follow
    legend = d_legende(ctx, [v.slug])
    return [*_wrapped("tafl-aufeinenblick", items), "", *out, "", *legend]


#: The mechanics page that explains each topic of “Auf einen Blick” in full.
GLANCE_PAGES: dict[str, str] = {
    "Ziel": "mechaniken/flucht.md",
    "Ziehen": "mechaniken/ziehen.md",
    "Sperrfelder": "mechaniken/sperrfelder.md",
    "Schlagen": "mechaniken/schlagen.md",
    "König": "mechaniken/koenig.md",
    "Randfestung": "mechaniken/randfestung.md",
    "Umzingelung": "mechaniken/umzingelung.md",
    "Wiederholung": "mechaniken/zugwiederholung.md",
    "Kein Zug": "mechaniken/zugunfaehigkeit.md",
    "Schildwall": "mechaniken/schildwall.md",
    "Berserker": "mechaniken/berserker.md",
    "Kommandanten": "mechaniken/sonderfiguren.md",
    "Ritter": "mechaniken/sonderfiguren.md",
    "Königssprung": "mechaniken/sonderfiguren.md",
    "Bunte": "mechaniken/sonderfiguren.md",
}


def d_regeln(ctx: Context, args: list[str]) -> list[str]:
    """Every rule of a variant with its German value ("entfällt: …" where it does not apply)."""
    v = get_variant(_one_slug(args, "regeln"))
    rows = []
    for name, _label, value in describe(v.rules):
        if not applies(name, v.rules):
            value = _NOT_APPLICABLE_WHY[name]
        rows.append([_rule_label(ctx, name), value])
    return _wrapped("tafl-regeln", _table(["Regel", "Wert"], rows))


def d_otn(ctx: Context, args: list[str]) -> list[str]:
    """The OpenTafl rules string in a code block, with what OTN cannot express."""
    v = get_variant(_one_slug(args, "otn"))
    try:
        from tafl_core import otn
    except ImportError as exc:  # pragma: no cover - only while otn is being written
        raise DirectiveError(f"das Modul tafl_core.otn fehlt: {exc}") from None
    out = ["```text", otn.rules_string(v), "```"]
    gaps = otn.unexpressible(v.rules)
    if gaps:
        out += [
            "",
            *_admonition(
                "note",
                "Was der OTN-String nicht ausdrückt",
                [f"- {g}" for g in gaps],
                collapsible=True,
            ),
        ]
    return out


def d_quellen(ctx: Context, args: list[str]) -> list[str]:
    """The variant's sources as a list with links."""
    v = get_variant(_one_slug(args, "quellen"))
    if not v.sources:
        return ["Für diese Variante sind keine Quellen hinterlegt."]
    out = []
    for s in v.sources:
        title = s.title.replace("[", "\\[").replace("]", "\\]")
        line = f"- **\\[{s.key}\\]** {title}"
        if s.url:
            line += f" – <{s.url}>"
        out.append(line)
    return out


def _parse_condition(arg: str) -> tuple[str, Callable[[RuleSet], bool], str]:
    """FIELD or FIELD=value -> (field, predicate, German description)."""
    kinds = {f.name: f for f in fields(RuleSet)}
    name, sep, raw = arg.partition("=")
    name = name.strip()
    if name not in kinds:
        raise DirectiveError(f"unbekannter Regelparameter '{name}' (bekannt: {', '.join(kinds)})")
    sample = getattr(RuleSet(size=11), name)
    if not sep:
        if not isinstance(sample, bool):
            raise DirectiveError(
                f"'{name}' ist kein Ja/Nein-Parameter; schreibe {name}=Wert" + _allowed(sample)
            )
        return name, lambda r: bool(getattr(r, name)), LABELS[name]
    raw = raw.strip()
    if isinstance(sample, bool):
        truth = {"true": True, "ja": True, "false": False, "nein": False}
        if raw.lower() not in truth:
            raise DirectiveError(f"'{raw}' ist kein Wert für '{name}' (erlaubt: true, false)")
        want: object = truth[raw.lower()]
    elif isinstance(sample, Enum):
        enum_type = type(sample)
        try:
            want = enum_type(raw)
        except ValueError:
            raise DirectiveError(f"'{raw}' ist kein Wert für '{name}'" + _allowed(sample)) from None
    else:
        try:
            want = int(raw)
        except ValueError:
            raise DirectiveError(f"'{raw}' ist kein Wert für '{name}' (eine Zahl)") from None
    return name, lambda r: getattr(r, name) == want, f"{LABELS[name]}: {value_text(want)}"


def _allowed(sample: object) -> str:
    if isinstance(sample, Enum):
        return " (erlaubt: " + ", ".join(str(e.value) for e in type(sample)) + ")"
    return ""


def d_varianten_mit(ctx: Context, args: list[str]) -> list[str]:
    """Variants whose rule parameter matches, as links to their cards."""
    if len(args) != 1:
        raise DirectiveError("varianten-mit erwartet genau ein Argument: FELD oder FELD=Wert")
    _name, pred, _desc = _parse_condition(args[0])
    found = [v for v in ordered_variants() if pred(v.rules)]
    if not found:
        return ["*Keine Variante dieser Referenz hat diese Regel.*"]
    return [f"- {_md_link(ctx, v.name, card_path(v))}" for v in found]


#: Rules that only apply when another rule holds: the comparison shows "—" otherwise.
_APPLIES: dict[str, Callable[[RuleSet], bool]] = {
    "throne_pass": lambda r: r.throne,
    "throne_reentry": lambda r: r.throne,
    "throne_hostile_attackers": lambda r: r.throne,
    "throne_hostile_defenders": lambda r: r.throne,
    "linnaean_capture": lambda r: r.throne,
    "corners_hostile_attackers": lambda r: r.corners,
    "corners_hostile_defenders": lambda r: r.corners,
    "king_edge_counts": lambda r: r.king_capture is KingCapture.FOUR_SIDES,
    "berserker_king_escape": lambda r: r.berserker,
}

#: Why a rule does not apply, for the list of one variant's rules.
_NOT_APPLICABLE_WHY = {
    "throne_pass": "entfällt: kein Thron",
    "throne_reentry": "entfällt: kein Thron",
    "throne_hostile_attackers": "entfällt: kein Thron",
    "throne_hostile_defenders": "entfällt: kein Thron",
    "linnaean_capture": "entfällt: kein Thron",
    "corners_hostile_attackers": "entfällt: keine Eckfelder",
    "corners_hostile_defenders": "entfällt: keine Eckfelder",
    "king_edge_counts": "entfällt: der König wird von zwei Seiten gefangen",
    "berserker_king_escape": "entfällt: keine Berserker-Regel",
}

NOT_APPLICABLE = "—"


def applies(name: str, r: RuleSet) -> bool:
    """Whether rule parameter `name` means anything in rule set `r` (no throne: no throne rules)."""
    test = _APPLIES.get(name)
    return test is None or test(r)


def rule_value(name: str, r: RuleSet, short: bool = False) -> str:
    """German value of one rule, or "—" where the rule does not apply."""
    if not applies(name, r):
        return NOT_APPLICABLE
    text = value_text(getattr(r, name))
    return _SHORT.get(text, text) if short else text


def german_list(items: list[str], last: str = "und") -> str:
    """'a', 'a und b', 'a, b und c'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def king_sides_text(r: RuleSet) -> str:
    """What closes in the king, derived from king capture, hostile squares and the edge."""
    hostile = []
    if r.throne and r.throne_hostile_defenders is not Hostility.NEVER:
        hostile.append("der leere Thron")
    if r.corners and r.corners_hostile_defenders:
        hostile.append("ein Eckfeld")
    if r.king_capture is KingCapture.TWO_SIDES:
        return "wie jede Figur von zwei Seiten" + _closers(["Angreifer", *hostile], "oder")
    if r.king_capture is KingCapture.STRONG_NEAR_THRONE:
        return (
            "auf dem Thron von vier Angreifern, neben dem Thron von drei Angreifern und dem "
            "Thron, sonst wie jede Figur von zwei Seiten"
            + _closers(["Angreifer", *hostile], "oder")
        )
    if r.king_edge_counts:
        return "von vier Seiten" + _closers(["Angreifer", *hostile, "der Brettrand"])
    # A king beside a corner stands on the edge, where he cannot be captured at all.
    inner = [h for h in hostile if h != "ein Eckfeld"]
    return "von vier Seiten" + _closers(["Angreifer", *inner]) + "; am Brettrand gar nicht"


def _closers(sides: list[str], last: str = "und") -> str:
    """'; als Seite zählen A, B und C' or ' durch Angreifer' when attackers alone close in."""
    if sides == ["Angreifer"]:
        return " durch Angreifer"
    return "; als Seite zählen " + german_list(sides, last)


def _setup_cell(v: Variant) -> str:
    counts = piece_counts(v)
    if counts is None:
        return "nicht belegt"
    att = sum(n for p, n in counts.items() if p.side is Side.ATTACKERS)
    dfn = sum(n for p, n in counts.items() if p.side is Side.DEFENDERS and p.kind is not Kind.KING)
    return f"{att} : {dfn} + König"


def d_vergleich(ctx: Context, args: list[str]) -> list[str]:
    """The full matrix (no argument) or a comparison of two variants (two slugs)."""
    if not args:
        return vergleich_matrix(ctx)
    if len(args) == 2:
        return vergleich_zwei(ctx, get_variant(args[0]), get_variant(args[1]))
    raise DirectiveError("vergleich erwartet keine oder genau zwei Varianten")


def differs(values: Iterable[str]) -> bool:
    """Whether a row really differs: two different values where the rule applies."""
    return len({v for v in values if v != NOT_APPLICABLE}) > 1


def vergleich_matrix(ctx: Context) -> list[str]:
    """Every rule (rows) across every variant (columns), in a scroll box with a fixed label.

    Bold marks only rows whose values differ where the rule applies; "—" marks a rule that
    does not apply (no throne, no corners, no berserker rule, king captured on two sides).
    """
    vs = ordered_variants()
    header = ["Regel"] + [_md_link(ctx, short_name(v), card_path(v)) for v in vs]
    setups = [_setup_cell(v) for v in vs]
    figures = "Figuren (Angreifer : Verteidiger)"
    rows = [[f"**{figures}**" if differs(setups) else figures, *setups]]
    for f in fields(RuleSet):
        values = [rule_value(f.name, v.rules, short=True) for v in vs]
        label = _rule_label(ctx, f.name)
        if differs(values):
            label = f"**{label}**"
        rows.append([label, *values])
    label = "Regelvergleich aller Varianten (seitlich verschiebbar)"
    return [
        f'<div class="tafl-matrix" markdown role="region" tabindex="0" aria-label="{label}">',
        "",
        *_table(header, rows),
        "",
        "</div>",
    ]


#: Topics of the point-by-point comparison of two rule sets, as on the Copenhagen card.
TOPICS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Brett und Figuren", ("size", "first")),
    (
        "Thron und Ecken",
        (
            "throne",
            "corners",
            "throne_pass",
            "throne_reentry",
            "throne_hostile_attackers",
            "throne_hostile_defenders",
            "linnaean_capture",
            "corners_hostile_attackers",
            "corners_hostile_defenders",
        ),
    ),
    ("König", ("king_armed", "king_capture", "king_edge_counts", "escape")),
    ("Schildwall", ("shieldwall",)),
    ("Randfestung", ("edge_fort",)),
    ("Umzingelung", ("encirclement",)),
    (
        "Berserker und Sonderfiguren",
        ("berserker", "berserker_king_escape", "commander_jump", "variegated"),
    ),
    ("Zugwiederholung", ("repetition",)),
    ("Zugunfähigkeit", ("no_moves",)),
)

#: Label of the derived row "what closes in the king" in the comparison of two variants.
KING_SIDES_LABEL = "Wie der König gefangen wird"


def vergleich_zwei(ctx: Context, a: Variant, b: Variant) -> list[str]:
    """Point-by-point comparison of two rule sets: the differences, then what is equal.

    Besides the rule parameters it compares what closes in the king (derived from the
    king's capture, the hostile squares and the edge), so a difference such as "a corner
    counts as a side" shows even where the hostility parameters themselves are equal.
    """
    header = ["Regel", _md_link(ctx, a.name, card_path(a)), _md_link(ctx, b.name, card_path(b))]
    rows = [["Startaufstellung", _setup_long(a), _setup_long(b)]]
    same = []
    for _topic, names in TOPICS:
        for name in names:
            va, vb = rule_value(name, a.rules), rule_value(name, b.rules)
            if va != vb:
                rows.append([_rule_label(ctx, name), va, vb])
            elif va != NOT_APPLICABLE:
                same.append(f"{_rule_label(ctx, name)}: {va}")
            if name == "king_capture":
                ka, kb = king_sides_text(a.rules), king_sides_text(b.rules)
                if ka != kb:
                    label = _md_link(ctx, KING_SIDES_LABEL, MECHANIC_OF["king_capture"])
                    rows.append([label, ka, kb])
    label = f"Vergleich {a.name} und {b.name}"
    out = [
        f'<div class="tafl-vergleich" markdown role="region" tabindex="0" aria-label="{label}">',
        "",
        *_table(header, rows),
        "",
        "</div>",
    ]
    if same:
        out += ["", "Gleich geregelt sind: " + "; ".join(same) + "."]
    return out


def _setup_long(v: Variant) -> str:
    counts = piece_counts(v)
    if counts is None:
        return f"{v.rules.size}×{v.rules.size}; keine Startaufstellung belegt"
    return (
        f"{v.rules.size}×{v.rules.size}: {side_summary(counts, Side.ATTACKERS)} gegen "
        f"{side_summary(counts, Side.DEFENDERS)} und den König"
    )


def d_uebersicht(ctx: Context, args: list[str]) -> list[str]:
    """All variants as cards with their setup image (for the start page)."""
    if args:
        raise DirectiveError("uebersicht erwartet kein Argument")
    out = ['<div class="grid cards tafl-uebersicht" markdown>', ""]
    for v in ordered_variants():
        r = v.rules
        link = ctx.link(card_path(v))
        facts = [
            f"{r.size}×{r.size}",
            "Eckflucht" if r.escape is Escape.CORNER else "Kantenflucht",
            {
                KingCapture.FOUR_SIDES: "König von 4 Seiten",
                KingCapture.TWO_SIDES: "König von 2 Seiten",
                KingCapture.STRONG_NEAR_THRONE: "König am Thron stark",
            }[r.king_capture],
        ]
        facts += [german for name, german in SPECIAL_RULES if rule_in_force(r, name)]
        out.append(f"-   **[{v.name}]({link})**")
        out.append("")
        if v.has_setup:
            img = ctx.link(f"bilder/aufstellung/{v.slug}.svg")
            out.append(
                f"    [![Startaufstellung {v.name}]({img}){{ loading=lazy width=240 }}]({link})"
            )
        else:
            out.append("    *Keine Startaufstellung belegt.*")
        out.append("")
        sheet = ctx.link(f"regelblatt/{v.slug}.pdf")
        out.append("    " + " · ".join(facts))
        out.append("")
        out.append(f"    [Regelblatt (PDF)]({sheet})")
        out.append("")
    out.append("</div>")
    return out


def legend_pieces(v: Variant, pieces: list[Piece]) -> list[Piece]:
    """The pieces of a variant's legend: a special kind only on the sides its start uses.

    Berserk's start has commanders only for the attackers and a knight only for the
    defenders; where the start has none of a kind (Tyr's commanders), both sides stay.
    """
    if not v.has_setup:
        return pieces
    present = set(v.start().pieces().values())
    special = {p.kind for p in present if p.kind not in (Kind.MAN, Kind.KING)}
    return [p for p in pieces if p.kind not in special or p in present]


def d_legende(ctx: Context, args: list[str]) -> list[str]:
    """The visual legend of a variant's diagrams (`SLUG`) or of every variant (`alle`)."""
    from diagrams.legend import legend_html, variant_pieces

    slug = _one_slug(args, "legende")
    if slug != "alle":
        v = get_variant(slug)
        return legend_html(v.rules, legend_pieces(v, variant_pieces(v.rules))).splitlines()
    # every piece and every mark that some variant uses: the union of the rule sets' features
    rule_sets = [v.rules for v in ordered_variants()]

    def some(feature: str) -> bool:
        return any(getattr(r, feature) for r in rule_sets)

    union = replace(
        rule_sets[0],
        throne=some("throne"),
        corners=some("corners"),
        commander_jump=some("commander_jump"),
        berserker=some("berserker"),
        variegated=some("variegated"),
        knight_jump=some("knight_jump"),
        king_jump=next(
            (r.king_jump for r in rule_sets if r.king_jump is not KingJump.NONE), KingJump.NONE
        ),
    )
    return legend_html(union, variant_pieces(union)).splitlines()


def d_variantenwahl(ctx: Context, args: list[str]) -> list[str]:
    """The free board's variant chooser: every variant in site order, and the load button."""
    if args:
        raise DirectiveError("variantenwahl nimmt keine Angaben")
    options = [
        f'<option value="{escape(v.slug)}">{escape(v.name)}</option>' for v in ordered_variants()
    ]
    return [
        '<div class="tafl-spielbrett-wahl">',
        '<label for="tafl-variante">Variante:</label>',
        '<select id="tafl-variante">',
        *options,
        "</select>",
        '<button type="button" class="md-button md-button--primary tafl-spielbrett-start">'
        "Spielbrett laden</button>",
        "</div>",
    ]


DIRECTIVES: dict[str, Callable[[Context, list[str]], list[str]]] = {
    "legende": d_legende,
    "variantenwahl": d_variantenwahl,
    "grunddaten": d_grunddaten,
    "figuren": d_figuren,
    "aufstellung": d_aufstellung,
    "aufeinenblick": d_aufeinenblick,
    "regeln": d_regeln,
    "otn": d_otn,
    "quellen": d_quellen,
    "varianten-mit": d_varianten_mit,
    "vergleich": d_vergleich,
    "uebersicht": d_uebersicht,
}


def _one_slug(args: list[str], name: str) -> str:
    if len(args) != 1:
        raise DirectiveError(
            f"{name} erwartet genau eine Variante, z. B. [[tafl:{name} copenhagen-11]]"
        )
    return args[0]


def render(body: str, ctx: Context) -> list[str]:
    """Lines of Markdown for one directive body such as 'grunddaten copenhagen-11'."""
    words = body.split()
    if not words:
        raise DirectiveError("leere Direktive")
    name, args = words[0], words[1:]
    handler = DIRECTIVES.get(name)
    if handler is None:
        raise DirectiveError(f"unbekannte Direktive '{name}' (bekannt: {', '.join(DIRECTIVES)})")
    return handler(ctx, args)


def expand(markdown: str, ctx: Context) -> tuple[str, list[Problem]]:
    """Replace every directive line; report failures and stray directives by line."""
    out: list[str] = []
    problems: list[Problem] = []
    fence: str | None = None
    for number, line in enumerate(markdown.split("\n"), 1):
        m = _FENCE.match(line)
        if fence is not None:
            mark = m.group("fence") if m is not None else ""
            if mark and line.strip() == mark and mark[0] == fence[0] and len(mark) >= len(fence):
                fence = None
            out.append(line)
            continue
        if m:
            fence = m.group("fence")
            out.append(line)
            continue
        d = DIRECTIVE_LINE.match(line)
        if d:
            indent = d.group("indent")
            try:
                lines = render(d.group("body"), ctx)
            except DirectiveError as exc:
                problems.append(Problem(number, f"[[tafl:{d.group('body').strip()}]]: {exc}"))
                lines = _admonition("failure", "Fehler in der Direktive", [str(exc)])
            except Exception as exc:  # the engine failed: report it like a bad directive
                problems.append(
                    Problem(
                        number, f"[[tafl:{d.group('body').strip()}]]: {type(exc).__name__}: {exc}"
                    )
                )
                lines = _admonition("failure", "Fehler in der Direktive", [str(exc)])
            out += [(indent + x) if x else "" for x in ["", *lines, ""]]
            continue
        if "[[tafl:" in _INLINE_CODE.sub("", line):
            problems.append(
                Problem(
                    number,
                    "eine [[tafl:...]]-Direktive muss allein auf ihrer Zeile stehen "
                    "(oder als Code in Backticks, wenn sie nur gezeigt werden soll)",
                )
            )
        out.append(line)
    return "\n".join(out), problems
