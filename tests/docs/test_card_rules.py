"""Every card states the game's objective in its numbered rules (issue 33, item 5).

A player quotes "§ N" at the board; the two ways the game is won – the king captured, the
king escaped – must each have a numbered rule on every card, and Copenhagen 13×13 (the same
rules on a larger board) numbers its rules as Copenhagen 11×11 does.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tafl_docs import rule_numbers
from tafl_docs.catalogue import ORDER

CARDS = Path(__file__).resolve().parents[2] / "docs" / "varianten"

#: The words of a heading about the king's capture (Seeschlacht's king is the cargo ship).
KING = re.compile(r"\b(König|Frachtschiff)\b")
#: The word of a heading about the escape.
ESCAPE = re.compile(r"\bFlucht\b")


def headings(slug: str) -> list[str]:
    text = (CARDS / f"{slug}.md").read_text(encoding="utf-8")
    return [h.text for h in rule_numbers.headings(text)]


@pytest.mark.parametrize("slug", ORDER)
def test_every_card_has_a_rule_for_each_way_to_win(slug: str) -> None:
    found = headings(slug)
    assert [h for h in found if KING.search(h)], (slug, found)
    assert [h for h in found if ESCAPE.search(h)], (slug, found)


def test_copenhagen_13_numbers_the_rules_as_11_does() -> None:
    assert headings("copenhagen-13") == headings("copenhagen-11")


def test_the_check_catches_a_card_without_escape() -> None:
    text = "## Spielregeln\n\n### Ziehen\n\n### Den König fangen\n"
    found = [h.text for h in rule_numbers.headings(text)]
    assert not [h for h in found if ESCAPE.search(h)]
