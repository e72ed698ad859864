"""Encirclement (Copenhagen, Seeschlacht, Simples Tafl).

Rule texts: Copenhagen: "wenn sie den König und alle verbliebenen Verteidiger so umzingeln,
dass keiner von ihnen den Brettrand erreichen kann"; Seeschlacht/Simples Tafl: "das
Frachtschiff und alle verbliebenen Verteidiger mit einem geschlossenen Ring umschließen".
Design §4.6: no defender and not the king can reach an edge square by orthogonal steps through
squares free of attackers. Tyr, Odin and Standard-Tablut have no such rule.
"""

import pytest

from tafl_core import Outcome, Reason
from tests.rules_helpers import ATT, DEF, make

WIN = Outcome(ATT, Reason.ENCIRCLEMENT)
WITH_RULE = ["copenhagen-11", "copenhagen-13", "seeschlacht-11", "simples-tafl-11"]
WITHOUT_RULE = ["standard-tablut-9", "tyr-11", "tyr-15", "odin-11"]

# A ring of attackers around the king and a defender; the gap below d2 leads to d1 until
# the attacker from f1 closes it on d1.
RING = """
7 . . . . . . .
6 . . A A A . .
5 . A . . . A .
4 . A . K . A .
3 . A . V . A .
2 . . A . A . .
1 . . . . . A .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", WITH_RULE)
def test_closing_the_ring_wins(slug):
    b = make(slug, RING)
    b.push_text("f1-d1")
    assert b.outcome == WIN


@pytest.mark.parametrize("slug", WITHOUT_RULE)
def test_no_encirclement_rule(slug):
    b = make(slug, RING)
    b.push_text("f1-d1")
    assert b.outcome is None


@pytest.mark.parametrize("slug", WITH_RULE)
def test_open_ring_does_not_win(slug):
    b = make(slug, RING)
    b.push_text("f1-f2")
    assert b.outcome is None


@pytest.mark.parametrize("slug", WITH_RULE)
def test_defender_outside_the_ring(slug):
    # a defender outside the ring can reach the edge: no encirclement
    grid = RING.replace("6 . . A A A . .", "6 . . A A A . V")
    b = make(slug, grid)
    b.push_text("f1-d1")
    assert b.outcome is None


@pytest.mark.parametrize("slug", WITH_RULE)
def test_encirclement_is_checked_after_the_attackers_move_only(slug):
    # a defender move that leaves the defenders shut in is no win for anyone
    grid = (
        RING.replace("1 . . . . . A .", "1 . . . A . . .")
        .replace("3 . A . V . A .", "3 . A . . . A .")
        .replace("4 . A . K . A .", "4 . A . K V A .")
    )
    b = make(slug, grid, DEF)
    b.push_text("e4-e3")
    assert b.outcome is None
