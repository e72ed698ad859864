"""Benchmark of the site: the edit loop, or with --first-load a reader's first visit.

The edit loop: cold build, warm build, edit-to-reload under serve. The first visit: what a
page fetches until the network is idle, and how soon the search answers.

    python scripts/bench/bench_site.py [--runs 3] [--dirty] [--page mechaniken/ziehen.md]
    python scripts/bench/bench_site.py --first-load [--site DIR] [--url /] [--runs 3]

Cold: `mkdocs build` with an empty diagram cache (a fresh temporary TAFL_CACHE_DIR).
Warm: the same build again with that cache filled. Edit-to-reload: `mkdocs serve` on a
free port; a line is appended to one page, and the served page is polled until the line
appears (the time a reader waits after saving). The page is restored afterwards.

First load: the built site (`--site`, else built now) served locally, the page `--url`
opened in headless Chromium with an empty cache; every file requested until the network
is idle, with its size as shipped and gzip-compressed (tests/first_load.py). Then the
search: the time from the click into the search field (the query typed at once) until
the results show, on a fresh page (the index is fetched and built then) and once more on
the same page, per run.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
ENV = dict(os.environ, DISABLE_MKDOCS_2_WARNING="true", NO_MKDOCS_2_WARNING="1")


def build(site: Path, env: dict[str, str]) -> float:
    """Seconds of one `mkdocs build --strict` into `site`."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
        cwd=ROOT,
        env=env,
        check=True,
    )
    return time.perf_counter() - start


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8", "replace")
    except OSError:
        return ""


def wait_for(url: str, text: str, timeout: float) -> float:
    """Seconds until the page at `url` contains `text` (polled every 20 ms)."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if text in fetch(url):
            return time.perf_counter() - start
        time.sleep(0.02)
    raise TimeoutError(f"{url} zeigte '{text}' nach {timeout} s noch nicht")


def edit_to_reload(page: str, runs: int, dirty: bool, env: dict[str, str]) -> list[float]:
    """Seconds from saving a one-line change to the served page showing it, per run."""
    port = free_port()
    args = [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"]
    if dirty:
        args.append("--dirty")
    server = subprocess.Popen(
        args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    path = ROOT / "docs" / page
    original = path.read_text(encoding="utf-8")
    url = f"http://127.0.0.1:{port}/{page.removesuffix('.md')}/"
    times = []
    try:
        wait_for(url, "</html>", 120)
        time.sleep(1.0)  # let the watcher settle after the first build
        for run in range(runs):
            marker = f"Messmarke{run}x{time.time_ns()}"
            start = time.perf_counter()
            path.write_text(original + f"\n{marker}\n", encoding="utf-8")
            wait_for(url, marker, 60)
            times.append(time.perf_counter() - start)
            time.sleep(1.0)
    finally:
        path.write_text(original, encoding="utf-8")
        server.terminate()
        server.wait(timeout=30)
    return times


def search_time(browser: Any, url: str, query: str) -> tuple[float, float]:
    """Seconds from the click into the search field to the results for `query`, on a
    fresh page (first search) and right after on the same page (a second query)."""
    from tests.site_search import results

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(url, wait_until="networkidle")
        start = time.perf_counter()
        if not results(page, query):
            raise RuntimeError(f"die Suche nach „{query}“ findet nichts")
        first = time.perf_counter() - start
        start = time.perf_counter()
        results(page, query + " Ecke")
        again = time.perf_counter() - start
    finally:
        context.close()
    return first, again


def first_visit(site: Path, url_path: str, runs: int, query: str) -> None:
    """Print the files of the first load of `url_path` and the search's answer times."""
    from playwright.sync_api import sync_playwright

    from tests.first_load import BUDGET, first_load, table
    from tests.site_support import CHROMIUM, CHROMIUM_ARGS, QuietHandler

    handler = functools.partial(QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            files = first_load(browser, base, site, url_path)
            print(f"Erstes Laden von {url_path} (leerer Cache, bis das Netz ruht):")
            print(table(files))
            total = sum(f.gzip for f in files)
            verdict = "innerhalb" if total <= BUDGET else "ÜBER"
            print(f"Budget {BUDGET:,} B gzip: {verdict}".replace(",", "."), flush=True)
            times = [search_time(browser, base + url_path, query) for _ in range(runs)]
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    first = [t[0] for t in times]
    again = [t[1] for t in times]
    print(
        f"Suche „{query}“, Klick bis Ergebnis, erste Suche der Seite (Median von {runs}): "
        f"{statistics.median(first):5.2f} s  (einzeln: "
        + ", ".join(f"{t:.2f}" for t in first)
        + ")"
    )
    print(
        f"dieselbe Seite, zweite Suche (Index schon da):{'':22}"
        f"{statistics.median(again):5.2f} s  (einzeln: "
        + ", ".join(f"{t:.2f}" for t in again)
        + ")"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dirty", action="store_true", help="mkdocs serve --dirty")
    parser.add_argument("--page", default="mechaniken/ziehen.md")
    parser.add_argument("--skip-cold", action="store_true")
    parser.add_argument("--first-load", action="store_true", help="first visit and search")
    parser.add_argument("--site", type=Path, help="built site for --first-load")
    parser.add_argument("--url", default="/", help="page for --first-load")
    parser.add_argument("--query", default="Schildwall", help="search for --first-load")
    opts = parser.parse_args()
    if opts.first_load:
        if opts.site:
            first_visit(opts.site, opts.url, opts.runs, opts.query)
            return 0
        with tempfile.TemporaryDirectory() as tmp:
            site = Path(tmp) / "site"
            build(site, dict(ENV))
            first_visit(site, opts.url, opts.runs, opts.query)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(ENV, TAFL_CACHE_DIR=str(Path(tmp) / "cache"))
        site = Path(tmp) / "site"
        if not opts.skip_cold:
            print(f"Kalter Build (leerer Cache):  {build(site, env):5.1f} s", flush=True)
        else:
            build(site, env)
        warm = [build(site, env) for _ in range(opts.runs)]
        print(
            f"Warmer Build (Median von {opts.runs}): {statistics.median(warm):5.1f} s", flush=True
        )
        times = edit_to_reload(opts.page, opts.runs, opts.dirty, env)
        mode = "mkdocs serve --dirty" if opts.dirty else "mkdocs serve"
        print(
            f"Speichern bis neu geladen ({mode}, Median von {opts.runs}): "
            f"{statistics.median(times):5.2f} s  (einzeln: "
            + ", ".join(f"{t:.2f}" for t in times)
            + ")"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
