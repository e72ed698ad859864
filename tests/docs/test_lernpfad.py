"""The shape of the learning path (docs/lernpfad/): levels in order, one idea each, an example
and an exercise per level, Brandub before Copenhagen, every level ending with a link to the next,
the short route a list of links, every level listed on the overview and every page in the
navigation.

Whether the blocks hold is checked with all other blocks (tests/docs/test_docs_examples.py);
this file checks how the path is put together, and that no example leaves an unstated win.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tafl_core.examples import check_block, find_blocks
from tafl_core.examples.wins import unstated_win
from tafl_docs.proof_store import committed_prover

ROOT = Path(__file__).resolve().parents[2]
PATH = ROOT / "docs" / "lernpfad"
#: The level pages in reading order (the overview index.md comes first in the navigation).
PAGES = [
    "01-ziehen.md",
    "02-schlagen.md",
    "03-koenig.md",
    "04-copenhagen.md",
    "05-sonderregeln.md",
    "06-partie.md",
    "07-strategie.md",
]
#: The closing part (strategy, then the game against the computer): Brandub again, except
#: for the edge fort, which needs Copenhagen.
CLOSING = "07-strategie.md"
#: The last step: the free board with Brandub and the computer (level 1) chosen by the address.
PLAY_LINK = "../spielbrett.md?variante=brandub-7&gegner=1&stufe=1"
WEITER = re.compile(r"^\[(Weiter zu Stufe (\d+): ([^\]]+)|[^\]]+)\]\(([^)\s]+)\)\{ ([^}]*)\}$")
MIN_LEVELS = 40
HEADING = re.compile(r"^## Stufe (\d+): (.+?) \{#stufe-(\d+)\}$")
VARIANT = re.compile(r"^Variante:\s*(\S+)", re.MULTILINE | re.IGNORECASE)
TASK = re.compile(r"^Aufgabe:", re.MULTILINE | re.IGNORECASE)


@dataclass
class Level:
    """One '## Stufe N' section: its number, title, page, and the blocks inside it."""

    number: int
    title: str
    page: str
    prose: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)  # variants of the example blocks
    exercises: list[tuple[str | None, str]] = field(default_factory=list)  # (id, variant)
    last_line: str = ""  # the level's last non-empty line outside its blocks


def levels() -> list[Level]:
    """Every level of the path, in page order."""
    out: list[Level] = []
    for page in PAGES:
        text = (PATH / page).read_text(encoding="utf-8")
        lines = text.split("\n")
        blocks = {b.line: b for b in find_blocks(text)}
        current: Level | None = None
        skip_to = 0
        for number, line in enumerate(lines, start=1):
            if number < skip_to:
                continue
            if line.startswith("## "):
                m = HEADING.match(line)
                assert m, f"{page}:{number}: eine Überschrift der Form '## Stufe N: … {{#stufe-N}}'"
                assert m[1] == m[3], f"{page}:{number}: Nummer und Anker passen nicht zusammen"
                current = Level(int(m[1]), m[2], page)
                out.append(current)
                continue
            if number in blocks:
                assert current is not None, f"{page}:{number}: ein Block vor der ersten Stufe"
                block = blocks[number]
                variant = VARIANT.search(block.body)
                assert variant, f"{page}:{number}: Block ohne Variante"
                if TASK.search(block.body):
                    current.exercises.append((block.id, variant[1]))
                else:
                    current.examples.append(variant[1])
                skip_to = number + len(block.body.split("\n")) + 2
            elif current is not None and line.strip():
                current.last_line = line
                if not WEITER.match(line):
                    current.prose.append(line)
    return out


def test_path_has_enough_levels_numbered_in_order() -> None:
    found = levels()
    assert len(found) >= MIN_LEVELS
    assert [level.number for level in found] == list(range(1, len(found) + 1))


def test_every_level_has_an_example_one_exercise_and_short_prose() -> None:
    found = levels()
    for level in found:
        where = f"{level.page}: Stufe {level.number}"
        want = 0 if level is found[-1] else 1  # the last step is a game, not a task
        assert len(level.exercises) == want, f"{where}: genau {want} Aufgabe"
        assert 1 <= len(level.examples) <= 2, f"{where}: ein Beispiel, höchstens zwei"
        sentences = re.findall(r"[.!?:](?:\s|$)", " ".join(level.prose))
        assert 1 <= len(sentences) <= 6, f"{where}: zwei, drei Sätze, nicht {len(sentences)}"


def test_every_level_ends_with_a_link_to_the_next() -> None:
    found = levels()
    for level, nxt in itertools.pairwise(found):
        m = WEITER.match(level.last_line)
        assert m and m[2], f"Stufe {level.number} endet nicht mit 'Weiter zu Stufe …'"
        anchor = f"#stufe-{nxt.number}"
        href = anchor if nxt.page == level.page else f"{nxt.page}{anchor}"
        assert (int(m[2]), m[3], m[4]) == (nxt.number, nxt.title, href), level.last_line
        assert ".tafl-weiter" in m[5].split()
    last = WEITER.match(found[-1].last_line)
    assert last and last[4] == PLAY_LINK, "der letzte Schritt: Brandub gegen den Computer"
    assert ".tafl-weiter" in last[5].split()


def test_first_level_states_objective_colours_and_notation() -> None:
    first = " ".join(levels()[0].prose)
    for needed in ("Ecke", "fangen", "hellen", "dunklen", "zuerst", "Linie", "Reihe"):
        assert needed in first, f"Stufe 1 sagt nichts über '{needed}'"
    assert re.search(r"„([a-g][1-7])-([a-g][1-7])“ zieht die Figur von \1 nach \2", first)


def test_short_route_is_a_list_of_named_links_with_the_key_levels() -> None:
    index = (PATH / "index.md").read_text(encoding="utf-8")
    box = re.search(r'<div class="tafl-kurzweg" markdown>\n(.*?)\n</div>', index, re.S)
    assert box, 'die Abkürzung steht in <div class="tafl-kurzweg" markdown>'
    items = [line for line in box[1].split("\n") if line.strip()]
    titles = {(lv.number, lv.page): lv.title for lv in levels()}
    numbers = []
    for item in items:
        m = re.fullmatch(r"1\. \[Stufe (\d+): ([^\]]+)\]\(([\w-]+\.md)#stufe-(\d+)\)", item)
        assert m, f"kein Verweis mit Namen: {item}"
        assert m[1] == m[4] and titles.get((int(m[1]), m[3])) == m[2], item
        numbers.append(int(m[1]))
    assert len(numbers) >= 15 and numbers == sorted(numbers)
    assert {11, 18, 26} <= set(numbers), "Hineinziehen, Rand und Doppeldrohung gehören dazu"
    assert numbers[-1] == levels()[-1].number, "die Abkürzung endet mit der Partie"


def test_route_links_are_big_enough_to_tap() -> None:
    css = (ROOT / "docs" / "stylesheets" / "exercise.css").read_text(encoding="utf-8")
    selector = r"\.md-typeset \.tafl-kurzweg li a,\s*\.md-typeset a\.tafl-weiter"
    rule = re.search(selector + r" \{([^}]*)\}", css)
    assert rule, "eine Regel für die Verweise der Abkürzung und 'Weiter'"
    assert re.search(r"min-height:\s*44px", rule[1])
    assert re.search(r"display:\s*inline-flex", rule[1])


def test_exercise_ids_name_their_level() -> None:
    for level in levels():
        if not level.exercises:
            continue
        block_id = level.exercises[0][0]
        assert block_id is not None, f"Stufe {level.number}: die Aufgabe braucht eine id"
        assert block_id.startswith(f"lernpfad-{level.number:02d}-"), block_id


def test_brandub_comes_before_copenhagen() -> None:
    basics = [level for level in levels() if level.page != CLOSING]
    closing = [level for level in levels() if level.page == CLOSING]
    assert closing and closing[-1].examples == ["brandub-7"], "zum Schluss wieder Brandub"
    for level in closing:  # strategy: Brandub, the edge fort on Copenhagen's board
        assert len({*level.examples, *(v for _, v in level.exercises)}) == 1, level.number
    variants = [level.exercises[0][1] for level in basics]
    assert set(variants) == {"brandub-7", "copenhagen-11"}
    switch = variants.index("copenhagen-11")
    assert switch >= 10, "zuerst ein gutes Stück Brandub"
    assert all(v == "brandub-7" for v in variants[:switch])
    assert all(v == "copenhagen-11" for v in variants[switch:])
    for level in basics:
        want = {level.exercises[0][1]}
        assert set(level.examples) == want, f"Stufe {level.number}: eine Variante"


def test_overview_lists_every_level_once_with_its_title() -> None:
    index = (PATH / "index.md").read_text(encoding="utf-8")
    listed = re.findall(r"^- \[Stufe (\d+): ([^\]]+)\]\(([\w-]+\.md)#stufe-(\d+)\)", index, re.M)
    want = [(str(lv.number), lv.title, lv.page, str(lv.number)) for lv in levels()]
    assert listed == want


def test_path_is_early_in_the_navigation() -> None:
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    names = [next(iter(entry)) for entry in config["nav"]]
    assert names[0] == "Start"
    assert names.index("Lernpfad") < names.index("Varianten"), "früh in der Navigation"
    entry = config["nav"][names.index("Lernpfad")]["Lernpfad"]
    assert entry == ["lernpfad/index.md", *(f"lernpfad/{p}" for p in PAGES)]
    assert sorted(p.name for p in PATH.glob("*.md")) == sorted(["index.md", *PAGES])


def test_no_example_leaves_an_unstated_win_in_one() -> None:
    """After its turns no block leaves the side to move a win its text does not state."""
    hits, claims = [], 0
    for page in PAGES:
        path = f"docs/lernpfad/{page}"
        for found in find_blocks((PATH / page).read_text(encoding="utf-8")):
            verdict = check_block(found, path, prover=committed_prover())
            assert verdict.ok, f"{path}:{found.line}: der Block hält nicht"
            claims += found.body.count("\nBehauptung:")
            if verdict.execution is not None and (hit := unstated_win(verdict.execution)):
                hits.append(str(hit))
    assert not hits, "\n".join(hits)
    assert claims >= 20, f"nur {claims} nachgerechnete Behauptungen im Lernpfad"


def test_quoted_balance_figures_are_the_computer_pages() -> None:
    """Stufe 54 quotes Brandub's self-play result; it must match the measured table."""
    table = (ROOT / "docs" / "computer.md").read_text(encoding="utf-8")
    cells = r"^\| Brandub 7×7 \| \*\*(\d+) %\*\* \| [^|]+ \| \*\*(\d+) %\*\* \|"
    row = re.search(cells, table, re.M)
    assert row, "die Zeile zu Brandub 7×7 im Gleichgewicht fehlt in docs/computer.md"
    text = " ".join(levels()[-1].prose)
    assert f"nur {row[1]} % der Partien, die Verteidiger {row[2]} %" in text
