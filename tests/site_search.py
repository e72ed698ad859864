"""Material's site search driven like a reader: open it, type, read the results.

Shared by `tests/site/test_search_index.py` and `scripts/bench/bench_site.py --first-load`.
"""

from __future__ import annotations

from typing import Any

#: The search field in the header (visible at desktop width).
FIELD = "input.md-search__input"
#: Every result link in order: per result the page, then its matching sections.
LINKS = ".md-search-result__list a.md-search-result__link"

#: True once Material has answered exactly `query` (the field still holds it): the result
#: list shows results, or the result line says there are none (the theme's own wording,
#: from its configuration in the page).
ANSWERED_JS = """
(query) => {
  const field = document.querySelector("input.md-search__input");
  const list = document.querySelector(".md-search-result__list");
  const meta = document.querySelector(".md-search-result__meta");
  const none = JSON.parse(document.getElementById("__config").textContent)
    .translations["search.result.none"];
  if (!field || field.value !== query || !list || !meta) return false;
  return list.children.length > 0 || meta.textContent.trim() === none;
}
"""


#: True once the result list is empty (after the field was emptied).
EMPTIED_JS = """
() => !document.querySelector(".md-search-result__list")?.children.length
"""


def type_query(page: Any, query: str) -> None:
    """Open the search the way a reader does (click into the field) and enter `query`;
    the last key stroke makes Material read the field (it listens to key events)."""
    field = page.locator(FIELD)
    field.click()
    if field.input_value():
        # empty the field first and wait until the old results are gone, so that they
        # are never taken for the answer to the new query
        field.fill("")
        field.press("End")
        page.wait_for_function(EMPTIED_JS, polling="raf", timeout=10_000)
    field.fill(query)
    field.press("End")


def results(page: Any, query: str, timeout: float = 20_000) -> list[str]:
    """Type `query` into the search and return the result links (site-relative paths with
    their anchors, without Material's highlight parameter), in the order shown; empty when
    the search finds nothing."""
    type_query(page, query)
    page.wait_for_function(ANSWERED_JS, arg=query, polling="raf", timeout=timeout)
    hrefs: list[str] = page.eval_on_selector_all(
        LINKS,
        """(links) => links.map((a) => {
          const url = new URL(a.href);
          return url.pathname + url.hash;
        })""",
    )
    return hrefs


def groups(links: list[str]) -> list[str]:
    """The pages of the results in order (each page once), from `results`."""
    seen: list[str] = []
    for link in links:
        path = link.split("#")[0]
        if path not in seen:
            seen.append(path)
    return seen
