"""Under every example on the site: its source as written, and a "Fehler melden" link.

Beside it, "In der Werkstatt prüfen" opens the workshop page with this block
(docs/javascripts/tafl-mitwirken.js hands the block over).

The source is the fenced block exactly as it stands in the Markdown file (fence lines
included, the indentation of an enclosing admonition removed), shown in a collapsible
"Quelltext" box as a code block that Material's copy button works on. The report link opens
a new issue in the configured repository, prefilled with page, `docs/…md:ZEILE` and the
source; without a configured repository there is no report link.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from tafl_core.examples.syntax import FoundBlock, find_blocks, without_id
from tafl_core.lines import split_lines
from tafl_docs import repository

_BACKTICKS = re.compile(r"`+")

#: Pages whose source boxes start open: the contributors' guide, where the source is the point.
OPEN_ON = frozenset({"docs/mitwirken.md"})
#: The workshop page (docs/werkstatt.md), where an example is checked as the reader types.
WORKSHOP = "werkstatt/"


@lru_cache(maxsize=4)
def _blocks(markdown: str) -> dict[int, FoundBlock]:
    """The page's ```tafl blocks by first body line (one scan per page, not per example)."""
    return {b.first_body_line: b for b in find_blocks(markdown)}


@lru_cache(maxsize=4)
def _lines(markdown: str) -> tuple[str, ...]:
    """The page's lines (split once per page, not per example)."""
    return tuple(split_lines(markdown))


def block_source(markdown: str, body_line: int) -> tuple[int, str] | None:
    """(line of the opening fence, the block's text) for the block whose body starts at
    `body_line`, or None when no ```tafl block starts there."""
    found: FoundBlock | None = _blocks(markdown).get(body_line)
    if found is None:
        return None
    lines = _lines(markdown)
    count = 1 + (found.body.count("\n") + 1 if found.body else 0) + (1 if found.closed else 0)
    raw = list(lines[found.line - 1 : found.line - 1 + count])
    raw[0] = without_id(raw[0])  # the id is for the site's own tools, not for readers
    indent = found.indent
    text = "\n".join(x[len(indent) :] if x.startswith(indent) else x.lstrip() for x in raw)
    return found.line, text


def _fenced(text: str) -> str:
    """Text in a Markdown code fence longer than any backtick run inside it."""
    longest = max((len(m.group()) for m in _BACKTICKS.finditer(text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{text}\n{fence}"


def report_url(
    repo: repository.Repository, page: str, where: str, caption: str, source: str
) -> str:
    """New-issue address for one example, prefilled in German."""
    short = caption if len(caption) <= 60 else caption[:60].rsplit(" ", 1)[0] + " …"
    title = f"Beispiel {where}: {short}" if short else f"Beispiel {where}"
    body = "\n".join(
        [
            f"Seite: {page}",
            f"Datei: {where}",
            "",
            "Was stimmt an diesem Beispiel nicht? (Bitte hier beschreiben; wenn möglich mit",
            "Quelle der Regel.)",
            "",
            "",
            "Quelltext des Beispiels:",
            "",
            _fenced(source),
        ]
    )
    return repo.new_issue(title, body)


def example_html(
    markdown: str,
    page_url: str,
    path: str,
    body_line: int,
    caption: str,
    site: repository.Site | None = None,
) -> str:
    """The "Quelltext" box and the report link for the example whose body starts at
    `body_line` of the page `path` (e.g. docs/mechaniken/schlagen.md); the report link
    only when the build's `site` names a repository."""
    located = block_source(markdown, body_line)
    if located is None:
        return ""
    line, source = located
    where = f"{path}:{line}"
    opened = " open" if path in OPEN_ON else ""
    # contributor tools: shown only with the Mitwirken switch on, except in the guide itself
    tools = "tafl-werkzeuge" if path in OPEN_ON else "tafl-werkzeuge tafl-contrib"
    code = (
        '<div class="language-tafl highlight"><pre><span></span>'
        f"<code>{html.escape(source)}</code></pre></div>"
    )
    out = [
        f'<div class="{tools}">',
        f'<details class="tafl-quelltext" data-quelle="{html.escape(where)}"{opened}>',
        "<summary>Quelltext dieses Beispiels</summary>",
        code,
        "</details>",
    ]
    workshop = "../" * page_url.count("/") + WORKSHOP
    out.append(
        '<p class="tafl-melden-werkstatt"><a class="tafl-werkstatt-link" '
        f'href="{html.escape(workshop)}" '
        f'aria-label="Beispiel {html.escape(where)} in der Werkstatt prüfen und ändern">'
        "In der Werkstatt prüfen</a></p>"
    )
    repo = site.repo if site is not None else None
    if site is not None and repo is not None:
        page = site.page_address(page_url)
        url = report_url(repo, page, where, caption, source)
        label = f"Fehler melden: Beispiel {where}"
        out.append(
            '<p class="tafl-melden">'
            f'<a href="{html.escape(url)}" target="_blank" rel="noopener" '
            f'aria-label="{html.escape(label)} (öffnet ein neues Issue im Projekt-Repository)">'
            "Fehler melden</a></p>"
        )
    out.append("</div>")
    return "\n".join(out)
