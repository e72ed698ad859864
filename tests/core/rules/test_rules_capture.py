"""Custodial capture and hostile squares.

Rule texts: "Eine Figur wird geschlagen, wenn sie auf zwei gegenüberliegenden Seiten
(waagerecht oder senkrecht) von einer feindlichen Figur eingeschlossen wird" (Seeschlacht,
Simples Tafl, Tyr 5.2); "Ein Schlag entsteht nur, wenn der aktive Zug die Falle schließt;
freiwilliges Hineinziehen zwischen zwei Feinde ist sicher. Mehrfachschläge ... sind möglich"
(Odin 5.2); Copenhagen card: throne "Für Angreifer ist er immer feindlich, für Verteidiger
nur, solange er leer ist"; Standard-Tablut: the throne "ist für jede Figur feindlich"; corners
hostile (design §3/§4, variant data); no hostile squares without restricted squares.

Claims of one or two variants are example blocks on the variant's own board, checked by the
example runner; claims over variants of several board sizes use 7×7 positions.
"""

import pytest

from tests.rules_helpers import DEF, assert_position, holds, make, names

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
ARMED = ["copenhagen-11", "simples-tafl-11", "standard-tablut-9", "tyr-11", "odin-11"]
NO_SPECIAL = ["seeschlacht-11", "simples-tafl-11", "tyr-11", "tyr-15", "odin-11"]


@pytest.mark.parametrize("slug", ALL)
def test_attacker_captures_between_two(slug):
    grid = """
7 . . . . . . .
6 . A V . . . A
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . K . . . . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(slug, grid)
    b.push_text("g6-d6")
    assert names(b, b.captured) == {"c6"}
    assert_position(
        b,
        """
7 . . . . . . .
6 . A . A . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . K . . . . .
1 . . . . . . .
""",
    )


@pytest.mark.parametrize("slug", ALL)
def test_defender_captures_vertically(slug):
    grid = """
7 . . . . . . .
6 . . . . . V .
5 . . . . . A .
4 . . . . . . .
3 . . . . . . .
2 . K . . . . .
1 . . . . . V .
  a b c d e f g
"""
    b = make(slug, grid, DEF)
    b.push_text("f1-f4")
    assert names(b, b.captured) == {"f5"}


@pytest.mark.parametrize("slug", ALL)
def test_moving_between_two_enemies_is_safe(slug):
    grid = """
7 . . . . . . .
6 . A . A . . .
5 . . . . . . .
4 . . . . . . .
3 . . V . . . .
2 . K . . . . .
1 . . . . . A .
  a b c d e f g
"""
    b = make(slug, grid, DEF)
    b.push_text("c3-c6")
    assert b.captured == []
    assert b.position().piece_at(b.square("c6")).letter == "V"
    # nor does a later move of the enemy that does not close the trap take it
    b.push_text("f1-f2")
    assert b.captured == []
    assert b.position().piece_at(b.square("c6")).letter == "V"


@pytest.mark.parametrize("slug", ALL)
def test_no_diagonal_capture(slug):
    grid = """
7 . . . . . . .
6 . A . . . . A
5 . . V . . . .
4 . . . . . . .
3 . . . . . . .
2 . K . . . . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(slug, grid)
    b.push_text("g6-d6")  # c5 now has attackers on b6 and d6, diagonal only
    assert b.captured == []


@pytest.mark.parametrize("slug", ALL)
def test_three_pieces_captured_by_one_move(slug):
    grid = """
7 . . . . A . .
6 . . . . V . .
5 . . A V . V A
4 . . . . . . .
3 . . . . . . .
2 . K . . . . .
1 . . . . A . .
  a b c d e f g
"""
    b = make(slug, grid)
    b.push_text("e1-e5")
    assert names(b, b.captured) == {"d5", "f5", "e6"}
    assert_position(
        b,
        """
7 . . . . A . .
6 . . . . . . .
5 . . A . A . A
4 . . . . . . .
3 . . . . . . .
2 . K . . . . .
1 . . . . . . .
""",
    )


@pytest.mark.parametrize("slug", ALL)
def test_no_capture_with_only_one_side_closed(slug):
    grid = """
7 . . . . . . .
6 . . V . . . A
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . K . . . . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(slug, grid)
    b.push_text("g6-d6")
    assert b.captured == []


# -- the armed king ------------------------------------------------------------------

KING_HAMMER = """
7 . . . . . . .
6 . . V A . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . K . .
2 . . . . . . .
1 . A . . . . .
  a b c d e f g
"""

KING_ANVIL = """
7 . . . . . . .
6 . . . A K . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . V . . . .
1 . A . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", ARMED)
def test_armed_king_captures_as_hammer(slug):
    b = make(slug, KING_HAMMER, DEF)
    b.push_text("e3-e6")
    assert names(b, b.captured) == {"d6"}


