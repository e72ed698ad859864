"""Benchmark of the task solver (tafl_core.solver) on positions with a win in 1, 2 and 3.

Positions come from seeded random playouts of each variant (reproducible); a position
counts for depth N when its smallest win is N own turns. Each is then solved at depth N
(all winning first turns, the smallest depth and the answer tree: what the site build
needs) and the CPU time is taken. Prints median and 95th percentile in ms per variant and
depth, plus the same for positions without a win (the search must then prove there is
none). Not a test: figures depend on the machine (and on its load: CPU time is measured,
wall time shown besides).

    .venv/bin/python scripts/bench/bench_solver.py [--variants copenhagen-11 brandub-7]
        [--count 20] [--count3 6] [--seed 0]

In the browser (Pyodide) the engine runs the same code, several times slower than
CPython; the site ships the proofs made at build time, so CPython is what counts. To
measure Pyodide anyway: build the site once (tafl_docs/browser_runtime.py puts Pyodide
under site/pyodide-<version>/ and the engine zip beside it), open a page with a board in
Chromium, wait until the board is ready, copy this file into Pyodide's file system and run
it there from the console:
    pyodide.FS.writeFile("/bench_solver.py", await (await fetch(URL_OF_THIS_FILE)).text())
    pyodide.runPython(`import sys, runpy; sys.argv = ["b", "--count", "5", "--count3", "2"];
                       runpy.run_path("/bench_solver.py", run_name="__main__")`)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tafl_core import Board, Position, variant  # noqa: E402
from tafl_core.solver import Goal, GoalKind, solve  # noqa: E402
from tests.slow_solver import king_leaning_step  # noqa: E402


def positions(slug: str, seed: int) -> Iterator[Position]:
    """Positions along seeded random games of the variant (one every few turns).

    Half of the defenders' turns move the king (when he can), so that he comes near the
    edge as in real games; uniformly random games hardly ever pose a task.
    """
    v = variant(slug)
    game = 0
    while True:
        rng = random.Random(f"{slug}/{seed}/{game}")
        board = Board(v)
        for ply in range(rng.randrange(20, 120)):
            if not king_leaning_step(board, rng):
                break
            if board.outcome is None and ply >= 10 and ply % 3 == 0:
                yield board.position()
        game += 1


def timed(board: Board, depth: int) -> tuple[float, float, int | None]:
    """(CPU ms, wall ms, smallest depth) of solving a win for the side to move."""
    wall, cpu = time.perf_counter(), time.process_time()
    solution = solve(board, Goal(GoalKind.WIN, board.turn), depth)
    return (
        (time.process_time() - cpu) * 1000,
        (time.perf_counter() - wall) * 1000,
        solution.depth,
    )


def figures(values: list[float]) -> str:
    """'median / p95 ms (n=…)'."""
    if not values:
        return "keine Stellungen"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"Median {statistics.median(ordered):8.1f} ms  p95 {p95:8.1f} ms  (n={len(ordered)})"


def bench(slug: str, count: int, count3: int, seed: int) -> None:
    """Collect positions per smallest depth and print the timings."""
    v = variant(slug)
    wanted = {1: count, 2: count, 3: count3}
    cpu: dict[int, list[float]] = {1: [], 2: [], 3: []}
    wall: dict[int, list[float]] = {1: [], 2: [], 3: []}
    none: dict[int, list[float]] = {1: [], 2: [], 3: []}
    tried = deep = 0
    for pos in positions(slug, seed):
        if all(len(cpu[d]) >= wanted[d] for d in cpu) or tried >= 40 * count:
            break
        tried += 1
        board = Board(v, pos)
        for depth in (1, 2, 3):
            if depth == 3:
                if len(cpu[3]) >= count3 or deep >= 12 * count3:
                    break
                deep += 1
            c, w, found = timed(board, depth)
            if found == depth and len(cpu[depth]) < wanted[depth]:
                cpu[depth].append(c)
                wall[depth].append(w)
            if found is not None:
                break
            if len(none[depth]) < wanted[depth]:
                none[depth].append(c)
    print(f"{v.name} ({slug}), {tried} Stellungen untersucht, {deep} davon in Tiefe 3:")
    for depth in (1, 2, 3):
        print(f"  Gewinn in {depth}: {figures(cpu[depth])}   Wandzeit {figures(wall[depth])}")
    for depth in (1, 2, 3):
        print(f"  kein Gewinn in {depth}: {figures(none[depth])}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=["copenhagen-11", "brandub-7"])
    parser.add_argument("--count", type=int, default=20, help="positions for win in 1 and 2")
    parser.add_argument("--count3", type=int, default=6, help="positions for win in 3")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for slug in args.variants:
        if not variant(slug).has_setup:
            print(f"{slug}: keine Startaufstellung belegt, keine Zufallspartien – übersprungen")
            continue
        bench(slug, args.count, args.count3, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
