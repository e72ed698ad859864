"""The sentences of docs/computer.md about the strong levels hold for the match files
(issue 33, item 5: the page once said the defenders win "gleich welche der beiden Stufen
verteidigt", which the Copenhagen 5–3 and Brandub 5–3 and 5–4 matches contradict)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tafl_tools.computer_page import load

PAGE = Path(__file__).resolve().parents[2] / "docs" / "computer.md"
VARIANTS = ("copenhagen-11", "brandub-7")


def attacking(slug: str, high: int, low: int) -> float:
    """The share of points the higher level takes in the games it attacks."""
    return float(load()[(slug, high, low)]["a_by_side"]["attackers"]["a_rate"])


def defending(slug: str, high: int, low: int) -> float:
    return float(load()[(slug, high, low)]["a_by_side"]["defenders"]["a_rate"])


def test_the_page_states_the_checked_sentences() -> None:
    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    assert "Als Verteidiger holt die höhere Stufe in beiden Varianten fast alle Punkte" in text
    assert "(5 gegen 4, 4 gegen 3) holt sie weniger als die Hälfte der Punkte" in text
    assert "(5 gegen 3) holt sie auch als Angreifer die meisten Punkte" in text
    assert "gleich welche der beiden Stufen verteidigt" not in text


@pytest.mark.parametrize("slug", VARIANTS)
def test_the_higher_level_defends_well(slug: str) -> None:
    for high, low in ((5, 4), (5, 3), (4, 3)):
        assert defending(slug, high, low) >= 0.9, (slug, high, low)


@pytest.mark.parametrize("slug", VARIANTS)
def test_attacking_the_next_level_takes_less_than_half(slug: str) -> None:
    for high, low in ((5, 4), (4, 3)):
        assert attacking(slug, high, low) < 0.5, (slug, high, low)


@pytest.mark.parametrize("slug", VARIANTS)
def test_attacking_two_levels_down_takes_most(slug: str) -> None:
    assert attacking(slug, 5, 3) > 0.5
