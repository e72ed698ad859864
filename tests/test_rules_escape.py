"""Escape: corner escape (Copenhagen, Standard-Tablut) and edge escape (the others).

Rule texts: Copenhagen: "die Verteidiger gewinnen, wenn sie den König in eine Ecke
bringen"; Standard-Tablut (issue 2): "the king escapes to a corner"; Seeschlacht, Tyr, Odin:
"der König ein Randfeld erreicht"; Simples Tafl: "irgendein Feld am Brettrand". Only the king
escapes ("einzige Fluchtfigur").
"""

import pytest

from tafl_core import Outcome, Reason
from tests.rules_helpers import DEF, make

WIN = Outcome(DEF, Reason.ESCAPE)
CORNER = ["copenhagen-11", "copenhagen-13", "standard-tablut-9"]
EDGE = ["seeschlacht-11", "simples-tafl-11", "tyr-11", "tyr-15", "odin-11"]

GRID = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . K . . . . .
1 . . . . . . .
  a b c d e f g
"""
WITH_ATTACKER = GRID.replace("7 . . . . . . .", "7 . . . A . . .")


@pytest.mark.parametrize("slug", CORNER)
def test_corner_escape_wins(slug):
    b = make(slug, WITH_ATTACKER, DEF)
    b.push_text("b2-b1")
    assert b.outcome is None  # an edge square is not enough
    b = make(slug, WITH_ATTACKER.replace("2 . K", "2 . .").replace("1 . .", "1 . K"), DEF)
    b.push_text("b1-a1")
    assert b.outcome == WIN


@pytest.mark.parametrize("slug", CORNER)
def test_edge_square_is_no_escape_with_corner_escape(slug):
    b = make(slug, WITH_ATTACKER, DEF)
    b.push_text("b2-a2")
    assert b.outcome is None
    b.push_text("d7-d6")
    b.push_text("a2-a1")
    assert b.outcome == WIN


@pytest.mark.parametrize("slug", EDGE)
@pytest.mark.parametrize("target", ["b1", "a2", "b7", "g2", "a1"])
def test_edge_escape_wins_on_any_edge_square(slug, target):
    if target == "a1":
        # a king can reach a1 only along the edge, so standing on a2 he has already escaped
        b = make(slug, WITH_ATTACKER.replace("2 . K", "2 K ."), DEF)
        assert b.outcome == WIN
        assert b.legal_moves() == []
        return
    b = make(slug, WITH_ATTACKER, DEF)
    b.push_text(f"b2-{target}")
    assert b.outcome == WIN


@pytest.mark.parametrize("slug", EDGE)
def test_edge_escape_not_before_the_edge(slug):
    b = make(slug, WITH_ATTACKER, DEF)
    b.push_text("b2-b6")
    assert b.outcome is None
    b.push_text("d7-e7")
    b.push_text("b6-f6")
    assert b.outcome is None


@pytest.mark.parametrize("slug", CORNER + EDGE)
def test_only_the_king_escapes(slug):
    grid = WITH_ATTACKER.replace("2 . K . . . . .", "2 . V . . . . .").replace(
        "5 . . . . . . .", "5 . . . K . . ."
    )
    b = make(slug, grid, DEF)
    b.push_text("b2-b1")
    assert b.outcome is None
    if slug not in CORNER:
        b.push_text("d7-e7")
        b.push_text("b1-a1")
        assert b.outcome is None
