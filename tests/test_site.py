"""The built site: strict build, no request to another host, every page loads cleanly, search.

The fixtures `site`, `server` and `browser` live in tests/conftest.py.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.site_support import (
    AXE_PAGES,
    FOCUS_JS,
    LOADING,
    OVERFLOW_JS,
    SAMPLE_PAGES,
    Watch,
    axe_pages,
    axe_violations,
    pages,
    settle,
    shared_result,
    wait_until,
)

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


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@dataclass
class Visits:
    """Every page of the site loaded once at one window size, and what the checks read."""

    status: dict[str, int | None] = field(default_factory=dict)
    overflow: dict[str, list[str]] = field(default_factory=dict)
    pairs: dict[str, list[list[Any]]] = field(default_factory=dict)
    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


#: Before/after pairs: height of the taller board with its caption line, room below the
#: header, start of the caption.
PAIRS_JS = """() => {
  const header = document.querySelector('.md-header').getBoundingClientRect().height;
  return [...document.querySelectorAll('figure.tafl-beispiel')]
    .filter(f => f.querySelectorAll('.tafl-diagramm').length === 2)
    .map(f => [Math.max(...[...f.querySelectorAll('.tafl-diagramm')]
                          .map(d => d.getBoundingClientRect().height)),
               innerHeight - header,
               (f.querySelector('figcaption') || f).textContent.trim().slice(0, 40)]);
}"""


def visit_every_page(
    site: Path, server: str, browser: Any, viewport: dict[str, int], watch: bool
) -> Visits:
    """Load each page once, let it settle, run the checks' scripts; with `watch`, record
    requests to other hosts and console or page errors."""
    visits = Visits()
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    watcher = Watch(server)
    if watch:
        watcher.attach(context)
        watcher.page(page)
    for path in pages(site):
        watcher.label = path
        response = page.goto(server + path, wait_until="load")
        settle(page)  # also late console messages: scripts that run after the load event
        visits.status[path] = response.status if response else None
        visits.overflow[path] = page.evaluate(OVERFLOW_JS)
        visits.pairs[path] = page.evaluate(PAIRS_JS)
    context.close()
    visits.foreign, visits.errors = watcher.foreign, watcher.errors
    return visits


# The checks of every page share one visit per window size, also across pytest-xdist
# workers: the first test that needs it visits, the others wait and read (shared_result).


@pytest.fixture(scope="session")
def desktop(site: Path, server: str, browser: Any) -> Visits:
    """Every page at 1280×900, watched for other hosts and errors."""
    found = shared_result(
        "seiten-1280",
        lambda: asdict(visit_every_page(site, server, browser, DESKTOP, watch=True)),
    )
    return Visits(**found)


@pytest.fixture(scope="session")
def phone(site: Path, server: str, browser: Any) -> Visits:
    """Every page at 390×844."""
    found = shared_result(
        "seiten-390", lambda: asdict(visit_every_page(site, server, browser, PHONE, watch=False))
    )
    return Visits(**found)


def test_every_page_loads_without_errors(desktop: Visits) -> None:
    """Each page loads with no request to another host and no console or page error."""
    assert len(desktop.status) >= 5
    failed = [
        f"{path}: HTTP {status or '?'}"
        for path, status in desktop.status.items()
        if path != "/404.html" and status != 200
    ]
    assert not desktop.foreign, "Anfragen an fremde Hosts:\n" + "\n".join(
        sorted(set(desktop.foreign))
    )
    assert not failed, "\n".join(failed)
    assert not desktop.errors, "Konsolen- oder Seitenfehler:\n" + "\n".join(desktop.errors)


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


@pytest.mark.parametrize(
    "size",
    [
        pytest.param("phone", id="390px"),
        pytest.param("desktop", id="1280px"),
    ],
)
def test_no_page_is_wider_than_the_window(size: str, request: pytest.FixtureRequest) -> None:
    """No page scrolls sideways; a table wider than its box keeps its labels in view."""
    visits: Visits = request.getfixturevalue(size)
    problems = [f"{path}: {p}" for path, found in visits.overflow.items() for p in found]
    width = (PHONE if size == "phone" else DESKTOP)["width"]
    assert not problems, f"Überbreite bei {width} px:\n" + "\n".join(problems)


def test_overflow_check_finds_a_table_whose_labels_scroll_away(server: str, browser: Any) -> None:
    """The overflow check itself: a wide plain table in a scroll box is reported."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(server + "/regelvergleich/", wait_until="load")
    page.check("#tafl-vergleich-alle")  # the picker shows two variants first: all, wide
    page.add_style_tag(
        content=".tafl-matrix td:first-child, .tafl-matrix th:first-child"
        " { position: static !important; }"
    )
    problems = page.evaluate(OVERFLOW_JS)
    context.close()
    assert any("Zeilenbeschriftungen" in p for p in problems), problems


