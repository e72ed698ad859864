"""The rule sheets in the site: `regelblatt/<slug>.pdf`, linked on each card.

Called by the MkDocs plugin (tafl_docs.plugin). `add_sheets` adds every variant's sheet to
the site as a generated file (so MkDocs checks the links to it), read from its cache file
under `.cache/regelblatt/` (named by the hash of its HTML); a sheet missing there is rendered
in the build's drawing workers (`cache.background`) while the pages are built, and
`wait_for_sheets` (from on_env, before MkDocs copies the files) waits for them, rendering
those no worker has begun itself. Given the hash of the sheets' inputs, `add_sheets` lists
the cache files under it (`eingaben-<hash>.json`), and a later build with the same inputs
takes them from that list without making the HTML (0.3 s of a warm build).
`link_on_card` puts the "Regelblatt (PDF)" link under the title of each variant card. A
sheet that cannot be made is a WARNING naming the cause, so `mkdocs build --strict` fails.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from tafl_docs import cache, disk, timing
from tafl_docs.catalogue import ordered_variants
from tafl_docs.sheet import build_date, html_to_pdf, page_limit, sheet_html, site_label
from tafl_docs.sheet_examples import SheetError

log = logging.getLogger("mkdocs.plugins.tafl.regelblatt")

SHEET_DIR = "regelblatt"
_CARD = re.compile(r"^varianten/(?P<slug>[^/]+)\.md$")
_H1 = re.compile(r"^# .+$", re.M)


def sheet_path(slug: str) -> str:
    """Where a variant's sheet lies in the built site."""
    return f"{SHEET_DIR}/{slug}.pdf"


#: Sheets being rendered in the background: (the site file, its rendering).
_pending: list[tuple[File, cache.Task[None]]] = []


def _render(html: str, max_pages: int, target: Path) -> None:
    """Render a sheet into its cache file (runs in a worker process)."""
    disk.write_whole(target, html_to_pdf(html, max_pages))


def _cache_file(html: str, max_pages: int, cache_dir: Path) -> Path:
    """Where the cache keeps the PDF of a sheet's HTML (by its content)."""
    key = hashlib.sha256(f"{max_pages}\n{html}".encode()).hexdigest()[:24]
    return cache_dir / f"{key}.pdf"


def cached_pdf(html: str, max_pages: int, cache_dir: Path) -> Path:
    """The PDF of a sheet's HTML from the cache, rendered into it now when missing (the
    tests read the sheets a build of the same day and site made, or make them for it)."""
    target = _cache_file(html, max_pages, cache_dir)
    if not target.is_file():
        cache_dir.mkdir(parents=True, exist_ok=True)
        _render(html, max_pages, target)
    return target


def _sheet_file(
    config: MkDocsConfig, slug: str, html: str, max_pages: int, cache_dir: Path
) -> File:
    """The site file of a sheet: its cache file, rendered in the background when missing
    (in this process, without the cache, when the cache folder cannot be written)."""
    target = _cache_file(html, max_pages, cache_dir)
    if target.is_file():
        return File.generated(config, sheet_path(slug), abs_src_path=str(target))
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
    except OSError:  # a read-only checkout still builds, only without the cache
        return File.generated(config, sheet_path(slug), content=html_to_pdf(html, max_pages))
    made = File.generated(config, sheet_path(slug), abs_src_path=str(target))
    _pending.append((made, cache.background(_render, html, max_pages, target)))
    return made


def add_sheets(files: Files, config: MkDocsConfig, inputs: str | None = None) -> Files:
    """Add one generated PDF per variant to the site's files.

    `inputs` is a hash of everything the sheets are made from (`rebuild.sheet_inputs`): the
    sheets a build made from the same inputs are listed in the cache under it, and a later
    build (a new process) takes them from that list without making their HTML again."""
    with timing.stage("Regelblätter"):
        return _add_sheets(files, config, inputs)


def site_of(config: MkDocsConfig) -> str:
    """The site a sheet names: `site_url`, else `site_name`, as mkdocs.yml says.

    `mkdocs serve` sets `site_url` to its own address (http://127.0.0.1:PORT/); a sheet
    previewed there names the site as the build will, and so is the same PDF as the one
    `make build` or an earlier `make serve` on another port left in the cache."""
    config_file = Path(config["config_file_path"] or "mkdocs.yml")
    url = (config.get("site_url") or "").strip()
    addr = config.get("dev_addr")
    if url and addr is not None and url.startswith(f"http://{addr.host}:{addr.port}/"):
        return site_label(config_file)
    return url or config.get("site_name") or site_label(config_file)


