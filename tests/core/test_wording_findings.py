"""Wording findings of issue 33, item 5, that a machine can check.

- every stored solver sentence (the refutations of the Aufgaben pages, data/beweise/) and
  every reply sentence gives a piece name the masculine article ('ein Bunter', never
  'eine Bunter');
- a reply that completes an edge fort names the king as the one in the fort;
- the OTN note on 'tfr:w' names both readings (OpenTafl's notation document and its program).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tafl_core import otn
from tafl_core.outcome import Outcome, Reason
from tafl_core.pieces import Kind, Piece, Side
from tafl_core.variants import all_variants, variant
from tafl_core.wording import events

PROOFS = Path(__file__).resolve().parents[2] / "data" / "beweise"
#: Piece names (all masculine) and the words that may not stand right before them.
NAMES = r"(Bunter|Bunte|Bunten|Kommandant|Kommandanten|Ritter|Stein|König|Angreifer|Verteidiger)"
WRONG_SINGULAR = re.compile(r"\b(eine|das)\s+" + NAMES + r"\b")


def stored_sentences() -> list[str]:
    """Every sentence the solver stored for a page (its 'texts')."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            texts = node.get("texts")
            if isinstance(texts, list):
                found.extend(t for t in texts if isinstance(t, str))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted(PROOFS.rglob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found


def test_the_pattern_catches_the_old_article() -> None:
    assert WRONG_SINGULAR.search("Darauf zieht eine Bunter der Angreifer von d8 nach f8.")
    assert not WRONG_SINGULAR.search("Darauf zieht ein Bunter der Angreifer von d8 nach f8.")


def test_every_stored_sentence_has_the_masculine_article() -> None:
    sentences = stored_sentences()
    assert sentences, "no stored solver sentences found"
    bad = [s for s in sentences if WRONG_SINGULAR.search(s)]
    assert not bad, bad[:5]
    # only the king stands in an edge fort; another defender closes it around him
    fort = [s for s in sentences if "steht in einer Randfestung" in s]
    king = ("Darauf zieht der König", "Der König")
    assert all(s.startswith(king) for s in fort), fort[:5]


def test_every_reply_of_every_piece_kind_in_every_ending() -> None:
    """Reply sentences for every piece kind and side of every variant, quiet, capturing and
    ending the game in each way: the mover always 'ein …' (or 'der König')."""
    endings = [None] + [Outcome(w, r) for r in Reason for w in (Side.ATTACKERS, Side.DEFENDERS)]
    for v in all_variants().values():
        for piece in v.pieces():
            for captured in (0, 1, 2):
                for outcome in endings:
                    text = events.reply_sentence(v.rules, piece, [(0, 1)], captured, outcome)
                    assert not WRONG_SINGULAR.search(text), text
                    # a sentence, not a verdict code such as 'Angreifer gewinnen (Zugunfähigkeit)'
                    assert "(" not in text, text
                    subject = "der König" if piece.kind is Kind.KING else "ein "
                    assert text.startswith(f"Darauf zieht {subject}"), text


def test_an_edge_fort_reply_names_the_king() -> None:
    rules = variant("copenhagen-11").rules
    fort = Outcome(Side.DEFENDERS, Reason.EDGE_FORT)
    man = events.reply_sentence(rules, Piece(Side.DEFENDERS, Kind.MAN), [(0, 1)], 0, fort)
    assert "um den König eine Randfestung" in man, man
    assert "Verteidiger" in man and "steht in einer Randfestung" not in man
    king = events.reply_sentence(rules, Piece(Side.DEFENDERS, Kind.KING), [(0, 1)], 0, fort)
    assert king.startswith("Darauf zieht der König") and "steht in einer Randfestung" in king


def test_the_tfr_note_names_both_readings() -> None:
    notes = " ".join(otn.unexpressible(variant("copenhagen-11").rules))
    assert "tfr:w" in notes
    assert "herbeiführt, gewinnt" in notes  # the notation document
    assert "herbeiführt, verliert" in notes  # OpenTafl's program
    assert "0.4.8" in notes
