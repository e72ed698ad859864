"""The rule-parameter table: one entry per RuleSet field; check, applies, `tafl show` follow it."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from tafl_cli.main import main
from tafl_core import RuleSet, all_variants, variant
from tafl_core.params import PARAMS, TOPICS, applies
from tafl_core.rules import Escape, Hostility, KingCapture, KingJump, ThronePass


def test_every_field_is_declared_once_in_field_order() -> None:
    assert [p.name for p in PARAMS] == [f.name for f in fields(RuleSet)]
    for p in PARAMS:
        assert p.label and p.doc.endswith("."), p.name
        assert p.topic in TOPICS, p.name
    assert len({p.label for p in PARAMS}) == len(PARAMS)


def test_every_topic_has_a_parameter() -> None:
    assert {p.topic for p in PARAMS} == set(TOPICS)


def test_the_table_is_grouped_by_topic_in_topic_order() -> None:
    """Grouping by topic (the comparison of two variants) keeps the table's order."""
    topics = [p.topic for p in PARAMS]
    firsts = sorted(set(topics), key=topics.index)
    assert firsts == list(TOPICS)
    for topic in TOPICS:
        at = [i for i, t in enumerate(topics) if t == topic]
        assert at == list(range(at[0], at[-1] + 1)), topic


@pytest.mark.parametrize(
    ("rules", "word"),
    [
        # each of these was refused by RuleSet.check before the table existed
        (RuleSet(size=11, escape=Escape.CORNER), "Eckfelder"),
        (RuleSet(size=11, throne_hostile_attackers=Hostility.ALWAYS), "Thron"),
        (RuleSet(size=11, throne_hostile_defenders=Hostility.EMPTY), "Thron"),
        (RuleSet(size=11, corners_hostile_attackers=True), "Eckfelder"),
        (RuleSet(size=11, corners_hostile_defenders=True), "Eckfelder"),
        (RuleSet(size=11, corners=True, king_edge_counts=True), "vier Seiten"),
        (RuleSet(size=11, king_capture=KingCapture.STRONG_NEAR_THRONE), "Thron"),
        (RuleSet(size=11, throne_reentry=False), "Thron"),
        (RuleSet(size=11, linnaean_capture=True), "Thron"),
        (RuleSet(size=11, berserker_king_escape=True), "Berserker"),
        (RuleSet(size=11, king_jump=KingJump.RESTRICTED), "Sperrfelder"),
        (RuleSet(size=11, shieldwall=True), "Eckfelder"),
    ],
)
def test_check_names_what_is_missing(rules: RuleSet, word: str) -> None:
    problems = rules.check()
    assert len(problems) == 1
    assert word in problems[0]


def test_check_accepts_what_the_requirement_provides() -> None:
    assert RuleSet(size=11, corners=True, escape=Escape.CORNER, shieldwall=True).check() == []
    assert RuleSet(size=9, throne=True, king_jump=KingJump.RESTRICTED).check() == []
    assert RuleSet(size=11, berserker=True, berserker_king_escape=True).check() == []


def test_a_rule_without_meaning_must_keep_its_default() -> None:
    """Only the king passes a throne that is not there: refused like any throne rule."""
    problems = RuleSet(size=7, throne_pass=ThronePass.KING).check()
    assert problems and "Thron" in problems[0]


def test_applies_follows_the_requirements() -> None:
    tawlbwrdd = variant("tawlbwrdd-11").rules  # no throne, no corners, king on two sides
    assert not applies("throne_pass", tawlbwrdd)
    assert not applies("corners_hostile_defenders", tawlbwrdd)
    assert not applies("king_edge_counts", tawlbwrdd)
    assert applies("throne", tawlbwrdd) and applies("escape", tawlbwrdd)
    copenhagen = variant("copenhagen-11").rules
    assert applies("throne_reentry", copenhagen) and applies("king_edge_counts", copenhagen)
    assert not applies("berserker_king_escape", copenhagen)
    assert applies("berserker_king_escape", replace(copenhagen, berserker=True))


def _show(capsys: pytest.CaptureFixture[str], slug: str) -> str:
    assert main(["show", slug]) == 0
    return capsys.readouterr().out


def test_show_leaves_out_throne_rows_without_a_throne(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Tawlbwrdd (OpenTafl) has no throne and no corners: no row may speak of them."""
    out = _show(capsys, "tawlbwrdd-11")
    assert "Thron (Mittelfeld als Sperrfeld)" in out and "Eckfelder als Sperrfelder" in out
    for gone in (
        "König darf auf den Thron zurückkehren",
        "Wer den leeren Thron überqueren darf",
        "Thron feindlich für",
        "Ecken feindlich für",
        "Brettrand zählt beim Königsfang",
        "Berserker-Lauf",
    ):
        assert gone not in out, gone


def test_show_keeps_the_rows_that_apply(capsys: pytest.CaptureFixture[str]) -> None:
    out = _show(capsys, "copenhagen-11")
    assert "König darf auf den Thron zurückkehren" in out
    assert "Ecken feindlich für Verteidiger" in out
    assert "Brettrand zählt beim Königsfang als Seite" in out


@pytest.mark.parametrize("slug", sorted(all_variants()))
def test_show_prints_exactly_the_applying_rows(
    capsys: pytest.CaptureFixture[str], slug: str
) -> None:
    rules = variant(slug).rules
    out = _show(capsys, slug)
    for p in PARAMS:
        assert (f"  {p.label}  " in out) is applies(p.name, rules), p.name
