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
from dataclasses import dataclass, field
from html import escape

#: The attribute Material's search plugin skips an element for (with a value: the plugin
#: strips `data-search-…="…"` from the page only when it has one).
MARK = ' data-search-exclude="ja"'

#: Elements left out by tag: drawings (their title, description and coordinates) and
#: buttons (labels such as "Ausprobieren", "Aufgabe lösen").
EXCLUDED_TAGS = frozenset({"svg", "button"})

#: Elements left out by class (written by tafl_docs/fence.py and the directives).
EXCLUDED_CLASSES = frozenset(
    {
        "tafl-quelltext",  # an example's source: the ASCII grid and its keywords
        "tafl-loesung",  # an exercise's solution: the search would give it away
        "tafl-unterschrift",  # the caption under each diagram, the drawing's words again
        "tafl-contrib",  # contributor tools: PNG download, "Fehler melden", export
        "tafl-melden",  # "Fehler melden" (inside the tools)
        "tafl-aufgabe-erledigt",  # "Schon gelöst ✓"
        "tafl-nur-druck",  # text only a printout shows
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


@dataclass
class _Element:
    """An element of the page: its tag, where its start tag ends, its children."""

    tag: str
    excluded: bool
    insert_at: int
    children: list[_Element] = field(default_factory=list)

    def has_descendant(self, tag: str) -> bool:
        return any(c.tag == tag or c.has_descendant(tag) for c in self.children)


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


def _tree(html: str) -> _Element:
    """The element tree of a page's HTML (generated, so well formed; an end tag closes up
    to its nearest open element of that name)."""
    root = _Element("", False, 0)
    open_ = [root]
    for token in _TOKEN.finditer(html):
        name = token.group(2)
        if name is None:  # comment, script or style
            continue
        tag = name.lower()
        if token.group(1):
            for depth in range(len(open_) - 1, 0, -1):
                if open_[depth].tag == tag:
                    del open_[depth:]
                    break
            continue
        attrs = token.group(3)
        closed = attrs.endswith("/")
        # the attribute goes before the closing ">" (never inside a self-closing "/>")
        element = _Element(tag, _excluded(tag, attrs), token.end() - (2 if closed else 1))
        open_[-1].children.append(element)
        if not closed and tag not in VOID:
            open_.append(element)
    return root


def _marks(element: _Element, inside: bool = False) -> list[int]:
    """Where to insert MARK below `element` (`inside`: an excluded ancestor)."""
    if element.excluded or inside:
        # Material's parser compares elements by tag: a skipped element ends its skipping at
        # the first end tag of the same name, so an excluded element that contains one of
        # its own kind is left out through its children instead.
        if element.tag and not element.has_descendant(element.tag):
            return [element.insert_at]
        return [at for child in element.children for at in _marks(child, True)]
    return [at for child in element.children for at in _marks(child)]


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
    marks = sorted(_marks(_tree(html)))
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
