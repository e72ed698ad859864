"""Shared pieces of the browser tests: the site build, Chromium flags, page list, request
and error watch, waiting for a settled page."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import http.server
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
#: The browser of the tests and benchmarks: Debian's Chromium headless shell (package
#: chromium-headless-shell: the same Chromium version and engine as the package chromium,
#: without the code of a browser window; Playwright runs its own headless tests in it too).
#: The browser tests took 23 % less CPU in it than in `chromium --headless` (688 against 530
#: core-seconds for tests/site on the 2-core machine, all passing in both). TAFL_CHROMIUM
#: names another binary, e.g. /usr/bin/chromium.
CHROMIUM = os.environ.get("TAFL_CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # nothing leaves the machine: every address but the local server's (127.0.0.1, which
    # Chromium never sends through a proxy) goes to a proxy that is not there; Watch
    # records each such request, so a page that asks another host still fails its test
    "--proxy-server=http://127.0.0.1:9",
]

#: The folder of the one site build of a test run, made by the main pytest process
#: (tests/conftest.py) and inherited by the xdist workers.
SITE_DIR_ENV = "TAFL_TEST_SITE_DIR"

#: Set by `make test`: the file in which scripts/system-deps.sh, run alongside the first
#: tests, leaves its exit code once the Debian packages are installed (or failed).
SYSTEM_DEPS_ENV = "TAFL_SYSTEM_DEPS"
#: How long a test or the build waits for that file at most.
SYSTEM_DEPS_TIMEOUT_S = 1800


@functools.cache
def system_deps_problem() -> str | None:
    """Wait until scripts/system-deps.sh (started by `make test`) has finished; what went
    wrong, or None (also when no such run was announced: pytest called directly). Asked
    once per process: the answer does not change."""
    path = os.environ.get(SYSTEM_DEPS_ENV)
    if not path:
        return None
    deadline = time.monotonic() + SYSTEM_DEPS_TIMEOUT_S
    while not os.path.exists(path):
        if time.monotonic() > deadline:
            return f"scripts/system-deps.sh ist nach {SYSTEM_DEPS_TIMEOUT_S} s nicht fertig"
        time.sleep(0.2)
    with open(path, encoding="utf-8") as status:
        code = status.read().strip()
    if code != "0":
        return f"scripts/system-deps.sh endete mit Exit-Code {code} (Ausgabe oben im Protokoll)"
    return None


#: The build in a child process: waits for the Debian packages (SYSTEM_DEPS_ENV), writes
#: build.log, then result.json (atomically).
_BUILD = r"""
import json, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(sys.argv[3]))))
from tests.site_support import system_deps_problem
folder, config = sys.argv[1:3]
env = dict(os.environ, DISABLE_MKDOCS_2_WARNING="true", NO_MKDOCS_2_WARNING="1")
problem = system_deps_problem()
with open(os.path.join(folder, "build.log"), "w", encoding="utf-8") as log:
    if problem:
        log.write(problem + "\n")
        code = 1
    else:
        code = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", config,
             "-d", os.path.join(folder, "site")],
            cwd=os.path.dirname(config), env=env, stdout=log, stderr=subprocess.STDOUT,
        ).returncode
with open(os.path.join(folder, "result.json.tmp"), "w", encoding="utf-8") as out:
    json.dump({"returncode": code}, out)
