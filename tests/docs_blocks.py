"""Collect every ```tafl block under docs/ (shared by the pytest items)."""

from __future__ import annotations

from pathlib import Path

from tafl_core.examples import FoundBlock, find_blocks

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
