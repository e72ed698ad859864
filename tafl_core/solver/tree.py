"""The answer tree of a solved task: JSON-able, small, with German sentences.

Shape (keys English, sentences German, indices into "texts" to keep it small)::

    {"goal": "win", "side": "defenders", "target": null, "king": false,
     "depth": 2,                 # own turns allowed
     "solved_in": 1,             # smallest number of own turns (null: not solvable)
     "texts": ["Der König ist entkommen.", ...],
     "solutions": {"a4-a1": {"done": 0},
                   "a4-a2": {"reply": "d1-d2", "solutions": {"a2-a1": {"done": 0}, ...}}},
     "refutations": {"b2-b1": ["d1-c1", 1], "c3-c4": [null, 2]}}

`solutions` holds every solving turn of the side; its node is either done (the goal is
reached: "done" names the sentence) or gives the opponent's most stubborn defence
("reply": the one that delays the goal longest, then the one that captures most) and
every turn that still solves after it, recursively ("done" next to "reply" when the
reply itself ends the game for the side). `refutations` holds, for every other first
turn, one reply (null when the turn ends the game itself) and the sentence why the turn
fails; the opponent's immediate win is preferred.
"""

from __future__ import annotations

from contextlib import closing
from typing import Any

from ..outcome import Outcome
from ..turns import play_turn_text
from ..wording import events
from .expand import Played, turns
from .goals import GoalKind
from .search import Search

Tree = dict[str, Any]


class TreeBuilder:
    """Builds the tree with the search that proved the solution (and its table)."""

    def __init__(self, search: Search, target: int) -> None:
        self.search = search
        self.board = search.board
        self.goal = search.goal
        self.target = target
        self.texts: list[str] = []
        self._index: dict[str, int] = {}

    def text(self, sentence: str) -> int:
        """The index of `sentence` in the tree's text table (added when new)."""
        index = self._index.get(sentence)
        if index is None:
            index = self._index[sentence] = len(self.texts)
            self.texts.append(sentence)
        return index

    # -- sentences -----------------------------------------------------------------

    def _target_name(self, target: int) -> str | None:
        return self.board.name(target) if target >= 0 else None

    def done_sentence(self, target: int) -> str:
        """Why the turn just played reaches the goal (the board stands after it)."""
        goal = self.goal
        outcome = self.board.outcome
        if outcome is not None and goal.kind in (GoalKind.WIN, GoalKind.SAVE):
            return events.ending_sentence(outcome)
        name = self._target_name(target)
        # for SAVE the sentence is about the opponent, who has no winning turn left
        side = goal.side.other if goal.kind is GoalKind.SAVE else goal.side
        return events.goal_reached(goal.kind.value, side.german, name, goal.king)

    def reply_sentence(self, reply: Played, outcome: Outcome | None) -> str:
        """The opponent's reply as a sentence (the board stands after it)."""
        steps = [(m.frm, m.to) for m in reply.steps]
        piece = self.board.pos.piece_at(reply.steps[-1].to)  # the mover stays, even at the end
        return events.reply_sentence(self.board.rules, piece, steps, len(reply.captured), outcome)

    # -- solving lines -------------------------------------------------------------

    def solved_node(self, played: Played, n: int, target: int) -> Tree:
        """The node after a solving turn of the side (board after it), `n` turns allowed."""
        search = self.search
        if search.goal.kind is GoalKind.SAVE or search.achieved(played, target):
            return {"done": self.text(self.done_sentence(target))}
        board = self.board
        best: tuple[int, int] | None = None
        best_text = ""
        best_target = target
        with closing(turns(board)) as each:
            for reply in each:
                follow = search.follow(reply, target)
                if board.outcome is not None:
                    delay = 0
                else:
                    delay = next((k for k in range(1, n) if search.or_node(k, follow)), n)
                rank = (delay, len(reply.captured))
                if best is None or rank > best:
                    best, best_text, best_target = rank, reply.text(board), follow
        assert best is not None  # the side's solving turn did not end the game
        node: Tree = {"reply": best_text}
        mark = len(board._stack)
        play_turn_text(board, best_text)
        try:
            if board.outcome is not None:
                node["done"] = self.text(events.ending_sentence(board.outcome))
            else:
                node["solutions"] = self.solutions(n - 1, best_target)
        finally:
            while len(board._stack) > mark:
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

    def refutation(self, played: Played, n: int, target: int) -> list[Any]:
        """[reply, sentence index]: why the side's turn just played does not solve the task."""
        board = self.board
        search = self.search
        goal = self.goal
        outcome = board.outcome
        if outcome is not None:
            return [None, self.text(events.move_ends_game(outcome))]
        other = goal.side.other
        name = self._target_name(target)
        if goal.kind is GoalKind.SAVE or search.wins_now(other):
            with closing(turns(board)) as each:
                for reply in each:
                    out = board.outcome
                    if out is not None and out.winner is other:
                        return [reply.text(board), self.text(self.reply_sentence(reply, out))]
        if n <= 1:
            return [None, self.text(events.goal_not_now(goal.kind.value, name, goal.king))]
        with closing(turns(board)) as each:
            for reply in each:
                out = board.outcome
                if out is not None:
                    if search.ending_helps(out):
                        continue
                    return [reply.text(board), self.text(self.reply_sentence(reply, out))]
                if search.or_node(n - 1, search.follow(reply, target)):
                    continue
                why = self.reply_sentence(reply, None)
                missed = events.goal_missed(goal.kind.value, goal.side.german, name, n - 1)
                return [reply.text(board), self.text(f"{why} {missed}")]
        raise AssertionError("a turn that does not solve has a refutation")

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