os.replace(os.path.join(folder, "result.json.tmp"), os.path.join(folder, "result.json"))
"""


#: Background builds started by this process (kept, so they are not reaped as garbage).
_CHILDREN: list[subprocess.Popen[bytes]] = []


class SiteBuild:
    """The one `mkdocs build --strict` of a test run, in `folder`, shared by all processes.

    `start()` launches it in the background unless a process did already; the child
    inherits the lock on `build.lock` and holds it until the build is done. `wait()` takes
    that lock (so it returns when the build has finished) and builds in the foreground if
    nobody started a build. `folder/site` is the site, `folder/build.log` the log.
    """

    def __init__(self, folder: Path, config: Path) -> None:
        self.folder = folder
        self.config = config
        self.site = folder / "site"
        self._lock = folder / "build.lock"
        self._started = folder / "started"
        self._result = folder / "result.json"

    def _launch(self, lock: int) -> subprocess.Popen[bytes]:
        self._started.write_text(str(os.getpid()), "utf-8")
        child = subprocess.Popen(
            [sys.executable, "-c", _BUILD, str(self.folder), str(self.config), __file__],
            pass_fds=(lock,),
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: stop() ends mkdocs as well
        )
        (self.folder / "pid").write_text(str(child.pid), "utf-8")
        return child

    def start(self) -> None:
        """Start the build in the background, unless it runs or ran already."""
        lock = os.open(self._lock, os.O_RDWR | os.O_CREAT)
        try:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return  # another process builds (or is about to start the build)
            if not self._started.exists():
                _CHILDREN.append(self._launch(lock))  # the child keeps the lock until it exits
        finally:
            os.close(lock)

    def wait(self) -> None:
        """Return once the build has finished; build here if nobody started it."""
        lock = os.open(self._lock, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not self._result.exists():  # never started, or the builder was killed
                self._launch(lock).wait()
        finally:
            os.close(lock)

    def stop(self) -> None:
        """End a build still running (the run ended, or was interrupted, before it finished)."""
        if self._result.exists():
            return
        with contextlib.suppress(OSError, ValueError):
            os.killpg(int((self.folder / "pid").read_text("utf-8")), signal.SIGTERM)

    def returncode(self) -> int | None:
        try:
            return int(json.loads(self._result.read_text("utf-8"))["returncode"])
        except (OSError, ValueError, KeyError):
            return None

    def log(self) -> str:
        try:
            return (self.folder / "build.log").read_text("utf-8", errors="replace")
        except OSError:
            return ""

    def ok(self) -> bool:
        """Exit code 0 and not one warning in the log."""
        return self.returncode() == 0 and not re.search(r"^WARNING\b", self.log(), re.M)


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


class QuietServer(http.server.ThreadingHTTPServer):
    """The test sites' server: a browser that leaves a page while a file is still being sent
    closes the connection; that is no error worth a traceback in the test output."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class Watch:
    """Requests to other hosts, console errors and page errors of one browser context."""

    def __init__(self, base: str) -> None:
        self.host = urlsplit(base).netloc
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.label = ""

    def attach(self, context: Any) -> None:
        """Record every request of the context to another host (CHROMIUM_ARGS makes it fail).

        The requests are watched, not intercepted: routing them would send each one through
        Playwright and switch the browser's HTTP cache off, which made every page load
        of the suite about a third slower."""
        context.on("request", lambda r: self._check(r.url))

    def _check(self, url: str) -> None:
        parts = urlsplit(url)
        if parts.scheme in {"http", "https", "ws", "wss"} and parts.netloc != self.host:
            self.foreign.append(url)

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
        page.on("websocket", lambda ws: self._check(ws.url))
        page.on("pageerror", lambda exc: self.errors.append(f"{self.label}: {exc}"))
        page.on("requestfailed", failed)
        page.on("response", response)


#: True once the page has settled: loaded, its fonts ready, and the same number of elements
#: over the last three animation frames (scripts that add buttons or tab stops are done).
SETTLED_JS = r"""
() => {
  if (document.readyState !== "complete" || document.fonts.status !== "loaded") return false;
  const count = document.getElementsByTagName("*").length;
  const s = window.__taflSettled || (window.__taflSettled = {count: -1, frames: 0});
  if (count === s.count) s.frames += 1;
  else Object.assign(s, {count, frames: 0});
  return s.frames >= 3;
}
"""


def watched_page(
    browser: Any, server: str, scheme: str = "light", width: int = 1280
) -> Iterator[Any]:
    """A page in a fresh context; yields it, then fails on requests to other hosts and on
    console or page errors."""
    watch = Watch(server)
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    watch.attach(context)
    page = context.new_page()
    watch.page(page)
    yield page
    context.close()
    assert not watch.foreign, "Anfragen an fremde Hosts:\n" + "\n".join(watch.foreign)
    assert not watch.errors, "Konsolen- oder Seitenfehler:\n" + "\n".join(watch.errors)


def settle(page: Any, timeout: float = 30_000) -> None:
    """Wait until the loaded page has settled (SETTLED_JS), checked once per frame."""
    page.evaluate("() => { delete window.__taflSettled; }")
    page.wait_for_function(SETTLED_JS, polling="raf", timeout=timeout)


def take_link(page: Any, click: Callable[[], Any], url: Any) -> None:
    """Follow a link inside the site: `click()` it, then wait until the page at `url` (a glob
    or a pattern, as for wait_for_url) is set up and settled.

    Instant navigation changes the address when the link is clicked and swaps the content
    only when the page has arrived, so the address alone says nothing; the page view counter
    of tafl-page.js (TaflPage.views) says when the new page's scripts have run. A link that
    loads the page anew starts a new count and is waited for the same way.
    """
    page.evaluate("() => { window.__taflVor = window.TaflPage ? window.TaflPage.views : 0; }")
    click()
    page.wait_for_url(url)
    page.wait_for_function(
        "() => window.TaflPage && window.TaflPage.views > (window.__taflVor || 0)",
        polling="raf",
        timeout=30_000,
    )
    settle(page)


