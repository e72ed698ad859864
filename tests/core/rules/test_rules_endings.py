"""Repetition, no legal move, and the order of the end checks.

Rule texts: Copenhagen: "Tritt dieselbe Stellung mit demselben Spieler am Zug zum dritten Mal
auf, verlieren die Verteidiger"; Seeschlacht 5.5 (the card follows the original): the
defenders lose; Tyr 5.6: "verliert die Partei, die sie verursacht hat" (design §4.5: also
Simples Tafl and Odin); Standard-Tablut: "Eine Stellung darf sich beliebig oft wiederholen".
No legal move: "Dieser Spieler verliert" (Copenhagen, Tyr 5.7, Seeschlacht 5.6; design §4.5
for Simples Tafl and Odin); Standard-Tablut: "Die Partie endet remis". Design §4.9: the
mover's wins first, then repetition, then whether the side to move can move; the starting
position counts as the first occurrence.

Claims of variants of one board size are example blocks on that board, checked by the
example runner; claims over several board sizes use 7×7 positions.
"""

import pytest

from tafl_core import Outcome, Reason
from tests.rules_helpers import ATT, DEF, holds, make

DEFENDERS_LOSE = ["copenhagen-11", "copenhagen-13", "seeschlacht-11"]
MOVER_LOSES = ["simples-tafl-11", "tyr-11", "tyr-15", "odin-11"]
ALL_LOSE = DEFENDERS_LOSE + MOVER_LOSES

# The attacker shuffles b6-b5-b6, the king f3-f4-f3 (never reaching an edge or a capture).
SHUFFLE = """
7 . . . . . . .
6 . A . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . K .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""
ATT_CYCLE = ["b6-b5", "f3-f4", "b5-b6", "f4-f3"]  # attackers first
DEF_CYCLE = ["f3-f4", "b6-b5", "f4-f3", "b5-b6"]  # defenders first


def _play_until_outcome(board, cycle, limit=12):
    played = 0
    for i in range(limit):
        if board.outcome is not None:
            break
        board.push_text(cycle[i % len(cycle)])
        played += 1
    return played


@pytest.mark.parametrize("slug", DEFENDERS_LOSE)
def test_third_occurrence_defenders_lose_when_they_repeat(slug):
    b = make(slug, SHUFFLE, ATT)
    # the start (attackers to move) recurs after moves 4 and 8; move 8 is the defenders'
    assert _play_until_outcome(b, ATT_CYCLE) == 8
    assert b.outcome == Outcome(ATT, Reason.REPETITION)


@pytest.mark.parametrize("slug", DEFENDERS_LOSE)
def test_third_occurrence_defenders_lose_even_when_attackers_repeat(slug):
    b = make(slug, SHUFFLE, DEF)
    # the start (defenders to move) recurs after moves 4 and 8; move 8 is the attackers'
    assert _play_until_outcome(b, DEF_CYCLE) == 8
    assert b.outcome == Outcome(ATT, Reason.REPETITION)


@pytest.mark.parametrize("slug", MOVER_LOSES)
def test_third_occurrence_lost_by_the_defenders_who_caused_it(slug):
    b = make(slug, SHUFFLE, ATT)
    assert _play_until_outcome(b, ATT_CYCLE) == 8
    assert b.outcome == Outcome(ATT, Reason.REPETITION)


@pytest.mark.parametrize("slug", MOVER_LOSES)
def test_third_occurrence_lost_by_the_attackers_who_caused_it(slug):
    b = make(slug, SHUFFLE, DEF)
    assert _play_until_outcome(b, DEF_CYCLE) == 8
    assert b.outcome == Outcome(DEF, Reason.REPETITION)


@pytest.mark.parametrize("slug", ALL_LOSE)
def test_second_occurrence_is_no_end(slug):
    b = make(slug, SHUFFLE, ATT)
    for m in ATT_CYCLE:
        b.push_text(m)
    assert b.occurrences() == 2
    assert b.outcome is None
    for m in ATT_CYCLE[:3]:
        b.push_text(m)
    assert b.outcome is None


def test_standard_tablut_allows_repetition():
    # the start recurs after every fourth move: five times over, and the game goes on
    holds("""
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . A . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . K . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: b6-b5
Zug: f3-f4
Zug: b5-b6
Zug: f4-f3
Zug: b6-b5
Zug: f3-f4
Zug: b5-b6
Zug: f4-f3
Zug: b6-b5
Zug: f3-f4
Zug: b5-b6
Zug: f4-f3
Zug: b6-b5
Zug: f3-f4
Zug: b5-b6
Zug: f4-f3
Zug: b6-b5
Zug: f3-f4
Zug: b5-b6
Zug: f4-f3
Ergebnis: offen
""")


@pytest.mark.parametrize("slug", ALL_LOSE)
def test_undo_forgets_occurrences(slug):
    b = make(slug, SHUFFLE, ATT)
    for m in ATT_CYCLE * 2:
        if b.outcome is None:
            b.push_text(m)
    assert b.outcome is not None
    b.pop()
    assert b.outcome is None
    assert b.occurrences() == 2  # the position before move 8: after moves 3 and 7
    b.push_text(ATT_CYCLE[3])
    assert b.outcome is not None


# -- no legal move -----------------------------------------------------------------------

# Defenders: king c6, men c7 and b6, all blocked; the attacker from c1 closes c5.
# (c7 stands on the edge, so this is no encirclement; nobody is captured.)
STUCK_DEFENDERS = """
7 . A V A . . .
6 A V K A . . .
5 . A . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . A . . . .
  a b c d e f g
