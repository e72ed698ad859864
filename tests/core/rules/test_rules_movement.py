"""Movement: rook moves, blocked paths, restricted squares (throne, corners).

Rule texts: every card, 5.1 "Alle Figuren bewegen sich orthogonal beliebig weit über leere
Felder"; Copenhagen card: "Jede Figur darf über den leeren Thron ziehen, doch nur der König
darf auf ihm stehen bleiben" (Standard-Tablut: "Nur der König darf auf ihm stehen bleiben
oder ihn überqueren"); corners only for the king (design §4.1); Seeschlacht, Simples Tafl,
Tyr, Odin: no restricted squares at all.

Claims of variants of one board size are example blocks on that board (the throne in its
centre), checked by the example runner; claims over several board sizes use 7×7 positions.
"""

import pytest

from tests.rules_helpers import ATT, DEF, holds, make, names, reason_of

ALL = [
    "copenhagen-11",
    "copenhagen-13",
    "seeschlacht-11",
    "simples-tafl-11",
    "standard-tablut-9",
    "tyr-11",
    "tyr-15",
    "odin-11",
]
NO_RESTRICTED = ["seeschlacht-11", "simples-tafl-11", "tyr-11", "tyr-15", "odin-11"]

# A lone attacker on d2 of a 7×7 board, the king far away on f6.
LONE = """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . A . . .
1 . . . . . . .
  a b c d e f g
"""

# Pieces blocking each other.
BLOCKED = """
7 . . . . . . .
6 . . . . . K .
5 . V . . . . .
4 . . . . . . .
3 . . . . . . .
2 . A . A . V .
1 . . . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", NO_RESTRICTED)
def test_rook_moves_without_restricted_squares(slug):
    b = make(slug, LONE)
    # every square of the d-file and of rank 2, the centre d4 included
    expected = {"d1", "d3", "d4", "d5", "d6", "d7", "a2", "b2", "c2", "e2", "f2", "g2"}
    assert names(b, b.targets("d2")) == expected


def test_copenhagen_man_passes_empty_throne_but_cannot_stop():
    # every square of the f-file and of rank 4 but the throne f6: the man passes over it
    holds("""
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . K . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . A . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ziele f4: f1, f2, f3, f5, f7, f8, f9, f10, f11, a4, b4, c4, d4, e4, g4, h4, i4, j4, k4
""")
    holds("""
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . K . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . A . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: f4-f6
Illegal: sperrfeld
""")


def test_copenhagen_defender_passes_empty_throne_too():
    holds("""
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . K . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . V . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: f4-f9
Geschlagen: keine
""")
    holds("""
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . K . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . V . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: f4-f6
Illegal: sperrfeld
""")


def test_standard_tablut_only_the_king_passes_the_throne():
    holds("""
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . K . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . A . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Ziele e3: e1, e2, e4, a3, b3, c3, d3, f3, g3, h3, i3
""")
    holds("""
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . K . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . A . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: e3-e7
Illegal: sperrfeld
""")
    holds("""
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . K . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . A . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: e3-e5
Illegal: sperrfeld
""")


def test_standard_tablut_king_crosses_and_stops_on_throne():
    holds("""
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . K . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . A . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Ziele e7: e1, e2, e3, e4, e5, e6, e8, e9, a7, b7, c7, d7, f7, g7, h7, i7
""")
    holds("""
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . K . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . A . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: e7-e3
Ergebnis: offen
""")


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_king_may_stop_on_throne(slug):
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
 6 . . . K . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: d6-f6
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . A . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . K . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . A . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: c5-e5
Danach:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . K . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . A . .
1 . . . . . . . . .
  a b c d e f g h i
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_occupied_throne_blocks_everyone(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . A . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: f4-f8
Illegal: versperrt
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . K . . . .
4 . . . . . . . . .
3 . . . . A . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: e3-e7
Illegal: versperrt
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", ["copenhagen-11", "copenhagen-13", "standard-tablut-9"])
@pytest.mark.parametrize("side", [ATT, DEF])
def test_corners_only_for_the_king(slug, side):
    who, letter = ("Angreifer", "A") if side is ATT else ("Verteidiger", "V")
    near = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: {side}
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . K . . . . . .
 2 . . . . . . . . . . .
 1 . . {letter} . . . . . . . .
   a b c d e f g h i j k
Zug: c1-a1
Illegal: sperrfeld
""",
        "copenhagen-13": """
Variante: copenhagen-13
Am Zug: {side}
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . . . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . K . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . {letter} . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: c1-a1
Illegal: sperrfeld
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: {side}
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . K . . . .
2 . . . . . . . . .
1 . . {letter} . . . . . .
  a b c d e f g h i
Zug: c1-a1
Illegal: sperrfeld
""",
    }
    holds(near[slug], side=who, letter=letter)
    far = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: {side}
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . K . . . . . .
 2 . . . . . . . . . . .
 1 . . {letter} . . . . . . . .
   a b c d e f g h i j k
