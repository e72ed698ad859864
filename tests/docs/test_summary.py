"""“Auf einen Blick”: facts generated from the rule data, checked against the rule texts."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tafl_core import variant
from tafl_core.rules import Escape, KingCapture, NoMoves, Repetition
from tafl_docs.catalogue import ORDER
from tafl_docs.directives import Context, expand
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
    assert "König ein Eckfeld erreicht" in facts["Ziel"]
    assert "24 Angreifer gegen 12 Verteidiger und den König" in facts["Aufstellung"]
    assert "Die Angreifer beginnen." in facts["Aufstellung"]
    assert facts["Sperrfelder"].startswith(
        "Auf dem Thron (f6) und den Ecken darf nur der König stehen bleiben"
    )
    assert "über den leeren Thron dürfen alle ziehen." in facts["Sperrfelder"]
    assert (
        "der Thron gegen Angreifer immer und gegen Verteidiger nur, wenn er leer ist"
        in facts["Sperrfelder"]
    )
    assert "Der König schlägt mit." in facts["König"]
    assert "von vier Seiten" in facts["König"]
    assert "ein leerer Thron daneben zählt mit" in facts["König"]
    assert "Am Rand ist er sicher." in facts["König"]
    assert facts["Wiederholung"] == (
        "Tritt dieselbe Stellung zum dritten Mal ein, verlieren die Verteidiger."
    )
    assert facts["Kein Zug"] == "Wer nicht ziehen kann, verliert."


def test_odin_states_its_rules() -> None:
    """Martens' Odin: edge escape, weak armed king, berserker, commanders, variegated men."""
    items = at_a_glance(variant("odin-11"))
    facts = _texts(items)
    assert "Sperrfelder" not in facts
    assert "Schildwall" not in facts and "Umzingelung" not in facts
    assert "ein beliebiges Randfeld" in facts["Ziel"]
    assert "ihre Startfelder sind nicht überliefert" in facts["Aufstellung"]
    assert "24 Angreifer (davon 8 Kommandanten, 4 Bunte)" in facts["Aufstellung"]
    assert "12 Verteidiger (davon 4 Kommandanten, 2 Bunte)" in facts["Aufstellung"]
    assert "wie jede Figur zwischen zwei Gegnern" in facts["König"]
    assert facts["Wiederholung"].endswith("herbeiführt, verliert.")
    assert "einen Bunten umdreht" in facts["Berserker"]
    assert "der übersprungene Stein bleibt stehen" in facts["Kommandanten"]
    assert "wechselt die Seite" in facts["Bunte"]
    assert [i.topic for i in items][-3:] == ["Berserker", "Kommandanten", "Bunte"]


def test_seeschlacht_king_is_unarmed() -> None:
    facts = _texts(at_a_glance(variant("seeschlacht-11")))
    assert "unbewaffnet" in facts["König"]
    # the king wins on reaching any edge square, so "not capturable on the edge" is never said
    assert "sicher" not in facts["König"]


@pytest.mark.parametrize(
    ("change", "topic", "before", "after"),
    [
        ({"escape": Escape.EDGE, "corners": True}, "Ziel", "Eckfeld", "Randfeld"),
        ({"king_armed": False}, "König", "schlägt mit", "unbewaffnet"),
        ({"king_capture": KingCapture.TWO_SIDES}, "König", "vier Seiten", "zwei Gegnern"),
        ({"repetition": Repetition.MOVER_LOSES}, "Wiederholung", "Verteidiger", "herbeiführt"),
        ({"no_moves": NoMoves.DRAW}, "Kein Zug", "verliert", "unentschieden"),
        ({"repetition": Repetition.DRAW}, "Wiederholung", "Verteidiger", "unentschieden"),
        (
            {"king_capture": KingCapture.STRONG_NEAR_THRONE, "king_edge_counts": False},
            "König",
            "Am Rand ist er sicher",
            "drei Angreifern und dem Thron",
        ),
    ],
)
def test_changed_parameter_changes_text(
    change: dict[str, Any], topic: str, before: str, after: str
) -> None:
    v = variant("copenhagen-11")
    changed = replace(v, rules=replace(v.rules, **change))
    old, new = _texts(at_a_glance(v))[topic], _texts(at_a_glance(changed))[topic]
    assert before in old and before not in new
    assert after in new and after not in old


def test_locked_throne_is_said() -> None:
    """Linnaeus' Tablut (Ashton/Salmi): once the king has left the throne, nobody enters it."""
    v = variant("copenhagen-11")
    old = _texts(at_a_glance(v))["Sperrfelder"]
    new = _texts(at_a_glance(replace(v, rules=replace(v.rules, throne_reentry=False))))
    assert "niemand mehr betreten, auch er nicht" in new["Sperrfelder"]
    assert "niemand mehr" not in old


def test_tablut_throne_hostile_when_empty_to_both() -> None:
    """Linnaeus' Tablut (OpenTafl, hnefatafl-rs): the empty throne is hostile to everyone."""
    facts = _texts(at_a_glance(variant("tablut-9")))
    assert "der leere Thron gegen beide Seiten wie ein Gegner" in facts["Sperrfelder"]
    assert "niemand mehr betreten, auch er nicht" in facts["Sperrfelder"]
    assert "drei Angreifern und dem Thron" in facts["König"]
    assert "unentschieden" in facts["Wiederholung"]


