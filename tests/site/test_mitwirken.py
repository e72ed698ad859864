"""The contributor tools (page Mitwirken): example sources and report links, the one
repository setting, the diagram cache, `make serve PORT=…` and the pull-request workflow.

The built HTML is read with the standard library's parser; expectations come from the
Markdown files themselves (the block as written at the line the page names), not from
the code that renders them.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.site_support import ROOT, SiteBuild

REPO = "https://github.com/tafl-regeln/tafl"  # extra.repository in mkdocs.yml
ENV = dict(os.environ, DISABLE_MKDOCS_2_WARNING="true", NO_MKDOCS_2_WARNING="1")
SUMMARY = re.compile(r"Diagramm-Cache: (\d+) PNG neu gezeichnet, (\d+) aus dem Cache")


class Page(HTMLParser):
    """Source boxes (data-quelle and code text), report links, edit links, PNG links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.sources: list[tuple[str, str]] = []
        self.reports: list[str] = []
        self.edit: list[str] = []
        self.png_labels: list[str] = []
        self.figures = 0
        self._where: str | None = None
        self._code: list[str] | None = None
        self._in_report = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        if tag == "figure" and "tafl-beispiel" in classes:
            self.figures += 1
        if tag == "details" and "tafl-quelltext" in classes:
            self._where = a["data-quelle"]
        if tag == "code" and self._where is not None:
            self._code = []
        if tag == "p" and "tafl-melden" in classes:
            self._in_report = True
        if tag == "a":
            if self._in_report:
                self.reports.append(a["href"])
            if a.get("rel") == "edit":
                self.edit.append(a["href"])
            if "tafl-png" in classes:
                self.png_labels.append(a.get("aria-label", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "code" and self._code is not None and self._where is not None:
            self.sources.append((self._where, "".join(self._code)))
            self._code = None
        if tag == "details":
            self._where = None
        if tag == "p":
            self._in_report = False

    def handle_data(self, data: str) -> None:
        if self._code is not None:
            self._code.append(data)


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def block_in_file(where: str) -> str:
    """The fenced block as written at `docs/…md:LINE` (fence lines included, dedented, the
    block's id left out)."""
    path, line = where.rsplit(":", 1)
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    opening = lines[int(line) - 1]
    indent = opening[: len(opening) - len(opening.lstrip())]
    fence = re.match(r"`{3,}|~{3,}", opening.lstrip())
    assert fence, f"{where}: dort beginnt kein Code-Block: {opening!r}"
    # a block's id ('```tafl id=…') is for the site's tools: readers see the fence without it
    out = [re.sub(r"\s+id=\S+", "", opening[len(indent) :])]
    for text in lines[int(line) :]:
        out.append(text[len(indent) :] if text.startswith(indent) else text.lstrip())
        if text.strip() == fence.group() or (
            text.strip().startswith(fence.group()) and not text.strip().strip(fence.group()[0])
        ):
            break
    return "\n".join(out)


def built_pages(site: Path) -> dict[str, Page]:
    return {p.relative_to(site).as_posix(): parse(p) for p in sorted(site.rglob("*.html"))}


def build(out: Path, **env: str) -> str:
    """`mkdocs build --strict` into `out` with extra environment; returns the log."""
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
        cwd=ROOT,
        env=dict(ENV, **env),
        capture_output=True,
        text=True,
        check=False,
    )
    log = result.stdout + result.stderr
    assert result.returncode == 0, log
    return log


# -- with the repository of mkdocs.yml (the shared site build) ---------------------------


@pytest.fixture(scope="module")
def pages(site: Path) -> dict[str, Page]:
    return built_pages(site)


def test_every_example_shows_its_source_as_written(pages: dict[str, Page]) -> None:
    shown = 0
    for name, page in pages.items():
        assert len(page.sources) == page.figures, f"{name}: nicht jedes Beispiel hat Quelltext"
        for where, code in page.sources:
            assert where.startswith("docs/") and where.rsplit(":", 1)[1].isdigit(), where
            assert code == block_in_file(where), f"{name}: Quelltext weicht ab von {where}"
            assert code.splitlines()[0].startswith("```tafl"), where
            shown += 1
    assert shown > 150  # the site has about 200 examples


def test_source_of_an_indented_block_is_dedented() -> None:
    # An example inside an admonition is indented in the file, not in the box.
    text = "Absatz\n\n!!! note\n\n    ```tafl\n    Variante: copenhagen-11\n    ```\n"
    from tafl_docs.example_source import block_source

    assert block_source(text, 6) == (5, "```tafl\nVariante: copenhagen-11\n```")


def test_report_link_names_page_file_line_and_source(pages: dict[str, Page]) -> None:
    page = pages["mechaniken/schlagen/index.html"]
    assert page.reports and len(page.reports) == len(page.sources)
    for (where, code), href in zip(page.sources, page.reports, strict=True):
        url = urlsplit(href)
        assert f"{url.scheme}://{url.netloc}{url.path}" == f"{REPO}/issues/new"
        query = parse_qs(url.query)
        body = query["body"][0]
        assert where in query["title"][0]
        assert f"Datei: {where}\n" in body
        assert "Seite: /mechaniken/schlagen/" in body
        assert code in body


def test_report_link_line_is_the_fence_line_in_the_file(pages: dict[str, Page]) -> None:
    # The first example of schlagen.md: find its fence line independently.
    lines = (ROOT / "docs/mechaniken/schlagen.md").read_text(encoding="utf-8").splitlines()
    first = next(i for i, t in enumerate(lines, 1) if t.strip().startswith("```tafl"))
    body = parse_qs(urlsplit(pages["mechaniken/schlagen/index.html"].reports[0]).query)["body"]
    assert f"Datei: docs/mechaniken/schlagen.md:{first}\n" in body[0]


def test_edit_links_derive_from_the_repository(pages: dict[str, Page]) -> None:
    assert pages["mechaniken/schlagen/index.html"].edit == [
        f"{REPO}/edit/main/docs/mechaniken/schlagen.md"
    ]
    # The generated comparison page opens its generator, and names its data.
    assert pages["regelvergleich/index.html"].edit == [f"{REPO}/edit/main/tafl_docs/gen_pages.py"]


def test_generated_page_links_to_its_data_and_generator(site: Path) -> None:
    text = (site / "regelvergleich/index.html").read_text(encoding="utf-8")
    assert f'href="{REPO}/tree/main/tafl_core/data/variants"' in text
    assert f'href="{REPO}/tree/main/tafl_docs/gen_pages.py"' in text


def test_png_links_say_which_diagram(pages: dict[str, Page]) -> None:
    labels = pages["mechaniken/schlagen/index.html"].png_labels
    assert len(labels) > 10
    assert all(label.endswith("als PNG herunterladen") for label in labels)
    assert len(set(labels)) == len(labels), "zwei PNG-Links tragen denselben Namen"
    assert any(label.startswith("Diagramm „Vorher“ zu „") for label in labels)


# -- without a repository, and the diagram cache: a second build after the shared one -----


@pytest.fixture(scope="module")
def bare_build(site_build: SiteBuild, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A build with TAFL_REPO_URL empty, after the session's build filled the diagram cache
    (both use the same cache: TAFL_CACHE_DIR or the repository's): (site, log)."""
    out = tmp_path_factory.mktemp("ohne-repo") / "site"
    return out, build(out, TAFL_REPO_URL="")


def test_without_repository_no_edit_or_report_links(bare_build: tuple[Path, str]) -> None:
    site = bare_build[0]
    pages = built_pages(site)
    assert sum(len(p.sources) for p in pages.values()) > 150  # the source is still shown
    assert not any(p.edit or p.reports for p in pages.values())
    for html in site.rglob("*.html"):
        text = html.read_text(encoding="utf-8")
        assert "tafl-regeln/tafl" not in text, html
        assert "issues/new" not in text, html


def test_second_build_draws_no_png(site_build: SiteBuild, bare_build: tuple[Path, str]) -> None:
    site, second = bare_build
    pngs = len(list((site / "assets/beispiele").glob("*.png")))
    pngs += len(list((site / "bilder/aufstellung").glob("*.png")))
    first = SUMMARY.search(site_build.log())
    assert first, site_build.log()
    drawn1, cached1 = map(int, first.groups())
    drawn2, cached2 = map(int, SUMMARY.search(second).groups())
    assert pngs > 100
    assert drawn1 + cached1 == pngs  # each PNG drawn or taken from the cache, none twice
    assert (drawn2, cached2) == (0, pngs)


def test_cache_redraws_when_the_svg_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tafl_docs import cache

    monkeypatch.setenv("TAFL_CACHE_DIR", str(tmp_path))
    calls: list[str] = []
    monkeypatch.setattr("diagrams.svg_to_png", lambda svg, scale: calls.append(svg) or b"png")
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'
    jobs = {"a.png": cache.PngJob(svg, 1.5), "b.png": cache.PngJob(svg, 2.0)}
    assert cache.pngs(jobs) == {"a.png": b"png", "b.png": b"png"}
    assert cache.pngs(jobs) == {"a.png": b"png", "b.png": b"png"}
    cache.pngs({"c.png": cache.PngJob(svg.replace("4", "5"), 1.5)})
    assert len(calls) == 3  # two scales once each, then only the changed SVG


# -- make serve and the workflow ---------------------------------------------------------


def test_make_serve_on_a_busy_port_gives_one_german_line() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "scripts/serve.py", str(port)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"make serve: Port {port} ist belegt – einen anderen wählen, z. B. make serve PORT=8001"
    ]


def test_makefile_passes_the_port() -> None:
    result = subprocess.run(
        ["make", "-n", "serve", "PORT=8123"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert 'scripts/serve.py --check "8123"' in result.stdout
    assert 'scripts/serve.py "8123"' in result.stdout


def test_workflow_passes_actionlint_and_runs_make_test() -> None:
    workflow = ROOT / ".github/workflows/test.yml"
    actionlint = shutil.which("actionlint", path=str(Path(sys.executable).parent))
    assert actionlint, "actionlint fehlt: pip install -e '.[test]'"
    result = subprocess.run(
        [actionlint, "-no-color", str(workflow)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"^\s+run: make test$", workflow.read_text(encoding="utf-8"), re.M)
    assert "make test" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_actionlint_finds_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    broken.write_text(
        "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - run: echo ${{ matrix.nope }}\n"
    )
    actionlint = shutil.which("actionlint", path=str(Path(sys.executable).parent))
    assert actionlint
    result = subprocess.run(
        [actionlint, "-no-color", str(broken)], capture_output=True, text=True, check=False
    )
    assert result.returncode != 0


def test_serve_rebuilds_every_page_after_a_variant_file_changes(tmp_path: Path) -> None:
    from tafl_docs.plugin import TaflPlugin

    data = tmp_path / "tafl_core/data/variants"
    data.mkdir(parents=True)
    toml = data / "x.toml"
    toml.write_text("slug = 'x'\n")

    class Unchanged:
        def is_modified(self) -> bool:
            return False

    files = [Unchanged(), Unchanged()]
    plugin = TaflPlugin()
    plugin.refresh(files, tmp_path)  # type: ignore[arg-type]  # the first build
    plugin.refresh(files, tmp_path)  # type: ignore[arg-type]  # nothing changed since
    assert not any(f.is_modified() for f in files)
    assert plugin.last_build is not None
    later = plugin.last_build + 5
    os.utime(toml, (later, later))
    plugin.refresh(files, tmp_path)  # type: ignore[arg-type]
    assert all(f.is_modified() for f in files)


def test_serve_keeps_the_plugin_and_its_last_build_across_rebuilds() -> None:
    """`mkdocs serve` loads the configuration anew for every rebuild; the plugin instance
    (and with it the time of the last build) must survive that. The old hook module was
    executed anew each time, so its `_last_build` was always None."""
    from mkdocs.config import load_config

    from tafl_docs.plugin import TaflPlugin

    first = load_config(str(ROOT / "mkdocs.yml")).plugins["tafl"]
    second = load_config(str(ROOT / "mkdocs.yml")).plugins["tafl"]
    assert isinstance(first, TaflPlugin)
    assert first is second
