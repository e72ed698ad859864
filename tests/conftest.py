"""Session fixtures of the browser tests: the site built once, served locally, Chromium.

Builds the site once per session with `mkdocs build --strict` into a temporary folder,
serves it on 127.0.0.1 and drives Debian's headless Chromium through Playwright (no
`playwright install`). A missing Chromium is a failure, not a skip: CI installs it.
`TAFL_SITE_CONFIG` may name another mkdocs.yml (default: the repository's).
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

import pytest

from tests.site_support import CHROMIUM, CHROMIUM_ARGS, ROOT, QuietHandler


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


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 (a free port); yields the base URL."""
    handler = functools.partial(QuietHandler, directory=str(site))
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