@pytest.mark.parametrize("slug", ARMED)
def test_armed_king_captures_as_anvil(slug):
    b = make(slug, KING_ANVIL, DEF)
    b.push_text("c2-c6")
    assert names(b, b.captured) == {"d6"}


def test_seeschlacht_unarmed_king_is_no_hammer():
    holds("""
Variante: seeschlacht-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . V A . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . K . . . . . .
 2 . . . . . . . . . . .
 1 . A . . . . . . . . .
   a b c d e f g h i j k
Zug: e3-e6
Geschlagen: keine
""")


def test_seeschlacht_unarmed_king_is_no_anvil():
    holds("""
Variante: seeschlacht-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . A K . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . V . . . . . . . .
 1 . A . . . . . . . . .
   a b c d e f g h i j k
Zug: c2-c6
Geschlagen: keine
""")


# -- hostile squares -------------------------------------------------------------------

CORNER_VS_ATTACKER = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . K . .
2 . . V . . . .
1 . A . . . . .
  a b c d e f g
"""

CORNER_VS_DEFENDER = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . K . .
2 . . A . . . .
1 . V . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_corner_hostile_to_attackers(slug):
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
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . K . . . . . .
 2 . . V . . . . . . . .
 1 . A . . . . . . . . .
   a b c d e f g h i j k
Zug: c2-c1
Geschlagen: b1
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . K . . . .
2 . . V . . . . . .
1 . A . . . . . . .
  a b c d e f g h i
Zug: c2-c1
Geschlagen: b1
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_corner_hostile_to_defenders(slug):
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
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . K . . . . . .
 2 . . A . . . . . . . .
 1 . V . . . . . . . . .
   a b c d e f g h i j k
Zug: c2-c1
Geschlagen: b1
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . K . . . .
2 . . A . . . . . .
1 . V . . . . . . .
  a b c d e f g h i
Zug: c2-c1
Geschlagen: b1
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", NO_SPECIAL)
def test_corner_not_hostile_without_restricted_squares(slug):
    b = make(slug, CORNER_VS_DEFENDER)
    b.push_text("c2-c1")
    assert b.captured == []
    b = make(slug, CORNER_VS_ATTACKER, DEF)
    b.push_text("c2-c1")
    assert b.captured == []


def _throne_grid(victim: str, throne: str, hammer: str) -> str:
    # victim on d5 next to the centre d4; the hammer comes from g6 to d6
    hammer_row = f". . . . . . {hammer}"
    return f"""
7 . . . . . . .
6 {hammer_row}
5 . . . {victim} . . .
4 . . . {throne} . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""


def _king_somewhere(grid: str) -> str:
    # put the king on b2 when the grid has none
    if "K" in grid:
        return grid
    return grid.replace("2 . . . . . . .", "2 . K . . . . .")


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_empty_throne_hostile_to_defenders(slug):
    # the defender beside the empty throne (f6, e5) falls to one attacker
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . A . .
 7 . . . . . V . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . K . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: i8-f8
Geschlagen: f7
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . A .
6 . . . . V . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . K . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: h7-e7
Geschlagen: e6
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_empty_throne_hostile_to_attackers(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . V . .
 7 . . . . . A . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . K . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: i8-f8
Geschlagen: f7
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . V .
6 . . . . A . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . K . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: h7-e7
Geschlagen: e6
""",
    }
    holds(blocks[slug])


def test_copenhagen_throne_with_king_not_hostile_to_defenders():
    holds("""
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . A . .
 7 . . . . . V . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: i8-f8
Geschlagen: keine
""")


def test_copenhagen_throne_with_king_still_hostile_to_attackers():
    holds("""
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . V . .
 7 . . . . . A . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: i8-f8
Geschlagen: f7
""")


@pytest.mark.parametrize("slug", NO_SPECIAL)
def test_centre_not_hostile_without_throne(slug):
    b = make(slug, _king_somewhere(_throne_grid("V", ".", "A")))
    b.push_text("g6-d6")
    assert b.captured == []
    b = make(slug, _king_somewhere(_throne_grid("A", ".", "V")), DEF)
    b.push_text("g6-d6")
    assert b.captured == []


def test_seeschlacht_centre_king_is_not_an_anvil():
    holds("""
Variante: seeschlacht-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . V . .
 7 . . . . . A . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: i8-f8
Geschlagen: keine
""")


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_attacker_captured_against_throne_in_full_size(slug):
    # an attacker beside the empty throne falls to one defender
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . V
 7 . . . . . A . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . K . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: k8-f8
Geschlagen: f7
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . V
6 . . . . A . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . K . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: i7-e7
Geschlagen: e6
""",
    }
    holds(blocks[slug])
