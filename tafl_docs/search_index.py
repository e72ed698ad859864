"""What the site search indexes: the reader's text, not the drawings and tools around it.

Material's search plugin reads every page's HTML into `search/search_index.json`, which the
reader's browser fetches whole when the search is first opened. Left alone, most of it is
what nobody types into a search box: the text alternatives of the diagrams (every square
of every position, the coordinates a…k 1…11), the source of each example (the ASCII grids
of the ```tafl blocks with their engine keywords), the solutions of the exercises (which a
search result would give away) and the labels of buttons and contributor tools.

`searchable` marks those elements with Material's own attribute `data-search-exclude`
(its search plugin skips them and removes the attribute from the page afterwards). The
plugin calls it from `on_page_content`, before Material reads the page. Why and what it
saves: notes/search.md.
"""

from __future__ import annotations

import re
from functools import cache
from html import escape

#: The attribute Material's search plugin skips an element for (with a value: the plugin
#: strips `data-search-…="…"` from the page only when it has one).
MARK = ' data-search-exclude="ja"'

#: Elements left out by tag: drawings (their title, description and coordinates), buttons
#: (labels such as "Ausprobieren", "Aufgabe lösen") and templates (the data a board, an
#: exercise or a replay reads: positions, turns, proofs as JSON).
EXCLUDED_TAGS = frozenset({"svg", "button", "template"})

#: Elements left out by class (written by tafl_docs/fence.py and the directives).
EXCLUDED_CLASSES = frozenset(
    {
        "tafl-quelltext",  # an example's source: the ASCII grid and its keywords
        "tafl-loesung",  # an exercise's solution: the search would give it away
        "tafl-unterschrift",  # the caption under each diagram, the drawing's words again
        "tafl-contrib",  # contributor tools: PNG download, "Fehler melden", export
        "tafl-melden",  # "Fehler melden" (inside the tools)
        "tafl-melden-werkstatt",  # "In der Werkstatt prüfen" (inside the tools)
        "tafl-aufgabe-erledigt",  # "Schon gelöst ✓"
        "tafl-nur-druck",  # text only a printout shows
        "tafl-herkunft",  # a puzzle's origin (game, seed, half-moves); its heading stays
    }
)

#: Elements without an end tag (never open, never nest).
VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    }
)


#: A comment, a script or style with its content, or a start or end tag (groups: slash,
#: name, attributes).
_TOKEN = re.compile(
    r"<!--.*?-->|<(?:script|style)\b[^>]*>.*?</(?:script|style)\s*>"
    r"""|<(/?)([a-zA-Z][\w:.-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>""",
    re.S | re.I,
)
#: The class attribute among a start tag's attributes.
_CLASS = re.compile(r"""\sclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.I)


def _excluded(tag: str, attrs: str) -> bool:
    if tag in EXCLUDED_TAGS:
        return True
    found = _CLASS.search(attrs)
    classes = "".join(g or "" for g in found.groups()).split() if found else []
    return any(c in EXCLUDED_CLASSES for c in classes)


@cache
def _same_tag(tag: str) -> re.Pattern[str]:
    """Start and end tags of one name (group 1: the slash of an end tag)."""
    return re.compile(rf"""<(/?){re.escape(tag)}(?=[\s/>])(?:"[^"]*"|'[^']*'|[^'">])*>""", re.I)


def _element_end(html: str, tag: str, start: int) -> tuple[int, bool]:
    """Where the element whose start tag ends at `start` closes (the offset of its end
    tag), and whether it holds an element of its own kind."""
    depth = 1
    nested = False
    for found in _same_tag(tag).finditer(html, start):
        if found.group(1):
            depth -= 1
            if depth == 0:
                return found.start(), nested
        elif not found.group(0).endswith("/>"):
            depth += 1
            nested = True
    return len(html), nested


def _marks(html: str, start: int, stop: int, inside: bool) -> list[int]:
    """Where to insert MARK between `start` and `stop`: at each excluded element (each
    element, when `inside` an excluded one), skipping over what it holds."""
    marks: list[int] = []
    at = start
    while True:
        token = _TOKEN.search(html, at, stop)
        if token is None:
            return marks
        at = token.end()
        name, attrs = token.group(2), token.group(3)
        if name is None or token.group(1):  # comment, script, style or end tag
            continue
        tag = name.lower()
        closed = attrs.endswith("/")
        if tag in VOID or closed or not (inside or _excluded(tag, attrs)):
            continue
        end, nested = _element_end(html, tag, at)
        if nested:
            # Material's parser compares elements by tag: a skipped element ends its
            # skipping at the first end tag of the same name, so an excluded element that
            # holds one of its own kind is left out through its children instead.
            marks += _marks(html, at, end, True)
        else:
            marks.append(at - 1)  # before the closing ">"
        at = end


#: A numbered rule's heading on a card (tafl_docs/rule_numbers.py gives it the id).
_RULE = re.compile(r'<h3 id="regel-\d+"')
#: The heading that ends a rule's section.
_NEXT_SECTION = re.compile(r"<h[1-3][\s>]")


def with_card_name(html: str, card: str) -> str:
    """A card's HTML with its name at the end of each numbered rule, hidden from the page
    (and from screen readers) but read by the search: "Copenhagen § 5" then finds § 5 of
    that card first, not of every card."""
    out = []
    last = 0
    for rule in _RULE.finditer(html):
        end = _NEXT_SECTION.search(html, rule.end())
        at = end.start() if end else len(html)
        if at < last:
            continue
        out.append(html[last:at])
        out.append(f'<span class="tafl-suchname" hidden> {escape(card)} </span>\n')
        last = at
    out.append(html[last:])
    return "".join(out)


def searchable(html: str, card: str | None = None) -> str:
    """The page's HTML with `data-search-exclude` on every element the search leaves out;
    on a card (`card`: its name) each numbered rule also carries the card's name."""
    if card:
        html = with_card_name(html, card)
    marks = _marks(html, 0, len(html), False)
    if not marks:
        return html
    parts = []
    last = 0
    for at in marks:
        parts.append(html[last:at])
        parts.append(MARK)
        last = at
    parts.append(html[last:])
    return "".join(parts)