def test_brandub_opentafl_form_has_no_hostile_throne() -> None:
    """OpenTafl / Dragonheel's Lair: only the corners act as enemies; two attackers everywhere."""
    facts = _texts(at_a_glance(variant("brandub-7-opentafl")))
    hostile = facts["Sperrfelder"].split("Beim Schlagen ", 1)[1]
    assert "die Ecken gegen beide Seiten" in hostile and "Thron" not in hostile
    assert "wie jede Figur zwischen zwei Gegnern" in facts["König"]
    assert "unentschieden" in facts["Wiederholung"]


def test_tawlbwrdd_has_no_restricted_squares() -> None:
    """OpenTafl's Tawlbwrdd: no throne, no corners, edge escape, encirclement, draw."""
    facts = _texts(at_a_glance(variant("tawlbwrdd-11")))
    assert "Sperrfelder" not in facts
    assert "beliebiges Randfeld" in facts["Ziel"]
    assert "Umzingelung" in facts
    assert "unentschieden" in facts["Wiederholung"]


def test_linnaean_capture_is_said_only_where_it_holds() -> None:
    """OpenTafl linc: a defender beside the throned king, hemmed in on three sides by
    attackers, falls against the throne (Tablut after Linnaeus only)."""
    facts = _texts(at_a_glance(variant("tablut-9")))
    assert "von drei Angreifern umstellt" in facts["Sperrfelder"]
    assert (
        "fällt ein Verteidiger an seiner vierten Seite auch gegen den Thron" in facts["Sperrfelder"]
    )
    v = variant("tablut-9")
    off = _texts(at_a_glance(replace(v, rules=replace(v.rules, linnaean_capture=False))))
    assert "gegen den Thron" not in off["Sperrfelder"]
    for slug in ORDER:
        if slug != "tablut-9":
            assert "gegen den Thron" not in _texts(at_a_glance(variant(slug))).get(
                "Sperrfelder", ""
            ), slug


def test_switching_a_rule_off_removes_its_item() -> None:
    v = variant("copenhagen-11")
    plain = replace(v, rules=replace(v.rules, shieldwall=False, edge_fort=False))
    topics = [i.topic for i in at_a_glance(plain)]
    assert "Schildwall" not in topics and "Randfestung" not in topics
    assert "Umzingelung" in topics


def test_throne_passing_follows_the_parameter() -> None:
    facts = _texts(at_a_glance(variant("standard-tablut-9")))
    assert "auch über den leeren Thron zieht nur er." in facts["Sperrfelder"]
    assert "Thron und Ecken gegen beide Seiten wie ein Gegner" in facts["Sperrfelder"]
    assert "Stellungen dürfen sich beliebig oft wiederholen" in facts["Wiederholung"]
    assert facts["Kein Zug"].endswith("endet die Partie unentschieden.")
    assert "der Thron, eine Ecke und der Brettrand daneben zählen mit" in facts["König"]


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
        "brandub-7-opentafl",
        "tawlbwrdd-11",
    ],
)
def test_short_plain_reader_text(slug: str) -> None:
    items = at_a_glance(variant(slug))
    assert len(items) <= 12
    for item in items:
        for word in ("_", "`", "*", "^", "true", "false", "throne", "king"):
            assert word not in item.text, (item.topic, word)


def _expand(slug: str) -> str:
    ctx = Context(f"varianten/{slug}.md", f"varianten/{slug}/")
    out, problems = expand(f"## Auf einen Blick\n\n[[tafl:aufeinenblick {slug}]]\n", ctx)
    assert problems == []
    return out


def test_directive_draws_the_setup_and_lists_the_facts() -> None:
    out = _expand("copenhagen-11")
    board, legend = out.split('<div class="tafl-legende">')
    assert board.count("<svg") == 1  # the setup diagram; the legend of its pieces follows
    assert "König" in legend
    assert "- **[Ziel](../mechaniken/flucht.md):** Die Verteidiger gewinnen, wenn ihr König" in out
    # board, forces and first mover are the diagram's caption, not a list item
    assert "24 dunkle Angreifer gegen 12 helle Verteidiger und den hellen König" in out
    assert "Aufstellung:" not in out
    assert out.count("\n- **") == len(at_a_glance(variant("copenhagen-11"))) - 1


def test_directive_without_setup_says_so_once() -> None:
    out = _expand("odin-11")
    board, legend = out.split('<div class="tafl-legende">')
    assert "<svg" not in board  # no setup diagram; the legend still explains the pieces
    assert "Kommandant" in legend
    assert out.count("nicht überliefert") == 1
    assert "Keine Startaufstellung belegt" not in out


def test_directive_names_a_bad_slug() -> None:
    ctx = Context("varianten/x.md", "varianten/x/")
    _, problems = expand("[[tafl:aufeinenblick gibtsnicht]]", ctx)
    assert len(problems) == 1 and "gibtsnicht" in problems[0].message


def test_every_topic_links_to_an_existing_mechanics_page() -> None:
    from pathlib import Path

    from tafl_docs.catalogue import GLANCE_PAGES

    docs = Path(__file__).resolve().parents[2] / "docs"
    topics = {i.topic for slug in ORDER for i in at_a_glance(variant(slug))}
    assert topics - {"Aufstellung"} <= set(GLANCE_PAGES)
    for page in GLANCE_PAGES.values():
        assert (docs / page).is_file(), page
