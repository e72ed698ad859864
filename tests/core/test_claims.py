"""Claim lines ('Behauptung:'): reading, the solver's verdict, the reader's sentence, and the
search for a win the block leaves unstated."""

from __future__ import annotations

from pathlib import Path

import pytest

from tafl_cli.main import main
from tafl_core.examples import check_text, execute, parse_block
from tafl_core.examples.claim import ClaimKind, parse_claim
from tafl_core.examples.wins import unstated_win
from tafl_core.geometry import geometry
from tafl_core.pieces import Side
from tafl_core.wording.claims import claim_sentence

# Brandub: the attacker d6-d2 leaves the king on b1 next to the corner a1 (a1 is empty, so
# b1-a1 escapes at once), and no other defender is on the board.
CORNER_NEXT = """\
Variante: brandub-7
Stellung:
7 . . . . . . .
6 . . . A . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . K . . V . .
  a b c d e f g
Zug: d6-d2
"""

# Copenhagen, attackers to move: the king on a5 may slide a4, a3, a2 to the corner a1 (a8
# stops him upwards); of the attackers only d3 reaches that file segment (d3-c3-b3-a3).
KING_ON_EDGE = """\
Variante: copenhagen-11
Am Zug: Angreifer
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 A . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 K . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . A . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
"""


def _fenced(body: str, head: str = "# Seite\n\n") -> str:
    return f"{head}```tafl\n{body}```\n"


def _problems(body: str) -> list[str]:
    (verdict,) = check_text(_fenced(body), "docs/seite.md")
    return [str(p) for p in verdict.problems]


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), 1) if needle in line)


# -- true claims hold, false ones fail with file:line ----------------------------------------


@pytest.mark.parametrize(
    ("body", "claim"),
    [
        (CORNER_NEXT, "Verteidiger gewinnen in 1"),
        (CORNER_NEXT, "König erreicht a1 in 1"),
        (CORNER_NEXT, "Angreifer drohen keinen Sieg"),
        (KING_ON_EDGE, "Verteidiger drohen zu gewinnen"),
        (KING_ON_EDGE, "nur d3-a3 verhindert den Sieg der Verteidiger"),
        (KING_ON_EDGE, "d3-a3 verhindert den Sieg der Verteidiger"),
        (KING_ON_EDGE, "Angreifer gewinnen nicht in 1"),
    ],
)
def test_a_true_claim_holds(body: str, claim: str) -> None:
    assert _problems(body + f"Behauptung: {claim}\n") == []


@pytest.mark.parametrize(
    ("body", "claim", "found"),
    [
        (CORNER_NEXT, "Verteidiger gewinnen nicht in 1", "b1-a1"),
        (CORNER_NEXT, "Angreifer drohen zu gewinnen", "drohen keinen Sieg"),
        (CORNER_NEXT, "Verteidiger gewinnen in 2", "schon in 1 Zug"),
        (KING_ON_EDGE, "Verteidiger drohen keinen Sieg", "a5-a1"),
        (KING_ON_EDGE, "nur a8-a7 verhindert den Sieg der Verteidiger", "d3-a3"),
        (KING_ON_EDGE, "nichts verhindert den Sieg der Verteidiger", "d3-a3"),
        (KING_ON_EDGE, "Angreifer drohen zu gewinnen", "am Zug"),
    ],
)
def test_a_false_claim_fails_with_its_line_and_what_the_engine_found(
    body: str, claim: str, found: str
) -> None:
    text = _fenced(body + f"Behauptung: {claim}\n")
    problems = _problems(body + f"Behauptung: {claim}\n")
    assert len(problems) == 1
    line = _line_of(text, "Behauptung:")
    assert problems[0].startswith(f"docs/seite.md:{line}: die Behauptung '{claim}' stimmt nicht")
    assert found in problems[0]


def test_several_claims_are_each_judged() -> None:
    body = (
        CORNER_NEXT
        + "Behauptung: Verteidiger gewinnen in 1\nBehauptung: Angreifer drohen zu gewinnen\n"
    )
    problems = _problems(body)
    assert len(problems) == 1 and "Angreifer drohen zu gewinnen" in problems[0]


def test_tafl_check_fails_when_a_true_claim_is_flipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "docs" / "seite.md"
    page.parent.mkdir()
    page.write_text(_fenced(CORNER_NEXT + "Behauptung: Verteidiger gewinnen in 1\n"), "utf-8")
    assert main(["check", "-q", str(page)]) == 0
    flipped = page.read_text("utf-8").replace("gewinnen in 1", "gewinnen nicht in 1")
    page.write_text(flipped, "utf-8")
    capsys.readouterr()
    assert main(["check", "-q", str(page)]) == 1
    out = capsys.readouterr().out
    line = _line_of(flipped, "Behauptung:")
    assert f"{page}:{line}: FEHLER: die Behauptung 'Verteidiger gewinnen nicht in 1'" in out
    assert "b1-a1" in out


# -- reading errors: one German line with file:line ------------------------------------------