def wait_until(page: Any, js: str, arg: Any = None, timeout: float = 5_000) -> bool:
    """Wait, frame by frame, until the function `js` returns a true value; False on timeout.

    For states a test then checks itself, with its own message.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(js, arg=arg, polling="raf", timeout=timeout)
    except PlaywrightTimeout:
        return False
    return True


#: WCAG 2.1 A and AA: the axe-core tags the browser test checks.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

#: Pages checked in the dark scheme and on a phone (see AXE_PAGES for light at 1280).
SAMPLE_PAGES = [
    "/",
    "/varianten/copenhagen-11/",
    "/varianten/odin-11/",
    "/mechaniken/schildwall/",
    "/regelvergleich/",
    "/glossar/",
    "/mitwirken/",
]

#: One page of each kind, checked by axe light at 1280 px in every run; with `CI` set (the CI
#: runs `CI=true bash .ci/run`) every page is (desktop_axe_pages).
AXE_PAGES = [*SAMPLE_PAGES, "/spielbrett/", "/python/"]


def page_file(site: Path, url: str) -> Path:
    """The HTML file of a URL path of the built site."""
    relative = url.strip("/")
    return site / relative / "index.html" if url.endswith("/") else site / relative


def exercise_pages(site: Path) -> list[str]:
    """URL paths of the built pages that hold an exercise."""
    marker = 'class="tafl-beispiel tafl-aufgabe"'
    return [url for url in pages(site) if marker in page_file(site, url).read_text("utf-8")]


def desktop_axe_pages(site: Path) -> list[str]:
    """The pages axe checks at 1280 px, light (tests/site/test_site.py, test_pages): every
    page when CI is set; else AXE_PAGES and the first page holding an exercise of each folder."""
    if in_ci():
        return pages(site)
    first: dict[str, str] = {}
    for url in exercise_pages(site):
        first.setdefault(url.split("/")[1], url)
    return [*AXE_PAGES, *(url for url in first.values() if url not in AXE_PAGES)]


@contextlib.contextmanager
def made_once(name: str, fallback: Path) -> Iterator[tuple[Path, bool]]:
    """A folder that the processes of one test run share (`name` below the run's build
    folder, SITE_DIR_ENV; `fallback` outside a run): yields (folder, done) under a
    lock, `done` when another process has filled it already; marks it done when the block
    ends without an error. For work each xdist worker would otherwise repeat."""
    root = os.environ.get(SITE_DIR_ENV)
    folder = Path(root) / name if root else fallback
    folder.mkdir(parents=True, exist_ok=True)
    lock = os.open(folder / ".lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = (folder / ".done").exists()
        yield folder, done
        (folder / ".done").touch()
    finally:
        os.close(lock)


def shard(items: list[str], part: int, parts: int) -> list[str]:
    """Every `parts`-th item, starting at `part` (0-based): the share of one test of several
    that split a long list so pytest-xdist can spread them over its workers."""
    return items[part::parts]


def in_ci() -> bool:
    """The environment variable CI is set (`CI=true bash .ci/run`; GitHub sets it): the full
    checks run (axe on every page, the whole rule coverage)."""
    return os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}


#: Horizontal overflow of the page and tables whose first column scrolls out of sight.
#: Returns German problem descriptions (empty when the page fits).
OVERFLOW_JS = r"""
() => {
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) {
    const wide = [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .filter((el) => !el.closest("[inert]") && getComputedStyle(el).visibility !== "hidden")
      .slice(0, 3)
      .map((el) => el.tagName.toLowerCase() + "." + String(el.className).split(" ")[0]);
    problems.push(
      `Seite ${root.scrollWidth} px breit bei ${root.clientWidth} px (${wide.join(", ")})`);
  }
  const scroller = (el) => {
    for (let node = el; node && node !== document.body; node = node.parentElement) {
      const ox = getComputedStyle(node).overflowX;
      const scrolls = ox === "auto" || ox === "scroll";
      if (scrolls && node.scrollWidth > node.clientWidth + 1) return node;
    }
    return null;
  };
  document.querySelectorAll(".md-content table").forEach((table, index) => {
    const box = scroller(table);
    const head = (table.querySelector("th, td")?.textContent || "").trim().slice(0, 30);
    const name = `Tabelle ${index + 1} („${head}“)`;
    if (!box) {
      const parent = table.parentElement.getBoundingClientRect();
      if (table.getBoundingClientRect().width > parent.width + 1)
        problems.push(`${name} ist breiter als ihr Behälter und lässt sich nicht verschieben`);
      return;
    }
    const before = box.scrollLeft;
    box.scrollLeft = box.scrollWidth;
    const frame = box.getBoundingClientRect();
    const hidden = [...table.rows].filter((row) => {
      const r = row.cells[0].getBoundingClientRect();
      return r.left < frame.left - 1 || r.right > frame.right + 1;
    });
    box.scrollLeft = before;
    if (hidden.length)
      problems.push(`${name} ist ${box.scrollWidth} px breit bei ${box.clientWidth} px Platz; ` +
        `ganz nach rechts verschoben sind ${hidden.length} Zeilenbeschriftungen nicht zu sehen`);
  });
  return problems;
}
"""

#: The focused element: where it is, whether it can be seen and how focus is shown.
FOCUS_JS = r"""
() => {
  let el = document.activeElement;
  if (!el || el === document.body) return null;
  if (!el.dataset.taflTab) {
    window.__taflTabs = (window.__taflTabs || 0) + 1;
    el.dataset.taflTab = String(window.__taflTabs);
  }
  const key = el.dataset.taflTab;
  // a visually hidden checkbox or radio shows its focus on its label (Material's toggles)
  if (el.tagName === "INPUT" && el.classList.contains("md-option")) {
    const next = el.nextElementSibling;
    if (next && next.tagName === "LABEL") el = next;
  }
  const r = el.getBoundingClientRect();
  const s = getComputedStyle(el);
  const text = [el.getAttribute("aria-label"), el.textContent, el.getAttribute("title")]
    .map((t) => (t || "").trim().replace(/\s+/g, " ")).find((t) => t) || "";
  const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
  const hit = document.elementFromPoint(x, y);
  const covered = !!hit && hit !== el && !el.contains(hit) && !hit.contains(el) &&
    !(hit.closest("label") === el);
  return {
    name: `${el.tagName.toLowerCase()}.${String(el.className).split(" ")[0]} „${text.slice(0, 40)}“`
      .replace(". „", " „"),
    key,
    onScreen: r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 &&
      r.left < innerWidth && r.top < innerHeight,
    inert: !!el.closest("[inert]"),
    visible: s.visibility !== "hidden" && Number(s.opacity) > 0.1,
    covered,
    coveredBy: covered ? `${hit.tagName.toLowerCase()}.${String(hit.className).split(" ")[0]}` : "",
    outline: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2,
    shadow: s.boxShadow !== "none",
  };
}
"""


#: No finite CSS transition or animation is running: a fading header title or a sliding
#: drawer is measured in its final colours, not halfway (an endless spinner does not count).
TRANSITIONS_DONE_JS = r"""
() => document.getAnimations().every(a => {
  const end = a.effect && a.effect.getComputedTiming().endTime;
  return a.playState !== "running" || end === Infinity;
})
"""


#: Before axe runs: its contrast rule leaves out the text inside an SVG (a diagram's
#: coordinates and step numbers). axe cannot tell what lies under such text and reports
#: each one as "incomplete", never as a violation, at a third of its time on a page of
#: diagrams; tests/diagrams/test_diagram_contrast.py computes their contrast instead.
AXE_CONFIGURE_JS = """() => axe.configure({
  rules: [{id: 'color-contrast', selector: '*:not(svg *)'}],
})"""


def axe_violations(page: Any, label: str) -> list[str]:
    """WCAG 2.1 A/AA violations of the loaded page: rule, page and element, one a line.

    Runs once the page's transitions have ended (TRANSITIONS_DONE_JS, at most 5 s)."""
    from axe_playwright_python.sync_playwright import Axe

    wait_until(page, TRANSITIONS_DONE_JS)
    page.evaluate(Axe().axe_script)
    page.evaluate(AXE_CONFIGURE_JS)
    options = {"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]}
    response = page.evaluate("options => axe.run(document, options)", options)
    lines = []
    for v in response["violations"]:
        for node in v["nodes"][:5]:
            target = " ".join(str(t) for t in node["target"])
            summary = node.get("failureSummary", "").replace("\n", " ")[:160]
            lines.append(f"{label}: {v['id']} ({v['impact']}) {target} – {summary}")
        if len(v["nodes"]) > 5:
            lines.append(f"{label}: {v['id']}: {len(v['nodes']) - 5} weitere Elemente")
    return lines


#: A page of the site without boards: where the shared engine page waits between tests.
NEUTRAL_PAGE = "/glossar/"

#: Follows `url` by a click on a link, as a reader would (Material takes only links it
#: intercepts).
_CLICK_JS = r"""
url => {
  const a = document.createElement('a');
  a.href = url;
  document.body.append(a);
  a.click();
  a.remove();
}
"""


def visit(page: Any, server: str, path: str) -> None:
    """Open `path` (with its query) on `page`, as a reader's link does: when the page shows
    the site already, by Material's instant navigation (the page's JavaScript and a started
    engine stay: notes/board-loading.md), else by loading it; then wait until it settled.

    A path whose page is shown already is left for NEUTRAL_PAGE first, so its content (and
    every board on it) is set up anew.
    """
    if not page.url.startswith(server + "/"):
        page.goto(server + path)
        settle(page)
        return
    target = _path_and_query(server + path)
    if urlsplit(page.url).path == urlsplit(target).path and path != NEUTRAL_PAGE:
        visit(page, server, NEUTRAL_PAGE)
    take_link(
        page,
        lambda: page.evaluate(_CLICK_JS, server + path),
        lambda url: _path_and_query(url) == target,
    )


def _path_and_query(url: str) -> str:
    """The path of `url`, with its query if it has one."""
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def show_as(page: Any, scheme: str, width: int = 1280, height: int = 900) -> None:
    """Show the page in the light or dark scheme at `width` × `height`, as a fresh context
    with that `color_scheme` would: the browser's preference is emulated and Material's
    palette switched to the matching scheme by its own radio button (the header's toggle;
    Material picks its palette from the preference only when a document loads)."""
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=scheme)
    name = "slate" if scheme == "dark" else "default"
    page.evaluate(
        """name => { const i = document.querySelector(
             `input[name=__palette][data-md-color-scheme=${name}]`);
           if (i && !i.checked) i.click(); }""",
        name,
    )
    page.wait_for_function(
        "name => document.body.getAttribute('data-md-color-scheme') === name", arg=name
    )


