"""Escape: corner escape (Copenhagen, Standard-Tablut) and edge escape (the others).

Rule texts: Copenhagen: "die Verteidiger gewinnen, wenn sie den König in eine Ecke
bringen"; Standard-Tablut: "the king escapes to a corner"; Seeschlacht, Tyr, Odin:
"der König ein Randfeld erreicht"; Simples Tafl: "irgendein Feld am Brettrand". Only the king
escapes ("einzige Fluchtfigur").

The claims are example blocks at the bottom-left of each variant's own board (an attacker
waits on d7), checked by the example runner.
"""

import pytest

from tests.rules_helpers import holds

CORNER = ["copenhagen-11", "copenhagen-13", "standard-tablut-9"]
EDGE = ["seeschlacht-11", "simples-tafl-11", "tyr-11", "tyr-15", "odin-11"]


@pytest.mark.parametrize("slug", CORNER)
def test_corner_escape_wins(slug):
    # an edge square is not enough
    edge = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . K . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b1
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
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . A . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . K . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: b2-b1
Ergebnis: offen
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . A . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . K . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: b2-b1
Ergebnis: offen
""",
    }
    holds(edge[slug])
    corner = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . K . . . . . . . . .
   a b c d e f g h i j k
Zug: b1-a1
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "copenhagen-13": """
Variante: copenhagen-13
Am Zug: Verteidiger
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . A . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . K . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: b1-a1
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . A . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . K . . . . . . .
  a b c d e f g h i
Zug: b1-a1
Ergebnis: Verteidiger gewinnen (Flucht)
""",
    }
    holds(corner[slug])


@pytest.mark.parametrize("slug", CORNER)
def test_edge_square_is_no_escape_with_corner_escape(slug):
    edge = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . K . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-a2
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
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . A . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . K . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: b2-a2
Ergebnis: offen
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . A . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . K . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: b2-a2
Ergebnis: offen
""",
    }
    holds(edge[slug])
    corner = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . K . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-a2
Zug: d7-d6
Zug: a2-a1
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "copenhagen-13": """
Variante: copenhagen-13
Am Zug: Verteidiger
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . A . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . K . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: b2-a2
Zug: d7-d6
Zug: a2-a1
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . A . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . K . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: b2-a2
Zug: d7-d6
Zug: a2-a1
Ergebnis: Verteidiger gewinnen (Flucht)
""",
    }
    holds(corner[slug])


@pytest.mark.parametrize("slug", EDGE)
@pytest.mark.parametrize("target", ["b1", "a2", "b7", "g2", "a1"])
def test_edge_escape_wins_on_any_edge_square(slug, target):
    # a king can reach a1 only along the edge, so standing on a2 he has already escaped
    escaped = {
        "seeschlacht-11": """
Variante: seeschlacht-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 K . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "simples-tafl-11": """
Variante: simples-tafl-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 K . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "tyr-11": """
Variante: tyr-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 K . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ergebnis: Verteidiger gewinnen (Flucht)
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
 7 . . . A . . . . . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 K . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "odin-11": """
Variante: odin-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 K . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ergebnis: Verteidiger gewinnen (Flucht)
""",
    }
    if target == "a1":
        holds(escaped[slug])
        return
    # the 7×7 names stand for the bottom edge (b1), the left edge (a2), the top edge (b7)
    # and the right edge (g2) of the variant's own board
    last = {"seeschlacht-11": 11, "simples-tafl-11": 11, "tyr-11": 11, "tyr-15": 15, "odin-11": 11}[
        slug
    ]
    square = {"b1": "b1", "a2": "a2", "b7": f"b{last}", "g2": f"{'abcdefghijklmno'[last - 1]}2"}
    blocks = {
        "seeschlacht-11": """
Variante: seeschlacht-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . K . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-{target}
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "simples-tafl-11": """
Variante: simples-tafl-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . K . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-{target}
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "tyr-11": """
Variante: tyr-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . K . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-{target}
Ergebnis: Verteidiger gewinnen (Flucht)
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
 7 . . . A . . . . . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . K . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: b2-{target}
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "odin-11": """
Variante: odin-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . K . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-{target}
Ergebnis: Verteidiger gewinnen (Flucht)
""",
    }
    holds(blocks[slug], target=square[target])


@pytest.mark.parametrize("slug", EDGE)
def test_edge_escape_not_before_the_edge(slug):
    blocks = {
        "seeschlacht-11": """
Variante: seeschlacht-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . K . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b6
Zug: d7-e7
Zug: b6-f6
Ergebnis: offen
""",
        "simples-tafl-11": """
Variante: simples-tafl-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . K . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b6
Zug: d7-e7
Zug: b6-f6
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
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . K . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b6
Zug: d7-e7
Zug: b6-f6
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
 7 . . . A . . . . . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . K . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: b2-b6
Zug: d7-e7
Zug: b6-f6
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
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . K . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b6
Zug: d7-e7
Zug: b6-f6
Ergebnis: offen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", CORNER + EDGE)
def test_only_the_king_escapes(slug):
    edge = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . K . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . V . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b1
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
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . A . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . K . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . V . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: b2-b1
Ergebnis: offen
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . A . . . . .
6 . . . . . . . . .
5 . . . K . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . V . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: b2-b1
Ergebnis: offen
""",
        "seeschlacht-11": """
Variante: seeschlacht-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . K . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . V . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b1
Ergebnis: offen
""",
        "simples-tafl-11": """
Variante: simples-tafl-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . K . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . V . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b1
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
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . K . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . V . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b1
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
 7 . . . A . . . . . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 . . . K . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . V . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: b2-b1
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
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . K . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . V . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b1
Ergebnis: offen
""",
    }
    holds(edge[slug])
    if slug in CORNER:
        return
    corner_square = {
        "seeschlacht-11": """
Variante: seeschlacht-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . K . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . V . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b1
Zug: d7-e7
Zug: b1-a1
Ergebnis: offen
""",
        "simples-tafl-11": """
Variante: simples-tafl-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . K . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . V . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b1
Zug: d7-e7
Zug: b1-a1
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
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . K . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . V . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b1
Zug: d7-e7
Zug: b1-a1
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
 7 . . . A . . . . . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 . . . K . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . V . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: b2-b1
Zug: d7-e7
Zug: b1-a1
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
 7 . . . A . . . . . . .
 6 . . . . . . . . . . .
 5 . . . K . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . V . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b2-b1
Zug: d7-e7
Zug: b1-a1
Ergebnis: offen
""",
    }
    holds(corner_square[slug])
