"""The Aufgaben pages and the tasks spread over the site.

Whether each task's `Lösung:` is right is decided by the example runner (every block of
docs/ is a test in tests/docs/test_docs_examples.py); here: how many there are, where they are,
that each says what it is and where it came from, and that a position said to come from a
recorded game really occurs there.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tafl_core.board import Board
from tafl_core.examples.syntax import find_blocks, parse_block
from tafl_core.variants import variant

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
ORDER = tomllib.loads((ROOT / "tafl_docs" / "data" / "catalogue.toml").read_text("utf-8"))["order"]
#: The limit the pages state: a puzzle with more solving first turns teaches nothing.
COOKED = 3
GAMES = {
    "copenhagen-11": ROOT / "data" / "games" / "copenhagen_games.csv",
    "brandub-7": ROOT / "data" / "games" / "brandubh_games.csv",
}


def _tasks(path: Path) -> list[tuple[int, str]]:
    """(fence line, body) of every exercise block of a page."""
    text = path.read_text("utf-8")
    return [(f.line, f.body) for f in find_blocks(text) if re.search(r"^Aufgabe:", f.body, re.M)]


def test_at_least_100_puzzles_over_at_least_6_variants() -> None:
    counts = {slug: len(_tasks(DOCS / "aufgaben" / f"{slug}.md")) for slug in ORDER}
    assert sum(counts.values()) >= 100, counts
    assert sum(1 for n in counts.values() if n) >= 6, counts


def test_at_least_140_exercise_blocks_on_the_site() -> None:
    total = sum(len(_tasks(p)) for p in DOCS.rglob("*.md"))
    assert total >= 140


@pytest.mark.parametrize("slug", ORDER)
def test_every_card_has_a_task_and_links_its_aufgaben_page(slug: str) -> None:
    card = DOCS / "varianten" / f"{slug}.md"
    assert _tasks(card), f"{card.name}: keine Aufgabe"
    assert f"](../aufgaben/{slug}.md)" in card.read_text("utf-8")


@pytest.mark.parametrize("page", sorted(p.name for p in (DOCS / "mechaniken").glob("*.md")))
def test_every_mechanics_page_has_a_task(page: str) -> None:
    assert _tasks(DOCS / "mechaniken" / page), f"{page}: keine Aufgabe"


def _puzzles() -> list[tuple[str, str, int, str]]:
    """(slug, heading, fence line, body) of every puzzle on the Aufgaben pages."""
    out = []
    for slug in ORDER:
        text = (DOCS / "aufgaben" / f"{slug}.md").read_text("utf-8")
        lines = text.split("\n")
        for line, body in _tasks(DOCS / "aufgaben" / f"{slug}.md"):
            heading = next(lines[i] for i in range(line - 2, -1, -1) if lines[i].startswith("## "))
            out.append((slug, heading, line, body))
    return out


PUZZLES = _puzzles()


@pytest.mark.parametrize(("slug", "heading", "line", "body"), PUZZLES)
def test_each_puzzle_states_theme_depth_origin_and_is_not_cooked(
    slug: str, heading: str, line: int, body: str
) -> None:
    assert re.match(r"## Aufgabe \d+: (.+ in \d (Zug|Zügen)|Den Sieg verhindern)", heading), heading
    title = re.search(r"^Titel: (.+)$", body, re.M)
    assert title and re.match(r"(Partie \d+ der Sammlung|Zufallspartie)", title.group(1))
    solution = re.search(r"^Lösung: (.+)$", body, re.M)
    assert solution and 1 <= len(solution.group(1).split(";")) <= COOKED


@pytest.mark.parametrize(("slug", "heading", "line", "body"), [p for p in PUZZLES if p[0] in GAMES])
def test_a_puzzle_from_a_recorded_game_occurs_in_that_game(
    slug: str, heading: str, line: int, body: str
) -> None:
    title = re.search(r"^Titel: Partie (\d+) der Sammlung, nach (\d+) Halbz", body, re.M)
    assert title, body
    game, plies = int(title.group(1)), int(title.group(2))
    record = GAMES[slug].read_text("utf-8").split("\n")[game - 1].split(",")[0].split()
    board = Board(variant(slug))
    for text in record[:plies]:
        board.push_text(text.split("x")[0])
    block = parse_block(body, f"aufgaben/{slug}.md", line + 1)
    assert board.pos.to_ascii() == block.position.to_ascii()
    assert board.turn is block.position.turn
