"""The site's MkDocs plugin `tafl`: directives, examples, rule sheets and the browser runtime.

Registered as the entry point `tafl` (group `mkdocs.plugins`, see pyproject.toml) and listed
in mkdocs.yml under `plugins:` after gen-files. All state of a build lives on the instance
and is made anew in `on_config`; only the time of the last build outlives it, so that
`mkdocs serve` can tell which source files changed since (the instance survives serve's
rebuilds because it has `on_startup`).

Every problem becomes a WARNING on the `mkdocs` logger namespace, naming page and line, so
`mkdocs build --strict` fails on it.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Literal

from jinja2 import Environment, FileSystemBytecodeCache
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from tafl_core.variants import all_variants
from tafl_docs import (
    browser_runtime,
    cache,
    citations,
    folding,
    rebuild,
    repository,
    rule_numbers,
    sheet_files,
    source_lines,
    timing,
)
from tafl_docs.directives import Context, expand
from tafl_docs.directives.differences import d_anders
from tafl_docs.fence import FenceState
from tafl_docs.proof_store import ProofStore
from tafl_docs.search_index import searchable

log = logging.getLogger("mkdocs.plugins.tafl")

#: Folders outside docs/ that pages are built from (watched by `make serve`).
SOURCES = ("tafl_core/data/variants", "includes")
#: The superfences custom fence whose formatter the plugin binds to its build.
FENCE_NAME = "tafl"
#: Set in every page's <head>: the Mitwirken switch's remembered state becomes the class of
#: <html> before anything is drawn (docs/javascripts/tafl-mitwirken.js draws the switch).
MITWIRKEN_HEAD = (
    "<script>try{if(localStorage.getItem('tafl-mitwirken')==='1')"
    "document.documentElement.classList.add('tafl-mitwirken')}catch(e){}</script>"
)


def with_mitwirken_state(html: str) -> str:
    """The page with the switch's early script as the first thing in its <head>."""
    head = html.find("<head>")
    if head < 0:
        return html
    at = head + len("<head>")
    return html[:at] + MITWIRKEN_HEAD + html[at:]


def changed_since(root: Path, moment: float) -> bool:
    """Whether a file in SOURCES (below the config folder `root`) changed after `moment`."""
    return any(
        f.stat().st_mtime > moment for d in SOURCES for f in (root / d).rglob("*") if f.is_file()
    )


def _file_text(page: Page, markdown: str) -> str:
    """The page's whole source file (front matter included), else the Markdown handed over."""
    try:
        source = page.file.content_string
    except Exception:  # generated files without a readable source
        return markdown
    return source if isinstance(source, str) else markdown


def _in_docs(page: Page, config: MkDocsConfig) -> bool:
    """Whether the page's source is a file in docs/ (not one generated during the build)."""
    source = Path(config.docs_dir) / page.file.src_uri
    return source.is_file() and Path(page.file.abs_src_path or "").resolve() == source.resolve()


def _front_matter_lines(page: Page, markdown: str) -> int:
    """How many source lines precede the Markdown MkDocs hands over (YAML front matter)."""
    return max(0, _file_text(page, markdown).count("\n") - markdown.count("\n"))


def bind_fence(config: MkDocsConfig, format_fence: Callable[..., str]) -> None:
    """Make the ```tafl custom fence of pymdownx.superfences call `format_fence`."""
    settings = config.mdx_configs.setdefault("pymdownx.superfences", {})
    fences = settings.setdefault("custom_fences", [])
    fences[:] = [f for f in fences if f.get("name") != FENCE_NAME]
    fences.append({"name": FENCE_NAME, "class": FENCE_NAME, "format": format_fence})


class TaflConfig(Config):  # type: ignore[no-untyped-call]
    """The plugin takes no options."""


