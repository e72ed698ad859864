"""`tafl solve` agrees with an independent solver on held-out positions.

The positions (tests/data/solver_positions.toml: win in 1, win in 2, save in 1 across eight
variants) come from seeded random playouts; `moves` there are the answers of the plain
minimax solver in tests/slow_solver.py, which plays on its own move generator
(tests/slow_perft.py). Both the stored answer and a fresh run of that solver must equal the
full solution set (every first turn, not one) that `tafl solve --json` prints.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from tafl_cli.main import main
from tests.slow_solver import VARIANTS, answer

DATA = tomllib.loads(
    (Path(__file__).parent.parent / "data" / "solver_positions.toml").read_text("utf-8")
)["position"]


def _id(case: dict[str, object]) -> str:
    return f"{case['variant']}-{case['task']}{case['depth']}-{case['origin']}".replace(" ", "")


def test_the_positions_cover_eight_variants_and_every_task() -> None:
    assert {c["variant"] for c in DATA} == set(VARIANTS)
    assert len(VARIANTS) >= 8
    for slug in VARIANTS:
        kinds = {(c["task"], c["depth"]) for c in DATA if c["variant"] == slug}
        assert kinds == {("win", 1), ("win", 2), ("save", 1)}, slug


@pytest.mark.parametrize("case", DATA, ids=_id)
def test_tafl_solve_and_the_independent_solver_agree(
    case: dict[str, object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    slug, grid, turn, task = (str(case[k]) for k in ("variant", "grid", "turn", "task"))
    depth = int(str(case["depth"]))
    path = tmp_path / "stellung.txt"
    path.write_text(grid + "\n", encoding="utf-8")
    goal = "verhindern" if task == "save" else "gewinnen"
    argv = ["solve", slug, "--position", str(path), "--turn", turn, "--depth", str(depth)]
    assert main([*argv, "--ziel", goal, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    expected = list(case["moves"])  # type: ignore[call-overload]
    assert found["moves"] == expected
    assert answer(slug, grid, turn, task, depth) == expected
    assert found["depth"] == (depth if expected else None)
