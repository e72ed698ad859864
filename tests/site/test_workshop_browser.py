"""The workshop page (docs/werkstatt.md) in headless Chromium: opened from an example's
contributor tools, a block broken and fixed, an open 'Danach: ?' filled, a proposal's
address; a sentence correction from a card; the page's verdicts equal to `tafl check` on
every case of tests/workshop_cases.py; the safety cases.

Expectations come from `tafl check` (the command) and from the Markdown files, never from
the workshop's own code.

The tests take turns on their pytest worker's page with the started engine (`engine_page`)
and reach the workshop by the site's own links: its worker, started once per visit, then
serves them all, so only the first workshop test of a pytest worker waits for it (and the
two that stop a proof wait for the fresh worker that replaces it).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tafl_core.examples.task import MAX_DEPTH
from tests.site_support import ROOT, axe_violations, take_link, visit
from tests.workshop_cases import cases, cli_verdicts, run_check

pytestmark = pytest.mark.browser

#: Pyodide starts slowly on the shared machine: generous, never a speed assertion.
START = 240_000
ENGINE_READY = "() => { const r = document.querySelector('.tafl-werkstatt');" \
    " return r && r.dataset.state === 'idle' && r.dataset.ok !== undefined; }"  # fmt: skip
SCHLAGEN = "docs/mechaniken/schlagen.md"


def mitwirken_on(page: Any) -> None:
    """The contributor tools on, as the switch leaves them (remembered, and shown now)."""
    page.evaluate(
        "() => { localStorage.setItem('tafl-mitwirken', '1');"
        " document.documentElement.classList.add('tafl-mitwirken'); }"
    )


def idle(page: Any, timeout: float = 60_000) -> None:
    page.wait_for_function(ENGINE_READY, polling="raf", timeout=timeout)


def type_text(page: Any, text: str) -> None:
    """Replace the editor's text as typing does (an input event)."""
    page.evaluate(
        "(t) => { const a = document.querySelector('.tafl-werkstatt-text'); a.value = t;"
        " a.dispatchEvent(new Event('input', {bubbles: true})); }",
        text,
    )
    page.wait_for_function(
        "() => document.querySelector('.tafl-werkstatt').dataset.state === 'busy'", timeout=30_000
    )


def problems(page: Any) -> list[str]:
    return list(page.locator(".tafl-werkstatt-fehler li").all_text_contents())


def proposal(page: Any) -> tuple[str, dict[str, list[str]]]:
    page.locator(".tafl-werkstatt-vorschlagen").click()
    link = page.locator(".tafl-werkstatt-vorschlag-link")
    link.wait_for(state="visible", timeout=START)
    url = link.get_attribute("href")
    assert url
    return url, parse_qs(urlsplit(url).query)


def capture_block() -> tuple[int, str]:
    """(line, source) of the first example of the Schlagen page with 'Geschlagen: e4'."""
    from tafl_core.examples import find_blocks
    from tafl_docs.example_source import block_source

    markdown = (ROOT / SCHLAGEN).read_text(encoding="utf-8")
    for found in find_blocks(markdown):
        located = block_source(markdown, found.first_body_line)
        if located and "Geschlagen: e4" in located[1]:
            return located
    pytest.fail(f"{SCHLAGEN} hat kein Beispiel mit 'Geschlagen: e4' mehr")


