"""mkdocs-gen-files script: the rule comparison page and the setup images.

Run by the gen-files plugin (listed in mkdocs.yml); files are virtual, nothing is
written into docs/.
"""

from __future__ import annotations

import mkdocs_gen_files
from mkdocs_gen_files.editor import FilesEditor

from tafl_core.variants import variant
from tafl_docs import cache, changes_page, history, repository
from tafl_docs.catalogue import ordered_variants
from tafl_docs.directives.comparison import vergleich_matrix, vergleich_zwei
from tafl_docs.markdown import Context
from tafl_docs.pieces import setup_svg


def comparison_page() -> str:
    """Markdown of regelvergleich.md."""
    ctx = Context(src_path="regelvergleich.md", page_url="regelvergleich/")
    lines = [
        "---",
        "hide:",
        "  - toc",
        "---",
        "",
        "# Regelvergleich",
        "",
        "Jede Zeile ist eine Regel, jede Spalte eine Variante. Zu Beginn stehen Copenhagen und",
        "Fetlar nebeneinander, die am häufigsten verwechselt werden; über der Tabelle lassen sich",
        "zwei andere Varianten wählen, nur ihre Unterschiede oder alle Varianten zeigen.",
        "**Fett** und hinterlegt stehen die Regeln, in denen sich die beiden gewählten Varianten",
        "unterscheiden (mit „alle Varianten“: fett, wo sich irgendeine unterscheidet); „—“ heißt,",
        "dass es die Regel in dieser Variante nicht gibt (ohne Thron keine Thronregeln). Ein Klick",
        "auf eine Regel führt zu ihrer Erklärung mit Beispielen, ein Klick auf eine Variante zu",
        "ihrer Regelkarte.",
        "",
        "## Alle Regeln im Überblick",
        "",
        *vergleich_matrix(ctx),
        "",
        "Die Zeile „Figuren“ zählt die Steine der belegten Startaufstellung: Angreifer gegen",
        "Verteidiger, der König kommt hinzu. Wo keine Aufstellung belegt ist, steht",
        "„nicht belegt“.",
        "",
        "## Copenhagen und Standard-Tablut",
        "",
        "Die Spielseite, auf der die Copenhagen-Regeln dieser Website beruhen, erklärt sie als",
        "Abweichungen vom Standardspiel Tablut. Die folgende Gegenüberstellung zeigt jede",
        "Regel, in der sich die beiden Varianten unterscheiden, und fasst darunter zusammen,",
        "was beide gleich regeln.",
        "",
        *vergleich_zwei(ctx, variant("copenhagen-11"), variant("standard-tablut-9")),
        "",
        "Was diese Seiten festlegen, wo die Quellen schweigen oder sich widersprechen, steht",
        "auf jeder Regelkarte im Abschnitt „Quellenlage“.",
        "",
    ]
    return "\n".join(lines)


def rule_changes_page() -> str:
    """Markdown of regelaenderungen.md, from the repository's history."""
    config = FilesEditor.current().config
    repo = repository.configure(config.extra).repo
    names = {v.slug: v.name for v in ordered_variants()}
    return changes_page.page(history.read(), names, repo)


def main() -> None:
    """Write the comparison page, the rule changes and one SVG and PNG per sourced setup."""
    with mkdocs_gen_files.open("regelvergleich.md", "w") as fh:
        fh.write(comparison_page())
    with mkdocs_gen_files.open("regelaenderungen.md", "w") as fh:
        fh.write(rule_changes_page())
    for v in ordered_variants():
        if not v.has_setup:
            continue
        svg = setup_svg(v, f"bild-{v.slug}")
        with mkdocs_gen_files.open(f"bilder/aufstellung/{v.slug}.svg", "w") as fh:
            fh.write(svg)
        with mkdocs_gen_files.open(f"bilder/aufstellung/{v.slug}.png", "wb") as fh:
            fh.write(cache.png(svg, scale=2.0))


main()
