"""The example-block machinery itself: every error kind gives its message, and a checker
whose expectation is changed must fail (a checker that cannot fail is a defect)."""

from __future__ import annotations

import pytest

from tafl_core.examples.run import execute
from tafl_core.examples.syntax import BlockError, find_blocks, parse_block

EMPTY_ROW = ". . . . . . . . . . ."

# Copenhagen 11x11: the defender on e4 stands beside the attacker on d4; the attacker sliding
# from f1 to f4 closes the trap, so e4 is captured (custodial capture by the active move).
GRID = """\
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . A V . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . A . . . . .
   a b c d e f g h i j k"""

AFTER = """\
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . A . A . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k"""


def block(*lines: str, grid: str = GRID) -> str:
    """A copenhagen-11 block with GRID as position and the given extra lines."""
    return "\n".join(["Variante: copenhagen-11", "Stellung:", grid, *lines])


def run(text: str, first_line: int = 10):  # type: ignore[no-untyped-def]
    return execute(parse_block(text, "docs/x.md", first_line))


def test_correct_block_passes() -> None:
    ex = run(block("Zug: f1-f4", "Geschlagen: e4", "Ergebnis: offen", "Danach:", AFTER))
    assert ex.ok, ex.report()
    assert ex.captured == [4 + 3 * 11]  # e4 = file 4, rank index 3


@pytest.mark.parametrize(
    ("changed", "fragment"),
    [
        ("Geschlagen: d4", "erwartet geschlagen: d4 – tatsächlich geschlagen: e4"),
        ("Geschlagen: keine", "erwartet geschlagen: keine – tatsächlich geschlagen: e4"),
        ("Ergebnis: Angreifer gewinnen (Königsfang)", "erwartetes Ergebnis: Angreifer gewinnen"),
        ("Ergebnis: Verteidiger gewinnen (Flucht)", "tatsächlich: offen"),
        ("Umgedreht: e4", "erwartet umgedreht: e4 – tatsächlich umgedreht: keine"),
        ("Ziele f4: f5", "erwartete Ziele von f4: f5 – tatsächlich:"),
        ("Berserker: offen", "erwartet Berserker-Lauf offen, tatsächlich geschlossen"),
    ],
)
def test_changed_expectation_fails(changed: str, fragment: str) -> None:
    ex = run(block("Zug: f1-f4", changed))
    assert not ex.ok
    assert fragment in ex.report()
    assert ex.report().startswith("docs/x.md:")


def test_changed_position_after_fails_with_grids_side_by_side() -> None:
    wrong = AFTER.replace(" 4 . . . A . A", " 4 . . . A V A")
    ex = run(block("Zug: f1-f4", "Danach:", wrong))
    report = ex.report()
    assert "erwartet" in report and "tatsächlich" in report
    assert "e4 (erwartet V, tatsächlich .)" in report
    # the two grids stand on the same lines
    assert " 4 . . . A V A . . . . .     4 . . . A . A . . . . ." in report


def test_illegal_claim_with_reason() -> None:
    ok = run(block("Zug: d4-f4", "Illegal: versperrt"))
    assert ok.ok, ok.report()
    wrong_reason = run(block("Zug: d4-f4", "Illegal: sperrfeld"))
    assert "aus einem anderen Grund: 'versperrt'" in wrong_reason.report()
    legal = run(block("Zug: d4-d8", "Illegal: versperrt"))
    assert "ist erlaubt, erwartet war verboten ('versperrt')" in legal.report()


