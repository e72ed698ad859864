"""The analysis (tafl_core.search.analysis.analyse): the engine's view in reader words.

The expectations come from the rule texts, not from the code: in Copenhagen the king
escapes onto a corner and is captured when enclosed on four sides (or three and the
empty throne); a game that has ended has no best move; a berserker chain and a commander
jump are turns that may be played. Signs: the bar is +1 when the attackers win.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest

from tafl_core import ArgumentError, Board, Side, parse_ascii, variant
from tafl_core.captures import CaptureRule
from tafl_core.outcome import Reason
from tafl_core.params import PARAMS
from tafl_core.pieces import Kind
from tafl_core.rules import ENUMS
from tafl_core.search.analysis import KINDS, Analysis, analyse
from tafl_core.search.levels import LEVELS
from tafl_core.search.turns import list_turns, play, text
from tafl_core.solver import GoalKind
from tafl_core.turns import play_turn
from tafl_core.variants import all_variants
from tafl_core.wording import events

#: Every analysis made in this module, for the check of the words in its sentences.
#: The position of the published exercise aufgabe-odin-11-07 (docs/aufgaben/odin-11.md).
ODIN_07 = """
11 . A . C . A C . . . .
10 . . B . . . . . . . .
 9 . . A . . . . . . b .
 8 . C . B . . . . . . .
 7 . A . . . C . C . . .
 6 A A . V . K . . . C .
 5 . . B . . A C . . . .
 4 C . . . . . . . . V .
 3 . . . . . A . . . . c
 2 . B . . . c . . V . .
 1 . b . . A A . V . c .
   a b c d e f g h i j k"""

MADE: list[Analysis] = []


@pytest.fixture(autouse=True)
def no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the levels' node budgets limit the search: what the analysis says must not
    depend on how busy the machine is (the time budget is the browser's safety net)."""
    for number, level in list(LEVELS.items()):
        monkeypatch.setitem(LEVELS, number, replace(level, seconds=600.0))


def board_of(slug: str, grid: str, side: Side) -> Board:
    """A fresh board of the variant on the grid."""
    v = variant(slug)
    return Board(v, parse_ascii(grid, v.rules.size, side))


def snapshot(board: Board) -> tuple[Any, ...]:
    """Everything `analyse` must leave as it found it."""
    return (
        board.pos.copy(),
        board.turn,
        board.outcome,
        list(board.moves),
        len(board._stack),
        dict(board._seen),
        list(board.captured),
        list(board.flipped),
    )


def analysed(board: Board, **kwargs: Any) -> Analysis:
    """analyse() with the checks every answer must pass: the board unchanged, the JSON
    shape of the contract, the line playable turn by turn on a copy of the board."""
    before = snapshot(board)
    result = analyse(board, **kwargs)
    assert snapshot(board) == before
    MADE.append(result)
    doc = result.to_json()
    assert set(doc) == {
        "move",
        "line",
        "sentences",
        "verdict",
        "score",
        "bar",
        "squares",
        "depth",
        "level",
    }
    assert -1.0 <= doc["bar"] <= 1.0
    assert all(isinstance(s, str) and s for s in doc["sentences"])
    assert isinstance(doc["verdict"], str) and doc["verdict"]
    assert all(m["kind"] in KINDS for m in doc["squares"])
    names = {board.name(s) for s in range(board.rules.size**2)}
    assert all(m["square"] in names for m in doc["squares"])
    if doc["move"] is None:
        assert doc["line"] == []
    else:
        assert doc["line"][0] == doc["move"]
        replay = Board(board.variant or board.rules, board.position())
        for turn in doc["line"]:
            assert replay.outcome is None
            play_turn(replay, turn.split(","))
    return result


def marks(result: Analysis, kind: str) -> set[str]:
    return {m.square for m in result.squares if m.kind == kind}


# -- Copenhagen: escape to a corner and the king's capture -------------------------

