"""Variegated men ("Bunte", Odin).

Rule text (Odin 5.7): "Wird ein Variegated Man eingeschlossen, wird er nicht vom Brett
entfernt, sondern wechselt die Seite ... Dieser Seitenwechsel kann im weiteren Spielverlauf
mehrfach passieren." Design §4.4: all captures and flips of one move are decided together
from the position right after the piece lands; a flipped man takes no part in further
captures of that move. Flips count as captures for the berserker rule (design §4.3).
"""

import pytest

from tafl_core import Board, parse_ascii, variant
from tafl_core.errors import ImpossiblePositionError
from tests.rules_helpers import DEF, holds


def test_trapped_variegated_man_changes_side():
    # nothing leaves the board: d3 only changes side
    holds("""
Variante: odin-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . B V . . . . . .
 2 . . . . . . . . . . .
 1 . . V . . . A . . . .
   a b c d e f g h i j k
Zug: c1-c3
Geschlagen: keine
Umgedreht: d3
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . V b V . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . A . . . .
   a b c d e f g h i j k
""")


def test_variegated_man_flips_back():
    holds("""
Variante: odin-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . . B V . . . . . .
 2 . . . . . . A . . . .
 1 . . V . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3
Umgedreht: d3
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . V b V . . . . . .
 2 . . . . . . A . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""")
    # now on the defenders' side, d3 is trapped by the attackers between d4 and d2
    holds("""
Variante: odin-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . . B V . . . . . .
 2 . . . . . . A . . . .
 1 . . V . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3
Zug: g2-d2
Geschlagen: keine
Umgedreht: d3
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . V B V . . . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""")


def test_capture_and_flip_decided_together():
    # an attacker lands on d3: c3 (defenders' variegated) flips against b3, e3 (defender)
    # is taken against f3 - both by the same move
    holds("""
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . A b . V A . . . . .
 2 . . . . . . . . . . .
 1 . . . A . . . . . . .
   a b c d e f g h i j k
Zug: d1-d3
Geschlagen: e3
Umgedreht: c3
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . A B A . A . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""")


def test_variegated_man_captures_for_its_side():
    # an attackers' variegated man is a hammer and an anvil like any attacker
    holds("""
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . A V . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . B . . . . . . .
   a b c d e f g h i j k
Zug: d1-d3
Geschlagen: c3
""")


def test_flip_opens_a_berserker_continuation():
    # d1-d3 flips c3 (against b3); from d3 the same attacker can take f3 by d3-e3
    holds("""
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . A b . . V A . . . .
 2 . . . . . . . . . . .
 1 . . . A . . . . . . .
   a b c d e f g h i j k
Zug: d1-d3
Umgedreht: c3
Berserker: offen
""")
    holds("""
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . A b . . V A . . . .
 2 . . . . . . . . . . .
 1 . . . A . . . . . . .
   a b c d e f g h i j k
Zug: d1-d3, d3-e3
Geschlagen: f3
Umgedreht: c3
""")
    # the continuation must capture or flip: a plain step is refused
    holds("""
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . A b . . V A . . . .
 2 . . . . . . . . . . .
 1 . . . A . . . . . . .
   a b c d e f g h i j k
Zug: d1-d3, d3-d5
Illegal: berserker
""")


def test_tyr_has_no_variegated_rule():
    # Tyr's card knows no variegated men: a position with one cannot occur and is refused,
    # naming the square
    grid = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . B V . . . . . .
 2 . . . . . . . . . . .
 1 . . V . . . A . . . .
   a b c d e f g h i j k
"""
    with pytest.raises(ImpossiblePositionError, match="d3"):
        Board(variant("tyr-11").rules, parse_ascii(grid, turn=DEF))
