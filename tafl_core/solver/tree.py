"""The answer tree of a solved task: JSON-able, small, with German sentences.

For every solving first turn: the opponent's most stubborn defence (the one that delays the
goal longest, then the one that captures most) and every solving turn after it, down to the
goal. For every other first turn: one refutation reply (the opponent's immediate win when he
has one) and the German sentence why the turn fails (`wording.events`).
"""

from __future__ import annotations

from contextlib import closing
from typing import Any

from ..moves import Move
from ..outcome import Outcome
from ..wording import events
from .expand import Played, turns
from .goals import GoalKind
from .search import Search

Tree = dict[str, Any]


def _steps(played: Played) -> list[tuple[int, int]]:
    return [(m.frm, m.to) for m in played.steps]


class TreeBuilder:
    """Builds the tree with the search that proved the solution (and its table)."""

    def __init__(self, search: Search, target: int) -> None:
        self.search = search
        self.board = search.board
        self.goal = search.goal
        self.target = target

    # -- sentences -----------------------------------------------------------------

    def _target_name(self, target: int) -> str | None:
        return self.board.name(target) if target >= 0 else None

    def done_sentence(self, target: int) -> str:
        """Why the turn just played reaches the goal."""
        goal = self.goal
        outcome = self.board.outcome
        if goal.kind is GoalKind.WIN and outcome is not None:
            return events.ending_sentence(outcome)
        return events.goal_reached(
            goal.kind.value, goal.side.german, self._target_name(target), goal.king
        )

    def reply_sentence(self, first: Move, played: Played, outcome: Outcome | None) -> str:
        """The opponent's reply as a sentence (the board stands after it)."""
        piece = self.board.pos.piece_at(played.steps[-1].to)
        if piece is None:  # cannot happen: the piece that moved last stands there
            piece = None
        return events.reply_sentence(
            self.board.rules, piece, _steps(played), len(played.captured), outcome
        )

    # -- solving lines -------------------------------------------------------------

    def solved_node(self, played: Played, n: int, target: int) -> Tree:
        """The node after a solving turn of the side (board after it), `n` turns allowed."""
        search = self.search
        if search.goal.kind is GoalKind.SAVE or search.achieved(played, target):
            return {"done": self.done_sentence(target)}
        board = self.board
        best: tuple[int, int] | None = None
        best_text = ""
        best_target = target
        with closing(turns(board)) as each:
            for reply in each:
                outcome = board.outcome
                follow = search.follow(reply, target)
                if outcome is not None:
                    delay = 0
                else:
                    delay = next(
                        (k for k in range(1, n) if search.or_node(k, follow)),
                        n,
                    )
                rank = (delay, len(reply.captured))
                if best is None or rank > best:
                    best, best_text, best_target = rank, reply.text(board), follow
        assert best is not None
        node: Tree = {"reply": best_text}
        steps = best_text.split(",")
        for step in steps:
            board.push_text(step)
        if board.berserker_open:
            board.end_turn()
            steps.append("")
        try:
            if board.outcome is not None:
                node["done"] = events.ending_sentence(board.outcome)
                return node
            node["solutions"] = self.solutions(n - 1, best_target)
        finally:
            for _ in steps:
                board.pop()
        return node

    def solutions(self, n: int, target: int) -> Tree:
        """Every solving turn of the side to move within n turns, with its node."""
        out: Tree = {}
        board = self.board
        with closing(turns(board)) as each:
            for played in each:
                if self.search.succeeds(played, n, target):
                    out[played.text(board)] = self.solved_node(played, n, target)
        return dict(sorted(out.items()))

    # -- refutations ---------------------------------------------------------------

    def refutation(self, played: Played, n: int, target: int) -> Tree:
        """Why the side's turn just played (board after it) does not solve the task."""
        board = self.board
        search = self.search
        goal = self.goal
        outcome = board.outcome
        if outcome is not None:
            return {"reply": None, "why": events.move_ends_game(outcome)}
        other = goal.side.other
        chosen: tuple[Played, Outcome | None] | None = None
        fallback: Tree | None = None
        with closing(turns(board)) as each:
            for reply in each:
                out = board.outcome
                if out is not None and out.winner is other:
                    chosen = (reply, out)
                    why = self.reply_sentence(played.steps[0], reply, out)
                    return {"reply": reply.text(board), "why": why}
                if fallback is not None or goal.kind is GoalKind.SAVE:
                    continue
                if out is not None:
                    if search.ending_helps(out):
                        continue
                    why = self.reply_sentence(played.steps[0], reply, out)
                    fallback = {"reply": reply.text(board), "why": why}
                    continue
                if n <= 1 or not search.or_node(n - 1, search.follow(reply, target)):
                    why = self.reply_sentence(played.steps[0], reply, None)
                    missed = events.goal_missed(
                        goal.kind.value, goal.side.german, self._target_name(target), max(n - 1, 1)
                    )
                    if n <= 1:
                        missed = events.goal_missed(
                            goal.kind.value, goal.side.german, self._target_name(target), 1
                        ).replace("Danach", "Der Zug erreicht das Ziel nicht;", 1)
                    fallback = {"reply": reply.text(board), "why": f"{why} {missed}"}
        del chosen
        if fallback is None:
            return {"reply": None, "why": self._not_solved(n, target)}
        return fallback

    def _not_solved(self, n: int, target: int) -> str:
        goal = self.goal
        return events.goal_missed(goal.kind.value, goal.side.german, self._target_name(target), n)

    def root(self, n: int, solving: set[str]) -> tuple[Tree, Tree]:
        """(solutions, refutations) of the first turns with `n` turns allowed."""
        solutions: Tree = {}
        refutations: Tree = {}
        board = self.board
        with closing(turns(board)) as each:
            for played in each:
                text = played.text(board)
                if text in solving:
                    solutions[text] = self.solved_node(played, n, self.target)
                else:
                    refutations[text] = self.refutation(played, n, self.target)
        return dict(sorted(solutions.items())), dict(sorted(refutations.items()))