@pytest.mark.parametrize(
    ("claim", "says"),
    [
        ("Könige gewinnen in 1", "verstehe ich nicht"),
        ("Verteidiger gewinnen in 5", "erlaubt ist 1 bis 4"),
        ("nur b5-b9 verhindert den Sieg der Verteidiger", "b9"),
        ("nur b5-b1 oder b5-b1 verhindert den Sieg der Verteidiger", "zweimal"),
        ("Angreifer schlagen z3 in 1", "verstehe ich nicht"),
    ],
)
def test_a_claim_that_cannot_be_read_gives_one_german_line(claim: str, says: str) -> None:
    text = _fenced(CORNER_NEXT + f"Behauptung: {claim}\n")
    problems = _problems(CORNER_NEXT + f"Behauptung: {claim}\n")
    assert len(problems) == 1
    line = _line_of(text, "Behauptung:")
    assert problems[0].startswith(f"docs/seite.md:{line}: ")
    assert says in problems[0] and "\n" not in problems[0] and "Traceback" not in problems[0]


def test_a_claim_does_not_go_with_an_exercise_or_a_refused_turn() -> None:
    exercise = KING_ON_EDGE + "Aufgabe: Angreifer verhindern den Sieg\nLösung: d3-a3\n"
    (problem,) = _problems(exercise + "Behauptung: Verteidiger drohen zu gewinnen\n")
    assert "Aufgabe" in problem
    refused = CORNER_NEXT.replace("d6-d2", "d6-d4") + "Illegal: sperrfeld\n"
    (problem,) = _problems(refused + "Behauptung: Verteidiger drohen zu gewinnen\n")
    assert "Illegal" in problem


def test_a_claim_after_the_game_ended_fails() -> None:
    ended = CORNER_NEXT.replace("Zug: d6-d2", "Zug: b1-a1") + "Am Zug: Verteidiger\n"
    (problem,) = _problems(ended + "Behauptung: Angreifer gewinnen nicht in 1\n")
    assert "entschieden" in problem


def test_parse_claim_reads_every_form() -> None:
    geo = geometry(7)
    assert parse_claim("Verteidiger gewinnen nicht in 2", geo).negated
    save = parse_claim("nur b5-b1 oder c3-c1 verhindern den Sieg der Angreifer", geo)
    assert save.kind is ClaimKind.SAVE and save.only and len(save.turns) == 2
    assert save.side is Side.ATTACKERS and save.mover is Side.DEFENDERS
    assert parse_claim("Nichts verhindert den Sieg der Verteidiger.", geo).turns == ()
    king = parse_claim("Der König erreicht a7 nicht in 2", geo)
    assert king.king and king.negated and king.depth == 2


# -- the reader's sentence -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        (
            "Verteidiger gewinnen nicht in 1",
            "Die Verteidiger können im nächsten Zug nicht gewinnen.",
        ),
        (
            "Angreifer gewinnen in 2",
            "Die Angreifer gewinnen in 2 Zügen, wie die Verteidiger auch spielen.",
        ),
        (
            "nur b5-b1 verhindert den Sieg der Verteidiger",
            "Nur b5-b1 verhindert den Sieg der Verteidiger im nächsten Zug.",
        ),
        ("Verteidiger drohen zu gewinnen", "Die Verteidiger drohen, im nächsten Zug zu gewinnen."),
        ("König erreicht a7 nicht in 1", "Der König kann a7 im nächsten Zug nicht erreichen."),
    ],
)
def test_claim_sentence(claim: str, sentence: str) -> None:
    assert claim_sentence(parse_claim(claim, geometry(7)), geometry(7)) == sentence


def test_claim_sentence_names_the_proven_turns() -> None:
    geo = geometry(7)
    win = parse_claim("Verteidiger gewinnen in 1", geo)
    assert claim_sentence(win, geo, ("b1-a1",)) == (
        "Die Verteidiger gewinnen mit ihrem nächsten Zug (b1-a1)."
    )
    many = claim_sentence(win, geo, ("a1-a2", "b1-b2", "c1-c2", "d1-d2"))
    assert many.endswith("(etwa a1-a2, b1-b2 oder c1-c2).")


# -- the win left unstated -------------------------------------------------------------------


def test_unstated_win_finds_the_kings_step_into_the_corner() -> None:
    found = unstated_win(execute(parse_block(CORNER_NEXT, "docs/seite.md")))
    assert found is not None
    assert found.side is Side.DEFENDERS and found.moves == ("b1-a1",)
    assert found.line == _line_of(CORNER_NEXT, "Zug: d6-d2")


def test_a_stated_or_closed_win_is_no_hit() -> None:
    stated = CORNER_NEXT + "Behauptung: Verteidiger gewinnen in 1\n"
    assert unstated_win(execute(parse_block(stated, "docs/seite.md"))) is None
    # the attacker goes to a2 instead: b1-a1 is still open, so it still counts
    elsewhere = CORNER_NEXT.replace("d6-d2", "d6-a6")
    assert unstated_win(execute(parse_block(elsewhere, "docs/seite.md"))) is not None
    # the king on c1 between two defenders, an attacker on c3 above him: no way out
    closed = (
        CORNER_NEXT.replace("1 . K . . V . .", "1 . V K V . . .")
        .replace("3 . . . . . . .", "3 . . A . . . .")
        .replace("Zug: d6-d2", "Zug: d6-e6")
    )
    assert unstated_win(execute(parse_block(closed, "docs/seite.md"))) is None


def test_tafl_check_shows_the_unstated_win_as_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "seite.md"
    page.write_text(_fenced(CORNER_NEXT), "utf-8")
    assert main(["check", "-q", str(page)]) == 0
    out = capsys.readouterr().out
    line = _line_of(_fenced(CORNER_NEXT), "Zug: d6-d2")
    assert f"{page}:{line}: HINWEIS: danach gewinnen die Verteidiger sofort mit b1-a1" in out
