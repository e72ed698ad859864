"""The workshop's Python side (tafl_web.workshop): the same verdicts as `tafl check`, the same
filling as `tafl check --write`, the proposal's addresses, and the safety limits.

`tafl check` runs as the command a contributor runs (a subprocess over a folder with one
file per case); its printed lines are the expectation, never the workshop's own output.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from tafl_web import workshop
from tests.workshop_cases import Case, cases, cli_verdicts, run_check

CASES = cases()


@pytest.fixture(scope="module")
def cli(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple[int, str]]]:
    folder = tmp_path_factory.mktemp("werkstatt")
    for case in CASES:
        (folder / f"{case.name}.md").write_text(case.text, encoding="utf-8")
    return cli_verdicts(run_check(folder).stdout)


def test_the_cases_are_many_and_include_exercises() -> None:
    assert len(CASES) >= 20
    assert sum("Aufgabe:" in c.text for c in CASES) >= 4
    assert len({c.text for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_verdict_equals_tafl_check(case: Case, cli: dict[str, list[tuple[int, str]]]) -> None:
    answer = workshop.check_source(case.text)
    ours = [(p["line"], p["message"]) for p in answer["problems"]]
    theirs = cli.get(f"{case.name}.md")
    if theirs is None:  # no block: `tafl check` warns, the workshop says it in German
        assert answer["blocks"] == 0 and not answer["ok"] and ours[0][0] == 0
        return
    assert ours == theirs
    assert answer["ok"] == (not theirs)


def test_broken_cases_fail_and_good_ones_draw() -> None:
    by_name = {c.name: workshop.check_source(c.text) for c in CASES}
    for name in ("schlagen", "danach", "aufgabe-1", "quiz-fallen", "behauptung"):
        assert by_name[name]["ok"] and by_name[name]["figures"], name
    for name in ("unbekannter-schluessel", "falscher-schlag", "offenes-danach", "verbotener-zug",
                 "falsche-loesung", "nicht-geschlossen", "tiefe-9"):  # fmt: skip
        assert not by_name[name]["ok"] and not by_name[name]["figures"], name


def test_fill_writes_what_tafl_check_write_writes(tmp_path: Path) -> None:
    for name in ("offenes-danach", "offene-loesung"):
        text = next(c.text for c in CASES if c.name == name)
        (tmp_path / f"{name}.md").write_text(text, encoding="utf-8")
    run_check(tmp_path, "--write")
    for name in ("offenes-danach", "offene-loesung"):
        text = next(c.text for c in CASES if c.name == name)
        answer = workshop.check_source(text, fill=True)
        assert answer["text"] == (tmp_path / f"{name}.md").read_text(encoding="utf-8"), name
        assert answer["text"] != text
        assert workshop.check_source(answer["text"])["ok"], name


def test_the_drawing_escapes_a_script_in_the_title() -> None:
    text = next(c.text for c in CASES if c.name == "skript-titel")
    answer = workshop.check_source(text)
    assert answer["ok"]
    svg = "".join(f["svg"] for f in answer["figures"])
    assert "<script" not in svg and "&lt;script" in svg


def test_a_huge_text_gets_a_german_answer_at_once() -> None:
    text = "```tafl\n" + "x\n" * 100_000 + "```\n"
    answer = workshop.check_source(text)
    assert not answer["ok"] and answer["blocks"] == 0
    assert "zu lang" in answer["problems"][0]["message"]
    assert "100.002 Zeilen" in answer["problems"][0]["message"]


def test_a_long_block_within_the_text_limit_is_refused_by_the_runner() -> None:
    text = "```tafl\nVariante: brandub-7\n" + "Titel: x\n" * 12_000 + "```\n"
    answer = workshop.check_source(text)
    assert not answer["ok"]
    assert "zu lang" in answer["problems"][0]["message"]


def test_the_json_door_refuses_bad_requests_in_german() -> None:
    for request in ("kein json", "[]", json.dumps({"text": 3}), json.dumps({"wer": "x"})):
        answer = json.loads(workshop.check(request))
        assert not answer["ok"]
        assert answer["problems"][0]["message"].startswith("Das geht nicht:")
    good = json.loads(workshop.check(json.dumps({"text": CASES[0].text, "fill": False})))
    assert good["ok"]


def test_proposal_names_page_line_block_verdict_and_source() -> None:
    case = next(c for c in CASES if c.name == "falscher-schlag")
    verdict = workshop.check_source(case.text)
    request = {
        "repository": "https://github.com/beispiel/tafl",
        "branch": "main",
        "kind": "beispiel",
        "page": "/mechaniken/schlagen/",
        "file": "docs/mechaniken/schlagen.md",
        "line": 52,
        "block": case.text,
        "verdict": verdict["report"],
        "source": "Nielsen, Regel 5a",
    }
    answer = json.loads(workshop.propose(json.dumps(request)))
    assert answer["fits"]
    url = urlsplit(answer["url"])
    assert url.netloc == "github.com" and url.path == "/beispiel/tafl/issues/new"
    query = parse_qs(url.query)
    body = query["body"][0]
    assert "docs/mechaniken/schlagen.md:52" in query["title"][0]
    for part in ("/mechaniken/schlagen/", "docs/mechaniken/schlagen.md:52", case.text,
                 verdict["report"][0], "Nielsen, Regel 5a"):  # fmt: skip
        assert part in body, part


def test_a_sentence_correction_names_the_sentence_and_its_new_wording() -> None:
    request = {
        "repository": "https://github.com/beispiel/tafl",
        "kind": "satz",
        "page": "/varianten/tyr-11/",
        "file": "docs/varianten/tyr-11.md",
        "section": "spielregeln",
        "sentence": "Der König schlägt mit.",
        "correction": "Der König schlägt nicht mit.",
        "source": "Regelheft S. 3",
    }
    answer = json.loads(workshop.propose(json.dumps(request)))
    body = parse_qs(urlsplit(answer["url"]).query)["body"][0]
    wanted = ["/varianten/tyr-11/#spielregeln", "docs/varianten/tyr-11.md", "Regelheft S. 3"]
    for part in [*wanted, "> Der König schlägt mit.", "> Der König schlägt nicht mit."]:
        assert part in body, part


def test_a_long_proposal_falls_back_to_the_web_editor() -> None:
    request = {
        "repository": "https://github.com/beispiel/tafl",
        "branch": "main",
        "file": "docs/mechaniken/schlagen.md",
        "line": 52,
        "block": "```tafl\n" + "Titel: " + "x" * 9_000 + "\n```",
    }
    answer = workshop.proposal(request)
    assert not answer["fits"] and answer["issue"] is None
    assert (
        answer["url"]
        == "https://github.com/beispiel/tafl/edit/main/docs/mechaniken/schlagen.md#L52"
    )
    assert "x" * 9_000 in answer["body"]


def test_without_repository_the_text_is_still_given() -> None:
    answer = workshop.proposal({"block": CASES[0].text})
    assert "error" in answer and CASES[0].text in answer["body"]


def test_claims_are_shown_as_checked_sentences() -> None:
    case = next(c for c in CASES if c.name == "behauptung")
    answer = workshop.check_source(case.text)
    assert answer["ok"]
    count = sum(line.startswith("Behauptung:") for line in case.text.split("\n"))
    assert len(answer["claims"]) == count >= 1
    assert all(c.startswith("✓ Nachgerechnet: ") for c in answer["claims"])