def _axe_pages(
    browser: Any, server: str, paths: list[str], viewport: dict[str, int], scheme: str
) -> list[str]:
    context = browser.new_context(viewport=viewport, color_scheme=scheme)
    watch = Watch(server)
    watch.attach(context)
    page = context.new_page()
    found = []
    for path in paths:
        page.goto(server + path, wait_until="load")
        settle(page)
        found += axe_violations(page, f"{path} ({viewport['width']} px, {scheme})")
    context.close()
    assert not watch.foreign, "axe lud etwas von fremden Hosts:\n" + "\n".join(watch.foreign)
    return found


def test_pages_pass_axe_light_desktop(site: Path, server: str, browser: Any) -> None:
    """axe-core finds no WCAG 2.1 A/AA violation at 1280 px, light scheme: on one page of
    each kind (AXE_PAGES), on every page when CI is set."""
    paths = axe_pages(site)
    assert set(AXE_PAGES) <= set(pages(site)), set(AXE_PAGES) - set(pages(site))
    found = _axe_pages(browser, server, paths, DESKTOP, "light")
    assert not found, "WCAG-Verstöße:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("viewport", "scheme"),
    [(DESKTOP, "dark"), (PHONE, "light"), (PHONE, "dark")],
    ids=["1280px-dunkel", "390px-hell", "390px-dunkel"],
)
def test_sample_pages_pass_axe_dark_and_on_a_phone(
    viewport: dict[str, int], scheme: str, server: str, browser: Any
) -> None:
    """axe-core on a sample of pages in the dark scheme and at 390 px."""
    found = _axe_pages(browser, server, SAMPLE_PAGES, viewport, scheme)
    assert not found, "WCAG-Verstöße:\n" + "\n".join(found)


#: Some element other than the page itself has the focus.
FOCUSED_JS = "() => !!document.activeElement && document.activeElement !== document.body"

#: The focused element is on screen, visible and not covered (a transition has ended).
SHOWN_JS = f"() => {{ const i=({FOCUS_JS})(); return i && i.onScreen && i.visible && !i.covered }}"


def _tab_through(page: Any, limit: int = 400) -> tuple[list[str], int]:
    """Tab through the settled page from its top; problems of focused elements, stop count.

    The page runs on Playwright's clock (`page.clock.install()` before it loads): after each
    Tab a second of page time passes at once, so every timer the focus change started has
    fired, however busy the machine (Material opens its search 100 ms after the search
    field gets focus, then a11y.js focuses the field again 50 ms later; a Tab pressed in
    between came back to the field, "nur 4 Tab-Stopps"). Then it waits for states: for
    the focus to land on an element (Material blurs its search field on Tab) and for that
    element to be shown (a skip link slides in, the page scrolls). A state that does not
    come within the timeout is a finding (or, for the focus, the end of the page).
    """
    settle(page)
    page.clock.run_for(1_000)
    problems: list[str] = []
    seen: set[str] = set()
    stops = 0
    for _ in range(limit):
        page.keyboard.press("Tab")
        page.clock.run_for(1_000)
        info = page.evaluate(FOCUS_JS)
        if info is None:  # focus may pass through the page while a panel closes
            wait_until(page, FOCUSED_JS, timeout=2_000)
            info = page.evaluate(FOCUS_JS)
        if info is None or info["key"] in seen:
            break
        seen.add(info["key"])
        stops += 1
        if not (info["onScreen"] and info["visible"]) or info["covered"]:
            wait_until(page, SHOWN_JS, timeout=2_000)
            info = page.evaluate(FOCUS_JS)
        if info["inert"]:
            problems.append(f"{info['name']}: Fokus in einem verborgenen Bereich")
        elif not (info["onScreen"] and info["visible"]) or info["covered"]:
            problems.append(f"{info['name']}: hat den Fokus, ist aber nicht zu sehen")
        if not (info["outline"] or info["shadow"]):
            problems.append(f"{info['name']}: keine Fokusmarkierung")
    return problems, stops


