"""The site search: what its index holds, that the start page's first load stays small
(the index is fetched only when the reader opens the search), and that a reader's searches
find what they look for (notes/search.md)."""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tafl_core.examples.syntax import find_blocks
from tafl_docs.search_index import MARK, searchable, with_card_name
from tests.first_load import BUDGET, first_load, table
from tests.site_search import groups, results, type_query
from tests.site_support import take_link

ROOT = Path(__file__).resolve().parents[2]
INDEX = "search/search_index.json"
#: Pages whose ```tafl blocks are shown as examples (their grids must not be indexed).
EXAMPLE_PAGES = ("varianten", "mechaniken", "aufgaben", "lernpfad", "partien")


# -- marking (no build) -------------------------------------------------------------------


def test_drawings_sources_solutions_and_buttons_are_marked() -> None:
    page = (
        '<p>Text</p><figure><svg viewBox="0 0 1 1"><desc>Steine</desc></svg>'
        '<p class="tafl-unterschrift">Bild</p><figcaption>Titel</figcaption>'
        '<button type="button">Ausprobieren</button>'
        '<details class="success tafl-loesung"><summary>Lösung</summary></details></figure>'
        '<details class="tafl-quelltext"><pre><code>11 . .</code></pre></details><br/>'
        '<template class="tafl-brett-daten">{"grid": "11 . ."}</template>'
    )
    marked = searchable(page)
    assert marked.replace(MARK, "") == page
    for start in (
        "<svg viewBox",
        '<p class="tafl-unterschrift"',
        "<button",
        '<details class="success tafl-loesung"',
        '<details class="tafl-quelltext"',
        '<template class="tafl-brett-daten"',
    ):
        assert re.search(re.escape(start) + r"[^>]*" + re.escape(MARK) + ">", marked), start
    for kept in ("<p>", "<figcaption>", "<figure>", "<summary>", "<br/>"):
        assert kept in marked, kept


def test_an_excluded_element_holding_its_own_kind_is_left_out_through_its_children() -> None:
    """Material's parser stops skipping at the first end tag of the same name, so the
    outer of two nested excluded `div`s must not carry the mark itself."""
    page = (
        '<div class="tafl-werkzeuge tafl-contrib"><details class="tafl-quelltext">'
        '<div class="highlight"><pre>x</pre></div></details><p class="tafl-melden">y</p></div>'
    )
    marked = searchable(page)
    assert marked.startswith('<div class="tafl-werkzeuge tafl-contrib"><details')
    assert marked.count(MARK) == 2
    assert f'<details class="tafl-quelltext"{MARK}>' in marked
    assert f'<p class="tafl-melden"{MARK}>' in marked


def test_material_skips_what_is_marked() -> None:
    """Material's own indexer, fed a marked page, keeps the text and drops the rest."""
    from material.plugins.search.plugin import Parser

    page = (
        '<h2 id="a">Regel</h2><p>Der König flieht.</p>'
        '<div class="tafl-werkzeuge tafl-contrib"><details class="tafl-quelltext">'
        '<div class="highlight"><pre>11 . . A</pre></div></details>'
        '<p class="tafl-melden">Fehler melden</p></div><p>Danach gewinnt er.</p>'
        "<svg><title>Diagramm</title><text>a</text></svg><p>Ende.</p>"
    )
    parser = Parser()
    parser.feed(searchable(page))
    parser.close()
    text = " ".join("".join(s.text) for s in parser.data)
    for kept in ("Der König flieht.", "Danach gewinnt er.", "Ende."):
        assert kept in text
    for dropped in ("11 . . A", "Fehler melden", "Diagramm"):
        assert dropped not in text


def test_each_numbered_rule_ends_with_the_card_name_hidden() -> None:
    page = (
        '<h2 id="spielregeln">Spielregeln</h2><h3 id="regel-1">§ 1 Ziehen</h3><p>a</p>'
        '<h3 id="regel-2">§ 2 Schlagen</h3><p>b</p><h2 id="grunddaten">Grunddaten</h2><p>c</p>'
    )
    named = with_card_name(page, "Brandub 7×7")
    span = '<span class="tafl-suchname" hidden> Brandub 7×7 </span>\n'
    assert named.count(span) == 2
    assert f"<p>a</p>{span}<h3" in named
    assert f"<p>b</p>{span}<h2" in named
    assert with_card_name("<h2>Andere Seite</h2>", "X") == "<h2>Andere Seite</h2>"


# -- the built index ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def index(site: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site / INDEX).read_text("utf-8"))
    return data


def _flat(text: str) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def _grids(markdown: str) -> list[str]:
    """The grids of the page's ```tafl blocks: runs of three or more board rows."""
    row = re.compile(r"^\s*\d*\s*(?:\S\s+){3,}\S\s*$")
    found = []
    for block in find_blocks(markdown):
        run: list[str] = []
        for line in [*block.body.split("\n"), ""]:
            if row.match(line) and ":" not in line:
                run.append(line)
                continue
            if len(run) >= 3:
                found.append(" ".join(" ".join(run).split()))
            run = []
    return found


def test_the_index_holds_no_example_grid(index: dict[str, Any]) -> None:
    text = "\n".join(_flat(d["text"]) for d in index["docs"])
    grids = {
        grid
        for folder in EXAMPLE_PAGES
        for md in sorted((ROOT / "docs" / folder).rglob("*.md"))
        for grid in _grids(md.read_text("utf-8"))
    }
    assert len(grids) > 100, "zu wenige Beispielraster gefunden – Suche der Raster kaputt?"
    leaked = [g for g in grids if g in text]
    assert not leaked, f"{len(leaked)} Beispielraster im Suchindex, etwa: {leaked[0]}"


