"""The printable task sheet ("Aufgabenblatt") of a variant: tasks on page one, solutions on two.

The tasks are the exercise blocks of the variant's Aufgaben page (docs/aufgaben/<slug>.md),
each checked by the one example runner (`check_block`) before it is printed, so the sheet
never shows a task whose answer the engine has not proven. The solutions page lists every
solving first turn and, for longer tasks, the defence of the proof and the finishing turn.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from html import escape
from pathlib import Path

from diagrams import position_svg
from tafl_core.examples.check import check_block
from tafl_core.examples.syntax import Block, find_blocks
from tafl_core.examples.task import Proof, task_sentence
from tafl_core.geometry import Geometry
from tafl_core.variants import Variant
from tafl_docs.proof_store import committed_prover
from tafl_docs.sheet import _CSS_FILE, _img, build_date
from tafl_docs.sheet_examples import DOCS_DIR, SheetError

#: Tasks on one sheet (three rows of two fit on A4 with boards up to 15×15).
MAX_TASKS = 6

_EXTRA_CSS = """
.aufgaben figure {
  display: inline-block; vertical-align: top; width: 88mm; margin: 0 0 4mm; break-inside: avoid;
}
.aufgaben img { width: 62mm; height: auto; display: block; }
.aufgaben figcaption { margin-top: 1mm; }
.loesungen { page-break-before: always; }
.loesungen li { margin-bottom: 2mm; }
.nummer { font-weight: bold; }
"""


@dataclass(frozen=True)
class PrintedTask:
    """One task on the sheet: its number, drawing, task sentence and solution text."""

    number: int
    svg: str
    task: str
    source: str
    solution: str


def tasks(v: Variant, docs_dir: Path = DOCS_DIR) -> list[PrintedTask]:
    """The checked exercise blocks of the variant's Aufgaben page: at most MAX_TASKS, taken
    in turn from each kind of task (and depth), in page order; only those are drawn."""
    page = docs_dir / "aufgaben" / f"{v.slug}.md"
    if not page.is_file():
        raise SheetError(f"für {v.name} gibt es keine Aufgabenseite ({page.name} fehlt)")
    rel = page.relative_to(docs_dir.parent).as_posix()
    kinds: dict[tuple[str, int], list[tuple[int, Block, Proof]]] = {}
    for index, block_found in enumerate(find_blocks(page.read_text("utf-8"))):
        verdict = check_block(block_found, rel, prover=committed_prover())
        if not verdict.ok:
            raise SheetError(verdict.report())
        block = verdict.block
        if block is None or block.task is None or verdict.proof is None:
            continue
        task = block.task.value
        kinds.setdefault((task.kind.value, task.depth), []).append((index, block, verdict.proof))
    if not kinds:
        raise SheetError(f"{rel}: keine Aufgabe gefunden")
    chosen: list[tuple[int, Block, Proof]] = []
    while len(chosen) < MAX_TASKS and any(kinds.values()):
        for group in kinds.values():
            if group and len(chosen) < MAX_TASKS:
                chosen.append(group.pop(0))
    chosen.sort(key=lambda entry: entry[0])
    return [_printed(number, v, block, proof) for number, (_, block, proof) in enumerate(chosen, 1)]


def _printed(number: int, v: Variant, block: Block, proof: Proof) -> PrintedTask:
    """One chosen task, drawn."""
    assert block.task is not None
    geo = block.position.geo
    return PrintedTask(
        number=number,
        svg=position_svg(block.position, v.rules, id_prefix=f"ab{number}"),
        task=task_sentence(block.task.value, geo, block.position.turn),
        source=block.caption or "",
        solution=_solution_text(proof, geo),
    )


def _solution_text(proof: Proof, geo: Geometry) -> str:
    """'d2-d5 oder d2-d6', and for a longer task the proof's main line after the first."""
    moves = list(proof.moves)
    if not moves:  # a quiz: 'ja', 'nein', or the squares that fall
        return str(proof.answer_text(geo))
    text = " oder ".join(moves)
    tree = getattr(proof.solution, "tree", None) or {}
    node = tree.get("solutions", {}).get(moves[0], {})
    line: list[str] = []
    while "reply" in node and node.get("solutions"):
        nxt = sorted(node["solutions"])[0]
        line.append(f"Abwehr {node['reply']}, dann {nxt}")
        node = node["solutions"][nxt]
    if line:
        text += f" (nach {moves[0]}: " + "; ".join(line) + ")"
    return text


def task_sheet_html(
    v: Variant, *, site: str, built: dt.date | None = None, docs_dir: Path = DOCS_DIR
) -> str:
    """The task sheet as one self-contained HTML document: tasks, then solutions."""
    built = built or build_date()
    printed = tasks(v, docs_dir)
    css = _CSS_FILE.read_text(encoding="utf-8") + _EXTRA_CSS
    figures = "".join(
        "<figure>"
        + _img(t.svg, "aufgabe", f"Aufgabe {t.number}")
        + f'<figcaption><span class="nummer">{t.number}.</span> {escape(t.task)}'
        + (f'<br><span class="wirkung">{escape(t.source)}</span>' if t.source else "")
        + "</figcaption></figure>"
        for t in printed
    )
    solutions = "".join(f"<li>{escape(t.solution)}</li>" for t in printed)
    return (
        '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8">'
        f"<title>Aufgaben {escape(v.name)}</title><style>{css}</style></head><body>"
        f"<header><h1>Aufgaben: {escape(v.name)}</h1>"
        '<p class="unterzeile">Jede Lösung ist vom Computer bewiesen; die Lösungen stehen '
        "auf der zweiten Seite. Ein Zug wird als Start- und Zielfeld geschrieben, etwa d2-d5.</p>"
        "</header>"
        f'<section class="aufgaben">{figures}</section>'
        '<section class="loesungen"><h2>Lösungen</h2>'
        "<p>Genannt sind alle ersten Züge, die die Aufgabe lösen; bei längeren Aufgaben folgt "
        "die Abwehr, die am längsten standhält, und der Zug, der danach gewinnt.</p>"
        f"<ol>{solutions}</ol></section>"
        f'<footer><p class="stand">{escape(site)} · Stand: {built.strftime("%d.%m.%Y")}</p>'
        "</footer></body></html>"
    )
