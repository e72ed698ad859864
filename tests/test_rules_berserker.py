"""Berserker rule (Tyr, Odin).

Rule texts: Tyr 5.5 "Schlägt eine Figur, darf sie im selben Zug weiterziehen, solange sie
dabei erneut schlägt; der König darf einen solchen Lauf auch mit seiner Flucht (Erreichen des
Randes) abschließen." Design §4.3: continuing is optional; jumps may be chain steps (see
test_rules_commander); repetition is counted between turns, not inside a chain.
"""

import pytest

from tafl_core import MoveError, Outcome, Reason
from tests.rules_helpers import ATT, DEF, make, names, reason_of

BERSERK = ["tyr-11", "tyr-15", "odin-11"]
NO_BERSERK = ["copenhagen-11", "seeschlacht-11", "simples-tafl-11", "standard-tablut-9"]

# c1-c3 takes c4 (against c5); from c3 the same attacker can take f3 by c3-e3 (against g3).
CHAIN = """
7 . . . . . . .
6 . . . . . K .
5 . . A . . . .
4 . . V . . . .
3 . . . . . V A
2 . . . . . . .
1 . . A . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", BERSERK)
def test_capture_opens_a_continuation(slug):
    b = make(slug, CHAIN)
    b.push_text("c1-c3")
    assert names(b, b.captured) == {"c4"}
    assert b.berserker_open
    assert b.turn is ATT
    assert names(b, b.targets("c3")) == {"e3"}
    b.push_text("c3-e3")
    assert names(b, b.captured) == {"f3"}
    assert not b.berserker_open  # nothing more to capture from e3: the turn is over
    assert b.turn is DEF


@pytest.mark.parametrize("slug", BERSERK)
def test_continuation_must_capture_and_be_the_same_piece(slug):
    b = make(slug, CHAIN)
    b.push_text("c1-c3")
    assert reason_of(b, "c3-d3") == "berserker"  # captures nothing
    assert reason_of(b, "c5-b5") == "berserker"  # another piece
    assert reason_of(b, "g3-g2") == "berserker"


@pytest.mark.parametrize("slug", BERSERK)
def test_continuation_is_optional(slug):
    b = make(slug, CHAIN)
    b.push_text("c1-c3")
    b.end_turn()
    assert not b.berserker_open
    assert b.turn is DEF
    assert b.outcome is None
    b.push_text("f6-f5")  # the defenders move normally


@pytest.mark.parametrize("slug", BERSERK)
def test_end_turn_without_chain_is_an_error(slug):
    b = make(slug, CHAIN)
    with pytest.raises(MoveError) as exc:
        b.end_turn()
    assert exc.value.reason == "berserker"
    b.push_text("g3-g2")  # no capture: no chain
    assert not b.berserker_open
    assert b.turn is DEF


@pytest.mark.parametrize("slug", BERSERK)
def test_no_chain_when_nothing_more_can_be_captured(slug):
    b = make(slug, CHAIN.replace("3 . . . . . V A", "3 . . . . . . A"))
    b.push_text("c1-c3")
    assert names(b, b.captured) == {"c4"}
    assert not b.berserker_open
    assert b.turn is DEF


@pytest.mark.parametrize("slug", NO_BERSERK)
def test_no_berserker_rule_elsewhere(slug):
    b = make(slug, CHAIN)
    b.push_text("c1-c3")
    assert names(b, b.captured) == {"c4"}
    assert not b.berserker_open
    assert b.turn is DEF


# The king takes c4 with d2-d4 (against b4); he may then run to the edge without capturing.
KING_CHAIN = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . V A . . . .
3 . . . . . . .
2 . . . K . . .
1 . . . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", BERSERK)
def test_king_ends_a_chain_by_escaping(slug):
    b = make(slug, KING_CHAIN.replace("7 . . . . . . .", "7 A . . . . . ."), DEF)
    b.push_text("d2-d4")
    assert names(b, b.captured) == {"c4"}
    assert b.berserker_open
    # edge squares in reach: d7, d1, g4 (c4 is empty now, b4 blocks the way west)
    assert names(b, b.targets("d4")) == {"d7", "d1", "g4"}
    assert reason_of(b, "d4-d5") == "berserker"
    b.push_text("d4-g4")
    assert b.outcome == Outcome(DEF, Reason.ESCAPE)


@pytest.mark.parametrize("slug", BERSERK)
def test_ordinary_piece_cannot_end_a_chain_on_the_edge(slug):
    grid = KING_CHAIN.replace("2 . . . K . . .", "2 . . . V . . .").replace(
        "5 . . . . . . .", "5 . . . . . K ."
    )
    b = make(slug, grid.replace("6 . . . . . . .", "6 A . . . . . ."), DEF)
    b.push_text("d2-d4")
    assert names(b, b.captured) == {"c4"}
    # a defender man has no escape: nothing else to capture, so the turn is over
    assert not b.berserker_open


@pytest.mark.parametrize("slug", BERSERK)
def test_repetition_is_not_counted_inside_a_chain(slug):
    b = make(slug, CHAIN)
    b.push_text("c1-c3")
    assert b.berserker_open
    assert b.occurrences() == 0  # the position inside the turn is not recorded
    b.end_turn()
    assert b.occurrences() == 1
