"""The [[tafl:...]] directives of the site build, without MkDocs."""

from __future__ import annotations

import re

import pytest

from tafl_core.params import PARAMS, applies
from tafl_core.variants import all_variants
from tafl_docs.catalogue import ORDER
from tafl_docs.directives import Context, expand
from tafl_docs.summary import at_a_glance

CARD = Context("varianten/copenhagen-11.md", "varianten/copenhagen-11/")
MECH = Context("mechaniken/schildwall.md", "mechaniken/schildwall/")


def run(text: str, ctx: Context = CARD) -> tuple[str, list[tuple[int, str]]]:
    out, problems = expand(text, ctx)
    return out, [(p.line, p.message) for p in problems]


def test_order_names_every_variant() -> None:
    assert sorted(ORDER) == sorted(all_variants())


@pytest.mark.parametrize("slug", sorted(all_variants()))
@pytest.mark.parametrize(
    "name", ["grunddaten", "figuren", "aufstellung", "regeln", "otn", "quellen"]
)
def test_every_card_directive_expands(name: str, slug: str) -> None:
    out, problems = run(f"# Karte\n\n[[tafl:{name} {slug}]]\n")
    assert problems == []
    assert "[[tafl:" not in out


def test_piece_counts_come_from_the_setup() -> None:
    out, _ = run("[[tafl:figuren copenhagen-11]]")
    assert "| Angreifer (Stein) | 24 |" in out
    assert "| Verteidiger (Stein) | 12 |" in out
    assert "| König (Verteidiger) | 1 |" in out


def test_odin_counts_are_marked_as_card_only() -> None:
    out, _ = run("[[tafl:figuren odin-11]]")
    assert "Die Anzahlen stammen aus der Spielanleitung" in out
    assert "| Kommandant der Angreifer | 8 |" in out
    out, _ = run("[[tafl:aufstellung odin-11]]")
    assert "Keine Startaufstellung belegt" in out and "<svg" not in out


def test_setup_diagram_links_png_relative_to_the_page() -> None:
    out, _ = run("[[tafl:aufstellung tyr-15]]")
    assert "<svg" in out
    assert 'href="../../bilder/aufstellung/tyr-15.png"' in out


def test_varianten_mit_lists_links_relative_to_the_page() -> None:
    out, problems = run("[[tafl:varianten-mit shieldwall]]", MECH)
    assert problems == []
    assert out.strip().splitlines() == [
        "- [Copenhagen Hnefatafl 11×11](../varianten/copenhagen-11.md)",
        "- [Copenhagen Hnefatafl 13×13](../varianten/copenhagen-13.md)",
    ]
    out, _ = run("[[tafl:varianten-mit no_moves=draw]]", MECH)
    assert "standard-tablut-9.md" in out and "copenhagen-11.md" not in out


def test_matrix_has_every_parameter_and_variant() -> None:
    out, _ = run("[[tafl:vergleich]]", Context("regelvergleich.md", "regelvergleich/"))
    out = out.replace("\u00ad", "")  # long words carry soft hyphens (test_comparison_words)
    for param in PARAMS:
        assert param.label in out
    for slug in all_variants():
        assert f"(varianten/{slug}.md)" in out


def test_two_variant_comparison_shows_the_differences() -> None:
    out, _ = run("[[tafl:vergleich copenhagen-11 standard-tablut-9]]")
    rows = [line for line in out.splitlines() if line.startswith("| ")]
    text = "\n".join(rows)
    for label in ("Schildwall", "Randfestung", "Umzingelung", "Kein erlaubter Zug"):
        assert label in text
    assert "Gleich geregelt sind:" in out


def _rows(out: str) -> dict[str, list[str]]:
    """Table rows by their first cell with the Markdown link and bold removed (also
    inside a box, indented)."""
    found = {}
    for line in (x.strip() for x in out.splitlines()):
        if not line.startswith("| ") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        label = cells[0].strip("*")
        if label.startswith("["):
            label = label[1 : label.index("]")]
        found[label] = cells
    return found


MATRIX = Context("regelvergleich.md", "regelvergleich/")


def test_matrix_marks_rules_without_throne_or_corners_as_not_applicable() -> None:
    # Seeschlacht has neither throne nor corners (rule card): its throne and corner rules
    # do not apply; Standard-Tablut has both, so its cells carry values.
    out, _ = run("[[tafl:vergleich]]", MATRIX)
    rows = _rows(out)
    seeschlacht = ORDER.index("seeschlacht-11") + 1
    tablut = ORDER.index("standard-tablut-9") + 1
    for label in (
        "Wer den leeren Thron überqueren darf",
        "Thron feindlich für Angreifer",
        "Ecken feindlich für Verteidiger",
    ):
        assert rows[label][seeschlacht] == "—", label
        assert rows[label][tablut] != "—", label
    # Simples Tafl: the king is captured on two sides, so "edge counts" does not apply.
    assert (
        rows["Brettrand zählt beim Königsfang als Seite"][ORDER.index("simples-tafl-11") + 1] == "—"
    )


