"""King capture per variant type.

Rule texts: Copenhagen: "Vier Angreifer, oder drei mit dem Thron als vierter Seite. Am
Brettrand kann der König nie geschlagen werden"; Standard-Tablut: "auf dem Thron von vier
Angreifern, daneben von dreien und dem Thron, anderswo von Angreifern, wobei Brettrand oder
Ecke als Seite zählen"; Seeschlacht 5.3: "von allen vier Seiten (orthogonal) von Angreifern
umschlossen"; Simples Tafl 5.3, Tyr 5.4, Odin: the king is captured like any man, from two
opposite sides; capturing the king wins for the attackers.

Every claim is an example block on the variant's own board, checked by the example runner.
"""

import pytest

from tests.rules_helpers import holds

FOUR_SIDES = ["copenhagen-11", "copenhagen-13", "seeschlacht-11", "standard-tablut-9"]
TWO_SIDES = ["simples-tafl-11", "tyr-11", "tyr-15", "odin-11"]

# King on c6 (no throne next to him, not on the edge), attackers on c7, b6, d6; one more
# attacker on c1 comes up to c5 and closes the fourth side.


@pytest.mark.parametrize("slug", FOUR_SIDES)
def test_king_captured_by_four_attackers(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . A . . . . . . . .
 6 . A K A . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c5
Geschlagen: c6
Ergebnis: Angreifer gewinnen (Königsfang)
""",
        "copenhagen-13": """
Variante: copenhagen-13
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . A . . . . . . . . . .
 6 . A K A . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . A . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: c1-c5
Geschlagen: c6
Ergebnis: Angreifer gewinnen (Königsfang)
""",
        "seeschlacht-11": """
Variante: seeschlacht-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . A . . . . . . . .
 6 . A K A . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c5
Geschlagen: c6
Ergebnis: Angreifer gewinnen (Königsfang)
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . A . . . . . .
6 . A K A . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . A . . . . . .
  a b c d e f g h i
Zug: c1-c5
Geschlagen: c6
Ergebnis: Angreifer gewinnen (Königsfang)
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", FOUR_SIDES)
def test_king_not_captured_by_three_attackers_and_an_empty_square(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A K A . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c5
Geschlagen: keine
Ergebnis: offen
""",
        "copenhagen-13": """
Variante: copenhagen-13
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . . . . . . . . . . .
 6 . A K A . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . A . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: c1-c5
Geschlagen: keine
Ergebnis: offen
""",
        "seeschlacht-11": """
Variante: seeschlacht-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A K A . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c5
Geschlagen: keine
Ergebnis: offen
""",
        "standard-tablut-9": """
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
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", FOUR_SIDES)
def test_king_not_captured_with_a_defender_on_the_fourth_side(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . V . . . . . . . .
 6 . A K A . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c5
Geschlagen: keine
Ergebnis: offen
""",
        "copenhagen-13": """
Variante: copenhagen-13
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . V . . . . . . . . . .
 6 . A K A . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . A . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: c1-c5
Geschlagen: keine
Ergebnis: offen
""",
        "seeschlacht-11": """
Variante: seeschlacht-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . V . . . . . . . .
 6 . A K A . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c5
Geschlagen: keine
Ergebnis: offen
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . V . . . . . .
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
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", FOUR_SIDES)
def test_strong_king_not_captured_by_two_attackers(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A K . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g6-d6
Geschlagen: keine
Ergebnis: offen
""",
        "copenhagen-13": """
Variante: copenhagen-13
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . . . . . . . . . . .
 6 . A K . . . A . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: g6-d6
Geschlagen: keine
Ergebnis: offen
""",
        "seeschlacht-11": """
Variante: seeschlacht-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A K . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g6-d6
Geschlagen: keine
Ergebnis: offen
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . A K . . . A . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: g6-d6
Geschlagen: keine
Ergebnis: offen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", TWO_SIDES)
def test_weak_king_captured_by_two_attackers(slug):
    blocks = {
        "simples-tafl-11": """
Variante: simples-tafl-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A K . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g6-d6
Geschlagen: c6
Ergebnis: Angreifer gewinnen (Königsfang)
""",
        "tyr-11": """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A K . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g6-d6
Geschlagen: c6
Ergebnis: Angreifer gewinnen (Königsfang)
""",
        "tyr-15": """
Variante: tyr-15
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . A K . . . A . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: g6-d6
Geschlagen: c6
Ergebnis: Angreifer gewinnen (Königsfang)
""",
        "odin-11": """
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A K . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g6-d6
Geschlagen: c6
Ergebnis: Angreifer gewinnen (Königsfang)
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", TWO_SIDES)
def test_weak_king_safe_when_moving_between_two_attackers(slug):
    # the king moves in between b6 and d6 himself; the attackers' next move does not close
    # the trap again
    blocks = {
        "simples-tafl-11": """
Variante: simples-tafl-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A . A . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . K . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . A . . . .
   a b c d e f g h i j k
Zug: c3-c6
Zug: g1-g2
Geschlagen: keine
Ergebnis: offen
""",
        "tyr-11": """
Variante: tyr-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A . A . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . K . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . A . . . .
   a b c d e f g h i j k
Zug: c3-c6
Zug: g1-g2
Geschlagen: keine
Ergebnis: offen
""",
        "tyr-15": """
Variante: tyr-15
Am Zug: Verteidiger
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . A . A . . . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . K . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . A . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c3-c6
Zug: g1-g2
Geschlagen: keine
Ergebnis: offen
""",
        "odin-11": """
Variante: odin-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A . A . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . K . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . A . . . .
   a b c d e f g h i j k
Zug: c3-c6
Zug: g1-g2
Geschlagen: keine
Ergebnis: offen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", TWO_SIDES)
def test_weak_king_not_captured_against_the_empty_centre(slug):
    # no throne in these variants: the centre square is an ordinary square
    blocks = {
        "simples-tafl-11": """
Variante: simples-tafl-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . A . .
 7 . . . . . K . . . . .
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
""",
        "tyr-11": """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . A . .
 7 . . . . . K . . . . .
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
""",
        "tyr-15": """
Variante: tyr-15
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . A . . . .
 9 . . . . . . . K . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: k10-h10
Geschlagen: keine
Ergebnis: offen
""",
        "odin-11": """
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . A . .
 7 . . . . . K . . . . .
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
""",
    }
    holds(blocks[slug])


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

# The king beside the empty throne (in the centre of the board), attackers on his left and
# right; the third comes onto the far side from the right. The king on the throne: see below.


@pytest.mark.parametrize("slug", ["copenhagen-11", "copenhagen-13", "standard-tablut-9"])
def test_king_beside_throne_captured_by_three(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
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
Geschlagen: f7
Ergebnis: Angreifer gewinnen (Königsfang)
""",
        "copenhagen-13": """
Variante: copenhagen-13
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . . . . . A . . .
 8 . . . . . A K A . . . . .
 7 . . . . . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: j9-g9
Geschlagen: g8
Ergebnis: Angreifer gewinnen (Königsfang)
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . A .
6 . . . A K A . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: h7-e7
Geschlagen: e6
Ergebnis: Angreifer gewinnen (Königsfang)
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", ["copenhagen-11", "copenhagen-13", "standard-tablut-9"])
def test_king_beside_throne_not_captured_by_two(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . A . .
 7 . . . . A K . . . . .
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
""",
        "copenhagen-13": """
Variante: copenhagen-13
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . . . . . A . . .
 8 . . . . . A K . . . . . .
 7 . . . . . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: j9-g9
Geschlagen: keine
Ergebnis: offen
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . A .
6 . . . A K . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: h7-e7
Geschlagen: keine
Ergebnis: offen
""",
    }
    holds(blocks[slug])


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


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_king_on_throne_captured_by_four(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . A . . . . .
 6 . . . . A K A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . A . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: f3-f5
Geschlagen: f6
Ergebnis: Angreifer gewinnen (Königsfang)
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . A . . . .
5 . . . A K A . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . A . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: e2-e4
Geschlagen: e5
Ergebnis: Angreifer gewinnen (Königsfang)
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_king_on_throne_not_captured_by_three(slug):
    # three attackers and the defenders' side open
    three = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . A . . . . .
 6 . . . . A K A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-h4
Geschlagen: keine
Ergebnis: offen
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . A . . . .
5 . . . A K A . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . A . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: g2-g3
Geschlagen: keine
Ergebnis: offen
""",
    }
    holds(three[slug])
    two = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . A K A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-h5
Geschlagen: keine
Ergebnis: offen
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . A K A . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . A . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: g2-g4
Geschlagen: keine
Ergebnis: offen
""",
    }
    holds(two[slug])


# -- the board edge --------------------------------------------------------------------

# King on a5 on the left edge; attackers on a6 and a4, the third comes to b5.
# (A defender on f2 keeps the defenders able to move.)


@pytest.mark.parametrize("slug", ["copenhagen-11", "copenhagen-13"])
def test_copenhagen_king_on_edge_never_captured(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 A . . . . . . . . . .
 5 K . . . . . A . . . .
 4 A . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . V . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g5-b5
Geschlagen: keine
Ergebnis: offen
""",
        "copenhagen-13": """
Variante: copenhagen-13
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . . . . . . . . . . .
 6 A . . . . . . . . . . . .
 5 K . . . . . A . . . . . .
 4 A . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . V . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: g5-b5
Geschlagen: keine
Ergebnis: offen
""",
    }
    holds(blocks[slug])


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
