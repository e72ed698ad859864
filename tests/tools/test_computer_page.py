"""docs/computer.md: its tables agree with the match files in data/matches/.

The figures are recounted here from each file's game records (winner and the side the
first level played), with a Wilson interval computed here, not taken from the files'
summaries or from the page script.
"""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any

import pytest

from tafl_core import variant
from tafl_tools import computer_page

ROOT = Path(__file__).resolve().parents[2]

PAGE = ROOT / "docs" / "computer.md"
FILES = sorted((ROOT / "data" / "matches").glob("*.json"))


def wilson(k: float, n: int) -> tuple[float, float]:
    z = 1.96
    p = k / n
    mid = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (mid - half) / (1 + z * z / n), (mid + half) / (1 + z * z / n)


def test_the_wilson_interval_of_this_test() -> None:
    # 8 of 10: 0.490 to 0.943 (Wilson 1927; the usual textbook example)
    low, high = wilson(8, 10)
    assert round(low, 3) == 0.49 and round(high, 3) == 0.943


def test_the_page_tables_are_made_from_the_files() -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert page == computer_page.render(page, computer_page.load()), (
        "docs/computer.md und data/matches/ stimmen nicht überein: "
        "python -m tafl_tools.computer_page"
    )


def test_a_changed_file_changes_the_page() -> None:
    docs = computer_page.load()
    assert docs, "keine Messungen in data/matches/"
    page = PAGE.read_text(encoding="utf-8")
    key = next(iter(docs))
    changed = copy.deepcopy(docs)
    d = changed[key]
    d["a_wins"], d["b_wins"] = d["b_wins"] + 1, d["a_wins"]
    d["attackers_rate"] = 1 - (d["attackers_rate"] or 0)
    d["a_rate"] = 1 - (d["a_rate"] or 0)
    assert computer_page.render(page, changed) != page


def section_of(page: str, slug: str, a: int, b: int) -> str:
    """The table line of a match: under the variant's heading, or naming the variant."""
    name = variant(slug).name
    if a == b:
        part = page.split("## Gleichgewicht", 1)[1]
        lines = [ln for ln in part.splitlines() if ln.startswith(f"| {name} |")]
    elif slug in computer_page.MAIN_VARIANTS:
        part = page.split(f"### {name}\n", 1)[1].split("###", 1)[0]
        lines = [ln for ln in part.splitlines() if ln.startswith(f"| {a} gegen {b} |")]
    else:
        lines = [ln for ln in page.splitlines() if ln.startswith(f"| {name} | {a} gegen {b} |")]
    assert len(lines) == 1, (slug, a, b, lines)
    return lines[0]


def recount(doc: dict[str, Any]) -> dict[str, Any]:
    records = doc["records"]
    n = len(records)
    wins = sum(1 for r in records if r["winner"] is not None and r["winner"] == r["a_side"])
    losses = sum(1 for r in records if r["winner"] is not None and r["winner"] != r["a_side"])
    att = sum(1 for r in records if r["winner"] == "attackers")
    dfn = sum(1 for r in records if r["winner"] == "defenders")
    return {
        "n": n,
        "wins": wins,
        "losses": losses,
        "draws": n - wins - losses,
        "att": att,
        "dfn": dfn,
    }


def pc(x: float) -> str:
    return f"{round(100 * x)} %"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_row_agrees_with_the_games_of_its_file(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    a, b = doc["levels"]
    assert path.name == f"{doc['variant']}-{a}-{b}.json"
    page = PAGE.read_text(encoding="utf-8")
    line = section_of(page, doc["variant"], a, b)
    c = recount(doc)
    n = c["n"]
    planned = doc.get("planned", n)
    assert n == doc["games"] <= planned
    assert f"| {n} von {planned} |" in line if planned > n else f"| {n} |" in line
    if a == b:
        low, high = wilson(c["att"], n)
        assert f"**{pc(c['att'] / n)}** | {round(100 * low)}–{round(100 * high)} %" in line
        low, high = wilson(c["dfn"], n)
        assert f"**{pc(c['dfn'] / n)}** | {round(100 * low)}–{round(100 * high)} %" in line
    else:
        assert f"| {c['wins']} / {c['draws']} / {c['losses']} |" in line
        score = c["wins"] + c["draws"] / 2
        low, high = wilson(score, n)
        assert f"**{pc(score / n)}** | {round(100 * low)}–{round(100 * high)} %" in line


def test_the_page_is_in_the_navigation_after_the_board() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    board = nav.index("spielbrett.md")
    assert 0 < nav.index("computer.md") - board < 80


def _match(a: int, b: int, won: int, n: int) -> dict[str, Any]:
    return {"variant": "brandub-7", "levels": [a, b], "a_ci": list(wilson(won, n))}


def test_the_page_says_which_rows_do_not_show_the_higher_level_stronger() -> None:
    # 39 of 40: interval 87–100 %; 22 of 40: 40–69 %, reaching below one half
    clear = {("brandub-7", 2, 1): _match(2, 1, 39, 40), ("brandub-7", 3, 2): _match(3, 2, 39, 40)}
    assert "nachweislich die stärkere" in computer_page.reading(clear, "brandub-7")
    mixed = dict(clear)
    mixed[("brandub-7", 5, 4)] = _match(5, 4, 22, 40)
    text = computer_page.reading(mixed, "brandub-7")
    assert text.startswith("In der Zeile „5 gegen 4“ reicht das Intervall bis unter 50 %")
    assert "In allen anderen Zeilen" in text and "2 gegen 1" not in text
    both = dict(mixed)
    both[("brandub-7", 3, 2)] = _match(3, 2, 20, 40)
    text = computer_page.reading(both, "brandub-7")
    assert text.startswith("In den Zeilen „5 gegen 4“ und „3 gegen 2“ reicht")
    assert computer_page.reading({}, "brandub-7") == ""