def test_matrix_bolds_only_rows_that_differ_where_they_apply() -> None:
    out, _ = run("[[tafl:vergleich]]", MATRIX)
    bold = {line.split(" | ")[0] for line in out.splitlines() if line.startswith("| **")}
    text = "\n".join(bold)
    # every variant lets the attackers move first: no emphasis
    assert "Erster Zug" not in text
    # corners are hostile to attackers in every variant that has corners: no emphasis
    assert "Ecken feindlich für Angreifer" not in text
    # board sizes and the shieldwall really differ
    assert "Brettgröße" in text and "Schildwall" in text


def test_reader_tables_have_no_code_names() -> None:
    from dataclasses import fields

    from tafl_core.rules import RuleSet

    outs = [run("[[tafl:vergleich]]", MATRIX)[0], run("[[tafl:regeln copenhagen-11]]")[0]]
    outs.append(run("[[tafl:vergleich copenhagen-11 standard-tablut-9]]")[0])
    for out in outs:
        visible = re.sub(r"\]\([^)]*\)", "]", out)  # link targets are no reader text
        for f in fields(RuleSet):
            assert f.name not in visible, f.name


def test_rule_list_says_why_a_rule_does_not_apply() -> None:
    rows = _rows(run("[[tafl:regeln tyr-11]]")[0])
    assert rows["Wer den leeren Thron überqueren darf"][1] == "entfällt: kein Thron"
    assert rows["Ecken feindlich für Verteidiger"][1] == "entfällt: keine Eckfelder"
    assert rows["Berserker-Regel"][1] == "ja"
    rows = _rows(run("[[tafl:regeln copenhagen-11]]")[0])
    assert rows["Wer den leeren Thron überqueren darf"][1] == "alle Figuren"


def test_rule_list_of_a_king_strong_near_the_throne_does_not_call_him_weak() -> None:
    """Tablut: the king is strong on and beside the throne, so the edge rule does not apply
    – but not because he "is captured on two sides" (the old reason)."""
    for slug in ("tablut-9", "brandub-7"):
        rows = _rows(run(f"[[tafl:regeln {slug}]]")[0])
        why = rows["Brettrand zählt beim Königsfang als Seite"][1]
        assert why.startswith("entfällt: "), slug
        assert "zwei Seiten" not in why, slug
        assert "vier Seiten" in why, slug


def test_odin_piece_table_says_flipping_lets_a_piece_move_on() -> None:
    """Odin's berserker rule also goes on after flipping a variegated man ("Auf einen Blick");
    the piece table's note used to speak of captures only."""
    out, problems = run("[[tafl:figuren odin-11]]", Context("varianten/odin-11.md", "odin-11/"))
    assert problems == []
    note = next(line for line in out.splitlines() if "Berserker-Regel" in line)
    assert "schlägt oder einen Bunten umdreht" in note
    assert "wer schlägt, darf" not in note


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("copenhagen-11", "standard-tablut-9"),
        ("berserk-11", "copenhagen-11"),  # commanders capture the king, knights jump
        ("brandub-7", "brandub-7-opentafl"),
        ("tyr-11", "odin-11"),
    ],
)
def test_two_variant_comparison_names_every_parameter(a: str, b: str) -> None:
    """Every parameter that applies in either variant is a row (it differs) or is listed
    under "Gleich geregelt sind"; none is left out of the comparison."""
    out, problems = run(f"[[tafl:vergleich {a} {b}]]")
    assert problems == []
    ra, rb = all_variants()[a].rules, all_variants()[b].rules
    rows = _rows(out)
    same = out.split("Gleich geregelt sind: ", 1)[1] if "Gleich geregelt sind: " in out else ""
    for p in PARAMS:
        if not (applies(p.name, ra) or applies(p.name, rb)):
            continue
        in_rows = p.label in rows
        in_same = f"[{p.label}]" in same or f"{p.label}:" in same
        assert in_rows != in_same, p.name
        differ = applies(p.name, ra) != applies(p.name, rb)
        assert in_rows is (differ or getattr(ra, p.name) != getattr(rb, p.name)), p.name


def test_comparison_shows_that_a_corner_closes_in_the_tablut_king() -> None:
    # Rule card: in Standard-Tablut "Brettrand oder Ecke zählen als Seite" for the king;
    # in Copenhagen the king cannot be captured on the edge at all. Both rule sets call the
    # corners hostile to defenders, so only the derived king row can show this difference.
    out, _ = run("[[tafl:vergleich copenhagen-11 standard-tablut-9]]")
    row = _rows(out)["Wie der König gefangen wird"]
    assert "Eckfeld" in row[2] and "Brettrand" in row[2]
    assert "Eckfeld" not in row[1] and "am Brettrand gar nicht" in row[1]


