"""suggest(): the turn a level would play, with its line, score, depth and node count."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from ..board import Board
from ..errors import ArgumentError
from ..typed import need_instance, need_int
from .alphabeta import Searcher
from .evaluate import WIN, evaluator
from .levels import LEVELS, MAX_LEVEL, MIN_LEVEL
from .tactics import check_root
from .turns import Turn, list_turns, play, text, undo

#: Longest principal variation reported (turns, the suggested one included).
LINE_LENGTH = 8


@dataclass(frozen=True)
class Suggestion:
    """The answer of `suggest`.

    `move`: the chosen turn in the notation of `tafl play` (berserker steps comma-joined).
    `line`: the principal variation, `move` first. `score`: the value for the side to move
    in hundredths of an attacker (a won game: about +1,000,000, a lost one about
    -1,000,000). `depth`: turns searched deep (0: chosen without a search). `nodes`:
    positions visited. `how`: "win" (wins at once), "only" (the only turn that does not
    lose at once), "search", "careless" (level 1's random turn). `seconds`: time taken
    (not part of the deterministic answer).
    """

    move: str
    line: tuple[str, ...]
    score: int
    depth: int
    nodes: int
    level: int
    how: str
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The JSON document of `tafl suggest --json`."""
        return {
            "move": self.move,
            "line": list(self.line),
            "score": self.score,
            "depth": self.depth,
            "nodes": self.nodes,
            "level": self.level,
            "how": self.how,
            "seconds": round(self.seconds, 3),
        }


def suggest(
    board: Board,
    level: int = 3,
    *,
    seed: int = 0,
    seconds: float | None = None,
    nodes: int | None = None,
) -> Suggestion:
    """The turn `level` (1 to 5) would play for the side to move on `board`.

    The board is pushed and popped but left as it was; its history counts (repetition).
    `seed` breaks ties and drives the noise of the lower levels: the same board, level
    and seed give the same answer as long as the time budget (`seconds`, default the
    level's) is not reached first; `nodes` overrides the level's node budget.
    From level 2 up a turn that wins at once is always played, and a turn after which
    the opponent could win at once is never played while another turn prevents it.
    """
    need_instance(board, Board, "suggest: das Brett", "ein Board")
    need_int(level, "suggest: die Stufe")
    need_int(seed, "suggest: der Startwert (seed)")
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise ArgumentError(
            f"suggest: die Stufe muss zwischen {MIN_LEVEL} und {MAX_LEVEL} liegen, nicht {level}"
        )
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0
    ):
        raise ArgumentError("suggest: die Bedenkzeit muss eine positive Zahl (Sekunden) sein")
    if nodes is not None:
        need_int(nodes, "suggest: die Knotenzahl")
        if nodes < 1:
            raise ArgumentError("suggest: die Knotenzahl muss mindestens 1 sein")
    if board.outcome is not None:
        raise ArgumentError("suggest: die Partie ist bereits entschieden")
    if board.berserker_open:
        raise ArgumentError("suggest: die Stellung steht mitten in einem Berserker-Lauf")
    cfg = LEVELS[level]
    started = time.perf_counter()
    rng = random.Random(seed * 16 + level)
    stack = len(board._stack)
    try:
        turns = list_turns(board)
        rng.shuffle(turns)

        def done(turn: Turn, score: int, depth: int, count: int, how: str) -> Suggestion:
            return Suggestion(
                text(board, turn),
                (text(board, turn),),
                score,
                depth,
                count,
                level,
                how,
                time.perf_counter() - started,
            )

        if cfg.careless and rng.random() < cfg.careless:
            return done(rng.choice(turns), 0, 0, 0, "careless")
        candidates = turns
        if cfg.safe:
            check = check_root(board, turns)
            if check.wins:
                return done(check.wins[0], WIN - 1, 1, len(turns), "win")
            if check.safe:
                candidates = check.safe
            if len(candidates) == 1:
                return done(candidates[0], 0, 0, len(turns), "only")
        budget = float(seconds) if seconds is not None else cfg.seconds
        searcher = Searcher(
            board,
            evaluator(board),
            nodes=nodes if nodes is not None else cfg.nodes,
            # the clock runs from the call: the checks before the search count too
            seconds=max(0.01, budget - (time.perf_counter() - started)),
            quiescence=cfg.quiescence,
        )
        noise = {t: rng.randint(-cfg.noise, cfg.noise) for t in candidates} if cfg.noise else {}
        result = searcher.run(candidates, cfg.depth, noise)
        line = searcher.line(result.turn, LINE_LENGTH)
        return Suggestion(
            text(board, result.turn),
            tuple(_line_texts(board, line)),
            result.score,
            result.depth,
            searcher.nodes,
            level,
            "search",
            time.perf_counter() - started,
        )
    finally:
        while len(board._stack) > stack:
            board.pop()


def _line_texts(board: Board, line: list[Turn]) -> list[str]:
    """The turns of a line in notation, each written on the board it is played on."""
    mark = len(board._stack)
    out = []
    try:
        for turn in line:
            out.append(text(board, turn))
            play(board, turn)
    finally:
        undo(board, mark)
    return out
