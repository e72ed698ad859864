"""Commander jump (Tyr, Odin).

Rule texts: Odin 5.6 / Tyr 5.3: a commander may jump over one directly adjacent ordinary
enemy piece onto the empty square directly behind it; not over the king or another commander.
Design §4.2: the jump never captures the jumped piece; ordinary captures from the landing
square apply; variegated men may be jumped; jumps may be berserker chain steps.
"""

import pytest

from tafl_core import Move
from tests.rules_helpers import ATT, DEF, make, names, reason_of

JUMPERS = ["tyr-11", "tyr-15", "odin-11"]

# The commander on c3 may jump d3 onto e3; there it takes f3 (against g3).
JUMP = """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . A . . .
3 . . C V . V A
2 . . . A . . .
1 . . . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", JUMPERS)
def test_commander_jumps_an_adjacent_enemy(slug):
    b = make(slug, JUMP)
    assert "e3" in names(b, b.targets("c3"))
    move = b.push_text("c3-e3")
    assert move.jump
    # landing capture applies, the jumped man d3 stays although attackers stand on d4
    # and d2 and the commander has just passed it
    assert names(b, b.captured) == {"f3"}
    assert b.position().piece_at(b.square("d3")).letter == "V"


@pytest.mark.parametrize("slug", JUMPERS)
def test_jump_never_captures_the_jumped_piece(slug):
    # the card's "between itself and a friendly piece": after the jump, d3 sits between the
    # commander on e3 and the empty square c3 - never a trap
    b = make(slug, JUMP.replace("3 . . C V . V A", "3 . A C V . . ."))
    b.push_text("c3^e3")
    assert b.captured == []
    assert b.position().piece_at(b.square("d3")).letter == "V"


@pytest.mark.parametrize("slug", JUMPERS)
def test_defenders_commander_jumps_too(slug):
    grid = """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . . . . .
3 . . c A . A V
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(slug, grid, DEF)
    b.push_text("c3^e3")
    assert names(b, b.captured) == {"f3"}


@pytest.mark.parametrize("slug", JUMPERS)
@pytest.mark.parametrize("over", ["K", "c"])
def test_no_jump_over_king_or_commander(slug, over):
    grid = JUMP.replace("3 . . C V . V A", f"3 . . C {over} . . A").replace(
        "6 . . . . . K .", "6 . . . . . V ." if over == "K" else "6 . . . . . K ."
    )
    b = make(slug, grid)
    assert reason_of(b, "c3-e3") == "sprung"
    assert "e3" not in names(b, b.targets("c3"))


@pytest.mark.parametrize("slug", JUMPERS)
def test_no_jump_over_own_piece(slug):
    b = make(slug, JUMP.replace("3 . . C V . V A", "3 . . C A . . ."))
    assert reason_of(b, "c3-e3") == "sprung"


@pytest.mark.parametrize("slug", JUMPERS)
def test_jump_needs_an_empty_landing_square(slug):
    b = make(slug, JUMP.replace("3 . . C V . V A", "3 . . C V V . A"))
    assert reason_of(b, "c3-e3") == "besetzt"


@pytest.mark.parametrize("slug", JUMPERS)
def test_jump_only_over_one_adjacent_piece(slug):
    b = make(slug, JUMP.replace("3 . . C V . V A", "3 . . C . V . A"))
    assert not b.is_legal(Move(b.square("c3"), b.square("f3"), True))
    assert reason_of(b, "c3-f3") == "versperrt"  # e3 stands in the way
    b = make(slug, JUMP.replace("3 . . C V . V A", "3 . . C V V . A"))
    assert not b.is_legal(Move(b.square("c3"), b.square("f3"), True))


@pytest.mark.parametrize("slug", JUMPERS)
def test_commander_also_slides(slug):
    b = make(slug, JUMP)
    assert {"c1", "c2", "c4", "c7", "a3", "b3"} <= names(b, b.targets("c3"))


@pytest.mark.parametrize("slug", ["copenhagen-11", "seeschlacht-11", "simples-tafl-11"])
def test_no_commander_jump_elsewhere(slug):
    # (without the d4 attacker: d4 is the throne of a 7×7 Copenhagen board)
    b = make(slug, JUMP.replace("4 . . . A . . .", "4 . . . . . . ."))
    # without the rule a commander is an ordinary man: d3 is simply in the way
    assert reason_of(b, "c3-e3") == "versperrt"
    assert "e3" not in names(b, b.targets("c3"))


def test_commander_may_jump_a_variegated_man():
    b = make("odin-11", JUMP.replace("3 . . C V . V A", "3 . . C b . . ."))
    move = b.push_text("c3-e3")
    assert move.jump
    assert b.captured == [] and b.flipped == []


@pytest.mark.parametrize("slug", JUMPERS)
def test_jump_as_berserker_chain_step(slug):
    # c1-c3 takes c4 (against c5); then the commander jumps d3 onto e3 and takes f3
    grid = """
7 . . . . . . .
6 . . . . . K .
5 . . A . . . .
4 . . V . . . .
3 . . . V . V A
2 . . . . . . .
1 . . C . . . .
  a b c d e f g
"""
    b = make(slug, grid)
    b.push_text("c1-c3")
    assert names(b, b.captured) == {"c4"}
    assert b.berserker_open
    assert names(b, b.targets("c3")) == {"e3"}
    b.push_text("c3^e3")
    assert names(b, b.captured) == {"f3"}
    assert b.position().piece_at(b.square("d3")).letter == "V"
    assert b.turn is DEF


@pytest.mark.parametrize("slug", JUMPERS)
def test_commander_is_captured_like_a_man(slug):
    grid = """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . . . . .
3 . . V C . . V
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""
    b = make(slug, grid, DEF)
    b.push_text("g3-e3")
    assert names(b, b.captured) == {"d3"}
    assert b.turn is ATT
