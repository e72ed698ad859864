"""Shieldwall (Copenhagen only).

Rule text (Copenhagen card): "Eine Reihe aus zwei oder mehr Figuren am Rand, jede mit einem
Gegner direkt vor sich, wird geschlagen, wenn ein gegnerischer Zug beide Enden der Reihe
schließt; eine Ecke kann ein Ende schließen. Ein König in der Reihe wird nicht genommen, die
Verteidiger neben ihm aber schon." Design §4.1: only the move that closes one of its ends
captures.
"""

import pytest

from tests.rules_helpers import DEF, assert_position, make, names

COPENHAGEN = ["copenhagen-11", "copenhagen-13"]

# Defenders c1 d1 e1 on the bottom edge, attackers in front of each (c2 d2 e2) and on f1;
# the attacker on b5 closes the other end on b1.
WALL = """
7 . . . . . . .
6 . . . . . . .
5 . A . . . . .
4 . . . . . K .
3 . . . . . . .
2 . . A A A . .
1 . . V V V A .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_shieldwall_captured_when_an_end_is_closed(slug):
    b = make(slug, WALL)
    b.push_text("b5-b1")
    assert names(b, b.captured) == {"c1", "d1", "e1"}
    assert_position(
        b,
        """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . K .
3 . . . . . . .
2 . . A A A . .
1 . A . . . A .
""",
    )


@pytest.mark.parametrize("slug", ["standard-tablut-9", "simples-tafl-11", "seeschlacht-11"])
def test_no_shieldwall_elsewhere(slug):
    b = make(slug, WALL)
    b.push_text("b5-b1")
    assert b.captured == []


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_shieldwall_needs_an_enemy_before_every_man(slug):
    b = make(slug, WALL.replace("2 . . A A A . .", "2 . . A . A . ."))
    b.push_text("b5-b1")
    assert b.captured == []


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_shieldwall_needs_both_ends_closed(slug):
    b = make(slug, WALL.replace("1 . . V V V A .", "1 . . V V V . ."))
    b.push_text("b5-b1")
    assert b.captured == []


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_shieldwall_not_captured_by_closing_the_front(slug):
    # both ends are closed already; the last front square e2 is filled from e5
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . . . A . .
4 . . . . . . K
3 . . . . . . .
2 . . A A . . .
1 . A V V V A .
  a b c d e f g
"""
    b = make(slug, grid)
    b.push_text("e5-e2")
    assert b.captured == []


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_corner_closes_one_end(slug):
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . . . A . .
4 . . . . . . .
3 . . . . . K .
2 . A A A . . .
1 . V V V . . .
  a b c d e f g
"""
    b = make(slug, grid)
    b.push_text("e5-e1")
    assert names(b, b.captured) == {"b1", "c1", "d1"}


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_king_in_the_wall_stays_the_men_beside_him_fall(slug):
    b = make(slug, WALL.replace("1 . . V V V A .", "1 . . V K V A .").replace(" K .\n3", " . .\n3"))
    b.push_text("b5-b1")
    assert names(b, b.captured) == {"c1", "e1"}
    assert b.position().king_square() == b.square("d1")
    assert b.outcome is None


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_defenders_capture_an_attackers_wall(slug):
    grid = """
7 . V A A . . .
6 . . V V . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . K .
2 . . . . . . .
1 . . . . V . .
  a b c d e f g
"""
    b = make(slug, grid, DEF)
    b.push_text("e1-e7")
    assert names(b, b.captured) == {"c7", "d7"}


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_single_man_on_edge_is_no_wall_but_custodial(slug):
    # a single man between two enemies on the edge falls by the ordinary rule
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . A . . . . .
4 . . . . . K .
3 . . . . . . .
2 . . A . . . .
1 . . V A . . .
  a b c d e f g
"""
    b = make(slug, grid)
    b.push_text("b5-b1")
    assert names(b, b.captured) == {"c1"}


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_wall_on_a_side_edge(slug):
    grid = """
7 . . . . . . .
6 A . . . . . .
5 V A . . . . .
4 V A . . K . .
3 . . . . . . A
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(slug, grid)
    b.push_text("g3-a3")
    assert names(b, b.captured) == {"a5", "a4"}
