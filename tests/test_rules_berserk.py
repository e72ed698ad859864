"""Berserk Hnefatafl: the knight, the king's restricted jump, commanders capturing the king.

Rule texts: Nielsen, Berserk Hnefatafl rules (aagenielsen.dk/berserk_rules.php) 3b/5b and
his comments page: the king, the knight and the commanders may jump over one adjacent
ordinary enemy piece onto the empty square behind it; only the knight's jump captures the
piece jumped over; nobody jumps over the king, the knight or a commander; the king jumps
only from or onto a restricted square (throne, corner). Two commanders capture the king
between them, or one commander against a hostile corner, but not on the throne or next to
it (OpenTafl's commander-sandwich tests, hnefatafl-rs `test_commander_capture`).

Positions are 7×7 under Berserk's rules: throne d4, corners a1, g1, a7, g7.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tafl_core import Board, MoveError, Outcome, Reason, parse_ascii, variant
from tafl_core.rules import KingJump
from tests.rules_helpers import ATT, DEF, make, names, reason_of

SLUG = "berserk-11"
WIN_ATT = Outcome(ATT, Reason.KING_CAPTURED)


def with_rules(grid: str, turn=ATT, **changes: object) -> Board:
    """A board with Berserk's rules, some parameters changed, on `grid`."""
    pos = parse_ascii(grid, turn=turn)
    rules = replace(variant(SLUG).rules, size=pos.size, **changes)
    return Board(rules, pos)


# the defenders' knight on c3 next to an attacker on c4; c5 is empty
KNIGHT = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . A K . . .
3 . . r . . . .
2 . . . . . . .
1 . . . . . A .
  a b c d e f g
"""


def test_knight_jump_takes_the_piece_jumped_over():
    b = make(SLUG, KNIGHT, DEF)
    b.push_text("c3-c5")
    assert names(b, b.captured) == {"c4"}
    assert b.pos.piece_at(b.square("c4")) is None
    assert b.pos.piece_at(b.square("c5")).letter == "r"


def test_knight_without_the_knight_rule_is_an_ordinary_man():
    b = with_rules(KNIGHT, DEF, knight_jump=False)
    assert reason_of(b, "c3-c5") == "versperrt"  # c4 simply blocks its way


def test_knight_capture_opens_a_berserker_chain():
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . . . A V .
4 . . A K . . .
3 . . r . . . .
2 . . . . . . .
1 . . . . . A .
  a b c d e f g
"""
    b = make(SLUG, grid, DEF)
    b.push_text("c3-c5")
    assert b.berserker_open
    b.push_text("c5-d5")  # e5 now lies between the knight on d5 and the defender on f5
    assert names(b, b.captured) == {"e5"}


def test_nobody_jumps_over_the_knight():
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . C . . . .
4 . . r K . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . A .
  a b c d e f g
"""
    b = make(SLUG, grid)
    with pytest.raises(MoveError, match="Ritter"):
        b.push_text("c5-c3")


def test_knight_does_not_jump_over_a_commander():
    b = make(SLUG, KNIGHT.replace("4 . . A K", "4 . . C K"), DEF)
    assert reason_of(b, "c3-c5") == "sprung"


def test_commander_jump_does_not_take_but_its_landing_does():
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . K . . .
3 . . V . . . .
2 . . C . . . .
1 . . . . . A .
  a b c d e f g
"""
    # C c2 jumps over c3 to c4: c3 stays, and nothing else is trapped
    b = make(SLUG, grid)
    b.push_text("c2-c4")
    assert b.captured == []
    assert b.pos.piece_at(b.square("c3")) is not None
    # with a defender on b4 and an attacker on a4 the landing on c4 traps b4
    grid2 = grid.replace("4 . . . K", "4 A V . K")
    b2 = make(SLUG, grid2)
    b2.push_text("c2-c4")
    assert names(b2, b2.captured) == {"b4"}


# the king on the throne d4 with an attacker on d5; d6 is empty
THRONE_JUMP = """
7 . . . . . . .
6 . . . . . . .
5 . . . A . . .
4 . . . K . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . A .
  a b c d e f g
"""


