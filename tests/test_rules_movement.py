"""Movement: rook moves, blocked paths, restricted squares (throne, corners).

Rule texts: every card, 5.1 "Alle Figuren bewegen sich orthogonal beliebig weit über leere
Felder"; Copenhagen card: "Jede Figur darf über den leeren Thron ziehen, doch nur der König
darf auf ihm stehen bleiben" (Standard-Tablut: "Nur der König darf auf ihm stehen bleiben
oder ihn überqueren"); corners only for the king (design §4.1); Seeschlacht, Simples Tafl,
Tyr, Odin: no restricted squares at all.
"""

import pytest

from tests.rules_helpers import ATT, DEF, make, names, reason_of

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
    b = make("copenhagen-11", LONE)
    expected = {"d1", "d3", "d5", "d6", "d7", "a2", "b2", "c2", "e2", "f2", "g2"}
    assert names(b, b.targets("d2")) == expected
    assert b.is_legal(b.parse_move("d2-d6"))
    assert reason_of(b, "d2-d4") == "sperrfeld"


def test_copenhagen_defender_passes_empty_throne_too():
    grid = """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . V . . .
1 . . . . . . .
  a b c d e f g
"""
    b = make("copenhagen-11", grid, DEF)
    b.push_text("d2-d7")
    assert reason_of(make("copenhagen-11", grid, DEF), "d2-d4") == "sperrfeld"


def test_standard_tablut_only_the_king_passes_the_throne():
    b = make("standard-tablut-9", LONE)
    expected = {"d1", "d3", "a2", "b2", "c2", "e2", "f2", "g2"}
    assert names(b, b.targets("d2")) == expected
    assert reason_of(b, "d2-d6") == "sperrfeld"
    assert reason_of(b, "d2-d4") == "sperrfeld"


def test_standard_tablut_king_crosses_and_stops_on_throne():
    grid = """
7 . . . . . . .
6 . . . K . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . A . . . . .
  a b c d e f g
"""
    b = make("standard-tablut-9", grid, DEF)
    assert {"d4", "d2", "d1"} <= names(b, b.targets("d6"))
    b.push_text("d6-d2")
    assert b.outcome is None


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_king_may_stop_on_throne(slug):
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . K . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . A .
  a b c d e f g
"""
    b = make(slug, grid, DEF)
    b.push_text("b4-d4")
    assert b.position().piece_at(b.square("d4")).letter == "K"


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_occupied_throne_blocks_everyone(slug):
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . K . . .
3 . . . . . . .
2 . . . A . . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(slug, grid)
    assert reason_of(b, "d2-d6") == "versperrt"


@pytest.mark.parametrize("slug", ["copenhagen-11", "copenhagen-13", "standard-tablut-9"])
@pytest.mark.parametrize("side", [ATT, DEF])
def test_corners_only_for_the_king(slug, side):
    letter = "A" if side is ATT else "V"
    grid = f"""
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . K . .
2 . . . . . . .
1 . . {letter} . . . .
  a b c d e f g
"""
    b = make(slug, grid, side)
    assert reason_of(b, "c1-a1") == "sperrfeld"
    assert reason_of(b, "c1-g1") == "sperrfeld"
    assert {"b1", "d1", "f1"} <= names(b, b.targets("c1"))


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
    assert reason_of(b, "b2-e2") == "versperrt"  # d2 in the way
    assert reason_of(b, "b2-b6") == "versperrt"  # b5 in the way
    assert reason_of(b, "d2-f2") == "besetzt"
    assert reason_of(b, "d2-g2") == "versperrt"  # f2 in the way
    assert reason_of(b, "b2-c3") == "nicht-gerade"
    assert reason_of(b, "c3-c4") == "leeres-feld"
    assert reason_of(b, "f2-f3") == "nicht-am-zug"
    assert reason_of(b, "b2-b2") == "nullzug"
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
    assert reason_of(b, "d2-e2") == "besetzt"


@pytest.mark.parametrize("slug", ["copenhagen-11", "seeschlacht-11", "tyr-11", "odin-11"])
def test_ordinary_man_cannot_jump(slug):
    grid = """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . . . . .
3 . . . V . . .
2 . . . A . . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(slug, grid)
    # a man may not hop: d3 is in the way
    assert reason_of(b, "d2-d4") == "versperrt"
    assert "d4" not in names(b, b.targets("d2"))


@pytest.mark.parametrize("slug", ALL)
def test_only_the_side_to_move_moves(slug):
    b = make(slug, LONE, DEF)
    assert reason_of(b, "d2-d3") == "nicht-am-zug"
    assert "d3" not in names(b, b.targets("d2"))
