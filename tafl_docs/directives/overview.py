"""Lists of all variants: the start page's cards (`uebersicht`) and the board's chooser."""

from __future__ import annotations

from html import escape

from tafl_core.pieces import Side
from tafl_core.search.levels import DEFAULT_LEVEL, LEVEL_NAMES
from tafl_core.wording.rules import kinds_in_play, overview_facts
from tafl_docs.catalogue import card_path, ordered_variants
from tafl_docs.directives.common import DirectiveError
from tafl_docs.markdown import Context


def d_uebersicht(ctx: Context, args: list[str]) -> list[str]:
    """All variants as cards with their setup image (for the start page)."""
    if args:
        raise DirectiveError("uebersicht erwartet kein Argument")
    out = ['<div class="grid cards tafl-uebersicht" markdown>', ""]
    for v in ordered_variants():
        link = ctx.link(card_path(v))
        facts = overview_facts(v.rules, kinds_in_play(v.piece_counts()))
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


def d_variantenwahl(ctx: Context, args: list[str]) -> list[str]:
    """The free board's variant chooser: every variant in site order, "Gegen den Computer"
    (the reader's side and the level; tafl-board-init.js reads them) and the load button."""
    if args:
        raise DirectiveError("variantenwahl nimmt keine Angaben")
    options = [
        f'<option value="{escape(v.slug)}">{escape(v.name)}</option>' for v in ordered_variants()
    ]
    sides = [f'<option value="{s.value}">{escape(s.german)}</option>' for s in Side]
    levels = [
        f'<option value="{n}"{" selected" if n == DEFAULT_LEVEL else ""}>'
        f"{n} – {escape(name)}</option>"
        for n, name in LEVEL_NAMES.items()
    ]
    return [
        '<div class="tafl-spielbrett-wahl">',
        '<label for="tafl-variante">Variante:</label>',
        '<select id="tafl-variante">',
        *options,
        "</select>",
        "</div>",
        '<fieldset class="tafl-gegner-wahl">',
        "<legend>Gegner</legend>",
        '<label><input type="checkbox" id="tafl-gegner"> Gegen den Computer</label>',
        '<span class="tafl-gegner-feld"><label for="tafl-seite">Ich spiele:</label>',
        '<select id="tafl-seite">',
        *sides,
        "</select></span>",
        '<span class="tafl-gegner-feld"><label for="tafl-stufe">Stufe:</label>',
        '<select id="tafl-stufe">',
        *levels,
        "</select></span>",
        "</fieldset>",
        '<div class="tafl-spielbrett-wahl">',
        '<button type="button" class="md-button md-button--primary tafl-spielbrett-start">'
        "Spielbrett laden</button>",
        "</div>",
    ]
