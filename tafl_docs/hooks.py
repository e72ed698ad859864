"""MkDocs hooks: expand the `[[tafl:...]]` directives and hand each page to the example fence.

Listed in mkdocs.yml under `hooks:`. Every problem becomes a WARNING on the `mkdocs`
logger namespace, naming page and line, so `mkdocs build --strict` fails on it.
"""

from __future__ import annotations

import importlib
import logging
import os
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from tafl_core.variants import all_variants
from tafl_docs import cache, repository
from tafl_docs.directives import Context, expand

log = logging.getLogger("mkdocs.plugins.tafl")


def _fence() -> ModuleType | None:
    """tafl_docs.fence when it exists (it provides set_page and write_assets)."""
    try:
        return importlib.import_module("tafl_docs.fence")
    except ModuleNotFoundError as exc:
        if exc.name != "tafl_docs.fence":
            raise
        return None


def _file_text(page: Any, markdown: str) -> str:
    """The page's whole source file (front matter included), else the Markdown handed over."""
    try:
        source = page.file.content_string
    except Exception:  # generated files without a readable source
        return markdown
    return source if isinstance(source, str) else markdown


def _front_matter_lines(page: Any, markdown: str) -> int:
    """How many source lines precede the Markdown MkDocs hands over (YAML front matter)."""
    return max(0, _file_text(page, markdown).count("\n") - markdown.count("\n"))


def on_config(config: Any) -> Any:
    """Derive the edit links from the one repository setting; start the cache count."""
    repo = repository.configure(config.extra, config.site_url)
    config.edit_uri = repo.edit("docs") + "/" if repo else None
    cache.stats.clear()
    return config


#: Folders outside docs/ that pages are built from (watched by `make serve`).
SOURCES = ("tafl_core/data/variants", "includes")
_last_build: float | None = None


def _changed_since(root: Path, moment: float) -> bool:
    """Whether a file in SOURCES (below the config folder `root`) changed after `moment`."""
    return any(
        f.stat().st_mtime > moment for d in SOURCES for f in (root / d).rglob("*") if f.is_file()
    )


def on_files(files: Any, config: Any) -> Any:
    """Under `mkdocs serve`, after a change to variant data or snippets: read the variants
    anew and rebuild every page (`--dirty` would rebuild only pages whose file changed)."""
    global _last_build
    started = time.time()
    root = Path(config.config_file_path).resolve().parent
    if _last_build is not None and _changed_since(root, _last_build):
        all_variants.cache_clear()
        for f in files:
            f.is_modified = lambda: True
    _last_build = started
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Register the page with the fence, then replace every directive."""
    src = page.file.src_uri
    fence = _fence()
    if fence is not None and hasattr(fence, "set_page"):
        # the whole file, so that example lines are counted as in the file (front matter too)
        fence.set_page(src, _file_text(page, markdown), page.url)
    text, problems = expand(markdown, Context(src_path=src, page_url=page.url))
    offset = _front_matter_lines(page, markdown) if problems else 0
    for p in problems:
        log.warning("%s:%d: %s", f"docs/{src}", p.line + offset, p.message)
    generator = _generator(page, config)
    if generator:
        text += "\n".join(repository.generated_note(generator, src))
    return text


def _generator(page: Any, config: Any) -> str | None:
    """For a page written by mkdocs-gen-files: the script that writes it (repository path)."""
    if not getattr(page.file, "generated_by", None):
        return None
    plugin = config.plugins.get("gen-files")
    scripts = list(plugin.config.scripts) if plugin is not None else []
    if len(scripts) != 1:
        return None
    root = os.path.dirname(os.path.abspath(config.config_file_path))
    return os.path.relpath(os.path.abspath(scripts[0]), root).replace(os.sep, "/")


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """Generated pages: the edit link opens the generator (or disappears without a repository)."""
    if getattr(page.file, "generated_by", None):
        repo = repository.current
        generator = _generator(page, config)
        page.edit_url = repo.edit(generator) if repo and generator else None
    return context


def on_post_build(config: Any) -> None:
    """Let the fence write its assets (the example PNGs) into the built site."""
    fence = _fence()
    if fence is not None and hasattr(fence, "write_assets"):
        fence.write_assets(config["site_dir"])
    log.info(cache.summary())


def on_env(env: Any, config: Any, files: Any) -> Any:
    """Keep the compiled theme templates on disk: MkDocs compiles them anew on every build."""
    from jinja2 import FileSystemBytecodeCache

    folder = cache.cache_dir() / "jinja"
    folder.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = FileSystemBytecodeCache(str(folder))
    return env