def test_journey_from_an_example_to_a_proposal(engine_page: Any, server: str) -> None:
    page = engine_page
    line, source = capture_block()
    mitwirken_on(page)
    visit(page, server, "/mechaniken/schlagen/")
    tools = page.locator(f'.tafl-werkzeuge:has([data-quelle="{SCHLAGEN}:{line}"])')
    take_link(page, tools.locator("a.tafl-werkstatt-link").click, re.compile(r"/werkstatt/"))
    editor = page.locator(".tafl-werkstatt-text")
    assert editor.input_value() == source
    idle(page, START)
    assert page.locator(".tafl-werkstatt").get_attribute("data-ok") == "true"
    assert page.locator(".tafl-werkstatt-bilder svg").count() == 2  # before and after

    broken = source.replace("Geschlagen: e4", "Geschlagen: d4")
    wrong = next(n for n, x in enumerate(broken.split("\n"), 1) if x == "Geschlagen: d4")
    type_text(page, broken)
    idle(page)
    shown = problems(page)
    assert len(shown) == 1 and shown[0].startswith(f"Zeile {wrong}: ")
    assert "d4" in shown[0] and "e4" in shown[0]
    assert page.locator(".tafl-werkstatt-bilder svg").count() == 0

    lines = source.split("\n")
    at = lines.index("Danach:")
    opened = "\n".join([*lines[:at], "Danach: ?", *lines[at + 13 :]])  # 11 ranks and a legend
    type_text(page, opened)
    idle(page)
    assert any("'Danach: ?' ist noch offen" in p for p in problems(page)), problems(page)
    page.locator(".tafl-werkstatt-fuellen").click()
    page.wait_for_function(
        "(s) => document.querySelector('.tafl-werkstatt-text').value === s", arg=source,
        timeout=60_000,
    )  # fmt: skip
    idle(page)
    assert problems(page) == []

    page.fill(".tafl-werkstatt-quelle", "Copenhagen-Regeln, Regel 5")
    url, query = proposal(page)
    assert url.startswith("https://github.com/tafl-regeln/tafl/issues/new?")  # mkdocs.yml
    body = query["body"][0]
    assert f"{SCHLAGEN}:{line}" in query["title"][0]
    for part in ("/mechaniken/schlagen/", f"{SCHLAGEN}:{line}", source,
                 "Copenhagen-Regeln, Regel 5"):  # fmt: skip
        assert part in body, part


def test_sentence_correction_from_a_card(engine_page: Any, server: str) -> None:
    page = engine_page
    mitwirken_on(page)
    visit(page, server, "/mechaniken/schlagen/")
    sentence = page.evaluate(
        """() => {
          const p = document.querySelector('article.md-content__inner > p');
          const range = document.createRange();
          range.selectNodeContents(p);
          const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range);
          return sel.toString().trim();
        }"""
    )
    control = page.locator("a.tafl-korrektur")
    control.wait_for(state="visible", timeout=30_000)
    take_link(page, control.click, re.compile(r"/werkstatt/"))
    page.locator(".tafl-werkstatt-satz").wait_for(state="visible")
    assert page.locator(".tafl-werkstatt-satz-alt").text_content() == sentence
    page.fill(".tafl-werkstatt-korrektur", "Geschlagen wird durch Einschließen, immer.")
    page.fill(".tafl-werkstatt-quelle", "Regelheft S. 2")
    url, query = proposal(page)
    body = query["body"][0]
    assert url.startswith("https://github.com/tafl-regeln/tafl/issues/new?")
    assert f"> {sentence.splitlines()[0]}" in body
    first = sentence.split()[:4]  # the line of the paragraph in the Markdown file
    source = (ROOT / SCHLAGEN).read_text(encoding="utf-8").split("\n")
    line = next(n for n, x in enumerate(source, 1) if x.startswith(" ".join(first)))
    assert f"{SCHLAGEN}:{line}" in body
    for part in ("/mechaniken/schlagen/", SCHLAGEN, "> Geschlagen wird durch Einschließen, immer.",
                 "Regelheft S. 2"):  # fmt: skip
        assert part in body, part


def test_verdicts_equal_tafl_check(engine_page: Any, server: str, tmp_path: Path) -> None:
    page = engine_page
    all_cases = cases()
    assert len(all_cases) >= 20 and sum("Aufgabe:" in c.text for c in all_cases) >= 4
    for case in all_cases:
        (tmp_path / f"{case.name}.md").write_text(case.text, encoding="utf-8")
    expected = cli_verdicts(run_check(tmp_path).stdout)
    visit(page, server, "/werkstatt/")
    idle(page, START)
    for case in all_cases:
        answer = page.evaluate(
            "(t) => TaflBoard.workshop.ask('check', {text: t, fill: false, path: ''})", case.text
        )
        ours = [(p["line"], p["message"]) for p in answer["problems"]]
        theirs = expected.get(f"{case.name}.md")
        if theirs is None:
            assert answer["blocks"] == 0 and ours[0][0] == 0, case.name
            continue
        assert ours == theirs, case.name


def test_safety_huge_text_deep_task_script_and_stop(engine_page: Any, server: str) -> None:
    """100,000 lines, a depth-9 task and a script tag get a German answer; "Prüfung
    abbrechen" stops a proof; nothing but GET requests leave the page.

    Slow (the workshop's engine starts, and starts again after the stop)."""
    page = engine_page
    visit(page, server, "/werkstatt/")
    idle(page, START)
    requests: list[str] = []

    def record(request: Any) -> None:
        requests.append(f"{request.method} {request.url}")

    page.on("request", record)  # taken off at the end: the page serves the next tests
    try:
        _safety_cases(page)
    finally:
        page.remove_listener("request", record)
    assert not [r for r in requests if not r.startswith("GET ")], requests


