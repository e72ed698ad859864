"""solve(): all first turns that reach a goal, the smallest depth, and the answer tree."""

from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

from ..board import Board
from ..errors import ArgumentError
from ..pieces import Side
from ..typed import need_instance, need_int
from .expand import turns
from .goals import Goal, GoalKind
from .search import Search, history_free
from .tree import TreeBuilder

#: Deepest search solve() accepts (own turns); win in 4 on 11×11 already takes minutes.
MAX_DEPTH = 6


@dataclass(frozen=True)
class Solution:
    """What solve() found.

    `moves`: every first turn that reaches the goal within the given depth, in the
    notation of `tafl play` (berserker steps comma-joined), sorted. `depth`: the smallest
    number of own turns that reaches it (None when none within the depth). `tree`: the
    JSON-able answer tree (see `tree.py`). `nodes`: positions searched.
    """

    moves: tuple[str, ...]
    depth: int | None
    tree: dict[str, Any] = field(default_factory=dict)
    nodes: int = 0


def solve(board: Board, goal: Goal, depth: int) -> Solution:
    """Solve `goal` for the side to move on `board` within `depth` own turns.

    The board is left as it was. The goal's side must be the side to move; SAVE is
    always one turn deep (`depth` is then only checked). A board in the middle of a
    berserker chain is refused (a task starts with a whole turn).
    """
    need_instance(board, Board, "solve: das Brett", "ein Board")
    need_instance(goal, Goal, "solve: das Ziel", "ein Goal")
    need_int(depth, "solve: die Tiefe")
    if not 1 <= depth <= MAX_DEPTH:
        raise ArgumentError(
            f"solve: die Tiefe muss zwischen 1 und {MAX_DEPTH} liegen, nicht {depth}"
        )
    if board.berserker_open:
        raise ArgumentError("solve: die Stellung steht mitten in einem Berserker-Lauf")
    if board.outcome is None and goal.side is not board.turn:
        raise ArgumentError(
            f"solve: am Zug sind die {board.turn.german}, das Ziel gilt den {goal.side.german}"
        )
    target = goal.target_square(board.rules.size)
    _check_target(board, goal, target)
    if goal.kind is GoalKind.SAVE:
        depth = 1
    search = Search(board, goal, history_free(board, depth))
    head: dict[str, Any] = {
        "goal": goal.kind.value,
        "side": goal.side.value,
        "target": goal.target,
        "king": goal.king,
        "depth": depth,
    }
    if board.outcome is not None:
        tree = {**head, "solved_in": None, "texts": [], "solutions": {}, "refutations": {}}
        return Solution((), None, tree)
    stack = len(board._stack)
    try:
        solving, smallest = _first_turns(search, depth, target)
        builder = TreeBuilder(search, target)
        solutions, refutations = builder.root(depth, solving)
    finally:
        while len(board._stack) > stack:
            board.pop()
    tree = {
        **head,
        "solved_in": smallest,
        "texts": builder.texts,
        "solutions": solutions,
        "refutations": refutations,
    }
    return Solution(tuple(sorted(solving)), smallest, tree, search.nodes)


def _first_turns(search: Search, depth: int, target: int) -> tuple[set[str], int | None]:
    """The first turns solving within `depth`, and the smallest depth any of them needs."""
    board = search.board
    solving: set[str] = set()
    smallest: int | None = None
    for n in range(1, depth + 1):
        with closing(turns(board)) as each:
            for played in each:
                text = played.text(board)
                if text in solving:
                    continue
                if search.goal.kind is GoalKind.SAVE:
                    ok = search.saves()
                else:
                    ok = search.succeeds(played, n, target)
                if ok:
                    solving.add(text)
        if solving and smallest is None:
            smallest = n
    return solving, smallest


def _check_target(board: Board, goal: Goal, target: int) -> None:
    """A CAPTURE target must hold an enemy piece of the goal's side."""
    if goal.kind is not GoalKind.CAPTURE or target < 0:
        return
    pos = board.pos
    enemy = pos.dfn if goal.side is Side.ATTACKERS else pos.att
    if not enemy & board.ctx.geo.bits[target]:
        raise ArgumentError(
            f"solve: auf {goal.target} steht keine Figur der {goal.side.other.german}, "
            "die geschlagen werden könnte"
        )