def _add_sheets(files: Files, config: MkDocsConfig, inputs: str | None) -> Files:
    config_file = Path(config["config_file_path"] or "mkdocs.yml")
    root = config_file.resolve().parent
    site = site_of(config)
    docs_dir = Path(config["docs_dir"])
    built = build_date()
    cache_dir = root / ".cache" / "regelblatt"
    index = cache_dir / f"{INDEX_PREFIX}{inputs[:24]}.json" if inputs else None
    slugs = [v.slug for v in ordered_variants()]
    _pending.clear()
    listed = _listed(index, slugs)
    if listed is not None:
        for slug, target in listed.items():
            files.append(File.generated(config, sheet_path(slug), abs_src_path=str(target)))
        return files
    made_from: dict[str, str] = {}
    for v in ordered_variants():
        try:
            html = sheet_html(v, site=site, built=built, docs_dir=docs_dir)
            made = _sheet_file(config, v.slug, html, page_limit(v), cache_dir)
        except SheetError as exc:
            log.warning("Regelblatt %s: %s", v.slug, exc)
            continue
        files.append(made)
        if made.abs_src_path is not None:
            made_from[v.slug] = Path(made.abs_src_path).name
    if index is not None and len(made_from) == len(slugs):
        _list(index, made_from)
    return files


#: The lists of sheets by their inputs (`.cache/regelblatt/eingaben-<hash>.json`).
INDEX_PREFIX = "eingaben-"
#: How many such lists the cache keeps (the newest).
INDEX_KEEP = 20


def _listed(index: Path | None, slugs: list[str]) -> dict[str, Path] | None:
    """The cache files a build listed under these inputs, when every variant's is there."""
    if index is None:
        return None
    try:
        names = json.loads(index.read_text("utf-8"))
        found = {slug: index.parent / names[slug] for slug in slugs}
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return found if all(path.is_file() for path in found.values()) else None


def _list(index: Path, names: dict[str, str]) -> None:
    """Write the list of a build's sheets (the newest INDEX_KEEP lists stay)."""
    try:
        disk.write_whole(index, json.dumps(names, sort_keys=True).encode("utf-8"))
        disk.keep_newest(index, f"{INDEX_PREFIX}*.json", INDEX_KEEP)
    except OSError:
        pass  # a read-only cache: the next build makes the HTML again


def wait_for_sheets(files: Files) -> None:
    """Wait for the sheets rendered in the background; one that failed leaves the site."""
    with timing.stage("Regelblätter"):
        _wait(files)


def _wait(files: Files) -> None:
    for made, rendering in reversed(_pending):  # the workers take them from the front
        try:
            rendering.result()
        except (SheetError, OSError) as exc:
            log.warning("Regelblatt %s: %s", made.src_uri, exc)
            files.remove(made)
    _pending.clear()


def card_link(slug: str) -> str:
    """The Markdown line that links a card to its sheet (relative to varianten/)."""
    return (
        f"[Regelblatt (PDF)](../{sheet_path(slug)})"
        f'{{ .md-button .tafl-regelblatt download="regelblatt-{slug}.pdf" '
        'title="Die Regeln dieser Variante auf einer A4-Seite zum Ausdrucken" }'
    )


def print_note(slug: str) -> str:
    """A paragraph only paper shows (print.css): the card printed from the browser runs to
    many pages, the sheet says it on one."""
    return (
        '<p class="tafl-nur-druck">Kürzer zum Ausdrucken: Das Regelblatt fasst diese Regeln auf '
        f"einer A4-Seite zusammen – auf dieser Website unter {sheet_path(slug)}.</p>"
    )


def link_on_card(markdown: str, src_uri: str, files: Files) -> str:
    """Put the sheet link right under the title of a variant card (`src_uri`: its path
    relative to docs/), with a note for paper that points to the sheet."""
    m = _CARD.match(src_uri)
    if m is None or files.get_file_from_path(sheet_path(m["slug"])) is None:
        return markdown
    link = card_link(m["slug"]) + "\n\n" + print_note(m["slug"])
    h1 = _H1.search(markdown)
    if h1 is None:
        return f"{link}\n\n{markdown}"
    return f"{markdown[: h1.end()]}\n\n{link}\n{markdown[h1.end() :]}"