@pytest.mark.parametrize(
    ("path", "viewport"),
    [("/", PHONE), ("/varianten/copenhagen-11/", DESKTOP)],
    ids=["start-390px", "copenhagen-1280px"],
)
def test_keyboard_focus_is_always_visible(
    path: str, viewport: dict[str, int], server: str, browser: Any
) -> None:
    """Every Tab stop is on screen, not covered, and shows a 2 px or wider focus ring."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.clock.install()  # the page's timers run when _tab_through lets time pass
    page.goto(server + path, wait_until="load")
    problems, stops = _tab_through(page)
    context.close()
    assert stops >= 10, f"nur {stops} Tab-Stopps auf {path}"
    assert not problems, f"{path}: " + "\n".join(problems)


def test_tab_walk_does_not_depend_on_the_machines_speed(server: str, browser: Any) -> None:
    """The walk of test_keyboard_focus_is_always_visible on a CPU slowed down tenfold.

    On a busy machine it used to stop after 4 stops ("nur 4 Tab-Stopps"): the Tab after the
    search field came before Material's 100 ms search opening and a11y.js's 50 ms refocus,
    which then took the focus back to the field, a stop already seen.
    """
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 10})
    page.clock.install()
    page.goto(server + "/", wait_until="load")
    problems, stops = _tab_through(page, limit=12)
    context.close()
    assert stops == 12, f"nur {stops} Tab-Stopps"
    assert not problems, "\n".join(problems)


def test_phone_menu_opens_by_keyboard_and_closed_drawer_takes_no_focus(
    server: str, browser: Any
) -> None:
    """At 390 px the menu button is a Tab stop; Enter opens the drawer, Escape closes it."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(server + "/mechaniken/schildwall/", wait_until="load")
    settle(page)
    names = []
    for _ in range(6):
        page.keyboard.press("Tab")
        names.append(page.evaluate("document.activeElement.getAttribute('aria-label') || ''"))
        if names[-1] == "Navigation öffnen":
            break
    assert names[-1] == "Navigation öffnen", names
    page.keyboard.press("Enter")
    wait_until(page, "() => !!document.activeElement.closest('.md-sidebar--primary')")
    inside = page.evaluate("!!document.activeElement.closest('.md-sidebar--primary')")
    drawer_open = page.evaluate("document.getElementById('__drawer').checked")
    page.keyboard.press("Escape")
    wait_until(
        page,
        """() => document.activeElement.getAttribute('aria-label') === 'Navigation öffnen'
                 && document.querySelector('.md-sidebar--primary').hasAttribute('inert')""",
    )
    back = page.evaluate("document.activeElement.getAttribute('aria-label')")
    inert = page.evaluate("document.querySelector('.md-sidebar--primary').hasAttribute('inert')")
    context.close()
    assert drawer_open and inside, "Enter öffnet die Navigation nicht oder gibt ihr keinen Fokus"
    assert back == "Navigation öffnen" and inert


