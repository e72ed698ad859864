"""Time per turn of the search levels on Copenhagen 11×11 and Brandub 7×7.

Positions: the start and positions after seeded random openings (--positions per
variant, 4 to 30 random plies); with `--partien FILE` instead positions drawn from the
games of a match file (data/matches/*.json: real games, middle games included). Each
level answers each position once with its own budgets (nodes and time, as a reader's
browser would run it). Printed per variant and level: median and 95th percentile of the
wall-clock time, the same of the CPU time of this process (on a busy machine the wall
clock is the larger), the depth reached, nodes per second and in how many positions the
time budget ended the search before the node budget did (there the browser plays weaker
than the matches measured).

    PYTHONPATH=$PWD python scripts/bench/bench_search.py [--positions 12] [--levels 1,2,3,4,5]
    PYTHONPATH=$PWD python scripts/bench/bench_search.py --pyodide    # the same in Pyodide (node)
    PYTHONPATH=$PWD python scripts/bench/bench_search.py --pyodide --levels 5 \
        --variants copenhagen-11 --partien data/matches/copenhagen-11-5-3.json --positions 40

In Pyodide: `--pyodide` takes the pinned Pyodide from the npm cache of the site build
(tafl_docs/browser_runtime.py: `.cache/pyodide/pyodide-<version>.tgz`, fetched with
`npm pack` when missing), unpacks its core files and the engine zip of this checkout
into a temporary folder and runs this same script under node (`loadPyodide`), without a
browser. Pyodide has no CPU clock of its own: both columns show the wall clock there.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tafl_core import Board, variant  # noqa: E402
from tafl_core.search import LEVELS, suggest  # noqa: E402
from tafl_core.search.turns import list_turns, play  # noqa: E402
from tafl_core.turns import play_turn_text  # noqa: E402

VARIANTS = ("copenhagen-11", "brandub-7")


def positions(slug: str, count: int, seed: int) -> list[Board]:
    """The start and `count - 1` positions after seeded random openings (games still open)."""
    rng = random.Random(f"{seed}:{slug}")
    out = [Board(variant(slug))]
    while len(out) < count:
        board = Board(variant(slug))
        for _ in range(rng.randint(4, 30)):
            turns = list_turns(board)
            if not turns:
                break
            play(board, rng.choice(turns))
        if board.outcome is None:
            out.append(Board(variant(slug), board.position()))
    return out


def game_positions(path: Path, count: int, seed: int) -> list[Board]:
    """`count` positions drawn (seeded) from the games of a match file, each still open."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    var = variant(doc["variant"])
    found = []
    for rec in doc["records"]:
        board = Board(var)
        for turn in rec["opening"] + rec["turns"]:
            if board.outcome is not None:
                break
            found.append(board.position())
            play_turn_text(board, turn)
    rng = random.Random(f"{seed}:{path.name}")
    return [Board(var, pos) for pos in rng.sample(found, min(count, len(found)))]


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]


def bench(
    slugs: tuple[str, ...],
    levels: list[int],
    count: int,
    seed: int,
    quiet: bool = False,
    clock: bool = True,
    games: Path | None = None,
) -> list[dict[str, Any]]:
    """One row per variant and level (each printed as it is done unless `quiet`).

    Without `clock` the time budgets are lifted: the time each level needs for its node
    budget (whether the budget is reached before the time budget cuts the search).
    """
    rows = []
    for slug in slugs:
        boards = positions(slug, count, seed)
        suggest(boards[0], 2)  # warm the caches (move tables, evaluator)
        for level in levels:
            wall: list[float] = []
            cpu: list[float] = []
            depths: list[int] = []
            nodes = 0
            cut = 0
            for i, board in enumerate(boards):
                c0 = time.process_time()
                w0 = time.perf_counter()
                got = suggest(board, level, seed=i, seconds=None if clock else 3600.0)
                wall.append(time.perf_counter() - w0)
                cpu.append(time.process_time() - c0)
                depths.append(got.depth)
                nodes += got.nodes
                # stopped by the clock: the time budget used up (not the nodes, not the depth)
                cut += clock and wall[-1] >= 0.97 * LEVELS[level].seconds
            rows.append(
                {
                    "variant": slug,
                    "level": level,
                    "positions": len(boards),
                    "wall_median": statistics.median(wall),
                    "wall_p95": p95(wall),
                    "cpu_median": statistics.median(cpu),
                    "cpu_p95": p95(cpu),
                    "depth_median": statistics.median(depths),
                    "nodes_per_cpu_second": nodes / max(sum(cpu), 1e-9),
                    "nodes_per_second": nodes / max(sum(wall), 1e-9),
                    "time_budget_hits": cut,
                }
            )
            if not quiet:
                print(line(rows[-1]), flush=True)
    return rows


