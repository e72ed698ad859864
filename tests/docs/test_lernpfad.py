"""The shape of the learning path (docs/lernpfad/): levels in order, one idea each, an example
and an exercise per level, Brandub before Copenhagen, every level listed on the overview and
every page in the navigation.

Whether the blocks hold is checked with all other blocks (tests/docs/test_docs_examples.py); this file
checks only how the path is put together.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tafl_core.examples import find_blocks

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
]
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
                current.prose.append(line)
    return out


def test_path_has_enough_levels_numbered_in_order() -> None:
    found = levels()
    assert len(found) >= MIN_LEVELS
    assert [level.number for level in found] == list(range(1, len(found) + 1))


def test_every_level_has_one_example_one_exercise_and_short_prose() -> None:
    for level in levels():
        where = f"{level.page}: Stufe {level.number}"
        assert len(level.exercises) == 1, f"{where}: genau eine Aufgabe"
        assert len(level.examples) == 1, f"{where}: genau ein Beispiel"
        sentences = re.findall(r"[.!?:](?:\s|$)", " ".join(level.prose))
        assert 1 <= len(sentences) <= 6, f"{where}: zwei, drei Sätze, nicht {len(sentences)}"


def test_exercise_ids_name_their_level() -> None:
    for level in levels():
        block_id = level.exercises[0][0]
        assert block_id is not None, f"Stufe {level.number}: die Aufgabe braucht eine id"
        assert block_id.startswith(f"lernpfad-{level.number:02d}-"), block_id


def test_brandub_comes_before_copenhagen() -> None:
    variants = [level.exercises[0][1] for level in levels()]
    assert set(variants) == {"brandub-7", "copenhagen-11"}
    switch = variants.index("copenhagen-11")
    assert switch >= 10, "zuerst ein gutes Stück Brandub"
    assert all(v == "brandub-7" for v in variants[:switch])
    assert all(v == "copenhagen-11" for v in variants[switch:])
    for level in levels():
        assert level.examples == [level.exercises[0][1]], f"Stufe {level.number}: eine Variante"


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
