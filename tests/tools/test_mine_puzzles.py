"""The puzzle miner: where it looks in a game, and what it keeps (tafl_tools.mine_puzzles)."""

from __future__ import annotations

import json
from pathlib import Path

from tafl_core.board import Board
from tafl_core.pieces import Side
from tafl_core.position import parse_ascii
from tafl_core.turns import play_turn_text
from tafl_core.variants import variant
from tafl_tools import mine_puzzles
from tafl_tools.mine_puzzles import Candidate, game_candidates, judge, origin_of

ROOT = Path(__file__).resolve().parents[2]
KING_ON_THE_EDGE = """\
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . A . .
2 . . . . . . .
1 . . K . . . .
  a b c d e f g"""


def _match_game(name: str, game: int) -> list[str]:
    doc = json.loads((ROOT / "data" / "matches" / f"{name}.json").read_text("utf-8"))
    rec = next(r for r in doc["records"] if r["game"] == game)
    return list(rec["opening"]) + list(rec["turns"])


def test_before_a_berserker_chain_the_miner_asks_for_the_piece_its_later_step_took() -> None:
    record = _match_game("berserk-11-3-3", 0)
    chains = [i for i, t in enumerate(record) if "," in t]
    assert chains
    ply = chains[0]
    found = [
        c
        for c in game_candidates("berserk-11", "match", "M", record, 1)
        if c.ask == "capture" and c.source == f"M, nach {ply} Halbzügen"
    ]
    assert found and all(c.themed for c in found)
    board = Board(variant("berserk-11"))
    for text in record[:ply]:
        play_turn_text(board, text)
    first_step = Board(variant("berserk-11"), board.pos.copy())
    taken_by_first = play_turn_text(first_step, record[ply].split(",")[0]).captured
    whole = play_turn_text(board, record[ply]).captured
    assert found[0].target in set(whole) - set(taken_by_first)


def test_the_end_of_a_game_gives_win_and_prevent_candidates_before_the_last_turns() -> None:
    record = _match_game("brandub-7-5-1", 0)
    asks = [
        (c.ask, c.depth, c.source) for c in game_candidates("brandub-7", "match", "M", record, 2)
    ]
    last = len(record) - 1
    assert ("win", 1, f"M, nach {last} Halbzügen") in asks
    assert ("win", 2, f"M, nach {last - 2} Halbzügen") in asks
    assert ("save", 1, f"M, nach {last - 1} Halbzügen") in asks


def test_a_win_in_one_is_kept_with_its_ending_and_every_solving_turn() -> None:
    board = Board(variant("brandub-7"), parse_ascii(KING_ON_THE_EDGE, 7, Side.DEFENDERS))
    puzzle = judge(Candidate(board, "S", "random", "win", 2), cooked=3)
    assert puzzle is not None
    assert (puzzle.kind, puzzle.depth, puzzle.theme) == ("win", 1, "Flucht")
    assert sorted(puzzle.moves) == ["c1-a1", "c1-g1"]
    assert judge(Candidate(board, "S", "random", "win", 1), cooked=1) is None  # two solutions


def test_the_origin_is_read_from_the_german_source() -> None:
    assert origin_of("Partie 7 der Sammlung, nach 26 Halbzügen") == "game"
    assert origin_of("Computerpartie Stufe 5 gegen Stufe 1, Partie 3, nach 9 Halbzügen") == "match"
    assert origin_of("Zufallspartie mit Startwert 7-1, nach 9 Halbzügen") == "random"
    assert (
        origin_of("Zufallspartie aus zufälliger Aufstellung mit Startwert 7-1, nach 4 Halbzügen")
        == "setup"
    )
    assert (
        origin_of("Zufallsstellung um einen Ring der Angreifer mit einer Lücke, Startwert 1-2")
        == "motif"
    )
    assert set(mine_puzzles.ORIGINS) == {"game", "match", "random", "setup", "motif"}


def test_random_placement_self_play_of_a_variant_with_a_setup_is_named_as_such() -> None:
    found = mine_puzzles.selfplay_candidates("copenhagen-13", 1, 3, 0, placement="random")
    first = next(iter(found))
    assert first.origin == "setup"
    assert origin_of(first.source) == "setup"
    assert first.board.pos.to_ascii() != Board(variant("copenhagen-13")).pos.to_ascii()
    plain = next(iter(mine_puzzles.selfplay_candidates("copenhagen-13", 1, 3, 0)))
    assert plain.origin == "random"
    assert plain.board.pos.to_ascii() == Board(variant("copenhagen-13")).pos.to_ascii()


def test_self_play_from_a_motif_shape_names_the_shape_and_asks_for_the_deeper_win() -> None:
    found = mine_puzzles.selfplay_candidates(
        "seeschlacht-11", 1, 4, 0, placement="ring", plies=2, deepest=3
    )
    first, *later = [c for c in found if c.ask == "win"]
    assert first.origin == "motif" and origin_of(first.source) == "motif"
    assert first.source.startswith("Zufallsstellung um einen Ring der Angreifer mit")
    assert ", nach" not in first.source  # the built position itself
    assert later and later[0].source.endswith(", nach 1 Halbzug")
    assert first.depth == 3 and first.themed
    assert first.board.turn is Side.ATTACKERS


def test_one_ending_drops_a_win_that_another_first_turn_wins_otherwise() -> None:
    two_ways = """\
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . A . A A . . . . . .
 8 A K A V . A . . . . .
 7 A . . V A . . . . . .
 6 A V . A A . A . A . .
 5 A . A . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . A . . . .
   a b c d e f g h i j k"""
    board = Board(variant("tawlbwrdd-11"), parse_ascii(two_ways, 11, Side.ATTACKERS))
    c = Candidate(board, "S", "motif", "win", 1)
    puzzle = judge(c, cooked=3)
    assert puzzle is not None  # a5-b5 encircles, a7-b7 captures the king
    assert sorted(puzzle.moves) == ["a5-b5", "a7-b7"]
    assert judge(c, cooked=3, one_ending=True) is None
