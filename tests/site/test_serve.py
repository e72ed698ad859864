"""`make serve` under every kind of edit a contributor makes: it never stops, and the open
page reloads by itself and shows the change. Below it, the parts that keep a rebuild
short (tafl_docs/rebuild.py, the runtime reused by browser_runtime) and the error page of
scripts/serve.py, without a server.

The real server (`scripts/serve.py PORT --dirty`, as `make serve` runs it) runs on a copy
of the sources (tests/serve_support.py: nothing in the checkout is edited, the copy's
engine and data are the ones built); headless Chromium keeps a page open and waits for
each live reload. Every save writes a new mark into the file, so a wait ends only on the
reload of that save.

Why this test takes longer than 10 s: the server's first build is a whole build of the
site (about 10 s of one core even with every diagram, proof, sheet and compiled template
taken from the checkout's caches), and a variant file and mkdocs.yml concern every page,
so a repair of them rebuilds them all (the test breaks both, then repairs mkdocs.yml, whose
rebuild stops at the still broken variant file, then the variant file: one whole rebuild);
the page, example, script, stylesheet and text table saves take about a second each. The
whole test is one server session (one first build). On the shared 2-core machine under load
12–14 it took 110–160 s: first build 37–55 s, each whole rebuild 15–28 s, each other save
0.5–2.4 s.
"""

from __future__ import annotations

import importlib.util
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.serve_support import ROOT, ServedCopy, copy_sources

PAGE = "docs/mechaniken/schlagen.md"
PAGE_URL = "/mechaniken/schlagen/"
VARIANT = "tafl_core/data/variants/brandub-7.toml"
CARD_URL = "/varianten/brandub-7/"
#: The first example on the page: its capture, made wrong by naming another square.
EXAMPLE = "Zug: f1-f4\nGeschlagen: e4\n"
WRONG_EXAMPLE = "Zug: f1-f4\nGeschlagen: d4\n"
#: What the page shows in place of an example the engine contradicts.
EXAMPLE_ERROR = "Fehlerhaftes Beispiel"
#: The first build (the whole site) and a save that rebuilds every page, on a busy machine.
FIRST_BUILD_S = 900
RELOAD_MS = 300_000


def listed(config: Path, key: str) -> list[str]:
    """The file names listed under a top-level key of mkdocs.yml (extra_css, …)."""
    block = re.search(rf"^{key}:\n((?:[ \t]*(?:-.*|#.*)?\n)+)", config.read_text("utf-8"), re.M)
    assert block, f"{config}: {key} fehlt"
    return re.findall(r"^[ \t]*-[ \t]*(\S+)", block.group(1), re.M)


def first_source(copy: Path, key: str) -> Path:
    """The first file of `key` in mkdocs.yml that is a source under docs/ (not generated)."""
    found = [copy / "docs" / name for name in listed(copy / "mkdocs.yml", key)]
    sources = [path for path in found if path.is_file()]
    assert sources, f"mkdocs.yml: unter {key} steht keine Datei aus docs/"
    return sources[0]


def wait_js(page: Any, js: str, arg: Any, timeout_ms: float) -> None:
    """Wait until the page's function `js(arg)` is true, across the reloads on the way."""
    from playwright.sync_api import Error

    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        try:
            if page.evaluate(js, arg):
                return
        except Error:
            pass  # the page is reloading
        page.wait_for_timeout(50)
    raise AssertionError(f"nach {timeout_ms / 1000:.0f} s noch nicht wahr: {js} ({arg!r})")


