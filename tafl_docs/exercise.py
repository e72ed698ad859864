"""Exercises on the site: proofs cached by content, the answer tree for the page, the figure.

`ProofCache` is the prover the site build hands to `check_block`: it keeps every solver
answer as JSON in the disk cache (`.cache/tafl-diagramme/beweise/`), keyed by a hash of the
engine's source, the variant's rules, the position, the goal and the depth, so a warm build
recomputes no proof (`stats` counts both). `page_tree` completes the solver's answer tree
with refutations in every inner node (a nested proof of the position after each defence,
unless the solver already gave them), so the page can answer a wrong second move too.
`exercise_html` draws the exercise: the position with the task, a hidden "Aufgabe lösen"
control with the board data and the tree as JSON (docs/javascripts/tafl-exercise.js starts
the live board; tafl_web.exercise judges), and the solution for readers without JavaScript.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import tafl_core
from tafl_core.board import Board
from tafl_core.examples import Verdict
from tafl_core.examples.task import Proof, Task, TaskKind, goal, task_sentence
from tafl_core.moves import Move
from tafl_core.position import Position
from tafl_core.solver import Goal, Solution, solve
from tafl_core.variants import Variant
from tafl_docs import cache as disk

#: Counts of this build: proofs computed and proofs read from the cache, and the
#: milliseconds spent computing ("proof_ms").
stats: Counter[str] = Counter()


@cache
def engine_version() -> str:
    """Hash of the engine's source (tafl_core, solver and wording included)."""
    digest = hashlib.sha256()
    root = Path(tafl_core.__file__).parent
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def proof_key(var: Variant, position: Position, aim: Goal, depth: int) -> str:
    """Content hash of everything a proof depends on."""
    parts = (
        "beweis",
        engine_version(),
        var.slug,
        repr(var.rules),
        disk.position_state(position),
        repr(aim),
        depth,
    )
    digest = hashlib.sha256()
    for part in parts:
        digest.update(b"\0" + repr(part).encode())
    return digest.hexdigest()


def _proof_path(digest: str) -> Path:
    return disk.cache_dir() / "beweise" / digest[:2] / f"{digest}.json"


