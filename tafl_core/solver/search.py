"""The exhaustive AND/OR search behind `solve`, with its transposition table.

OR nodes: the side of the goal is to move and needs one turn that reaches the goal, or
after which every reply leaves it an OR node one turn shallower that succeeds. AND nodes:
the opponent is to move and every turn of his must fail him. Turns are whole turns
(berserker chains included, `expand.turns`); the board itself (push/pop) decides captures
and endings, so the search knows no rule of its own.

Repetition and the table. A position's value depends only on the pieces, the side to move,
the followed target square and the turns left, as long as no repetition can end the game
inside the search. A position recurs at the earliest four half-moves later (each side
must move a piece away and back; captures cannot be undone), so the third occurrence that
ends a game needs eight half-moves from a position seen once, five from one seen earlier in
the history, and can come at once from one already seen twice. `history_free` tells when
none of this can happen within the horizon; only then is the table used. Otherwise the
search runs without it (correct, only slower), and repetitions are decided by the board,
which counts the whole history.
"""

from __future__ import annotations

from contextlib import closing

from ..board import Board
from ..outcome import Outcome
from ..pieces import Side
from ..rules import Repetition
from . import threats
from .expand import Played, some_turn_wins, turns
from .goals import Goal, GoalKind

#: table key: (position key, followed target square, AND node?)
Key = tuple[object, int, bool]


def history_free(board: Board, depth: int) -> bool:
    """Whether no repetition can end the game within `depth` own turns from the board."""
    if board.rules.repetition is Repetition.NONE:
        return True
    seen = board._seen
    plies = 2 * depth - 1
    if max(seen.values(), default=0) >= 2:
        return False
    if len(seen) > 1:
        return plies < 5
    return plies < 8


class Search:
    """One search of a goal on a board (the board is pushed and popped, never left changed)."""

    def __init__(self, board: Board, goal: Goal, use_table: bool) -> None:
        self.board = board
        self.goal = goal
        self.side: Side = goal.side
        self.use_table = use_table
        #: whether the cheap filters of `threats` may be used (no repetition can interfere)
        self.filters = use_table
        self.nodes = 0
        #: key -> smallest number of turns known to succeed
        self.proven: dict[Key, int] = {}
        #: key -> largest number of turns known to fail
        self.refuted: dict[Key, int] = {}

    # -- the goal ----------------------------------------------------------------

    def achieved(self, played: Played, target: int) -> bool:
        """Whether the side's turn just played (board after it) reaches the goal."""
        goal = self.goal
        kind = goal.kind
        board = self.board
        if kind is GoalKind.WIN:
            outcome = board.outcome
            return outcome is not None and outcome.winner is self.side
        if kind is GoalKind.CAPTURE:
            if target < 0:
                return bool(played.captured or played.flipped)
            return target in played.captured or target in played.flipped
        if kind is GoalKind.REACH:
            outcome = board.outcome
            if outcome is not None and outcome.winner is not self.side:
                return False
            bit = board.ctx.geo.bits[target]
            pos = board.pos
            own = pos.att if self.side is Side.ATTACKERS else pos.dfn
            if goal.king:
                own &= pos.king
            return bool(own & bit)
        return False

    def ending_helps(self, outcome: Outcome) -> bool:
        """Whether a game ended by the opponent's turn counts for the side."""
        return self.goal.kind is GoalKind.WIN and outcome.winner is self.side

    @staticmethod
    def follow(played: Played, target: int) -> int:
        """Where the followed enemy piece stands after the opponent's turn."""
        if target < 0:
            return target
        for step in played.steps:
            if step.frm == target:
                target = step.to
        return target

    # -- the table ---------------------------------------------------------------

    def _key(self, target: int, and_node: bool) -> Key:
        return (self.board.pos.key(), target, and_node)

    def _lookup(self, key: Key, n: int) -> bool | None:
        if not self.use_table:
            return None
        if self.proven.get(key, 1 << 30) <= n:
            return True
        if self.refuted.get(key, 0) >= n:
            return False
        return None

    def _store(self, key: Key, n: int, value: bool) -> None:
        if not self.use_table:
            return
        if value:
            if self.proven.get(key, 1 << 30) > n:
                self.proven[key] = n
        elif self.refuted.get(key, 0) < n:
            self.refuted[key] = n

    # -- the search --------------------------------------------------------------

    def succeeds(self, played: Played, n: int, target: int) -> bool:
        """Whether the side's turn just played reaches the goal within n turns (it included)."""
        if self.achieved(played, target):
            return True
        if self.board.outcome is not None or n <= 1:
            return False
        return self.and_node(n - 1, target)

    def or_node(self, n: int, target: int) -> bool:
        """The side to move reaches the goal within n own turns."""
        key = self._key(target, False)
        known = self._lookup(key, n)
        if known is not None:
            return known
        self.nodes += 1
        if self.goal.kind is GoalKind.WIN:
            result = self.wins_now(self.side)
        else:
            result = self.reaches_now(target)
        if not result and n > 1:
            with closing(turns(self.board)) as each:
                for played in each:
                    if self.succeeds(played, n, target):
                        result = True
                        break
        self._store(key, n, result)
        return result

    def reaches_now(self, target: int) -> bool:
        """Whether the side to move has a turn that reaches a CAPTURE or REACH goal at once."""
        board = self.board
        steps = None
        if self.filters:
            steps = threats.goal_steps(board, target, self.goal.kind is GoalKind.CAPTURE)
        if steps is None:
            with closing(turns(board)) as each:
                return any(self.achieved(played, target) for played in each)
        for step in steps:
            board.push_unchecked(step)
            played = Played([step], list(board.captured), list(board.flipped))
            done = self.achieved(played, target)
            board.pop()
            if done:
                return True
        return False

    def wins_now(self, side: Side) -> bool:
        """Whether `side` (to move) has a turn that wins the game at once."""
        board = self.board
        if side is Side.DEFENDERS and threats.escapes_now(board):
            return True
        steps = threats.candidates(board) if self.filters else None
        if steps is None:
            with closing(turns(board)) as each:
                for _ in each:
                    outcome = board.outcome
                    if outcome is not None and outcome.winner is side:
                        return True
            return False
        return some_turn_wins(board, steps, side)

    def and_node(self, n: int, target: int) -> bool:
        """The opponent is to move; every turn of his leaves the side a win within n turns."""
        key = self._key(target, True)
        known = self._lookup(key, n)
        if known is not None:
            return known
        self.nodes += 1
        if self.wins_now(self.side.other):
            self._store(key, n, False)
            return False
        result = True
        board = self.board
        with closing(turns(board)) as each:
            for played in each:
                outcome = board.outcome
                if outcome is not None:
                    if self.ending_helps(outcome):
                        continue
                    result = False
                    break
                if not self.or_node(n, self.follow(played, target)):
                    result = False
                    break
        self._store(key, n, result)
        return result

    def saves(self) -> bool:
        """After the side's turn just played: the opponent has no winning turn next."""
        outcome = self.board.outcome
        if outcome is not None:
            return outcome.winner is not self.side.other
        return not self.wins_now(self.side.other)
