"""Rule numbers (§ 1 …) of the variant cards: tafl_docs/rule_numbers.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tafl_docs import rule_numbers
from tafl_docs.catalogue import ORDER

CARDS = Path(__file__).resolve().parents[2] / "docs" / "varianten"

CARD = """# Beispiel

## Auf einen Blick

### Nicht gezählt (vor den Regeln)

## Spielregeln

Einleitung.

### Ziehen

```tafl
Variante: copenhagen-11
### kein Titel, sondern Inhalt eines Codeblocks
```

#### Ein Unterabschnitt zählt nicht

!!! note "Hinweis"

    ### Eingerückt: gehört zum Kasten

### Schlagen ###

````text
```
### immer noch im Codeblock
```
````

### Den König fangen {#koenig}

## Grunddaten

### Alle Regelparameter
"""


def test_sections_numbers_the_h3_under_spielregeln_only() -> None:
    assert rule_numbers.sections(CARD) == [(1, "Ziehen"), (2, "Schlagen"), (3, "Den König fangen")]


def test_headings_know_their_line_anchor_and_label() -> None:
    first, second, third = rule_numbers.headings(CARD)
    lines = CARD.split("\n")
    assert lines[first.line] == "### Ziehen"
    assert lines[third.line] == "### Den König fangen {#koenig}"
    assert second.anchor == "regel-2"
    assert second.label == "§\u00a02"
    assert rule_numbers.number_of(CARD, "Den König fangen") == 3
    assert rule_numbers.number_of(CARD, "Alle Regelparameter") is None


def test_a_card_without_spielregeln_has_no_numbers() -> None:
    assert rule_numbers.sections("# X\n\n## Regeln\n\n### Ziehen\n") == []
    assert rule_numbers.sections("") == []


def test_a_later_h2_ends_the_rules_and_a_later_spielregeln_restarts_nothing() -> None:
    text = "## Spielregeln\n### A\n## Andere\n### B\n# Titel\n### C\n"
    assert rule_numbers.sections(text) == [(1, "A")]


def test_crlf_lines_are_read_like_lf_lines() -> None:
    assert rule_numbers.sections("## Spielregeln\r\n### A\r\n### B\r\n") == [(1, "A"), (2, "B")]


@pytest.mark.parametrize("slug", ORDER)
def test_every_card_has_numbered_rules_in_page_order(slug: str) -> None:
    text = (CARDS / f"{slug}.md").read_text(encoding="utf-8")
    found = rule_numbers.sections(text)
    assert len(found) >= 2, slug
    assert [n for n, _ in found] == list(range(1, len(found) + 1))
    # the rules end before the reference part of the card
    assert all(t not in ("Alle Regelparameter",) for _, t in found)
    positions = [text.index(f"\n### {t}") for _, t in found]
    assert positions == sorted(positions)
    assert positions[0] > text.index("\n## Spielregeln")
