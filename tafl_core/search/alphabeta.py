"""Iterative deepening negamax with alpha-beta, a transposition table and a quiescence step.

The board is pushed and popped (it alone decides captures and every ending, repetition
included, from the game's whole history); scores are from the side to move's point of
view. Won games score `WIN - ply`, so a quicker win is preferred and a slower loss.

The transposition table is keyed by the position (pieces and side to move) and holds
(depth, bound kind, score, best turn). A position's value can depend on the history when
a repetition ends the game; the table ignores this, as game engines do: the board still
ends the game at the third occurrence, and the guarantees of levels 2 to 5 come from
`tactics`, which reads the real board.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..board import Board
from ..moves import Move
from ..outcome import Outcome
from ..pieces import Side
from ..position import Key
from ..rules import KingJump
from ..solver import threats
from .evaluate import WIN, WIN_BOUND, Evaluator
from .ordering import Orderer, capture_squares
from .turns import Turn, list_turns, play, undo

INF = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
#: table entry: depth, bound kind, score, best turn
Entry = tuple[int, int, int, Turn | None]
#: turns searched at full depth before later quiet turns are reduced by one turn
LMR_AFTER = 3
#: null-move pruning: from this depth on, searched this many turns shallower
NULL_DEPTH = 2
NULL_REDUCTION = 2
#: how often (in nodes) the clock is read
CLOCK_EVERY = 256


class Abort(Exception):
    """The node or time budget is used up (raised inside the search, caught at the root)."""


@dataclass
class RootResult:
    """What the root search found: the best turn, its score and the depth completed."""

    turn: Turn
    score: int
    depth: int


def to_table(score: int, ply: int) -> int:
    """A win score relative to the node (stored), from one relative to the root."""
    if score >= WIN_BOUND:
        return score + ply
    if score <= -WIN_BOUND:
        return score - ply
    return score


def from_table(score: int, ply: int) -> int:
    """A stored win score made relative to the root again."""
    if score >= WIN_BOUND:
        return score - ply
    if score <= -WIN_BOUND:
        return score + ply
    return score


class Searcher:
    """One search on a board: budgets, table, ordering tables and counters."""

    def __init__(
        self,
        board: Board,
        evaluator: Evaluator,
        *,
        nodes: int,
        seconds: float,
        quiescence: int,
    ) -> None:
        self.board = board
        self.ev = evaluator
        self.ctx = board.ctx
        self.orderer = Orderer(evaluator)
        self.table: dict[Key, Entry] = {}
        self.nodes = 0
        self.node_limit = nodes
        self.seconds = seconds
        self.deadline = 0.0
        self.quiescence = quiescence
        #: whether the king may jump (an escape by a jump is not an open line)
        self.king_jumps = board.rules.king_jump is not KingJump.NONE
        #: while False the budgets are not enforced (the first iteration always completes)
        self.limited = False

    # -- budget ------------------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if not self.limited:
            return
        if self.nodes >= self.node_limit:
            raise Abort
        if not self.nodes % CLOCK_EVERY and time.perf_counter() > self.deadline:
            raise Abort

    def _terminal(self, outcome: Outcome, ply: int) -> int:
        if outcome.winner is None:
            return 0
        return WIN - ply if outcome.winner is self.board.pos.turn else -(WIN - ply)

    # -- the root ----------------------------------------------------------------------

    def run(self, turns: list[Turn], max_depth: int, noise: dict[Turn, int]) -> RootResult:
        """Iterative deepening over the given first turns (tried in the given order first).

        With `noise` every first turn is searched with the full window and its score
        shifted by its noise (the careless levels); otherwise the usual narrowing window.
        """
        board = self.board
        self.deadline = time.perf_counter() + self.seconds
        mark = len(board._stack)
        order = self.orderer.order(board.pos, turns, None, 0)
        best = RootResult(order[0], 0, 0)
        scores: dict[Turn, int] = {}
        for depth in range(1, max_depth + 1):
            self.limited = depth > 1
            alpha = -INF
            it_best: Turn | None = None
            it_score = -INF
            try:
                for turn in order:
                    play(board, turn)
                    if noise:
                        score = -self.negamax(depth - 1, -INF, INF, 1)
                    elif it_best is None:
                        score = -self.negamax(depth - 1, -INF, -alpha, 1)
                    else:
                        score = -self.negamax(depth - 1, -alpha - 1, -alpha, 1)
                        if score > alpha:
                            score = -self.negamax(depth - 1, -INF, -alpha, 1)
                    if -WIN_BOUND < score < WIN_BOUND:
                        score += noise.get(turn, 0)
                    undo(board, mark)
                    scores[turn] = score
                    if score > it_score:
                        it_best, it_score = turn, score
                    alpha = max(alpha, score)
            except Abort:
                undo(board, mark)
                if it_best is not None:
                    best = RootResult(it_best, it_score, depth - 1)
                break
            assert it_best is not None
            best = RootResult(it_best, it_score, depth)
            rest = sorted((t for t in order if t != it_best), key=lambda t: scores[t], reverse=True)
            order = [it_best, *rest]
            if abs(it_score) >= WIN_BOUND and not noise:
                break
        return best

    def line(self, first: Turn, length: int) -> list[Turn]:
        """The principal variation: `first`, then the table's best turns (board restored)."""
        board = self.board
        mark = len(board._stack)
        out = [first]
        seen = {board.pos.key()}
        try:
            play(board, first)
            while len(out) < length and board.outcome is None:
                key = board.pos.key()
                if key in seen:
                    break
                seen.add(key)
                entry = self.table.get(key)
                if entry is None or entry[3] is None:
                    break
                turn = entry[3]
                out.append(turn)
                play(board, turn)
        finally:
            undo(board, mark)
        return out

    # -- the tree ----------------------------------------------------------------------

    def negamax(self, depth: int, alpha: int, beta: int, ply: int, null: bool = True) -> int:
        """The value of the board for the side to move, searched `depth` turns deep.

        With `null` (not right after a passed turn) a node at least NULL_DEPTH deep first
        lets the side pass: if the opponent, moving twice, still cannot get below `beta`
        in a search NULL_REDUCTION turns shallower, the node is cut off (tafl has hardly
        any positions where moving hurts, the zugzwang that makes this unsound).
        """
        self._tick()
        board = self.board
        outcome = board.outcome
        if outcome is not None:
            return self._terminal(outcome, ply)
        if depth <= 0:
            return self.quiesce(alpha, beta, ply, self.quiescence)
        key = board.pos.key()
        entry = self.table.get(key)
        first: Turn | None = None
        if entry is not None:
            e_depth, kind, e_score, first = entry
            if e_depth >= depth:
                score = from_table(e_score, ply)
                if (
                    kind == EXACT
                    or (kind == LOWER and score >= beta)
                    or (kind == UPPER and score <= alpha)
                ):
                    return score
        pos = board.pos
        if null and depth >= NULL_DEPTH and -WIN_BOUND < beta < WIN_BOUND:
            pos.turn = pos.turn.other
            try:
                score = -self.negamax(depth - 1 - NULL_REDUCTION, -beta, -beta + 1, ply + 1, False)
            finally:
                pos.turn = pos.turn.other
            if score >= beta:
                return score if score < WIN_BOUND else beta
        turns = list_turns(board)
        if not turns:
            return 0
        ordered = self.orderer.order(pos, turns, first, ply)
        start = alpha
        best = -INF
        best_turn: Turn | None = None
        mark = len(board._stack)
        pieces = (pos.att | pos.dfn).bit_count()
        king = pos.king_square()
        killers = self.orderer.killers[ply] if ply < len(self.orderer.killers) else []
        for index, turn in enumerate(ordered):
            play(board, turn)
            try:
                if index == 0:
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
                else:
                    reduce = (
                        depth >= 3
                        and index >= LMR_AFTER
                        and board.outcome is None
                        and turn[0].frm != king
                        and (pos.att | pos.dfn).bit_count() == pieces
                        and turn not in killers
                    )
                    score = -self.negamax(
                        depth - 2 if reduce else depth - 1, -alpha - 1, -alpha, ply + 1
                    )
                    if score > alpha and (reduce or score < beta):
                        score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            finally:
                undo(board, mark)
            if score > best:
                best, best_turn = score, turn
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self.orderer.cutoff(turn, depth, ply)
                        break
        kind = UPPER if best <= start else LOWER if best >= beta else EXACT
        self.table[key] = (depth, kind, to_table(best, ply), best_turn)
        return best

    def quiesce(self, alpha: int, beta: int, ply: int, left: int) -> int:
        """The value after the horizon: captures, escape threats and their answers only.

        The defenders to move with an open line win. The attackers to move facing an open
        line must block it (or take the king): only those steps are tried, and without
        one the king escapes. Otherwise the side may stand pat on the evaluation, or try
        its captures and (defenders) the king's steps onto squares with an open line.
        """
        self._tick()
        board = self.board
        outcome = board.outcome
        if outcome is not None:
            return self._terminal(outcome, ply)
        pos = board.pos
        side = pos.turn
        ev = self.ev
        routes = ev.routes(pos)
        if side is Side.DEFENDERS and (
            routes.count or (self.king_jumps and threats.escapes_now(board))
        ):
            return WIN - ply - 1
        k = pos.king_square()
        lines = ev.route_squares(pos) if k >= 0 else 0
        stand = ev(pos, routes, lines)
        if left <= 0:
            return stand
        ctx = self.ctx
        bits = ctx.geo.bits
        forced = False
        targets = capture_squares(ctx, pos)
        king_targets = 0
        if side is Side.ATTACKERS:
            if routes.count:
                forced = True
                targets |= routes.squares | ctx.expand(pos.king)
        else:
            king_targets = lines
        if forced:
            best = -INF
        else:
            if stand >= beta:
                return stand
            alpha = max(alpha, stand)
            best = stand
        moves: list[Move] = []
        for m in board.legal_moves():
            to = bits[m.to]
            if to & targets or (m.frm == k and to & king_targets):
                moves.append(m)
        if forced and not moves:
            return -(WIN - ply - 2)  # any step, then the king escapes
        mark = len(board._stack)
        for m in moves:
            board.push_unchecked(m)
            took = bool(board.captured or board.flipped)
            if board.pos.chain >= 0 and board.outcome is None:
                board.end_turn()
            quiet = not forced and board.outcome is None and not took
            if quiet and m.frm != k:
                undo(board, mark)
                continue
            try:
                score = -self.quiesce(-beta, -alpha, ply + 1, left - 1)
            finally:
                undo(board, mark)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best
