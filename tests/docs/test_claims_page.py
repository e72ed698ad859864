"""Claims on the page: a proven claim is a checked sentence beside the diagram, a false one
the build's error with file:line (a warning, which fails `mkdocs build --strict`)."""

from __future__ import annotations

import logging
from html import unescape

import pytest

from tafl_docs import fence

BLOCK = """\
Variante: brandub-7
Titel: Der Angreifer zieht weg, der König steht neben der Ecke.
Stellung:
7 . . . . . . .
6 . . . A . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . K . . V . .
  a b c d e f g
Zug: d6-d2
Behauptung: {claim}
"""


def _page(body: str) -> str:
    return f"# Seite\n\n```tafl\n{body}```\n"


def test_a_proven_claim_is_a_checked_sentence_with_the_turn(
    caplog: pytest.LogCaptureFixture,
) -> None:
    body = BLOCK.format(claim="Verteidiger gewinnen in 1")
    state = fence.FenceState()
    state.set_page("mechaniken/seite.md", _page(body), "mechaniken/seite/")
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.tafl.fence"):
        html = unescape(fence.format_tafl(body, "tafl", "tafl", {}, None, state=state))
    assert "Fehlerhaftes Beispiel" not in html and not caplog.records
    assert "Nachgerechnet:</span> Die Verteidiger gewinnen mit ihrem nächsten Zug (b1-a1)." in html


def test_a_false_claim_fails_the_build_with_file_and_line(caplog: pytest.LogCaptureFixture) -> None:
    body = BLOCK.format(claim="Verteidiger gewinnen nicht in 1")
    state = fence.FenceState()
    state.set_page("mechaniken/seite.md", _page(body), "mechaniken/seite/")
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.tafl.fence"):
        html = unescape(fence.format_tafl(body, "tafl", "tafl", {}, None, state=state))
    line = 3 + body.split("\n").index("Behauptung: Verteidiger gewinnen nicht in 1") + 1
    said = f"docs/mechaniken/seite.md:{line}: die Behauptung 'Verteidiger gewinnen nicht in 1'"
    assert "Fehlerhaftes Beispiel" in html and said in html
    assert any(said in r.getMessage() for r in caplog.records)
