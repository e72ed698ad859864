"""Benchmark of the live board ("Ausprobieren") on the built site, served locally.

Prints, in a phone-sized window (390 x 800): time from the first press to
data-state="ready" (cold: the press comes before the page fetched anything ahead; with
`--wait S` the reader presses S seconds after the page loaded, as one who reads first),
the long tasks of the page's thread meanwhile (the longest, and the blocking time: what
each task took beyond 50 ms), time per engine answer (tap a piece, play a step, undo), the
time from the press on a second page reached by a link (`--second`, Material's instant
navigation: the engine stays), the same after a full reload (warm: files from the service
worker's cache, Python starts anew), and the bytes transferred for a page view without
pressing and on first use, counted by the local server (so requests the service worker
makes count too) and per file. Also the machine's load (uptime). Not a test: figures
depend on the machine.

    .venv/bin/python scripts/bench/bench_board.py [--site DIR] [--page /mechaniken/schlagen/]

With `--gegner VARIANT` it measures the computer opponent of the free board instead: the
search worker's start (its own Pyodide), the time from "Spielbrett starten" to the
computer's first turn (the reader plays the defenders), and the computer's answer time per
turn at `--level` (from the reader's click until its turn is shown; at least the page's
THINK_DELAY of 0.7 s), next to the level's time budget (tafl_core/search/levels.py).

    .venv/bin/python scripts/bench/bench_board.py --site DIR --gegner copenhagen-11 --level 5
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.site_support import CHROMIUM, CHROMIUM_ARGS, QuietHandler  # noqa: E402

READY = '.tafl-brett[data-state="ready"]'
PHONE: Any = {"width": 390, "height": 800}

#: Records the page thread's long tasks (> 50 ms) from the start of every page.
LONG_TASKS = """
window.__taflLang = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__taflLang.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def load() -> str:
    """The machine's load averages (uptime)."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def long_tasks(page: Any, since: float) -> tuple[float, float]:
    """The longest task and the blocking time (ms) of the page's thread after `since`."""
    tasks = page.evaluate(
        "since => window.__taflLang.filter(([s]) => s >= since).map(([, d]) => d)", since
    )
    return (max(tasks, default=0.0), sum(max(0.0, d - 50) for d in tasks))


def build(out: Path) -> None:
    """mkdocs build --strict into out."""
    env = dict(os.environ, DISABLE_MKDOCS_2_WARNING="true", NO_MKDOCS_2_WARNING="1")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)],
        cwd=ROOT,
        env=env,
        check=True,
    )


class Sent:
    """Bytes the local server sent, per path."""

    def __init__(self) -> None:
        self.paths: dict[str, int] = {}

    @property
    def total(self) -> int:
        return sum(self.paths.values())

    def since(self, before: dict[str, int]) -> dict[str, int]:
        return {p: n - before.get(p, 0) for p, n in self.paths.items() if n != before.get(p, 0)}


SENT = Sent()