class TaflPlugin(BasePlugin[TaflConfig]):  # type: ignore[no-untyped-call]
    """One build of the site: directives, the example fence, rule sheets, runtime files."""

    def __init__(self) -> None:
        self.fence = FenceState()
        self.last_build: float | None = None
        self.before: float | None = None  # last_build before this build (kept on an error)
        self.rebuild = rebuild.Rebuild()

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        """Keep this instance across the rebuilds of `mkdocs serve` (MkDocs then reuses it)."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Start a build: fresh state, edit links from the one repository setting, the fence."""
        site = repository.configure(config.extra, config.site_url)
        root = Path(config.config_file_path).resolve().parent
        proofs = ProofStore(root / "data" / "beweise")
        self.fence = FenceState(site=site, proofs=proofs, draw_early=True)
        config.edit_uri = site.repo.edit("docs") + "/" if site.repo else None
        bind_fence(config, self.fence.formatter())
        cache.stats.clear()
        timing.start()
        self.before = self.last_build
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        """Rebuild everything after a change to the sources, else only what changed
        (`rebuild.Rebuild`); add the rule sheets (PDF)."""
        files = self.rebuild.files(files, config)
        config_file = Path(config.config_file_path).resolve()
        self.refresh(files, config_file.parent, config_file)
        return files

    def refresh(self, files: Iterable[File], root: Path, config_file: Path | None = None) -> None:
        """Under `mkdocs serve`, after a change to variant data, snippets or the config file
        since the last build (below the config folder `root`), read the variants anew and
        mark every page modified (`--dirty` would rebuild only pages whose file changed)."""
        started = time.time()
        last = self.last_build
        if last is not None and (
            changed_since(root, last) or (config_file and config_file.stat().st_mtime > last)
        ):
            all_variants.cache_clear()
            for f in files:
                f.is_modified = lambda: True  # type: ignore[method-assign]
        self.last_build = started

    def on_page_markdown(
        self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        """Register the page with the fence, turn citations into footnotes, replace every
        directive, number a card's rules and add its differences box, link the rule sheet."""
        src = page.file.src_uri
        # the whole file, so that example lines are counted as in the file (front matter too)
        self.fence.set_page(src, _file_text(page, markdown), page.url)
        ctx = Context(src_path=src, page_url=page.url)
        quoted = cited(markdown, src)
        text, more = expand(quoted.text, ctx)
        problems: list[Any] = [*quoted.problems, *more]
        offset = _front_matter_lines(page, markdown) if problems else 0
        for p in problems:
            log.warning("%s:%d: %s", f"docs/{src}", p.line + offset, p.message)
        if src.startswith("varianten/"):
            text = with_differences(rule_numbers.numbered(text), src, ctx)
            text = folding.fold_sections(text)
        text = citations.Cited(text, quoted.notes, []).joined()
        generator = _generator(page, config)
        if generator:
            text += "\n".join(repository.generated_note(self.fence.site.repo, generator, src))
        return sheet_files.link_on_card(text, src, files)

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Report the page's failing blocks that the fence never saw (an unclosed one); mark
        what the site search leaves out, and take the diagrams out of the search plugin's way
        (`search_svg`: it would only skip them; back in on_post_page). Each paragraph gets
        its line in the source (`source_lines`: a sentence correction names it)."""
        for message in self.fence.unjudged():
            log.warning("tafl-Beispiel fehlerhaft: %s", message)
        card = page.title if page.file.src_uri.startswith("varianten/") else None
        if card:  # the cards are the reference: "Copenhagen § 5" finds the card first,
            # before a Lernpfad page that quotes the rule (Material's per-page boost)
            page.meta.setdefault("search", {}).setdefault("boost", 2)
        if _in_docs(page, config):  # a page made at build time has no line to correct
            html = source_lines.mark_lines(
                html, _file_text(page, getattr(page, "markdown", "") or "")
            )
        return searchable(self.fence.svgs.hide(html), card)

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """Every page learns the Mitwirken switch's state before it is drawn; its diagrams
        come back."""
        return with_mitwirken_state(self.fence.svgs.restore(output))

    def on_page_context(self, context: Any, *, page: Page, config: MkDocsConfig, nav: Any) -> Any:
        """Generated pages: the edit link opens the generator (or disappears without a
        repository)."""
        if getattr(page.file, "generated_by", None):
            repo = self.fence.site.repo
            generator = _generator(page, config)
            page.edit_url = repo.edit(generator) if repo and generator else None
        return context

    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment:
        """Keep the compiled theme templates on disk: MkDocs compiles them anew every build.
        Wait for the rule sheets rendered in the background (MkDocs copies them next)."""
        sheet_files.wait_for_sheets(files)
        folder = cache.cache_dir() / "jinja"
        folder.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = FileSystemBytecodeCache(str(folder))
        return env

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Write the example PNGs and the browser runtime into the built site, the new
        exercise proofs into data/beweise/; log how long each stage took."""
        timing.close_span("Seiten")
        self.fence.write_assets(config.site_dir)
        log.info(cache.summary())
        for line in self.fence.write_proofs():
            log.info(line)
        with timing.stage("Laufzeit"):
            browser_runtime.install(Path(config.site_dir))
        self.rebuild.done()
        log.info(timing.line())

    def on_build_error(self, *, error: Exception) -> None:
        """A failed build counts as not done: the next one looks for changes since the
        last build that succeeded (and rebuilds every page after a source change)."""
        self.last_build = self.before


def cited(markdown: str, src: str) -> citations.Cited:
    """The page with its citations as numbered footnotes (rule cards and mechanics pages),
    and a problem for each citation whose key has no source entry."""
    sources = citations.sources_for(src, markdown)
    if sources is None:
        return citations.Cited(markdown, [], [])
    slug = src.removeprefix("varianten/").removesuffix(".md")
    where = (
        f"tafl_core/data/variants/{slug}.toml"
        if src.startswith("varianten/")
        else "Abschnitt „Quellen“ der Seite"
    )
    return citations.footnoted(markdown, sources, where)


def with_differences(markdown: str, src: str, ctx: Context) -> str:
    """A card with the box “Was ist hier anders als in Copenhagen?” at the end of its
    “Auf einen Blick” (right before `## Spielregeln`); unchanged without that heading."""
    slug = src.removeprefix("varianten/").removesuffix(".md")
    box = d_anders(ctx, [slug])
    marker = f"\n## {rule_numbers.RULES_HEADING}\n"
    at = markdown.find(marker)
    if not box or at < 0:
        return markdown
    return markdown[: at + 1] + "\n".join(box) + "\n\n" + markdown[at + 1 :]


def _generator(page: Page, config: MkDocsConfig) -> str | None:
    """For a page written by mkdocs-gen-files: the script that writes it (repository path)."""
    if not getattr(page.file, "generated_by", None):
        return None
    plugin = config.plugins.get("gen-files")
    scripts = list(plugin.config.scripts) if plugin is not None else []
    if len(scripts) != 1:
        return None
    root = os.path.dirname(os.path.abspath(config.config_file_path))
    return os.path.relpath(os.path.abspath(scripts[0]), root).replace(os.sep, "/")
