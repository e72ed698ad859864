"""The cards as a reader sees them on a phone, in the browser: the start page's first
screen, the Mitwirken switch, the comparison's header while scrolling (the card lengths on
a phone, and that the switch is off by default on every card: tests/site/test_site.py,
test_pages)."""

from __future__ import annotations

from typing import Any

import pytest

from tafl_docs.catalogue import ORDER
from tests.site_support import settle

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def test_start_page_first_screen_leads_players_in(server: str, browser: Any) -> None:
    """At 390×844 the learning path, the free board and the first variant are on screen."""
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(f"{server}/", wait_until="load")
        found = page.evaluate(
            """() => {
              const box = (sel) => {
                const el = document.querySelector(sel);
                if (!el) return null;
                const r = el.getBoundingClientRect();
                return {top: r.top + scrollY, bottom: r.bottom + scrollY, text: el.textContent};
              };
              return {
                path: box('article a[href$="lernpfad/"]'),
                board: box('article a[href$="spielbrett/"]'),
                variant: box('article a[href$="varianten/copenhagen-11/"]'),
                engine: box('article a[href$="ueber/"]'),
              };
            }"""
        )
    finally:
        page.close()
    assert found["path"] and "Neu hier" in found["path"]["text"], found
    for name in ("path", "board", "variant"):
        assert found[name]["bottom"] <= PHONE["height"], (name, found[name])
    # the engine and test story is on its own page, linked further down
    assert found["engine"] is not None


def test_start_page_lists_every_variant_with_a_line(site: Any) -> None:
    """Every card is linked in the list under "Die Varianten" (a new variant needs its line)."""
    html = (site / "index.html").read_text(encoding="utf-8")
    listing = html.split('id="die-varianten"', 1)[1].split("<h2", 1)[0]
    for slug in ORDER:
        assert f'href="varianten/{slug}/"' in listing, slug


