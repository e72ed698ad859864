"""Benchmark of tafl_core, optionally beside the PyPI peer `hnefatafl` 0.1.1 in the same run.

Usage:
    python scripts/bench/bench.py [--seconds S] [--peer] [--peer-script PATH]

Prints per variant: legal-move generations per second on the opening, perft(3) time and
leaves per second, and random playouts per second with every rule of the variant active
(games end by any rule; a playout is cut at --max-plies). With --peer, a throwaway venv
under the system temp dir gets `hnefatafl==0.1.1 numpy` and runs the peer benchmark
(../shared/bench/peer_bench.py by default) so both are measured on the same machine.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tafl_core import Board, Kind, Piece, Position, Side, all_variants, variant  # noqa: E402
from tafl_core.perft import perft  # noqa: E402


def timed(fn, min_seconds: float) -> tuple[int, float]:  # type: ignore[no-untyped-def]
    """Call fn repeatedly for at least min_seconds; (calls, seconds)."""
    calls = 0
    start = time.perf_counter()
    while True:
        fn()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return calls, elapsed


def odin_bench_position() -> Position:
    """A benchmark-only Odin position (Tyr 11 squares with special pieces; NOT a sourced setup)."""
    pos = variant("tyr-11").start()
    pieces = pos.pieces()
    att = [s for s, p in pieces.items() if p.side is Side.ATTACKERS]
    dfn = [s for s, p in pieces.items() if p.side is Side.DEFENDERS and p.kind is Kind.MAN]
    for s in att[:8]:
        pos.set_piece(s, Piece(Side.ATTACKERS, Kind.COMMANDER))
    for s in att[8:12]:
        pos.set_piece(s, Piece(Side.ATTACKERS, Kind.VARIEGATED))
    for s in dfn[:4]:
        pos.set_piece(s, Piece(Side.DEFENDERS, Kind.COMMANDER))
    for s in dfn[4:6]:
        pos.set_piece(s, Piece(Side.DEFENDERS, Kind.VARIEGATED))
    return pos


def playout(board: Board, rng: random.Random, max_plies: int) -> tuple[int, str]:
    """Play uniformly random legal steps until the game ends; (steps, result)."""
    plies = 0
    while board.outcome is None and plies < max_plies:
        moves = board.legal_moves()
        if board.berserker_open and rng.random() < 1 / (len(moves) + 1):
            board.end_turn()
            continue
        board.push_unchecked(rng.choice(moves))
        plies += 1
    if board.outcome is None:
        return plies, "Abbruch"
    winner = board.outcome.winner.german if board.outcome.winner else "Remis"
    return plies, f"{winner}/{board.outcome.reason.german()}"


def bench_variant(slug: str, seconds: float, max_plies: int, depth: int) -> None:
    """Measure and print one variant."""
    v = variant(slug)
    start = v.start() if v.has_setup else odin_bench_position()
    note = "" if v.has_setup else " (Benchmark-Stellung, keine belegte Aufstellung)"
    board = Board(v.rules, start)
    moves = board.legal_moves()
    calls, secs = timed(board.legal_moves, seconds)
    print(f"\n{v.name}{note}")
    print(
        f"  Zuggenerierung Eröffnung: {calls / secs:>10,.0f} /s  "
        f"({len(moves)} Züge, {calls * len(moves) / secs:,.0f} Züge/s)"
    )
    t0 = time.perf_counter()
    leaves = perft(Board(v.rules, start), depth)
    p_secs = time.perf_counter() - t0
    print(f"  perft({depth}) = {leaves:,}  in {p_secs:.2f} s  -> {leaves / p_secs:,.0f} Blätter/s")
    rng = random.Random(12345)
    n = plies_total = 0
    results: Counter[str] = Counter()
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds * 2:
        plies, result = playout(Board(v.rules, start), rng, max_plies)
        n += 1
        plies_total += plies
        results[result] += 1
    secs = time.perf_counter() - t0
    top = ", ".join(f"{k} {c}" for k, c in results.most_common(4))
    print(
        f"  Zufallspartien: {n / secs:,.1f} /s, {plies_total / secs:,.0f} Schritte/s, "
        f"mittlere Länge {plies_total / n:.0f} (n={n}; {top})"
    )


def run_peer(script: Path) -> None:
    """Install the peer into a throwaway venv and run its benchmark in this same run."""
    if not script.exists():
        print(f"\nPeer-Skript {script} nicht gefunden; Vergleich übersprungen")
        return
    with tempfile.TemporaryDirectory(prefix="tafl-peer-") as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = venv / "bin" / "pip"
        subprocess.run(
            [str(pip), "install", "-q", "hnefatafl==0.1.1", "numpy"],
            check=True,
        )
        print("\nPeer: PyPI hnefatafl 0.1.1 (gleiche Maschine, gleicher Lauf)")
        out = subprocess.run(
            [str(venv / "bin" / "python"), str(script), "--perft3"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        for line in out.splitlines():
            print("  " + line)


def main() -> None:
    """Parse arguments and run the benchmarks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--max-plies", type=int, default=1000)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--variant", action="append", help="nur diese Variante(n)")
    parser.add_argument("--peer", action="store_true", help="PyPI-Paket hnefatafl 0.1.1 mitmessen")
    parser.add_argument(
        "--peer-script", type=Path, default=ROOT.parent / "shared" / "bench" / "peer_bench.py"
    )
    args = parser.parse_args()
    print(f"tafl_core Benchmark, Python {sys.version.split()[0]}")
    for slug in args.variant or list(all_variants()):
        bench_variant(slug, args.seconds, args.max_plies, args.depth)
    if args.peer:
        run_peer(args.peer_script)


if __name__ == "__main__":
    main()
