"""A turn as one unit (tafl_core.turns.play_turn) and positions given to the board.

Rule texts: Tyr 5.5 "Schlägt eine Figur, darf sie im selben Zug weiterziehen, solange sie
dabei erneut schlägt" – a turn has further steps only under the berserker rule, and only by
the same piece. Copenhagen: "die Verteidiger gewinnen, wenn sie den König in eine Ecke
bringen"; "nur der König darf auf den Eckfeldern und dem Thron stehen"; "Kann eine Seite
nicht ziehen, verliert sie". Standard-Tablut (design): a side that cannot move – draw.
"""

import pytest

from tafl_core import Board, MoveError, parse_ascii, variant
from tafl_core.errors import ImpossiblePositionError
from tafl_core.turns import play_turn
from tests.core.rules.test_rules_berserker import BERSERK, CHAIN, NO_BERSERK
from tests.rules_helpers import ATT, DEF, holds, make, names

# -- play_turn ---------------------------------------------------------------------------


@pytest.mark.parametrize("slug", BERSERK)
def test_a_turn_continues_the_chain_of_the_same_piece(slug):
    b = make(slug, CHAIN)
    record = play_turn(b, ["c1-c3", "c3-e3"])
    assert names(b, record.captured) == {"c4", "f3"}
    assert b.turn is DEF


@pytest.mark.parametrize("slug", BERSERK)
def test_a_second_step_without_an_open_chain_is_refused(slug):
    b = make(slug, CHAIN)
    # g3-g2 captures nothing, so the turn is over before the second step
    with pytest.raises(MoveError, match="kein Berserker-Lauf offen") as info:
        play_turn(b, ["g3-g2", "g2-f2"])
    assert info.value.reason == "berserker"


@pytest.mark.parametrize("slug", BERSERK)
def test_a_second_step_by_another_piece_is_refused(slug):
    b = make(slug, CHAIN)
    with pytest.raises(MoveError) as info:
        play_turn(b, ["c1-c3", "c5-b5"])
    assert info.value.reason == "berserker"


@pytest.mark.parametrize("slug", NO_BERSERK)
def test_without_the_berserker_rule_a_turn_has_one_step(slug):
    b = make(slug, CHAIN)
    with pytest.raises(MoveError, match="ohne Berserker-Regel") as info:
        play_turn(b, ["c1-c3", "c3-e3"])
    assert info.value.reason == "berserker"


def test_copenhagen_two_steps_of_both_sides_are_no_turn():
    """A known bad input: one 'turn' of an attacker step and a defender step."""
    holds("""
Variante: copenhagen-11
Stellung: Start
Zug: f2-f3, e7-e9
Illegal: berserker
""")


# -- given positions ---------------------------------------------------------------------

KING_ON_CORNER = """
7 K . . . . . .
6 . . . . . . .
5 . . . A . . .
4 . . . . . . .
3 . . . V . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", ["copenhagen-11", "copenhagen-13", "standard-tablut-9"])
@pytest.mark.parametrize("turn", [ATT, DEF])
def test_king_on_a_corner_has_already_escaped(slug, turn):
    side = "Angreifer" if turn is ATT else "Verteidiger"
    escaped = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: {side}
Stellung:
11 K . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . A . . . . . . .
 8 . . . . . . . . . . .
 7 . . . V . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "copenhagen-13": """
Variante: copenhagen-13
Am Zug: {side}
Stellung:
13 K . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . A . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . V . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . . . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: {side}
Stellung:
9 K . . . . . . . .
8 . . . . . . . . .
7 . . . A . . . . .
6 . . . . . . . . .
5 . . . V . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Ergebnis: Verteidiger gewinnen (Flucht)
""",
    }
    holds(escaped[slug], side=side)
    # no move is left for either side
    decided = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: {side}
Stellung:
11 K . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . A . . . . . . .
 8 . . . . . . . . . . .
 7 . . . V . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: a11-a10
Illegal: spiel-beendet
""",
        "copenhagen-13": """
Variante: copenhagen-13
Am Zug: {side}
Stellung:
13 K . . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . A . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . V . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . . . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Zug: a13-a12
Illegal: spiel-beendet
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: {side}
Stellung:
9 K . . . . . . . .
8 . . . . . . . . .
7 . . . A . . . . .
6 . . . . . . . . .
5 . . . V . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: a9-a8
Illegal: spiel-beendet
""",
    }
    holds(decided[slug], side=side)


