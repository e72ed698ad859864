"""Cost of one step of the browser board's session at growing game lengths (issue 25).

Plays a long quiet Copenhagen game through `tafl_web.session.Session` and, after 0, 150, 300,
450 and 600 turns, times one step (played and taken back) and one view(), keeping the
fastest of many repetitions so that other load on the machine does not blur the figures.
A flat row means a step costs the same however long the game is.

    PYTHONPATH=. .venv/bin/python scripts/bench/bench_session.py
"""

from __future__ import annotations

import random
import time

from tafl_core import Board, Move
from tafl_web.session import Session


def quiet(board: Board) -> list[Move]:
    """Legal steps that neither capture nor end the game (so the game goes on)."""
    out = []
    for move in board.legal_moves():
        board.push(move)
        if board.outcome is None and not board.captured:
            out.append(move)
        board.pop()
    return out


def main() -> None:
    session = Session("copenhagen-11")
    rng = random.Random(1)
    played = 0
    for target in (0, 150, 300, 450, 600):
        while played < target:
            board = session.board
            session.move(board.move_text(rng.choice(quiet(board))))
            played += 1
        board = session.board
        step = board.move_text(quiet(board)[0])
        best_step = best_view = float("inf")
        for _ in range(150):
            t = time.perf_counter()
            session.move(step)
            best_step = min(best_step, time.perf_counter() - t)
            session.undo()
            t = time.perf_counter()
            session.view()
            best_view = min(best_view, time.perf_counter() - t)
        print(
            f"nach {target:3} Zügen: Schritt {1000 * best_step:.2f} ms, "
            f"view {1000 * best_view:.2f} ms"
        )


if __name__ == "__main__":
    main()
