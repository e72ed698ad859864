"""Benchmark of the live board ("Ausprobieren") on the built site, served locally.

Prints: time from the first press to data-state="ready" (cold and warm browser cache),
time per engine answer (tap a piece, play a step, undo), and the bytes transferred for a
page view without pressing and on first use, counted by the local server (so requests the
service worker makes count too) and per file. Not a test: figures depend on the machine.

    .venv/bin/python scripts/bench_board.py [--site DIR] [--page /mechaniken/schlagen/]
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.site_support import CHROMIUM, CHROMIUM_ARGS, QuietHandler  # noqa: E402

READY = '.tafl-brett[data-state="ready"]'


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


def press(page: Any) -> float:
    """Press the first 'Ausprobieren'; seconds until the board is ready."""
    start = time.perf_counter()
    page.locator(".tafl-ausprobieren-knopf").first.click()
    page.locator(READY).first.wait_for(timeout=300_000)
    return time.perf_counter() - start


def answer_times(page: Any, rounds: int) -> list[float]:
    """Milliseconds per engine answer, measured inside the page around one click."""
    script = """([sel]) => { const b = document.querySelector('.tafl-brett');
        const e = b.querySelector(sel); const t = performance.now(); e.click();
        return performance.now() - t; }"""
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="built site (default: build into a temp dir)")
    parser.add_argument("--page", default="/mechaniken/schlagen/")
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
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
            context = browser.new_context()
            page = context.new_page()
            wire = Bytes(context, page)
            page.goto(url, wait_until="networkidle")
            view_bytes = SENT.total
            before = dict(SENT.paths)
            cold = press(page)
            first_use = SENT.total - view_bytes
            files = SENT.since(before)
            times = answer_times(page, args.rounds)
            page.reload(wait_until="networkidle")
            warm = press(page)
            context.close()
            browser.close()
        httpd.shutdown()
    print(f"Seite: {args.page}")
    print(f"Seitenaufruf ohne Drücken: {view_bytes / 1024:.0f} KiB übertragen")
    print(f"Erster Druck (Engine laden): {first_use / 1e6:.2f} MB übertragen")
    for path, size in sorted(files.items(), key=lambda item: -item[1]):
        print(f"    {size:>10,} B  {path}")
    print(f"  (DevTools-Protokoll der Seite: {wire.total / 1e6:.2f} MB insgesamt)")
    print(f"Bereit nach dem ersten Druck, kalter Cache: {cold:.2f} s")
    print(f"Bereit nach dem ersten Druck, warmer Cache: {warm:.2f} s")
    print(
        f"Antwort je Aktion ({len(times)} Messungen): Median {statistics.median(times):.1f} ms, "
        f"Maximum {max(times):.1f} ms"
    )


if __name__ == "__main__":
    main()
