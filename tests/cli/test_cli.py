"""The `tafl` command line: outputs, JSON, exit codes and one-line error messages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tafl_cli.main import main

BROKEN_BLOCK = """# Seite

```tafl
Variante: copenhagen-11
Stellung: Start
Zug: d1-d2
Geschlagen: d3
```
"""

ASK_BLOCK = """```tafl
Variante: simples-tafl-11
Stellung: Start
Zug: a5-a3
Danach: ?
```
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_variants_lists_all_eight(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants")
    assert code == 0
    for slug in (
        "copenhagen-11",
        "copenhagen-13",
        "seeschlacht-11",
        "simples-tafl-11",
        "tyr-11",
        "tyr-15",
        "odin-11",
        "standard-tablut-9",
    ):
        assert slug in out
    assert "odin-11" in out and "keine belegte Startaufstellung" in out


def test_show_prints_rules_and_start(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "copenhagen-11")
    assert code == 0
    assert "Schildwall" in out and "Randfestung" in out
    # the top rank of the Copenhagen start, written independently from the rule card
    assert "11 . . . A A A A A . . ." in out
    assert "A=24" in out and "V=12" in out and "K=1" in out


def test_play_json_reports_capture_and_outcome(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    grid = tmp_path / "stellung.txt"
    rows = [". . . . . . . . . . ."] * 11
    rows[5] = ". . . . . K . . . . ."  # f6
    rows[7] = ". . . A V . . . . . ."  # d4 attacker, e4 defender
    rows[10] = ". . . . . A . . . . ."  # f1 attacker
    grid.write_text("\n".join(rows), encoding="utf-8")
    code, out, _ = run(capsys, "play", "copenhagen-11", "--position", str(grid), "f1-f4", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["turns"][0]["captured"] == ["e4"]
    assert data["outcome"] is None
    assert data["to_move"] == "defenders"


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["show", "copenhagen-12"], "unbekannte Variante 'copenhagen-12'"),
        (["play", "copenhagen-11", "d1-a1"], "nur der König darf auf dem Eckfeld a1 stehen"),
        (["play", "copenhagen-11", "d1-m1"], "liegt nicht auf dem 11×11-Brett"),
        (["play", "copenhagen-11", "d1-z1"], "'z1' ist kein Feldname"),
        (["play", "odin-11"], "keine Startaufstellung belegt"),
        (["play", "copenhagen-11", "--position", "/nonexistent/x.txt"], "gibt es nicht"),
    ],
)
def test_bad_input_is_one_line_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("tafl: Fehler: ")
    assert fragment in err
    assert "Traceback" not in err


def test_bad_position_file_names_file_and_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # a long but real path (deep folders) is named whole: file:line must stay usable
    folder = tmp_path.joinpath(*["ein-recht-langer-ordnername"] * 8)
    folder.mkdir(parents=True)
    grid = folder / "kaputt.txt"
    assert len(str(grid)) > 200
    rows = [". . . . . . . . . . ."] * 11
    rows[3] = ". . . . Q . . . . . ."
    grid.write_text("\n".join(rows), encoding="utf-8")
    code, _, err = run(capsys, "play", "copenhagen-11", "--position", str(grid))
    assert code == 2
    assert f"{grid}:4:" in err and "unbekanntes Zeichen 'Q'" in err


def test_perft_depth_two(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "perft", "copenhagen-11", "2")
    assert code == 0
    assert "perft(1) = 116" in out and "perft(2) = 6.788" in out


def test_check_reports_file_line_and_exit_code(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = tmp_path / "seite.md"
    page.write_text(BROKEN_BLOCK, encoding="utf-8")
    code, out, _ = run(capsys, "check", str(tmp_path))
    assert code == 1
    assert f"{page}:7: FEHLER: erwartet geschlagen: d3 – tatsächlich geschlagen: keine" in out
    assert "1 Beispiel geprüft, 0 in Ordnung, 1 fehlerhaft" in out


def test_check_write_fills_in_position_after(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = tmp_path / "seite.md"
    page.write_text(ASK_BLOCK, encoding="utf-8")
    code, out, _ = run(capsys, "check", str(page))
    assert code == 1 and "'Danach: ?' ist noch offen" in out
    code, out, _ = run(capsys, "check", "--write", str(page))
    assert code == 0
    text = page.read_text(encoding="utf-8")
    # Simples Tafl start (Lewis cross) with the attacker from a5 now on a3
    assert " 3 A . . . . V . . . . ." in text
    assert " 5 . A . . . V . . . A A" in text
    code, _, _ = run(capsys, "check", str(page))
    assert code == 0


def test_console_script_entry_point_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tafl_cli.main", "show", "nope"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


# -- a refused turn keeps its facts when the command line names the turn ---------------


@pytest.mark.parametrize("command", ["play", "render"])
def test_a_refused_turn_keeps_the_engine_facts(command: str) -> None:
    """'Zug 2: …' in front, and still the reason code, the squares, the piece and `why`."""
    from tafl_cli.main import build_parser
    from tafl_core import Kind, MoveError, Side, variant

    args = build_parser().parse_args([command, "copenhagen-11", "a4-c4", "b6-b5"])
    with pytest.raises(MoveError) as info:
        args.handler(args)
    exc = info.value
    name = variant("copenhagen-11").start().geo.name
    assert str(exc).startswith("Zug 2: ")
    assert exc.reason == "wrong-side"
    assert (name(exc.frm), name(exc.to)) == ("b6", "b5")
    assert exc.piece is not None
    assert (exc.piece.side, exc.piece.kind) == (Side.ATTACKERS, Kind.MAN)
    assert exc.why == "die Figur auf b6 gehört nicht den Verteidigern, die am Zug sind"
    assert str(exc) == f"Zug 2: b6-b5: {exc.why}"
