"""The Linnaean capture: a defender beside the throned king falls against the throne.

Rule text (OpenTafl notation spec, key `linc`): "a defender next to the king when the king
is on the throne and surrounded on the other three sides by attackers may be captured
against the throne". OpenTafl (GameState.checkLinnaeanCapture) and hnefatafl-rs
(detect_linnaean_capture) both let only an attacker that lands on the far side of that
defender make the capture. Research: more_variants.md §4 (Tablut, Linnaeus reading) and
rules_facts.md §6a. Tablut 9×9 after Linnaeus has the rule; its occupied throne is hostile
to nobody otherwise ("the empty throne is hostile to all; the occupied throne is hostile to
nobody, apart from Linnaean capture").

Claims about Tablut's own rules are example blocks, checked by the example runner.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tafl_core import Board, parse_ascii, variant
from tafl_core.rules import Hostility, RuleSet
from tests.rules_helpers import ATT, DEF, holds, names

TABLUT = variant("tablut-9").rules


def board(grid: str, rules: RuleSet = TABLUT, turn=ATT) -> Board:
    """A board with `rules` (Tablut after Linnaeus unless given) on the position `grid`."""
    return Board(rules, parse_ascii(grid, turn=turn))


# The king on the throne e5, attackers on d5, f5 and e4, a defender on e6; an attacker
# comes from i7 to e7, the far side of the defender.
RING = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . A
6 . . . . V . . . .
5 . . . A K A . . .
4 . . . . A . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
"""


def test_tablut_after_linnaeus_has_the_rule():
    assert TABLUT.linnaean_capture
    assert not variant("standard-tablut-9").rules.linnaean_capture


def test_defender_falls_against_the_occupied_throne():
    # the king keeps his throne; his fourth side is empty again
    holds("""
Variante: tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . A
6 . . . . V . . . .
5 . . . A K A . . .
4 . . . . A . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: i7-e7
Geschlagen: e6
Ergebnis: offen
""")


# Each of the king's four sides: the defender, attackers on the other three, and the mover
# landing beyond the defender.
@pytest.mark.parametrize("defender", ["e6", "e4", "d5", "f5"])
def test_every_side_of_the_throne(defender):
    blocks = {
        "e6": """
Variante: tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . A
6 . . . . V . . . .
5 . . . A K A . . .
4 . . . . A . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: i7-e7
Geschlagen: e6
""",
        "e4": """
Variante: tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . A . . . .
5 . . . A K A . . .
4 . . . . V . . . .
3 A . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: a3-e3
Geschlagen: e4
""",
        "d5": """
Variante: tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . A . . . .
5 . . . V K A . . .
4 . . . . A . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . A . . . . . .
  a b c d e f g h i
Zug: c1-c5
Geschlagen: d5
""",
        "f5": """
Variante: tablut-9
Stellung:
9 . . . . . . A . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . A . . . .
5 . . . A K V . . .
4 . . . . A . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: g9-g5
Geschlagen: f5
""",
    }
    holds(blocks[defender])


@pytest.mark.parametrize("gap", ["d5", "f5", "e4"])
def test_not_when_one_of_the_kings_other_sides_is_empty(gap):
    blocks = {
        "d5": """
Variante: tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . A
6 . . . . V . . . .
5 . . . . K A . . .
4 . . . . A . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: i7-e7
Geschlagen: keine
""",
        "f5": """
Variante: tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . A
6 . . . . V . . . .
5 . . . A K . . . .
4 . . . . A . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: i7-e7
Geschlagen: keine
""",
        "e4": """
Variante: tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . A
6 . . . . V . . . .
5 . . . A K A . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: i7-e7
Geschlagen: keine
""",
    }
    holds(blocks[gap])


@pytest.mark.parametrize("friend", ["d5", "f5", "e4"])
def test_not_when_one_of_the_kings_other_sides_is_a_defender(friend):
    blocks = {
        "d5": """
Variante: tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . A
6 . . . . V . . . .
5 . . . V K A . . .
4 . . . . A . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: i7-e7
Geschlagen: keine
""",
        "f5": """
Variante: tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . A
6 . . . . V . . . .
5 . . . A K V . . .
4 . . . . A . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: i7-e7
Geschlagen: keine
""",
        "e4": """
Variante: tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . A
6 . . . . V . . . .
5 . . . A K A . . .
4 . . . . V . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: i7-e7
Geschlagen: keine
""",
    }
    holds(blocks[friend])


