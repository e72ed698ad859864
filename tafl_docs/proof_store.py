"""The exercise proofs committed with the pages (`data/beweise/`), read before anything is proved.

One JSON file per page with exercises: `data/beweise/aufgaben/brandub-7.json` holds the
proofs of `docs/aufgaben/brandub-7.md`. Each entry is keyed by `proof_key`, a hash of
everything the proof depends on (the source of the solver and of every engine module it
imports, the variant's rules, the position with the side to move, the goal, the depth), and
keeps those inputs, so `tests/docs/test_proof_store.py` proves every entry again and compares.

The site build asks `ProofStore.solve` (through `prover(page)`): an entry found in any file
is used; a missing one is proved now. `write` then gives every page the build converted
exactly the entries its exercises used, so the file a contributor commits is the one the
build wrote. `refresh` does the same for pages named on the command line (`tafl check
--proofs`), proving the missing entries of several pages in parallel.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import time
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import tafl_core
from tafl_core.board import Board
from tafl_core.examples import check_block, find_blocks
from tafl_core.examples.task import Prover
from tafl_core.pieces import Side
from tafl_core.position import Position, parse_ascii
from tafl_core.solver import Goal, GoalKind, Solution, solve
from tafl_core.variants import Variant, all_variants
from tafl_docs import disk
from tafl_docs.exercise import page_tree

ROOT = Path(__file__).resolve().parent.parent
#: Where the proof files lie (one per page, mirroring docs/).
PROOF_DIR = ROOT / "data" / "beweise"
#: The command that writes a page's proof file (German messages name it).
REFRESH = "tafl check --proofs"
#: Bumped when the layout of an entry changes.
FORMAT = 1
NOTE = (
    "Beweise der Aufgaben dieser Seite, vom Seitenbau oder von 'tafl check --proofs' "
    "geschrieben; nicht von Hand ändern."
)

Entry = dict[str, Any]


@cache
def solver_version() -> str:
    """Hash of the source of `tafl_core.solver` and of every tafl_core module it imports."""
    digest = hashlib.sha256()
    for path in sorted(solver_sources()):
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


PACKAGE = Path(tafl_core.__file__).resolve().parent


def _module_file(name: str) -> Path | None:
    """The source file of a tafl_core module name (a package's __init__.py)."""
    parts = name.split(".")
    if parts[0] != "tafl_core":
        return None
    base = PACKAGE.joinpath(*parts[1:])
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def _imported(path: Path, name: str) -> set[str]:
    """The tafl_core modules that the module `name` (file `path`) imports, lazily or not."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                head = package[: len(package) - node.level + 1]
                module = ".".join([*head, node.module] if node.module else head)
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return {m for m in found if _module_file(m) is not None}


def solver_sources() -> set[Path]:
    """The files of tafl_core.solver and everything it imports (with their packages)."""
    seen: dict[str, Path] = {}
    todo = ["tafl_core.solver"]
    while todo:
        name = todo.pop()
        path = _module_file(name)
        if name in seen or path is None:
            continue
        seen[name] = path
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        todo += _imported(path, name)
    return set(seen.values())


# -- one entry --------------------------------------------------------------------------------


def _inputs(var: Variant, position: Position, aim: Goal, depth: int) -> Entry:
    """What a proof is computed from, as JSON."""
    return {
        "variant": var.slug,
        "grid": position.to_ascii(),
        "turn": position.turn.value,
        "chain": position.chain,
        "goal": {
            "kind": aim.kind.value,
            "side": aim.side.value,
            "target": aim.target,
            "king": aim.king,
        },
        "depth": depth,
    }


def proof_key(var: Variant, position: Position, aim: Goal, depth: int) -> str:
    """Content hash of everything a proof depends on."""
    parts = (FORMAT, solver_version(), repr(var.rules), _inputs(var, position, aim, depth))
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:24]


def entry_of(var: Variant, position: Position, aim: Goal, depth: int, solution: Solution) -> Entry:
    """The stored form of a proof: its inputs and the solver's answer."""
    return {
        **_inputs(var, position, aim, depth),
        "solution": {
            "moves": list(solution.moves),
            "solved_in": solution.depth,
            "tree": solution.tree,
            "nodes": solution.nodes,
        },
    }


def solution_of(entry: Entry) -> Solution:
    """The solver's answer an entry keeps."""
    data = entry["solution"]
    return Solution(tuple(data["moves"]), data["solved_in"], data["tree"], data["nodes"])


@dataclass(frozen=True)
class Question:
    """The inputs of a stored proof, read back (for proving it again)."""

    variant: Variant
    position: Position
    goal: Goal
    depth: int

    @classmethod
    def of(cls, entry: Entry) -> Question:
        """The inputs of an entry (KeyError/ValueError when it is malformed)."""
        var = all_variants()[entry["variant"]]
        position = parse_ascii(entry["grid"], var.rules.size, Side(entry["turn"]))
        position.chain = int(entry["chain"])
        g = entry["goal"]
        aim = Goal(GoalKind(g["kind"]), Side(g["side"]), g["target"], bool(g["king"]))
        return cls(var, position, aim, int(entry["depth"]))

    def key(self) -> str:
        """The key these inputs have with today's solver and rules."""
        return proof_key(self.variant, self.position, self.goal, self.depth)

    def prove(self) -> Solution:
        """The solver's answer now."""
        return solve(Board(self.variant, self.position), self.goal, self.depth)


# -- files --------------------------------------------------------------------------------------


def page_file(page: str, folder: Path = PROOF_DIR) -> Path:
    """The proof file of a page given relative to the repository ('docs/aufgaben/x.md')."""
    return folder / (page.removeprefix("docs/").removesuffix(".md") + ".json")


def file_page(path: Path, folder: Path = PROOF_DIR) -> str:
    """The page ('docs/…md') a proof file belongs to."""
    return "docs/" + path.relative_to(folder).with_suffix(".md").as_posix()


def read_file(path: Path) -> dict[str, Entry]:
    """The entries of one proof file (ValueError with a German reason when unreadable)."""
    try:
        data = json.loads(path.read_text("utf-8"))
        proofs = data["proofs"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{path}: keine lesbare Beweisdatei ({exc})") from None
    if not isinstance(proofs, dict):
        raise ValueError(f"{path}: 'proofs' ist kein Objekt")
    return proofs


def read_folder(folder: Path = PROOF_DIR) -> dict[Path, dict[str, Entry]]:
    """The entries of every readable proof file under the folder."""
    out = {}
    for path in sorted(folder.rglob("*.json")):
        try:
            out[path] = read_file(path)
        except ValueError:
            continue  # the build proves anew and writes it over; the tests report it
    return out


def file_text(entries: dict[str, Entry]) -> str:
    """A proof file: sorted, one entry per line (small diffs)."""
    lines = [
        f"  {json.dumps(key)}: {json.dumps(entries[key], ensure_ascii=False, sort_keys=True)}"
        for key in sorted(entries)
    ]
    body = ",\n".join(lines)
    return f'{{\n "note": {json.dumps(NOTE, ensure_ascii=False)},\n "proofs": {{\n{body}\n }}\n}}\n'


def write_file(path: Path, entries: dict[str, Entry]) -> bool:
    """Write (or, without entries, remove) a proof file; whether anything changed."""
    if not entries:
        if path.exists():
            path.unlink()
            return True
        return False
    text = file_text(entries)
    try:
        if path.read_text("utf-8") == text:
            return False
    except OSError:
        pass
    disk.write_whole(path, text.encode("utf-8"))
    return True


# -- the store --------------------------------------------------------------------------------


@dataclass
class ProofStore:
    """The committed proofs, read once, and which of them each page used in this run."""

    folder: Path = PROOF_DIR
    known: dict[str, Entry] | None = None  # every entry by key (read from folder when None)
    used: dict[str, dict[str, Entry]] = field(default_factory=dict)  # page -> its entries
    stats: Counter[str] = field(default_factory=Counter)  # stored, proved, ms

    def entries(self) -> dict[str, Entry]:
        """Every entry of every file under the folder (an unreadable file counts as empty)."""
        if self.known is None:
            self.known = {}
            for entries in read_folder(self.folder).values():
                self.known.update(entries)
        return self.known

    def start_page(self, page: str) -> None:
        """Forget what `page` used before (it is converted again now)."""
        self.used[page] = {}

    def solve(
        self, page: str | None, var: Variant, position: Position, aim: Goal, depth: int
    ) -> Solution:
        """The stored proof, or the solver's answer now (kept for the page's file)."""
        begun = time.perf_counter()
        key = proof_key(var, position, aim, depth)
        entry = self.entries().get(key)
        if entry is None:
            entry = entry_of(var, position, aim, depth, solve(Board(var, position), aim, depth))
            self.entries()[key] = entry
            self.stats["proved"] += 1
        else:
            self.stats["stored"] += 1
        if page is not None:
            self.used.setdefault(page, {})[key] = entry
        self.stats["ms"] += round((time.perf_counter() - begun) * 1000)
        return solution_of(entry)

    def prover(self, page: str | None) -> Prover:
        """The prover for `check_block` that records what `page` uses."""

        def prove(var: Variant, position: Position, aim: Goal, depth: int) -> Solution:
            return self.solve(page, var, position, aim, depth)

        return prove

    def write(self, pages: Iterable[str] | None = None) -> list[Path]:
        """Give each page (default: every page used) exactly the entries it used; the files
        that changed."""
        changed = []
        for page in sorted(self.used if pages is None else pages):
            path = page_file(page, self.folder)
            if write_file(path, self.used.get(page, {})):
                changed.append(path)
        return changed


# -- what a page needs --------------------------------------------------------------------------


@cache
def committed_prover() -> Prover:
    """One prover over the committed proofs (PROOF_DIR) for any page; a proof missing from
    them is proved on the spot. For checks that judge docs blocks outside the site build
    (tests, rule coverage): tests/docs/test_proof_store.py proves every stored entry again
    and compares, so a block judged with this prover is judged by the solver's own answer
    without proving it a second time. Under a changed rule a proof's key differs, and the
    solver proves it.
    """
    return ProofStore().prover(None)


def page_needs(page: str, text: str, prover: Prover) -> int:
    """Ask `prover` for every proof the site shows for the page's exercises and claims, as
    the build does (the task's proof and the answer tree's nested ones, each claim's proof);
    the number of exercises."""
    count = 0
    for found in find_blocks(text):
        if "Aufgabe:" not in found.body and "Behauptung:" not in found.body:
            continue
        verdict = check_block(found, page, prover=prover)
        block, proof = verdict.block, verdict.proof
        if block is None or block.task is None or proof is None:
            continue
        count += 1
        if verdict.ok and not block.task.value.kind.quiz:
            page_tree(block.variant, block.position, block.task.value, proof.solution, prover)
    return count


def _page_entries(page: str, text: str, folder: Path) -> tuple[dict[str, Entry], int]:
    """(the entries the page needs, how many were proved now); runs in worker processes."""
    store = ProofStore(folder)
    store.start_page(page)
    page_needs(page, text, store.prover(page))
    return store.used[page], store.stats["proved"]


@dataclass(frozen=True)
class Refreshed:
    """What `refresh` did to one page's file."""

    page: str
    path: Path
    entries: int
    proved: int
    dropped: int
    changed: bool


def refresh(
    pages: dict[str, str], folder: Path = PROOF_DIR, workers: int | None = None
) -> list[Refreshed]:
    """Write the proof files of the pages ({'docs/…md': text}): missing entries proved (pages in
    parallel), unused ones dropped."""
    jobs = sorted(pages)
    count = min(workers or os.cpu_count() or 1, len(jobs))
    if count > 1:
        with ProcessPoolExecutor(max_workers=count) as pool:
            results = list(
                pool.map(_page_entries, jobs, [pages[p] for p in jobs], [folder] * len(jobs))
            )
    else:
        results = [_page_entries(p, pages[p], folder) for p in jobs]
    out = []
    for page, (entries, proved) in zip(jobs, results, strict=True):
        path = page_file(page, folder)
        before = read_file(path) if path.is_file() else {}
        changed = write_file(path, entries)
        dropped = len(set(before) - set(entries))
        out.append(Refreshed(page, path, len(entries), proved, dropped, changed))
    return out


def refresh_hint(page: str) -> str:
    """The German pointer to the command that writes a page's proof file."""
    return f"erneuern mit: {REFRESH} {page}"


def entry_problem(path: Path, key: str, entry: Entry, folder: Path = PROOF_DIR) -> str | None:
    """Why a stored entry no longer holds (proved again now), in German; None when it does."""
    page = file_page(path, folder)
    where = f"{path.relative_to(folder.parent.parent).as_posix()}: Beweis {key[:8]}"
    try:
        question = Question.of(entry)
    except (KeyError, ValueError, TypeError) as exc:
        return f"{where} ist nicht lesbar ({exc}); {refresh_hint(page)}"
    if question.key() != key:
        return (
            f"{where} ist veraltet (Löser, Regeln oder Aufgabe haben sich geändert); "
            f"{refresh_hint(page)}"
        )
    fresh = entry_of(question.variant, question.position, question.goal, question.depth,
                     question.prove())  # fmt: skip
    if fresh != entry:
        return f"{where}: der Löser beweist heute etwas anderes; {refresh_hint(page)}"
    return None


def page_problems(
    page: str, text: str, stored: dict[str, Entry], folder: Path = PROOF_DIR
) -> list[str]:
    """What the page's proof file lacks or holds too much, in German (empty when it fits).

    `stored` is the page file's entries; a proof found in another page's file counts too
    (the build reads them all), but it must then also be in this page's file."""
    store = ProofStore(folder, known=dict(stored))
    store.start_page(page)
    page_needs(page, text, store.prover(page))
    used = store.used[page]
    path = page_file(page, folder).relative_to(folder.parent.parent).as_posix()
    missing = sorted(set(used) - set(stored))
    extra = sorted(set(stored) - set(used))
    problems = []
    if missing:
        problems.append(f"{len(missing)} Beweise der Aufgaben fehlen in {path}")
    if extra:
        problems.append(f"{path} hält {len(extra)} Beweise, die keine Aufgabe der Seite braucht")
    if problems:
        return [f"{page}: {'; '.join(problems)}; {refresh_hint(page)}"]
    return []


def orphans(pages: Iterable[str], folder: Path = PROOF_DIR) -> list[Path]:
    """Proof files whose page is not among `pages` (every page of the docs folder)."""
    known = {page_file(p, folder) for p in pages}
    return sorted(p for p in folder.rglob("*.json") if p not in known)
