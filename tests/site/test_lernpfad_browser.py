"""The Lernpfad on the built site, in headless Chromium: the short route's links are big enough
for a thumb on a phone, and a solved exercise offers "Weiter zu Stufe N" on its board.

The solving move comes from the engine's proof of the first exercise of
docs/lernpfad/01-ziehen.md, not from this file.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tafl_core.examples import check_text
from tests.site_support import ROOT, visit

pytestmark = pytest.mark.browser

#: The smallest tap target the route promises (CSS px).
TAP = 44


def test_short_route_links_are_big_enough_on_a_phone(page: Any, server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(server + "/lernpfad/")
    links = page.locator(".tafl-kurzweg li a")
    assert links.count() >= 15
    for index in range(links.count()):
        box = links.nth(index).bounding_box()
        assert box is not None and box["height"] >= TAP and box["width"] >= TAP, index


def test_solved_exercise_offers_the_next_level(engine_page: Any, server: str) -> None:
    """On the worker's page whose engine has started, reached by a link."""
    page = engine_page
    path = ROOT / "docs" / "lernpfad" / "01-ziehen.md"
    verdict = next(
        v for v in check_text(path.read_text("utf-8"), str(path)) if v.block and v.block.task
    )
    assert verdict.ok and verdict.proof is not None, verdict.report()
    frm, to = verdict.proof.moves[0].split("-")
    visit(page, server, "/lernpfad/01-ziehen/")
    figure = page.locator(f'figure[data-aufgabe="{verdict.block.id}"]')
    figure.get_by_role("button", name="Aufgabe lösen").click()
    figure.locator('.tafl-brett[data-state="ready"]').wait_for(timeout=120_000)
    weiter = figure.get_by_role("link", name="Weiter zu Stufe 2", exact=False)
    expect(weiter).to_have_count(0)
    for square in (frm, to):
        figure.locator(f'.tafl-brett-felder [data-square="{square}"]').click()
    expect(figure).to_have_attribute("data-state", "solved")
    expect(weiter).to_be_visible()
    expect(weiter).to_be_focused()
    assert (weiter.get_attribute("href") or "").endswith("#stufe-2")
    figure.get_by_role("button", name="Nochmal").click()
    expect(figure).to_have_attribute("data-state", "ready")
    expect(weiter).to_be_hidden()
