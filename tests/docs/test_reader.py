"""The cards read as a player reads them – citations as footnotes,
numbered rules, the differences to Copenhagen, folded further examples and background, and
the Mitwirken switch's state set before the page is drawn."""

from __future__ import annotations

import re
from pathlib import Path

import markdown
import pytest

from tafl_docs import citations, folding, rule_numbers
from tafl_docs.catalogue import ORDER
from tafl_docs.directives import Context, expand
from tafl_docs.directives.differences import TITLE, differences
from tafl_docs.plugin import MITWIRKEN_HEAD, cited, with_differences, with_mitwirken_state

DOCS = Path(__file__).resolve().parents[2] / "docs"
SOURCES = {
    "Nielsen-cph": citations.Source("Nielsen-cph", "Nielsen: Regeln", "https://example.org/n"),
    "hnefatafl.org": citations.Source("hnefatafl.org", "Campbell: Regelseite"),
}

# -- citations -------------------------------------------------------------------------


def test_citations_become_numbered_footnotes_in_order_of_first_citation() -> None:
    text = (
        "Ein Satz [Nielsen-cph, Regel 5a]. Noch einer [hnefatafl.org].\n"
        "Und wieder [Nielsen-cph, Regel 5a], dann [Nielsen-cph].\n"
    )
    result = citations.footnoted(text, SOURCES)
    assert result.problems == []
    assert result.text == ("Ein Satz[^q1]. Noch einer[^q2].\nUnd wieder[^q1], dann[^q3].\n")
    assert result.notes == [
        "[^q1]: [Nielsen: Regeln](https://example.org/n), Regel 5a.",
        "[^q2]: Campbell: Regelseite.",
        "[^q3]: [Nielsen: Regeln](https://example.org/n).",
    ]
    html = markdown.markdown(result.joined(), extensions=["footnotes"])
    assert html.count('class="footnote-ref"') == 4
    assert "Regel 5a" in html and "[Nielsen-cph" not in html


def test_a_citation_as_the_object_of_a_sentence_keeps_its_name() -> None:
    text = "Das folgt [Nielsen-cph] und steht in\n[hnefatafl.org], siehe dort.\n"
    result = citations.footnoted(text, SOURCES)
    assert (
        result.text == "Das folgt Nielsen-cph[^q1] und steht in\nhnefatafl.org[^q2], siehe dort.\n"
    )


def test_links_code_directives_and_link_definitions_are_no_citations() -> None:
    text = "\n".join(
        [
            "[Schlagen](schlagen.md) und [Text][ref] und ![Bild](a.png) und `[Nielsen-cph]`",
            "```text",
            "[Nielsen-cph]",
            "```",
            "[[tafl:quellen copenhagen-11]]",
            "[Nielsen-cph]: https://example.org",
            "[Tyr 15×15] hat ein Leerzeichen.",
            "",
        ]
    )
    result = citations.footnoted(text, SOURCES)
    assert result.text == text and result.notes == [] and result.problems == []


def test_indentation_before_a_citation_at_line_start_is_kept() -> None:
    text = '!!! info "Quellenlage"\n    Eine Regel, belegt durch\n    [Nielsen-cph].\n'
    result = citations.footnoted(text, SOURCES)
    assert result.text.splitlines()[2] == "    [^q1]."


def test_a_citation_without_source_entry_is_a_problem_naming_its_line() -> None:
    result = citations.footnoted("Zeile eins.\nZeile zwei [Unbekannt-1, S. 3].\n", SOURCES, "Liste")
    assert [(p.line, p.message) for p in result.problems] == [
        (2, "Quelle [Unbekannt-1] fehlt in der Quellenliste (Liste)")
    ]
    assert "[Unbekannt-1, S. 3]" in result.text  # left as written


def test_the_plugin_checks_card_keys_against_the_variants_data_file() -> None:
    result = cited("Ein Satz [Nielsen-fet].\n", "varianten/copenhagen-11.md")
    assert [p.line for p in result.problems] == [1]
    assert "tafl_core/data/variants/copenhagen-11.toml" in result.problems[0].message
    assert cited("Ein Satz [Nielsen-cph].\n", "varianten/copenhagen-11.md").problems == []
    # pages without a source list are left alone
    assert cited("[x] Aufgabe\n", "index.md").text == "[x] Aufgabe\n"


def test_a_mechanics_page_cites_from_its_own_source_list() -> None:
    text = "\n".join(
        [
            "Text [Martens-tyr] und [Martens-odin] und [Fellhuhn-App].",
            "",
            "## Abschnitt 7: Quellen",
            "",
            "- [Martens-tyr] / [Martens-odin] Martens, Luk: Rules ‘Tyr’.",
            "  <https://example.org/tyr.pdf>",
            "- [Fellhuhn-App] Fellhuhn: Hnefatafl (App).",
            "",
        ]
    )
    sources = citations.listed_sources(text)
    assert sources["Martens-odin"] == citations.Source(
        "Martens-odin", "Martens, Luk: Rules ‘Tyr’.", "https://example.org/tyr.pdf"
    )
    result = citations.footnoted(text, sources)
    # one entry with two keys is one footnote; the list itself stays as written
    assert result.text.splitlines()[0] == "Text[^q1] und[^q1] und[^q2]."
    assert result.text.splitlines()[4].startswith("- [Martens-tyr] / [Martens-odin]")