#: The king on c1, on the edge: a1 (a corner) to his left, k1 (a corner) at the far end.
KING_ON_EDGE = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . A . . . . . A . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A . . V . . . . A .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . A . . . A . . .
 2 . . . . . . . . . . .
 1 . . K . . . . {h1} . . .
   a b c d e f g h i j k"""

CORNERS = {"a1", "a11", "k1", "k11"}


def test_king_with_a_free_line_to_a_corner_escapes_when_the_defenders_move() -> None:
    board = board_of("copenhagen-11", KING_ON_EDGE.format(h1="."), Side.DEFENDERS)
    result = analysed(board)
    assert result.move in ("c1-a1", "c1-k1")
    goal = result.move.split("-")[1]
    assert result.bar == -1.0
    assert result.verdict == "Verteidiger gewinnen in 1 Zug"
    assert goal in marks(result, "ziel")
    assert any(goal in s and "entkomm" in s for s in result.sentences)


def test_two_free_lines_to_corners_cannot_both_be_closed() -> None:
    board = board_of("copenhagen-11", KING_ON_EDGE.format(h1="."), Side.ATTACKERS)
    result = analysed(board)
    assert result.bar < -0.5  # defenders winning
    assert result.bar == -1.0  # proven: every attackers' turn leaves an escape
    assert result.verdict == "Verteidiger gewinnen in 1 Zug"
    assert {"a1", "k1"} <= marks(result, "ziel")
    threat = next(s for s in result.sentences if "drohen" in s)
    assert "a1" in threat and "k1" in threat and "entkomm" in threat


def test_one_free_line_is_a_threat_and_the_best_move_closes_it() -> None:
    board = board_of("copenhagen-11", KING_ON_EDGE.format(h1="A"), Side.ATTACKERS)
    result = analysed(board)
    assert "a1" in marks(result, "ziel")
    assert any("a1" in s and "entkomm" in s for s in result.sentences)
    assert result.bar > -1.0  # no proven loss: the line can be closed
    assert "gewinnen in" not in result.verdict
    # after the suggested move the king has no step onto a corner
    after = Board(board.variant or board.rules, board.position())
    assert result.move is not None
    play_turn(after, result.move.split(","))
    assert after.outcome is None
    reach = {after.name(m.to) for m in _king_steps(after)}
    assert not reach & CORNERS


def _king_steps(board: Board) -> list[Any]:
    """The king's steps if the defenders were to move (a copy with the turn flipped)."""
    flipped = board.position()
    flipped.turn = Side.DEFENDERS
    copy = Board(board.variant or board.rules, flipped)
    king = copy.pos.king_square()
    return [m for m in copy.legal_moves() if m.frm == king]


#: The king on d5 enclosed by attackers on c5, e5 and d4; d6 is open and b6 can reach it.
KING_ENCLOSED = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . A . . . . . A . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . A . . . . . V . A .
 5 . . A K A . . . . . .
 4 . . . A . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . A . . . .
   a b c d e f g h i j k"""


def test_attackers_capture_the_king_in_one() -> None:
    board = board_of("copenhagen-11", KING_ENCLOSED, Side.ATTACKERS)
    result = analysed(board)
    assert result.move == "b6-d6"
    assert result.bar == 1.0
    assert result.verdict == "Angreifer gewinnen in 1 Zug"
    assert "d5" in marks(result, "schlag")
    assert any("gefangen" in s for s in result.sentences)


def test_the_defenders_to_move_see_the_threat_on_their_king() -> None:
    board = board_of("copenhagen-11", KING_ENCLOSED, Side.DEFENDERS)
    result = analysed(board)
    assert any("den König zu fangen" in s for s in result.sentences)
    assert "d5" in marks(result, "drohung")
    assert result.bar < 1.0  # the king can step out: no proven loss


def test_the_start_is_quiet() -> None:
    result = analysed(Board(variant("copenhagen-11")))
    assert "gewinnen" not in result.verdict
    assert not any("gewinnen in" in s or "gefangen" in s for s in result.sentences)
    assert abs(result.bar) < 1.0
    assert result.move is not None and result.depth >= 1
    assert set(result.move.split("-")) <= marks(result, "zug")


def test_the_only_turn_that_closes_the_line_is_named() -> None:
    # the corner a1 may not be entered by an attacker: only a piece on b1 closes the line,
    # and only b6 reaches b1
    board = board_of("copenhagen-11", KING_ON_EDGE.format(h1="A"), Side.ATTACKERS)
    result = analysed(board)
    assert result.move == "b6-b1"
    assert any(s.startswith("Nur b6-b1") for s in result.sentences)
    assert len(result.line) > 1  # the defenders' answer is searched


#: Published example (docs/mechaniken/randfestung.md): g5-g1 closes an edge fort.
FORT = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . A . . . . . . V . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . A . .
 5 . . . . . . V . . . .
 4 . . . . . A . . . . .
 3 . . . A . . . . . . .
 2 . . A . V V . A . . .
 1 . . A V . K . . . . .
   a b c d e f g h i j k"""

#: Published example (docs/mechaniken/umzingelung.md): k2-f2 closes the encirclement.
RING = """
11 . . . . . . . . . . .
10 . . . . . A . . . . .
 9 . . . . A . A . . . .
 8 . . . A . . . A . . .
 7 . . A . . V . . A . .
 6 . A . V V K V V . A .
 5 . . A . . . . . A . .
 4 . . . A . V . A . . .
 3 . . . . A . A . . . .
 2 . . . . . . . . . . A
 1 . . . . . . . . . . .
   a b c d e f g h i j k"""


