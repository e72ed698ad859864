"""The printable rule sheet ("Regelblatt") of a variant: HTML and CSS, made into an A4 PDF.

Everything on the sheet comes from the same sources as the site: the short rules from
`tafl_docs.summary.at_a_glance` (the card's "Auf einen Blick"), the setup diagram and the
piece counts from the variant data, and the example diagrams from checked ```tafl examples
of the card (`tafl_docs.sheet_examples`). WeasyPrint turns the page into a PDF with the
DejaVu fonts embedded and every diagram as vector graphics.
"""

from __future__ import annotations

import base64
import datetime as dt
import os
import re
from collections import Counter
from dataclasses import dataclass
from html import escape
from pathlib import Path

from diagrams import position_svg
from diagrams.legend import LegendItem, icon_svg, legend_items
from tafl_core.lines import split_lines
from tafl_core.pieces import Kind, Piece
from tafl_core.variants import Variant
from tafl_core.wording.rules import piece_name
from tafl_docs import rule_numbers
from tafl_docs.catalogue import sheet_page_limit
from tafl_docs.pieces import PIECE_ORDER, card_counts, piece_counts, setup_svg
from tafl_docs.sheet_examples import DOCS_DIR, SheetError, SheetExample, draw, picked
from tafl_docs.summary import GlanceItem, at_a_glance

#: The site's name when mkdocs.yml cannot be read (e.g. an installed package).
DEFAULT_SITE = "Tafl – Regeln der Hnefatafl-Varianten"


_CSS_FILE = Path(__file__).with_name("sheet.css")


def page_limit(v: Variant) -> int:
    """How many A4 pages the variant's sheet may take (tafl_docs/data/catalogue.toml)."""
    return sheet_page_limit(v.slug)