def test_comparison_of_the_same_rules_on_two_boards_lists_no_king_row() -> None:
    out, _ = run("[[tafl:vergleich copenhagen-11 copenhagen-13]]")
    rows = _rows(out)
    assert set(rows) == {"Regel", "Startaufstellung", "Brettgröße"}


def test_comparison_tables_are_keyboard_scrollable_regions() -> None:
    out, _ = run("[[tafl:vergleich]]", MATRIX)
    assert '<div class="tafl-matrix" markdown role="region" tabindex="0"' in out


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("[[tafl:gibtsnicht copenhagen-11]]", "unbekannte Direktive 'gibtsnicht'"),
        ("[[tafl:grunddaten copenhagen-99]]", "unbekannte Variante 'copenhagen-99'"),
        ("[[tafl:varianten-mit flying]]", "unbekannter Regelparameter 'flying'"),
        ("[[tafl:varianten-mit escape]]", "kein Ja/Nein-Parameter"),
        ("[[tafl:varianten-mit escape=moon]]", "'moon' ist kein Wert für 'escape'"),
        ("[[tafl:regeln]]", "genau eine Variante"),
        ("Fließtext [[tafl:regeln tyr-11]] mitten im Satz", "allein auf ihrer Zeile"),
    ],
)
def test_bad_directives_are_reported_with_their_line(line: str, fragment: str) -> None:
    _, problems = run(f"# Seite\n\nText\n\n{line}\n")
    assert len(problems) == 1
    number, message = problems[0]
    assert number == 5
    assert fragment in message


def test_directives_in_code_are_left_alone() -> None:
    text = "`[[tafl:regeln x]]`\n\n```text\n[[tafl:regeln x]]\n```\n"
    out, problems = run(text)
    assert problems == []
    assert out == text


def test_indented_directive_keeps_its_indent() -> None:
    out, problems = run('!!! note "Hinweis"\n\n    [[tafl:varianten-mit edge_fort]]\n')
    assert problems == []
    assert "    - [Copenhagen Hnefatafl 11×11](copenhagen-11.md)" in out


def test_variant_chooser_offers_every_variant_once() -> None:
    out, problems = run("[[tafl:variantenwahl]]\n")
    assert problems == []
    chooser = out.split('<select id="tafl-variante">')[1].split("</select>")[0]
    values = re.findall(r'<option value="([^"]+)">', chooser)
    assert sorted(values) == sorted(all_variants())
    assert "Spielbrett laden" in out
    assert "Gegen den Computer" in out and "1 – Anfänger" in out and "5 – Stark" in out


def _grunddaten_row(slug: str, label: str) -> str:
    out, _ = run(f"[[tafl:grunddaten {slug}]]", Context(f"varianten/{slug}.md"))
    row = next(line for line in out.splitlines() if line.startswith(f"| {label} |"))
    return row.split(" | ", 1)[1]


def test_berserk_grunddaten_say_commanders_capture_the_king_on_the_edge() -> None:
    """A defect once found: the Grunddaten row said "am Brettrand nicht zu fangen" while "Auf einen
    Blick" (and the engine) let two commanders capture him there."""
    king = _grunddaten_row("berserk-11", "König")
    assert "nicht zu fangen" not in king
    assert "am Brettrand fangen ihn nur Kommandanten" in king


@pytest.mark.parametrize("slug", ORDER)
def test_grunddaten_and_glance_agree_on_the_king_at_the_edge(slug: str) -> None:
    glance = next(i.text for i in at_a_glance(all_variants()[slug]) if i.topic == "König")
    king = _grunddaten_row(slug, "König")
    assert ("Am Rand ist er sicher." in glance) == ("am Brettrand nicht zu fangen" in king)
    assert ("Am Rand fangen ihn nur Kommandanten." in glance) == (
        "am Brettrand fangen ihn nur Kommandanten" in king
    )


@pytest.mark.parametrize(
    ("slug", "games"), [("copenhagen-11", True), ("brandub-7", True), ("tablut-9", False)]
)
def test_card_links_to_the_board_and_to_recorded_games_where_there_are_some(
    slug: str, games: bool
) -> None:
    ctx = Context(f"varianten/{slug}.md", f"varianten/{slug}/")
    out, problems = run(f"[[tafl:aufeinenblick {slug}]]", ctx)
    assert problems == []
    assert f'href="../../spielbrett/?variante={slug}&amp;gegner=1"' in out
    assert (f'href="../../partien/{slug}/">Partien nachspielen' in out) is games
