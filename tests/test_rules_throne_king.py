"""King capture "strong near the throne", a throne nobody re-enters, repetition as a draw.

Rule texts: Nielsen/World Tafl Federation, historical rules for Brandubh and Tablut
(aagenielsen.dk/historical_hnefatafl_rules.php): "The king is captured by four attackers on
the throne, by three attackers and the throne beside it, and like any other piece
elsewhere". Linnaeus' Tablut as read by Ashton (2010) and Salmi: the throne ("the fort")
may not be occupied once the king has left it, the king included; the other pieces may
still pass over it. Fetlar rules (Nielsen, rule 9; Fetlar Hnefatafl Panel 2013): the same
position occurring the third time with the same side to move is a draw.
"""

from __future__ import annotations

from dataclasses import replace

from tafl_core import Board, Outcome, Reason, parse_ascii
from tafl_core.rules import Escape, Hostility, KingCapture, Repetition, RuleSet
from tests.rules_helpers import ATT, DEF, names, reason_of

WIN = Outcome(ATT, Reason.KING_CAPTURED)

STRONG = RuleSet(
    size=7,
    throne=True,
    corners=True,
    throne_hostile_attackers=Hostility.ALWAYS,
    throne_hostile_defenders=Hostility.EMPTY,
    corners_hostile_attackers=True,
    corners_hostile_defenders=True,
    king_capture=KingCapture.STRONG_NEAR_THRONE,
    escape=Escape.CORNER,
)


def board(grid: str, rules: RuleSet = STRONG, turn=ATT) -> Board:
    """A board with `rules` on the position `grid`."""
    return Board(rules, parse_ascii(grid, turn=turn))


# King on the throne d4 with attackers on d5, c4, e4; the fourth comes from d1 to d3.
ON_THRONE = """
7 . . . . . . .
6 . . . . . . .
5 . . . A . . .
4 . . A K A . .
3 . . . . . . .
2 . . . . . . .
1 . . . A . . .
  a b c d e f g
"""


def test_king_on_throne_falls_to_four_attackers():
    b = board(ON_THRONE)
    b.push_text("d1-d3")
    assert names(b, b.captured) == {"d4"}
    assert b.outcome == WIN


def test_king_on_throne_survives_three_attackers_and_two_flanking():
    grid = ON_THRONE.replace("5 . . . A . . .", "5 . . . . . . .")
    b = board(grid)
    b.push_text("d1-d3")  # three attackers; c4 and e4 flank him, which is not enough here
    assert b.captured == []
    assert b.outcome is None


# King on d5, next to the empty throne d4, attackers on c5 and e5; the third comes to d6.
BESIDE = """
7 . . . . . . .
6 . . . . . . A
5 . . A K A . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""


def test_king_beside_throne_falls_to_three_attackers_and_the_throne():
    b = board(BESIDE)
    b.push_text("g6-d6")
    assert names(b, b.captured) == {"d5"}
    assert b.outcome == WIN


def test_king_beside_throne_is_not_taken_between_two():
    b = board(
        """
7 . . . . . . .
6 . . . . . . .
5 . . A K . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . A . .
  a b c d e f g
"""
    )
    b.push_text("e1-e5")  # c5 and e5 flank the king beside the throne: not enough
    assert b.captured == []
    assert b.outcome is None


def test_throne_counts_for_the_king_even_when_not_hostile_to_defenders():
    rules = replace(STRONG, throne_hostile_defenders=Hostility.NEVER)
    b = board(BESIDE, rules)
    b.push_text("g6-d6")
    assert names(b, b.captured) == {"d5"}


# Away from the throne the king is taken like any man, also on the edge between two.


def test_king_away_from_throne_falls_between_two_attackers():
    b = board(
        """
7 . . . . . . .
6 . A K . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . A . . .
  a b c d e f g
"""
    )
    b.push_text("d1-d6")
    assert names(b, b.captured) == {"c6"}
    assert b.outcome == WIN


def test_king_on_the_edge_falls_between_two_along_the_edge():
    b = board(
        """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . A . .
1 . A K . . . .
  a b c d e f g
"""
    )
    b.push_text("e2-e1")
    assert b.captured == []  # d1 is empty: e1 does not touch the king
    b2 = board(
        """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . A . . .
1 . A K . . . .
  a b c d e f g
"""
    )
    b2.push_text("d2-d1")
    assert names(b2, b2.captured) == {"c1"}


def test_edge_itself_is_no_side():
    b = board(
        """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . A . . . .
2 . . . . . . .
1 . . K . . . .
  a b c d e f g
"""
    )
    b.push_text("c3-c2")
    assert b.captured == []
    assert b.outcome is None


def test_strong_near_throne_needs_a_throne():
    rules = RuleSet(size=7, king_capture=KingCapture.STRONG_NEAR_THRONE)
    assert any("Thron" in p for p in rules.check())


# -- a throne nobody re-enters ------------------------------------------------------

LOCKED = replace(STRONG, throne_reentry=False)

KING_OFF = """
7 . . . . . . .
6 . . . . . . .
5 . . . K . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . A . . . . .
  a b c d e f g
"""


def test_king_may_not_return_to_a_locked_throne():
    b = board(KING_OFF, LOCKED, turn=DEF)
    assert reason_of(b, "d5-d4") == "sperrfeld"
    assert "d4" not in {b.name(m.to) for m in b.legal_moves()}


def test_king_may_still_pass_over_the_locked_throne():
    b = board(KING_OFF, LOCKED, turn=DEF)
    b.push_text("d5-d2")
    assert b.name(b.position().king_square()) == "d2"


def test_king_may_return_where_the_throne_is_not_locked():
    b = board(KING_OFF, STRONG, turn=DEF)
    b.push_text("d5-d4")
    assert b.outcome is None


def test_locked_throne_still_bars_the_men():
    b = board(KING_OFF.replace("1 . A . . . . .", "1 . . . A . . ."), LOCKED)
    assert reason_of(b, "d1-d4") == "sperrfeld"


# -- repetition as a draw -----------------------------------------------------------

SHUFFLE = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . K . . .
3 . . . . . . .
2 . V . . . . .
1 . . . . . A .
  a b c d e f g
"""
CYCLE = ["f1-f2", "b2-b3", "f2-f1", "b3-b2"]


def test_third_repetition_is_a_draw():
    rules = replace(STRONG, repetition=Repetition.DRAW)
    b = board(SHUFFLE, rules)
    for move in CYCLE * 2:
        assert b.outcome is None
        b.push_text(move)
    assert b.outcome == Outcome(None, Reason.REPETITION)


def test_repetition_allowed_goes_on():
    b = board(SHUFFLE, STRONG)
    for move in CYCLE * 3:
        b.push_text(move)
    assert b.outcome is None