def _safety_cases(page: Any) -> None:
    """The cases of test_safety_huge_text_deep_task_script_and_stop, on the idle workshop."""

    type_text(page, "```tafl\n" + "Titel: x\n" * 100_000 + "```\n")
    idle(page)
    assert "zu lang" in problems(page)[0]

    win = next(c.text for c in cases() if c.name == "aufgabe-1")
    type_text(page, re.sub(r"in 1$", "in 9", win, count=1, flags=re.M))
    idle(page)
    assert problems(page) and f"erlaubt ist 1 bis {MAX_DEPTH}" in problems(page)[0]

    scripted = next(c.text for c in cases() if c.name == "skript-titel")
    page.evaluate("() => { window.__taflScript = false; }")
    type_text(page, scripted.replace("alert(1)", "window.__taflScript = true"))
    idle(page)
    assert page.locator(".tafl-werkstatt").get_attribute("data-ok") == "true"
    assert page.evaluate("() => window.__taflScript") is False
    assert page.locator(".tafl-werkstatt-bilder script").count() == 0
    page.evaluate("() => { delete window.__taflScript; }")

    hard = "\n".join(["```tafl", "Variante: copenhagen-13", "Stellung: Start",
                      "Aufgabe: Verteidiger gewinnen in 4", "Lösung: ?", "```"])  # fmt: skip
    type_text(page, hard)
    page.locator(".tafl-werkstatt-stopp").wait_for(state="visible")
    page.wait_for_function(
        "() => !document.querySelector('.tafl-werkstatt-stopp').disabled", timeout=30_000
    )
    page.locator(".tafl-werkstatt-stopp").click()
    idle(page, 30_000)
    said = page.locator(".tafl-werkstatt").get_attribute("data-text-gestoppt")
    assert page.locator(".tafl-werkstatt-zustand").text_content() == said
    type_text(page, win)  # the fresh worker answers
    idle(page, START)
    assert page.locator(".tafl-werkstatt").get_attribute("data-ok") == "true"


def test_workshop_with_a_verdict_and_a_figure_passes_axe(engine_page: Any, server: str) -> None:
    """axe-core on the workshop with a verdict and with a drawn figure.

    Slow when it is the first workshop test of its worker (the workshop's own engine
    starts); axe runs twice."""
    page = engine_page
    visit(page, server, "/werkstatt/")
    idle(page, START)
    broken = next(c.text for c in cases() if c.name == "falscher-schlag")
    type_text(page, broken)
    idle(page)
    assert problems(page)
    found = axe_violations(page, "/werkstatt/ (Fehler)")
    type_text(page, next(c.text for c in cases() if c.name == "schlagen"))
    idle(page)
    assert page.locator(".tafl-werkstatt-bilder svg").count() == 2
    found += axe_violations(page, "/werkstatt/ (Diagramm)")
    assert not found, "\n".join(found)


def test_a_check_beyond_the_time_limit_is_stopped(engine_page: Any, server: str) -> None:
    """The page's limit (data-zeitlimit, 60 s on the site) made 3 s here: the proof stops by
    itself with the page's sentence, and the next text is checked by a fresh worker.

    Slow (the 3 s limit is waited for, and the fresh worker starts its engine)."""
    page = engine_page
    visit(page, server, "/werkstatt/")
    idle(page, START)
    page.evaluate("() => { document.querySelector('.tafl-werkstatt').dataset.zeitlimit = '3'; }")
    hard = "\n".join(["```tafl", "Variante: copenhagen-13", "Stellung: Start",
                      "Aufgabe: Verteidiger gewinnen in 4", "Lösung: ?", "```"])  # fmt: skip
    type_text(page, hard)
    said = page.locator(".tafl-werkstatt").get_attribute("data-text-zeit")
    page.wait_for_function(
        "(s) => document.querySelector('.tafl-werkstatt-zustand').textContent === s",
        arg=said,
        timeout=60_000,
    )
    type_text(page, next(c.text for c in cases() if c.name == "schlagen"))
    idle(page, START)
    assert page.locator(".tafl-werkstatt").get_attribute("data-ok") == "true"
