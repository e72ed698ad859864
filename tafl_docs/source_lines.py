"""Where a paragraph of a page stands in its Markdown file: `data-zeile` on the HTML.

A reader who selects a sentence with the Mitwirken switch on can propose a correction
(docs/javascripts/tafl-mitwirken.js, the workshop page); the proposal names the file and
the line. Markdown keeps no line numbers, so each paragraph, list item and heading is found
in the source by its first words (markup, links and citations stripped on both sides),
searching forward from the previous match: the line where the element begins. An element
whose words are not found (generated text of a directive) gets no line, and neither does
an element with a class (the site's own captions and tools).
"""

from __future__ import annotations

import html as html_lib
import re

from tafl_core.lines import split_lines

_OPEN = re.compile(r"<(p|li|h[1-6])(\s[^>]*)?>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]+>")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_CITE = re.compile(r"\[[^\]]*\]")
_MARKUP = re.compile(r"[*_`#>|]|^\s*(?:[-+]|\d+\.)\s+|\{[^}]*\}")
_WORD = re.compile(r"\w+")
#: Where an element's own text ends: its end tag, or a nested block (a list in an item).
_END = re.compile(r"</(?:p|li|h[1-6])>|<(?:p|ul|ol|li|div|table)\b", re.IGNORECASE)
#: How many words identify an element's start.
WORDS = 6


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def _source_words(line: str) -> list[str]:
    """The words of a Markdown line as a reader sees them (links as their text)."""
    text = _LINK.sub(r"\1", line)
    text = _CITE.sub(" ", text)
    return _words(_MARKUP.sub(" ", text))


def _element_words(after: str) -> list[str]:
    """The first words of the element whose content begins the text `after`."""
    head = _END.split(after[:600], maxsplit=1)[0]
    text = html_lib.unescape(_TAG.sub(" ", re.sub(r"<sup\b.*?</sup>", " ", head, flags=re.S)))
    return _words(text)[:WORDS]


def mark_lines(html: str, source: str) -> str:
    """The page's HTML with `data-zeile="N"` on each p, li and heading found in `source`."""
    lines = [_source_words(line) for line in split_lines(source)]
    out: list[str] = []
    at = 0
    start = 0
    for match in _OPEN.finditer(html):
        wanted = _element_words(html[match.end() :])
        attributes = match.group(2) or ""
        # elements with a class are the site's own (captions, tools), not the author's text
        if len(wanted) < 2 or "class=" in attributes or "data-zeile" in attributes:
            continue
        found = _find(lines, wanted, start)
        if found is None:
            continue
        start = found
        out.append(html[at : match.end() - 1])
        out.append(f' data-zeile="{found + 1}">')
        at = match.end()
    out.append(html[at:])
    return "".join(out)


def _find(lines: list[list[str]], wanted: list[str], start: int) -> int | None:
    """The first line from `start` on whose words contain `wanted` in a row (0-based)."""
    size = len(wanted)
    first = wanted[0]
    for number in range(start, len(lines)):
        words = lines[number]
        # both matches below begin with a word of this line: most lines are passed here
        if first not in words:
            continue
        for i in range(len(words) - size + 1):
            if words[i : i + size] == wanted:
                return number
        # an element may begin at the end of one line and go on in the next
        if number + 1 < len(lines):
            joined = words[-size:] + lines[number + 1][:size]
            for i in range(len(joined) - size + 1):
                if joined[i : i + size] == wanted and i < len(words[-size:]):
                    return number
    return None
