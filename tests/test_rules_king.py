"""King capture per variant type.

Rule texts: Copenhagen: "Vier Angreifer, oder drei mit dem Thron als vierter Seite. Am
Brettrand kann der König nie geschlagen werden"; Standard-Tablut: "auf dem Thron von vier
Angreifern, daneben von dreien und dem Thron, anderswo von Angreifern, wobei Brettrand oder
Ecke als Seite zählen"; Seeschlacht 5.3: "von allen vier Seiten (orthogonal) von Angreifern
umschlossen"; Simples Tafl 5.3, Tyr 5.4, Odin: the king is captured like any man, from two
opposite sides; capturing the king wins for the attackers.
"""

import pytest

from tafl_core import Outcome, Reason
from tests.rules_helpers import ATT, DEF, holds, make, names

WIN = Outcome(ATT, Reason.KING_CAPTURED)
FOUR_SIDES = ["copenhagen-11", "copenhagen-13", "seeschlacht-11", "standard-tablut-9"]
TWO_SIDES = ["simples-tafl-11", "tyr-11", "tyr-15", "odin-11"]

# King on c6 (no throne next to him, not on the edge), attackers on c7, b6, d6; one more
# attacker on c1 comes up to c5 and closes the fourth side.
KING_FOUR = """
7 . . A . . . .
6 . A K A . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . A . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", FOUR_SIDES)
def test_king_captured_by_four_attackers(slug):
    b = make(slug, KING_FOUR)
    b.push_text("c1-c5")
    assert names(b, b.captured) == {"c6"}
    assert b.outcome == WIN


@pytest.mark.parametrize("slug", FOUR_SIDES)
def test_king_not_captured_by_three_attackers_and_an_empty_square(slug):
    grid = KING_FOUR.replace("7 . . A . . . .", "7 . . . . . . .")
    b = make(slug, grid)
    b.push_text("c1-c5")
    assert b.captured == []
    assert b.outcome is None


@pytest.mark.parametrize("slug", FOUR_SIDES)
def test_king_not_captured_with_a_defender_on_the_fourth_side(slug):
    grid = KING_FOUR.replace("7 . . A . . . .", "7 . . V . . . .")
    b = make(slug, grid)
    b.push_text("c1-c5")
    assert b.captured == []
    assert b.outcome is None


@pytest.mark.parametrize("slug", FOUR_SIDES)
def test_strong_king_not_captured_by_two_attackers(slug):
    grid = """
7 . . . . . . .
6 . A K . . . A
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(slug, grid)
    b.push_text("g6-d6")
    assert b.captured == []
    assert b.outcome is None


@pytest.mark.parametrize("slug", TWO_SIDES)
def test_weak_king_captured_by_two_attackers(slug):
    grid = """
7 . . . . . . .
6 . A K . . . A
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(slug, grid)
    b.push_text("g6-d6")
    assert names(b, b.captured) == {"c6"}
    assert b.outcome == WIN


@pytest.mark.parametrize("slug", TWO_SIDES)
def test_weak_king_safe_when_moving_between_two_attackers(slug):
    grid = """
7 . . . . . . .
6 . A . A . . .
5 . . . . . . .
4 . . . . . . .
3 . . K . . . .
2 . . . . . . .
1 . . . . . . A
  a b c d e f g
"""
    b = make(slug, grid, DEF)
    b.push_text("c3-c6")
    assert b.outcome is None
    b.push_text("g1-g2")
    assert b.outcome is None
    assert b.position().king_square() == b.square("c6")


@pytest.mark.parametrize("slug", TWO_SIDES)
def test_weak_king_not_captured_against_the_empty_centre(slug):
    # no throne in these variants: the centre d4 is an ordinary square
    grid = """
7 . . . . . . .
6 . . . . . . A
5 . . . K . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(slug, grid)
    b.push_text("g6-d6")
    assert b.outcome is None


@pytest.mark.parametrize("slug", ["tyr-11", "odin-11"])
def test_commander_helps_capture_the_king(slug):
    holds(
        """
Variante: {slug}
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . C K . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g6-d6
Ergebnis: Angreifer gewinnen (Königsfang)
""",
        slug=slug,
    )


# -- the throne ------------------------------------------------------------------------

