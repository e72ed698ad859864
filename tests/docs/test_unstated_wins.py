"""No example of the Lernpfad, the mechanics pages or the cards leaves the side to move a win on
its next turn that the block does not state (`tafl_core.examples.wins.unstated_win`)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from tafl_core.examples import FoundBlock, check_block
from tafl_core.examples.wins import unstated_win
from tafl_docs.proof_store import committed_prover
from tests.docs_blocks import collect

FOLDERS = ("docs/lernpfad/", "docs/mechaniken/", "docs/varianten/")


def _pages() -> dict[str, list[FoundBlock]]:
    pages: dict[str, list[FoundBlock]] = defaultdict(list)
    for path, found in collect():
        if path.startswith(FOLDERS):
            pages[path].append(found)
    return dict(pages)


PAGES = _pages()


@pytest.mark.parametrize("page", sorted(PAGES))
def test_no_example_leaves_an_unstated_win(page: str) -> None:
    """Each hit names file:line; state it ('Behauptung: … gewinnen in 1') or change it."""
    hits = []
    for found in PAGES[page]:
        verdict = check_block(found, page, prover=committed_prover())
        if verdict.ok and verdict.execution is not None:
            hit = unstated_win(verdict.execution)
            if hit is not None:
                hits.append(str(hit))
    assert not hits, "\n".join(hits)


def test_the_search_covers_the_three_areas() -> None:
    """An empty selection would pass silently."""
    for folder in FOLDERS:
        assert sum(page.startswith(folder) for page in PAGES) >= 5, folder
