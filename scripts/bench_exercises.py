"""Benchmark: what the exercise proofs cost a site build, cold and warm.

Checks every exercise block (```tafl with 'Aufgabe:') under docs/ the way the site build
does (check_block with the caching prover, then the page's answer tree), first with an empty
proof cache, then again with the cache it filled. Prints the number of exercises, proofs
computed and read, and seconds for each pass. The issue's budget: at most 30 s cold, nothing
computed warm.

    PYTHONPATH=$PWD python scripts/bench_exercises.py [docs]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(folder: Path) -> tuple[int, int, float]:
    """(exercises, failures, seconds) of one pass over the docs folder."""
    from tafl_core.examples import check_block, find_blocks
    from tafl_docs import exercise

    count = failures = 0
    begun = time.perf_counter()
    for path in sorted(folder.rglob("*.md")):
        text = path.read_text("utf-8")
        for found in find_blocks(text):
            if "Aufgabe:" not in found.body:
                continue
            verdict = check_block(found, str(path), prover=exercise.cached_solve)
            if verdict.block is None or verdict.block.task is None:
                continue
            count += 1
            if not verdict.ok or verdict.proof is None:
                failures += 1
                continue
            task = verdict.block.task.value
            if not task.kind.quiz:
                exercise.page_tree(
                    verdict.block.variant, verdict.block.position, task, verdict.proof.solution
                )
    return count, failures, time.perf_counter() - begun


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs"
    with tempfile.TemporaryDirectory(prefix="tafl-beweise-") as cache:
        os.environ["TAFL_CACHE_DIR"] = cache
        from tafl_docs import exercise

        for label in ("kalt", "warm"):
            exercise.stats.clear()
            count, failures, seconds = run(folder)
            print(
                f"{label}: {count} Aufgaben ({failures} fehlerhaft), "
                f"{exercise.stats['proof_computed']} Beweise berechnet "
                f"({exercise.stats['proof_ms'] / 1000:.1f} s), "
                f"{exercise.stats['proof_cached']} aus dem Cache; gesamt {seconds:.2f} s"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
