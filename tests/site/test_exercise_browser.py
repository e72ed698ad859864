"""Exercises on the built site, in headless Chromium: solved by keyboard and by pointer, a
wrong move met with its refutation, progress kept, no axe violation.

The moves come from the engine's proof of the exercise blocks in docs/mechaniken/flucht.md
(computed here with the same solver), not from this file.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tafl_core.examples import Verdict, check_text
from tafl_core.examples.task import TaskKind
from tests.site_support import (
    ROOT,
    axe_violations,
    desktop_axe_pages,
    exercise_pages,
    in_ci,
    page_file,
    show_as,
    visit,
)

pytestmark = pytest.mark.browser

URL = "/mechaniken/flucht/"


def exercises(kind: TaskKind) -> list[Verdict]:
    """The proven exercise blocks of the Flucht page with this kind of task."""
    path = ROOT / "docs" / "mechaniken" / "flucht.md"
    out = []
    for verdict in check_text(path.read_text("utf-8"), str(path)):
        block = verdict.block
        if block is not None and block.task is not None and block.task.value.kind is kind:
            assert verdict.ok, verdict.report()
            out.append(verdict)
    if not out:
        pytest.fail(f"docs/mechaniken/flucht.md hat keine Aufgabe der Art {kind.value} mehr")
    return out


def deep_win() -> Verdict:
    """A win-in-2 (or more) exercise: the reader's move gets a defence before the win."""
    for verdict in exercises(TaskKind.WIN):
        assert verdict.block is not None and verdict.block.task is not None
        if verdict.block.task.value.depth >= 2:
            return verdict
    pytest.fail("docs/mechaniken/flucht.md hat keine Aufgabe 'gewinnen in 2' mehr")


def start(page: Any, server: str, verdict: Verdict) -> Any:
    """Open the page, press 'Aufgabe lösen' on this exercise; its figure, once ready."""
    block = verdict.block
    assert block is not None
    visit(page, server, URL)
    grid = block.position.to_ascii()
    index = page.evaluate(
        """grid => [...document.querySelectorAll('figure.tafl-aufgabe')]
            .findIndex(f => JSON.parse(f.querySelector('template.tafl-aufgabe-daten')
                                       .content.textContent).grid === grid)""",
        grid,
    )
    assert index >= 0, f"Aufgabe nicht auf {URL} gefunden"
    figure = page.locator("figure.tafl-aufgabe").nth(index)
    assert figure.get_attribute("data-aufgabe")
    figure.get_by_role("button", name="Aufgabe lösen").click()
    expect(figure).to_have_attribute("data-state", "ready", timeout=120_000)
    figure.locator('.tafl-brett[data-state="ready"]').wait_for()
    return figure


def status(figure: Any) -> str:
    return str(figure.get_by_role("status").inner_text())


def settled(figure: Any) -> None:
    expect(figure.locator(".tafl-brett")).to_have_attribute("data-state", "ready")


def click(figure: Any, square: str) -> None:
    figure.locator(f'.tafl-brett-felder [data-square="{square}"]').click()
    settled(figure)


def steps(turn: str) -> list[tuple[str, str]]:
    """(from, to) of each step of a turn in play notation."""
    out = []
    for step in turn.split(","):
        frm, to = step.strip().replace("^", "-").split("-")
        out.append((frm, to))
    return out


def test_exercise_solved_by_keyboard(engine_page: Any, server: str) -> None:
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    verdict = deep_win()
    block, proof = verdict.block, verdict.proof
    assert block is not None and proof is not None
    figure = start(page, server, verdict)
    task_line = figure.locator(".tafl-brett-zug").inner_text()
    assert task_line == f"{block.position.turn.german} am Zug: in 2 Zügen gewinnen"
    geo = block.position.geo

    def focused() -> str:
        return str(page.evaluate("() => document.activeElement.dataset.square || ''"))

    def walk_to(square: str) -> None:
        here, there = geo.parse(focused()), geo.parse(square)
        files = there % geo.n - here % geo.n
        ranks = there // geo.n - here // geo.n
        for _ in range(abs(files)):
            page.keyboard.press("ArrowRight" if files > 0 else "ArrowLeft")
        for _ in range(abs(ranks)):
            page.keyboard.press("ArrowUp" if ranks > 0 else "ArrowDown")
        assert focused() == square

    def play(turn: str) -> None:
        for index, (frm, to) in enumerate(steps(turn)):
            if index == 0:
                walk_to(frm)
                page.keyboard.press("Enter")
            walk_to(to)
            page.keyboard.press("Enter")
            settled(figure)

    assert focused(), "nach dem Laden steht der Fokus auf einem Feld"
    node = proof.solution.tree
    first = proof.moves[-1]  # any solving turn must be accepted, not only the first listed
    play(first)
    child = node["solutions"][first]
    assert child["reply"], "der Beweis antwortet mit einer Verteidigung"
    assert "Richtig" in status(figure)
    assert child["reply"].split(",")[0].strip() in status(figure)
    expect(figure).to_have_attribute("data-state", "ready")
    finish = next(iter(child["solutions"]))
    play(finish)
    expect(figure).to_have_attribute("data-state", "solved")
    assert "Gelöst!" in status(figure) and "★★★" in status(figure)
    ident = figure.get_attribute("data-aufgabe")
    kept = page.evaluate("() => localStorage.getItem('tafl-aufgaben-geloest')")
    assert ident in json.loads(kept)
    # the next visit shows the exercise as solved
    visit(page, server, URL)
    expect(page.locator(f'figure[data-aufgabe="{ident}"] .tafl-aufgabe-erledigt')).to_be_visible()


