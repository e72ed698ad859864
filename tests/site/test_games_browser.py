"""Recorded games on the built site, in headless Chromium: the arrow keys and buttons step
through a chosen game, a capture is explained, the ending is shown; a pasted game opens on
the Partien index, a bad one with the reader's German error.

What to expect comes from data/games (the chosen game's line, its own `xSQ` capture marks)
and data/games/chosen.json, not from the page's script.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.site_support import ROOT, axe_violations, show_as, visit

pytestmark = pytest.mark.browser

DATA = ROOT / "data" / "games"
CHOSEN = json.loads((DATA / "chosen.json").read_text("utf-8"))


def settled(board: Any) -> None:
    expect(board).to_have_attribute("data-state", "ready")


def test_replay_steps_with_arrow_keys_and_explains(engine_page: Any, server: str) -> None:
    """The chosen Copenhagen game: the arrow keys, Pos1, the buttons and the move list step
    through it; the king's capture and an earlier capture are explained.

    Slow on a busy machine (every step is waited for).
    """
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    choice = next(
        c for c in CHOSEN if c["variant"] == "copenhagen-11" and c["feature"] == "koenigsfang"
    )
    words = (DATA / "copenhagen_games.csv").read_text("utf-8").splitlines()[choice["line"] - 1]
    moves = words.split(",")[0].split()
    # an earlier turn that captured (the file's own 'x' marks), to step back to
    capture = max(i for i, w in enumerate(moves[: choice["moment"] - 1]) if "x" in w) + 1
    visit(page, server, "/partien/copenhagen-11/")
    wrap = page.locator(f'.tafl-partie[data-partie="copenhagen-11-{choice["line"]}"]')
    wrap.get_by_role("button", name="Partie nachspielen").click()
    board = page.locator(".tafl-brett")
    expect(board).to_have_attribute("data-state", "ready", timeout=120_000)
    expect(board).to_have_attribute("data-zug", str(choice["moment"] - 1))
    status = board.get_by_role("status")
    # the moment: → plays the capture of the king, the ending is shown
    page.keyboard.press("ArrowRight")
    settled(board)
    expect(board).to_have_attribute("data-zug", str(choice["moment"]))
    text = status.inner_text()
    assert moves[choice["moment"] - 1].split("x")[0] in text
    assert "als König gefangen" in text
    assert "die Angreifer gewinnen" in text
    expect(board.locator(".tafl-brett-zug")).to_have_text(
        "Partie beendet: Angreifer gewinnen durch Königsfang"
    )
    expect(board.get_by_role("button", name="Weiter →")).to_be_disabled()
    # ← back to the earlier capture, each step one turn
    for shown in range(choice["moment"] - 1, capture - 1, -1):
        page.keyboard.press("ArrowLeft")
        settled(board)
        expect(board).to_have_attribute("data-zug", str(shown))
    text = status.inner_text()
    word = moves[capture - 1]
    assert word.split("x")[0] in text
    assert "Geschlagen: der " in text and f" auf {word.split('x')[1]} (" in text
    assert "eingeschlossen" in text  # how the piece was taken
    # the list of turns: a tap jumps there
    page.get_by_text("Zugliste").click()
    # the third turn is the attackers' second: turns are numbered in pairs, as OTN does
    board.get_by_role("button", name=f"2. Angreifer: {moves[2].split('x')[0]}").click()
    settled(board)
    expect(board).to_have_attribute("data-zug", "3")
    expect(board.locator('[aria-current="step"]')).to_have_text(
        f"2. Angreifer: {moves[2].split('x')[0]}"
    )
    # Pos1 and the buttons (for phones)
    page.keyboard.press("Home")
    settled(board)
    expect(board).to_have_attribute("data-zug", "0")
    assert status.inner_text().startswith("Anfangsstellung.")
    board.get_by_role("button", name="Weiter →").click()
    settled(board)
    expect(board).to_have_attribute("data-zug", "1")
    assert status.inner_text().startswith("Angreifer: " + moves[0].split("x")[0])
    board.get_by_role("button", name="Ende", exact=True).click()
    settled(board)
    expect(board).to_have_attribute("data-zug", str(choice["turns"]))
    board.get_by_role("button", name="← Zurück").click()
    settled(board)
    expect(board).to_have_attribute("data-zug", str(choice["turns"] - 1))


def test_pasted_game_opens_and_a_bad_one_says_why(engine_page: Any, server: str) -> None:
    """On the Partien index a pasted bad move list gets its German error with line and move;
    a good one opens and steps to its end.

    Slow on a busy machine (two pasted games are read and stepped).
    """
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    visit(page, server, "/partien/")
    page.get_by_label("Variante", exact=True).select_option("brandub-7")
    page.get_by_label("Partie (OpenTafl-Partie oder Zugliste)").fill("d2-e2 d3-d9")
    page.get_by_role("button", name="Partie öffnen").click()
    alert = page.locator(".tafl-partie-eigene").get_by_role("alert")
    expect(alert).to_contain_text("Zeile 1, Zug 2 ('d3-d9')", timeout=120_000)
    expect(page.locator(".tafl-brett")).to_have_count(0)  # no board for a game that is none
    expect(page.get_by_label("Partie (OpenTafl-Partie oder Zugliste)")).to_be_focused()
    page.get_by_label("Partie (OpenTafl-Partie oder Zugliste)").fill("d2-e2 d3-d2 b4-b2")
    page.get_by_role("button", name="Partie öffnen").click()
    board = page.locator(".tafl-brett")
    expect(board).to_have_attribute("data-state", "ready", timeout=120_000)
    expect(alert).to_have_text("")
    expect(board).to_have_attribute("data-zug", "0")
    page.keyboard.press("End")
    settled(board)
    expect(board).to_have_attribute("data-zug", "3")
    expect(board.get_by_role("status")).to_contain_text("nicht entschieden")


def test_pasted_record_steps_into_its_other_line_and_back(engine_page: Any, server: str) -> None:
    """An OpenTafl record with a variation: its button shows that line, then the game.

    Slow on a busy machine (both lines are stepped through).
    """
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    from tests.core.test_games import HAND

    page.set_viewport_size({"width": 360, "height": 800})
    visit(page, server, "/partien/")
    page.get_by_label("Variante", exact=True).select_option("brandub-7")
    page.get_by_label("Partie (OpenTafl-Partie oder Zugliste)").fill(HAND)
    page.get_by_role("button", name="Partie öffnen").click()
    board = page.locator(".tafl-brett")
    expect(board).to_have_attribute("data-state", "ready", timeout=120_000)
    # the four steps stay in one row on a small phone
    tops = board.locator(".tafl-partie-leiste button:visible").evaluate_all(
        "bs => bs.map(b => Math.round(b.getBoundingClientRect().top))"
    )
    assert len(tops) == 4 and len(set(tops)) == 1, tops
    page.keyboard.press("ArrowRight")
    settled(board)
    other = board.get_by_role("button", name="statt d6-e6: d7-e7 d5-c5 a4-a3 c5-d5")
    other.click()
    settled(board)
    expect(board.locator(".tafl-partie-stand")).to_have_text(
        "Andere Zugfolge: Zug 1 von 2, Angreifer"
    )
    expect(board.get_by_role("status")).to_contain_text("Angreifer: d7-e7.")
    expect(board.locator(".tafl-partie-liste li")).to_have_count(4)
    expect(board.get_by_role("button", name="Weiter →")).to_be_focused()
    board.get_by_role("button", name="Zurück zur Partie").click()
    settled(board)
    expect(board.locator(".tafl-partie-stand")).to_have_text("Zug 1 von 3, Angreifer")
    expect(board.locator(".tafl-partie-liste li")).to_have_count(6)
    expect(board.get_by_role("button", name="Zurück zur Partie")).to_have_count(0)


def test_partien_pages_read_without_javascript(site: Path) -> None:
    for slug in ("copenhagen-11", "brandub-7"):
        text = (site / "partien" / slug / "index.html").read_text("utf-8")
        assert text.count('class="tafl-partie"') == sum(1 for c in CHOSEN if c["variant"] == slug)
        assert 'class="tafl-partie" data-partie' in text and " hidden>" in text


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_partien_pages_pass_axe_with_the_replay_open(
    engine_page: Any, server: str, scheme: str
) -> None:
    """On a phone: the Partien page with a game opened and stepped has no WCAG 2.1 A/AA
    violation and does not overflow sideways.

    Slow on a busy machine (axe runs twice on a long page).
    """
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    show_as(page, scheme, 390, 844)
    visit(page, server, "/partien/brandub-7/")
    found = axe_violations(page, f"Partien Brandub ({scheme})")
    page.locator(".tafl-partie").first.get_by_role("button").click()
    board = page.locator(".tafl-brett")
    expect(board).to_have_attribute("data-state", "ready", timeout=120_000)
    board.get_by_role("button", name="Weiter →").click()
    settled(board)
    page.mouse.move(0, 0)  # no hover state left where the pressed button was
    # axe reads colours as they are: wait until every transition (a button turning from
    # disabled to enabled, the hover colour fading) has ended
    page.evaluate("() => Promise.all(document.getAnimations().map(a => a.finished))")
    found += axe_violations(page, f"Partie geöffnet ({scheme})")
    wide = page.evaluate("() => document.documentElement.scrollWidth > innerWidth + 1")
    assert not wide, "die geöffnete Partie ist breiter als das Fenster"
    assert not found, "WCAG-Verstöße:\n" + "\n".join(found)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_partien_index_passes_axe_with_a_refused_pasted_game(
    engine_page: Any, server: str, scheme: str
) -> None:
    """On a phone: the Partien index with a refused pasted game has no WCAG 2.1 A/AA
    violation (one test with the replay above until it was split so the workers share them).
    """
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    show_as(page, scheme, 390, 844)
    visit(page, server, "/partien/")
    page.get_by_label("Partie (OpenTafl-Partie oder Zugliste)").fill("d2-e2 d3-d9")
    page.get_by_role("button", name="Partie öffnen").click()
    expect(page.locator(".tafl-partie-eigene").get_by_role("alert")).to_contain_text(
        "Zeile 1", timeout=120_000
    )
    found = axe_violations(page, f"Eigene Partie mit Fehler ({scheme})")
    assert not found, "WCAG-Verstöße:\n" + "\n".join(found)
