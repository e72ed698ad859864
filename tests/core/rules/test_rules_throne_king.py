"""King capture "strong near the throne", a throne nobody re-enters, repetition as a draw.

Rule texts: Nielsen/World Tafl Federation, historical rules for Brandubh and Tablut
(aagenielsen.dk/historical_hnefatafl_rules.php): "The king is captured by four attackers on
the throne, by three attackers and the throne beside it, and like any other piece
elsewhere". Linnaeus' Tablut as read by Ashton (2010) and Salmi: the throne ("the fort")
may not be occupied once the king has left it, the king included; the other pieces may
still pass over it. Fetlar rules (Nielsen, rule 9; Fetlar Hnefatafl Panel 2013): the same
position occurring the third time with the same side to move is a draw.

The claims are example blocks of the variants that have these rules: Brandub 7×7 (the
historical rules above: strong king near the throne, throne re-entered, repetition allowed),
Tablut 9×9 (Linnaeus: the locked throne) and Fetlar (repetition a draw). Claims about a
changed parameter use the rule set STRONG (Brandub's king and throne rules) directly.
"""

from __future__ import annotations

from dataclasses import replace

from tafl_core import Board, parse_ascii
from tafl_core.rules import Escape, Hostility, KingCapture, RuleSet
from tests.rules_helpers import ATT, holds, names

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


def test_king_on_throne_falls_to_four_attackers():
    holds("""
Variante: brandub-7
Stellung:
7 . . . . . . .
6 . . . . . . .
5 . . . A . . .
4 . . A K A . .
3 . . . . . . .
2 . . . . . . .
1 . . . A . . .
  a b c d e f g
Zug: d1-d3
Geschlagen: d4
Ergebnis: Angreifer gewinnen (Königsfang)
""")


def test_king_on_throne_survives_three_attackers_and_two_flanking():
    # three attackers; c4 and e4 flank him, which is not enough here
    holds("""
Variante: brandub-7
Stellung:
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . A K A . .
3 . . . . . . .
2 . . . . . . .
1 . . . A . . .
  a b c d e f g
Zug: d1-d3
Geschlagen: keine
Ergebnis: offen
""")


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
    holds("""
Variante: brandub-7
Stellung:
7 . . . . . . .
6 . . . . . . A
5 . . A K A . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
Zug: g6-d6
Geschlagen: d5
Ergebnis: Angreifer gewinnen (Königsfang)
""")


def test_king_beside_throne_is_not_taken_between_two():
    # c5 and e5 flank the king beside the throne: not enough
    holds("""
Variante: brandub-7
Stellung:
7 . . . . . . .
6 . . . . . . .
5 . . A K . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . A . .
  a b c d e f g
Zug: e1-e5
Geschlagen: keine
Ergebnis: offen
""")


def test_throne_counts_for_the_king_even_when_not_hostile_to_defenders():
    rules = replace(STRONG, throne_hostile_defenders=Hostility.NEVER)
    b = board(BESIDE, rules)
    b.push_text("g6-d6")
    assert names(b, b.captured) == {"d5"}


# Away from the throne the king is taken like any man, also on the edge between two.


def test_king_away_from_throne_falls_between_two_attackers():
    holds("""
Variante: brandub-7
Stellung:
7 . . . . . . .
6 . A K . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . A . . .
  a b c d e f g
Zug: d1-d6
Geschlagen: c6
Ergebnis: Angreifer gewinnen (Königsfang)
""")


def test_king_on_the_edge_falls_between_two_along_the_edge():
    # d1 is empty: e1 does not touch the king
    holds("""
Variante: brandub-7
Stellung:
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . A . .
1 . A K . . . .
  a b c d e f g
Zug: e2-e1
Geschlagen: keine
Ergebnis: offen
""")
    holds("""
Variante: brandub-7
Stellung:
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . A . . .
1 . A K . . . .
  a b c d e f g
Zug: d2-d1
Geschlagen: c1
Ergebnis: Angreifer gewinnen (Königsfang)
""")


def test_edge_itself_is_no_side():
    holds("""
Variante: brandub-7
Stellung:
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . A . . . .
2 . . . . . . .
1 . . K . . . .
  a b c d e f g
Zug: c3-c2
Geschlagen: keine
Ergebnis: offen
""")


def test_strong_near_throne_needs_a_throne():
    rules = RuleSet(size=7, king_capture=KingCapture.STRONG_NEAR_THRONE)
    assert any("Thron" in p for p in rules.check())


# -- a throne nobody re-enters ------------------------------------------------------


def test_king_may_not_return_to_a_locked_throne():
    holds("""
Variante: tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . K . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . A . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: e6-e5
Illegal: sperrfeld
""")


def test_king_may_still_pass_over_the_locked_throne():
    holds("""
Variante: tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . K . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . A . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: e6-e3
Geschlagen: keine
Danach:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . K . . . .
2 . . A . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
""")


def test_king_may_return_where_the_throne_is_not_locked():
    holds("""
Variante: brandub-7
Am Zug: Verteidiger
Stellung:
7 . . . . . . .
6 . . . . . . .
5 . . . K . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . A . . . . .
  a b c d e f g
Zug: d5-d4
Ergebnis: offen
""")


def test_locked_throne_still_bars_the_men():
    holds("""
Variante: tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . K . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . A . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: e2-e5
Illegal: sperrfeld
""")


# -- repetition as a draw -----------------------------------------------------------


def test_third_repetition_is_a_draw():
    # Fetlar: the king on the throne, a defender and an attacker shuffle; the start (the
    # attackers to move) recurs after moves 4 and 8
    holds("""
Variante: fetlar-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . V . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-h4
Zug: d4-d5
Zug: h4-h3
Zug: d5-d4
Zug: h3-h4
Zug: d4-d5
Zug: h4-h3
Zug: d5-d4
Ergebnis: Remis (Zugwiederholung)
""")


def test_repetition_allowed_goes_on():
    holds("""
Variante: brandub-7
Stellung:
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . K . . .
3 . . . . . . .
2 . V . . . . .
1 . . . . . A .
  a b c d e f g
Zug: f1-f2
Zug: b2-b3
Zug: f2-f1
Zug: b3-b2
Zug: f1-f2
Zug: b2-b3
Zug: f2-f1
Zug: b3-b2
Zug: f1-f2
Zug: b2-b3
Zug: f2-f1
Zug: b3-b2
Ergebnis: offen
""")
