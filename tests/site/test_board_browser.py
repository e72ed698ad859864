"""The live board ("Ausprobieren", "Spielbrett") on the built site, in headless Chromium.

The expectations come from the example blocks (the rule text) and from the Python
engine run in the test; the browser must show exactly what they say.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tafl_core import Board
from tafl_core.examples.run import execute
from tafl_core.examples.syntax import Block, find_blocks, parse_block
from tests.site_support import ROOT, settle, show_as, take_link, visit

pytestmark = pytest.mark.browser

READY = '.tafl-brett[data-state="ready"]'


def blocks(page: str) -> list[Block]:
    """The example blocks of a docs page."""
    path = ROOT / "docs" / page
    text = path.read_text("utf-8")
    return [parse_block(b.body, str(path), b.first_body_line) for b in find_blocks(text)]


def capture_example() -> Block:
    """The first one-step Copenhagen example in 'Schlagen' whose text expects captures."""
    for block in blocks("mechaniken/schlagen.md"):
        if (
            block.variant.slug == "copenhagen-11"
            and len(block.turns) == 1
            and len(block.turns[0].steps) == 1
            and block.captured is not None
            and block.captured.value
            and block.illegal is None
        ):
            return block
    pytest.fail("docs/mechaniken/schlagen.md hat kein Copenhagen-Beispiel mit Schlag mehr")


def chain_example() -> Block:
    """A Tyr example in 'Berserker' whose chain contains a commander jump."""
    for block in blocks("mechaniken/berserker.md"):
        steps = [s for t in block.turns for s in t.steps]
        if (
            block.variant.slug.startswith("tyr")
            and len(block.turns) == 1
            and any("^" in s for s in steps)
        ):
            return block
    pytest.fail("docs/mechaniken/berserker.md hat keine Tyr-Kette mit Kommandantensprung mehr")


def open_example(page: Any, server: str, url: str, block: Block) -> tuple[Any, Any]:
    """Press 'Ausprobieren' on the figure of `block`; the figure and its ready live board."""
    visit(page, server, url)
    wanted = [list(t.steps) for t in block.turns]
    grid = block.position.to_ascii()
    index = page.evaluate(
        """([grid, turns]) => [...document.querySelectorAll('figure.tafl-beispiel')]
            .map(f => f.querySelector('.tafl-ausprobieren'))
            .findIndex(w => { if (!w) return false;
                              const d = JSON.parse(w.querySelector('template').content.textContent);
                              return d.grid === grid && JSON.stringify(d.turns) === turns; })""",
        [grid, json.dumps(wanted, separators=(",", ":"))],
    )
    assert index >= 0, f"Beispiel nicht auf {url} gefunden"
    figure = page.locator("figure.tafl-beispiel").nth(index)
    wrap = figure.locator(".tafl-ausprobieren")
    wrap.get_by_role("button", name="Ausprobieren").click()
    figure.locator(READY).wait_for(timeout=120_000)
    return figure, figure.locator(".tafl-brett")


def mitwirken(page: Any) -> None:
    """Switch the contributor tools on, as the "Mitwirken" switch does."""
    page.evaluate("() => document.documentElement.classList.add('tafl-mitwirken')")


def ready(board: Any) -> None:
    expect(board).to_have_attribute("data-state", "ready")


def tap(board: Any, square: str) -> None:
    board.locator(f'[data-square="{square}"]').click()
    ready(board)


def shown_pieces(board: Any) -> dict[str, str]:
    return board.evaluate(
        """b => Object.fromEntries([...b.querySelectorAll('[data-square][data-piece]')]
            .map(e => [e.dataset.square, e.dataset.piece]))"""
    )


def marked(board: Any) -> list[str]:
    return sorted(
        board.evaluate("b => [...b.querySelectorAll('[data-target]')].map(e => e.dataset.square)")
    )


def status(board: Any) -> str:
    return board.get_by_role("status").inner_text()


def grid_pieces(block: Block) -> dict[str, str]:
    pos = block.position
    return {pos.geo.name(s): p.letter for s, p in pos.pieces().items()}


def test_example_board_targets_capture_illegal_undo(engine_page: Any, server: str) -> None:
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    block = capture_example()
    figure, board_ = open_example(page, server, "/mechaniken/schlagen/", block)
    assert figure.locator(".tafl-diagramme").is_hidden()
    figure = board_
    assert shown_pieces(figure) == grid_pieces(block)
    frm, to = block.turns[0].steps[0].replace("^", "-").split("-")

    board = Board(block.variant.rules, block.position)
    tap(figure, frm)
    assert marked(figure) == sorted(board.name(t) for t in board.targets(frm))

    # An illegal attempt: a diagonal step is refused with a German reason and no code.
    geo = block.position.geo
    s = geo.parse(frm)
    diagonal = next(
        geo.name(t)
        for t in (s + geo.n + 1, s + geo.n - 1, s - geo.n + 1, s - geo.n - 1)
        if 0 <= t < geo.count and abs(t % geo.n - s % geo.n) == 1
    )
    tap(figure, diagonal)
    text = status(figure)
    assert text.startswith("Nicht erlaubt") and "nicht-gerade" not in text
    assert shown_pieces(figure) == grid_pieces(block)

    tap(figure, frm)
    tap(figure, to)
    expected = {geo.name(s) for s in block.captured.value}
    after = shown_pieces(figure)
    assert not expected & after.keys(), f"{expected} sollten geschlagen sein"
    assert after[to] == grid_pieces(block)[frm]
    for square in expected:
        assert square in status(figure)

    figure.get_by_role("button", name="Zurück", exact=True).click()
    ready(figure)
    assert shown_pieces(figure) == grid_pieces(block)


def test_example_replays_its_documented_moves(engine_page: Any, server: str) -> None:
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    block = capture_example()
    ex = execute(block)
    _, figure = open_example(page, server, "/mechaniken/schlagen/", block)
    figure.get_by_role("button", name="Beispiel abspielen").click()
    ready(figure)
    geo = ex.after.geo
    assert shown_pieces(figure) == {geo.name(s): p.letter for s, p in ex.after.pieces().items()}
    figure.get_by_role("button", name="Zurücksetzen").click()
    ready(figure)
    assert shown_pieces(figure) == grid_pieces(block)


def test_tyr_berserker_chain_with_commander_jump(engine_page: Any, server: str) -> None:
    """The berserker chain of the Berserker page, tapped step by step with the commander's
    jump; the captured pieces go."""
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    block = chain_example()
    _, figure = open_example(page, server, "/mechaniken/berserker/", block)
    steps = block.turns[0].steps
    end = figure.get_by_role("button", name="Zug beenden")
    first = steps[0].replace("^", "-").split("-")
    tap(figure, first[0])
    tap(figure, first[1])
    assert end.is_visible(), "nach dem Schlag bleibt der Berserker-Lauf offen"
    for step in steps[1:]:
        tap(figure, step.replace("^", "-").split("-")[1])
    if end.is_visible():
        end.click()
        ready(figure)
    geo = block.position.geo
    gone = {geo.name(s) for s in block.captured.value}
    assert not gone & shown_pieces(figure).keys()
    assert "Am Zug: Verteidiger" in figure.locator(".tafl-brett-zug").inner_text()


def edit_free_board(page: Any, server: str, placements: dict[str, str], side: str) -> Any:
    """Open the free Copenhagen board, set up a position in editing mode, then play."""
    visit(page, server, "/spielbrett/")
    page.get_by_label("Variante:", exact=True).select_option("copenhagen-11")
    page.get_by_role("button", name="Spielbrett starten").click()
    page.locator(".tafl-spielbrett " + READY).wait_for(timeout=120_000)
    board = page.locator(".tafl-spielbrett .tafl-brett")
    board.get_by_role("button", name="Aufstellen", exact=True).click()
    board.get_by_role("button", name="Brett leeren").click()
    names = {"A": "Angreifer", "V": "Verteidiger", "K": "König"}
    for square, letter in placements.items():
        board.get_by_role("radio", name=names[letter], exact=True).click()
        tap(board, square)
        # once, under load, one placement of thirteen was missing at the end: say which
        # and what the board said right then
        shown = shown_pieces(board).get(square)
        assert shown == letter, f"{square}: {shown} statt {letter}; Status: {status(board)!r}"
    board.get_by_role("combobox", name="Am Zug").select_option(side)
    ready(board)
    assert shown_pieces(board) == placements
    board.get_by_role("button", name="Aufstellen beenden – spielen").click()
    ready(board)
    return board


def test_free_board_escape(engine_page: Any, server: str) -> None:
    """On the free Copenhagen board set up by hand the king escapes to a corner; the game is
    copied as an example.

    Slow on a busy machine (the position is set up by clicks, each answered by the engine).
    """
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    board = edit_free_board(page, server, {"c11": "K", "f7": "A", "e3": "A"}, "defenders")
    tap(board, "c11")
    tap(board, "a11")  # Copenhagen: the king escapes to a corner
    assert "die Verteidiger gewinnen" in status(board)  # the turn's report
    expect(board.locator(".tafl-brett-zug")).to_have_text(
        "Partie beendet: Verteidiger gewinnen durch Flucht"
    )
    assert "c11-a11" in board.locator(".tafl-brett-zugliste").inner_text()
    mitwirken(page)
    board.get_by_role("button", name="Als Beispiel kopieren").click()
    game = board.locator("textarea").nth(2).input_value()
    assert game.startswith("dim:11") and "c11-a11" in game


def test_free_board_edge_fort(engine_page: Any, server: str) -> None:
    """The edge fort of docs/mechaniken/randfestung.md, set up by hand on the free board, wins
    for the defenders.

    Slow (about 10 s on a busy machine: thirteen pieces are placed by clicks, each answered
    by the engine).
    """
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    # The fort of docs/mechaniken/randfestung.md ("Der letzte Mauerstein"), built by hand.
    placements = {
        "b9": "A", "i9": "V", "i6": "A", "g5": "V", "f4": "A", "d3": "A", "c2": "A",
        "e2": "V", "f2": "V", "h2": "A", "c1": "A", "d1": "V", "f1": "K",
    }  # fmt: skip
    board = edit_free_board(page, server, placements, "defenders")
    tap(board, "g5")
    tap(board, "g1")
    assert "Randfestung" in status(board) and "die Verteidiger gewinnen" in status(board)
    expect(board.locator(".tafl-brett-zug")).to_have_text(
        "Partie beendet: Verteidiger gewinnen durch Randfestung"
    )


#: "Daten sparen" (navigator.connection.saveData) switched on before the page's scripts run.
SAVE_DATA = "Object.defineProperty(navigator, 'connection', {value: {saveData: true}})"


def test_with_data_saving_nothing_of_the_engine_loads_before_a_press(
    browser: Any, server: str
) -> None:
    context = browser.new_context()
    context.add_init_script(SAVE_DATA)
    requests: list[str] = []
    page = context.new_page()
    page.on("request", lambda r: requests.append(r.url))
    page.goto(server + "/mechaniken/schlagen/", wait_until="load")
    # the board's script has run (it shows the buttons) and the page has settled
    page.locator(".tafl-ausprobieren-knopf").first.wait_for(state="visible")
    settle(page)
    context.close()
    assert not [u for u in requests if "/assets/tafl/" in u], requests


def test_without_javascript_the_static_diagram_stays(browser: Any, server: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server + "/mechaniken/schlagen/")
    figure = page.locator("figure.tafl-beispiel").first
    assert figure.locator(".tafl-diagramme svg").first.is_visible()
    assert figure.locator(".tafl-ausprobieren").is_hidden()
    context.close()


def test_runtime_files_are_in_the_site(site: Path) -> None:
    manifest = json.loads((site / "assets/tafl/runtime.json").read_text("utf-8"))
    core = site / "assets/tafl" / manifest["pyodide"]
    for name in ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        assert (core / name).is_file()
    for name in ("pyodide-lock.json", "python_stdlib.zip", "pyodide.mjs"):
        assert not (core / name).exists(), f"{name} braucht die Engine nicht"
    for entry in manifest["files"]:
        assert (site / "assets/tafl" / entry["path"]).stat().st_size == entry["bytes"]
        if entry["gz"]:
            assert (site / "assets/tafl" / entry["gz"]).stat().st_size == entry["gzBytes"]
    assert (site / "assets/tafl" / manifest["engine"]).is_file()
    # the runtime script and the service worker carry this build's manifest
    script = (site / "javascripts/tafl-runtime.js").read_text("utf-8")
    assert script.count(f'"version":"{manifest["version"]}"') == 1
    worker = (site / "tafl-sw.js").read_text("utf-8")
    assert f'"version":"{manifest["version"]}"' in worker


def test_keyboard_only(engine_page: Any, server: str) -> None:
    """Arrow keys walk the squares, Enter taps: the documented capture by keyboard alone."""
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    block = capture_example()
    _, board = open_example(page, server, "/mechaniken/schlagen/", block)
    geo = block.position.geo

    def focused() -> str:
        return page.evaluate("() => document.activeElement.dataset.square || ''")

    def walk_to(square: str) -> None:
        here, there = geo.parse(focused()), geo.parse(square)
        files = there % geo.n - here % geo.n
        ranks = there // geo.n - here // geo.n
        for _ in range(abs(files)):
            page.keyboard.press("ArrowRight" if files > 0 else "ArrowLeft")
        for _ in range(abs(ranks)):
            page.keyboard.press("ArrowUp" if ranks > 0 else "ArrowDown")
        assert focused() == square

    assert focused(), "nach dem Laden steht der Fokus auf einem Feld"
    frm, to = block.turns[0].steps[0].replace("^", "-").split("-")
    walk_to(frm)
    page.keyboard.press("Enter")
    expect(board.locator(f'[data-square="{frm}"]')).to_have_attribute("aria-pressed", "true")
    ready(board)  # the engine answers from its worker
    walk_to(to)
    page.keyboard.press("Enter")
    ready(board)
    gone = {geo.name(s) for s in block.captured.value}
    assert not gone & shown_pieces(board).keys()
    assert focused() == to
    assert board.locator("[tabindex='0']").count() == 1  # one tab stop for the whole board


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_live_boards_pass_axe(engine_page: Any, server: str, scheme: str) -> None:
    """The opened example board (a piece selected, targets shown) and the free board in
    editing mode have no WCAG 2.1 A/AA violation, in the light and the dark scheme.

    Slow on a busy machine (two boards opened, axe runs on each).
    """
    from tests.site_support import axe_violations

    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    show_as(page, scheme, 390, 844)
    block = capture_example()
    _, board = open_example(page, server, "/mechaniken/schlagen/", block)
    frm = block.turns[0].steps[0].replace("^", "-").split("-")[0]
    tap(board, frm)
    assert marked(board), "nach dem Tippen auf eine Figur sind Ziele markiert"
    found = axe_violations(page, f"Ausprobieren ({scheme})")
    free = edit_free_board(page, server, {"f6": "K", "d4": "A"}, "attackers")
    free.get_by_role("button", name="Aufstellen", exact=True).click()
    page.mouse.move(0, 0)  # no hover state left where the pressed button was
    found += axe_violations(page, f"Spielbrett, Aufstellen ({scheme})")
    assert not found, "WCAG-Verstöße:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "wanted",
    ['x"]', "copenhagen-11\"], option[value='", "\\", "x" * 3000],
    ids=["quote-bracket", "selector", "backslash", "long"],
)
def test_a_hostile_variant_in_the_address_is_data(
    engine_page: Any, server: str, wanted: str
) -> None:
    """'?variante=' picks a variant only when it is a known slug; anything else keeps the
    first one with a German notice that quotes a short excerpt, and the board still loads."""
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    from urllib.parse import quote

    visit(page, server, "/spielbrett/?variante=" + quote(wanted))
    note = page.locator(".tafl-adresse-hinweis")
    expect(note).to_contain_text("aus der Adresse gibt es hier nicht")
    assert len(note.inner_text()) < 200
    select = page.get_by_label("Variante:", exact=True)
    first = select.locator("option").first.get_attribute("value")
    assert select.input_value() == first
    page.get_by_role("button", name="Spielbrett starten").click()
    page.locator(".tafl-spielbrett " + READY).wait_for(timeout=120_000)
    visit(page, server, "/spielbrett/?variante=tyr-11")
    assert page.get_by_label("Variante:", exact=True).input_value() == "tyr-11"
    expect(page.locator(".tafl-adresse-hinweis")).to_have_count(0)


# -- loading: size before the press, bytes while loading, cache, offline -------------------

#: Bytes the first press fetched before this work (Pyodide 314.0.7: full standard library,
#: package lock, uncompressed WebAssembly), for the comparison below.
FIRST_PRESS_BEFORE = 13_660_329


def manifest_of(site: Path) -> dict[str, Any]:
    return json.loads((site / "assets/tafl/runtime.json").read_text("utf-8"))


def megabytes(size: int) -> str:
    return f"{size / 1e6:.1f} MB".replace(".", ",")


class Served:
    """The built site on its own origin (a fresh service worker scope, no HTTP caching) that
    logs what it sends (path, bytes); `stop()` takes the server down."""

    def __init__(self, site: Path) -> None:
        import functools
        import threading

        from tests.site_support import QuietHandler, QuietServer

        log: list[tuple[str, int]] = []
        self.log = log

        class Logged(QuietHandler):
            def end_headers(self) -> None:
                # as a host right after a deploy: the browser asks again for every file
                self.send_header("Cache-Control", "no-cache")
                super().end_headers()

            def copyfile(self, source: Any, outputfile: Any) -> None:
                start = source.tell()
                super().copyfile(source, outputfile)
                log.append((self.path.split("?")[0], source.tell() - start))

        handler = functools.partial(Logged, directory=str(site))
        self.httpd = QuietServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.stopped = False

    def stop(self) -> None:
        if not self.stopped:
            self.stopped = True
            self.httpd.shutdown()
            self.httpd.server_close()


def press_first_example(page: Any) -> Any:
    page.locator(".tafl-ausprobieren-knopf").first.click()
    board = page.locator(READY).first
    board.wait_for(timeout=120_000)
    return board


def test_the_first_press_states_its_size_shows_bytes_and_fetches_less(
    browser: Any, site: Path
) -> None:
    """The button names the download size before the press; while loading, the bar shows
    bytes received; the press fetches what the manifest says (gzip copies, no package
    lock, no full standard library) – less than half of what it fetched before.

    Slow (Python starts in a fresh context, not on engine_page: the first press of a new
    visit is what is measured).
    """
    manifest = manifest_of(site)
    served = Served(site)
    context = browser.new_context()
    context.add_init_script(SAVE_DATA)  # no fetching ahead: the press fetches everything
    page = context.new_page()
    try:
        page.goto(served.url + "/mechaniken/schlagen/")
        button = page.locator(".tafl-ausprobieren-knopf").first
        size = megabytes(manifest["download"])
        expect(button).to_have_text(f"Ausprobieren ({size})")
        assert f"Ausprobieren ({size}): " in (button.get_attribute("aria-label") or "")
        page.evaluate(
            """() => { window.__taflLaden = [];
                new MutationObserver(() => { const t = document.querySelector(
                  '.tafl-brett-laden span'); if (t) window.__taflLaden.push(t.textContent); })
                .observe(document.body, {subtree: true, childList: true, characterData: true});
            }"""
        )
        before = len(served.log)
        press_first_example(page)
        seen = page.evaluate("() => window.__taflLaden")
    finally:
        context.close()
        served.stop()
    fetched = {
        path.split("/assets/tafl/")[1]: size
        for path, size in served.log[before:]
        if "/assets/tafl/" in path
    }
    assert any(re.search(rf"\d+,\d MB von {re.escape(size)}$", t) for t in seen), seen
    assert "Das Brett wird vorbereitet …" in seen
    assert not [t for t in seen if re.search("Python|Engine", t)], seen  # no engine words
    wanted = {e.get("gz") or e["path"] for e in manifest["files"]}
    assert set(fetched) == wanted, fetched
    total = sum(fetched.values())
    assert total == manifest["download"]
    assert total < FIRST_PRESS_BEFORE / 2, f"{total} Bytes beim ersten Druck"


def test_a_second_pages_board_starts_from_the_cache_offline(browser: Any, site: Path) -> None:
    """After one page's board has loaded, a board on another page starts with the network
    gone (the browser offline and the server down): the service worker serves every file;
    its button no longer names a download.

    Slow (Python starts twice in a fresh context, not on engine_page: the cache of a new
    visit is what is checked).
    """
    served = Served(site)
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(served.url + "/mechaniken/schlagen/")
        press_first_example(page)
        assert page.evaluate("() => !!navigator.serviceWorker.controller")
        page.goto(served.url + "/mechaniken/flucht/")
        button = page.locator(".tafl-ausprobieren-knopf").first
        expect(button).to_have_text("Ausprobieren")
        # the page itself (and the theme's search worker, which imports its scripts once the
        # index has arrived) has finished loading before the network goes
        page.wait_for_load_state("networkidle")
        served.stop()
        context.set_offline(True)
        requests_before = len(served.log)
        board = press_first_example(page)
        assert board.locator("[data-square][data-piece]").count() > 0
        assert len(served.log) == requests_before
    finally:
        context.close()
        served.stop()
    # the theme's site search is not offline-capable (and not claimed to be): a search worker
    # that starts its imports after the network is gone is no error of the board
    errors = [e for e in errors if "/assets/javascripts/lunr/" not in e]
    assert not errors, errors


def test_the_free_board_loads_when_the_page_is_idle(page: Any, server: str) -> None:
    """Without a press, the free board fetches and starts the engine once the page is idle;
    the press then opens the board at once.

    Slow (Python starts in a fresh context, not on engine_page: the engine must start from
    nothing on an idle page).
    """
    page.goto(server + "/spielbrett/")
    note = page.locator(".tafl-vorladen")
    expect(note).to_have_text("Das Brett ist bereit.", timeout=120_000)
    assert page.locator(".tafl-brett").count() == 0, "kein Brett vor dem Druck"
    page.get_by_role("button", name="Spielbrett starten").click()
    page.locator(".tafl-spielbrett " + READY).wait_for(timeout=5_000)


# -- the board: task, replay question, contributor export, move pairs, fit (item 7) --------


def test_the_ready_board_gives_a_task_and_asks_before_dropping_own_turns(
    engine_page: Any, server: str
) -> None:
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    block = capture_example()
    _, board = open_example(page, server, "/mechaniken/schlagen/", block)
    frm, to = block.turns[0].steps[0].replace("^", "-").split("-")
    assert status(board) == f"Tippe {frm} an, dann {to} – der Zug des Beispiels."
    # an own step, then "Beispiel abspielen": the board asks and keeps the step on "Nein"
    engine = Board(block.variant.rules, block.position)
    own = next(m for m in engine.legal_moves() if engine.move_text(m) != f"{frm}-{to}")
    a, b = engine.move_text(own).split("-")
    tap(board, a)
    tap(board, b)
    after_own = shown_pieces(board)
    board.get_by_role("button", name="Beispiel abspielen").click()
    assert "der selbst gespielte Zug geht dabei verloren" in status(board)
    board.get_by_role("button", name="Nein, weiterspielen").click()
    assert shown_pieces(board) == after_own
    board.get_by_role("button", name="Beispiel abspielen").click()
    board.get_by_role("button", name="Ja, Beispiel abspielen").click()
    ready(board)
    gone = {block.position.geo.name(s) for s in block.captured.value}
    assert not gone & shown_pieces(board).keys()
    # the contributor export only with the "Mitwirken" switch on
    copy = board.get_by_role("button", name="Als Beispiel kopieren")
    expect(copy).to_be_hidden()
    mitwirken(page)
    expect(copy).to_be_visible()


def test_the_move_list_numbers_pairs_as_otn(engine_page: Any, server: str) -> None:
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    visit(page, server, "/spielbrett/?variante=copenhagen-11")
    page.get_by_role("button", name="Spielbrett starten").click()
    board = page.locator(".tafl-spielbrett " + READY)
    board.wait_for(timeout=120_000)
    for square in ("d1", "d3", "f4", "h4", "d3", "d2"):
        tap(board, square)
    items = board.locator(".tafl-brett-zugliste li").all_inner_texts()
    assert items == ["1. d1-d3 f4-h4", "2. d3-d2"]


def test_the_status_line_fits_a_desktop_window(engine_page: Any, server: str) -> None:
    """1280 × 800: with the board at the top (below the page header), its status line and
    buttons are on the screen."""
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    show_as(page, "light", 1280, 800)
    visit(page, server, "/spielbrett/?variante=tyr-15")
    page.get_by_role("button", name="Spielbrett starten").click()
    board = page.locator(".tafl-spielbrett " + READY)
    board.wait_for(timeout=120_000)
    box = board.evaluate(
        """b => { const head = document.querySelector('.md-header').offsetHeight;
            window.scrollTo(0, b.getBoundingClientRect().top + scrollY - head);
            const r = s => b.querySelector(s).getBoundingClientRect();
            return {top: r('.tafl-brett-zug').top, status: r('.tafl-brett-status').bottom,
                    buttons: r('.tafl-brett-leiste').bottom, head, height: innerHeight}; }"""
    )
    assert box["top"] >= box["head"] - 1
    assert box["status"] <= box["height"], box
    assert box["buttons"] <= box["height"], box


def test_small_squares_on_the_phone_can_be_zoomed(browser: Any, server: str) -> None:
    """390 × 844, Tyr 15×15: a square is under 24 px (WCAG 2.5.8), so "Vergrößern" is offered;
    it makes the squares larger and lets the board scroll sideways inside its frame, not
    the page.

    Slow (Python starts in a fresh context, not on engine_page: a touch screen, `has_touch`,
    is set when a context is made).
    """
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto(server + "/spielbrett/?variante=tyr-15")
    page.get_by_role("button", name="Spielbrett starten").click()
    board = page.locator(".tafl-spielbrett " + READY)
    board.wait_for(timeout=120_000)

    def square() -> float:
        return float(board.locator('[data-square="a1"]').bounding_box()["width"])

    assert square() < 24
    zoom = board.get_by_role("button", name="Vergrößern")
    zoom.click()
    assert square() >= 24
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    frame = board.locator(".tafl-brett-rahmen")
    scrolls = frame.evaluate("f => f.scrollWidth > f.clientWidth")
    tap(board, "a8")  # an attacker: the side to move
    assert board.locator('[data-square="a8"]').get_attribute("aria-pressed") == "true"
    board.get_by_role("button", name="Verkleinern").click()
    assert square() < 24
    context.close()
    assert overflow <= 1 and scrolls


def _link_or_copy(source: str, target: str) -> None:
    """A hard link to the file (nothing to copy), or a copy on another file system."""
    import shutil

    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def test_a_new_build_replaces_the_cached_runtime(browser: Any, site: Path, tmp_path: Path) -> None:
    """The cache is named after the build's version hash: after a new build (simulated by
    a new hash in the runtime script and the service worker) the next board fills a new
    cache and the new worker deletes the old one.

    Slow (two boards start Pyodide, and each fills a cache, before and after the new build).
    Fresh contexts on purpose: the test is about what a new visit fetches and caches.
    """
    import shutil

    copy = tmp_path / "site"
    shutil.copytree(site, copy, copy_function=_link_or_copy)
    old = manifest_of(site)["version"]
    served = Served(copy)
    context = browser.new_context()
    page = context.new_page()
    keys = "() => caches.keys().then(k => k.filter(n => n.startsWith('tafl-laufzeit-')))"
    try:
        page.goto(served.url + "/mechaniken/schlagen/")
        press_first_example(page)
        assert page.evaluate(keys) == [f"tafl-laufzeit-{old}"]
        new = "0" * len(old)
        for name in ("javascripts/tafl-runtime.js", "tafl-sw.js"):
            path = copy / name
            text = path.read_text("utf-8")
            path.unlink()  # a new file, not the shared site's (a hard link)
            path.write_text(text.replace(old, new), "utf-8")
        page.goto(served.url + "/mechaniken/flucht/")
        expect(page.locator(".tafl-ausprobieren-knopf").first).to_contain_text("MB)")
        press_first_example(page)
        found: list[str] = []
        for _ in range(50):  # the new worker deletes the old cache when it takes over
            found = page.evaluate(keys)
            if found == [f"tafl-laufzeit-{new}"]:
                break
            page.wait_for_timeout(200)
        active = page.evaluate(
            "() => navigator.serviceWorker.getRegistration().then(r => r.active.scriptURL)"
        )
    finally:
        context.close()
        served.stop()
    assert found == [f"tafl-laufzeit-{new}"], found
    assert active.endswith("/tafl-sw.js")


def follow(page: Any, path: str) -> None:
    """Click the navigation's link to `path` (Material's instant navigation takes it)."""
    take_link(
        page,
        lambda: page.evaluate(
            """path => [...document.querySelectorAll('.md-nav--primary a.md-nav__link')]
                .find(a => new URL(a.href).pathname.endsWith(path)).click()""",
            path,
        ),
        "**" + path,
    )


def test_links_keep_the_engine_and_every_page_type_works_after_them(page: Any, server: str) -> None:
    """One engine per visit: after a link (instant navigation) the page's JavaScript, its
    started engine and its listeners stay; every kind of page sets itself up anew.

    Slow (Python starts in a fresh context, not on engine_page: the visit starts with this
    test, so it proves what engine_page relies on).
    """
    page.goto(server + "/mechaniken/schlagen/")
    page.locator(".tafl-ausprobieren-knopf").first.click()
    page.locator(READY).first.wait_for(timeout=120_000)
    page.evaluate("() => { window.__taflBesuch = 1; }")
    same_visit = "() => window.__taflBesuch === 1"

    follow(page, "/mechaniken/flucht/")
    assert page.evaluate(same_visit), "der Link lud die Seite neu (keine Instant-Navigation)"
    assert page.evaluate("() => window.TaflBoard.live.length") == 0  # the old board is gone
    page.locator(".tafl-ausprobieren-knopf").first.click()
    board = page.locator(READY).first
    board.wait_for(timeout=10_000)  # the engine is there: no loading again
    assert page.evaluate("() => window.TaflBoard.live.length") == 1

    follow(page, "/aufgaben/brandub-7/")
    figure = page.locator("figure.tafl-aufgabe").first
    figure.get_by_role("button", name=re.compile("^Aufgabe lösen")).click()
    expect(figure).to_have_attribute("data-state", "ready", timeout=10_000)

    follow(page, "/partien/brandub-7/")
    page.locator("button.tafl-partie-knopf").first.click()
    expect(page.locator(".tafl-brett[data-zug]").first).to_be_visible(timeout=10_000)

    follow(page, "/regelvergleich/")
    form = page.locator("form.tafl-vergleichswahl")
    expect(form).to_be_visible()
    assert page.locator(".tafl-matrix .tafl-spalte-aus").count() > 0  # two columns shown

    follow(page, "/varianten/brandub-7/")
    take_link(
        page,
        page.get_by_role("link", name="Gegen den Computer spielen").click,
        re.compile(r"/spielbrett/\?variante=brandub-7&gegner=1$"),
    )
    assert page.locator(".tafl-spielbrett select").first.input_value() == "brandub-7"
    assert page.locator("#tafl-gegner").is_checked()
    page.get_by_role("button", name=re.compile("^Spielbrett starten")).click()
    page.locator(".tafl-spielbrett " + READY).wait_for(timeout=10_000)

    switch = page.locator(".tafl-mitwirken-schalter")
    assert switch.count() == 1
    switch.click()
    assert page.evaluate("() => document.documentElement.classList.contains('tafl-mitwirken')")
    assert page.evaluate(same_visit)


def test_an_idle_page_with_boards_fetches_the_files_but_starts_no_python(
    browser: Any, site: Path
) -> None:
    """Before any press, a page with boards fetches the runtime files when it is idle (into
    the service worker's cache); Python itself starts only on intent or the press.

    Slow (a fresh context fetches the engine's files, not on engine_page: Python must not
    have started).
    """
    manifest = manifest_of(site)
    served = Served(site)
    context = browser.new_context()
    page = context.new_page()
    wanted = {e.get("gz") or e["path"] for e in manifest["files"]}
    try:
        page.goto(served.url + "/mechaniken/schlagen/")
        for _ in range(300):
            got = {p.split("/assets/tafl/")[1] for p, _ in served.log if "/assets/tafl/" in p}
            if wanted <= got:
                break
            page.wait_for_timeout(200)
        assert wanted <= got, sorted(wanted - got)
        assert page.evaluate("() => typeof window.loadPyodide") == "undefined"
        assert page.locator(".tafl-brett").count() == 0
        before = len(served.log)
        press_first_example(page)
        assert not [p for p, _ in served.log[before:] if "/assets/tafl/" in p]
    finally:
        context.close()
        served.stop()


def test_the_started_free_board_is_in_view_and_has_the_focus(engine_page: Any, server: str) -> None:
    """On a phone, "Spielbrett starten" brings the board into view and focuses a square."""
    page = engine_page  # this worker's page, its engine started (tests/conftest.py)
    show_as(page, "light", 390, 700)
    visit(page, server, "/spielbrett/?variante=brandub-7")
    page.get_by_role("button", name=re.compile("^Spielbrett starten")).click()
    board = page.locator(".tafl-spielbrett " + READY)
    board.wait_for(timeout=120_000)
    top = board.evaluate("b => b.getBoundingClientRect().top")
    assert 0 <= top < 700, f"Brett beginnt bei {top} px"
    assert page.evaluate("() => document.activeElement.hasAttribute('data-square')")