def test_king_jump_from_the_throne_traps_the_man_against_the_empty_throne():
    # the jump itself takes nothing, but after it the attacker on d5 lies between the
    # king on d6 and the now empty throne d4, which is hostile to attackers
    b = make(SLUG, THRONE_JUMP, DEF)
    b.push_text("d4-d6")
    assert b.pos.king_square() == b.square("d6")
    assert names(b, b.captured) == {"d5"}


def test_king_jump_onto_the_throne_takes_nothing():
    grid = """
7 . . . . . . .
6 . . . K . . .
5 . . . A . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . A .
  a b c d e f g
"""
    b = make(SLUG, grid, DEF)
    b.push_text("d6-d4")
    assert b.pos.king_square() == b.square("d4")
    assert b.captured == []
    assert b.pos.piece_at(b.square("d5")) is not None


def test_king_may_not_jump_between_ordinary_squares():
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . A . . . .
4 . . K . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . A .
  a b c d e f g
"""
    b = make(SLUG, grid, DEF)
    assert reason_of(b, "c4-c6") == "sprung"
    # the free king jump (a parameter other variants may use) allows it
    free = with_rules(grid, DEF, king_jump=KingJump.FREE)
    free.push_text("c4-c6")
    assert free.pos.king_square() == free.square("c6")
    # and without any king jump the throne jump is gone as well
    none = with_rules(THRONE_JUMP, DEF, king_jump=KingJump.NONE)
    assert reason_of(none, "d4-d6") == "versperrt"


def test_king_jumps_onto_a_corner_and_escapes():
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 K . . . . . .
2 A . . . . . .
1 . . . . . A .
  a b c d e f g
"""
    b = make(SLUG, grid, DEF)
    b.push_text("a3-a1")
    assert b.outcome == Outcome(DEF, Reason.ESCAPE)


# the king on c2, away from the throne (d4) and its neighbours; a commander waits on b2,
# a second one on d3 can step to d2
COMMANDERS = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . C . . .
2 . C K . . . .
1 . . . . . . .
  a b c d e f g
"""


def test_two_commanders_capture_the_king():
    b = make(SLUG, COMMANDERS)
    b.push_text("d3-d2")
    assert names(b, b.captured) == {"c2"}
    assert b.outcome == WIN_ATT


def test_commander_and_ordinary_attacker_do_not_capture_the_king():
    # the man on b2 instead of a commander: two sides are not enough for the strong king
    b = make(SLUG, COMMANDERS.replace("2 . C K", "2 . A K"))
    b.push_text("d3-d2")
    assert b.captured == [] and b.outcome is None
    # an ordinary man closing the pair against a commander does not capture either
    b = make(SLUG, COMMANDERS.replace("3 . . . C", "3 . . . A"))
    b.push_text("d3-d2")
    assert b.captured == [] and b.outcome is None


def test_commander_pair_without_the_rule_does_not_capture():
    b = with_rules(COMMANDERS, commander_king_capture=False)
    b.push_text("d3-d2")
    assert b.captured == [] and b.outcome is None


def test_commander_captures_the_king_against_a_corner():
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . C . . . .
2 . . . . . . .
1 . K . . . . .
  a b c d e f g
"""
    b = make(SLUG, grid)
    b.push_text("c3-c1")  # the king on b1 lies between the corner a1 and the commander
    assert names(b, b.captured) == {"b1"}
    assert b.outcome == WIN_ATT


def test_commanders_capture_the_king_on_the_edge():
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . C .
1 . . C K . . .
  a b c d e f g
"""
    b = make(SLUG, grid)
    b.push_text("f2-f1")
    assert b.captured == []  # f1 is not next to the king on d1
    b2 = make(SLUG, grid.replace("2 . . . . . C .", "2 . . . . C . ."))
    b2.push_text("e2-e1")
    assert names(b2, b2.captured) == {"d1"}


def test_commanders_do_not_capture_the_king_next_to_the_throne():
    # the king on d3 beside the throne d4: commanders on c3 and e3 are not enough
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . C K . . .
2 . . . . C . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(SLUG, grid)
    b.push_text("e2-e3")
    assert b.captured == [] and b.outcome is None


def test_commanders_do_not_capture_the_king_on_the_throne():
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . C K . . .
3 . . . . . . .
2 . . . . C . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(SLUG, grid)
    b.push_text("e2-e4")
    assert b.captured == [] and b.outcome is None