@pytest.mark.browser
def test_make_serve_survives_every_kind_of_edit(browser: Any, tmp_path: Path) -> None:
    """Every kind of edit in one server session, each save waited for on the open page.

    Slow (30–36 s on a quiet 2-core machine: one whole first build, one whole rebuild once
    the variant file and mkdocs.yml are both repaired; why, in the module's docstring)."""
    from playwright.sync_api import expect

    copy = copy_sources(tmp_path / "tafl")
    page_file = copy / PAGE
    with ServedCopy(copy) as server:
        server.wait_ready(FIRST_BUILD_S)
        context = browser.new_context()
        page = context.new_page()
        article = page.locator("article")
        body = page.locator("body")
        marks = iter(range(1, 100))

        def save_prose(old: str, new: str = "") -> str:
            """Save the page with a new mark line under its title (and `old` → `new`)."""
            mark = f"Serve-Probe {next(marks)}"
            text = re.sub(r"^Serve-Probe \d+\n\n", "", page_file.read_text("utf-8"), flags=re.M)
            text = text.replace("# Schlagen\n\n", f"# Schlagen\n\n{mark}\n\n", 1)
            if old:
                assert text.count(old) == 1, f"{PAGE}: {old!r} steht dort nicht genau einmal"
                text = text.replace(old, new)
            page_file.write_text(text, "utf-8")
            return mark

        try:
            page.goto(server.url + PAGE_URL)
            expect(page.locator("h1")).to_contain_text("Schlagen")

            # a prose line on a mechanics page; the rebuilt page still has the board's runtime
            expect(article).to_contain_text(save_prose(""), timeout=RELOAD_MS)
            expect(article).not_to_contain_text(EXAMPLE_ERROR)
            assert page.evaluate("() => window.TAFL_RUNTIME.files.length") > 0

            # an example made wrong: the page shows its error, the server keeps running
            expect(article).to_contain_text(save_prose(EXAMPLE, WRONG_EXAMPLE), timeout=RELOAD_MS)
            expect(article).to_contain_text(EXAMPLE_ERROR)
            assert server.alive()
            # … and fixed: the next save recovers
            expect(article).to_contain_text(save_prose(WRONG_EXAMPLE, EXAMPLE), timeout=RELOAD_MS)
            expect(article).not_to_contain_text(EXAMPLE_ERROR)

            # a script and a stylesheet under docs/
            script = first_source(copy, "extra_javascript")
            with script.open("a", encoding="utf-8") as out:
                out.write('\nwindow.taflServeProbe = "skript-1";\n')
            wait_js(page, "m => window.taflServeProbe === m", "skript-1", RELOAD_MS)
            style = first_source(copy, "extra_css")
            with style.open("a", encoding="utf-8") as out:
                out.write('\n:root { --tafl-serve-probe: "stil-1"; }\n')
            wait_js(
                page,
                "m => getComputedStyle(document.documentElement)"
                ".getPropertyValue('--tafl-serve-probe').includes(m)",
                "stil-1",
                RELOAD_MS,
            )

            # the scripts' text table (tafl_docs/data, watched): the rebuilt runtime script
            # carries the new text, TaflText hands it out
            table = copy / "tafl_docs" / "data" / "page_text.toml"
            texts = table.read_text("utf-8")
            assert texts.count('\nend-turn = "Zug beenden"\n') == 1, table
            table.write_text(texts.replace('"Zug beenden"', '"Zug beenden 1"'), "utf-8")
            js = "m => window.TaflText.t('board.end-turn') === m"
            wait_js(page, js, "Zug beenden 1", RELOAD_MS)

            # a variant file: broken, the build stops and every page shows why …
            page.goto(server.url + CARD_URL)
            variant = copy / VARIANT
            original = variant.read_text("utf-8")
            variant.write_text(original + "\nkaputt = = 1\n", "utf-8")
            error = page.locator("#tafl-bau-fehler")
            expect(error).to_contain_text("brandub-7.toml", timeout=RELOAD_MS)
            assert server.alive()
            # … mkdocs.yml broken as well: its error comes first …
            config = copy / "mkdocs.yml"
            settings = config.read_text("utf-8")
            config.write_text(settings + "\nsite_name: [kaputt\n", "utf-8")
            expect(error).to_contain_text("mkdocs.yml", timeout=RELOAD_MS)
            assert server.alive()
            # … mkdocs.yml repaired with a new site author (every page names it in its
            # head; the rule sheets do not, so they stay as they are): the rebuild stops at
            # the variant file again …
            site_author = re.search(r"^site_author: .*$", settings, re.M)
            assert site_author, "mkdocs.yml: keine Zeile site_author"
            config.write_text(
                settings.replace(site_author.group(0), "site_author: Tafl-Probe 1"), "utf-8"
            )
            expect(error).to_contain_text("brandub-7.toml", timeout=RELOAD_MS)
            expect(error).not_to_contain_text("mkdocs.yml")
            assert server.alive()
            # … then the variant file repaired with a new author: one whole rebuild, and the
            # card shows both (the author only if the server imports the copy's tafl_core
            # and watches its data)
            author = re.search(r'^author = ".*"$', original, re.M)
            assert author, f"{VARIANT}: keine Zeile author"
            variant.write_text(
                original.replace(author.group(0), 'author = "Probe-Autor 1"'), "utf-8"
            )
            expect(body).to_contain_text("Probe-Autor 1", timeout=RELOAD_MS)
            author_meta = page.locator('meta[name="author"]')
            expect(author_meta).to_have_attribute("content", "Tafl-Probe 1", timeout=RELOAD_MS)
        finally:
            context.close()
        assert server.alive()
    assert "Traceback" not in server.log(), server.log()


# -- the parts of a short rebuild, without a server ---------------------------------------