class EngineTab:
    """One page per pytest worker whose engine (Pyodide in its Web Worker) has started:
    the tests take turns on it (fixture `engine_page` in tests/conftest.py) and reach their
    pages by instant navigation (`visit`), so a board is ready in a fraction of a second
    instead of a fresh start of Python for every test.

    1280 × 900, light (a test may change both with `show_as`). Between tests the page waits
    on NEUTRAL_PAGE, 1280 × 900 and light again, with the contributor tools off and
    localStorage empty (solved exercises, the Mitwirken switch, the palette). A test that
    failed, or left the page by loading another document, gives it up: the next one starts
    a fresh page (and engine).
    """

    def __init__(self, browser: Any, server: str) -> None:
        self.browser = browser
        self.server = server
        self.watch = Watch(server)
        self.context: Any = None
        self.page: Any = None
        self.starts = 0

    def _open(self) -> None:
        self.watch = Watch(self.server)
        self.context = self.browser.new_context(
            viewport={"width": 1280, "height": 900}, color_scheme="light"
        )
        self.watch.attach(self.context)
        self.page = self.context.new_page()
        self.watch.page(self.page)
        self.watch.label = "Start der Engine"
        self.page.goto(self.server + "/spielbrett/?variante=brandub-7")
        self.page.locator("button.tafl-spielbrett-start").click()
        self.page.locator('.tafl-spielbrett .tafl-brett[data-state="ready"]').wait_for(
            timeout=120_000
        )
        self.page.evaluate("() => { window.__taflEngineTab = true; }")
        visit(self.page, self.server, NEUTRAL_PAGE)
        self.starts += 1

    def alive(self) -> bool:
        """The page is still the visit in which the engine started (no document loaded since)."""
        if self.page is None:
            return False
        try:
            return bool(self.page.evaluate("() => window.__taflEngineTab === true"))
        except Exception:  # a closed or crashed page
            return False

    def take(self, label: str) -> Any:
        """The page for the next test, its engine started; the watch records for `label`."""
        if not self.alive():
            self.close()
            self._open()
        self.watch.foreign.clear()
        self.watch.errors.clear()
        self.watch.label = label
        return self.page

    def give_back(self, failed: bool) -> tuple[list[str], list[str]]:
        """End a test: reset the page for the next one (or give it up); returns the requests
        to other hosts and the console or page errors recorded during the test."""
        if failed or not self.alive():
            found = list(self.watch.foreign), list(self.watch.errors)
            self.close()
            return found
        show_as(self.page, "light")
        self.page.evaluate(
            "() => { localStorage.clear(); sessionStorage.clear();"
            " document.documentElement.classList.remove('tafl-mitwirken'); }"
        )
        self.page.mouse.move(0, 0)
        visit(self.page, self.server, NEUTRAL_PAGE)
        return list(self.watch.foreign), list(self.watch.errors)

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.page = None
