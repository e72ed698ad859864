"""The rule sheets in the site: `regelblatt/<slug>.pdf`, linked on each card.

Called by the MkDocs plugin (tafl_docs.plugin). `add_sheets` makes every variant's sheet
(cached by the hash of its HTML under `.cache/regelblatt/`) and adds it to the site as a
generated file, so MkDocs checks the links to it; `link_on_card` puts the "Regelblatt (PDF)"
link under the title of each variant card. A sheet that cannot be made is a WARNING naming
the cause, so `mkdocs build --strict` fails on it.
"""

from __future__ import annotations

import hashlib
import logging
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

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


def _cached_pdf(html: str, max_pages: int, cache_dir: Path) -> bytes:
    """The PDF for this HTML, rendered only when no earlier build made the same one."""
    key = hashlib.sha256(f"{max_pages}\n{html}".encode()).hexdigest()[:24]
    target = cache_dir / f"{key}.pdf"
    if target.is_file():
        return target.read_bytes()
    pdf = html_to_pdf(html, max_pages)
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        target.write_bytes(pdf)
    except OSError:
        pass  # a read-only checkout still builds, only without the cache
    return pdf


def add_sheets(files: Files, config: MkDocsConfig) -> Files:
    """Add one generated PDF per variant to the site's files."""
    config_file = Path(config["config_file_path"] or "mkdocs.yml")
    root = config_file.resolve().parent
    site = (config.get("site_url") or "").strip() or config.get("site_name") or ""
    site = site or site_label(config_file)
    docs_dir = Path(config["docs_dir"])
    built = build_date()
    for v in ordered_variants():
        try:
            html = sheet_html(v, site=site, built=built, docs_dir=docs_dir)
            pdf = _cached_pdf(html, page_limit(v), root / ".cache" / "regelblatt")
        except SheetError as exc:
            log.warning("Regelblatt %s: %s", v.slug, exc)
            continue
        files.append(File.generated(config, sheet_path(v.slug), content=pdf))
    return files


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