def test_exercise_solved_by_pointer(engine_page: Any, server: str) -> None:
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    verdict = exercises(TaskKind.SAVE)[0]
    proof = verdict.proof
    assert proof is not None
    figure = start(page, server, verdict)
    assert "verhindern" in figure.locator(".tafl-brett-zug").inner_text()
    for index, (frm, to) in enumerate(steps(proof.moves[0])):
        if index == 0:
            click(figure, frm)
        click(figure, to)
    expect(figure).to_have_attribute("data-state", "solved")
    assert "Gelöst!" in status(figure)


def test_quiz_answered_by_pointer(engine_page: Any, server: str) -> None:
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    verdict = exercises(TaskKind.LEGAL)[0]
    proof = verdict.proof
    assert proof is not None
    figure = start(page, server, verdict)
    wrong, right = ("Ja", "Nein") if proof.refusal is not None else ("Nein", "Ja")
    figure.get_by_role("button", name=wrong, exact=True).click()
    expect(figure).to_have_attribute("data-state", "failed")
    if proof.refusal is not None:
        assert proof.refusal in status(figure)
    figure.get_by_role("button", name="Nochmal").click()
    expect(figure).to_have_attribute("data-state", "ready")
    figure.get_by_role("button", name=right, exact=True).click()
    expect(figure).to_have_attribute("data-state", "solved")


def test_wrong_move_meets_its_refutation(engine_page: Any, server: str) -> None:
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    verdict = deep_win()
    proof = verdict.proof
    assert proof is not None
    tree = proof.solution.tree
    wrong, (reply, why) = next((m, r) for m, r in tree["refutations"].items() if r[0])
    figure = start(page, server, verdict)
    for index, (frm, to) in enumerate(steps(wrong)):
        if index == 0:
            click(figure, frm)
        click(figure, to)
    expect(figure).to_have_attribute("data-state", "failed")
    assert "Das löst die Aufgabe nicht." in status(figure)
    assert tree["texts"][why] in status(figure)
    # the refutation is played on the board
    frm, to = steps(reply)[-1]
    assert figure.locator(f'.tafl-brett-felder [data-square="{to}"]').get_attribute("data-piece")
    figure.get_by_role("button", name="Nochmal").click()
    expect(figure).to_have_attribute("data-state", "ready")
    figure.get_by_role("button", name="Tipp").click()
    settled(figure)
    assert status(figure).startswith("Tipp: Es zieht die Figur auf ")
    # the square the hint names is marked in the drawn board and named for a screen reader
    named = status(figure).removeprefix("Tipp: Es zieht die Figur auf ").split()[0]
    assert figure.locator(".tafl-brett svg [data-highlight]").count() == 1
    square = figure.locator(f'.tafl-brett-felder [data-square="{named}"]')
    assert (square.get_attribute("aria-label") or "").endswith(", Tipp")
    figure.get_by_role("button", name="Lösung zeigen").click()
    settled(figure)
    assert status(figure).startswith(f"Lösung: {proof.moves[0]}.")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_exercise_page_passes_axe(engine_page: Any, server: str, scheme: str) -> None:
    """The page with its exercises, and with one exercise started and failed, has no WCAG 2.1
    A/AA violation.

    Slow (about 10 s: axe runs twice on a long page).
    """
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    show_as(page, scheme, 390, 844)
    visit(page, server, URL)
    found = axe_violations(page, f"Flucht mit Aufgaben ({scheme})")
    verdict = deep_win()
    proof = verdict.proof
    assert proof is not None
    figure = start(page, server, verdict)
    wrong = next(iter(proof.solution.tree["refutations"]))
    for index, (frm, to) in enumerate(steps(wrong)):
        if index == 0:
            click(figure, frm)
        click(figure, to)
    expect(figure).to_have_attribute("data-state", "failed")
    found += axe_violations(page, f"Aufgabe gestartet ({scheme})")
    assert not found, "WCAG-Verstöße:\n" + "\n".join(found)


def test_exercise_figures_work_without_javascript(site: Path) -> None:
    """Every exercise of the site: a unique name, the board data with the proof, the task
    under the diagram and the solution folded below it."""
    names: list[str] = []
    found = exercise_pages(site)
    assert URL in found
    for url in found:
        text = page_file(site, url).read_text("utf-8")
        for figure in re.findall(
            r'<figure class="tafl-beispiel tafl-aufgabe".*?</figure>', text, re.S
        ):
            names += re.findall(r'data-aufgabe="([^"]+)"', figure)[:1]
            data = json.loads(
                html.unescape(
                    re.search(r'class="tafl-aufgabe-daten">(.*?)</template>', figure, re.S).group(1)
                )
            )
            task = data["aufgabe"]
            assert task["task"] in html.unescape(figure)
            if task["kind"] not in ("erlaubt", "fallen"):
                assert task["tree"]["solutions"], url
            assert re.search(
                r'<details class="success tafl-loesung"><summary>Lösung</summary><p[^>]*>.+</p>',
                figure,
            )
    assert len(names) == len(set(names)), "zwei Aufgaben mit demselben Namen"


def test_every_page_with_exercises_passes_axe(site: Path) -> None:
    """Light scheme, desktop: every page holding an exercise (with CI set; else the first
    one of each folder) is among the pages axe checks at 1280 px, light.

    The check itself runs in tests/site/test_site.py (test_pages): each page is loaded
    there once, settled, and checked by axe with the page's other checks, so these pages are
    not loaded and checked a second time here (it took 5 minutes of one worker).
    """
    found = exercise_pages(site)
    assert URL in found
    if not in_ci():
        first: dict[str, str] = {}
        for url in found:
            first.setdefault(url.split("/")[1], url)
        found = list(first.values())
    missing = sorted(set(found) - set(desktop_axe_pages(site)))
    assert not missing, "Seiten mit Aufgaben ohne axe-Prüfung: " + ", ".join(missing)