Zug: c1-k1
Illegal: sperrfeld
""",
        "copenhagen-13": """
Variante: copenhagen-13
Am Zug: {side}
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . . . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . K . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . {letter} . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: c1-m1
Illegal: sperrfeld
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: {side}
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . K . . . .
2 . . . . . . . . .
1 . . {letter} . . . . . .
  a b c d e f g h i
Zug: c1-i1
Illegal: sperrfeld
""",
    }
    holds(far[slug], side=who, letter=letter)
    # every other square of its rank and file
    free = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: {side}
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . K . . . . . .
 2 . . . . . . . . . . .
 1 . . {letter} . . . . . . . .
   a b c d e f g h i j k
Ziele c1: b1, d1, e1, f1, g1, h1, i1, j1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11
""",
        "copenhagen-13": """
Variante: copenhagen-13
Am Zug: {side}
Stellung:
13 . . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . . . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . . . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . . . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . K . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . {letter} . . . . . . . . . .
   a b c d e f g h i j k l m
Ziele c1: b1, d1, e1, f1, g1, h1, i1, j1, k1, l1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: {side}
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . K . . . .
2 . . . . . . . . .
1 . . {letter} . . . . . .
  a b c d e f g h i
Ziele c1: b1, d1, e1, f1, g1, h1, c2, c3, c4, c5, c6, c7, c8, c9
""",
    }
    holds(free[slug], side=who, letter=letter)


@pytest.mark.parametrize("slug", NO_RESTRICTED)
def test_corners_are_ordinary_squares_without_restricted_squares(slug):
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . K . .
2 . . . . . . .
1 . . A . . . .
  a b c d e f g
"""
    b = make(slug, grid)
    b.push_text("c1-a1")
    assert b.position().piece_at(b.square("a1")).letter == "A"


@pytest.mark.parametrize("slug", ALL)
def test_blocked_paths_and_malformed_moves(slug):
    b = make(slug, BLOCKED)
    assert reason_of(b, "b2-e2") == "blocked"  # d2 in the way
    assert reason_of(b, "b2-b6") == "blocked"  # b5 in the way
    assert reason_of(b, "d2-f2") == "occupied"
    assert reason_of(b, "d2-g2") == "blocked"  # f2 in the way
    assert reason_of(b, "b2-c3") == "not-straight"
    assert reason_of(b, "c3-c4") == "no-piece"
    assert reason_of(b, "f2-f3") == "wrong-side"
    assert reason_of(b, "b2-b2") == "null-move"
    # slides up to the blocking piece, never onto or over it
    assert names(b, b.targets("d2")) >= {"c2", "e2", "d3", "d1"}
    assert "f2" not in names(b, b.targets("d2"))
    assert names(b, b.targets("b2")) == {"b1", "b3", "b4", "a2", "c2"}


@pytest.mark.parametrize("slug", ALL)
def test_occupied_target(slug):
    grid = """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . A V . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(slug, grid)
    assert reason_of(b, "d2-e2") == "occupied"


@pytest.mark.parametrize("slug", ["copenhagen-11", "seeschlacht-11", "tyr-11", "odin-11"])
def test_ordinary_man_cannot_jump(slug):
    # a man may not hop: d3 is in the way
    holds(
        """
Variante: {slug}
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . V . . . . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: d2-d4
Illegal: versperrt
""",
        slug=slug,
    )
    holds(
        """
Variante: {slug}
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . V . . . . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ziele d2: d1, a2, b2, c2, e2, f2, g2, h2, i2, j2, k2
""",
        slug=slug,
    )


@pytest.mark.parametrize("slug", ALL)
def test_only_the_side_to_move_moves(slug):
    b = make(slug, LONE, DEF)
    assert reason_of(b, "d2-d3") == "wrong-side"
    assert "d3" not in names(b, b.targets("d2"))