class CountingHandler(QuietHandler):
    """The quiet file server that adds the bytes of every body it sends to SENT."""

    def copyfile(self, source: Any, outputfile: Any) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        path = self.path.split("?")[0]
        SENT.paths[path] = SENT.paths.get(path, 0) + source.tell() - start


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(CountingHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


class Bytes:
    """Bytes on the wire of one page, from the DevTools protocol."""

    def __init__(self, context: Any, page: Any) -> None:
        self.total = 0
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.loadingFinished", self._done)

    def _done(self, event: dict[str, Any]) -> None:
        self.total += int(event.get("encodedDataLength", 0))


def press(page: Any) -> tuple[float, float]:
    """Press the first 'Ausprobieren'; seconds until the board is ready, and the page's
    clock (performance.now) at the press."""
    button = page.locator(".tafl-ausprobieren-knopf").first
    button.scroll_into_view_if_needed()
    at = float(page.evaluate("() => performance.now()"))
    start = time.perf_counter()
    button.click()
    page.locator(READY).first.wait_for(timeout=300_000)
    return time.perf_counter() - start, at


def follow(page: Any, path: str) -> bool:
    """Click the navigation's link to `path`; whether the page's JavaScript stayed."""
    page.evaluate("() => { window.__taflBesuch = 1; }")
    page.evaluate(
        """path => [...document.querySelectorAll('.md-nav--primary a.md-nav__link')]
            .find(a => new URL(a.href).pathname.endsWith(path)).click()""",
        path,
    )
    page.wait_for_url("**" + path)
    page.locator(".tafl-ausprobieren-knopf").first.wait_for()
    return bool(page.evaluate("() => window.__taflBesuch === 1"))


def answer_times(page: Any, rounds: int) -> list[float]:
    """Milliseconds per engine answer, measured inside the page from one click until the
    board shows the answer (the engine answers from its worker)."""
    script = """([sel]) => new Promise((done) => {
        const b = document.querySelector('.tafl-brett');
        const e = b.querySelector(sel); const t = performance.now();
        const watch = new MutationObserver(() => {
          if (b.dataset.state !== 'ready') return;
          watch.disconnect(); done(performance.now() - t); });
        watch.observe(b, {attributes: true, attributeFilter: ['data-state']});
        e.click(); })"""
    times = []
    square = page.evaluate(
        """() => document.querySelector('.tafl-brett [data-piece]').dataset.square"""
    )
    for _ in range(rounds):
        times.append(page.evaluate(script, [f'[data-square="{square}"]']))  # select
        target = page.evaluate(
            "() => { const t = document.querySelector('.tafl-brett [data-target]');"
            " return t ? t.dataset.square : null; }"
        )
        if target is None:
            times.append(page.evaluate(script, [f'[data-square="{square}"]']))  # deselect
            continue
        times.append(page.evaluate(script, [f'[data-square="{target}"]']))  # play
        times.append(page.evaluate(script, ['[data-action="zurueck"]']))  # undo
    return times


def opponent(base: str, slug: str, level: int, rounds: int, pause: float = 0.0) -> None:
    """Print the figures of the computer opponent (see the module docstring)."""
    from playwright.sync_api import sync_playwright

    from tafl_core import Board, variant
    from tafl_core.turns import parse_turn_text, play_turn

    def turns(page: Any) -> list[list[str]]:
        found = []
        for line in page.locator(".tafl-brett-zugpaare li").all_inner_texts():
            found += [parse_turn_text(w) for w in line.split()[1:] if w != "..."]
        return found

    def answered(page: Any, count: int) -> None:
        """Wait until the move list holds `count` turns and the computer thinks no more."""
        page.wait_for_function(
            """(n) => {
              let c = 0;
              for (const li of document.querySelectorAll('.tafl-brett-zugpaare li')) {
                c += li.innerText.split(/\\s+/).filter(Boolean).slice(1)
                  .filter((w) => w !== '...').length;
              }
              return c >= n && document.querySelector('.tafl-brett').dataset.computer !== 'denkt';
            }""",
            arg=count,
            polling="raf",
            timeout=300_000,
        )

    def idle(page: Any) -> None:
        page.wait_for_function(
            "() => document.querySelector('.tafl-brett').dataset.computer !== 'denkt'",
            polling="raf",
            timeout=300_000,
        )

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport=PHONE)
        page.goto(f"{base}/spielbrett/?variante={slug}&gegner=1", wait_until="load")
        page.select_option("#tafl-seite", "defenders")
        page.select_option("#tafl-stufe", str(level))
        page.wait_for_timeout(pause * 1000)  # a reader choosing: the worker starts meanwhile
        start = time.perf_counter()
        page.locator("button.tafl-spielbrett-start").click()
        page.locator(READY).wait_for(timeout=300_000)
        ready = time.perf_counter() - start
        page.wait_for_function(
            "() => document.querySelectorAll('.tafl-brett-zugpaare li').length > 0",
            polling="raf",
            timeout=300_000,
        )
        first = time.perf_counter() - start
        worker = page.evaluate(
            """() => { const m = (n) => performance.getEntriesByName(n)[0].startTime;
                return (m('tafl-suche-bereit') - m('tafl-suche-start')) / 1000; }"""
        )
        answers = []
        v = variant(slug)
        for _ in range(rounds):
            idle(page)
            board = Board(v, v.start())
            for steps in turns(page):
                play_turn(board, steps)
            if board.outcome is not None:
                break
            move = board.legal_moves()[len(board.legal_moves()) // 2]
            frm, to = board.move_text(move).replace("^", "-").split("-")
            shown = len(turns(page))
            board.push(move)
            if board.outcome is not None:
                break  # the reader's step ends the game: the computer does not answer
            page.locator(f'.tafl-brett [data-square="{frm}"]').click()
            clicked = time.perf_counter()
            page.locator(f'.tafl-brett [data-square="{to}"]').click()
            answered(page, shown + 2)  # the reader's turn and the computer's
            answers.append(time.perf_counter() - clicked)
        browser.close()
    from tafl_core.search.levels import LEVELS

    print(f"Last (uptime): {load()}")
    print(f"Gegen den Computer: {slug}, Stufe {level}, Druck {pause:.0f} s nach dem Laden")
    print(f"Zeitbudget der Stufe: {LEVELS[level].seconds:.1f} s")
    print(f"Brett bereit nach dem Druck: {ready:.2f} s")
    print(f"Such-Worker gestartet (eigenes Pyodide): {worker:.2f} s")
    print(f"Erster Zug des Computers nach dem Druck: {first:.2f} s")
    if answers:
        print(
            f"Antwort des Computers ({len(answers)} Züge, mit 0,7 s Mindestpause): "
            f"Median {statistics.median(answers):.2f} s, Maximum {max(answers):.2f} s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="built site (default: build into a temp dir)")
    parser.add_argument("--page", default="/mechaniken/schlagen/")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--gegner", metavar="VARIANTE", help="measure the computer opponent")
    parser.add_argument("--level", type=int, default=2)
    parser.add_argument("--pause", type=float, default=0.0, help="seconds before the press")
    parser.add_argument("--wait", type=float, default=0.0, help="seconds before the first press")
    parser.add_argument("--second", default="/mechaniken/flucht/", help="page reached by a link")
    args = parser.parse_args()
    if args.gegner:
        if args.site is None:
            parser.error("--gegner braucht --site (eine gebaute Seite)")
        httpd, base = serve(args.site)
        opponent(base, args.gegner, args.level, min(args.rounds, 10), args.pause)
        httpd.shutdown()
        return
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build(site)
        httpd, base = serve(site)
        url = base + args.page
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport=PHONE)
            context.add_init_script(LONG_TASKS)
            page = context.new_page()
            wire = Bytes(context, page)
            page.goto(url, wait_until="load")
            view_bytes = SENT.total
            before = dict(SENT.paths)
            page.wait_for_timeout(args.wait * 1000)
            cold, at = press(page)
            longest, blocking = long_tasks(page, at)
            first_use = SENT.total - view_bytes
            files = SENT.since(before)
            times = answer_times(page, args.rounds)
            kept = follow(page, args.second)
            second, _ = press(page)
            page.reload(wait_until="load")
            warm, _ = press(page)
            context.close()
            browser.close()
        httpd.shutdown()
    print(f"Last (uptime): {load()}")
    print(f"Seite: {args.page}, Druck {args.wait:.0f} s nach dem Laden")
    print(f"Seitenaufruf ohne Drücken: {view_bytes / 1024:.0f} KiB übertragen")
    print(f"Bis zum Bereitsein übertragen: {first_use / 1e6:.2f} MB")
    for path, size in sorted(files.items(), key=lambda item: -item[1]):
        print(f"    {size:>10,} B  {path}")
    print(f"  (DevTools-Protokoll der Seite: {wire.total / 1e6:.2f} MB insgesamt)")
    print(f"Bereit nach dem ersten Druck: {cold:.2f} s")
    print(f"  lange Aufgaben dabei: längste {longest:.0f} ms, blockiert {blocking:.0f} ms")
    print(
        f"Zweite Seite nach einem Link ({args.second}, "
        f"{'Instant-Navigation' if kept else 'neu geladen'}): bereit {second:.2f} s nach dem Druck"
    )
    print(f"Nach Neuladen (Dateien im Cache, Python neu): bereit {warm:.2f} s nach dem Druck")
    print(
        f"Antwort je Aktion ({len(times)} Messungen): Median {statistics.median(times):.1f} ms, "
        f"Maximum {max(times):.1f} ms"
    )


if __name__ == "__main__":
    main()