def test_illegal_where_legal_expected_names_reason() -> None:
    ex = run(block("Zug: d4-f4", "Geschlagen: keine"))
    assert "der Zug 'd4-f4' ist nach den Regeln verboten" in ex.report()
    assert "e4" in ex.report()
    assert ex.report().startswith(f"docs/x.md:{10 + 2 + 12}:")  # line of the Zug: entry


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        (
            block(grid=GRID.replace(" 5 . . . . .", " 5 . . . . X")),
            18,
            "unbekanntes Zeichen 'X' auf e5",
        ),
        (
            block(grid=GRID.replace(" 7 . . . . . . . . . . .", " 7 . . . . . . . . . .")),
            16,
            "Reihe 7 hat 10 Felder statt 11",
        ),
        (block(grid=GRID.replace(" 9 .", " 8 .")), 14, "Reihenbeschriftung 8 steht, wo Reihe 9"),
        (
            block(grid=GRID.replace("a b c d e f g h i j k", "a b c d e f g h i j l")),
            23,
            "Linienbeschriftung",
        ),
        ("Variante: copenhagen-12\nStellung: Start", 10, "unbekannte Variante 'copenhagen-12'"),
        ("Stellung: Start", 10, "'Variante:' fehlt"),
        ("Variante: odin-11\nStellung: Start", 11, "keine belegte Startaufstellung"),
        (block("Zug: d4"), 24, "'d4' ist kein Zug"),
        (block("Zug: d4-z9"), 24, "'z9' ist kein Feldname"),
        (block("Geschlagen: e4, q9"), 24, "'q9' liegt nicht auf dem 11×11-Brett"),
        (block("Ergebnis: Angreifer siegen"), 24, "erwartet 'offen'"),
        (block("Ergebnis: Angreifer gewinnen (Schach)"), 24, "unbekannter Grund 'schach'"),
        (block("Illegal: weil"), 24, "unbekannte Grundklasse 'weil'"),
        (block("Farbe: rot"), 24, "unbekanntes Schlüsselwort 'Farbe'"),
        (block("irgendwas ohne doppelpunkt"), 24, "Zeile ohne Schlüsselwort"),
        (block("Geschlagen: e4"), 24, "braucht mindestens einen 'Zug:'"),
    ],
)
def test_broken_block_messages(text: str, line: int, fragment: str) -> None:
    with pytest.raises(BlockError) as info:
        run(text)
    assert fragment in str(info.value)
    assert info.value.line == line


def test_find_blocks_nested_and_unclosed() -> None:
    md = (
        '# T\n\n!!! note "Hinweis"\n    ```tafl\n    Variante: copenhagen-11\n'
        "    Stellung: Start\n    ```\n\n```tafl\nVariante: x\n"
    )
    found = find_blocks(md)
    assert [(b.line, b.closed) for b in found] == [(4, True), (9, False)]
    assert found[0].body == "Variante: copenhagen-11\nStellung: Start"


TYR_GRID = """\
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . K . . . . .
. . . . V A . . . . .
. . . . . . . . . . .
. A V . . . . . . . .
. . . . . . . . . . .
. . . A . . . . . . ."""


def test_berserker_chain_is_one_turn() -> None:
    # Tyr 11x11, attackers to move: d1-d3 closes b3-c3-d3 and c3 falls. From d3 the same
    # piece could go on to d5 and trap e5 against f5, so a continuation is open; d3-d4
    # captures nothing and is refused, d3-d5 captures e5 within the same turn.
    def tyr(*lines: str):  # type: ignore[no-untyped-def]
        return run("\n".join(["Variante: tyr-11", "Stellung:", TYR_GRID, *lines]))

    opened = tyr("Zug: d1-d3", "Geschlagen: c3", "Berserker: offen")
    assert opened.ok, opened.report()
    refused = tyr("Zug: d1-d3, d3-d4", "Illegal: berserker")
    assert refused.ok, refused.report()
    chain = tyr("Zug: d1-d3, d3-d5", "Geschlagen: c3, e5", "Berserker: geschlossen")
    assert chain.ok, chain.report()
    assert len(chain.turn_moves) == 1 and len(chain.last_moves) == 2


def test_an_impossible_position_names_the_stellung_line() -> None:
    """Copenhagen: only the king may stand on a corner; an attacker on a1 is no position."""
    rows = [". . . . . . . . . . ."] * 11
    rows[5] = ". . . . . K . . . . ."
    rows[10] = "A . . . . . . . . . ."
    body = "Variante: copenhagen-11\nStellung:\n" + "\n".join(rows) + "\nZug: a1-a2\n"
    with pytest.raises(BlockError, match="Eckfeld a1 steht ein Angreifer") as info:
        parse_block(body, "seite.md", 10)
    assert info.value.line == 11  # the 'Stellung:' line
