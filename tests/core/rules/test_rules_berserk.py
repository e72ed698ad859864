"""Berserk Hnefatafl: the knight, the king's restricted jump, commanders capturing the king.

Rule texts: Nielsen, Berserk Hnefatafl rules (aagenielsen.dk/berserk_rules.php) 3b/5b and
his comments page: the king, the knight and the commanders may jump over one adjacent
ordinary enemy piece onto the empty square behind it; only the knight's jump captures the
piece jumped over; nobody jumps over the king, the knight or a commander; the king jumps
only from or onto a restricted square (throne, corner). Two commanders capture the king
between them, or one commander against a hostile corner, but not on the throne or next to
it (OpenTafl's commander-sandwich tests, hnefatafl-rs `test_commander_capture`).

Claims are example blocks on Berserk's own board (throne f6, corners a1, k1, a11, k11),
checked by the example runner; claims about changed rule parameters use 7×7 positions
under Berserk's rules (throne d4, corners a1, g1, a7, g7).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tafl_core import Board, parse_ascii, variant
from tafl_core.errors import ImpossiblePositionError
from tafl_core.rules import KingJump
from tests.rules_helpers import ATT, DEF, holds, reason_of

SLUG = "berserk-11"


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
    holds("""
Variante: berserk-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . A K . . . . .
 5 . . . . r . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: e5-e7
Geschlagen: e6
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . r . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""")


def test_knight_without_the_knight_rule_is_refused():
    # rules without the knight give a knight no meaning: such a position cannot occur
    with pytest.raises(ImpossiblePositionError, match="c3"):
        with_rules(KNIGHT, DEF, knight_jump=False)


def test_knight_capture_opens_a_berserker_chain():
    # the capture by the jump opens the chain ...
    holds("""
Variante: berserk-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . A V . . .
 6 . . . . A K . . . . .
 5 . . . . r . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: e5-e7
Geschlagen: e6
Berserker: offen
""")
    # ... and its next step traps g7 between the knight on f7 and the defender on h7
    holds("""
Variante: berserk-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . A V . . .
 6 . . . . A K . . . . .
 5 . . . . r . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: e5-e7, e7-f7
Geschlagen: e6, g7
""")


def test_nobody_jumps_over_the_knight():
    holds("""
Variante: berserk-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . C . . . . . .
 6 . . . . r K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: e7-e5
Illegal: sprung
""")


def test_knight_does_not_jump_over_a_commander():
    holds("""
Variante: berserk-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . C K . . . . .
 5 . . . . r . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: e5-e7
Illegal: sprung
""")


def test_commander_jump_does_not_take_but_its_landing_does():
    # C e4 jumps over e5 to e6: e5 stays, and nothing else is trapped
    holds("""
Variante: berserk-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . V . . . . . .
 4 . . . . C . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: e4-e6
Geschlagen: keine
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . C K . . . . .
 5 . . . . V . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""")
    # with a defender on d6 and an attacker on c6 the landing on e6 traps d6
    holds("""
Variante: berserk-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . A V . K . . . . .
 5 . . . . V . . . . . .
 4 . . . . C . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: e4-e6
Geschlagen: d6
""")


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
    # the jump itself takes nothing, but after it the attacker on f7 lies between the
    # king on f8 and the now empty throne f6, which is hostile to attackers
    holds("""
Variante: berserk-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . A . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: f6-f8
Geschlagen: f7
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . K . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""")


def test_king_jump_onto_the_throne_takes_nothing():
    holds("""
Variante: berserk-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . K . . . . .
 7 . . . . . A . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: f8-f6
Geschlagen: keine
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . A . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""")


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
    holds("""
Variante: berserk-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . A . . . . . . . .
 4 . . K . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . A . . . . .
   a b c d e f g h i j k
Zug: c4-c6
Illegal: sprung
""")
    # the free king jump (a parameter other variants may use) allows it
    free = with_rules(grid, DEF, king_jump=KingJump.FREE)
    free.push_text("c4-c6")
    assert free.pos.king_square() == free.square("c6")
    # and without any king jump the throne jump is gone as well
    none = with_rules(THRONE_JUMP, DEF, king_jump=KingJump.NONE)
    assert reason_of(none, "d4-d6") == "blocked"


def test_king_jumps_onto_a_corner_and_escapes():
    holds("""
Variante: berserk-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 K . . . . . . . . . .
 2 A . . . . . . . . . .
 1 . . . . . A . . . . .
   a b c d e f g h i j k
Zug: a3-a1
Ergebnis: Verteidiger gewinnen (Flucht)
""")


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
    holds("""
Variante: berserk-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . C . . . . . . .
 2 . C K . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: d3-d2
Geschlagen: c2
Ergebnis: Angreifer gewinnen (Königsfang)
""")


def test_commander_and_ordinary_attacker_do_not_capture_the_king():
    # the man on b2 instead of a commander: two sides are not enough for the strong king
    holds("""
Variante: berserk-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . C . . . . . . .
 2 . A K . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: d3-d2
Geschlagen: keine
Ergebnis: offen
""")
    # an ordinary man closing the pair against a commander does not capture either
    holds("""
Variante: berserk-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . A . . . . . . .
 2 . C K . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: d3-d2
Geschlagen: keine
Ergebnis: offen
""")


def test_commander_pair_without_the_rule_does_not_capture():
    b = with_rules(COMMANDERS, commander_king_capture=False)
    b.push_text("d3-d2")
    assert b.captured == [] and b.outcome is None


def test_commander_captures_the_king_against_a_corner():
    # the king on b1 lies between the corner a1 and the commander
    holds("""
Variante: berserk-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . C . . . . . . . .
 2 . . . . . . . . . . .
 1 . K . . . . . . . . .
   a b c d e f g h i j k
Zug: c3-c1
Geschlagen: b1
Ergebnis: Angreifer gewinnen (Königsfang)
""")


def test_commanders_capture_the_king_on_the_edge():
    # f1 is not next to the king on d1
    holds("""
Variante: berserk-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . C . . . . .
 1 . . C K . . . . . . .
   a b c d e f g h i j k
Zug: f2-f1
Geschlagen: keine
Ergebnis: offen
""")
    holds("""
Variante: berserk-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . C . . . . . .
 1 . . C K . . . . . . .
   a b c d e f g h i j k
Zug: e2-e1
Geschlagen: d1
Ergebnis: Angreifer gewinnen (Königsfang)
""")


def test_commanders_do_not_capture_the_king_next_to_the_throne():
    # the king on f5 beside the throne f6: commanders on e5 and g5 are not enough
    holds("""
Variante: berserk-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . C K . . . . .
 4 . . . . . . C . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g4-g5
Geschlagen: keine
Ergebnis: offen
""")


def test_commanders_do_not_capture_the_king_on_the_throne():
    holds("""
Variante: berserk-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . C K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . C . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g4-g6
Geschlagen: keine
Ergebnis: offen
""")
