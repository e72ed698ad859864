"""Session fixtures of the browser tests: the site built once, served locally, Chromium.

The site is built once per test run with `mkdocs build --strict`, also when pytest-xdist
runs the tests in several worker processes: the first process that collects a test needing
the site starts the build in the background (so it overlaps the engine tests, which run
first), and every `site` fixture waits for it on a lock. The build goes into a folder the
main pytest process makes and removes (`TAFL_TEST_SITE_DIR`, inherited by the workers).
The site is served on 127.0.0.1 and Debian's headless Chromium is driven through
Playwright (no `playwright install`). A missing Chromium is a failure, not a skip: CI
installs it. `TAFL_SITE_CONFIG` may name another mkdocs.yml (default: the repository's).
"""

from __future__ import annotations

import functools
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.site_support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    SITE_DIR_ENV,
    EngineTab,
    QuietHandler,
    QuietServer,
    SiteBuild,
    system_deps_problem,
    watched_page,
)


def pytest_configure(config: pytest.Config) -> None:
    """The main process makes the build folder; xdist workers inherit its name."""
    if os.environ.get(SITE_DIR_ENV):
        return
    folder = tempfile.mkdtemp(prefix="tafl-site-")
    os.environ[SITE_DIR_ENV] = folder
    config.stash[_OWN_DIR] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(_OWN_DIR, None)
    if folder is not None:
        _site_build().stop()
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop(SITE_DIR_ENV, None)


_OWN_DIR = pytest.StashKey[str]()


def _needs_site(item: pytest.Item) -> bool:
    return "site" in getattr(item, "fixturenames", ())


def _in_browser(item: pytest.Item) -> bool:
    return "browser" in getattr(item, "fixturenames", ())


#: Tests that run first (long ones that need no site: pytest-xdist hands out tests in order,
#: and a long test started last keeps the run waiting on one worker).
FIRST = ("tests/project/test_mypy.py::",)
#: Folders whose tests need no Debian package (no cairo, Chromium, Pango or poppler): under
#: `make test` they run while scripts/system-deps.sh may still be installing them, before
#: the other tests that need no site; every other test waits for it (`pytest_runtest_setup`).
WITHOUT_PACKAGES = ("tests/core/", "tests/tools/", "tests/project/")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """mypy first, then the tests that need no Debian package (WITHOUT_PACKAGES), then the
    rest that needs no site; tests that need the built site last, their build starts now, in
    the background. Of these the browser tests come first, the quick checks of the built
    files at the very end, where they fill the gaps while the last browser tests finish.

    The order is the same in every xdist worker (the workers must agree on it).
    """
    first = [item for item in items if item.nodeid.startswith(FIRST)]
    rest = [item for item in items if item not in first]
    middle = [item for item in rest if not _needs_site(item)]
    middle.sort(key=lambda item: not item.nodeid.startswith(WITHOUT_PACKAGES))  # stable
    later = [item for item in rest if _needs_site(item) and _in_browser(item)]
    last = [item for item in rest if _needs_site(item) and not _in_browser(item)]
    items[:] = first + middle + later + last
    if later or last:
        _site_build().start()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Under `make test`, a test outside WITHOUT_PACKAGES (and before its fixtures) waits
    until scripts/system-deps.sh has installed the Debian packages; fails if it failed."""
    if item.nodeid.startswith(WITHOUT_PACKAGES):
        return
    problem = system_deps_problem()
    if problem:
        pytest.fail(problem, pytrace=False)


def _site_build() -> SiteBuild:
    config = Path(os.environ.get("TAFL_SITE_CONFIG", Path(__file__).parent.parent / "mkdocs.yml"))
    return SiteBuild(Path(os.environ[SITE_DIR_ENV]), config)


@pytest.fixture(scope="session")
def site_build() -> SiteBuild:
    """The one `mkdocs build --strict` of this run, finished; fails with its log on a warning."""
    build = _site_build()
    build.wait()
    if not build.ok():
        pytest.fail(
            f"mkdocs build --strict schlug fehl (Exit-Code {build.returncode()}):\n{build.log()}"
        )
    return build


@pytest.fixture(scope="session")
def site(site_build: SiteBuild) -> Path:
    """The built site's folder."""
    return site_build.site


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 (a free port); yields the base URL."""
    handler = functools.partial(QuietHandler, directory=str(site))
    httpd = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium (site_support.CHROMIUM) driven by Playwright."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} fehlt: der Browser-Test braucht Debians Chromium "
            "(apt-get install -y chromium-headless-shell); .ci/run installiert es."
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


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A watched page at 1280 px, light (site_support.watched_page)."""
    yield from watched_page(browser, server)


#: Set on a test item whose call phase failed (the shared engine page is then given up).
_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        item.stash[_FAILED] = True


@pytest.fixture(scope="session")
def engine_tab(browser: Any, server: str) -> Iterator[EngineTab]:
    """The page of this worker whose engine has started (site_support.EngineTab).

    Slow once per worker (5–10 s: the first test that asks for it waits while Pyodide
    starts); every later test of the worker reuses the started engine."""
    tab = EngineTab(browser, server)
    try:
        yield tab
    finally:
        tab.close()


@pytest.fixture
def engine_page(engine_tab: EngineTab, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A watched page at 1280 px, light, whose engine has started: shared by the tests of
    one worker, reached by instant navigation (open pages with `site_support.visit`). For
    journeys that need no fresh start of Python; the page waits on a page without boards,
    the contributor tools off, localStorage empty. Fails on requests to other hosts and on
    console or page errors during the test, as `page` does.
    """
    page = engine_tab.take(request.node.nodeid)
    yield page
    foreign, errors = engine_tab.give_back(request.node.stash.get(_FAILED, False))
    assert not foreign, "Anfragen an fremde Hosts:\n" + "\n".join(foreign)
    assert not errors, "Konsolen- oder Seitenfehler:\n" + "\n".join(errors)
