"""The page "Regeländerungen": rule changes read from a real Git history.

The lines are stated here from what each change does to a card or a variant file (the
German parameter labels and values as the cards print them), not taken from the module.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tafl_docs import changes_page, history
from tafl_docs.changes_page import describe
from tafl_docs.repository import Repository

CARD = """# Beispiel 7×7

## Auf einen Blick

Kurz.

## Spielregeln

### Ziehen

Alle Figuren ziehen wie der Turm.

### Schlagen

Eine Figur fällt zwischen zwei Gegnern.

## Zum Üben

Eine Aufgabe.

## Quellenlage

Eine Quelle.
"""

VARIANT = Path(__file__).resolve().parents[2] / "tafl_core/data/variants/brandub-7.toml"


def test_a_changed_rule_section_is_named_with_its_number() -> None:
    new = CARD.replace("zwischen zwei Gegnern", "zwischen zwei Gegnern oder Gegner und Ecke")
    assert describe(history.card_change(CARD, new)) == "Text von §\u00a02 „Schlagen“ überarbeitet."


def test_exercises_and_history_sections_are_no_rule_change() -> None:
    assert (
        describe(history.card_change(CARD, CARD.replace("Eine Aufgabe.", "Zwei Aufgaben."))) == ""
    )


def test_sources_section_counts() -> None:
    new = CARD.replace("Eine Quelle.", "Zwei Quellen.")
    assert describe(history.card_change(CARD, new)) == "Abschnitt „Quellenlage“ überarbeitet."


def test_new_renamed_and_dropped_rules() -> None:
    added = CARD.replace(
        "## Zum Üben", "### Flucht\n\nDer König flieht in eine Ecke.\n\n## Zum Üben"
    )
    assert describe(history.card_change(CARD, added)) == "§\u00a03 „Flucht“ hinzugekommen."
    renamed = CARD.replace("### Schlagen", "### Schlagen und Fangen")
    assert describe(history.card_change(CARD, renamed)) == (
        "§\u00a02 „Schlagen und Fangen“ neu gefasst (vorher „Schlagen“)."
    )
    assert describe(history.card_change(added, CARD)) == "§\u00a03 „Flucht“ entfallen."
    assert describe(history.card_change(None, CARD)) == "Regelkarte aufgenommen."


def test_a_parameter_change_names_rule_and_both_values() -> None:
    text = VARIANT.read_text(encoding="utf-8")
    new = text.replace("encirclement = false", "encirclement = true")
    assert describe(history.variant_change(text, new, "brandub-7.toml")) == (
        "Regeln geändert – Umzingelung: nein → ja."
    )
    assert describe(history.variant_change(None, text, "x")) == "Variante aufgenommen."
    metadata = text.replace('evidence = "', 'evidence = "Neu belegt. ')
    assert "Herkunft" in describe(history.variant_change(text, metadata, "x"))


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-C", str(root), "-c", "user.name=T", "-c", "user.email=t@example.org", *args],
        check=True,
        capture_output=True,
    )


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small repository: a card and a variant file, then one rule change with a trailer."""
    monkeypatch.setenv("TAFL_CACHE_DIR", str(tmp_path / "cache"))
    root = tmp_path / "repo"
    (root / history.CARDS).mkdir(parents=True)
    (root / history.VARIANTS).mkdir(parents=True)
    card = root / history.CARDS / "brandub-7.md"
    data = root / history.VARIANTS / "brandub-7.toml"
    card.write_text(CARD, encoding="utf-8")
    data.write_text(VARIANT.read_text(encoding="utf-8"), encoding="utf-8")
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", ".")
    _git(root, "commit", "-q", "-m", "Start", "--date=2026-11-30T12:00:00")
    card.write_text(CARD.replace("wie der Turm", "wie der Turm, nie über andere"), "utf-8")
    data.write_text(data.read_text("utf-8").replace("king_armed = true", "king_armed = false"))
    message = "Unarmed king\n\nRegeländerung: Der König schlägt nicht mehr mit."
    _git(root, "commit", "-q", "-am", message, "--date=2026-12-02T12:00:00")
    return root


def test_history_of_a_repository(repo: Path) -> None:
    found = history.read(repo)
    assert found.available and not found.shallow
    texts = [(c.date, c.slug, describe(c.items)) for c in found.changes]
    # one line per commit and variant, newest first; the trailer leads its commit's line
    assert texts == [
        (
            "2026-12-02",
            "brandub-7",
            "Der König schlägt nicht mehr mit. Regeln geändert – König bewaffnet "
            "(schlägt mit): ja → nein. Text von §\u00a01 „Ziehen“ überarbeitet.",
        ),
        ("2026-11-30", "brandub-7", "Variante aufgenommen. Regelkarte aufgenommen."),
    ]


def test_page_groups_by_day_and_links_card_and_commits(repo: Path) -> None:
    found = history.read(repo)
    text = changes_page.page(found, {"brandub-7": "Brandub 7×7"}, Repository("https://x.org/r"))
    assert text.index("## 2. Dezember 2026") < text.index("## 30. November 2026")
    line = next(ln for ln in text.splitlines() if ln.startswith("- ") and "schlägt nicht" in ln)
    assert line.startswith("- **[Brandub 7×7](varianten/brandub-7.md):**")
    assert line.count("https://x.org/r/commit/") == 1  # one commit, both files in one line


def test_without_git_history_the_page_says_so(tmp_path: Path) -> None:
    found = history.read(tmp_path)
    assert not found.available
    assert "ohne Versionsgeschichte" in changes_page.page(found, {}, None)


def test_one_line_per_variant_and_day_names_each_part_once() -> None:
    first = history.RuleChange("a" * 40, "2026-12-02", "tablut-9", (("text", "§ 3 „Schlagen“"),))
    second = history.RuleChange(
        "b" * 40, "2026-12-02", "tablut-9", (("text", "§ 3 „Schlagen“"), ("text", "§ 1 „Ziehen“"))
    )
    found = history.History((first, second), available=True)
    text = changes_page.page(found, {"tablut-9": "Tablut 9×9"}, None)
    lines = [ln for ln in text.splitlines() if ln.startswith("- ")]
    # each rule once, in the order of their numbers
    assert lines == [
        "- **[Tablut 9×9](varianten/tablut-9.md):** Text von § 1 „Ziehen“ und "
        "§ 3 „Schlagen“ überarbeitet."
    ]
