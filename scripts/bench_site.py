"""Benchmark of the site's edit loop: cold build, warm build, edit-to-reload under serve.

    python scripts/bench_site.py [--runs 3] [--dirty] [--page mechaniken/ziehen.md]

Cold: `mkdocs build` with an empty diagram cache (a fresh temporary TAFL_CACHE_DIR).
Warm: the same build again with that cache filled. Edit-to-reload: `mkdocs serve` on a
free port; a line is appended to one page, and the served page is polled until the line
appears (the time a reader waits after saving). The page is restored afterwards.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dirty", action="store_true", help="mkdocs serve --dirty")
    parser.add_argument("--page", default="mechaniken/ziehen.md")
    parser.add_argument("--skip-cold", action="store_true")
    opts = parser.parse_args()
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
