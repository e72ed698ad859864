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

from tafl_core.examples.run import Execution, execute
from tafl_core.examples.syntax import BlockError, find_blocks, parse_block
from tafl_core.moves import Move
from tafl_core.outcome import Reason
from tafl_core.position import Position
from tafl_docs import cache, example_source
from tafl_docs.playable import playable

log = logging.getLogger("mkdocs.plugins.tafl.fence")

ASSET_DIR = "assets/beispiele"


@dataclass
class _Page:
    src_path: str
    markdown: str
    url: str


_page: _Page | None = None
_assets: dict[str, cache.PngJob] = {}


def set_page(src_path: str, markdown: str, page_url: str) -> None:
    """Remember the page being converted (called from the on_page_markdown hook)."""
    global _page
    _page = _Page(src_path, markdown, page_url)


def write_assets(site_dir: str) -> None:
    """Write the example PNGs collected during the build (called from on_post_build)."""
    target = Path(site_dir) / ASSET_DIR
    target.mkdir(parents=True, exist_ok=True)
    for name, data in sorted(cache.pngs(_assets).items()):
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


def _page_text() -> tuple[str, str]:
    """Markdown and URL of the current page (empty outside a build)."""
    return (_page.markdown, _page.url) if _page is not None else ("", "")


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
    """One diagram as inline SVG, from the disk cache when these inputs were drawn before."""
    from diagrams import position_svg

    rules = ex.block.variant.rules
    name = ex.block.variant.name

    def draw() -> str:
        return position_svg(pos, rules, variant_name=name, id_prefix=prefix, **annotations)

    frozen = {k: cache.frozen(v) for k, v in sorted(annotations.items())}
    return cache.svg((cache.position_state(pos), rules, name, prefix, frozen), draw)


def _png_name(index: int, count: int, caption: str) -> str:
    """Accessible name of a PNG link: which panel of which example it downloads."""
    panel = ("Vorher", "Nachher")[index] if count == 2 else ""
    which = f"Diagramm „{panel}“" if panel else "Diagramm"
    if caption:
        short = caption if len(caption) <= 80 else caption[:80].rsplit(" ", 1)[0] + " …"
        which += f" zu „{short}“"
    return f"{which} als PNG herunterladen"


def _png_link(svg: str, name: str, index: int = 0, count: int = 1, caption: str = "") -> str:
    """The download link of one diagram's PNG (drawn or taken from the cache at the end of
    the build); its accessible name says which diagram it downloads."""
    _assets[name] = cache.PngJob(svg, 1.5)
    href = f"{_root_prefix()}{ASSET_DIR}/{name}"
    label = html.escape(_png_name(index, count, caption))
    return (
        f'<a class="tafl-png" href="{html.escape(href)}" download '
        f'aria-label="{label}">PNG herunterladen</a>'
    )


def _own_card(ex: Execution) -> bool:
    """Whether the block stands on its own variant's card (the name is then left out)."""
    return _page is not None and _page.src_path == f"varianten/{ex.block.variant.slug}.md"


def _panels(ex: Execution) -> list[tuple[str, dict]]:  # type: ignore[type-arg]
    """(caption, drawing options) of each diagram of an example: one or before/after."""
    from diagrams import prose
    from diagrams.ending import ending_marks
    from diagrams.shieldwall import shieldwall_rows

    block = ex.block
    before, after = ex.before, ex.after
    geo = after.geo
    highlights = block.highlights
    targets = sorted({t for ts in ex.targets.values() for t in ts})
    earlier = prose.earlier_sentence(geo, ex.turn_moves[:-1])
    if not block.turns:
        text = [f"Die {after.turn.german} sind am Zug."]
        for square in ex.targets:
            text.append(f"Die Punkte zeigen, wohin die Figur auf {geo.name(square)} ziehen darf.")
        return [(" ".join(text), {"highlights": highlights, "targets": targets})]
    if ex.illegal is not None:
        frm, to, _reason, message = ex.illegal
        steps = ex.last_moves
        start = steps[0].frm if steps else frm
        piece = before.piece_at(start) if start >= 0 else None
        text = [earlier, prose.turn_sentence(before, steps)] if steps else [earlier]
        text.append(
            prose.forbidden_sentence(geo, piece, before.turn, frm, to, message, then=bool(steps))
        )
        options = {"moves": steps, "highlights": highlights}
        if frm >= 0 and to >= 0:
            options["forbidden"] = Move(frm, to)
        return [(" ".join(t for t in text if t), options)]
    first = " ".join(t for t in (earlier, prose.turn_sentence(before, ex.last_moves)) if t)
    shown = [
        (first, {"moves": ex.last_moves, "highlights": highlights}),
    ]
    captured = ex.captured
    if ex.outcome is not None and ex.outcome.reason is Reason.KING_CAPTURED:
        # the ending sentence says it: the king is not listed among the captured pieces
        captured = [s for s in captured if s != before.king_square()]
    result = prose.after_sentences(
        geo,
        captured,
        ex.captured_pieces,
        ex.flipped,
        ex.outcome,
        goes_on=block.outcome is not None and ex.outcome is None,
    )
    rows = shieldwall_rows(geo, ex.captured) if block.variant.rules.shieldwall else []
    ending = ending_marks(block.variant.rules, after, ex.outcome, ex.captured_pieces)
    shown.append(
        (
            result,
            {
                "last_moves": ex.last_moves,
                "captured": ex.captured,
                "captured_pieces": ex.captured_pieces,
                "flipped": ex.flipped,
                "targets": targets,
                "highlights": sorted({*highlights, *rows}),
                "ending": ending,
            },
        )
    )
    return shown


def _figure(ex: Execution, source: str) -> str:
    block = ex.block
    digest = hashlib.sha1(f"{block.path}\n{source}".encode()).hexdigest()[:10]
    caption = html.escape(block.caption) if block.caption else ""
    out = ['<figure class="tafl-beispiel">', '<div class="tafl-diagramme">']
    panels = _panels(ex)
    for index, (label, options) in enumerate(panels):
        lead = f"{block.caption} " if block.caption and index == 0 else ""
        svg = _svg(
            ex.after if index or (not block.turns) else ex.before,
            ex,
            f"t{digest}{'ab'[index]}",
            note=lead + label,
            **options,
        )
        link = _png_link(svg, f"{digest}-{index + 1}.png", index, len(panels), block.caption)
        out.append(
            '<div class="tafl-diagramm">'
            f"{svg}"
            f'<p class="tafl-unterschrift">{html.escape(label)}'
            f'<span class="tafl-nur-bildschirm"> · {link}</span></p>'
            "</div>"
        )
    out.append("</div>")
    variant = ""
    if not _own_card(ex):
        variant = f' <span class="tafl-variante">({html.escape(block.variant.name)})</span>'
    out.append(f"<figcaption>{caption}{variant}</figcaption>")
    out.append(playable(ex))
    out.append("</figure>")
    out.append(
        example_source.example_html(*_page_text(), block.path, block.line, block.caption or "")
    )
    return "\n".join(out)