def test_the_runtime_is_built_again_only_when_the_engine_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tafl_docs import browser_runtime as br

    built: list[Path] = []

    def fake_runtime(root: Path, cache: Path) -> br.Runtime:
        built.append(root)
        return br.Runtime({"engine.zip": (root / "tafl_core" / "a.py").read_bytes()}, {})

    monkeypatch.setattr(br, "_runtime", fake_runtime)
    monkeypatch.setattr(br, "_built", {})
    source = tmp_path / "tafl_core" / "a.py"
    source.parent.mkdir()
    source.write_text("x = 1\n")
    first = br.runtime(tmp_path, tmp_path / "cache")
    assert br.runtime(tmp_path, tmp_path / "cache") is first and len(built) == 1
    (tmp_path / "tafl_core" / "__pycache__").mkdir()
    (tmp_path / "tafl_core" / "__pycache__" / "a.pyc").write_bytes(b"compiled")
    (tmp_path / "tafl_core" / "notes.txt").write_text("not shipped")
    assert br.runtime(tmp_path, tmp_path / "cache") is first and len(built) == 1
    source.write_text("x = 2\n")
    assert br.runtime(tmp_path, tmp_path / "cache").files == {"engine.zip": b"x = 2\n"}
    assert len(built) == 2


def test_a_new_process_reads_the_runtime_an_earlier_build_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A warm build is a new process: it takes the runtime the build before stored under the
    cache by the same inputs and the same code of the step, and makes it anew when that code
    changed or the stored file is damaged; the cache keeps the newest three."""
    from tafl_docs import browser_runtime as br

    built: list[str] = []
    maker = tmp_path / "maker.py"
    maker.write_text("v")

    def fake_runtime(root: Path, cache: Path) -> br.Runtime:
        built.append(maker.read_text())
        files = {"engine.zip": b"x = 1\n", "pyodide/pyodide.asm.wasm": bytes(range(256))}
        return br.Runtime(files, {"version": maker.read_text(), "files": sorted(files)})

    def new_process() -> br.Runtime:
        monkeypatch.setattr(br, "_built", {})
        return br.runtime(tmp_path, tmp_path / "cache")

    monkeypatch.setattr(br, "_runtime", fake_runtime)
    monkeypatch.setattr(br, "MAKERS", (maker,))
    (tmp_path / "tafl_core").mkdir()
    (tmp_path / "tafl_core" / "a.py").write_text("x = 1\n")
    first = new_process()
    assert new_process() == first and built == ["v"]
    maker.write_text("vv")  # the step's code changed
    assert new_process().manifest["version"] == "vv" and built == ["v", "vv"]
    stored = list((tmp_path / "cache" / "runtime").glob("*.zip"))
    assert len(stored) == 2
    for path in stored:
        path.write_bytes(b"damaged")
    assert new_process().manifest["version"] == "vv" and built == ["v", "vv", "vv"]
    for version in ("vvv", "vvvv", "vvvvv"):
        maker.write_text(version)
        new_process()
    assert len(list((tmp_path / "cache" / "runtime").glob("*.zip"))) == br.KEEP
    assert new_process().manifest["version"] == "vvvvv" and len(built) == 6


def test_unchanged_runtime_files_are_not_written_again(tmp_path: Path) -> None:
    from tafl_docs.browser_runtime import write_if_changed

    target = tmp_path / "a" / "b.bin"
    assert write_if_changed(target, b"12345")
    os.utime(target, ns=(1, 1))
    assert not write_if_changed(target, b"12345")
    assert target.stat().st_mtime_ns == 1
    assert write_if_changed(target, b"12346") and target.read_bytes() == b"12346"


PAGE_WITH_BLOCKS = """# Seite

Ein Satz.

```tafl id=mit-id
Variante: brandub-7
```

