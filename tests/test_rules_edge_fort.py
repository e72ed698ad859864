"""Edge fort (Copenhagen only).

Rule text (Copenhagen card): "Die Verteidiger gewinnen auch, wenn der König am Rand steht,
noch ziehen kann und ohne Angreifer im Inneren von Verteidigern eingemauert ist, die die
Angreifer niemals schlagen können." Design §4.7: a wall defender is safe when on each axis at
least one neighbour is off the board, inside the enclosed region, or another safe defender
(any defender, also one behind the wall); corners and an empty throne never protect.
"""

import pytest

from tafl_core import Outcome, Reason
from tests.rules_helpers import DEF, make

WIN = Outcome(DEF, Reason.EDGE_FORT)
COPENHAGEN = ["copenhagen-11", "copenhagen-13"]

# The king on d1 with the region {c1, d1, e1}; the defender from f3 closes the fort on f1.
# Wall: b1, c2, d2, e2, f1 - each safe (edge or region on one side of every axis, or a
# safe neighbour on the wall).
CLASSIC = """
7 . . . . . . .
6 . A . . . A .
5 . . . . . . .
4 . . . . . . .
3 . . . . . V .
2 . . V V V . .
1 . V . K . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_closed_fort_wins(slug):
    b = make(slug, CLASSIC, DEF)
    b.push_text("f3-f1")
    assert b.outcome == WIN


def test_no_edge_fort_in_standard_tablut():
    b = make("standard-tablut-9", CLASSIC, DEF)
    b.push_text("f3-f1")
    assert b.outcome is None


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_open_fort_does_not_win(slug):
    b = make(slug, CLASSIC, DEF)
    b.push_text("f3-f2")  # f1 stays open: the king's region runs out along the edge
    assert b.outcome is None


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_attacker_inside_the_fort(slug):
    grid = CLASSIC.replace("1 . V . K . . .", "1 . V A K . . .")
    b = make(slug, grid, DEF)
    b.push_text("f3-f1")
    assert b.outcome is None


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_fort_whose_king_cannot_move(slug):
    tight = """
7 . . . . . . .
6 . A . . . A .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . V V . . .
1 . . V K . . .
  a b c d e f g
"""
    b = make(slug, tight.replace("3 . . . . . . .", "3 . . . . V . ."), DEF)
    b.push_text("e3-e1")  # d1 now has c1, e1 and d2: the king cannot move
    assert b.outcome is None


# A spike: the king's region is {d1, d2}; the wall is c1, e1, c2, e2 and d3 (arriving from
# g3). d3 has empty squares c3 and e3 beside it, so attackers could take it there: no fort.
SPIKE = """
7 . . . . . . .
6 . A . . . A .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . V
2 . . V . V . .
1 . . V K V . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_capturable_wall_piece_breaks_the_fort(slug):
    b = make(slug, SPIKE, DEF)
    b.push_text("g3-d3")
    assert b.outcome is None


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_defender_behind_the_wall_makes_it_safe(slug):
    # c3 is not part of the wall (no square of the region beside it) but guards d3
    b = make(slug, SPIKE.replace("3 . . . . . . V", "3 . . V . . . V"), DEF)
    b.push_text("g3-d3")
    assert b.outcome == WIN


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_king_must_stand_on_the_edge(slug):
    # the same walls, the king on d2 instead of d1: no fort
    grid = SPIKE.replace("3 . . . . . . V", "3 . . V . . . V").replace(
        "1 . . V K V . .", "1 . . V . V . ."
    )
    grid = grid.replace("2 . . V . V . .", "2 . . V K V . .")
    b = make(slug, grid, DEF)
    b.push_text("g3-d3")
    assert b.outcome is None
    # moving the king onto the edge inside the fort wins
    b.push_text("b6-b5")
    b.push_text("d2-d1")
    assert b.outcome == WIN


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_empty_throne_does_not_protect_a_wall_piece(slug):
    # region {d1, d2, d3, d4}: the empty throne d4 lies inside. c4 and e4 have only the
    # throne on their inner side, and an attacker on b4 would capture c4 against the empty
    # (hostile) throne: the wall can be broken, no fort.
    grid = """
7 . . . . . . .
6 . A . . . A .
5 . . V V V . .
4 . . V . V . .
3 . . V . V . .
2 . . V . V . V
1 . . V K V . .
  a b c d e f g
"""
    b = make(slug, grid, DEF)
    b.push_text("g2-g3")
    assert b.outcome is None
