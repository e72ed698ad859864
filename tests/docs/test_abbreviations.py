"""The glossary tooltips are generated from the rule data and the file is current."""

from __future__ import annotations

import re

from tafl_core import all_variants
from tafl_docs import abbreviations as abbr


def _tooltips() -> dict[str, str]:
    text = abbr.ABBREVIATIONS_FILE.read_text(encoding="utf-8")
    return dict(re.findall(r"^\*\[([^\]]+)\]: (.*)$", text, flags=re.M))


def test_the_file_is_generated_from_the_data() -> None:
    assert abbr.ABBREVIATIONS_FILE.read_text(encoding="utf-8") == abbr.render(), (
        "includes/abbreviations.md ist veraltet: python -m tafl_docs.abbreviations"
    )
    assert abbr.main(["--check"]) == 0


def test_berserker_tooltip_names_every_variant_with_the_rule() -> None:
    """The old hand-written tooltip said '(Tyr, Odin)' and left out Berserk."""
    tip = _tooltips()["Berserker-Regel"]
    with_rule = {abbr.family(v.name) for v in all_variants().values() if v.rules.berserker}
    assert with_rule >= {"Berserk", "Tyr", "Odin"}
    for name in with_rule:
        assert name in tip, name
    assert "Copenhagen" not in tip


def test_lists_follow_the_rules() -> None:
    tips = _tooltips()
    assert tips["Schildwall"].endswith("(Copenhagen).")
    assert tips["Linné-Regel"].endswith("(Tablut).")
    assert "Brandub" in tips["Eckflucht"] and "Brandub" not in tips["Kantenflucht"]


def test_family_names() -> None:
    assert abbr.family("Copenhagen Hnefatafl 13×13") == "Copenhagen"
    assert abbr.family("Tablut 9×9 (nach Linné)") == "Tablut"
    assert abbr.family("Brandub 7×7 (OpenTafl-Form)") == "Brandub"
    assert abbr.family("Standard-Tablut 9×9") == "Standard-Tablut"


def test_a_changed_rule_changes_the_tooltip(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The list comes from the data: a variant that loses the rule drops out of it."""
    real = abbr.ordered_variants()
    kept = [v for v in real if not v.name.startswith("Berserk")]
    monkeypatch.setattr(abbr, "ordered_variants", lambda: kept)
    term = next(t for t in abbr.TERMS if t.words[0] == "Berserker-Regel")
    assert "Berserk," not in abbr.tooltip(term) and "Tyr" in abbr.tooltip(term)
