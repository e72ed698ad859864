"""`tafl solve` agrees with an independent solver on held-out positions.

The positions (tests/data/solver_positions.toml: win in 1, win in 2, save in 1 across eight
variants) come from seeded random playouts; `moves` there are the answers of the plain
minimax solver in tests/slow_solver.py, which plays on its own move generator
(tests/slow_perft.py). Both the stored answer and a fresh run of that solver must equal the
engine's full solution set (every first turn, not one).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tafl_core import Board, Side, parse_ascii, variant
from tafl_core.solver import Goal, GoalKind, solve
from tests.slow_solver import VARIANTS, answer

DATA = tomllib.loads((Path(__file__).parent / "data" / "solver_positions.toml").read_text("utf-8"))[
    "position"
]


def _id(case: dict[str, object]) -> str:
    return f"{case['variant']}-{case['task']}{case['depth']}-{case['origin']}".replace(" ", "")


def test_the_positions_cover_eight_variants_and_every_task() -> None:
    assert {c["variant"] for c in DATA} == set(VARIANTS)
    assert len(VARIANTS) >= 8
    for slug in VARIANTS:
        kinds = {(c["task"], c["depth"]) for c in DATA if c["variant"] == slug}
        assert kinds == {("win", 1), ("win", 2), ("save", 1)}, slug


@pytest.mark.parametrize("case", DATA, ids=_id)
def test_engine_and_independent_solver_agree(case: dict[str, object]) -> None:
    slug, grid, turn, task, depth = (
        str(case["variant"]),
        str(case["grid"]),
        str(case["turn"]),
        str(case["task"]),
        int(str(case["depth"])),
    )
    v = variant(slug)
    side = Side(turn)
    board = Board(v, parse_ascii(grid, v.rules.size, side))
    kind = GoalKind.SAVE if task == "save" else GoalKind.WIN
    solution = solve(board, Goal(kind, side), depth)
    expected = list(case["moves"])  # type: ignore[call-overload]
    assert list(solution.moves) == expected
    assert answer(slug, grid, turn, task, depth) == expected
    if task == "win":
        assert solution.depth == (depth if expected else None)