def test_glossary_term_explains_itself_on_focus(server: str, browser: Any) -> None:
    """A glossary abbreviation takes keyboard focus and its explanation becomes visible."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server + "/varianten/copenhagen-11/", wait_until="load")
    settle(page)
    term = page.locator(".md-content abbr[tabindex='0']").first
    term.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    tooltips = """() => [...document.querySelectorAll('.md-tooltip2, .md-tooltip, [role=tooltip]')]
              .filter(t => t.getBoundingClientRect().height > 0
                           && getComputedStyle(t).visibility !== 'hidden'
                           && Number(getComputedStyle(t).opacity) > 0.5)
              .map(t => t.textContent.trim())"""
    wait_until(page, f"() => ({tooltips})().some(t => t.length > 20)")
    shown = page.evaluate(tooltips)
    context.close()
    assert any(len(t) > 20 for t in shown), shown


def test_diagram_enlarges_by_keyboard_and_tap(server: str, browser: Any) -> None:
    """Each diagram has an enlarge button; the full-screen copy has unique ids; Escape closes."""
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    page.goto(server + "/mechaniken/schildwall/", wait_until="load")
    settle(page)
    diagrams = page.locator(".tafl-beispiel .tafl-diagramm svg[role=img]").count()
    buttons = page.locator(".tafl-beispiel button.tafl-vergroessern").count()
    button = page.locator("button.tafl-vergroessern").first
    label = button.get_attribute("aria-label") or ""
    button.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("dialog.tafl-lightbox[open]")
    dialog.wait_for()
    width = dialog.locator("svg[role=img]").bounding_box()["width"]
    dialog.locator("button.tafl-lightbox__zoom").click()
    doubled = dialog.locator("svg[role=img]").bounding_box()["width"]
    duplicates = page.evaluate(
        """() => { const ids = [...document.querySelectorAll('[id]')].map(e => e.id);
                   return ids.filter((id, i) => ids.indexOf(id) !== i); }"""
    )
    page.keyboard.press("Escape")
    closed = page.locator("dialog.tafl-lightbox[open]").count() == 0
    focus_back = page.evaluate("document.activeElement.classList.contains('tafl-vergroessern')")
    page.locator(".tafl-diagramm svg[role=img]").nth(1).tap()
    tapped = page.locator("dialog.tafl-lightbox[open]").count() == 1
    context.close()
    assert diagrams > 0 and buttons == diagrams
    assert label.startswith("Diagramm vergrößern: ")
    assert width >= 370, f"vergrößertes Brett nur {width} px breit"
    assert doubled >= 1.9 * width, f"„Doppelt so groß“ zeigt {doubled} statt {2 * width} px"
    assert duplicates == []
    assert closed and focus_back
    assert tapped


def test_before_after_pair_fits_a_phone_screen(phone: Visits) -> None:
    """At 390×844 each board of a before/after pair, with its caption line, fits below the
    header (the two stack at full width, issue 23: tests/test_diagrams_browser.py)."""
    pairs = sum(len(found) for found in phone.pairs.values())
    too_tall = [
        f"{path}: {h:.0f} px bei {room:.0f} px („{t}“)"
        for path, found in phone.pairs.items()
        for h, room, t in found
        if h > room
    ]
    assert pairs > 20, f"nur {pairs} Vorher/Nachher-Paare gefunden"
    assert not too_tall, "Paare höher als der Bildschirm:\n" + "\n".join(too_tall)


def test_search_index_has_no_rule_code_names_outside_the_python_page(site: Path) -> None:
    """Reader pages name rules in German; code names such as shieldwall only on python/."""
    import json
    import re
    from dataclasses import fields

    from tafl_core.rules import RuleSet

    index = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    names = [f.name for f in fields(RuleSet) if "_" in f.name or f.name == "shieldwall"]
    found = []
    for doc in index["docs"]:
        page = doc["location"].split("#")[0]
        if page.startswith("python/"):
            continue
        for name in names:
            if re.search(rf"\b{name}\b", doc["text"]):
                found.append(f"{page or '/'}: {name}")
    assert not found, "Code-Namen in der Suche:\n" + "\n".join(sorted(set(found)))
