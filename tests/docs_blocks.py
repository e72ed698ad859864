"""Collect every ```tafl block under docs/ and judge its exercises against the committed
proofs (shared by the pytest items)."""

from __future__ import annotations

import functools
from pathlib import Path

from tafl_core.examples import FoundBlock, find_blocks
from tafl_core.examples.task import Prover
from tafl_docs.proof_store import ProofStore

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def collect(root: Path = DOCS) -> list[tuple[str, FoundBlock]]:
    """(relative path, block) for every tafl block in the Markdown files below root."""
    found = []
    for path in sorted(root.rglob("*.md")):
        rel = path.relative_to(ROOT).as_posix()
        for block in find_blocks(path.read_text(encoding="utf-8")):
            found.append((rel, block))
    return found


@functools.cache
def stored_prover() -> Prover:
    """The committed proofs of the exercises and claims (data/beweise/), as the site build
    reads them; a proof missing from the store is proved on the spot.

    Every stored proof is proved again by the solver and compared in
    tests/docs/test_proof_store.py, so a test that judges a docs block with this prover
    checks it against the solver's own answer without proving it a second time.
    """
    return ProofStore().prover(None)