# King on d5 beside the empty throne d4, attackers on c5 and e5; the third comes to d6.
BESIDE_THRONE = """
7 . . . . . . .
6 . . . . . . A
5 . . A K A . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", ["copenhagen-11", "copenhagen-13", "standard-tablut-9"])
def test_king_beside_throne_captured_by_three(slug):
    b = make(slug, BESIDE_THRONE)
    b.push_text("g6-d6")
    assert names(b, b.captured) == {"d5"}
    assert b.outcome == WIN


@pytest.mark.parametrize("slug", ["copenhagen-11", "copenhagen-13", "standard-tablut-9"])
def test_king_beside_throne_not_captured_by_two(slug):
    grid = BESIDE_THRONE.replace("5 . . A K A . .", "5 . . A K . . .")
    b = make(slug, grid)
    b.push_text("g6-d6")
    assert b.outcome is None


def test_seeschlacht_centre_is_no_throne_for_king_capture():
    # king on f7 beside the empty centre f6, attackers on e7 and g7; the third comes to f8
    holds("""
Variante: seeschlacht-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . A . .
 7 . . . . A K A . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: i8-f8
Geschlagen: keine
Ergebnis: offen
""")


ON_THRONE = """
7 . . . . . . .
6 . . . . . . .
5 . . . A . . .
4 . . A K A . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . A .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_king_on_throne_captured_by_four(slug):
    b = make(slug, ON_THRONE.replace("1 . . . . . A .", "1 . . . A . . ."))
    b.push_text("d1-d3")
    assert names(b, b.captured) == {"d4"}
    assert b.outcome == WIN


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_king_on_throne_not_captured_by_three(slug):
    b = make(slug, ON_THRONE)
    b.push_text("f1-f2")
    assert b.outcome is None
    b = make(slug, ON_THRONE.replace("5 . . . A . . .", "5 . . . . . . ."))
    b.push_text("f1-f3")
    assert b.outcome is None


# -- the board edge --------------------------------------------------------------------

# King on a5 on the left edge; attackers on a6 and a4, the third comes to b5.
# (A defender on f2 keeps the defenders able to move.)
KING_ON_EDGE = """
7 . . . . . . .
6 A . . . . . .
5 K . . . . . A
4 A . . . . . .
3 . . . . . . .
2 . . . . . V .
1 . . . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", ["copenhagen-11", "copenhagen-13"])
def test_copenhagen_king_on_edge_never_captured(slug):
    b = make(slug, KING_ON_EDGE)
    b.push_text("g5-b5")
    assert b.captured == []
    assert b.outcome is None
    assert b.position().king_square() == b.square("a5")


def test_standard_tablut_edge_counts_as_a_side():
    # king on a6 on the left edge; attackers on a7 and a5, the third comes to b6
    # (a defender on f3 keeps the defenders able to move)
    holds("""
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 A . . . . . . . .
6 K . . . . . A . .
5 A . . . . . . . .
4 . . . . . . . . .
3 . . . . . V . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: g6-b6
Geschlagen: a6
Ergebnis: Angreifer gewinnen (Königsfang)
""")


def test_standard_tablut_king_on_edge_needs_all_three_attackers():
    holds("""
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 K . . . . . A . .
5 A . . . . . . . .
4 . . . . . . . . .
3 . . . . . V . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: g6-b6
Geschlagen: keine
Ergebnis: offen
""")


def test_standard_tablut_corner_counts_as_a_side():
    # king on a2 next to the corner a1: the edge and the corner are two sides
    holds("""
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 A . . . . . . . .
2 K . . . . . A . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: g2-b2
Geschlagen: a2
Ergebnis: Angreifer gewinnen (Königsfang)
""")
    # in Copenhagen the same king on the edge is safe
    holds("""
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 A . . . . . . . . . .
 2 K . . . . . A . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g2-b2
Geschlagen: keine
Ergebnis: offen
""")


def test_standard_tablut_king_elsewhere_needs_four():
    # king on c6, away from the throne e5 and the edge, attackers on b6 and d6 and one
    # coming to c5: three sides are not enough
    holds("""
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . A K A . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . A . . . . . .
  a b c d e f g h i
Zug: c1-c5
Geschlagen: keine
Ergebnis: offen
""")