```tafl
Variante: brandub-7
```
"""


def test_the_sheets_depend_on_cards_and_blocks_with_an_id_only(tmp_path: Path) -> None:
    from tafl_docs.rebuild import id_blocks, sheet_inputs

    assert id_blocks(PAGE_WITH_BLOCKS) == [(4, "```tafl id=mit-id\nVariante: brandub-7\n```")]
    docs = tmp_path / "docs"
    (docs / "varianten").mkdir(parents=True)
    page, card = docs / "seite.md", docs / "varianten" / "x.md"
    page.write_text(PAGE_WITH_BLOCKS)
    card.write_text("# Karte\n")
    key = sheet_inputs(tmp_path, docs, "Site")
    page.write_text(PAGE_WITH_BLOCKS.replace("Ein Satz.", "Ein anderer Satz."))
    assert sheet_inputs(tmp_path, docs, "Site") == key  # prose: the sheets stay
    page.write_text(PAGE_WITH_BLOCKS.replace("```tafl\n", "```tafl\nTitel: neu\n"))
    assert sheet_inputs(tmp_path, docs, "Site") == key  # a block without an id: too
    page.write_text("\n" + PAGE_WITH_BLOCKS)
    moved = sheet_inputs(tmp_path, docs, "Site")
    assert moved != key  # the block with an id moved down a line
    card.write_text("# Karte\n\nNeu.\n")
    assert sheet_inputs(tmp_path, docs, "Site") != moved  # every change to a card counts
    assert sheet_inputs(tmp_path, docs, "Andere Site") != sheet_inputs(tmp_path, docs, "Site")
    (tmp_path / "tafl_core").mkdir()
    before = sheet_inputs(tmp_path, docs, "Site")
    (tmp_path / "tafl_core" / "rules.py").write_text("x = 1\n")
    assert sheet_inputs(tmp_path, docs, "Site") != before  # and every change to the code


class GeneratedFile:
    """What Rebuild.files reads of a file mkdocs-gen-files generated."""

    generated_by = "mkdocs-gen-files"

    def __init__(self, folder: Path, content: bytes) -> None:
        self.src_uri = "regelvergleich.md"
        self.abs_src_path = str(folder / "src.md")
        self.abs_dest_path = str(folder / "site" / "index.html")
        self.content_bytes = content

    def is_modified(self) -> bool:
        return True


def test_a_generated_page_with_the_same_content_is_not_rendered_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tafl_docs import rebuild

    monkeypatch.setattr(rebuild.Sheets, "add", lambda self, files, config: files)
    state = rebuild.Rebuild()
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("alt")
    first = GeneratedFile(tmp_path, b"Tabelle")
    state.files([first], None)  # type: ignore[arg-type]
    state.done()
    assert first.is_modified()  # the first build renders it
    same, changed = GeneratedFile(tmp_path, b"Tabelle"), GeneratedFile(tmp_path, b"Neu")
    state.files([same], None)  # type: ignore[arg-type]
    assert not same.is_modified()
    state.files([changed], None)  # type: ignore[arg-type]  # a failed build: not done()
    assert changed.is_modified()
    again = GeneratedFile(tmp_path, b"Neu")
    state.files([again], None)  # type: ignore[arg-type]
    assert again.is_modified()  # compared with the last build that succeeded


def test_a_change_to_mkdocs_yml_rebuilds_every_page_until_a_build_succeeds(
    tmp_path: Path,
) -> None:
    from tafl_docs.plugin import TaflPlugin

    class Page:
        def is_modified(self) -> bool:
            return False

    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: x\n")
    plugin = TaflPlugin()
    plugin.refresh([], tmp_path, config)  # the first build
    assert plugin.last_build is not None
    later = plugin.last_build + 5
    os.utime(config, (later, later))
    plugin.before = plugin.last_build
    pages = [Page(), Page()]
    plugin.refresh(pages, tmp_path, config)  # type: ignore[arg-type]
    assert all(p.is_modified() for p in pages)
    plugin.on_build_error(error=RuntimeError("kaputt"))  # that build failed
    pages = [Page()]
    plugin.refresh(pages, tmp_path, config)  # type: ignore[arg-type]
    assert pages[0].is_modified()


def serve_script() -> Any:
    spec = importlib.util.spec_from_file_location("serve_script", ROOT / "scripts" / "serve.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_a_failed_rebuild_shows_its_error_on_every_page_until_the_next_build(
    tmp_path: Path,
) -> None:
    from mkdocs.exceptions import ConfigurationError

    from tafl_core.errors import VariantDataError

    script = serve_script()
    outcome: list[BaseException | None] = [ConfigurationError("mkdocs.yml: Zeile 3 <kaputt>")]

    def builder() -> None:
        if outcome[0] is not None:
            raise outcome[0]

    server = script.make_server_class()(builder=builder, host="127.0.0.1", port=0, root=tmp_path)
    (tmp_path / "index.html").write_text("<html><body>Seite</body></html>")

    def get(path: str) -> tuple[str, str]:
        status: list[str] = []
        body = b"".join(
            server.serve_request({"PATH_INFO": path}, lambda s, headers: status.append(s))
        )
        return status[0], body.decode()

    try:
        server.builder()
        status, body = get("/")
        assert status.startswith("500") and 'id="tafl-bau-fehler"' in body
        assert "mkdocs.yml: Zeile 3 &lt;kaputt&gt;" in body and "livereload" in body
        outcome[0] = VariantDataError("brandub-7.toml: kein gültiges TOML (Zeile 70)")
        server.builder()
        assert "brandub-7.toml: kein gültiges TOML (Zeile 70)" in get("/x/index.html")[1]
        outcome[0] = None
        server.builder()
        status, body = get("/")
        assert status == "200 OK" and "Seite" in body
    finally:
        server.server_close()


def test_a_saved_file_gets_a_new_digest(tmp_path: Path) -> None:
    from tafl_docs.digests import digest

    path = tmp_path / "a.md"
    path.write_text("eins")
    first = digest(path)
    assert digest(path) == first
    path.write_text("zweite Fassung")
    assert digest(path) != first
    assert digest(path, lambda data: data[:1]) != digest(path)