def test_an_edge_fort_threat_is_told_and_marked() -> None:
    board = board_of("copenhagen-11", FORT, Side.ATTACKERS)
    result = analysed(board)
    threat = result.sentences[0]
    assert threat.startswith("Die Verteidiger drohen") and "Randfestung" in threat
    assert "g1" in marks(result, "ziel")
    # the king's escape over k1 and the fort on g1 cannot both be stopped by one turn
    assert result.verdict == "Verteidiger gewinnen in 1 Zug" and result.bar == -1.0
    assert any("Randfestung" in s and "einem Zug" in s for s in result.sentences)


def test_closing_the_encirclement_wins_and_its_threat_is_told() -> None:
    result = analysed(board_of("copenhagen-11", RING, Side.ATTACKERS))
    assert result.move == "k2-f2"
    assert result.verdict == "Angreifer gewinnen in 1 Zug" and result.bar == 1.0
    assert any("Umzingelung" in s for s in result.sentences)
    defending = analysed(board_of("copenhagen-11", RING, Side.DEFENDERS))
    assert any("Umzingelung" in s and "drohen" in s for s in defending.sentences)
    assert "f2" in marks(defending, "ziel")
    assert defending.bar < 1.0


def test_taking_the_last_move_wins_and_is_threatened() -> None:
    # Brandub: a side that cannot move loses (published example, docs/lernpfad/03-koenig.md)
    grid = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . A .
4 . . . . . . .
3 . . . . . . .
2 . . A A A . .
1 . A V K V . .
  a b c d e f g"""
    result = analysed(board_of("brandub-7", grid, Side.ATTACKERS))
    assert result.move == "f5-f1"
    assert result.verdict == "Angreifer gewinnen in 1 Zug"
    assert any("Zugunfähigkeit" in s for s in result.sentences)
    defending = analysed(board_of("brandub-7", grid, Side.DEFENDERS))
    assert any("den Verteidigern jeden Zug zu nehmen" in s for s in defending.sentences)
    assert "f1" in marks(defending, "ziel")


# -- proven wins in two ---------------------------------------------------------


def test_brandub_king_escapes_in_two() -> None:
    # Brandub: the king escapes to a corner; from c7 both a7 and g7 are open
    grid = """
