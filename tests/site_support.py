"""Shared pieces of the browser tests: Chromium flags, page list, request and error watch."""

from __future__ import annotations

import http.server
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


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
