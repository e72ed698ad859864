"""Encirclement (Copenhagen, Seeschlacht, Simples Tafl).

Rule texts: Copenhagen: "wenn sie den König und alle verbliebenen Verteidiger so umzingeln,
dass keiner von ihnen den Brettrand erreichen kann"; Seeschlacht/Simples Tafl: "das
Frachtschiff und alle verbliebenen Verteidiger mit einem geschlossenen Ring umschließen".
Design §4.6: no defender and not the king can reach an edge square by orthogonal steps through
squares free of attackers. Tyr, Odin and Standard-Tablut have no such rule.

The claims are example blocks with the ring around the centre of each variant's own board,
checked by the example runner.
"""

import pytest

from tests.rules_helpers import holds

WITH_RULE = ["copenhagen-11", "copenhagen-13", "seeschlacht-11", "simples-tafl-11"]
WITHOUT_RULE = ["standard-tablut-9", "tyr-11", "tyr-15", "odin-11"]

# A ring of attackers around the king (on the centre of the board) and a defender; the gap
# below the ring leads out until the attacker from the right closes it.


@pytest.mark.parametrize("slug", WITH_RULE)
def test_closing_the_ring_wins(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . . . .
 7 . . . A . . . A . . .
 6 . . . A . K . A . . .
 5 . . . A . V . A . . .
 4 . . . . A . A . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-f3
Ergebnis: Angreifer gewinnen (Umzingelung)
""",
        "copenhagen-13": """
Variante: copenhagen-13
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . A A A . . . . .
 8 . . . . A . . . A . . . .
 7 . . . . A . K . A . . . .
 6 . . . . A . V . A . . . .
 5 . . . . . A . A . . . . .
 4 . . . . . . . . A . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: i4-g4
Ergebnis: Angreifer gewinnen (Umzingelung)
""",
        "seeschlacht-11": """
Variante: seeschlacht-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . . . .
 7 . . . A . . . A . . .
 6 . . . A . K . A . . .
 5 . . . A . V . A . . .
 4 . . . . A . A . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-f3
Ergebnis: Angreifer gewinnen (Umzingelung)
""",
        "simples-tafl-11": """
Variante: simples-tafl-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . . . .
 7 . . . A . . . A . . .
 6 . . . A . K . A . . .
 5 . . . A . V . A . . .
 4 . . . . A . A . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-f3
Ergebnis: Angreifer gewinnen (Umzingelung)
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", WITHOUT_RULE)
def test_no_encirclement_rule(slug):
    blocks = {
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . A A A . . .
6 . . A . . . A . .
5 . . A . K . A . .
4 . . A . V . A . .
3 . . . A . A . . .
2 . . . . . . A . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: g2-e2
Ergebnis: offen
""",
        "tyr-11": """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . . . .
 7 . . . A . . . A . . .
 6 . . . A . K . A . . .
 5 . . . A . V . A . . .
 4 . . . . A . A . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-f3
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
10 . . . . . . A A A . . . . . .
 9 . . . . . A . . . A . . . . .
 8 . . . . . A . K . A . . . . .
 7 . . . . . A . V . A . . . . .
 6 . . . . . . A . A . . . . . .
 5 . . . . . . . . . A . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: j5-h5
Ergebnis: offen
""",
        "odin-11": """
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . . . .
 7 . . . A . . . A . . .
 6 . . . A . K . A . . .
 5 . . . A . V . A . . .
 4 . . . . A . A . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-f3
Ergebnis: offen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", WITH_RULE)
def test_open_ring_does_not_win(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . . . .
 7 . . . A . . . A . . .
 6 . . . A . K . A . . .
 5 . . . A . V . A . . .
 4 . . . . A . A . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-h4
Ergebnis: offen
""",
        "copenhagen-13": """
Variante: copenhagen-13
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . A A A . . . . .
 8 . . . . A . . . A . . . .
 7 . . . . A . K . A . . . .
 6 . . . . A . V . A . . . .
 5 . . . . . A . A . . . . .
 4 . . . . . . . . A . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: i4-i5
Ergebnis: offen
""",
        "seeschlacht-11": """
Variante: seeschlacht-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . . . .
 7 . . . A . . . A . . .
 6 . . . A . K . A . . .
 5 . . . A . V . A . . .
 4 . . . . A . A . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-h4
Ergebnis: offen
""",
        "simples-tafl-11": """
Variante: simples-tafl-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . . . .
 7 . . . A . . . A . . .
 6 . . . A . K . A . . .
 5 . . . A . V . A . . .
 4 . . . . A . A . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-h4
Ergebnis: offen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", WITH_RULE)
def test_defender_outside_the_ring(slug):
    # a defender outside the ring can reach the edge: no encirclement
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . V . .
 7 . . . A . . . A . . .
 6 . . . A . K . A . . .
 5 . . . A . V . A . . .
 4 . . . . A . A . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-f3
Ergebnis: offen
""",
        "copenhagen-13": """
Variante: copenhagen-13
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . A A A . V . . .
 8 . . . . A . . . A . . . .
 7 . . . . A . K . A . . . .
 6 . . . . A . V . A . . . .
 5 . . . . . A . A . . . . .
 4 . . . . . . . . A . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: i4-g4
Ergebnis: offen
""",
        "seeschlacht-11": """
Variante: seeschlacht-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . V . .
 7 . . . A . . . A . . .
 6 . . . A . K . A . . .
 5 . . . A . V . A . . .
 4 . . . . A . A . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-f3
Ergebnis: offen
""",
        "simples-tafl-11": """
Variante: simples-tafl-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . V . .
 7 . . . A . . . A . . .
 6 . . . A . K . A . . .
 5 . . . A . V . A . . .
 4 . . . . A . A . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: h3-f3
Ergebnis: offen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", WITH_RULE)
def test_encirclement_is_checked_after_the_attackers_move_only(slug):
    # a defender move that leaves the defenders shut in is no win for anyone
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . . . .
 7 . . . A . . . A . . .
 6 . . . A . K V A . . .
 5 . . . A . . . A . . .
 4 . . . . A . A . . . .
 3 . . . . . A . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g6-g5
Ergebnis: offen
""",
        "copenhagen-13": """
Variante: copenhagen-13
Am Zug: Verteidiger
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . A A A . . . . .
 8 . . . . A . . . A . . . .
 7 . . . . A . K V A . . . .
 6 . . . . A . . . A . . . .
 5 . . . . . A . A . . . . .
 4 . . . . . . A . . . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: h7-h6
Ergebnis: offen
""",
        "seeschlacht-11": """
Variante: seeschlacht-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . . . .
 7 . . . A . . . A . . .
 6 . . . A . K V A . . .
 5 . . . A . . . A . . .
 4 . . . . A . A . . . .
 3 . . . . . A . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g6-g5
Ergebnis: offen
""",
        "simples-tafl-11": """
Variante: simples-tafl-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . A A A . . . .
 7 . . . A . . . A . . .
 6 . . . A . K V A . . .
 5 . . . A . . . A . . .
 4 . . . . A . A . . . .
 3 . . . . . A . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g6-g5
Ergebnis: offen
""",
    }
    holds(blocks[slug])
