"""The variant cards: every card opens with “Auf einen Blick” and its generated facts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tafl_docs.catalogue import ORDER

CARDS = Path(__file__).resolve().parents[2] / "docs" / "varianten"
_FENCE = re.compile(r"^(`{3,}|~{3,})")


def _headings(text: str, level: str) -> list[str]:
    """Headings of one level outside fenced code blocks."""
    out, fence = [], None
    for line in text.splitlines():
        m = _FENCE.match(line.strip())
        if m:
            fence = None if fence and m.group(1)[0] == fence else (fence or m.group(1)[0])
            continue
        if fence is None and line.startswith(level + " "):
            out.append(line[len(level) + 1 :].strip())
    return out


def test_every_variant_has_a_card() -> None:
    assert sorted(p.stem for p in CARDS.glob("*.md")) == sorted(ORDER)


@pytest.mark.parametrize("slug", ORDER)
def test_card_starts_with_at_a_glance(slug: str) -> None:
    text = (CARDS / f"{slug}.md").read_text(encoding="utf-8")
    h2 = _headings(text, "##")
    assert h2[0] == "Auf einen Blick"
    assert h2[1] == "Spielregeln"
    first_section = text.split("## Auf einen Blick", 1)[1].split("\n## ", 1)[0]
    assert f"[[tafl:aufeinenblick {slug}]]" in first_section
    # reference material follows the rules
    for later in ("Grunddaten", "Geschichte und Herkunft", "Quellenlage"):
        assert h2.index(later) > h2.index("Spielregeln"), later
    # the introduction before it is short: two or three sentences
    intro = text.split("\n## ", 1)[0].split("\n", 1)[1]
    sentences = re.findall(r"[.!?](?:\s|$)", re.sub(r"\([^)]*\)", "", intro))
    assert 1 <= len(sentences) <= 3, intro


def test_edge_safety_is_only_mentioned_where_the_edge_does_not_win() -> None:
    """A king who wins on any edge square needs no 'cannot be captured on the edge'."""
    from tafl_docs.directives import Context, expand

    def grunddaten(slug: str) -> str:
        ctx = Context(f"varianten/{slug}.md", f"varianten/{slug}/")
        return expand(f"[[tafl:grunddaten {slug}]]", ctx)[0]

    assert "am Brettrand nicht zu fangen" in grunddaten("copenhagen-11")
    assert "am Brettrand nicht zu fangen" not in grunddaten("seeschlacht-11")


def test_sperrfelder_page_is_boosted_for_throne_searches() -> None:
    """Searching 'Thron' should list the page that explains the throne first."""
    text = (CARDS.parent / "mechaniken" / "sperrfelder.md").read_text(encoding="utf-8")
    front, _, body = text.removeprefix("---\n").partition("\n---\n")
    boost = re.search(r"boost:\s*([\d.]+)", front)
    assert boost is not None and float(boost.group(1)) > 1
    assert "Thron" in body.strip().splitlines()[0]