def line(row: dict[str, Any]) -> str:
    """One row of the text report."""
    return (
        f"{row['variant']:<14} Stufe {row['level']}: Wanduhr Median {row['wall_median']:.3f} s, "
        f"p95 {row['wall_p95']:.3f} s; CPU Median {row['cpu_median']:.3f} s, "
        f"p95 {row['cpu_p95']:.3f} s; Tiefe {row['depth_median']}; "
        f"{row['nodes_per_cpu_second']:.0f} Knoten/s (CPU), "
        f"{row['nodes_per_second']:.0f} (Wanduhr); "
        f"Bedenkzeit vor der Stellungsgrenze erreicht: {row['time_budget_hits']} "
        f"von {row['positions']}"
    )


NODE_DRIVER = r"""
const path = require("path");
const fs = require("fs");
const dir = process.argv[2];
const { loadPyodide } = require(path.join(dir, "pyodide", "pyodide.js"));
(async () => {
  const py = await loadPyodide({ indexURL: path.join(dir, "pyodide") + "/" });
  const zip = new Uint8Array(fs.readFileSync(path.join(dir, "engine.zip")));
  py.unpackArchive(zip, "zip", { extractDir: "/engine" });
  const script = fs.readFileSync(path.join(dir, "bench_search.py"), "utf8");
  py.FS.writeFile("/engine/bench_search.py", script);
  const games = path.join(dir, "partien.json"); // --partien: the match file, copied
  if (fs.existsSync(games)) py.FS.writeFile("/engine/partien.json", fs.readFileSync(games));
  await py.runPythonAsync(`
import sys
sys.path.insert(0, "/engine")
sys.argv = ["bench_search.py"] + ${JSON.stringify(process.argv.slice(3))}
import bench_search
bench_search.main()
`);
})().catch((e) => { console.error(e); process.exit(1); });
"""


def run_pyodide(argv: list[str]) -> int:
    """Run this benchmark in Pyodide under node (see the module docstring)."""
    import shutil
    import subprocess
    import tempfile

    from tafl_docs import browser_runtime as rt

    node = shutil.which("node")
    if node is None:
        print("bench_search: node fehlt", file=sys.stderr)
        return 2
    pin = rt.lock()
    with tempfile.TemporaryDirectory(prefix="tafl-pyodide-") as tmp:
        base = Path(tmp)
        data = rt.tarball(pin)
        core = base / "pyodide"
        core.mkdir()
        for name in (*pin["files"], pin["stdlib"], pin["lockfile"]):
            (core / name).write_bytes(rt.member(data, name))
        (base / "engine.zip").write_bytes(rt.engine_zip())
        shutil.copy(Path(__file__), base / "bench_search.py")
        (base / "driver.cjs").write_text(NODE_DRIVER, encoding="utf-8")
        if "--partien" in argv:  # the match file goes along; the script reads it there
            at = argv.index("--partien") + 1
            shutil.copy(argv[at], base / "partien.json")
            argv = [*argv[:at], "/engine/partien.json", *argv[at + 1 :]]
        return subprocess.run([node, str(base / "driver.cjs"), tmp, *argv], check=False).returncode


def main() -> None:
    """Parse the arguments and run the benchmark (here or in Pyodide)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--levels", default="1,2,3,4,5")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--ohne-zeit", action="store_true", help="no time budget: the node budgets alone"
    )
    parser.add_argument("--pyodide", action="store_true", help="in Pyodide under node")
    parser.add_argument(
        "--partien", type=Path, default=None, help="positions from the games of this match file"
    )
    args = parser.parse_args()
    if args.pyodide:
        rest = [a for a in sys.argv[1:] if a != "--pyodide"]
        sys.exit(run_pyodide(rest))
    levels = [int(x) for x in args.levels.split(",")]
    rows = bench(
        tuple(args.variants.split(",")),
        levels,
        args.positions,
        args.seed,
        args.json,
        clock=not args.ohne_zeit,
        games=args.partien,
    )
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
