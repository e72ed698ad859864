"""Benchmark: what the exercise proofs cost a site build, cold and from the committed proofs.

Asks for every proof the site shows for the exercises under docs/ (`proof_store.page_needs`,
as the build does: the task's proof and the answer tree's nested ones), first with an empty
proof store (everything proved), then with the committed proofs of data/beweise/. Prints the
number of exercises, proofs proved and read, and seconds for each pass.

    PYTHONPATH=$PWD python scripts/bench/bench_exercises.py [docs]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(folder: Path, proofs: Path) -> tuple[int, float, dict[str, int]]:
    """(exercises, seconds, store counts) of one pass over the docs folder."""
    from tafl_docs.proof_store import ProofStore, page_needs

    store = ProofStore(proofs)
    count = 0
    begun = time.perf_counter()
    for path in sorted(folder.rglob("*.md")):
        page = "docs/" + path.relative_to(folder).as_posix()
        count += page_needs(page, path.read_text("utf-8"), store.prover(page))
    return count, time.perf_counter() - begun, dict(store.stats)


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs"
    with tempfile.TemporaryDirectory(prefix="tafl-beweise-") as empty:
        passes = (("kalt", Path(empty)), ("aus data/beweise", ROOT / "data" / "beweise"))
        for label, proofs in passes:
            count, seconds, stats = run(folder, proofs)
            print(
                f"{label}: {count} Aufgaben, {stats.get('proved', 0)} Beweise berechnet, "
                f"{stats.get('stored', 0)} aus dem Vorrat; gesamt {seconds:.2f} s"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
