"""Edge fort (Copenhagen only).

Rule text (Copenhagen card): "Die Verteidiger gewinnen auch, wenn der König am Rand steht,
noch ziehen kann und ohne Angreifer im Inneren von Verteidigern eingemauert ist, die die
Angreifer niemals schlagen können." Design §4.7: a wall defender is safe when on each axis at
least one neighbour is off the board, inside the enclosed region, or another safe defender
(any defender, also one behind the wall); corners and an empty throne never protect.

The claims are example blocks at the bottom edge of each variant's own board, checked by the
example runner; the one about the throne inside a fort uses a 7×7 position.
"""

import pytest

from tests.rules_helpers import DEF, holds, make

COPENHAGEN = ["copenhagen-11", "copenhagen-13"]

# The classic fort: the king on d1 with the region {c1, d1, e1}; the defender from f3
# closes the fort on f1. Wall: b1, c2, d2, e2, f1 - each safe (edge or region on one side of
# every axis, or a safe neighbour on the wall). Attackers wait on b6 and g6.


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_closed_fort_wins(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A . . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . V . . . . .
 2 . . V V V . . . . . .
 1 . V . K . . . . . . .
   a b c d e f g h i j k
Zug: f3-f1
Ergebnis: Verteidiger gewinnen (Randfestung)
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
 7 . . . . . . . . . . . . .
 6 . A . . . . A . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . V . . . . . . .
 2 . . V V V . . . . . . . .
 1 . V . K . . . . . . . . .
   a b c d e f g h i j k l m
Zug: f3-f1
Ergebnis: Verteidiger gewinnen (Randfestung)
""",
    }
    holds(blocks[slug])


def test_no_edge_fort_in_standard_tablut():
    holds("""
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . A . . . . A . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . V . . .
2 . . V V V . . . .
1 . V . K . . . . .
  a b c d e f g h i
Zug: f3-f1
Ergebnis: offen
""")


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_open_fort_does_not_win(slug):
    # f1 stays open: the king's region runs out along the edge
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A . . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . V . . . . .
 2 . . V V V . . . . . .
 1 . V . K . . . . . . .
   a b c d e f g h i j k
Zug: f3-f2
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
 7 . . . . . . . . . . . . .
 6 . A . . . . A . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . V . . . . . . .
 2 . . V V V . . . . . . . .
 1 . V . K . . . . . . . . .
   a b c d e f g h i j k l m
Zug: f3-f2
Ergebnis: offen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_attacker_inside_the_fort(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A . . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . V . . . . .
 2 . . V V V . . . . . .
 1 . V A K . . . . . . .
   a b c d e f g h i j k
Zug: f3-f1
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
 7 . . . . . . . . . . . . .
 6 . A . . . . A . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . V . . . . . . .
 2 . . V V V . . . . . . . .
 1 . V A K . . . . . . . . .
   a b c d e f g h i j k l m
Zug: f3-f1
Ergebnis: offen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_fort_whose_king_cannot_move(slug):
    # d1 then has c1, e1 and d2: the king cannot move
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A . . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . V . . . . . .
 2 . . V V . . . . . . .
 1 . . V K . . . . . . .
   a b c d e f g h i j k
Zug: e3-e1
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
 7 . . . . . . . . . . . . .
 6 . A . . . . A . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . V . . . . . . . .
 2 . . V V . . . . . . . . .
 1 . . V K . . . . . . . . .
   a b c d e f g h i j k l m
Zug: e3-e1
Ergebnis: offen
""",
    }
    holds(blocks[slug])


# A spike: the king's region is {d1, d2}; the wall is c1, e1, c2, e2 and d3 (arriving from
# g3). d3 has empty squares c3 and e3 beside it, so attackers could take it there: no fort.


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_capturable_wall_piece_breaks_the_fort(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A . . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . V . . . .
 2 . . V . V . . . . . .
 1 . . V K V . . . . . .
   a b c d e f g h i j k
Zug: g3-d3
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
 7 . . . . . . . . . . . . .
 6 . A . . . . A . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . V . . . . . .
 2 . . V . V . . . . . . . .
 1 . . V K V . . . . . . . .
   a b c d e f g h i j k l m
Zug: g3-d3
Ergebnis: offen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_defender_behind_the_wall_makes_it_safe(slug):
    # c3 is not part of the wall (no square of the region beside it) but guards d3
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A . . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . V . . . V . . . .
 2 . . V . V . . . . . .
 1 . . V K V . . . . . .
   a b c d e f g h i j k
Zug: g3-d3
Ergebnis: Verteidiger gewinnen (Randfestung)
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
 7 . . . . . . . . . . . . .
 6 . A . . . . A . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . V . . . V . . . . . .
 2 . . V . V . . . . . . . .
 1 . . V K V . . . . . . . .
   a b c d e f g h i j k l m
Zug: g3-d3
Ergebnis: Verteidiger gewinnen (Randfestung)
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_king_must_stand_on_the_edge(slug):
    # the same walls, the king on d2 instead of d1: no fort
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A . . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . V . . . V . . . .
 2 . . V K V . . . . . .
 1 . . V . V . . . . . .
   a b c d e f g h i j k
Zug: g3-d3
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
 7 . . . . . . . . . . . . .
 6 . A . . . . A . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . V . . . V . . . . . .
 2 . . V K V . . . . . . . .
 1 . . V . V . . . . . . . .
   a b c d e f g h i j k l m
Zug: g3-d3
Ergebnis: offen
""",
    }
    holds(blocks[slug])
    # moving the king onto the edge inside the fort wins
    onto_edge = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A . . . . A . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . V . . . V . . . .
 2 . . V K V . . . . . .
 1 . . V . V . . . . . .
   a b c d e f g h i j k
Zug: g3-d3
Zug: b6-b5
Zug: d2-d1
Ergebnis: Verteidiger gewinnen (Randfestung)
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
 7 . . . . . . . . . . . . .
 6 . A . . . . A . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . V . . . V . . . . . .
 2 . . V K V . . . . . . . .
 1 . . V . V . . . . . . . .
   a b c d e f g h i j k l m
Zug: g3-d3
Zug: b6-b5
Zug: d2-d1
Ergebnis: Verteidiger gewinnen (Randfestung)
""",
    }
    holds(onto_edge[slug])


@pytest.mark.parametrize("slug", COPENHAGEN)
def test_empty_throne_does_not_protect_a_wall_piece(slug):
    # region {d1, d2, d3, d4}: the empty throne d4 lies inside. c4 and e4 have only the
    # throne on their inner side, and an attacker on b4 would capture c4 against the empty
    # (hostile) throne: the wall can be broken, no fort.
    grid = """
7 . . . . . . .
6 . A . . . A .
5 . . V V V . .
4 . . V . V . .
3 . . V . V . .
2 . . V . V . V
1 . . V K V . .
  a b c d e f g
"""
    b = make(slug, grid, DEF)
    b.push_text("g2-g3")
    assert b.outcome is None