@pytest.mark.parametrize("slug", ["seeschlacht-11", "simples-tafl-11", "tyr-11"])
def test_king_on_the_edge_has_already_escaped_in_edge_variants(slug):
    holds(
        """
Variante: {slug}
Stellung:
11 . K . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . A . . . . . . .
 8 . . . . . . . . . . .
 7 . . . V . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        slug=slug,
    )


@pytest.mark.parametrize("slug", ["copenhagen-11", "copenhagen-13"])
def test_king_on_the_edge_is_no_escape_in_corner_variants(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . K . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . A . . . . . . .
 8 . . . . . . . . . . .
 7 . . . V . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ergebnis: offen
""",
        "copenhagen-13": """
Variante: copenhagen-13
Stellung:
13 . K . . . . . . . . . . .
12 . . . . . . . . . . . . .
11 . . . A . . . . . . . . .
10 . . . . . . . . . . . . .
 9 . . . V . . . . . . . . .
 8 . . . . . . . . . . . . .
 7 . . . . . . . . . . . . .
 6 . . . . . . . . . . . . .
 5 . . . . . . . . . . . . .
 4 . . . . . . . . . . . . .
 3 . . . . . . . . . . . . .
 2 . . . . . . . . . . . . .
 1 . . . . . . . . . . . . .
   a b c d e f g h i j k l m
Ergebnis: offen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("grid", ["empty", "no king"])
def test_a_position_without_king_is_impossible(grid):
    text = KING_ON_CORNER.replace("K", ".")
    if grid == "empty":
        text = text.replace("A", ".").replace("V", ".")
    with pytest.raises(ImpossiblePositionError, match="fehlt der König"):
        make("copenhagen-11", text)


@pytest.mark.parametrize(
    ("replace", "message"),
    [
        (("1 . . . . . . .", "1 A . . . . . ."), "Eckfeld a1 steht ein Angreifer"),
        (("1 . . . . . . .", "1 . . . . . . V"), "Eckfeld g1 steht ein Verteidiger"),
        (("4 . . . . . . .", "4 . . . A . . ."), "Thron d4 steht ein Angreifer"),
    ],
)
def test_only_the_king_stands_on_restricted_squares(replace, message):
    grid = KING_ON_CORNER.replace("7 K . .", "7 . K .").replace(*replace)
    with pytest.raises(ImpossiblePositionError, match=message):
        make("copenhagen-11", grid)


def test_king_on_the_throne_is_possible():
    holds("""
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . A . . . . . . .
 8 . . . . . . . . . . .
 7 . . . V . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ergebnis: offen
""")


# The attackers' only piece on a2 cannot move: a1 is a corner, a3 and b2 are occupied.


def test_side_without_a_move_has_lost_in_copenhagen():
    holds("""
Variante: copenhagen-11
Am Zug: Angreifer
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 V . K . . . . . . . .
 2 A V . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ergebnis: Verteidiger gewinnen (Zugunfähigkeit)
Ziele a2: keine
""")


def test_side_without_a_move_is_a_draw_in_standard_tablut():
    holds("""
Variante: standard-tablut-9
Am Zug: Angreifer
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 V . K . . . . . .
2 A V . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Ergebnis: Remis (Zugunfähigkeit)
""")


def test_the_side_that_can_move_plays_on():
    holds("""
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
 3 V . K . . . . . . . .
 2 A V . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ergebnis: offen
""")


@pytest.mark.parametrize("slug", ["copenhagen-11", "tyr-11", "standard-tablut-9"])
def test_every_start_is_possible_and_open(slug):
    holds(
        """
Variante: {slug}
Stellung: Start
Ergebnis: offen
""",
        slug=slug,
    )


def test_more_attackers_than_the_start_is_impossible():
    """Copenhagen starts with 24 attackers (rule card); pieces are only ever taken."""
    rows = ["A A A A A A A A A A A"] * 3 + [". . . . . . . . . . ."] * 8
    rows[5] = ". . . . . K . . . . ."
    rows[0] = ". A A A A A A A A A ."  # keep the corners free
    rows[10] = ". . . . . . . . . . ."
    grid = "\n".join(rows)  # 9 + 11 + 11 = 31 attackers
    with pytest.raises(ImpossiblePositionError, match="31 Figuren der Angreifer"):
        Board(variant("copenhagen-11"), parse_ascii(grid, 11))
    # the same grid under the bare rule set (no start to compare with) is accepted
    Board(variant("copenhagen-11").rules, parse_ascii(grid, 11))
