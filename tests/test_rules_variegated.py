"""Variegated men ("Bunte", Odin).

Rule text (Odin 5.7): "Wird ein Variegated Man eingeschlossen, wird er nicht vom Brett
entfernt, sondern wechselt die Seite ... Dieser Seitenwechsel kann im weiteren Spielverlauf
mehrfach passieren." Design §4.4: all captures and flips of one move are decided together
from the position right after the piece lands; a flipped man takes no part in further
captures of that move. Flips count as captures for the berserker rule (design §4.3).
"""

from tests.rules_helpers import ATT, DEF, assert_position, make, names

# The attackers' variegated man on d3 between e3 (defender) and c3, where a defender lands.
FLIP = """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . . . . .
3 . . . B V . .
2 . . . . . . .
1 . . V . . . A
  a b c d e f g
"""


def test_trapped_variegated_man_changes_side():
    b = make("odin-11", FLIP, DEF)
    b.push_text("c1-c3")
    assert b.captured == []
    assert names(b, b.flipped) == {"d3"}
    assert b.position().piece_at(b.square("d3")).letter == "b"
    assert sum(b.position().counts().values()) == 5  # nothing left the board


def test_variegated_man_flips_back():
    grid = """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . A . . .
3 . . . B V . .
2 . . . . . . A
1 . . V . . . .
  a b c d e f g
"""
    b = make("odin-11", grid, DEF)
    b.push_text("c1-c3")
    assert names(b, b.flipped) == {"d3"}
    assert b.position().piece_at(b.square("d3")).letter == "b"
    assert b.turn is ATT
    # now on the defenders' side, d3 is trapped by the attackers between d4 and d2
    b.push_text("g2-d2")
    assert names(b, b.flipped) == {"d3"}
    assert b.captured == []
    assert b.position().piece_at(b.square("d3")).letter == "B"


def test_capture_and_flip_decided_together():
    # an attacker lands on d3: c3 (defenders' variegated) flips against b3, e3 (defender)
    # is taken against f3 - both by the same move
    grid = """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . . . . .
3 . A b . V A .
2 . . . . . . .
1 . . . A . . .
  a b c d e f g
"""
    b = make("odin-11", grid)
    b.push_text("d1-d3")
    assert names(b, b.captured) == {"e3"}
    assert names(b, b.flipped) == {"c3"}
    assert_position(
        b,
        """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . . . . .
3 . A B A . A .
2 . . . . . . .
1 . . . . . . .
""",
    )


def test_variegated_man_captures_for_its_side():
    # an attackers' variegated man is a hammer and an anvil like any attacker
    grid = """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . . . . .
3 . A V . . . .
2 . . . . . . .
1 . . . B . . .
  a b c d e f g
"""
    b = make("odin-11", grid)
    b.push_text("d1-d3")
    assert names(b, b.captured) == {"c3"}


def test_flip_opens_a_berserker_continuation():
    # d1-d3 flips c3 (against b3); from d3 the same attacker can take f3 by d3-e3
    grid = """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . . . . .
3 . A b . . V A
2 . . . . . . .
1 . . . A . . .
  a b c d e f g
"""
    b = make("odin-11", grid)
    b.push_text("d1-d3")
    assert names(b, b.flipped) == {"c3"}
    assert b.berserker_open
    assert b.turn is ATT
    assert names(b, b.targets("d3")) == {"e3"}
    b.push_text("d3-e3")
    assert names(b, b.captured) == {"f3"}
    assert b.turn is DEF


def test_tyr_has_no_variegated_rule():
    # Tyr's card knows no variegated men; a "B" there is treated as an ordinary man
    grid = FLIP
    b = make("tyr-11", grid, DEF)
    b.push_text("c1-c3")
    assert names(b, b.captured) == {"d3"}
    assert b.flipped == []
