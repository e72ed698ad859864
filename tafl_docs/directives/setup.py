"""The setup and its legend: `aufstellung`, `aufeinenblick` and `legende`."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from html import escape
from urllib.parse import quote

from diagrams.legend import legend_html
from tafl_core.rules import KingJump
from tafl_core.variants import Variant
from tafl_core.wording.rules import first_move, forces_text
from tafl_docs.catalogue import GLANCE_PAGES, ordered_variants
from tafl_docs.directives.common import get_variant, one_slug
from tafl_docs.markdown import Context, admonition, md_link, wrapped
from tafl_docs.pieces import piece_counts, setup_svg
from tafl_docs.sheet_examples import DOCS_DIR
from tafl_docs.summary import at_a_glance


def d_aufstellung(ctx: Context, args: list[str]) -> list[str]:
    """The setup diagram with a PNG download, or the notice that no setup is sourced."""
    v = get_variant(one_slug(args, "aufstellung"))
    if not v.has_setup:
        return admonition(
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
        f"Startaufstellung {escape(v.name)}: {escape(forces_text(counts, colours=True))}. "
        f"{escape(first_move(v.rules))}"
    )
    source = ""
    if with_source and v.setup_source:
        source = (
            f'<br><span class="tafl-quelle">Quelle: {escape(v.setup_source)}; '
            f"Sicherheit: {escape(v.setup_confidence or 'nicht angegeben')}.</span>"
        )
    html = (
        f'<figure class="tafl-aufstellung">\n<div class="tafl-diagramm">\n{svg}\n</div>\n'
        f"<figcaption>{caption}{source}"
        f'<span class="tafl-contrib"><br><a href="{png}" download="{v.slug}.png">Als PNG '
        f'herunterladen</a> · <a href="{svg_file}" download="{v.slug}.svg">als SVG</a></span>'
        "</figcaption>\n</figure>"
    )
    return html.splitlines()


def d_aufeinenblick(ctx: Context, args: list[str]) -> list[str]:
    """“Auf einen Blick”: the setup diagram and the rules as a short list (tafl_docs.summary)."""
    v = get_variant(one_slug(args, "aufeinenblick"))
    # with a diagram, its caption states board, forces and first move: not listed twice
    out = setup_figure(ctx, v, with_source=False) if v.has_setup else []
    items = []
    for item in at_a_glance(v):
        if out and item.topic == "Aufstellung":
            continue
        topic = escape(item.topic)
        page = GLANCE_PAGES.get(item.topic)
        label = md_link(ctx, topic, page) if page else topic
        items.append(f"- **{label}:** {escape(item.text)}")
    # the list comes first: on a phone the whole game fits two screens, the diagram and the
    # legend of its pieces and marks follow
    # on the card the legend is one tap away (a closed box), so the rules come sooner
    legend = folded_legend(d_legende(ctx, [v.slug]))
    play = play_link(ctx, v)
    return [*wrapped("tafl-aufeinenblick", items), "", *play, "", *out, "", *legend]


def play_link(ctx: Context, v: Variant) -> list[str]:
    """The card's way to the free board with its variant chosen and the computer as the
    opponent (tafl-board-init.js reads `variante` and `gegner` from the address), and to its
    recorded games where the site has a Partien page for it."""
    board = ctx.url("spielbrett") + "/"
    href = f"{board}?variante={quote(v.slug)}&amp;gegner=1"
    links = [f'<a href="{href}">Gegen den Computer spielen</a>']
    if (DOCS_DIR / "partien" / f"{v.slug}.md").is_file():
        links.append(f'<a href="{ctx.url("partien/" + v.slug)}/">Partien nachspielen</a>')
    return [f'<p class="tafl-gegner-link">{" · ".join(links)}</p>']


def folded_legend(legend: list[str]) -> list[str]:
    """The legend's HTML in a closed box whose summary is the legend's own title."""
    title = "<p><strong>Zeichen in den Diagrammen</strong></p>"
    body = [line for line in legend if line.strip() != title]
    return [
        '<details class="tafl-legende-zu">',
        "<summary>Zeichen in den Diagrammen</summary>",
        *body,
        "</details>",
    ]


def d_legende(ctx: Context, args: list[str]) -> list[str]:
    """The visual legend of a variant's diagrams (`SLUG`) or of every variant (`alle`)."""
    slug = one_slug(args, "legende")
    if slug != "alle":
        v = get_variant(slug)
        return legend_html(v.rules, v.pieces()).splitlines()
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
    return legend_html(union).splitlines()
