"""The Copenhagen card shows the whole game in its first two screens."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_copenhagen_rules_fit_two_screens(
    server: str, browser: Any, width: int, height: int
) -> None:
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        page.goto(f"{server}/varianten/copenhagen-11/")
        box = page.evaluate(
            """() => {
              const h2 = document.querySelector('article h2');
              const list = document.querySelector('.tafl-aufeinenblick');
              const r = list.getBoundingClientRect();
              return {first: h2.id, items: list.querySelectorAll('li').length,
                      bottom: r.bottom + scrollY};
            }"""
        )
    finally:
        page.close()
    assert box["first"] == "auf-einen-blick"
    # goal, moving, restricted squares, capture, king, fort, encirclement, repetition,
    # no moves, shieldwall: every rule of the card, not a shortened list
    assert box["items"] == 10
    assert box["bottom"] <= 2 * height, f"Liste endet bei {box['bottom']:.0f} px"
