"""Play set up for a newcomer, on the built site in Chromium: "Spielen" on the start page
opens Brandub against the computer at level 1; the address picks variant, computer and
level; the Regelvergleich marks what differs between the two variants chosen, and its
cells hold their words on a phone."""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

import pytest
from playwright.sync_api import expect

from tafl_core import variant
from tafl_core.params import label
from tafl_core.rules import RuleSet
from tafl_core.wording.rules import rule_value
from tests.site_support import take_link, visit, watched_page

pytestmark = pytest.mark.browser

#: Pyodide starts on the press (slow on a loaded machine).
READY_TIMEOUT = 180_000


def test_spielen_opens_brandub_against_the_computer_at_level_one(
    engine_page: Any, server: str
) -> None:
    """From the start page by the link, as a reader taps it; on the worker's page whose
    engine has started (the board's start itself is tested in test_board_browser.py)."""
    page = engine_page
    visit(page, server, "/")
    take_link(
        page,
        page.get_by_role("link", name="Spielen", exact=True).click,
        re.compile(r"/spielbrett/\?"),
    )
    assert page.locator("#tafl-variante").input_value() == "brandub-7"
    assert page.locator("#tafl-gegner").is_checked()
    level = page.locator("#tafl-stufe")
    assert level.input_value() == "1"
    assert level.locator("option:checked").inner_text().startswith("1 – ")
    page.locator("button.tafl-spielbrett-start").click()
    board = page.locator(".tafl-brett")
    expect(board).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT)
    assert board.locator("[data-square]").count() == 7 * 7
    assert board.locator('[data-square="d4"]').get_attribute("data-piece") == "K"


@pytest.mark.parametrize(
    ("query", "on", "level"),
    [
        ("?variante=brandub-7&gegner=1", True, "1"),  # was level 2: "gegner=1" reads as level 1
        ("?variante=brandub-7&gegner=1&stufe=3", True, "3"),
        ("?variante=brandub-7&gegner=4", True, "4"),
        ("?variante=brandub-7&gegner=1&stufe=9", True, "1"),  # no level 9: gegner's level
        ("?variante=brandub-7&stufe=1", False, None),  # the computer stays off
    ],
)
def test_address_picks_computer_and_level(
    page: Any, server: str, query: str, on: bool, level: str | None
) -> None:
    page.goto(server + "/spielbrett/" + query)
    expect(page.locator(".tafl-spielbrett")).to_be_visible()
    assert page.locator("#tafl-gegner").is_checked() is on
    if level is not None:
        assert page.locator("#tafl-stufe").input_value() == level
    else:
        assert page.locator("#tafl-stufe").is_disabled()


def _differing(a: str, b: str) -> set[str]:
    """The rules where two variants differ, from the engine's data (not from the page)."""
    ra, rb = variant(a).rules, variant(b).rules
    return {
        label(f.name)
        for f in fields(RuleSet)
        if rule_value(f.name, ra, short=True) != rule_value(f.name, rb, short=True)
    }


def _marked(page: Any) -> set[str]:
    rows = page.locator(".tafl-matrix tbody tr.tafl-zeile-anders td:first-child")
    return {text.replace("\u00ad", "").strip() for text in rows.all_inner_texts()}


def _choose(page: Any, first: str, second: str) -> None:
    page.select_option("#tafl-vergleich-a", label=variant(first).name)
    page.select_option("#tafl-vergleich-b", label=variant(second).name)


def test_comparison_marks_what_differs_between_the_chosen_two(page: Any, server: str) -> None:
    page.goto(server + "/regelvergleich/")
    expect(page.locator("form.tafl-vergleichswahl")).to_be_visible()
    # Copenhagen and Fetlar first: pieces, board size and throne are equal, so not marked
    marked = _marked(page)
    assert marked == _differing("copenhagen-11", "fetlar-11")
    assert not {"Brettgröße", "Thron"} & marked
    figures = page.locator(".tafl-matrix tbody tr").filter(has_text="Figuren")
    assert "tafl-zeile-anders" not in (figures.get_attribute("class") or "")
    _choose(page, "brandub-7", "tablut-9")
    marked = _marked(page)
    assert marked == _differing("brandub-7", "tablut-9") | {"Figuren (Angreifer : Verteidiger)"}
    assert "Brettgröße" in marked
    page.locator("#tafl-vergleich-alle").check()
    assert _marked(page) == set()  # all variants: the bold of the build, no pair marks


@pytest.mark.parametrize("pair", [("copenhagen-11", "fetlar-11"), ("tyr-11", "odin-11")])
def test_no_word_overflows_its_cell_at_390_px(
    browser: Any, server: str, pair: tuple[str, str]
) -> None:
    for page in watched_page(browser, server, width=390):
        page.goto(server + "/regelvergleich/")
        expect(page.locator("form.tafl-vergleichswahl")).to_be_visible()
        _choose(page, *pair)
        over = page.evaluate(
            "(cells) => [...document.querySelectorAll(cells)]"
            ".filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent.trim())",
            ".tafl-matrix tr:not(.tafl-zeile-aus) :is(th, td):not(.tafl-spalte-aus)",
        )
        assert over == [], over
