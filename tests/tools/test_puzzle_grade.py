"""Main line, motifs and difficulty of a puzzle, read off its proof (tafl_tools.puzzle_grade)."""

from __future__ import annotations

import math

from tafl_core.board import Board
from tafl_core.pieces import Side
from tafl_core.position import parse_ascii
from tafl_core.solver import Goal, GoalKind, solve
from tafl_core.variants import variant
from tafl_tools.puzzle_grade import grade, main_line, read_proof

#: The king on c1 of an otherwise empty Brandub board, one attacker far away.
KING_ON_THE_EDGE = """\
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . A . .
2 . . . . . . .
1 . . K . . . .
  a b c d e f g"""


def test_a_win_in_one_escape_counts_every_king_move_as_tempting() -> None:
    board = Board(variant("brandub-7"), parse_ascii(KING_ON_THE_EDGE, 7, Side.DEFENDERS))
    sol = solve(board, Goal(GoalKind.WIN, Side.DEFENDERS), 1)
    reading = read_proof(board, sol.tree, "c1-g1")
    assert reading.line == ["c1-g1"]
    assert reading.ending == "escape" and reading.motifs == []
    # twelve king moves: two reach a corner, the other ten all move the king (tempting)
    assert reading.difficulty == round(math.log2(1 + 10) - math.log2(2), 2)
    assert grade(reading.difficulty) == "leicht"


def test_the_main_line_follows_the_stubborn_reply_and_the_first_solving_turn() -> None:
    tree = {
        "solutions": {
            "a1-a2": {
                "reply": "b1-b2",
                "solutions": {"c1-c3": {"done": 0}, "a2-a3": {"done": 0}},
            },
            "a1-a4": {"done": 0},
        }
    }
    assert main_line(tree, "a1-a2") == ["a1-a2", "b1-b2", "a2-a3"]
    assert main_line(tree, "a1-a4") == ["a1-a4"]


def test_the_grade_words_cover_every_difficulty_from_easy_to_hard() -> None:
    words = [grade(d / 10) for d in range(0, 200)]
    assert words[0] == "leicht" and words[-1] == "schwer"
    assert words == sorted(words, key=["leicht", "mittel", "schwer"].index)
