"""Every card and mechanics page says when its text last changed (from Git), pages made at
build time say nothing, and the generated page "Regeländerungen" lists the history."""

from __future__ import annotations

import re
import subprocess
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

ROOT = Path(__file__).resolve().parents[2]
MONTHS = "Januar Februar März April Mai Juni Juli August September Oktober November Dezember"
STAMP = re.compile(r"Text zuletzt geändert am <span[^>]*>([^<]+)</span>")

pytestmark = pytest.mark.browser


def _last_change(source: str) -> str | None:
    """The author date of the file's last commit as a German date (Berlin time)."""
    done = subprocess.run(
        ["git", "-C", str(ROOT), "log", "-1", "--format=%at", "--", source],
        capture_output=True,
        text=True,
    )
    if done.returncode or not done.stdout.strip():
        return None
    when = datetime.fromtimestamp(int(done.stdout), ZoneInfo("Europe/Berlin"))
    return f"{when.day}. {MONTHS.split()[when.month - 1]} {when.year}"


@pytest.mark.parametrize("folder", ["varianten", "mechaniken"])
def test_cards_and_mechanics_show_their_last_change(site: Path, folder: str) -> None:
    sources = sorted((ROOT / "docs" / folder).glob("*.md"))
    assert sources
    for source in sources:
        html = (site / folder / source.stem / "index.html").read_text(encoding="utf-8")
        expected = _last_change(f"docs/{folder}/{source.name}")
        found = STAMP.findall(html)
        if expected is None:  # a copy without history: no date rather than a wrong one
            assert not found, source.name
            continue
        assert found == [expected], source.name
        assert 'href="../../regelaenderungen/"' in html, source.name


def test_generated_pages_show_no_date(site: Path) -> None:
    html = (site / "regelvergleich" / "index.html").read_text(encoding="utf-8")
    assert "zuletzt geändert" not in html


def test_rule_changes_page_lists_days_newest_first(site: Path) -> None:
    html = (site / "regelaenderungen" / "index.html").read_text(encoding="utf-8")
    days = re.findall(r'<h2 id="[^"]*"[^>]*>(\d+)\. (\w+) (\d{4})', html)
    assert days, "no day listed"
    order = [(int(y), MONTHS.split().index(m), int(d)) for d, m, y in days]
    assert order == sorted(order, reverse=True)
    assert 'href="../varianten/brandub-7/"' in html