7 . . . . . . .
6 . . K . . . .
5 . A . . . . .
4 . . . . . . .
3 A . . . . . .
2 . . . . . . .
1 . . . . . A .
  a b c d e f g"""
    result = analysed(board_of("brandub-7", grid, Side.DEFENDERS))
    assert result.move == "c6-c7"
    assert result.verdict == "Verteidiger gewinnen in 2 Zügen"
    assert result.bar == -1.0
    assert {"a7", "g7"} <= marks(result, "ziel")
    assert any("in zwei Zügen" in s for s in result.sentences)


def test_odin_commanders_capture_the_king_in_two() -> None:
    # published exercise aufgabe-odin-11-07 (docs/aufgaben/odin-11.md): e1-e6 wins in 2
    grid = ODIN_07
    result = analysed(board_of("odin-11", grid, Side.ATTACKERS))
    assert result.move == "e1-e6"
    assert result.verdict == "Angreifer gewinnen in 2 Zügen"
    assert result.bar == 1.0
    assert "Der König ist in zwei Zügen gefangen." in result.sentences


# -- finished games and refusals ---------------------------------------------------


def test_a_decided_game_has_no_move_and_says_who_won() -> None:
    board = board_of("copenhagen-11", KING_ON_EDGE.format(h1="."), Side.DEFENDERS)
    board.push_text("c1-a1")
    assert board.outcome is not None
    result = analysed(board)
    assert result.move is None and result.line == ()
    assert result.verdict == board.outcome.german()
    assert result.bar == -1.0
    assert "a1" in marks(result, "ziel")


def test_a_captured_king_ends_with_the_attackers_winning() -> None:
    board = board_of("copenhagen-11", KING_ENCLOSED, Side.ATTACKERS)
    board.push_text("b6-d6")
    result = analysed(board)
    assert result.move is None
    assert "Angreifer gewinnen" in result.verdict
    assert result.bar == 1.0
    assert "d5" in marks(result, "schlag")


def test_refusals() -> None:
    board = Board(variant("brandub-7"))
    with pytest.raises(ArgumentError):
        analyse(board, level=0)
    with pytest.raises(ArgumentError):
        analyse(board, level=6)
    with pytest.raises(ArgumentError):
        analyse("brandub-7")  # type: ignore[arg-type]


# -- every variant ----------------------------------------------------------------


def start_board(slug: str) -> Board:
    """The variant's start, or for a variant without a sourced start (Odin) a position
    with every kind of its pieces."""
    v = variant(slug)
    if v.has_setup:
        return Board(v)
    grid = ODIN_07
    return Board(v, parse_ascii(grid, 11, Side.DEFENDERS))


def played_out(slug: str, seed: int, turns: int) -> Board:
    """A board after seeded random turns from the start (stops before the end)."""
    board = start_board(slug)
    rng = random.Random(seed)
    for _ in range(turns):
        options = list_turns(board)
        rng.shuffle(options)
        for turn in options:
            mark = len(board._stack)
            play(board, turn)
            if board.outcome is None:
                break
            while len(board._stack) > mark:
                board.pop()
        else:
            break
    return board


@pytest.mark.parametrize("slug", sorted(all_variants()))
def test_every_variant_start_and_middle_game(slug: str) -> None:
    analysed(start_board(slug), level=2)
    board = played_out(slug, seed=len(slug), turns=24)
    result = analysed(board, level=2, seed=3)
    assert result.move is not None


def test_berserker_chains_are_whole_turns_in_the_line() -> None:
    # Berserk: after a capture the same piece may go on capturing (one turn, comma-joined)
    found = False
    for seed in range(40):
        board = played_out("berserk-11", seed=seed, turns=30)
        chains = [t for t in list_turns(board) if len(t) > 1]
        if not chains:
            continue
        result = analysed(board, level=3, seed=seed)
        assert result.move is not None
        found = True
        break
    assert found, "no position with a berserker chain in 40 seeded games"


def test_a_repeated_position_is_analysed_with_its_history() -> None:
    # Copenhagen: a third repetition of a position loses for the defenders
    board = Board(variant("copenhagen-11"))
    for turn in ["d1-d3", "f4-g4", "d3-d1", "g4-f4", "d1-d3", "f4-g4", "d3-d1"]:
        play_turn(board, [turn])
    assert board.occurrences() == 2 and board.turn is Side.DEFENDERS
    result = analysed(board, level=3)
    assert result.move != "g4-f4"  # would make the position of the start a third time
    play_turn(board, ["g4-f4"])
    outcome = board.outcome
    assert outcome is not None and outcome.reason is Reason.REPETITION
    ended = analysed(board)
    assert ended.move is None and ended.verdict == outcome.german()


def test_a_board_of_rules_without_a_variant() -> None:
    v = variant("copenhagen-11")
    board = Board(v.rules, parse_ascii(KING_ENCLOSED, 11, Side.ATTACKERS))
    assert board.variant is None
    assert analysed(board).verdict == "Angreifer gewinnen in 1 Zug"
    quiet = Board(v.rules, v.start())
    assert abs(analysed(quiet, level=2).bar) < 1.0


def test_level_one_never_calls_a_random_turn_the_best() -> None:
    board = Board(variant("brandub-7"))
    for seed in range(12):
        result = analysed(board, level=1, seed=seed)
        assert result.move is not None
        random_turn = any("zufällig" in s for s in result.sentences)
        best = any(s.startswith("Der beste Zug") for s in result.sentences)
        assert random_turn != best


def test_same_answer_for_the_same_seed() -> None:
    board = played_out("brandub-7", seed=5, turns=10)
    one = analyse(board, level=2, seed=1).to_json()
    two = analyse(board, level=2, seed=1).to_json()
    assert one == two


# -- the words ----------------------------------------------------------------------


def engine_words() -> set[str]:
    """Codes and parameter names of the engine that a reader must never see."""
    found = {p.name for p in PARAMS}
    for enum in [*ENUMS.values(), Reason, CaptureRule, GoalKind, Kind, Side]:
        found |= {str(member.value) for member in enum}  # type: ignore[attr-defined]
    found |= set(events.REASONS)
    found |= {"search", "only", "careless", "win", "None", "True", "False"}
    return found


def test_no_sentence_names_an_engine_word() -> None:
    own = [
        analyse(board_of("copenhagen-11", KING_ON_EDGE.format(h1=h1), side), level=2)
        for h1 in ".A"
        for side in Side
    ]
    own += [analyse(board_of("copenhagen-11", KING_ENCLOSED, side), level=2) for side in Side]
    words = engine_words()
    for result in [*MADE, *own]:
        for sentence in [*result.sentences, result.verdict]:
            tokens = set(re.findall(r"[A-Za-z_][A-Za-z_\-]*", sentence))
            assert not tokens & words, (sentence, tokens & words)
            assert "_" not in sentence


def test_a_chain_move_is_written_as_the_line_plays_it() -> None:
    board = played_out("berserk-11", seed=2, turns=12)
    result = analysed(board, level=2)
    assert result.move is not None
    turns = {text(board, t) for t in list_turns(board)}
    assert result.move in turns