def test_mitwirken_switch_by_keyboard_is_remembered(server: str, browser: Any) -> None:
    """The switch is a labelled toggle button; on, the tools show, and the next page knows
    it before it is drawn (the class is on <html> at the first script)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(f"{server}/varianten/copenhagen-11/", wait_until="load")
        settle(page)
        button = page.locator("button.tafl-mitwirken-schalter")
        assert button.get_attribute("aria-pressed") == "false"
        assert "Mitwirken" in (button.get_attribute("aria-label") or "")
        button.focus()
        page.keyboard.press("Enter")
        assert button.get_attribute("aria-pressed") == "true"
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        tools = page.evaluate(
            "[...document.querySelectorAll('.tafl-contrib')].filter(e => e.offsetHeight).length"
        )
        assert tools > 40, tools
        # the next page has the class from the script in its <head> (the switch's own script
        # only reads the class), so the tools never flash in or out
        page.goto(f"{server}/mechaniken/schlagen/", wait_until="domcontentloaded")
        early = page.evaluate("document.documentElement.classList.contains('tafl-mitwirken')")
        assert early
        page.wait_for_load_state("load")
        page.locator("button.tafl-mitwirken-schalter").click()
        page.reload(wait_until="load")
        assert not page.evaluate("document.documentElement.classList.contains('tafl-mitwirken')")
    finally:
        context.close()


#: Where the comparison's header row and rule column are, relative to their scroll box.
STICKY_JS = r"""
() => {
  const box = document.querySelector(".tafl-matrix");
  const frame = box.getBoundingClientRect();
  const head = box.querySelector("thead th:nth-child(2)").getBoundingClientRect();
  const rows = [...box.querySelectorAll("tbody tr")];
  const label = rows[rows.length - 1].cells[0].getBoundingClientRect();
  return {
    scrolledDown: box.scrollTop, scrolledRight: box.scrollLeft,
    headTop: head.top - frame.top, labelLeft: label.left - frame.left,
    headVisible: head.bottom <= frame.bottom && head.top >= frame.top - 1,
    boxTop: frame.top, boxBottom: frame.bottom, window: innerHeight,
  };
}
"""


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 800}], ids=["390", "1280"])
def test_comparison_keeps_header_and_rule_column_in_view(
    server: str, browser: Any, viewport: dict[str, int]
) -> None:
    """Scrolled to its last row (and, with every variant, to its last column), the table
    still shows the variants' names at its top and the rules' names at its left."""
    page = browser.new_page(viewport=viewport)
    try:
        page.goto(f"{server}/regelvergleich/", wait_until="load")
        # the picker starts with Copenhagen and Fetlar side by side
        shown = page.evaluate(
            "[...document.querySelectorAll('.tafl-matrix thead th')]"
            ".filter(th => th.offsetWidth).map(th => th.textContent.trim())"
        )
        assert shown[0] == "Regel" and len(shown) == 3, shown
        assert shown[1].startswith("Copenhagen") and shown[2].startswith("Fetlar"), shown
        page.check("#tafl-vergleich-alle")
        page.evaluate("document.querySelector('.tafl-matrix').scrollIntoView()")
        page.evaluate(
            "(() => { const b = document.querySelector('.tafl-matrix');"
            " b.scrollTop = b.scrollHeight; b.scrollLeft = b.scrollWidth; })()"
        )
        where = page.evaluate(STICKY_JS)
    finally:
        page.close()
    assert where["scrolledDown"] > 300, where  # the rows did scroll under the header
    assert where["boxBottom"] <= where["window"] + 1, where  # the box fits the window
    assert abs(where["headTop"]) <= 1 and where["headVisible"], where
    if where["scrolledRight"] > 0:
        assert abs(where["labelLeft"]) <= 1, where


def test_comparison_picker_shows_two_chosen_variants(server: str, browser: Any) -> None:
    """Choosing two variants shows exactly their columns; "nur Unterschiede" leaves the rows
    whose two cells differ."""
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(f"{server}/regelvergleich/", wait_until="load")
        page.select_option("#tafl-vergleich-a", label="Tablut 9×9 (nach Linné)")
        page.select_option("#tafl-vergleich-b", label="Tawlbwrdd 11×11")
        page.check("#tafl-vergleich-unterschiede")
        found = page.evaluate(
            """() => {
              const t = document.querySelector('.tafl-matrix table');
              const shown = (el) => !!el.offsetWidth;
              const head = [...t.tHead.rows[0].cells].filter(shown).map(c => c.textContent.trim());
              const rows = [...t.tBodies[0].rows].filter(shown)
                .map(r => [...r.cells].filter(shown).map(c => c.textContent.trim()));
              return {head, rows, width: t.getBoundingClientRect().width,
                      box: document.querySelector('.tafl-matrix').clientWidth};
            }"""
        )
    finally:
        page.close()
    head = [h.replace("\u00ad", "") for h in found["head"]]
    assert head == ["Regel", "Tablut 9×9 (nach Linné)", "Tawlbwrdd 11×11"], head
    assert found["rows"] and all(len(r) == 3 and r[1] != r[2] for r in found["rows"]), found
    assert found["width"] <= found["box"] + 1, found  # two variants fit a phone


#: Words of the comparison's cells that the layout splits across two lines (a word is a
#: run without blanks, hyphens or soft hyphens, where the browser may break).
BROKEN_WORDS_JS = r"""
() => {
  const broken = [];
  const cells = document.querySelectorAll(".tafl-matrix :is(th, td), .tafl-vergleich :is(th, td)");
  for (const cell of cells) {
    if (!cell.offsetWidth) continue;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /[^\s\-\u00ad\u2010–]+/g;
      let m;
      while ((m = re.exec(node.data))) {
        const range = document.createRange();
        // after a soft hyphen Chromium puts the hyphen's box (on the line before) into the
        // range of the next letter: start one letter later there
        const after = m.index > 0 && node.data[m.index - 1] === "\u00ad" ? 1 : 0;
        range.setStart(node, m.index + after);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}
"""


@pytest.mark.parametrize("everything", [False, True], ids=["zwei", "alle"])
def test_comparison_breaks_no_word(server: str, browser: Any, everything: bool) -> None:
    """At 390 px no word of the comparison is split ("Stellungswiederhol|ung")."""
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(f"{server}/regelvergleich/", wait_until="load")
        if everything:
            page.check("#tafl-vergleich-alle")
        broken = page.evaluate(BROKEN_WORDS_JS)
    finally:
        page.close()
    assert not broken, broken
