"""python -m tafl_tools.match: a match published part-way goes on where it stopped, also without
its journal (a fresh clone), and ends with the same games as a match played in one go."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tafl_tools import match

ROOT = Path(__file__).resolve().parents[2]

SLUG, LEVELS = "brandub-7", (2, 1)


def games_of(path: Path) -> list[tuple[int, list[str], str | None]]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    return [(r["game"], r["opening"] + r["turns"], r["winner"]) for r in doc["records"]]


def test_a_match_published_part_way_resumes_without_its_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(match, "plan", lambda: [(SLUG, LEVELS, 4)])
    path = match.match_path(SLUG, LEVELS, tmp_path)
    part = match.journal_path(path)
    # two of the four planned games are played, then the run stops
    match.play_match(SLUG, LEVELS, 2, quiet=True, journal=part)
    assert match.publish_partial(tmp_path) == [path]
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert (doc["games"], doc["planned"]) == (2, 4)
    assert not match.is_complete(path)
    first_two = games_of(path)
    # a fresh clone has the file but no journal
    part.unlink()
    match.run_plan(1, tmp_path, None)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert (doc["games"], doc["planned"]) == (4, 4) and match.is_complete(path)
    assert not part.exists()
    assert games_of(path)[:2] == first_two
    # the same games as one uninterrupted match of four
    whole = match.play_match(SLUG, LEVELS, 4, quiet=True)
    assert [(r["game"], r["opening"] + r["turns"], r["winner"]) for r in whole["records"]] == (
        games_of(path)
    )


def test_a_finished_match_is_not_played_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(match, "plan", lambda: [(SLUG, LEVELS, 2)])
    path = match.match_path(SLUG, LEVELS, tmp_path)
    match.run_plan(1, tmp_path, None)
    before = path.read_text(encoding="utf-8")
    monkeypatch.setattr(match, "play_match", lambda *a, **k: pytest.fail("played again"))
    match.run_plan(1, tmp_path, None)
    assert match.publish_partial(tmp_path) == []
    assert path.read_text(encoding="utf-8") == before