# The same ring without the king on the throne: he stands on c3. Under Tablut's own rules
# the empty throne would be hostile anyway, so the throne is made friendly to defenders
# here; the rule alone must then not take the defender on e6.
NO_KING_ON_THRONE = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . A
6 . . . . V . . . .
5 . . . A . A . . .
4 . . . . A . . . .
3 . . K . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
"""


def test_not_when_the_king_is_not_on_the_throne():
    rules = replace(TABLUT, throne_hostile_defenders=Hostility.NEVER)
    b = board(NO_KING_ON_THRONE, rules)
    b.push_text("i7-e7")
    assert b.captured == []
    # the same rules with the king on the throne: the rule takes the defender
    b = board(RING, rules)
    b.push_text("i7-e7")
    assert names(b, b.captured) == {"e6"}


def test_not_without_the_rule():
    b = board(RING, replace(TABLUT, linnaean_capture=False))
    b.push_text("i7-e7")
    assert b.captured == []


def test_not_when_an_attacker_completes_the_ring():
    """Only the attacker landing beyond the defender captures, not the one closing the ring."""
    holds("""
Variante: tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . A . . . .
6 . . . . V . . . .
5 . . . A K A . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . A . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: e2-e4
Geschlagen: keine
""")


def test_a_defender_moving_in_beside_the_throne_is_safe():
    holds("""
Variante: tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . A . . . .
6 . . . . . . . . V
5 . . . A K A . . .
4 . . . . A . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: i6-e6
Geschlagen: keine
""")


def _grid(pieces: dict[str, str]) -> str:
    """A 9×9 grid with the king on e5 and `pieces` (square -> letter)."""
    rows = []
    for rank in range(9, 0, -1):
        cells = []
        for file in "abcdefghi":
            sq = f"{file}{rank}"
            cells.append("K" if sq == "e5" else pieces.get(sq, "."))
        rows.append(" ".join(cells))
    return "\n".join(rows)


# The mirror image: an attacker beside the throned king. The king is made unarmed so that
# he is no anvil himself; the throne must not act as one against the attacker either,
# whoever holds the king's other three sides. (Three attackers there and the one on e6
# would already have taken the king on his throne: that position cannot occur.)
@pytest.mark.parametrize("ring", ["V"])
def test_attackers_are_never_captured_this_way(ring):
    rules = replace(TABLUT, king_armed=False)
    pieces = {"e6": "A", "i7": "V", **dict.fromkeys(("d5", "f5", "e4"), ring)}
    b = board(_grid(pieces), rules, turn=DEF)
    b.push_text("i7-e7")
    assert b.captured == []


def test_the_rule_needs_a_throne():
    rules = RuleSet(size=9, linnaean_capture=True)
    assert any("Thron" in p for p in rules.check())
    assert not RuleSet(size=9, throne=True, linnaean_capture=True).check()


def _slow_game(grid: str, linnaean: bool):
    """The slow, independent generator of tests/slow_perft.py on Tablut with `grid`."""
    from tests.slow_perft import Game

    game = Game("tablut-9")
    game.rules = {**game.rules, "linnaean_capture": linnaean}
    rows = [line.split()[1:] for line in grid.strip().splitlines()[:-1]]
    game.start = {
        (f, 8 - i): ch for i, row in enumerate(rows) for f, ch in enumerate(row) if ch != "."
    }
    return game


@pytest.mark.parametrize("linnaean", [True, False])
def test_independent_generator_agrees_two_plies_deep(linnaean):
    """Two plies from RING (i7-e7 among the first): the engine and the slow generator agree,
    and the rule changes the count (the defenders' replies differ once e6 is gone)."""
    from tafl_core.perft import perft

    rules = replace(TABLUT, linnaean_capture=linnaean)
    counts = {
        on: perft(board(RING, replace(TABLUT, linnaean_capture=on)), 2) for on in (True, False)
    }
    assert counts[True] != counts[False]
    assert _slow_game(RING, linnaean).perft(2) == perft(board(RING, rules), 2)
