"""The built site: strict build, no request to another host, every page loads cleanly, search.

Builds the site once per session with `mkdocs build --strict` into a temporary folder,
serves it on 127.0.0.1 and loads every page in Debian's headless Chromium through
Playwright (no `playwright install`). A missing Chromium is a failure, not a skip: CI
installs it. `TAFL_SITE_CONFIG` may name another mkdocs.yml (default: the repository's).
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

#: Attributes and CSS constructs that make a browser load something.
LOADING = [
    re.compile(
        r"""<(?:script|img|iframe|audio|video|source|embed|track|input)\b[^>]*?\ssrc(?:set)?\s*=\s*["']?\s*(?:https?:)?//""",
        re.I,
    ),
    re.compile(r"""<link\b[^>]*?\shref\s*=\s*["']?\s*(?:https?:)?//""", re.I),
    re.compile(r"""<object\b[^>]*?\sdata\s*=\s*["']?\s*(?:https?:)?//""", re.I),
    re.compile(r"""url\(\s*["']?\s*(?:https?:)?//""", re.I),
    re.compile(r"""@import\s+["'](?:https?:)?//""", re.I),
    re.compile(
        r"""\b(?:xlink:)?href\s*=\s*["'](?:https?:)?//[^"']*["'][^>]*/?>\s*</(?:image|use)>""", re.I
    ),
]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built with --strict; fails with the build log on any warning."""
    out = tmp_path_factory.mktemp("site")
    config = Path(os.environ.get("TAFL_SITE_CONFIG", ROOT / "mkdocs.yml"))
    env = dict(os.environ, DISABLE_MKDOCS_2_WARNING="true", NO_MKDOCS_2_WARNING="1")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(out)],
        cwd=config.parent,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    log = result.stdout + result.stderr
    if result.returncode != 0 or re.search(r"^WARNING\b", log, re.M):
        pytest.fail(f"mkdocs build --strict schlug fehl (Exit-Code {result.returncode}):\n{log}")
    return out


def pages(site: Path) -> list[str]:
    """URL paths of every page of the built site."""
    found = []
    for html in sorted(site.rglob("*.html")):
        rel = html.relative_to(site).as_posix()
        if rel == "index.html":
            found.append("/")
        elif rel.endswith("/index.html"):
            found.append("/" + rel[: -len("index.html")])
        else:
            found.append("/" + rel)
    return found


def test_site_has_every_section(site: Path) -> None:
    """Start, cards, mechanics, comparison, glossary and the generated setup images exist."""
    from tafl_core.variants import all_variants

    assert (site / "index.html").is_file()
    for name in ("regelvergleich", "glossar", "mitwirken", "python"):
        assert (site / name / "index.html").is_file(), name
    for slug, v in all_variants().items():
        assert (site / "varianten" / slug / "index.html").is_file(), slug
        if v.has_setup:
            png = site / "bilder" / "aufstellung" / f"{slug}.png"
            assert png.read_bytes().startswith(b"\x89PNG"), png
    comparison = (site / "regelvergleich" / "index.html").read_text("utf-8")
    assert "Schildwall" in comparison and "Standard-Tablut" in comparison


def test_no_file_loads_from_another_host(site: Path) -> None:
    """No HTML, CSS or JS file makes the browser load anything from another host."""
    offenders = []
    for path in sorted(site.rglob("*")):
        if path.suffix not in {".html", ".css", ".js", ".svg"} or not path.is_file():
            continue
        text = path.read_text("utf-8", errors="replace")
        for pattern in LOADING:
            for m in pattern.finditer(text):
                snippet = text[m.start() : m.end() + 60].replace("\n", " ")
                offenders.append(f"{path.relative_to(site)}: {snippet}")
    assert not offenders, "Verweise auf fremde Hosts:\n" + "\n".join(offenders[:40])


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 (a free port); yields the base URL."""
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium driven by Playwright."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} fehlt: der Browser-Test braucht Debians Chromium "
            "(apt-get install -y chromium); .ci/run installiert es."
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("playwright fehlt: pip install -e '.[test]'")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


class Watch:
    """Requests to other hosts, console errors and page errors of one browser context."""

    def __init__(self, base: str) -> None:
        self.host = urlsplit(base).netloc
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.label = ""

    def attach(self, context: Any) -> None:
        """Abort (and record) every request that leaves the site's host."""

        def route(r: Any) -> None:
            parts = urlsplit(r.request.url)
            if parts.scheme in {"http", "https", "ws", "wss"} and parts.netloc != self.host:
                self.foreign.append(r.request.url)
                r.abort()
            else:
                r.continue_()

        context.route("**/*", route)

    def page(self, page: Any) -> None:
        """Record console errors, uncaught exceptions and failed requests of a page."""

        def console(msg: Any) -> None:
            if msg.type == "error":
                self.errors.append(f"{self.label}: {msg.text}")

        def failed(req: Any) -> None:
            # ERR_ABORTED: the next navigation cancelled a request still in flight
            if urlsplit(req.url).netloc == self.host and req.failure != "net::ERR_ABORTED":
                self.errors.append(
                    f"{self.label}: Anfrage fehlgeschlagen: {req.url} ({req.failure})"
                )

        def response(resp: Any) -> None:
            if resp.status >= 400 and not resp.url.endswith("/404.html"):
                self.errors.append(f"{self.label}: HTTP {resp.status} für {resp.url}")

        page.on("console", console)
        page.on("pageerror", lambda exc: self.errors.append(f"{self.label}: {exc}"))
        page.on("requestfailed", failed)
        page.on("response", response)


def test_every_page_loads_without_errors(site: Path, server: str, browser: Any) -> None:
    """Each page loads with no request to another host and no console or page error."""
    watch = Watch(server)
    context = browser.new_context()
    watch.attach(context)
    page = context.new_page()
    urls = pages(site)
    assert len(urls) >= 5
    watch.page(page)
    failed = []
    for path in urls:
        watch.label = path
        response = page.goto(server + path, wait_until="load")
        if path != "/404.html" and (response is None or response.status != 200):
            failed.append(f"{path}: HTTP {response.status if response else '?'}")
        page.wait_for_timeout(150)  # late console messages (scripts run after load)
    context.close()
    assert not watch.foreign, "Anfragen an fremde Hosts:\n" + "\n".join(sorted(set(watch.foreign)))
    assert not failed, "\n".join(failed)
    assert not watch.errors, "Konsolen- oder Seitenfehler:\n" + "\n".join(watch.errors)


@pytest.mark.parametrize("term", ["Schildwall", "Randfestung"])
def test_german_search_finds(term: str, server: str, browser: Any) -> None:
    """The German search index finds the mechanics by their names."""
    watch = Watch(server)
    context = browser.new_context()
    watch.attach(context)
    page = context.new_page()
    watch.label = f"Suche {term}"
    watch.page(page)
    page.goto(server + "/", wait_until="load")
    page.click("input.md-search__input")
    page.keyboard.type(term)
    page.wait_for_selector(".md-search-result__item", timeout=15_000)
    results = page.inner_text(".md-search-result__list")
    meta = page.inner_text(".md-search-result__meta")
    context.close()
    assert term.lower() in results.lower(), f"{term} nicht in den Treffern ({meta}):\n{results}"
    assert not watch.foreign, "Anfragen an fremde Hosts:\n" + "\n".join(watch.foreign)
    assert not watch.errors, "\n".join(watch.errors)
