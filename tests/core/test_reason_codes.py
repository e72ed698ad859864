"""Codes in English, words of the example blocks in German: a refused step's reason code
(`MoveError.reason`) and an ending's (`Reason`) are English; an example block names the
refusal after "Illegal:" with its German word (`REFUSAL_WORDS`), as it names the ending
after "Ergebnis:"."""

from __future__ import annotations

import re

from tafl_core import Board, MoveError, variant
from tafl_core.examples.check import check_text
from tafl_core.legality import REASONS, REFUSAL_WORDS
from tafl_core.outcome import Reason
from tafl_core.wording.events import refusal_word

ENGLISH = re.compile(r"[a-z]+(-[a-z]+)*")


def test_every_code_is_english_and_has_one_german_word() -> None:
    for code in [*REASONS, *(r.value for r in Reason)]:
        assert ENGLISH.fullmatch(code), code
    assert sorted(REFUSAL_WORDS.values()) == sorted(REASONS)
    for word, code in REFUSAL_WORDS.items():
        assert refusal_word(code) == word
        assert word not in REASONS or word == code  # no German word doubles as a code


def test_the_engine_refuses_with_the_english_code() -> None:
    board = Board(variant("copenhagen-11"))
    try:
        board.push_text("e5-e4")
    except MoveError as exc:
        assert exc.reason == "wrong-side" and refusal_word(exc.reason) == "nicht-am-zug"
    else:
        raise AssertionError("a defender moved on the attackers' turn")


PAGE = """\
# Seite

```tafl
Variante: copenhagen-11
Stellung: Start
Zug: e5-e4
Illegal: {word}
```
"""


def test_a_block_names_the_refusal_in_german() -> None:
    assert check_text(PAGE.format(word="nicht-am-zug"), "docs/x.md")[0].ok
    wrong = str(check_text(PAGE.format(word="versperrt"), "docs/x.md")[0].problems)
    assert "'nicht-am-zug'" in wrong and "'versperrt'" in wrong and "wrong-side" not in wrong
    unknown = str(check_text(PAGE.format(word="wrong-side"), "docs/x.md")[0].problems)
    assert "unbekannte Grundklasse" in unknown


def test_the_python_page_maps_every_code_to_its_word() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "python.md").read_text("utf-8")
    for word, code in REFUSAL_WORDS.items():
        assert f"| `{code}` | `{word}` |" in text, code