"""

# The attackers' only piece a4 is blocked by a5, a3 and the defender arriving on b4.
STUCK_ATTACKERS = """
7 . . . . . . .
6 . . . . . . .
5 V . . . . . .
4 A . . . . . .
3 V . . . . . .
2 . . . . K . .
1 . V . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", ALL_LOSE)
def test_defenders_without_a_move_lose(slug):
    b = make(slug, STUCK_DEFENDERS)
    b.push_text("c1-c5")
    assert b.captured == []
    assert b.outcome == Outcome(ATT, Reason.NO_MOVES)


@pytest.mark.parametrize("slug", ALL_LOSE)
def test_defenders_with_one_move_left_play_on(slug):
    b = make(slug, STUCK_DEFENDERS)
    b.push_text("c1-c4")
    assert b.outcome is None
    assert [b.move_text(m) for m in b.legal_moves()] == ["c6-c5"]


@pytest.mark.parametrize("slug", ALL_LOSE)
def test_attackers_without_a_move_lose(slug):
    b = make(slug, STUCK_ATTACKERS, DEF)
    b.push_text("b1-b4")
    assert b.captured == []
    assert b.outcome == Outcome(DEF, Reason.NO_MOVES)


def test_standard_tablut_no_move_is_a_draw():
    # the defenders shut in at the top edge (as STUCK_DEFENDERS), the attacker closes c7
    holds("""
Variante: standard-tablut-9
Stellung:
9 . A V A . . . . .
8 A V K A . . . . .
7 . A . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . A . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: c3-c7
Geschlagen: keine
Ergebnis: Remis (Zugunfähigkeit)
""")
    holds("""
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 V . . . . . . . .
4 A . . . . . . . .
3 V . . . . . . . .
2 . . . . K . . . .
1 . V . . . . . . .
  a b c d e f g h i
Zug: b1-b4
Geschlagen: keine
Ergebnis: Remis (Zugunfähigkeit)
""")


# -- order of the checks -----------------------------------------------------------------

# King b10 and man b9 shut in by attackers at the top edge; the attacker from b5 closes b8.
# Nobody is captured (b9 has the king behind it), the defenders cannot move - and they are
# encircled. (On the 9×9 board the same, two ranks lower.)


@pytest.mark.parametrize("slug", ["copenhagen-11", "seeschlacht-11", "simples-tafl-11"])
def test_encirclement_before_no_moves(slug):
    holds(
        """
Variante: {slug}
Stellung:
11 . A . . . . . . . . .
10 A K A . . . . . . . .
 9 A V A . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . A . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b5-b8
Geschlagen: keine
Ergebnis: Angreifer gewinnen (Umzingelung)
""",
        slug=slug,
    )


@pytest.mark.parametrize("slug", ["tyr-11", "odin-11"])
def test_same_position_without_encirclement_rule_is_no_moves(slug):
    holds(
        """
Variante: {slug}
Stellung:
11 . A . . . . . . . . .
10 A K A . . . . . . . .
 9 A V A . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . A . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: b5-b8
Ergebnis: Angreifer gewinnen (Zugunfähigkeit)
""",
        slug=slug,
    )


def test_standard_tablut_same_position_is_a_draw():
    holds("""
Variante: standard-tablut-9
Stellung:
9 . A . . . . . . .
8 A K A . . . . . .
7 A V A . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . A . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
Zug: b3-b6
Ergebnis: Remis (Zugunfähigkeit)
""")


@pytest.mark.parametrize("slug", ["copenhagen-11", "standard-tablut-9"])
def test_escape_before_no_moves(slug):
    # the attackers' last piece is blocked on a4 and the king reaches the corner: the
    # reason is the escape, although the attackers could not move either
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . K .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 V . . . . . . . . . .
 4 A V . . . . . . . . .
 3 V . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . V . . . . . . . . .
   a b c d e f g h i j k
Zug: j11-k11
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Am Zug: Verteidiger
Stellung:
9 . . . . . . . K .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 V . . . . . . . .
4 A V . . . . . . .
3 V . . . . . . . .
2 . . . . . . . . .
1 . V . . . . . . .
  a b c d e f g h i
Zug: h9-i9
Ergebnis: Verteidiger gewinnen (Flucht)
""",
    }
    holds(blocks[slug])


def test_edge_fort_before_no_moves():
    # the attackers' only piece is stuck on a5 (a6, a4, b5); the defender closes the
    # fort of test_rules_edge_fort (king d1, region c1-e1, wall b1 c2 d2 e2 f1)
    holds("""
Variante: copenhagen-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 V . . . . . . . . . .
 5 A V . . . . . . . . .
 4 V . . . . V . . . . .
 3 . . . . . . . . . . .
 2 . . V V V . . . . . .
 1 . V . K . . . . . . .
   a b c d e f g h i j k
Zug: f4-f1
Ergebnis: Verteidiger gewinnen (Randfestung)
""")


@pytest.mark.parametrize("slug", ALL_LOSE)
def test_king_capture_before_no_moves(slug):
    # the king is the defenders' last piece: capturing him is Königsfang, not Zugunfähigkeit
    if slug in ("copenhagen-11", "copenhagen-13", "seeschlacht-11"):
        grid = """
7 . . A . . . .
6 . A K A . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . A . . . .
  a b c d e f g
"""
        move = "c1-c5"
    else:
        grid = """
7 . . . . . . .
6 . A K . . . A
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""
        move = "g6-d6"
    b = make(slug, grid)
    b.push_text(move)
    assert b.outcome == Outcome(ATT, Reason.KING_CAPTURED)
