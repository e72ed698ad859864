"""Every ```tafl block in docs/ is one test item, named path:line."""

from __future__ import annotations

import pytest

from tafl_core.block_run import execute
from tafl_core.blocks import BlockError, FoundBlock, parse_block

from .docs_blocks import collect

BLOCKS = collect()


@pytest.mark.parametrize(("path", "found"), BLOCKS, ids=[f"{p}:{b.line}" for p, b in BLOCKS])
def test_docs_example(path: str, found: FoundBlock) -> None:
    """The block parses and the engine agrees with every expectation."""
    if not found.closed:
        pytest.fail(f"{path}:{found.line}: der ```tafl-Block wird nie geschlossen", pytrace=False)
    try:
        block = parse_block(found.body, path, found.first_body_line)
    except BlockError as exc:
        problem = f"{path}:{exc.line}: {exc}"
    else:
        problem = None
    if problem is not None:
        pytest.fail(problem, pytrace=False)
    ex = execute(block)
    if not ex.ok:
        pytest.fail(ex.report(), pytrace=False)


def test_docs_have_examples() -> None:
    """The site documents its rules with examples (an empty collection would hide breakage)."""
    assert len(BLOCKS) >= 20, f"nur {len(BLOCKS)} tafl-Blöcke unter docs/ gefunden"
