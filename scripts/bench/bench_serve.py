"""Benchmark of `make serve`: seconds from saving a prose line to the browser showing it.

    python scripts/bench/bench_serve.py [--runs 10] [--page mechaniken/schlagen.md] [--pause 1.5]
                                  [--source DIR]

Starts the real server (`scripts/serve.py PORT --dirty`, as `make serve` does) on a copy
of the sources (tests/serve_support.py; the checkout is not touched), opens the page in
headless Chromium and then, `--runs` times, changes one prose line of the page (a new
word in the paragraph under the title, so no line moves) and measures from the file
write to the moment the browser, reloaded by the server, shows the new text. Prints the
first build, then median and maximum of: save-to-reload, save to the start of the reload
(the rest is the browser loading and showing the page), and the rebuilds the server
logged ("Documentation built in …"). `--source DIR` serves another checkout's sources
(e.g. `git archive` of an older commit) for a before/after comparison.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.serve_support import ServedCopy, copy_sources  # noqa: E402
from tests.site_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SHOWS = "m => !!document.body && document.body.textContent.includes(m)"


def shown_after(page: Any, mark: str, start: float, timeout: float = 120.0) -> float:
    """Seconds from `start` until the page shows `mark` (checked every 10 ms)."""
    from playwright.sync_api import Error

    while time.perf_counter() - start < timeout:
        try:
            if page.evaluate(SHOWS, mark):
                return time.perf_counter() - start
        except Error:
            pass  # the page is reloading
        time.sleep(0.01)
    raise TimeoutError(f"die Seite zeigte „{mark}“ nach {timeout} s noch nicht")


def build_times(log: str) -> list[float]:
    """The build durations the server logged, in order."""
    return [float(s) for s in re.findall(r"Documentation built in ([\d.]+) seconds", log)]


def figures(name: str, values: list[float]) -> str:
    return (
        f"{name}: Median {statistics.median(values):.2f} s, Maximum {max(values):.2f} s "
        f"(einzeln: {', '.join(f'{v:.2f}' for v in values)})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--page", default="mechaniken/schlagen.md", help="below docs/")
    parser.add_argument("--pause", type=float, default=1.5, help="seconds between two saves")
    parser.add_argument("--source", type=Path, default=ROOT, help="the sources to serve")
    opts = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="tafl-bench-serve-") as tmp:
        copy = copy_sources(Path(tmp) / "tafl", opts.source)
        source = copy / "docs" / opts.page
        text = source.read_text("utf-8")
        title = re.search(r"^# .*\n\n", text, re.M)
        if title is None:
            print(
                f"{opts.page}: keine Überschrift '# …' gefolgt von einer Leerzeile", file=sys.stderr
            )
            return 2
        at = title.end()
        url_path = "/" + opts.page.removesuffix(".md").removesuffix("index") + "/"
        with ServedCopy(copy) as server, sync_playwright() as p:
            first = server.wait_ready(1800)
            print(f"Erster Bau bis ausgeliefert: {first:.1f} s", flush=True)
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(server.url + url_path.replace("//", "/"))
            time.sleep(opts.pause)
            times, reloads = [], []
            for run in range(opts.runs):
                mark = f"Messwort{run}x{time.time_ns()}"
                start, wall = time.perf_counter(), time.time()
                source.write_text(f"{text[:at]}{mark} {text[at:]}", "utf-8")
                times.append(shown_after(page, mark, start))
                # when the browser began to load the new page (the server's reload signal)
                reloads.append(page.evaluate("() => performance.timeOrigin") / 1000 - wall)
                print(
                    f"  Lauf {run + 1}: {times[-1]:.2f} s (Neuladen ab {reloads[-1]:.2f} s)",
                    flush=True,
                )
                time.sleep(opts.pause)
            browser.close()
        builds = build_times(server.log())[1:]
    print(figures(f"Speichern bis neu geladen ({opts.runs} Läufe)", times))
    print(figures("Speichern bis der Browser neu lädt", reloads))
    if builds:
        print(figures("davon Neubau (laut Server)", builds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
