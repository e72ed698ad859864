"""Shieldwall (Copenhagen only).

Rule text (Copenhagen card): "Eine Reihe aus zwei oder mehr Figuren am Rand, jede mit einem
Gegner direkt vor sich, wird geschlagen, wenn ein gegnerischer Zug beide Enden der Reihe
schließt; eine Ecke kann ein Ende schließen. Ein König in der Reihe wird nicht genommen, die
Verteidiger neben ihm aber schon." Design §4.1: only the move that closes one of its ends
captures.

Every claim is an example block on the variant's own board, checked by the example runner.
"""

import pytest

from tests.rules_helpers import holds

COPENHAGEN = ["copenhagen-11", "copenhagen-13"]

# Defenders c1 d1 e1 on the bottom edge, attackers in front of each (c2 d2 e2) and on f1;
# the attacker on b5 closes the other end on b1. All positions lie at the bottom-left of the
# variant's own board.


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_shieldwall_captured_when_an_end_is_closed(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . A . . . . . . . . .
 4 . . . . . K . . . . .
 3 . . . . . . . . . . .
 2 . . A A A . . . . . .
 1 . . V V V A . . . . .
   a b c d e f g h i j k
Zug: b5-b1
Geschlagen: c1, d1, e1
Ergebnis: offen
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . K . . . . .
 3 . . . . . . . . . . .
 2 . . A A A . . . . . .
 1 . A . . . A . . . . .
   a b c d e f g h i j k
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
 6 . . . . . . . . . . . . .
 5 . A . . . . . . . . . . .
 4 . . . . . K . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . A A A . . . . . . . .
 1 . . V V V A . . . . . . .
   a b c d e f g h i j k l m
Zug: b5-b1
Geschlagen: c1, d1, e1
Ergebnis: offen
Danach:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . . . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . K . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . A A A . . . . . . . .
 1 . A . . . A . . . . . . .
   a b c d e f g h i j k l m
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", ["standard-tablut-9", "simples-tafl-11", "seeschlacht-11"])
def test_no_shieldwall_elsewhere(slug):
    blocks = {
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . A . . . . . . .
4 . . . . . K . . .
3 . . . . . . . . .
2 . . A A A . . . .
1 . . V V V A . . .
  a b c d e f g h i
Zug: b5-b1
Geschlagen: keine
""",
        "simples-tafl-11": """
Variante: simples-tafl-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . A . . . . . . . . .
 4 . . . . . K . . . . .
 3 . . . . . . . . . . .
 2 . . A A A . . . . . .
 1 . . V V V A . . . . .
   a b c d e f g h i j k
Zug: b5-b1
Geschlagen: keine
""",
        "seeschlacht-11": """
Variante: seeschlacht-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . A . . . . . . . . .
 4 . . . . . K . . . . .
 3 . . . . . . . . . . .
 2 . . A A A . . . . . .
 1 . . V V V A . . . . .
   a b c d e f g h i j k
Zug: b5-b1
Geschlagen: keine
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_shieldwall_needs_an_enemy_before_every_man(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . A . . . . . . . . .
 4 . . . . . K . . . . .
 3 . . . . . . . . . . .
 2 . . A . A . . . . . .
 1 . . V V V A . . . . .
   a b c d e f g h i j k
Zug: b5-b1
Geschlagen: keine
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
 6 . . . . . . . . . . . . .
 5 . A . . . . . . . . . . .
 4 . . . . . K . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . A . A . . . . . . . .
 1 . . V V V A . . . . . . .
   a b c d e f g h i j k l m
Zug: b5-b1
Geschlagen: keine
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_shieldwall_needs_both_ends_closed(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . A . . . . . . . . .
 4 . . . . . K . . . . .
 3 . . . . . . . . . . .
 2 . . A A A . . . . . .
 1 . . V V V . . . . . .
   a b c d e f g h i j k
Zug: b5-b1
Geschlagen: keine
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
 6 . . . . . . . . . . . . .
 5 . A . . . . . . . . . . .
 4 . . . . . K . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . A A A . . . . . . . .
 1 . . V V V . . . . . . . .
   a b c d e f g h i j k l m
Zug: b5-b1
Geschlagen: keine
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_shieldwall_not_captured_by_closing_the_front(slug):
    # both ends are closed already; the last front square e2 is filled from e5
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . A . . . . . .
 4 . . . . . . K . . . .
 3 . . . . . . . . . . .
 2 . . A A . . . . . . .
 1 . A V V V A . . . . .
   a b c d e f g h i j k
Zug: e5-e2
Geschlagen: keine
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
 6 . . . . . . . . . . . . .
 5 . . . . A . . . . . . . .
 4 . . . . . . K . . . . . .
 3 . . . . . . . . . . . . .
 2 . . A A . . . . . . . . .
 1 . A V V V A . . . . . . .
   a b c d e f g h i j k l m
Zug: e5-e2
Geschlagen: keine
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_corner_closes_one_end(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . A . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . K . . . . .
 2 . A A A . . . . . . .
 1 . V V V . . . . . . .
   a b c d e f g h i j k
Zug: e5-e1
Geschlagen: b1, c1, d1
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
 6 . . . . . . . . . . . . .
 5 . . . . A . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . K . . . . . . .
 2 . A A A . . . . . . . . .
 1 . V V V . . . . . . . . .
   a b c d e f g h i j k l m
Zug: e5-e1
Geschlagen: b1, c1, d1
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_king_in_the_wall_stays_the_men_beside_him_fall(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . A . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . A A A . . . . . .
 1 . . V K V A . . . . .
   a b c d e f g h i j k
Zug: b5-b1
Geschlagen: c1, e1
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
 6 . . . . . . . . . . . . .
 5 . A . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . A A A . . . . . . . .
 1 . . V K V A . . . . . . .
   a b c d e f g h i j k l m
Zug: b5-b1
Geschlagen: c1, e1
Ergebnis: offen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_defenders_capture_an_attackers_wall(slug):
    # at the top edge of the board
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . V A A . . . . . . .
10 . . V V . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . K . . . . .
 6 . . . . . . . . . . .
 5 . . . . V . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: e5-e11
Geschlagen: c11, d11
""",
        "copenhagen-13": """
Variante: copenhagen-13
Am Zug: Verteidiger
Stellung:
13 . V A A . . . . . . . . .
12 . . V V . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . K . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . . V . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: e7-e13
Geschlagen: c13, d13
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_single_man_on_edge_is_no_wall_but_custodial(slug):
    # a single man between two enemies on the edge falls by the ordinary rule
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . A . . . . . . . . .
 4 . . . . . K . . . . .
 3 . . . . . . . . . . .
 2 . . A . . . . . . . .
 1 . . V A . . . . . . .
   a b c d e f g h i j k
Zug: b5-b1
Geschlagen: c1
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
 6 . . . . . . . . . . . . .
 5 . A . . . . . . . . . . .
 4 . . . . . K . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . A . . . . . . . . . .
 1 . . V A . . . . . . . . .
   a b c d e f g h i j k l m
Zug: b5-b1
Geschlagen: c1
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_wall_on_a_side_edge(slug):
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
 5 V A . . . . . . . . .
 4 V A . . K . . . . . .
 3 . . . . . . A . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g3-a3
Geschlagen: a4, a5
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
 5 V A . . . . . . . . . . .
 4 V A . . K . . . . . . . .
 3 . . . . . . A . . . . . .
 2 . . . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: g3-a3
Geschlagen: a4, a5
""",
    }
    holds(blocks[slug])