def build_date() -> dt.date:
    """Today, or the day of SOURCE_DATE_EPOCH when set (reproducible builds)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return dt.datetime.fromtimestamp(int(epoch), tz=dt.UTC).date()
    return dt.date.today()


def site_label(mkdocs_yml: Path) -> str:
    """`site_url` from mkdocs.yml if set, else `site_name`, else the default name."""
    try:
        text = mkdocs_yml.read_text(encoding="utf-8")
    except OSError:
        return DEFAULT_SITE
    found = {}
    for key in ("site_url", "site_name"):
        m = re.search(rf"^{key}:[ \t]*(.*?)[ \t]*$", text, re.M)
        if m:
            found[key] = m.group(1).strip().strip("\"'")
    return found.get("site_url") or found.get("site_name") or DEFAULT_SITE


def _data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _img(svg: str, css_class: str, alt: str) -> str:
    return f'<img class="{css_class}" src="{_data_uri(svg)}" alt="{escape(alt)}">'


def piece_symbol_svg(v: Variant, piece: Piece) -> str:
    """The piece as the diagrams draw it, cut out of a board to a small square SVG."""
    pos = v.empty()
    square = pos.size + 1  # b2: never a throne or corner
    pos.set_piece(square, piece)
    board = position_svg(pos, v.rules, id_prefix="symbol")
    group = re.search(r"<g data-square=[^>]*>.*?</g>", board, re.S)
    circle = re.search(
        r'<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"', group[0] if group else ""
    )
    if group is None or circle is None:
        raise SheetError("das Figurensymbol ließ sich nicht aus dem Diagramm lösen")
    cx, cy, r = (float(x) for x in circle.groups())
    pad = r + 2.5
    box = f"{cx - pad:.2f} {cy - pad:.2f} {2 * pad:.2f} {2 * pad:.2f}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" '
        f'width="{2 * pad:.2f}" height="{2 * pad:.2f}">{group[0]}</svg>'
    )


def _counts(v: Variant) -> tuple[Counter[Piece] | None, bool]:
    """Piece counts and whether they come from the rule card only (no sourced squares)."""
    counts = piece_counts(v)
    if counts is not None:
        return counts, False
    card = card_counts(v)
    return card, card is not None


def _setup_html(v: Variant) -> str:
    if v.has_setup:
        return _img(setup_svg(v, f"regelblatt-{v.slug}"), "brett", f"Startaufstellung {v.name}")
    return (
        '<p class="keine-aufstellung"><strong>Keine Startaufstellung veröffentlicht.</strong> '
        f"{escape(v.setup_missing)}</p>"
    )


def _pieces_html(v: Variant) -> str:
    counts, card_only = _counts(v)
    if counts is None:
        return '<p class="figuren-fehlen">Die Figuren sind nicht überliefert.</p>'
    rows = []
    for piece in PIECE_ORDER:
        n = counts.get(piece, 0)
        if n:
            symbol = _img(piece_symbol_svg(v, piece), "symbol", "")
            rows.append(
                f"<li>{symbol}<span class='anzahl'>{n} ×</span> {escape(piece_name(piece))}</li>"
            )
    notes = []
    if card_only:
        notes.append(
            "Anzahlen laut Quelle; auf welchen Feldern die Figuren beginnen, ist nicht überliefert."
        )
    kinds = {p.kind for p in counts}
    if v.rules.commander_jump and Kind.COMMANDER not in kinds:
        notes.append(
            "Die Regeln kennen Kommandanten; die belegte Startaufstellung enthält keine, "
            "dieses Blatt lässt sie deshalb weg."
        )
    if v.rules.variegated and Kind.VARIEGATED not in kinds:
        notes.append("Die Regeln kennen Bunte; die belegte Startaufstellung enthält keine.")
    note = "".join(f'<p class="fussnote">{escape(n)}</p>' for n in notes)
    return f'<ul class="figuren">{"".join(rows)}</ul>{note}'


#: Topics of "Die Regeln in Kürze" that end a game without a winner's move: on the sheet they
#: come after the rules of play (Schildwall, Berserker … before "Wiederholung", "Kein Zug").
_LAST_TOPICS = ("Wiederholung", "Kein Zug")


def sheet_rules(v: Variant) -> list[GlanceItem]:
    """The card's "Auf einen Blick" in sheet order: the rules of play, then repetition and
    no move."""
    items = at_a_glance(v)
    return [i for i in items if i.topic not in _LAST_TOPICS] + [
        i for i in items if i.topic in _LAST_TOPICS
    ]


#: Which of a card's rule headings (`###` under "Spielregeln") a short rule corresponds to:
#: words its heading contains, tried in this order ("Thron, Ecken und Schlagen" is both).
_TOPIC_WORDS = {
    "Ziel": ("Flucht",),
    "Ziehen": ("Ziehen", "Bewegung"),
    "Sperrfelder": ("Sperrfeld", "Thron", "Ecken"),
    "Schlagen": ("Schlagen",),
    "König": ("König", "Frachtschiff"),
    "Randfestung": ("Randfestung",),
    "Umzingelung": ("Umzingelung",),
    "Wiederholung": ("Wiederholung",),
    "Kein Zug": ("Zugunfähigkeit",),
    "Schildwall": ("Schildwall",),
    "Berserker": ("Berserker",),
    "Kommandanten": ("Kommandant", "Springen"),
    "Ritter": ("Ritter", "Springen"),
    "Königssprung": ("Springen",),
    "Bunte": ("Bunte",),
}


@dataclass(frozen=True)
class CardRules:
    """The numbered rules of a variant's card (`tafl_docs.rule_numbers`, the numbers the
    card shows as "§ N") and the line where the rules end."""

    headings: list[rule_numbers.RuleHeading]
    end: int  # 0-based line of the first h2 after the rules

    @classmethod
    def of(cls, v: Variant, docs_dir: Path) -> CardRules:
        """The rules of the card docs/varianten/<slug>.md (none if it cannot be read)."""
        try:
            markdown = (docs_dir / "varianten" / f"{v.slug}.md").read_text(encoding="utf-8")
        except OSError:
            return cls([], 0)
        found = rule_numbers.headings(markdown)
        lines = split_lines(markdown)
        end = len(lines)
        if found:
            end = next(
                (i for i in range(found[-1].line + 1, len(lines)) if lines[i].startswith("## ")),
                end,
            )
        return cls(found, end)

    def of_line(self, line: int) -> int | None:
        """The number of the rule a block (its first body line, 1-based) stands under."""
        index = line - 1
        if not self.headings or index >= self.end:
            return None
        before = [h for h in self.headings if h.line < index]
        return before[-1].number if before else None

    def of_topic(self, topic: str) -> int | None:
        """The number of the rule a short rule ("Auf einen Blick" topic) belongs to."""
        for word in _TOPIC_WORDS.get(topic, ()):
            for h in self.headings:
                if word.lower() in h.text.lower():
                    return h.number
        return None


def _number_html(number: int | None) -> str:
    if number is None:
        return ""
    return f'<span class="paragraf">{escape(rule_numbers.label(number))}</span> '


def _rules_html(v: Variant, card: CardRules) -> str:
    items = "".join(
        f'<div class="punkt"><dt>{_number_html(card.of_topic(item.topic))}'
        f"{escape(item.topic)}</dt><dd>{escape(item.text)}</dd></div>"
        for item in sheet_rules(v)
    )
    return f'<dl class="kurzregeln">{items}</dl>'


#: The legend of the sheet's examples: key of `diagrams.legend` -> label, in this order.
_MARKS = {
    "zug": "Zug, Startfeld getönt",
    "lauf": "Berserker-Lauf, Schritte nummeriert",
    "verboten": "Verbotener Zug (Bild vor dem Zug)",
    "geschlagen": "Geschlagene Figur",
    "umgedreht": "Umgedrehter Bunter",
    "ziel": "Blauer Punkt: erlaubtes Zielfeld",
    "markiert": "Hervorgehobenes Feld",
    "spielende": "Entscheidet die Partie",
}


def _icon(item: LegendItem) -> str:
    """A legend picture, 3.6 mm per square row high (a numbered run needs more rows)."""
    svg = icon_svg(item, height=16)
    return (
        f'<img class="zeichen" style="height: {3.6 * item.rows:.2f}mm" '
        f'src="{_data_uri(svg)}" alt="">'
    )


def _legend_html(v: Variant, examples: list[SheetExample]) -> str:
    """One line: the marks the examples use, each as the site's legend draws it."""
    used = set().union(*(ex.marks for ex in examples))
    items = {item.key: item for item in legend_items(v.rules)}
    parts = [
        f'<span class="zeichen">{_icon(items[key])}{escape(label)}</span>'
        for key, label in _MARKS.items()
        if key in used and key in items
    ]
    return f'<p class="zeichenleiste">{" ".join(parts)}</p>' if parts else ""


