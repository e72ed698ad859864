"""Every ```tafl block in docs/ is one test item, named path:line."""

from __future__ import annotations

import pytest

from tafl_core.examples import FoundBlock, check_block, duplicate_ids
from tafl_docs.proof_store import committed_prover
from tests.docs_blocks import collect

BLOCKS = collect()


@pytest.mark.parametrize(("path", "found"), BLOCKS, ids=[f"{p}:{b.line}" for p, b in BLOCKS])
def test_docs_example(path: str, found: FoundBlock) -> None:
    """The runner's one verdict: the block reads, and the engine agrees with it."""
    verdict = check_block(found, path, prover=committed_prover())
    if not verdict.ok:
        pytest.fail(verdict.report(), pytrace=False)


def test_docs_block_ids_are_unique() -> None:
    """An id names one example of the whole site (the rule sheets pick by it)."""
    problems = duplicate_ids(BLOCKS)
    assert not problems, "\n".join(str(p) for p in problems)


def test_docs_have_examples() -> None:
    """The site documents its rules with examples (an empty collection would hide breakage)."""
    assert len(BLOCKS) >= 20, f"nur {len(BLOCKS)} tafl-Blöcke unter docs/ gefunden"
