"""The task sheets (`tafl sheet VARIANTE --exercises`): tasks on page one, solutions on two.

The sheet is read as a printer would see it (pdfinfo, pdftotext). The expected solutions are
taken from the page's `Lösung:` lines, which the example runner checks against the solver
independently of the sheet code.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tafl_cli.main import main
from tafl_core.examples.syntax import find_blocks
from tafl_core.variants import variant
from tafl_docs.sheet_examples import DOCS_DIR, SheetError
from tafl_docs.task_sheet import MAX_TASKS, task_sheet_html


def _tool(name: str) -> str:
    """A poppler tool; its absence is a failure with the remedy (as in test_sheet.py)."""
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} fehlt: bash scripts/system-deps.sh poppler")
    return found


def _solutions(slug: str) -> dict[str, str]:
    """The 'Lösung:' value of each exercise block of the page, by its 'Titel:' (the origin)."""
    text = (DOCS_DIR / "aufgaben" / f"{slug}.md").read_text("utf-8")
    out = {}
    for found in find_blocks(text):
        fields = dict(
            line.split(":", 1)
            for line in found.body.splitlines()
            if line[:6] in ("Titel:", "Lösung")
        )
        out[fields["Titel"].strip()] = fields["Lösung"].strip()
    return out


def test_brandub_task_sheet_has_tasks_then_every_solution(tmp_path: Path) -> None:
    out = tmp_path / "aufgaben.pdf"
    assert main(["sheet", "brandub-7", "--exercises", "-o", str(out)]) == 0
    info = subprocess.run([_tool("pdfinfo"), str(out)], capture_output=True, text=True).stdout
    assert "Pages:           2" in info
    page1 = subprocess.run(
        [_tool("pdftotext"), "-f", "1", "-l", "1", str(out), "-"], capture_output=True, text=True
    ).stdout
    page2 = subprocess.run(
        [_tool("pdftotext"), "-f", "2", "-l", "2", str(out), "-"], capture_output=True, text=True
    ).stdout
    solutions = _solutions("brandub-7")
    printed = [t for t in solutions if t in " ".join(page1.split())]
    assert len(printed) == MAX_TASKS
    assert "am Zug" in page1 and "LÖSUNGEN" not in page1 and "LÖSUNGEN" in page2
    flat = " ".join(page2.split())
    for title in printed:
        for move in solutions[title].split(";"):
            assert move.strip() in flat, f"{move.strip()} fehlt auf der Lösungsseite"


def test_a_wrong_solution_on_the_page_stops_the_sheet(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "aufgaben").mkdir(parents=True)
    text = (DOCS_DIR / "aufgaben" / "brandub-7.md").read_text("utf-8")
    first = text.index("Lösung:")
    end = text.index("\n", first)
    broken = text[:first] + "Lösung: a1-a2" + text[end:]
    (docs / "aufgaben" / "brandub-7.md").write_text(broken, "utf-8")
    with pytest.raises(SheetError, match=r"brandub-7\.md:"):
        task_sheet_html(variant("brandub-7"), site="test", docs_dir=docs)


def test_a_variant_without_an_aufgaben_page_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    with pytest.raises(SheetError, match="keine Aufgabenseite"):
        task_sheet_html(variant("brandub-7"), site="test", docs_dir=tmp_path / "docs")
