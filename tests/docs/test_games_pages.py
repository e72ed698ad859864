"""The Partien pages and the replay session: every chosen game replays and shows its claim.

The claims are checked from the games file itself (the line's own steps played with plain
`Board.push_text`, captures classified by `TurnRecord` as the turn records of the engine
say), not from the choosing script; the replay session is driven through the page bridge
(`tafl_web.api`) as the browser drives it.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tafl_core import Board, variant
from tafl_core.captures import CaptureRule
from tafl_core.outcome import Reason
from tafl_core.turns import play_turn
from tafl_web import api

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data" / "games"
FILES = {"copenhagen-11": "copenhagen_games.csv", "brandub-7": "brandubh_games.csv"}
CHOSEN = json.loads((DATA / "chosen.json").read_text("utf-8"))
ENDINGS = {
    "flucht": Reason.ESCAPE,
    "koenigsfang": Reason.KING_CAPTURED,
    "randfestung": Reason.EDGE_FORT,
    "umzingelung": Reason.ENCIRCLEMENT,
}


def steps(choice: dict[str, Any]) -> list[str]:
    line = (DATA / FILES[choice["variant"]]).read_text("utf-8").splitlines()[choice["line"] - 1]
    return [word.split("x")[0] for word in line.split(",")[0].split()]


def test_every_variant_with_games_has_its_themes() -> None:
    found = {(c["variant"], c["feature"]) for c in CHOSEN}
    for feature in ("flucht", "koenigsfang", "randfestung", "umzingelung", "schildwall"):
        assert ("copenhagen-11", feature) in found
    for feature in ("flucht", "koenigsfang"):
        assert ("brandub-7", feature) in found


@pytest.mark.parametrize("choice", CHOSEN, ids=lambda c: f"{c['variant']}-{c['feature']}")
def test_chosen_game_shows_what_it_claims(choice: dict[str, Any]) -> None:
    board = Board(variant(choice["variant"]))
    records = []
    for step in steps(choice):
        if board.outcome is not None:
            break
        records.append(play_turn(board, [step]))
    assert len(records) == choice["turns"]
    turn = records[choice["moment"] - 1]
    geo = board.pos.geo
    assert [geo.name(s) for s in sorted(turn.captured)] == choice["captured"]
    if choice["feature"] in ENDINGS:
        assert choice["moment"] == choice["turns"]
        assert board.outcome is not None
        assert board.outcome.reason is ENDINGS[choice["feature"]]
    else:
        assert turn.by_rule(CaptureRule.SHIELDWALL)
        assert board.outcome is not None  # a decided game
    winner = board.outcome.winner
    assert winner is not None and choice["result"] == f"die {winner.german} gewinnen"
    assert choice["turns"] >= 20


@pytest.mark.parametrize("slug", FILES)
def test_page_carries_each_chosen_game(slug: str) -> None:
    text = (ROOT / "docs" / "partien" / f"{slug}.md").read_text("utf-8")
    chosen = [c for c in CHOSEN if c["variant"] == slug]
    players = re.findall(r'<div class="tafl-partie" data-partie="([^"]+)"', text)
    assert players == [f"{slug}-{c['line']}" for c in chosen]
    for choice in chosen:
        assert choice["headline"] in text
        assert f"Titel: {choice['title']}" in text
    assert "MIT-Lizenz" in text and "hnefatafl-rs" in text
    assert (DATA / "LICENSE-hnefatafl-rs").exists()


def _view(key: int, method: str, args: str = "[]") -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.call(key, method, args))
    assert "error" not in answer, answer
    return answer


def _page_data(slug: str, line: int) -> dict[str, Any]:
    text = (ROOT / "docs" / "partien" / f"{slug}.md").read_text("utf-8")
    m = re.search(
        rf'data-partie="{slug}-{line}".*?<template class="tafl-partie-daten">(.*?)</template>',
        text,
    )
    assert m is not None
    data: dict[str, Any] = json.loads(html.unescape(m.group(1)))
    return data


@pytest.mark.parametrize("choice", CHOSEN, ids=lambda c: f"{c['variant']}-{c['feature']}")
def test_replay_of_the_page_data_explains_the_moment(choice: dict[str, Any]) -> None:
    data = _page_data(choice["variant"], choice["line"])
    assert data["moment"] == choice["moment"]
    key = api.create(json.dumps({"variant": data["variant"], "partie": data["partie"]}))
    view = _view(key, "view")
    assert view["partie"]["total"] == choice["turns"]
    assert view["partie"]["shown"] == 0
    view = _view(key, "replay_goto", json.dumps([choice["moment"] - 1]))
    view = _view(key, "replay_next")
    assert view["partie"]["shown"] == choice["moment"]
    message = view["message"]
    assert message.startswith(f"{'Angreifer' if choice['moment'] % 2 else 'Verteidiger'}: ")
    assert choice["move"] in message
    for square in choice["captured"]:
        assert square in message
    if choice["feature"] == "schildwall":
        assert "im Schildwall geschlagen" in message
    if choice["feature"] == "koenigsfang":
        assert "als König gefangen" in message
    if choice["moment"] == choice["turns"]:
        assert f"– {choice['result']}." in message
        assert not view["partie"]["can_forward"]


def test_replay_steps_back_and_forth_to_the_same_positions() -> None:
    choice = next(c for c in CHOSEN if c["feature"] == "schildwall")
    data = _page_data(choice["variant"], choice["line"])
    key = api.create(json.dumps({"variant": data["variant"], "partie": data["partie"]}))
    pictures = [_view(key, "view")["svg"]]
    for _ in range(choice["turns"]):
        pictures.append(_view(key, "replay_next")["svg"])
    assert _view(key, "replay_next")["message"].startswith("Das ist das Ende der Partie.")
    for shown in range(choice["turns"] - 1, -1, -1):
        view = _view(key, "replay_back")
        assert view["partie"]["shown"] == shown
        assert view["svg"] == pictures[shown]
    assert _view(key, "replay_end")["svg"] == pictures[-1]
    assert _view(key, "replay_start")["svg"] == pictures[0]
    assert "nachgespielt" in _view(key, "tap", '["a1"]')["message"]


def test_a_bad_game_is_shown_as_a_german_error() -> None:
    key = api.create(json.dumps({"variant": "brandub-7", "partie": "d2-e2 d3-d9"}))
    view = _view(key, "view")
    assert view["partie"]["error"].startswith("Die Partie lässt sich nicht öffnen: Zeile 1, Zug 2")
    assert view["message"] == view["partie"]["error"]
    assert not view["partie"]["can_forward"]
    assert _view(key, "replay_next")["message"] == view["partie"]["error"]
    other = api.create(json.dumps({"variant": "copenhagen-11", "partie": "[rules:dim:7]\n"}))
    assert "Die Partie lässt sich nicht öffnen" in _view(other, "view")["message"]


def test_free_board_game_reopens_in_the_replay() -> None:
    board = api.create(json.dumps({"variant": "brandub-7"}))
    for step in ("d6-e6", "c4-c6", "b4-c4", "d5-b5"):
        _view(board, "move", json.dumps([step]))
    game = _view(board, "export")["game"]
    key = api.create(json.dumps({"variant": "brandub-7", "partie": game}))
    view = _view(key, "replay_end")
    assert view["partie"]["shown"] == 4
    assert "Verteidiger: d5-b5" in view["message"]


def test_replay_shows_comments_and_variations_of_a_record() -> None:
    from tests.core.test_games import HAND

    key = api.create(json.dumps({"variant": "brandub-7", "partie": HAND}))
    view = _view(key, "replay_next")
    assert view["message"] == (
        "Angreifer: d6-e6. Am Zug: Verteidiger. Kommentar: Die Angreifer öffnen."
    )
    assert view["partie"]["branches"] == ["statt d6-e6: d7-e7 d5-c5 a4-a3 c5-d5"]
    view = _view(key, "replay_goto", "[4]")
    assert view["partie"]["branches"] == ["statt d5-b5: e4-e5"]
    assert "Kommentar: Statt" not in view["message"]  # that comment is the variation's own
    assert _view(key, "replay_goto", "[2]")["partie"]["branches"] == []
    view = _view(key, "replay_end")
    assert view["message"].endswith(
        "Die Aufzeichnung endet hier, die Partie ist nicht entschieden."
    )


def test_replay_steps_into_another_line_of_play_and_back() -> None:
    """The record's variation of turn 1 is a game of its own: stepped through, then left."""
    from tests.core.test_games import HAND

    key = api.create(json.dumps({"variant": "brandub-7", "partie": HAND}))
    _view(key, "replay_next")
    view = _view(key, "replay_branch", "[0]")
    game = view["partie"]
    assert game["in_branch"]
    assert game["turns"] == [
        "1. Angreifer: d7-e7",
        "1. Verteidiger: d5-c5",
        "2. Angreifer: a4-a3",
        "2. Verteidiger: c5-d5",
    ]
    # counted in pairs, as the move list of the free board and OTN count
    assert (game["shown"], game["where"]) == (1, "Andere Zugfolge: Zug 1 von 2, Angreifer")
    assert view["message"].startswith("Angreifer: d7-e7.")
    assert "Kommentar: Eine andere Eröffnung." in view["message"]
    pieces = {sq["name"]: sq["piece"] for sq in view["squares"]}
    assert (pieces["e7"], pieces["d7"], pieces["d6"]) == ("A", "", "A")  # d6 did not move
    view = _view(key, "replay_end")
    assert view["message"].endswith("Hier endet diese Zugfolge.")
    view = _view(key, "replay_main")
    game = view["partie"]
    assert (game["in_branch"], game["shown"], game["where"]) == (False, 1, "Zug 1 von 3, Angreifer")
    assert game["turns"][0] == "1. Angreifer: d6-e6"
    assert "Das ist schon die Partie selbst." in _view(key, "replay_main")["message"]
    # the defenders' other answer on turn 4 replaces d5-b5 with e4-e5
    _view(key, "replay_goto", "[4]")
    view = _view(key, "replay_branch", "[0]")
    assert (view["partie"]["shown"], view["partie"]["total"]) == (4, 4)
    assert view["message"].startswith("Verteidiger: e4-e5.")
    assert "Kommentar: Statt d5-b5." in view["message"]
    assert "keine andere Zugfolge" in _view(key, "replay_branch", "[1]")["message"]


def test_pages_are_what_the_script_writes() -> None:
    """The committed pages and choices are the script's output for the current engine."""
    from tafl_tools import choose_games as script

    chosen = []
    for slug in FILES:
        games = script.choose(slug)
        page = (ROOT / "docs" / "partien" / f"{slug}.md").read_text("utf-8")
        assert page == script.page(slug, games), f"python -m tafl_tools.choose_games ({slug})"
        chosen += [c.__dict__ for c, _ in games]
    assert chosen == CHOSEN
