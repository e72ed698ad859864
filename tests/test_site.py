"""The built site: strict build, no request to another host, every page loads cleanly, search.

The fixtures `site`, `server` and `browser` live in tests/conftest.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.site_support import LOADING, Watch, pages

pytestmark = pytest.mark.browser


def test_site_has_every_section(site: Path) -> None:
    """Start, cards, mechanics, comparison, glossary and the generated setup images exist."""
    from tafl_core.variants import all_variants

    assert (site / "index.html").is_file()
    for name in ("regelvergleich", "glossar", "mitwirken", "python"):
        assert (site / name / "index.html").is_file(), name
    for slug, v in all_variants().items():
        assert (site / "varianten" / slug / "index.html").is_file(), slug
        if v.has_setup:
            png = site / "bilder" / "aufstellung" / f"{slug}.png"
            assert png.read_bytes().startswith(b"\x89PNG"), png
    comparison = (site / "regelvergleich" / "index.html").read_text("utf-8")
    assert "Schildwall" in comparison and "Standard-Tablut" in comparison


def test_no_file_loads_from_another_host(site: Path) -> None:
    """No HTML, CSS or JS file makes the browser load anything from another host."""
    offenders = []
    for path in sorted(site.rglob("*")):
        if path.suffix not in {".html", ".css", ".js", ".svg"} or not path.is_file():
            continue
        text = path.read_text("utf-8", errors="replace")
        for pattern in LOADING:
            for m in pattern.finditer(text):
                snippet = text[m.start() : m.end() + 60].replace("\n", " ")
                offenders.append(f"{path.relative_to(site)}: {snippet}")
    assert not offenders, "Verweise auf fremde Hosts:\n" + "\n".join(offenders[:40])


def test_every_page_loads_without_errors(site: Path, server: str, browser: Any) -> None:
    """Each page loads with no request to another host and no console or page error."""
    watch = Watch(server)
    context = browser.new_context()
    watch.attach(context)
    page = context.new_page()
    urls = pages(site)
    assert len(urls) >= 5
    watch.page(page)
    failed = []
    for path in urls:
        watch.label = path
        response = page.goto(server + path, wait_until="load")
        if path != "/404.html" and (response is None or response.status != 200):
            failed.append(f"{path}: HTTP {response.status if response else '?'}")
        page.wait_for_timeout(150)  # late console messages (scripts run after load)
    context.close()
    assert not watch.foreign, "Anfragen an fremde Hosts:\n" + "\n".join(sorted(set(watch.foreign)))
    assert not failed, "\n".join(failed)
    assert not watch.errors, "Konsolen- oder Seitenfehler:\n" + "\n".join(watch.errors)


@pytest.mark.parametrize("term", ["Schildwall", "Randfestung"])
def test_german_search_finds(term: str, server: str, browser: Any) -> None:
    """The German search index finds the mechanics by their names."""
    watch = Watch(server)
    context = browser.new_context()
    watch.attach(context)
    page = context.new_page()
    watch.label = f"Suche {term}"
    watch.page(page)
    page.goto(server + "/", wait_until="load")
    page.click("input.md-search__input")
    page.keyboard.type(term)
    page.wait_for_selector(".md-search-result__item", timeout=15_000)
    results = page.inner_text(".md-search-result__list")
    meta = page.inner_text(".md-search-result__meta")
    context.close()
    assert term.lower() in results.lower(), f"{term} nicht in den Treffern ({meta}):\n{results}"
    assert not watch.foreign, "Anfragen an fremde Hosts:\n" + "\n".join(watch.foreign)
    assert not watch.errors, "\n".join(watch.errors)
