"""The first load of a page: every file the browser fetches until the network is idle,
with its size as shipped and gzip-compressed (what a server sends that compresses).

Shared by `scripts/bench/bench_site.py --erstes-laden` (the figures) and
`tests/site/test_search_index.py` (the budget of the start page). Files are counted once each,
by their path below the site folder, and measured on disk: the local server sends them
unchanged.
"""

from __future__ import annotations

import gzip
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

#: The budget of the start page's first load, all files gzip-compressed.
BUDGET = 250_000
#: The gzip level of the figures: zlib's default, what `gzip` and most servers use.
GZIP_LEVEL = 6
#: The load counts as finished once no request has started for this long (seconds).
QUIET = 1.5


@dataclass(frozen=True)
class Fetched:
    """One file of a first load: its path on the site, size as shipped and gzip-compressed."""

    path: str
    raw: int
    gzip: int


def site_file(site: Path, path: str) -> Path:
    """The file below `site` that a static server answers for the URL path `path`."""
    target = site / unquote(path).lstrip("/")
    return target / "index.html" if path.endswith("/") or target.is_dir() else target


def measure(site: Path, path: str) -> Fetched:
    """Size of the file at URL path `path`, shipped and gzip-compressed."""
    data = site_file(site, path).read_bytes()
    return Fetched(path, len(data), len(gzip.compress(data, GZIP_LEVEL, mtime=0)))


def requested_paths(browser: Any, url: str, timeout: float = 60.0) -> list[str]:
    """URL paths on the site's host that a fresh browser context fetches when it opens `url`
    (the page, its workers and its service worker), in order, each once; the load ends when
    the network is idle and no request has started for QUIET seconds."""
    host = urlsplit(url).netloc
    seen: list[str] = []
    last = [time.monotonic()]

    def note(request: Any) -> None:
        parts = urlsplit(request.url)
        last[0] = time.monotonic()
        if parts.netloc == host and parts.path not in seen:
            seen.append(parts.path)

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        context.on("request", note)
        page = context.new_page()
        page.goto(url, wait_until="networkidle", timeout=timeout * 1000)
        deadline = time.monotonic() + timeout
        while time.monotonic() - last[0] < QUIET and time.monotonic() < deadline:
            page.wait_for_timeout(100)
    finally:
        context.close()
    return seen


def first_load(browser: Any, base: str, site: Path, page: str = "/") -> list[Fetched]:
    """Every file of the first load of `page` (a URL path) on the site served at `base`
    from the folder `site`, with its sizes."""
    return [measure(site, p) for p in requested_paths(browser, base.rstrip("/") + page)]


def table(files: list[Fetched]) -> str:
    """The files and their sizes as a plain text table, largest compressed first, with
    the totals."""
    rows = sorted(files, key=lambda f: -f.gzip)
    width = max([len(f.path) for f in rows] + [5])
    lines = [f"{'Datei':<{width}}  {'ausgeliefert':>12}  {'gzip':>9}"]
    lines += [f"{f.path:<{width}}  {f.raw:>12,}  {f.gzip:>9,}" for f in rows]
    raw, packed = sum(f.raw for f in rows), sum(f.gzip for f in rows)
    lines.append(f"{'Summe (' + str(len(rows)) + ' Dateien)':<{width}}  {raw:>12,}  {packed:>9,}")
    return "\n".join(lines).replace(",", ".")
