"""The ```tafl fence of the site: the same parse and execution as the tests, drawn as diagrams.

pymdownx.superfences calls format_tafl for every ```tafl block. A block that fails to
parse or whose expectations the engine contradicts logs a warning naming file and line
(so `mkdocs build --strict` fails) and shows the message on the page.
"""

from __future__ import annotations

import hashlib
import html
import logging
import posixpath
from dataclasses import dataclass
from pathlib import Path

from tafl_core.block_run import Execution, execute
from tafl_core.blocks import BlockError, find_blocks, parse_block
from tafl_core.moves import Move
from tafl_core.position import Position
from tafl_docs.playable import playable

log = logging.getLogger("mkdocs.plugins.tafl.fence")

ASSET_DIR = "assets/beispiele"


@dataclass
class _Page:
    src_path: str
    markdown: str
    url: str


_page: _Page | None = None
_assets: dict[str, bytes] = {}


def set_page(src_path: str, markdown: str, page_url: str) -> None:
    """Remember the page being converted (called from the on_page_markdown hook)."""
    global _page
    _page = _Page(src_path, markdown, page_url)


def write_assets(site_dir: str) -> None:
    """Write the example PNGs collected during the build (called from on_post_build)."""
    target = Path(site_dir) / ASSET_DIR
    target.mkdir(parents=True, exist_ok=True)
    for name, data in sorted(_assets.items()):
        (target / name).write_bytes(data)


def _locate(source: str) -> tuple[str, int]:
    """docs-relative path and line of the body's first line, from the current page."""
    if _page is None:
        return "<unbekannte Seite>", 1
    path = posixpath.join("docs", _page.src_path)
    wanted = source.strip("\n")
    for found in find_blocks(_page.markdown):
        if found.body.strip("\n") == wanted:
            return path, found.first_body_line
    return path, 1


def _root_prefix() -> str:
    """Relative path from the current page to the site root."""
    if _page is None:
        return ""
    url = _page.url or ""
    return "../" * url.count("/")


def format_tafl(source: str, language: str, css_class: str, options: dict, md, **kwargs) -> str:  # type: ignore[no-untyped-def]
    """Superfences formatter: parse, execute and draw one example block."""
    path, line = _locate(source)
    try:
        block = parse_block(source, path, line)
    except BlockError as exc:
        return _error(f"{path}:{exc.line}: {exc}")
    ex = execute(block)
    if not ex.ok:
        return _error(ex.report())
    return _figure(ex, source)


def _error(message: str) -> str:
    log.warning("tafl-Beispiel fehlerhaft: %s", message)
    return (
        '<div class="admonition failure"><p class="admonition-title">Fehlerhaftes Beispiel</p>'
        f"<pre><code>{html.escape(message)}</code></pre></div>"
    )


def _svg(pos: Position, ex: Execution, prefix: str, **annotations) -> str:  # type: ignore[no-untyped-def]
    from diagrams import position_svg

    return position_svg(
        pos,
        ex.block.variant.rules,
        variant_name=ex.block.variant.name,
        id_prefix=prefix,
        **annotations,
    )


def _png_link(svg: str, name: str) -> str:
    from diagrams import svg_to_png

    _assets[name] = svg_to_png(svg, scale=1.5)
    href = f"{_root_prefix()}{ASSET_DIR}/{name}"
    return f'<a class="tafl-png" href="{html.escape(href)}" download>PNG herunterladen</a>'


def _figure(ex: Execution, source: str) -> str:
    block = ex.block
    geo = ex.after.geo
    digest = hashlib.sha1(f"{block.path}\n{source}".encode()).hexdigest()[:10]
    name = geo.name
    highlights = block.highlights
    targets = sorted({t for ts in ex.targets.values() for t in ts})
    panels: list[tuple[str, str]] = []
    turns_text = "; ".join(
        ", ".join(m.text(geo) for m in moves) for moves in ex.turn_moves if moves
    )
    if not block.turns:
        svg = _svg(ex.after, ex, f"t{digest}a", highlights=highlights, targets=targets)
        side = ex.after.turn.german
        panels.append((svg, f"Am Zug: {side}"))
    elif ex.illegal is not None:
        frm, to, reason, message = ex.illegal
        moves = [*ex.last_moves, Move(frm, to)] if frm >= 0 else ex.last_moves
        svg = _svg(ex.before, ex, f"t{digest}a", moves=moves, highlights=highlights)
        panels.append((svg, f"Verboten: {message} (Grund: {reason})"))
    else:
        side = ex.before.turn.german
        before = _svg(ex.before, ex, f"t{digest}a", moves=ex.last_moves, highlights=highlights)
        last = ", ".join(m.text(geo) for m in ex.last_moves)
        label = f"Vorher – {side} ziehen {last}"
        if len(ex.turn_moves) > 1:
            label = f"Vor dem letzten Zug (Züge: {turns_text}) – {side} ziehen {last}"
        panels.append((before, label))
        after = _svg(
            ex.after,
            ex,
            f"t{digest}b",
            captured=ex.captured,
            captured_pieces=ex.captured_pieces,
            flipped=ex.flipped,
            targets=targets,
            highlights=highlights,
        )
        parts = ["Nachher"]
        parts.append(
            "geschlagen: " + (", ".join(name(s) for s in ex.captured) if ex.captured else "nichts")
        )
        if ex.flipped:
            parts.append("umgedreht: " + ", ".join(name(s) for s in ex.flipped))
        if ex.outcome is not None:
            parts.append(ex.outcome.german())
        panels.append((after, " – ".join(parts[:1]) + ": " + "; ".join(parts[1:])))
    out = ['<figure class="tafl-beispiel">', '<div class="tafl-diagramme">']
    for index, (svg, label) in enumerate(panels):
        link = _png_link(svg, f"{digest}-{index + 1}.png")
        out.append(
            '<div class="tafl-diagramm">'
            f"{svg}"
            f'<p class="tafl-unterschrift">{html.escape(label)} · {link}</p>'
            "</div>"
        )
    out.append("</div>")
    caption = html.escape(block.caption) if block.caption else ""
    variant = html.escape(block.variant.name)
    out.append(f'<figcaption>{caption} <span class="tafl-variante">({variant})</span></figcaption>')
    out.append(playable(ex))
    out.append("</figure>")
    return "\n".join(out)