@pytest.mark.parametrize("folder", ["varianten", "mechaniken"])
def test_every_citation_of_the_site_has_its_source(folder: str) -> None:
    for path in sorted((DOCS / folder).glob("*.md")):
        text = path.read_text(encoding="utf-8")
        result = cited(text, f"{folder}/{path.name}")
        assert result.problems == [], (path.name, result.problems)
        if folder == "varianten":
            assert result.notes, f"{path.name}: keine Quelle zitiert?"


# -- rule numbers on the page ------------------------------------------------------------


def test_numbered_headings_keep_their_former_anchor() -> None:
    text = "## Spielregeln\n\n### Schlagen\n\nText.\n\n### Den König fangen\n\n## Grunddaten\n"
    out = rule_numbers.numbered(text)
    assert "### §\u00a01 Schlagen {#regel-1}" in out
    assert '<div id="schlagen" class="tafl-anker"></div>' in out
    assert '<div id="den-konig-fangen" class="tafl-anker"></div>' in out
    html = markdown.markdown(out, extensions=["attr_list", "toc"])
    assert '<h3 id="regel-2">§\u00a02 Den König fangen</h3>' in html
    assert "<h2" in html and "Grunddaten" in html


def test_directives_on_a_card_do_not_change_its_rule_numbers() -> None:
    """The sheet numbers the source; the site numbers the expanded page: the same rules."""
    for slug in ORDER:
        text = (DOCS / "varianten" / f"{slug}.md").read_text(encoding="utf-8")
        expanded, _ = expand(text, Context(f"varianten/{slug}.md", f"varianten/{slug}/"))
        assert rule_numbers.sections(expanded) == rule_numbers.sections(text), slug


# -- what is different from Copenhagen ---------------------------------------------------


def test_differences_name_only_what_a_player_notices() -> None:
    from tafl_core.variants import variant

    cph = variant("copenhagen-11")
    assert differences(cph, cph) == []
    fetlar = {name: (here, there) for name, here, there in differences(variant("fetlar-11"), cph)}
    assert fetlar == {
        "shieldwall": ("nein", "ja"),
        "edge_fort": ("nein", "ja"),
        "repetition": ("Remis", "Verteidiger verlieren"),
    }
    # no throne: the throne's sub-rules are not listed one by one
    tawl = dict((n, h) for n, h, _ in differences(variant("tawlbwrdd-11"), cph))
    assert tawl["throne"] == "nein" and "throne_pass" not in tawl
    # berserk: the berserker rule is new, its sub-rule switched off is no news
    berserk = [n for n, _, _ in differences(variant("berserk-11"), cph)]
    assert "berserker" in berserk and "berserker_king_escape" not in berserk


def test_every_card_but_copenhagen_gets_the_box_before_its_rules() -> None:
    for slug in ORDER:
        ctx = Context(f"varianten/{slug}.md", f"varianten/{slug}/")
        text = "## Auf einen Blick\n\nListe\n\n## Spielregeln\n\n### Ziehen\n"
        out = with_differences(text, f"varianten/{slug}.md", ctx)
        if slug == "copenhagen-11":
            assert out == text
            continue
        assert TITLE in out, slug
        assert out.index(TITLE) < out.index("## Spielregeln") > out.index("Liste")
        assert "](copenhagen-11.md)" in out
        box = out[out.index(TITLE) : out.index("## Spielregeln")]
        assert not re.search(r"\b(Engine|Parameter|true|false|None)\b", box), box


# -- folding -------------------------------------------------------------------------------


CARD = """# Karte

## Spielregeln

### Ziehen

```tafl
Variante: copenhagen-11
```

```tafl
Variante: copenhagen-11
```

### Schlagen

```tafl
Variante: copenhagen-11
```

```tafl
Variante: copenhagen-11
Aufgabe: Angreifer schlagen d5 in 1
```

```tafl
Variante: copenhagen-11
```

## Quellenlage

Text mit Absatz.

```text
Code
```

## Danach
"""


def test_each_rule_shows_its_first_example_and_folds_the_others() -> None:
    lines = CARD.split("\n")
    opening = [i + 1 for i, line in enumerate(lines) if line == "```tafl"]
    assert folding.folded_lines("varianten/x.md", CARD) == {opening[1], opening[4]}
    assert folding.folded_lines("mechaniken/x.md", CARD) == frozenset()
    box = folding.fold("<figure>…</figure>", "Der Stein fällt.")
    assert box.startswith('<details class="example tafl-weiteres">')
    assert "<summary>Weiteres Beispiel: Der Stein fällt.</summary>" in box


def test_background_sections_are_folded_under_their_heading() -> None:
    out = folding.fold_sections(CARD)
    assert '## Quellenlage\n\n??? info tafl-hintergrund "Quellenlage lesen"\n' in out
    assert "\n    Text mit Absatz.\n" in out
    assert "    ```text\n    Code\n    ```" in out
    assert "\n## Danach\n" in out
    html = markdown.markdown(out, extensions=["admonition", "pymdownx.details"])
    assert '<details class="info tafl-hintergrund">' in html


# -- the Mitwirken switch ----------------------------------------------------------------


def test_the_switch_state_is_set_first_thing_in_the_head() -> None:
    page = "<!doctype html><html><head><meta charset=utf-8></head><body></body></html>"
    out = with_mitwirken_state(page)
    assert out.index(MITWIRKEN_HEAD) == out.index("<head>") + len("<head>")
    assert "localStorage.getItem('tafl-mitwirken')" in MITWIRKEN_HEAD
    assert with_mitwirken_state("kein HTML") == "kein HTML"