def _examples_html(v: Variant, examples: list[SheetExample], card: CardRules) -> str:
    if not examples:
        return ""
    figures = []
    for ex in examples:
        # the note on its own line (<br>): WeasyPrint mis-breaks a line before an inline span
        note = f'<br><span class="wirkung">{escape(ex.note)}</span>' if ex.note else ""
        mark = '<span class="verboten" aria-hidden="true">✗ </span>' if ex.forbidden else ""
        figures.append(
            f'<figure class="{"verboten" if ex.forbidden else "erlaubt"}">'
            + _img(ex.svg, "beispiel", ex.title)
            + f"<figcaption>{mark}{_number_html(card.of_line(ex.line))}{escape(ex.title)}"
            f"{note}</figcaption></figure>"
        )
    forbidden = any(ex.forbidden for ex in examples)
    numbers = ""
    if card.headings:
        numbers = " § 3 heißt: Regel 3 der Regelkarte dieser Variante auf der Website."
    lead = "Jedes Diagramm zeigt die Stellung nach dem Zug"

    if forbidden:
        lead += (
            "; ein verbotener Zug (rotes ✗) zeigt die Stellung davor, der Versuch endet im "
            "roten Kreuz"
        )
    return (
        '<section class="irrtuemer"><h2>Oft falsch gespielt</h2>'
        f'<p class="legende">{escape(lead)}.{numbers}</p>'
        f"{_legend_html(v, examples)}"
        f'<div class="beispiele n{len(figures)}">{"".join(figures)}</div></section>'
    )


def _sources_html(v: Variant) -> str:
    if not v.sources:
        return '<p class="quellen"><strong>Quellen:</strong> keine hinterlegt.</p>'
    parts = "; ".join(escape(re.sub(r"\s*\([^)]*\)", "", s.title)) for s in v.sources)
    return f'<p class="quellen"><strong>Quellen:</strong> {parts}.</p>'


def sheet_html(
    v: Variant,
    *,
    site: str = DEFAULT_SITE,
    built: dt.date | None = None,
    docs_dir: Path = DOCS_DIR,
) -> str:
    """The sheet as one self-contained HTML document (inline CSS, SVGs as data URIs)."""
    built = built or build_date()
    examples = [draw(ex, f"rb{i}") for i, ex in enumerate(picked(v.slug, docs_dir))]
    card = CardRules.of(v, docs_dir)
    css = _CSS_FILE.read_text(encoding="utf-8")
    r = v.rules
    subtitle = f"Regelblatt · {r.size}×{r.size} Felder"
    if v.category:
        subtitle += f" · {v.category}"
    return (
        '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8">'
        f"<title>Regelblatt {escape(v.name)}</title><style>{css}</style></head><body>"
        f'<header><h1>{escape(v.name)}</h1><p class="unterzeile">{escape(subtitle)}</p></header>'
        '<div class="spalten"><section class="aufstellung"><h2>Startaufstellung</h2>'
        f"{_setup_html(v)}</section>"
        f'<section class="figuren"><h2>Figuren</h2>{_pieces_html(v)}</section>'
        '<section class="regeln"><h2>Die Regeln in Kürze</h2>'
        f"{_rules_html(v, card)}</section></div>"
        f"{_examples_html(v, examples, card)}"
        f"<footer>{_sources_html(v)}"
        f'<p class="stand">{escape(site)} · Stand: {built.strftime("%d.%m.%Y")} · '
        "Alle Diagramme zeichnet und prüft die Engine dieser Website.</p></footer>"
        "</body></html>"
    )


def html_to_pdf(html: str, max_pages: int | None = None) -> bytes:
    """Render a sheet's HTML with WeasyPrint, as large as `max_pages` allows (if given)."""
    try:
        from weasyprint import HTML  # type: ignore[import-untyped]
    except (ImportError, OSError):  # Python's own text would be English: the remedy instead
        raise SheetError(
            "WeasyPrint fehlt oder findet seine Bibliotheken nicht "
            "(pip install 'tafl[sheet]' und scripts/system-deps.sh weasyprint)"
        ) from None
    if max_pages is None:
        return bytes(HTML(string=html).render().write_pdf())
    # one page if any setting allows it, else the limit; the largest setting that fits
    for pages in sorted({1, max_pages}):
        for setting in ("weit", "mittel", "", "eng"):
            styled = html.replace("<body>", f'<body class="{setting}">', 1) if setting else html
            document = HTML(string=styled).render()
            if len(document.pages) <= pages:
                return bytes(document.write_pdf())
    return bytes(document.write_pdf())
