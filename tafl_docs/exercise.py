"""Exercises on the site: the answer tree for the page, the figure.

The proofs come from the prover the build hands to `check_block`
(`tafl_docs.proof_store`: the committed proofs of `data/beweise/`, proved only when missing).
`page_tree` completes the solver's answer tree with refutations in every inner node (a
nested proof of the position after each defence, unless the solver already gave them), so
the page can answer a wrong second move too. `exercise_html` draws the exercise: the
position with the task, a hidden "Aufgabe lösen" control with the board data and the tree
as JSON (docs/javascripts/tafl-exercise.js starts the live board; tafl_web.exercise judges),
and the solution for readers without JavaScript.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from tafl_core.board import Board
from tafl_core.examples import Verdict
from tafl_core.examples.task import Proof, Prover, Task, TaskKind, goal, task_sentence
from tafl_core.moves import Move
from tafl_core.position import Position
from tafl_core.solver import Goal, Solution
from tafl_core.turns import play_turn_text
from tafl_core.variants import Variant

# -- the answer tree for the page ---------------------------------------------------------


def _play(board: Board, text: str) -> list[Move]:
    """Play one turn in play notation ('d4-d6, d6-f6') on the board; its steps."""
    return play_turn_text(board, text).moves


def _followed(target: str | None, reply: list[Move], board: Board) -> str | None:
    """Where the enemy piece to capture stands after the opponent's reply."""
    if target is None:
        return None
    square = board.square(target)
    for step in reply:
        if step.frm == square:
            square = step.to
    return board.name(square)


def page_tree(
    var: Variant, position: Position, task: Task, solution: Solution, prover: Prover
) -> dict[str, Any]:
    """The solver's tree with refutations in every inner node (see the module text); the
    nested proofs come from `prover`.

    Sentences stay in the root's "texts" table; nested proofs bring their own tables, whose
    indices are moved into the root's.
    """
    tree: dict[str, Any] = json.loads(json.dumps(solution.tree))  # a copy the page may own
    if task.kind is TaskKind.SAVE:
        return tree
    texts: list[str] = tree.setdefault("texts", [])
    aim = goal(task, position.geo)
    _complete(var, position, aim, tree, task.depth, texts, prover)
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
    var: Variant,
    position: Position,
    aim: Goal,
    node: dict[str, Any],
    n: int,
    texts: list[str],
    prover: Prover,
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
            nested = prover(var, after, inner, n - 1)
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
        _complete(var, after, inner, child, n - 1, texts, prover)


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
