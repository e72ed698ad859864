"""The one JSON format of `--json` (variants, show, play) and its documentation.

Documented on docs/python.md: English keys, English values as in the variant data files.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from tafl_cli.main import main

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tafl_core" / "data" / "variants"
SIDES = {"attackers", "defenders"}
REASONS = {"escape", "edge-fort", "king-captured", "encirclement", "repetition", "no-moves"}
VARIANT_KEYS = {"slug", "name", "size", "rules", "setup", "setup_missing"}
GAME_KEYS = {"variant", "turns", "position", "to_move", "outcome"}
TURN_KEYS = {"side", "steps", "captured", "flipped"}


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_show_json_rules_are_the_values_of_the_data_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = run_json(capsys, "show", "copenhagen-13", "--json")
    assert isinstance(data, dict) and set(data) == VARIANT_KEYS
    toml = tomllib.loads((DATA / "copenhagen-13.toml").read_text(encoding="utf-8"))
    for key, value in toml["rules"].items():
        assert data["rules"][key] == value, key
    # Copenhagen (rule card): attackers begin, the king escapes to a corner
    assert data["rules"]["first"] == "attackers"
    assert data["rules"]["escape"] == "corner"
    assert len(data["setup"]) == 13


def test_variants_json_lists_every_variant_in_the_same_format(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = run_json(capsys, "variants", "--json")
    assert isinstance(data, list)
    assert [v["slug"] for v in data] == sorted(p.stem for p in DATA.glob("*.toml"))
    for v in data:
        assert set(v) == VARIANT_KEYS
        assert (v["setup"] is None) == (v["setup_missing"] is not None)
        assert v["rules"]["first"] in SIDES
    odin = next(v for v in data if v["slug"] == "odin-11")
    assert odin["setup"] is None and odin["setup_missing"]


def test_play_json_names_sides_and_outcome_in_english(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Simples Tafl: the king wins on any edge square; f7-f11 reaches the top edge
    rows = [". . . . . . . . . . ."] * 11
    rows[4] = ". . . . . K . . . . ."  # f7
    rows[9] = ". A . . . . . . . . ."  # b2
    position = tmp_path / "flucht.txt"
    position.write_text("\n".join(rows), encoding="utf-8")
    data = run_json(
        capsys,
        "play",
        "simples-tafl-11",
        "--position",
        str(position),
        "--turn",
        "Verteidiger",
        "f7-f11",
        "--json",
    )
    assert isinstance(data, dict) and set(data) == GAME_KEYS
    assert data["turns"] == [
        {"side": "defenders", "steps": ["f7-f11"], "captured": [], "flipped": []}
    ]
    assert data["outcome"] == {"winner": "defenders", "reason": "escape"}
    assert data["to_move"] is None  # nobody moves after the end
    assert data["position"][0] == ". . . . . K . . . . ."


def test_play_json_while_the_game_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "play", "copenhagen-11", "d1-d3", "--json")
    assert isinstance(data, dict)
    assert data["turns"][0]["side"] == "attackers"
    assert data["to_move"] == "defenders"
    assert data["outcome"] is None


def _doc_json_blocks() -> list[object]:
    text = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    return [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.DOTALL)]


def test_the_documented_examples_have_the_real_shape() -> None:
    show, variants, play, outcome = _doc_json_blocks()
    assert isinstance(show, dict) and set(show) == VARIANT_KEYS
    assert isinstance(variants, list) and set(variants[0]) == VARIANT_KEYS
    assert isinstance(play, dict) and set(play) == GAME_KEYS
    assert all(set(t) == TURN_KEYS for t in play["turns"])
    assert isinstance(outcome, dict) and outcome["reason"] in REASONS
    assert outcome["winner"] in SIDES


def test_the_documented_show_example_is_the_real_output(
    capsys: pytest.CaptureFixture[str],
) -> None:
    show = _doc_json_blocks()[0]
    assert isinstance(show, dict)
    assert run_json(capsys, "show", show["slug"], "--json") == show


def test_the_reason_table_names_every_reason() -> None:
    from tafl_core import Reason

    text = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    assert {r.value for r in Reason} == REASONS
    for code in REASONS:
        assert f"| `{code}` |" in text