def cached_solve(var: Variant, position: Position, aim: Goal, depth: int) -> Solution:
    """The solver's answer from the disk cache, or solved now and stored."""
    path = _proof_path(proof_key(var, position, aim, depth))
    try:
        data = json.loads(path.read_text("utf-8"))
        stats["proof_cached"] += 1
        return Solution(tuple(data["moves"]), data["depth"], data["tree"], data.get("nodes", 0))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    stats["proof_computed"] += 1
    begun = time.perf_counter()
    solution = solve(Board(var, position), aim, depth)
    stats["proof_ms"] += round((time.perf_counter() - begun) * 1000)
    data = {
        "moves": list(solution.moves),
        "depth": solution.depth,
        "tree": solution.tree,
        "nodes": solution.nodes,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    os.replace(tmp, path)
    return solution


def summary() -> str:
    """One German log line: proofs computed and taken from the cache in this build."""
    return (
        f"Aufgaben-Beweise: {stats['proof_computed']} berechnet "
        f"({stats['proof_ms'] / 1000:.1f} s), {stats['proof_cached']} aus dem Cache"
    )


# -- the answer tree for the page ---------------------------------------------------------


def _play(board: Board, text: str) -> list[Move]:
    """Play one turn in play notation ('d4-d6, d6-f6') on the board; its steps."""
    steps = [board.push_text(step.strip()) for step in text.split(",")]
    if board.berserker_open:
        board.end_turn()
    return steps


def _followed(target: str | None, reply: list[Move], board: Board) -> str | None:
    """Where the enemy piece to capture stands after the opponent's reply."""
    if target is None:
        return None
    square = board.square(target)
    for step in reply:
        if step.frm == square:
            square = step.to
    return board.name(square)


def page_tree(var: Variant, position: Position, task: Task, solution: Solution) -> dict[str, Any]:
    """The solver's tree with refutations in every inner node (see the module text).

    Sentences stay in the root's "texts" table; nested proofs bring their own tables, whose
    indices are moved into the root's.
    """
    tree: dict[str, Any] = json.loads(json.dumps(solution.tree))  # a copy the page may own
    if task.kind is TaskKind.SAVE:
        return tree
    texts: list[str] = tree.setdefault("texts", [])
    aim = goal(task, position.geo)
    _complete(var, position, aim, tree, task.depth, texts)
    return tree


def _reindexed(node: dict[str, Any], theirs: list[str], ours: list[str]) -> dict[str, Any]:
    """A nested proof's node with its sentence indices moved into the table `ours`."""

    def index(i: object) -> object:
        if not isinstance(i, int):
            return i
        sentence = theirs[i]
        if sentence not in ours:
            ours.append(sentence)
        return ours.index(sentence)

    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "done":
            out[key] = index(value)
        elif key == "solutions":
            out[key] = {t: _reindexed(c, theirs, ours) for t, c in value.items()}
        elif key == "refutations":
            out[key] = {
                t: [r[0], index(r[1])] if isinstance(r, list) else r for t, r in value.items()
            }
        else:
            out[key] = value
    return out


def _complete(
    var: Variant, position: Position, aim: Goal, node: dict[str, Any], n: int, texts: list[str]
) -> None:
    """Give every inner node below `node` (n own turns left) its refutations."""
    for text, child in (node.get("solutions") or {}).items():
        reply = child.get("reply")
        if not reply or "done" in child or n <= 1:
            continue
        board = Board(var, position)
        _play(board, text)
        reply_steps = _play(board, reply)
        after = board.position()
        inner = Goal(aim.kind, aim.side, _followed(aim.target, reply_steps, board), aim.king)
        if "refutations" not in child:
            nested = cached_solve(var, after, inner, n - 1)
            theirs = nested.tree.get("texts", [])
            moved = _reindexed(
                {
                    "solutions": nested.tree.get("solutions", {}),
                    "refutations": nested.tree.get("refutations", {}),
                },
                theirs,
                texts,
            )
            child["solutions"] = moved["solutions"]
            child["refutations"] = moved["refutations"]
        _complete(var, after, inner, child, n - 1, texts)


# -- the figure ---------------------------------------------------------------------------


def exercise_id(verdict: Verdict) -> str:
    """The exercise's stable name for progress: its block id, else a hash of its content."""
    block = verdict.block
    assert block is not None and block.task is not None
    if block.id:
        return block.id
    text = "\n".join(
        [block.variant.slug, block.position.to_ascii(), block.position.turn.value,
         block.task.value.text]
    )  # fmt: skip
    return "a-" + hashlib.sha1(text.encode()).hexdigest()[:12]


def solution_text(proof: Proof, position: Position, tree: dict[str, Any] | None) -> str:
    """The solution in reader German (for readers without JavaScript and for print)."""
    geo = position.geo
    task = proof.task
    if task.kind is TaskKind.LEGAL:
        if proof.refusal is None:
            return "Ja, der Zug ist erlaubt."
        return f"Nein: {proof.refusal}."
    if task.kind is TaskKind.FALLS:
        if not proof.captured:
            return "Es fällt keine Figur."
        return f"Es fallen: {', '.join(geo.name(s) for s in proof.captured)}."
    moves = list(proof.moves)
    if not moves:
        return ""
    lead = "Lösung" if len(moves) == 1 else "Alle Lösungen"
    parts = [f"{lead}: {'; '.join(moves)}."]
    line = []
    node: Any = tree
    texts = tree.get("texts", []) if tree else []
    while task.kind is not TaskKind.SAVE and node and node.get("solutions"):
        text, child = next(iter(node["solutions"].items()))
        line.append(text)
        if child.get("reply"):
            line.append(f"darauf {child['reply']}")
        if "done" in child:
            if len(line) > 1:
                parts.append(f"Zum Beispiel: {', '.join(line)}.")
            done = child["done"]
            parts.append(texts[done] if isinstance(done, int) else str(done))
            break
        node = child
    return " ".join(parts)


def board_data(verdict: Verdict, tree: dict[str, Any] | None) -> dict[str, Any]:
    """What the live exercise board needs: variant, grid, side, task and proof."""
    block = verdict.block
    assert block is not None and block.task is not None
    task = block.task.value
    pos = block.position
    return {
        "variant": block.variant.slug,
        "grid": pos.to_ascii(),
        "turn": pos.turn.value,
        "aufgabe": {
            "id": exercise_id(verdict),
            "kind": task.kind.value,
            "task": task_sentence(task, pos.geo, pos.turn),
            "steps": list(task.steps),
            "tree": tree,
        },
    }
