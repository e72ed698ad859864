"""One way of counting turns on every board, and the exercise's hint marked on the board."""

from __future__ import annotations

import json
import re

from tafl_core.pieces import Side
from tafl_core.wording.turns import move_numbers
from tafl_web import Session, api
from tests.core.test_exercises import CORNERS, board, call, page
from tests.core.test_games import HAND


def _view(key: int, method: str, *args: object) -> dict:
    answer: dict = json.loads(api.call(key, method, json.dumps(list(args))))
    return answer


def test_numbers_begin_with_the_attackers_turn() -> None:
    a, d = Side.ATTACKERS, Side.DEFENDERS
    assert move_numbers([a, d, a, d, a]) == [1, 1, 2, 2, 3]
    assert move_numbers([d, a, d]) == [1, 2, 2]  # a game the defenders open
    assert move_numbers([]) == []


def test_free_board_list_and_pairs_count_alike() -> None:
    s = Session("brandub-7")
    for step in ("d6-e6", "c4-c6", "b4-c4"):
        view = s.move(step)
    assert [line.split(".")[0] for line in view["moves"]] == ["1", "1", "2"]
    assert view["move_pairs"] == ["1. d6-e6 c4-c6", "2. b4-c4"]


def test_replay_counts_as_the_record_numbers_its_turns() -> None:
    """The replay's list and its place use the numbers the OTN record itself writes."""
    written = []  # the record's main line: (number, side) of each turn
    for line in HAND.splitlines():
        if m := re.fullmatch(r"(\d+)\. (\S+) (\S+)", line):
            written += [(int(m[1]), "Angreifer"), (int(m[1]), "Verteidiger")]
    key = api.create(json.dumps({"variant": "brandub-7", "partie": HAND}))
    game = _view(key, "view")["partie"]
    shown = [(int(t.split(".")[0]), t.split(" ")[1].rstrip(":")) for t in game["turns"]]
    assert shown == written
    assert game["where"] == f"Anfangsstellung ({written[-1][0]} Züge)"
    for number, side in written:
        where = _view(key, "replay_next")["partie"]["where"]
        assert where == f"Zug {number} von {written[-1][0]}, {side}"


def test_hint_marks_its_squares_on_the_drawn_board() -> None:
    key, before = board(page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", "c2-a2; c2-c1; c2-c11"))
    assert "Hervorgehoben" not in before["svg"]
    view = call(key, "tip")
    assert view["message"].startswith("Tipp: Es zieht die Figur auf c2")
    labels = {sq["name"]: sq["label"] for sq in view["squares"]}
    assert labels["c2"].endswith(", Tipp")
    assert [n for n, label in labels.items() if label.endswith(", Tipp")] == ["c2"]
    assert "Hervorgehoben: c2." in view["svg"]  # the renderer's description of its marks
    assert view["svg"].count("data-highlight") == 1
    view = call(key, "tip")
    to = re.match(r"Tipp: von c2 nach (\w+)", view["message"])
    assert to is not None
    marked = sorted(
        n
        for n, label in ((s["name"], s["label"]) for s in view["squares"])
        if label.endswith(", Tipp")
    )
    assert marked == sorted(["c2", to[1]])
    assert view["svg"].count("data-highlight") == 2
    view = call(key, "move", f"c2-{to[1]}")
    assert view["aufgabe"]["state"] in {"ready", "solved"}
    assert not any(s["label"].endswith(", Tipp") for s in view["squares"])  # the hint is used up


def test_first_instruction_says_how_turns_count() -> None:
    _, view = board(page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", "c2-a2; c2-c1; c2-c11"))
    assert "„in 2 Zügen“ zählt nur die eigenen Züge" in view["message"]
