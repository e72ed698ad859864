"""The examples a rule sheet ("Regelblatt") shows: picked by id, checked, drawn.

Each variant names two to four ```tafl examples by their ids (```` ```tafl id=… ````) in
`tafl_docs/data/sheets.toml` – the rules players most often get wrong. They are judged by
the example runner's one check (`tafl_core.examples.check_block`), as on the site, so a sheet
never shows an example the engine contradicts; a pick that is missing or fails is a
`SheetError` naming the id, the file and the line. The diagram is drawn with the same
options as the site's (`diagrams.options`): a refused step is the red dashed line.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from diagrams import ending_marks, position_svg
from diagrams.options import steps_options, turn_options
from tafl_core.examples import Execution, FoundBlock, check_block, find_blocks
from tafl_core.wording.turns import turn_note
from tafl_docs.proof_store import committed_prover

#: The picks: variant slug -> ids of the examples, in sheet order.
PICKS_FILE = Path(__file__).resolve().parent / "data" / "sheets.toml"

#: The site's Markdown sources, when this package runs from a checkout.
DOCS_DIR = Path(__file__).resolve().parent.parent / "docs"


class SheetError(Exception):
    """A rule sheet that cannot be made; the message is German and names the cause."""


@dataclass(frozen=True)
class SheetExample:
    """One picked example, executed: its title, the drawn SVG, a short German note (whole
    sentences: what fell, who won, or why the step is forbidden), whether it shows a
    forbidden step (the position before it), the legend keys of the marks it uses
    (`diagrams.legend`), and where its block stands ('docs/…md', line)."""

    title: str
    svg: str
    note: str
    forbidden: bool = False
    marks: frozenset[str] = frozenset()
    path: str = ""
    line: int = 0


def picks(path: Path | None = None) -> dict[str, list[str]]:
    """The ids each variant's sheet shows (SheetError when the data file cannot be read);
    from PICKS_FILE unless `path` names another file."""
    path = path or PICKS_FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise SheetError(
            f"{_shown(path)}: die Auswahl der Regelblätter ist nicht lesbar: {exc}"
        ) from None
    if not all(isinstance(v, list) and all(isinstance(i, str) for i in v) for v in data.values()):
        raise SheetError(f"{_shown(path)}: je Variante gehört dorthin eine Liste von ids")
    return {slug: list(ids) for slug, ids in data.items()}


def picked(slug: str, docs_dir: Path = DOCS_DIR, picks_file: Path | None = None) -> list[Execution]:
    """The executed examples picked for a variant; SheetError if one is missing or fails."""
    blocks = _blocks_by_id(docs_dir)
    out = []
    for block_id in picks(picks_file).get(slug, []):
        if block_id not in blocks:
            raise SheetError(
                f"kein Beispiel mit der id „{block_id}“ unter {docs_dir.name}/ (Auswahl für das "
                f"Regelblatt von {slug} in {_shown(picks_file or PICKS_FILE)})"
            )
        path, found = blocks[block_id]
        verdict = check_block(found, path, prover=committed_prover())
        if verdict.execution is None or not verdict.ok:
            raise SheetError(f"{path}: das Beispiel „{block_id}“ stimmt nicht:\n{verdict.report()}")
        out.append(verdict.execution)
    return out


def _blocks_by_id(docs_dir: Path) -> dict[str, tuple[str, FoundBlock]]:
    """Every block with an id under docs_dir: id -> (path as 'docs/…md', found block)."""
    out: dict[str, tuple[str, FoundBlock]] = {}
    for file in sorted(docs_dir.rglob("*.md")):
        path = f"docs/{file.relative_to(docs_dir).as_posix()}"
        for found in _with_ids(file.read_text(encoding="utf-8")):
            out.setdefault(found.id or "", (path, found))
    return out


@lru_cache(maxsize=256)
def _with_ids(text: str) -> tuple[FoundBlock, ...]:
    """The blocks with an id in a page's text (read once for all sheets of a build)."""
    return tuple(found for found in find_blocks(text) if found.id is not None)


def _shown(path: Path) -> str:
    """The data file as the message names it (relative to the checkout when inside it)."""
    try:
        return path.relative_to(DOCS_DIR.parent).as_posix()
    except ValueError:
        return str(path)


def draw(ex: Execution, id_prefix: str) -> SheetExample:
    """One diagram per example, drawn as on the site: a refused step before the turn as the
    red dashed line ending in a cross, otherwise the final position with the last turn's
    arrows and marks (and the squares that ended the game)."""
    block = ex.block
    name = block.variant.name
    rules = block.variant.rules
    marks: set[str] = set()
    if ex.illegal is not None:
        options = steps_options(ex.last_moves, refused=ex.illegal.move, highlights=block.highlights)
        svg = position_svg(ex.before, rules, variant_name=name, id_prefix=id_prefix, **options)
        note = forbidden_note(ex.illegal.error.why)
        marks.add("verboten")
        if ex.last_moves:
            marks.add("lauf" if len(ex.last_moves) > 1 else "zug")
    elif not block.turns:
        targets = sorted({t for ts in ex.targets.values() for t in ts})
        options = turn_options(None, highlights=block.highlights)
        svg = position_svg(
            ex.after, rules, targets=targets, variant_name=name, id_prefix=id_prefix, **options
        )
        note = ""
        if targets:
            marks.add("ziel")
    else:
        options = turn_options(ex.last, highlights=block.highlights)
        ending = ending_marks(rules, ex.after, ex.outcome, ex.captured_pieces)
        svg = position_svg(
            ex.after, rules, variant_name=name, id_prefix=id_prefix, ending=ending, **options
        )
        note = result_note(ex)
        marks.add("lauf" if len(ex.last_moves) > 1 else "zug")
        if ex.captured:
            marks.add("geschlagen")
        if ex.flipped:
            marks.add("umgedreht")
        if ending is not None:
            marks.add("spielende")
    if block.highlights:
        marks.add("markiert")
    return SheetExample(
        title=block.caption or "",
        svg=svg,
        note=note,
        forbidden=ex.illegal is not None,
        marks=frozenset(marks),
        path=block.path,
        line=block.line,
    )


def forbidden_note(why: str) -> str:
    """'Verboten: Über den König darf nicht gesprungen werden.' from the engine's reason."""
    text = why.strip().rstrip(".")
    return f"Verboten: {text[:1].upper()}{text[1:]}."


def result_note(ex: Execution) -> str:
    """What a played turn did, in short whole sentences: 'Geschlagen sind die Angreifer auf
    c7 und h7. Der König ist entkommen – die Verteidiger gewinnen.' (or 'Nichts wird
    geschlagen.'), from `tafl_core.wording.turns.turn_note`."""
    return turn_note(ex.last, ex.after.geo, ex.outcome)
