"""The ```tafl fence of the site: the example runner's verdict (as in the tests), drawn.

pymdownx.superfences calls format_tafl for every ```tafl block, bound by the MkDocs plugin
(tafl_docs.plugin) to the build's FenceState: the page being converted, the repository
settings, the exercise proofs (`proof_store`: committed ones first, new ones written into
the page's file at the end) and the PNGs to write at the end (drawing starts as soon as a
PNG is asked for). The time spent on blocks and proofs goes to the build's stage timing.
A block that fails to parse or whose expectations the engine contradicts logs a warning
naming file and line (so `mkdocs build --strict` fails) and shows the message on the page.
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import posixpath
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from diagrams import position_svg
from diagrams.panels import example_panels
from tafl_core.examples import Execution, FoundBlock, IdIndex, Verdict, check_block, find_blocks
from tafl_core.examples.claim import shown_moves
from tafl_core.examples.task import Prover, task_sentence, turn_key
from tafl_core.moves import Move, parse_move_text
from tafl_core.position import Position
from tafl_core.turns import turn_label
from tafl_core.wording.claims import claim_sentence
from tafl_docs import cache, example_source, exercise, folding, repository, timing
from tafl_docs.playable import playable
from tafl_docs.proof_store import ProofStore
from tafl_docs.search_svg import SvgStash

log = logging.getLogger("mkdocs.plugins.tafl.fence")

ASSET_DIR = "assets/beispiele"


@dataclass
class _Page:
    src_path: str
    markdown: str
    url: str
    blocks: list[FoundBlock] = field(default_factory=list)  # its ```tafl blocks, read once


@dataclass
class FenceState:
    """The fence's part of one build: the repository settings, the page being converted and
    the example PNGs requested so far (the plugin makes a new one per build)."""

    site: repository.Site = field(default_factory=repository.Site)
    page: _Page | None = None
    assets: dict[str, cache.PngJob] = field(default_factory=dict)
    ids: dict[str, list[FoundBlock]] = field(default_factory=dict)  # blocks with an id, by page
    formatted: set[int] = field(default_factory=set)  # opening lines the fence has judged
    folded: frozenset[int] = frozenset()  # opening lines of examples shown folded
    proofs: ProofStore = field(default_factory=ProofStore)
    svgs: SvgStash = field(default_factory=SvgStash)  # diagrams hidden from the search index
    draw_early: bool = (
        False  # a build: draw missing PNGs in workers at once (write_assets ends them)
    )

    def set_page(self, src_path: str, markdown: str, page_url: str) -> None:
        """Remember the page being converted (called from on_page_markdown)."""
        self.page = _Page(src_path, markdown, page_url, find_blocks(markdown))
        self.formatted = set()
        self.folded = folding.folded_lines(src_path, markdown)
        self.proofs.start_page(posixpath.join("docs", src_path))

    def prover(self, path: str) -> Prover:
        """The prover for the blocks of the page `path` (the proof store, recording)."""
        return self.proofs.prover(path)

    def unjudged(self) -> list[str]:
        """'path:line: …' for every failing block of the page that the fence never saw.

        Python-Markdown hands the fence only what it reads as a fenced block: an unclosed
        ```tafl block at the end of a page, or one inside another fence, never reaches it.
        `tafl check` judges those too, so the build asks the same runner (after the page is
        converted, from on_page_content) and fails on what it fails on.
        """
        page = self.page
        if page is None:
            return []
        path = posixpath.join("docs", page.src_path)
        out = []
        for found in page.blocks:
            if found.line not in self.formatted:
                verdict = check_block(found, path, prover=self.prover(path))
                out += [str(p) for p in verdict.problems]
        return out

    def write_assets(self, site_dir: str) -> None:
        """Write the example PNGs collected during the build (called from on_post_build)."""
        target = Path(site_dir) / ASSET_DIR
        target.mkdir(parents=True, exist_ok=True)
        begun = time.perf_counter()
        try:
            for name, path in sorted(cache.png_paths(self.assets).items()):
                cache.place(path, target / name)
        finally:
            cache.finish()
        stats = cache.stats
        note = f"{stats['png_drawn']} gezeichnet, {stats['png_cached']} aus dem Cache"
        timing.add("PNG", time.perf_counter() - begun, note)

    def write_proofs(self) -> list[str]:
        """Write the proof files of the pages converted in this build (called from
        on_post_build); a German line for each file that changed."""
        stats = self.proofs.stats
        note = f"{stats['stored']} aus dem Vorrat, {stats['proved']} neu"
        timing.add("Beweise", 0.0, note)
        try:
            changed = self.proofs.write()
        except OSError as exc:
            return [f"Beweise nicht geschrieben: {exc}"]
        root = self.proofs.folder.parent.parent
        return [
            f"Beweise geschrieben (mit der Seite committen): {path.relative_to(root)}"
            for path in changed
        ]

    def formatter(self) -> Callable[..., str]:
        """format_tafl bound to this state: the `format` of the superfences custom fence."""
        return partial(format_tafl, state=self)


def _locate(state: FenceState, source: str) -> tuple[str, FoundBlock]:
    """docs-relative path of the current page and the block there with this source."""
    page = state.page
    if page is None:
        return "<unbekannte Seite>", FoundBlock(0, "", source, True)
    path = posixpath.join("docs", page.src_path)
    wanted = source.strip("\n")
    for found in page.blocks:
        if found.body.strip("\n") == wanted:
            return path, found
    return path, FoundBlock(0, "", source, True)


def _page_text(state: FenceState) -> tuple[str, str]:
    """Markdown and URL of the current page (empty outside a build)."""
    page = state.page
    return (page.markdown, page.url) if page is not None else ("", "")


def _root_prefix(state: FenceState) -> str:
    """Relative path from the current page to the site root."""
    page = state.page
    if page is None:
        return ""
    url = page.url or ""
    return "../" * url.count("/")


def _duplicate_id(state: FenceState, path: str, found: FoundBlock) -> str | None:
    """'path:line: …' when another block of the site already has this block's id."""
    if found.id is None or state.page is None:
        return None
    state.ids[path] = [f for f in state.page.blocks if f.id is not None]
    index = IdIndex()
    for other_path, blocks in state.ids.items():
        if other_path != path:
            for other in blocks:
                index.claim(other_path, other)
    for other in state.ids[path]:
        problem = index.claim(path, other)
        if other.line == found.line and problem is not None:
            return str(problem)
    return None


def format_tafl(
    source: str,
    language: str,
    css_class: str,
    options: dict[str, Any],
    md: Any,
    *,
    state: FenceState,
    **kwargs: Any,
) -> str:
    """Superfences formatter: the runner's verdict on one example block, drawn."""
    begun = time.perf_counter()
    proving = state.proofs.stats["ms"]
    try:
        return _format(source, state)
    finally:
        timing.add("Beispiele", time.perf_counter() - begun)
        timing.add("Beweise", (state.proofs.stats["ms"] - proving) / 1000)


def _format(source: str, state: FenceState) -> str:
    """The verdict on one block, drawn (or the error)."""
    path, found = _locate(state, source)
    state.formatted.add(found.line)
    verdict = check_block(found, path, prover=state.prover(path))
    twice = _duplicate_id(state, path, found)
    if twice is not None:
        return _error(twice)
    if verdict.execution is None or not verdict.ok:
        return _error(verdict.report())
    if verdict.proof is not None:
        task = _exercise_figure(state, verdict, source)
        if found.line in state.folded:
            caption = verdict.block.caption if verdict.block else None
            return folding.fold(task, caption or "", task=True)
        return task
    shown = _figure(state, verdict.execution, source)
    if found.line in state.folded:
        return folding.fold(shown, verdict.execution.block.caption or "")
    return shown


def _error(message: str) -> str:
    log.warning("tafl-Beispiel fehlerhaft: %s", message)
    return (
        '<div class="admonition failure"><p class="admonition-title">Fehlerhaftes Beispiel</p>'
        f"<pre><code>{html.escape(message)}</code></pre></div>"
    )


def _svg(pos: Position, ex: Execution, prefix: str, **annotations: Any) -> str:
    """One diagram as inline SVG, from the disk cache when these inputs were drawn before."""
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


def _png_link(
    state: FenceState, svg: str, name: str, index: int = 0, count: int = 1, caption: str = ""
) -> str:
    """The download link of one diagram's PNG (drawn or taken from the cache at the end of
    the build); its accessible name says which diagram it downloads."""
    job = cache.PngJob(svg, 1.5)
    state.assets[name] = job
    if state.draw_early:
        cache.request(job)
    href = f"{_root_prefix(state)}{ASSET_DIR}/{name}"
    label = html.escape(_png_name(index, count, caption))
    return (
        f'<a class="tafl-png" href="{html.escape(href)}" download '
        f'aria-label="{label}">PNG herunterladen</a>'
    )


def _own_card(state: FenceState, ex: Execution) -> bool:
    """Whether the block stands on its own variant's card (the name is then left out)."""
    page = state.page
    return page is not None and page.src_path == f"varianten/{ex.block.variant.slug}.md"


def _on_puzzle_page(state: FenceState) -> bool:
    """Whether the block stands on a generated puzzle page (docs/aufgaben/): there an
    exercise's caption names only where the position comes from (game, seed, half-moves)."""
    page = state.page
    return page is not None and page.src_path.startswith("aufgaben/")


def _figure(state: FenceState, ex: Execution, source: str) -> str:
    block = ex.block
    digest = hashlib.sha1(f"{block.path}\n{source}".encode()).hexdigest()[:10]
    caption = html.escape(block.caption) if block.caption else ""
    out = ['<figure class="tafl-beispiel">', '<div class="tafl-diagramme">']
    panels = example_panels(ex)
    for index, (label, options) in enumerate(panels):
        lead = f"{block.caption} " if block.caption and index == 0 else ""
        svg = _svg(
            ex.after if index or (not block.turns) else ex.before,
            ex,
            f"t{digest}{'ab'[index]}",
            note=lead + label,
            **options,
        )
        link = _png_link(
            state, svg, f"{digest}-{index + 1}.png", index, len(panels), block.caption or ""
        )
        out.append(
            '<div class="tafl-diagramm">'
            f"{svg}"
            f'<p class="tafl-unterschrift">{html.escape(label)}'
            f'<span class="tafl-nur-bildschirm tafl-contrib"> · {link}</span></p>'
            "</div>"
        )
    out.append("</div>")
    out += _claims_html(state, ex)
    variant = ""
    if not _own_card(state, ex):
        variant = f' <span class="tafl-variante">({html.escape(block.variant.name)})</span>'
    out.append(f"<figcaption>{caption}{variant}</figcaption>")
    out.append(playable(ex))
    out.append("</figure>")
    out.append(
        example_source.example_html(
            *_page_text(state), block.path, block.line, block.caption or "", state.site
        )
    )
    return "\n".join(out)


def _claims_html(state: FenceState, ex: Execution) -> list[str]:
    """The block's proven claims ('Behauptung:' lines), one checked sentence each."""
    block = ex.block
    prover = state.prover(block.path)
    out = []
    for claim in block.claims:
        moves = shown_moves(block.variant, ex.after, claim.value, prover)
        sentence = claim_sentence(claim.value, ex.after.geo, moves)
        out.append(
            '<p class="tafl-behauptung"><span class="tafl-geprueft">'
            '<span aria-hidden="true">✓</span> Nachgerechnet:</span> '
            f"{html.escape(sentence)}</p>"
        )
    return out


def _exercise_figure(state: FenceState, verdict: Verdict, source: str) -> str:
    """The exercise's figure: position and task, the hidden start control, the solution."""
    block, ex, proof = verdict.block, verdict.execution, verdict.proof
    assert block is not None and ex is not None and proof is not None and block.task is not None
    task = block.task.value
    pos = block.position
    geo = pos.geo
    tree = None
    if not task.kind.quiz:
        prover = state.prover(block.path)
        tree = exercise.page_tree(block.variant, pos, task, proof.solution, prover)
    sentence = task_sentence(task, geo, pos.turn)
    ident = exercise.exercise_id(verdict)
    digest = hashlib.sha1(f"{block.path}\n{source}".encode()).hexdigest()[:10]
    options: dict[str, Any] = {"highlights": block.highlights}
    if task.kind.quiz:
        key = turn_key(turn_label(task.steps), geo)
        options["moves"] = tuple(Move(a, b, bool(parse_move_text(s, geo)[2])) for (a, b), s in
                                 zip(key, task.steps, strict=True))  # fmt: skip
    label = f"Aufgabe: {sentence}" + ("" if sentence.endswith("?") else ".")
    lead = f"{block.caption} " if block.caption else ""
    svg = _svg(pos, ex, f"t{digest}a", note=lead + label, **options)
    link = _png_link(state, svg, f"{digest}-1.png", 0, 1, block.caption or sentence)
    data = html.escape(
        json.dumps(exercise.board_data(verdict, tree), ensure_ascii=False), quote=False
    )
    title = html.escape(block.caption or sentence, quote=True)
    variant = ""
    if not _own_card(state, ex):
        variant = f' <span class="tafl-variante">({html.escape(block.variant.name)})</span>'
    caption = html.escape(block.caption) if block.caption else "Aufgabe"
    origin = ' class="tafl-herkunft"' if _on_puzzle_page(state) else ""
    out = [
        f'<figure class="tafl-beispiel tafl-aufgabe" data-aufgabe="{html.escape(ident)}">',
        '<div class="tafl-diagramme"><div class="tafl-diagramm">',
        svg,
        f'<p class="tafl-unterschrift">{html.escape(label)}'
        f'<span class="tafl-nur-bildschirm tafl-contrib"> · {link}</span></p>',
        "</div></div>",
        f"<figcaption{origin}>{caption}{variant}</figcaption>",
        '<div class="tafl-aufgabe-start" hidden>'
        '<button type="button" class="md-button tafl-aufgabe-knopf" '
        f'aria-label="Aufgabe lösen: {title}">Aufgabe lösen</button>'
        '<span class="tafl-aufgabe-erledigt" hidden>Schon gelöst ✓</span>'
        f'<template class="tafl-aufgabe-daten">{data}</template>'
        "</div>",
        '<details class="success tafl-loesung"><summary>Lösung</summary>'
        f"<p>{html.escape(exercise.solution_text(proof, pos, tree))}</p></details>",
        "</figure>",
        example_source.example_html(
            *_page_text(state), block.path, block.line, block.caption or "", state.site
        ),
    ]
    return "\n".join(out)