def test_the_index_holds_no_drawing_words_or_solutions(site: Path, index: dict[str, Any]) -> None:
    """The descriptions of the drawings (every square of a position), the solutions of the
    exercises and the example sources, as the built pages show them, are not in the index."""
    text = "\n".join(_flat(d["text"]) for d in index["docs"])
    left_out = []
    for page in ("varianten/copenhagen-11", "aufgaben/brandub-7", "mechaniken/schildwall"):
        built = (site / page / "index.html").read_text("utf-8")
        left_out += re.findall(r"<desc[^>]*>(.*?)</desc>", built, re.S)
        left_out += re.findall(r'<details class="[^"]*tafl-loesung[^"]*">(.*?)</details>', built)
        left_out += re.findall(r"<code>```tafl\n(.*?)```</code>", built, re.S)
    left_out = [_flat(t) for t in left_out]
    assert len(left_out) > 50
    leaked = [t for t in left_out if t in text]
    assert not leaked, f"{len(leaked)} Texte im Suchindex, die er nicht braucht: {leaked[0][:200]}"


def test_the_index_names_no_puzzle_origins(site: Path, index: dict[str, Any]) -> None:
    """On the puzzle pages an exercise's caption only says where its position comes from
    (game, seed, half-moves): left out; the puzzle's heading is found."""
    docs = [d for d in index["docs"] if d["location"].startswith("aufgaben/tawlbwrdd-11/#")]
    built = (site / "aufgaben/tawlbwrdd-11/index.html").read_text("utf-8")
    captions = [_flat(c) for c in re.findall(r"<figcaption[^>]*>(.*?)</figcaption>", built, re.S)]
    assert len(captions) >= 10 and len(docs) >= 10
    assert any("Umzingelung" in _flat(d["title"]) for d in docs)
    text = "\n".join(_flat(d["text"]) for d in docs)
    leaked = [c for c in captions if c.split(" (")[0] in text]
    assert not leaked, f"{len(leaked)} Herkunftsangaben im Suchindex, etwa: {leaked[0]}"


def test_the_index_is_small(site: Path) -> None:
    """Most of the old index (1.7 MB) was drawings and example sources."""
    assert (site / INDEX).stat().st_size < 800_000


def test_the_index_has_the_targets(index: dict[str, Any]) -> None:
    titles = {d["location"]: _flat(d["title"]) for d in index["docs"]}
    assert titles["mechaniken/schildwall/"].startswith("Schildwall")
    assert titles["mechaniken/randfestung/"].startswith("Randfestung")
    assert titles["varianten/brandub-7/"].startswith("Brandub")
    assert titles["varianten/copenhagen-11/#regel-5"].startswith("§ 5")
    rule = next(d for d in index["docs"] if d["location"] == "varianten/copenhagen-11/#regel-5")
    assert "Copenhagen Hnefatafl 11×11" in rule["text"]


# -- in the browser -----------------------------------------------------------------------


def test_the_start_pages_first_load_stays_within_the_budget(
    browser: Any, server: str, site: Path
) -> None:
    files = first_load(browser, server, site, "/")
    paths = [f.path for f in files]
    assert "/" in paths and any(p.endswith(".css") for p in paths), paths
    assert not any(p.endswith(INDEX) for p in paths), "der Suchindex lädt vor der Suche"
    total = sum(f.gzip for f in files)
    assert total <= BUDGET, f"erstes Laden {total} B gzip > {BUDGET} B:\n{table(files)}"


def test_the_index_loads_when_the_reader_opens_the_search(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        asked: list[str] = []
        context.on("request", lambda r: asked.append(r.url))
        page = context.new_page()
        page.goto(server + "/mechaniken/ziehen/", wait_until="networkidle")
        page.wait_for_timeout(500)
        assert not any(u.endswith(INDEX) for u in asked)
        with page.expect_request(lambda r: r.url.endswith(INDEX), timeout=10_000):
            type_query(page, "König")
    finally:
        context.close()


def test_a_reader_finds_mechanics_variants_and_rule_numbers(page: Any, server: str) -> None:
    page.goto(server + "/")
    found = results(page, "Schildwall")
    assert "/mechaniken/schildwall/" in groups(found)[:3], found
    found = results(page, "Randfestung")
    assert "/mechaniken/randfestung/" in groups(found)[:3], found
    found = results(page, "Brandub")
    assert "/varianten/brandub-7/" in groups(found), found
    # a rule number as players quote it, with or without the space, alone or with the card
    for query in ("§ 5", "§5"):
        found = results(page, query)
        assert "/varianten/copenhagen-11/#regel-5" in found, (query, found)
    found = results(page, "Copenhagen § 5")
    first = groups(found)[:2]
    assert "/varianten/copenhagen-11/" in first, found
    sections = [link for link in found if link.startswith("/varianten/copenhagen-11/#")]
    assert sections[0] == "/varianten/copenhagen-11/#regel-5", found


def test_the_search_works_on_a_page_reached_by_a_link(page: Any, server: str) -> None:
    """After following a link (with instant navigation the page is swapped, not loaded),
    the first search still loads the index and finds."""
    page.goto(server + "/")
    take_link(
        page,
        page.locator(".md-content a[href*='mechaniken/']").first.click,
        re.compile(r"/mechaniken/"),
    )
    found = results(page, "Randfestung")
    assert "/mechaniken/randfestung/" in groups(found)[:3], found
