"""Benchmark of the workshop page (docs/werkstatt.md) on the built site, served locally.

Prints: the time from opening the page to the first verdict (the page's own worker starts
Pyodide; cold = a fresh browser profile, warm = the runtime files already in the service
worker's cache), the time from a keystroke to the verdict shown (median and max over
`--rounds` edits of an example block, the 250 ms pause after typing included), the same
for "Fragezeichen ausfüllen", the proof of an exercise (win in 1 and in 2, Brandub), the time
"Prüfung abbrechen" needs until the workshop answers again (the worker ends and starts
anew), and the answer to a text of 100,000 lines. Also the machine's load. Not a test.

    .venv/bin/python scripts/bench/bench_workshop.py --site DIR [--rounds 10] [--bilder DIR]

`--bilder DIR` also writes the screenshots of docs/mitwirken.md (the workshop with a
verdict, a card with the Mitwirken tools and a selected sentence).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.site_support import CHROMIUM, CHROMIUM_ARGS, QuietHandler  # noqa: E402
from tests.workshop_cases import cases  # noqa: E402

IDLE = (
    "() => { const r = document.querySelector('.tafl-werkstatt');"
    " return r && r.dataset.state === 'idle' && r.dataset.ok !== undefined; }"
)
TYPE = """(t) => { const a = document.querySelector('.tafl-werkstatt-text'); a.value = t;
  a.dispatchEvent(new Event('input', {bubbles: true})); }"""


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


def idle(page: Any, timeout: float = 600_000) -> None:
    page.wait_for_function(IDLE, polling="raf", timeout=timeout)


def edit(page: Any, text: str) -> float:
    """Seconds from the keystroke (the input event) to its verdict shown."""
    begun = time.perf_counter()
    page.evaluate(TYPE, text)
    page.wait_for_function(
        "() => document.querySelector('.tafl-werkstatt').dataset.state === 'busy'"
    )
    idle(page)
    return time.perf_counter() - begun


def figures(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s, max {max(values):.2f} s (n={len(values)})"


def open_page(page: Any, base: str) -> float:
    begun = time.perf_counter()
    page.goto(base + "/werkstatt/")
    idle(page)
    return time.perf_counter() - begun


def measure(browser: Any, base: str, rounds: int) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    print(f"Erste Prüfung nach dem Öffnen (kalt): {open_page(page, base):.2f} s")
    print(f"Erste Prüfung nach dem Öffnen (neu geladen): {open_page(page, base):.2f} s")
    good = {c.name: c.text for c in cases()}
    block = good["schlagen"]
    broken = block.replace("Geschlagen: e4", "Geschlagen: d4")
    times = [edit(page, broken if i % 2 == 0 else block) for i in range(rounds)]
    print(f"Tippen bis Urteil (Beispiel Copenhagen 11×11): {figures(times)}")
    fills = []
    for _ in range(max(3, rounds // 3)):
        edit(page, good["offenes-danach"])
        begun = time.perf_counter()
        page.locator(".tafl-werkstatt-fuellen").click()
        page.wait_for_function(
            "() => !document.querySelector('.tafl-werkstatt-text').value.includes('Danach: ?')"
        )
        idle(page)
        fills.append(time.perf_counter() - begun)
    print(f"Fragezeichen ausfüllen bis Urteil: {figures(fills)}")
    for name in ("aufgabe-1", "aufgabe-verhindern"):
        # a fresh text each time: the proof is cached per visit, so change the caption
        first = edit(page, good[name].replace("Titel:", "Titel: (1)"))
        print(f"Aufgabe '{name}': erste Prüfung {first:.2f} s, ", end="")
        print(f"mit Beweis aus dem Zwischenspeicher {edit(page, good[name]):.2f} s")
    hard = "\n".join(["```tafl", "Variante: copenhagen-13", "Stellung: Start",
                      "Aufgabe: Verteidiger gewinnen in 4", "Lösung: ?", "```"])  # fmt: skip
    page.evaluate(TYPE, hard)
    page.wait_for_function("() => !document.querySelector('.tafl-werkstatt-stopp').disabled")
    time.sleep(1.0)
    begun = time.perf_counter()
    page.locator(".tafl-werkstatt-stopp").click()
    stopped = time.perf_counter() - begun
    back = edit(page, block)
    print(f"Abbrechen: Seite antwortet nach {stopped:.2f} s; ", end="")
    print(f"nächstes Urteil (neuer Worker) nach {back + stopped:.2f} s")
    huge = "```tafl\n" + "Titel: x\n" * 100_000 + "```\n"
    print(f"100.000 Zeilen: Urteil nach {edit(page, huge):.2f} s")
    context.close()


def screenshots(browser: Any, base: str, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1000, "height": 760})
    context.add_init_script("try { localStorage.setItem('tafl-mitwirken', '1'); } catch (e) {}")
    page = context.new_page()
    page.goto(base + "/werkstatt/")
    idle(page)
    block = {c.name: c.text for c in cases()}["schlagen"]
    edit(page, block.replace("Geschlagen: e4", "Geschlagen: d4"))
    area = page.locator(".tafl-werkstatt-text")
    area.evaluate(
        "a => { a.rows = 9; a.focus(); const at = a.value.indexOf('Geschlagen: d4');"
        " a.setSelectionRange(at, at + 14); const lines = a.value.split('\\n');"
        " const row = a.value.slice(0, at).split('\\n').length;"
        " a.scrollTop = (row - 6) * a.scrollHeight / lines.length; }"
    )
    top = area.bounding_box()
    bottom = page.locator(".tafl-werkstatt-urteil").bounding_box()
    assert top and bottom
    page.screenshot(
        path=str(folder / "werkstatt.png"),
        clip={"x": 0, "y": top["y"] - 40, "width": 1000, "height": bottom["y"]
              + bottom["height"] - top["y"] + 60},
        full_page=True,
    )  # fmt: skip
    page.goto(base + "/mechaniken/schlagen/")
    page.evaluate(
        """() => { const p = document.querySelector('article.md-content__inner > p');
        const r = document.createRange(); r.selectNodeContents(p);
        getSelection().removeAllRanges(); getSelection().addRange(r); }"""
    )
    page.locator("a.tafl-korrektur").wait_for(state="visible")
    page.screenshot(path=str(folder / "satz-korrigieren.png"))
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, required=True, help="the built site")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--bilder", type=Path, help="write the screenshots into this folder")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    httpd, base = serve(args.site)
    print(f"Last vorher: {load()}")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                if args.bilder:
                    screenshots(browser, base, args.bilder)
                measure(browser, base, args.rounds)
            finally:
                browser.close()
    finally:
        httpd.shutdown()
    print(f"Last nachher: {load()}")


if __name__ == "__main__":
    main()
