"""Diagrams on a phone: measured in Chromium at 390×844 on every page with one.

Every board of an example (before/after pairs and single boards) and every setup diagram
is at least 90 % of the content column wide, and its coordinates (rank numbers and file
letters) come out at least 11 CSS px high, on every board size.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.site_support import pages, settle

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

#: Per board: its size, width share of the content column, coordinate size in CSS px.
MEASURE_JS = """() => {
  const inner = document.querySelector('.md-content__inner');
  const cs = getComputedStyle(inner);
  const column = inner.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const out = [];
  const boards = document.querySelectorAll(['.tafl-beispiel .tafl-diagramm svg[data-board-size]',
                                            'figure.tafl-aufstellung svg[data-board-size]'].join());
  for (const svg of boards) {
    if (!svg.checkVisibility()) continue;
    const box = svg.getBoundingClientRect();
    const labels = svg.querySelector('g[font-size][aria-hidden]');
    const px = parseFloat(labels.getAttribute('font-size')) * svg.getScreenCTM().a;
    const pair = svg.closest('.tafl-diagramme, figure').querySelectorAll('svg[data-board-size]');
    out.push({n: +svg.dataset.boardSize, share: box.width / column, px: px,
              pair: pair.length > 1, title: svg.querySelector('title').textContent});
  }
  return out;
}"""


def _diagram_pages(site: Path) -> list[str]:
    return [p for p in pages(site) if p.startswith(("/varianten/", "/mechaniken/"))]


def test_phone_diagrams_fill_the_column_with_legible_coordinates(
    site: Path, server: str, browser: Any
) -> None:
    """At 390 px every diagram of the cards and mechanics pages fills at least 90 % of the
    column and its coordinates are at least 11 px high.

    Slow (about 30 pages loaded and settled, more than 300 diagrams measured).
    """
    page = browser.new_page(viewport=PHONE)
    found: list[dict[str, Any]] = []
    try:
        for path in _diagram_pages(site):
            page.goto(f"{server}{path}")
            settle(page)
            found += [dict(b, page=path) for b in page.evaluate(MEASURE_JS)]
    finally:
        page.close()
    assert len(found) > 300, len(found)
    assert {b["n"] for b in found} >= {7, 9, 11, 13, 15}
    assert sum(b["pair"] for b in found) > 200
    narrow = [f"{b['page']} {b['title']}: {b['share']:.0%}" for b in found if b["share"] < 0.9]
    small = [f"{b['page']} {b['n']}×{b['n']}: {b['px']:.1f} px" for b in found if b["px"] < 11]
    assert not narrow, "schmaler als 90 % der Spalte:\n" + "\n".join(narrow[:20])
    assert not small, "Koordinaten unter 11 px:\n" + "\n".join(small[:20])
