"""The Aufgaben pages are made from committed inputs: data/puzzles/puzzles.json."""

from __future__ import annotations

import json
from pathlib import Path

from tafl_tools import write_puzzle_pages

ROOT = Path(__file__).resolve().parents[2]


def test_pages_are_made_again_byte_for_byte(tmp_path: Path) -> None:
    """`python -m tafl_tools.write_puzzle_pages` writes exactly the committed pages."""
    puzzles = json.loads(write_puzzle_pages.PUZZLES.read_text("utf-8"))
    write_puzzle_pages.write_pages(puzzles, tmp_path)
    made = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    committed = {p.name: p.read_bytes() for p in (ROOT / "docs" / "aufgaben").glob("*.md")}
    assert sorted(made) == sorted(committed)
    different = [name for name in made if made[name] != committed[name]]
    assert not different, f"von Hand geändert oder Datei veraltet: {different}"


def test_a_mined_position_already_there_is_kept_once() -> None:
    """--add merges: a new position is appended (cut to the page fields), a known one not."""
    known = {"variant": "brandub-7", "grid": "g", "side": "Angreifer", "kind": "win"}
    new = dict(known, grid="h", depth=1, theme="Flucht", source="s", moves=["a1-a2"], extra=1)
    new.update(origin="game", target=None, motifs=[], line=["a1-a2"], difficulty=1.0)
    out = write_puzzle_pages.merged([known], [dict(known, depth=2), new])
    assert out[0] is known and len(out) == 2
    assert out[1] == {k: new[k] for k in write_puzzle_pages.FIELDS}
