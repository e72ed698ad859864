"""The board's modes decide which actions apply; the engine decides why a piece may not
be chosen (tafl_web/modes.py, tafl_web/session.py)."""

from __future__ import annotations

import json

import pytest

from tafl_core import Board, Move, MoveError, variant
from tafl_core.wording.board import MODE_REFUSALS
from tafl_web import api
from tafl_web.modes import EDITOR, MODES, PLAY
from tafl_web.session import Session


def test_every_refusal_code_has_a_german_sentence() -> None:
    for mode in MODES.values():
        for action, code in mode.refused.items():
            assert action in api.ACTIONS, (mode.name, action)
            assert code in MODE_REFUSALS, (mode.name, code)
            sentence = mode.refusal(action)
            assert sentence and sentence[0].isupper() and sentence.endswith("."), sentence
    assert not PLAY.refused


def test_a_refused_action_does_not_run() -> None:
    s = Session("brandub-7", editing=True)
    assert s.mode is EDITOR
    before = s.start.to_ascii()
    view = s.move("d2-c2")
    assert view["message"] == EDITOR.refusal("move")
    assert s.start.to_ascii() == before and not s.turns


def _game(slug: str, turns: int) -> str:
    board = Board(variant(slug))
    texts = []
    for _ in range(turns):
        move = board.legal_moves()[0]
        texts.append(board.move_text(move))
        board.push(move)
    return "\n".join(f"{i // 2 + 1}. " + " ".join(texts[i : i + 2]) for i in range(0, turns, 2))


@pytest.mark.parametrize(("method", "args"), [("place", ["a1", "A"]), ("set_editing", [True])])
def test_a_replay_cannot_be_edited(method: str, args: list[object]) -> None:
    key = api.create(json.dumps({"variant": "brandub-7", "partie": _game("brandub-7", 2)}))
    before = json.loads(api.call(key, "view"))
    answer = json.loads(api.call(key, method, json.dumps(args)))
    assert answer["message"].startswith("Hier wird eine Partie nachgespielt")
    assert answer["squares"] == before["squares"] and not answer["editing"]


@pytest.mark.parametrize("square", ["e4", "e5", "a1"])
def test_why_a_piece_may_not_be_chosen_is_the_engines(square: str) -> None:
    s = Session("copenhagen-11")
    board = Board(variant("copenhagen-11"))
    s_square = board.square(square)
    with pytest.raises(MoveError) as refused:
        board.check(Move(s_square, board.square("k11")))
    why = refused.value.why
    assert s.tap(square)["message"] == why[0].upper() + why[1:] + "."
    assert s.selected is None


def test_the_picture_has_no_tap_attributes() -> None:
    s = Session("brandub-7")
    s.tap("d2")
    svg = s.view()["svg"]
    assert "data-svg-square=" in svg and "data-svg-target=" in svg
    assert " data-square=" not in svg and " data-target=" not in svg


def test_the_renderer_refuses_a_malformed_data_prefix() -> None:
    from diagrams.svg import position_svg
    from tafl_core.errors import ArgumentError

    v = variant("brandub-7")
    assert 'data-x-square="' in position_svg(v.start(), v.rules, data_prefix="data-x-")
    with pytest.raises(ArgumentError):
        position_svg(v.start(), v.rules, data_prefix='" onload="x')
