"""“Auf einen Blick”: facts generated from the rule data, checked against the rule texts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tafl_core import variant
from tafl_core.rules import Escape, KingCapture, NoMoves, Repetition
from tafl_docs.summary import GlanceItem, at_a_glance


def _texts(items: list[GlanceItem]) -> dict[str, str]:
    return {item.topic: item.text for item in items}


def test_copenhagen_states_its_rules() -> None:
    """Nielsen's rules 1, 3, 5-9: corner escape, restricted squares, strong king, five endings."""
    facts = _texts(at_a_glance(variant("copenhagen-11")))
    assert list(facts) == [
        "Ziel",
        "Aufstellung",
        "Ziehen",
        "Sperrfelder",
        "Schlagen",
        "König",
        "Randfestung",
        "Umzingelung",
        "Wiederholung",
        "Kein Zug",
        "Schildwall",
    ]
    assert "König eines der vier Eckfelder erreicht" in facts["Ziel"]
    assert "24 Angreifer gegen 12 Verteidiger und den König" in facts["Aufstellung"]
    assert "Die Angreifer ziehen zuerst." in facts["Aufstellung"]
    assert "Thron in der Mitte (f6)" in facts["Sperrfelder"]
    assert "Über den leeren Thron dürfen alle Figuren hinwegziehen." in facts["Sperrfelder"]
    assert "Der König schlägt mit." in facts["König"]
    assert "von allen vier Seiten" in facts["König"]
    assert "Am Brettrand kann er nicht gefangen werden." in facts["König"]
    assert facts["Wiederholung"].endswith("verlieren die Verteidiger.")
    assert facts["Kein Zug"] == "Wer am Zug ist und keinen erlaubten Zug hat, verliert."


def test_odin_states_its_rules() -> None:
    """Martens' Odin: edge escape, weak armed king, berserker, commanders, variegated men."""
    items = at_a_glance(variant("odin-11"))
    facts = _texts(items)
    assert "Sperrfelder" not in facts
    assert "Schildwall" not in facts and "Umzingelung" not in facts
    assert "ein beliebiges Feld am Brettrand" in facts["Ziel"]
    assert "ist nicht überliefert" in facts["Aufstellung"]
    assert "24 Angreifer (davon 8 Kommandanten und 4 Bunte)" in facts["Aufstellung"]
    assert "12 Verteidiger (davon 4 Kommandanten und 2 Bunte)" in facts["Aufstellung"]
    assert "von zwei Seiten" in facts["König"]
    assert facts["Wiederholung"].endswith("verliert, wer sie mit seinem Zug herbeigeführt hat.")
    assert "einen Bunten umdreht" in facts["Berserker"]
    assert "nicht geschlagen" in facts["Kommandanten"]
    assert "wechselt auf seinem Feld die Seite" in facts["Bunte"]
    assert [i.topic for i in items][-3:] == ["Berserker", "Kommandanten", "Bunte"]


def test_seeschlacht_king_is_unarmed() -> None:
    facts = _texts(at_a_glance(variant("seeschlacht-11")))
    assert "unbewaffnet" in facts["König"]
    # the king wins on reaching any edge square, so "not capturable on the edge" is never said
    assert "Brettrand kann er nicht" not in facts["König"]


@pytest.mark.parametrize(
    ("change", "topic", "before", "after"),
    [
        ({"escape": Escape.EDGE, "corners": True}, "Ziel", "Eckfelder", "Brettrand"),
        ({"king_armed": False}, "König", "schlägt mit", "unbewaffnet"),
        ({"king_capture": KingCapture.TWO_SIDES}, "König", "vier Seiten", "zwei Seiten"),
        ({"repetition": Repetition.MOVER_LOSES}, "Wiederholung", "Verteidiger", "herbeigeführt"),
        ({"no_moves": NoMoves.DRAW}, "Kein Zug", "verliert", "unentschieden"),
    ],
)
def test_changed_parameter_changes_text(
    change: dict[str, object], topic: str, before: str, after: str
) -> None:
    v = variant("copenhagen-11")
    changed = replace(v, rules=replace(v.rules, **change))
    old, new = _texts(at_a_glance(v))[topic], _texts(at_a_glance(changed))[topic]
    assert before in old and before not in new
    assert after in new and after not in old


def test_switching_a_rule_off_removes_its_item() -> None:
    v = variant("copenhagen-11")
    plain = replace(v, rules=replace(v.rules, shieldwall=False, edge_fort=False))
    topics = [i.topic for i in at_a_glance(plain)]
    assert "Schildwall" not in topics and "Randfestung" not in topics
    assert "Umzingelung" in topics


def test_throne_passing_follows_the_parameter() -> None:
    facts = _texts(at_a_glance(variant("standard-tablut-9")))
    assert "Auch über den leeren Thron zieht nur er." in facts["Sperrfelder"]
    assert "Stellungen dürfen sich beliebig oft wiederholen" in facts["Wiederholung"]
    assert facts["Kein Zug"].endswith("endet die Partie unentschieden.")
    assert "Brettrand zählen dabei wie ein Angreifer" in facts["König"]


@pytest.mark.parametrize(
    "slug",
    [
        "copenhagen-11",
        "copenhagen-13",
        "odin-11",
        "seeschlacht-11",
        "simples-tafl-11",
        "standard-tablut-9",
        "tyr-11",
        "tyr-15",
    ],
)
def test_short_plain_reader_text(slug: str) -> None:
    items = at_a_glance(variant(slug))
    assert len(items) <= 12
    for item in items:
        for word in ("_", "`", "*", "^", "true", "false", "throne", "king"):
            assert word not in item.text, (item.topic, word)
