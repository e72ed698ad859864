"""`data-zeile` on a page's paragraphs (tafl_docs/source_lines.py): the line of the Markdown
file where each paragraph, list item and heading begins, found by its words."""

from __future__ import annotations

import re

import markdown

from tafl_docs.source_lines import mark_lines

SOURCE = """# Schlagen und Einschließen

Geschlagen wird im Tafl durch **Einschließen** (im Englischen *custodial capture*):
eine Figur zwischen zwei Gegnern.

## Die Regel im Einzelnen

1. **Zwei Seiten, gegenüberliegend.** Die Figur muss auf zwei
   gegenüberliegenden Seiten stehen.
2. Nur der [aktive Zug](ziehen.md) schlägt, nie der passive.

Ein Satz mit Zitat [Nielsen-cph, Regel 5a] und mehr Worten danach.

[^1]: Nielsen, Aage: Copenhagen Hnefatafl.
"""


def lines_of(html: str) -> list[tuple[str, int]]:
    """(first word of the element, its data-zeile) in order."""
    found = re.finditer(r'<(?:p|li|h\d)[^>]*data-zeile="(\d+)"[^>]*>(?:<[^>]+>)*(\w+)', html)
    return [(m.group(2), int(m.group(1))) for m in found]


def expected() -> list[tuple[str, int]]:
    """Each element's first word and the line where it stands in SOURCE (counted here)."""
    out = []
    for number, line in enumerate(SOURCE.split("\n"), 1):
        text = re.sub(r"^(#+|\d+\.|\[\^\d+\]:)\s*|\*", "", line)
        word = re.match(r"\w+", text)
        starts = line.startswith(("#", "1.", "2.")) or (line and not SOURCE.split("\n")[number - 2])
        if word and starts:
            out.append((word.group(), number))
    return out


def test_every_paragraph_item_and_heading_gets_its_line() -> None:
    # on the site a citation becomes a footnote mark (tafl_docs/citations.py)
    cited = SOURCE.replace("[Nielsen-cph, Regel 5a]", "[^1]")
    html = markdown.markdown(cited, extensions=["footnotes"]).replace("[^1]", "")
    assert "<sup" in html
    assert lines_of(mark_lines(html, SOURCE)) == expected()


def test_elements_of_the_site_and_unknown_text_get_none() -> None:
    html = '<p class="tafl-unterschrift">Geschlagen wird im Tafl durch</p><p>Gibt es hier nicht</p>'
    assert "data-zeile" not in mark_lines(html, SOURCE)
