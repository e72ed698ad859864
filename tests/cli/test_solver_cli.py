"""`tafl solve`: JSON and German text, errors as one line with file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tafl_cli.main import main

#: Brandub: the king on a4 escapes to a1 or a7 at once (see tests/core/test_solver.py).
KING_ON_A4 = """\
. . . A . . .
. . . . . . .
. . . . . . .
K . . . . . A
. . . . . . .
. . . . . A .
. . . A . . .
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def grid(tmp_path: Path) -> Path:
    path = tmp_path / "stellung.txt"
    path.write_text(KING_ON_A4, encoding="utf-8")
    return path


def test_json_lists_every_solving_move_and_the_smallest_depth(
    capsys: pytest.CaptureFixture[str], grid: Path
) -> None:
    code, out, _ = run(
        capsys, "solve", "brandub-7", "--position", str(grid), "--turn", "Verteidiger",
        "--depth", "2", "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"moves", "depth", "tree", "nodes"}
    assert data["moves"] == ["a4-a1", "a4-a2", "a4-a3", "a4-a5", "a4-a6", "a4-a7"]
    assert data["depth"] == 1
    assert data["tree"]["solved_in"] == 1
    assert isinstance(data["nodes"], int)


def test_no_solution_gives_null_and_an_empty_list(
    capsys: pytest.CaptureFixture[str], grid: Path
) -> None:
    code, out, _ = run(
        capsys, "solve", "brandub-7", "--position", str(grid), "--turn", "Angreifer", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert (data["moves"], data["depth"]) == ([], None)


def test_other_goals(capsys: pytest.CaptureFixture[str], grid: Path) -> None:
    base = ["solve", "brandub-7", "--position", str(grid), "--json"]
    _, out, _ = run(capsys, *base, "--turn", "Verteidiger", "--goal", "erreichen:a2:König")
    assert json.loads(out)["moves"] == ["a4-a2"]
    _, out, _ = run(capsys, *base, "--turn", "Angreifer", "--ziel", "verhindern")
    assert json.loads(out)["moves"] == []  # a1 and a7 cannot both be closed
    _, out, _ = run(capsys, *base, "--turn", "Angreifer", "--ziel", "schlagen:a4", "--depth", "2")
    assert json.loads(out)["depth"] is None


def test_german_text(capsys: pytest.CaptureFixture[str], grid: Path) -> None:
    code, out, _ = run(
        capsys, "solve", "brandub-7", "--position", str(grid), "--turn", "Verteidiger",
        "--refutations",
    )  # fmt: skip
    assert code == 0
    assert "Verteidiger am Zug, Ziel: gewinnen im nächsten Zug" in out
    assert "lösende erste Züge (2): a4-a1; a4-a7" in out
    assert "a4-a1: Der König ist entkommen." in out
    assert "Widerlegungen der anderen Züge:" in out


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (["--goal", "fliehen"], "--goal: unbekanntes Ziel 'fliehen'"),
        (["--ziel", "schlagen:d4"], "--goal: auf d4 steht keine Figur der Angreifer"),
        (["--goal", "erreichen"], "--goal: erwartet erreichen:FELD"),
        (["--ziel", "schlagen:z9"], "--goal: "),
        (["--ziel", "gewinnen:a1"], "--goal: 'gewinnen' hat kein Zielfeld"),
    ],
)
def test_bad_goal_is_one_line_error(
    capsys: pytest.CaptureFixture[str], grid: Path, extra: list[str], fragment: str
) -> None:
    code, _, err = run(
        capsys, "solve", "brandub-7", "--position", str(grid), "--turn", "Verteidiger", *extra
    )
    assert code == 2
    assert err.startswith("tafl: Fehler: ")
    assert fragment in err
    assert "Traceback" not in err


def test_bad_position_file_names_file_and_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "kaputt.txt"
    path.write_text(KING_ON_A4.replace("K . . . . . A", "K . . Q . . A"), encoding="utf-8")
    code, _, err = run(capsys, "solve", "brandub-7", "--position", str(path))
    assert code == 2
    assert f"{path}:4:" in err and "unbekanntes Zeichen 'Q'" in err
    code, _, err = run(capsys, "solve", "brandub-7", "--position", str(tmp_path / "fehlt.txt"))
    assert code == 2
    assert "fehlt.txt" in err and "Traceback" not in err


def test_bad_depth_is_refused(capsys: pytest.CaptureFixture[str], grid: Path) -> None:
    with pytest.raises(SystemExit) as info:
        main(["solve", "brandub-7", "--position", str(grid), "--depth", "0"])
    assert info.value.code == 2
    assert "--depth: erlaubt sind 1 bis" in capsys.readouterr().err
