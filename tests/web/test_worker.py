"""The search worker's JSON bridge (tafl_web.worker) and the board actions it relies on."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tafl_core import parse_ascii
from tafl_core.otn import position_record
from tafl_web import api, worker

WIN_IN_ONE = """
7 . . . . . . .
6 . . . A . . .
5 . . . . . . .
4 . A . . . A .
3 K . . . . . .
2 . . . A . . .
1 . . . . . A .
  a b c d e f g
"""

#: A shuffle in Brandub (OpenTafl rules: the third repetition is a draw).
CYCLE = ["d1-c1", "d3-c3", "c1-d1", "c3-d3"]


def ask(function: Any, **request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(function(json.dumps(request)))
    return answer


def test_suggest_answers_a_turn_with_its_steps() -> None:
    answer = ask(worker.suggest, variant="brandub-7", grid=None, turn=None, level=1, seed=3)
    assert "error" not in answer
    assert answer["steps"] == answer["move"].split(",")
    assert answer["line"][0] == answer["move"]
    assert answer["level"] == 1


@pytest.mark.parametrize("level", [2, 5])
def test_a_win_in_one_is_found(level: int) -> None:
    answer = ask(
        worker.suggest,
        variant="brandub-7",
        grid=WIN_IN_ONE,
        turn="defenders",
        turns=[],
        level=level,
        seed=0,
    )
    assert answer["move"] == "a3-a1"


def test_otn_position_and_german_side() -> None:
    record = position_record(parse_ascii(WIN_IN_ONE, 7))
    answer = ask(worker.suggest, variant="brandub-7", grid=record, turn="Verteidiger", level=2)
    assert answer.get("move") == "a3-a1", answer
    answer = ask(worker.suggest, variant="brandub-7", grid="/7/", turn="Verteidiger", level=2)
    assert "OTN" in answer["error"] or "Reihen" in answer["error"]


def test_repetition_history_counts_through_turns() -> None:
    once = ask(worker.suggest, variant="brandub-7-opentafl", turns=CYCLE, level=2, seed=1)
    assert "move" in once
    twice = ask(worker.suggest, variant="brandub-7-opentafl", turns=CYCLE * 2, level=2, seed=1)
    assert "Remis" in twice["error"] and "entschieden" in twice["error"]


def test_turns_as_lists_of_steps() -> None:
    answer = ask(worker.suggest, variant="brandub-7", turns=[["d1-c1"], "d3-c3"], level=1)
    assert "move" in answer


@pytest.mark.parametrize(
    ("request_text", "words"),
    [
        ("kein json", "kein gültiges JSON"),
        ("[1, 2]", "JSON-Objekt"),
        ('{"level": 2}', "'variant'"),
        ('{"variant": "brandub-7", "farbe": 1}', "unbekannte Angabe"),
        ('{"variant": "brandub-7", "level": "2"}', "falschen Typ"),
        ('{"variant": "brandub-7", "level": true}', "falschen Typ"),
        ('{"variant": "brandub-7", "level": 9}', "zwischen 1 und 5"),
        ('{"variant": "schach"}', "unbekannte Variante"),
        ('{"variant": "odin-11"}', "keine Startaufstellung"),
        ('{"variant": "brandub-7", "turns": ["d1-d9"]}', "Zug 1"),
        ('{"variant": "brandub-7", "turns": [""]}', "leer"),
        ('{"variant": "brandub-7", "turns": [3]}', "Text oder eine Liste"),
        ('{"variant": "brandub-7", "turn": "Schwarz"}', "unbekannte Seite"),
        ('{"variant": "copenhagen-11", "grid": "' + "/7/7/7/7/7/7/7/" + '"}', "7×7"),
    ],
)
def test_errors_are_german(request_text: str, words: str) -> None:
    for function in (worker.suggest, worker.analyse):
        answer = json.loads(function(request_text))
        assert set(answer) == {"error"}
        assert words in answer["error"], answer["error"]
        assert "Traceback" not in answer["error"]


def test_analyse_answers_the_contract_or_says_why_not() -> None:
    answer = ask(worker.analyse, variant="brandub-7", grid=WIN_IN_ONE, turn="defenders", level=2)
    if "error" in answer:
        assert "Analyse" in answer["error"]
        return
    assert answer["move"] == "a3-a1"
    assert isinstance(answer["sentences"], list) and answer["sentences"]
    assert isinstance(answer["verdict"], str) and answer["verdict"]
    assert -1.0 <= answer["bar"] <= 1.0
    assert set(answer["kinds"]) == set(worker.SQUARE_KINDS)
    for square in answer["squares"]:
        assert square["kind"] in worker.SQUARE_KINDS


def test_search_state_and_take_back_through_the_bridge() -> None:
    key = api.create(json.dumps({"variant": "brandub-7"}))
    api.call(key, "move", '["d1-c1"]')
    state = json.loads(api.call(key, "search_state"))
    assert state["variant"] == "brandub-7" and state["turns"] == ["d1-c1"]
    assert state["turn"] == "attackers"
    answer = ask(worker.suggest, **state, level=2, seed=0)
    view = json.loads(api.call(key, "move", json.dumps([answer["steps"][0]])))
    assert view["side"] == "attackers" and len(view["move_pairs"]) == 1
    # "Zurück" against the computer: its reply and the reader's turn go
    view = json.loads(api.call(key, "take_back", '["attackers"]'))
    assert view["move_pairs"] == [] and view["side"] == "attackers" and not view["can_undo"]
    # while the computer thinks (its turn): only the reader's turn goes
    api.call(key, "move", '["d1-c1"]')
    view = json.loads(api.call(key, "take_back", '["attackers"]'))
    assert view["move_pairs"] == [] and view["side"] == "attackers"
    assert json.loads(api.call(key, "view"))["winner"] == ""


CHAIN = """
11 . . . . . . . . . . .
10 . A . . . . . . . . .
 9 . . . . . K . . . A .
 8 . . V . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . A . . A . . .
 5 . . . . V . . V . . .
 4 A . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . V . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
"""


@pytest.mark.parametrize("steps", [["a4-e4", "e4-h4"], ["a4-e4"], None])
def test_a_berserker_turn_is_played_step_by_step_as_the_page_does(
    steps: list[str] | None,
) -> None:
    """The page plays the worker's steps one by one through `move` and ends an open chain
    with `end_turn` (tafl-opponent.js playSteps): one whole turn, then the other side."""
    key = api.create(json.dumps({"variant": "tyr-11", "grid": CHAIN, "turn": "attackers"}))
    if steps is None:  # what the computer itself chooses here
        state = json.loads(api.call(key, "search_state"))
        steps = ask(worker.suggest, **state, level=3, seed=0)["steps"]
    for step in steps:
        view = json.loads(api.call(key, "move", json.dumps([step])))
        assert "error" not in view and view["message"].startswith("Angreifer"), view["message"]
    if view["chain"]:
        view = json.loads(api.call(key, "end_turn"))
    assert view["side"] == "defenders" and not view["chain"]
    assert view["move_pairs"] == ["1. " + ",".join(steps)]
    assert json.loads(api.call(key, "search_state"))["turns"] == [",".join(steps)]


def test_analyse_counts_the_repetition_of_the_turns() -> None:
    answer = ask(worker.analyse, variant="brandub-7-opentafl", turns=CYCLE * 2, level=4)
    assert answer["move"] is None and "Remis" in answer["verdict"], answer
    answer = ask(worker.analyse, variant="brandub-7-opentafl", turns=CYCLE, level=2)
    assert answer["move"] is not None and answer["line"][0] == answer["move"]
