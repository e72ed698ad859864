"""Write the Aufgaben pages (docs/aufgaben/) from the committed puzzle file.

    python -m tafl_tools.write_puzzle_pages                   # the pages from the puzzle file
    python -m tafl_tools.write_puzzle_pages --add /tmp/x.json # add mined puzzles, then write
    python -m tafl_tools.write_puzzle_pages --out DIR         # write elsewhere (the tests do)

`data/puzzles/puzzles.json` holds every puzzle the pages show (variant, kind, side, depth,
theme, source, grid, solving first turns); `--add` merges the output of
`tafl_tools.mine_puzzles` into it (a position already there is kept once), so the pages can
always be made again from committed inputs alone (`tests/tools/test_puzzle_pages.py` does).

Each puzzle becomes an exercise block (`Aufgabe:` and `Lösung:` lines) under a heading that
names its theme and depth; the block's title says where the position comes from. The pages
are ordinary docs: the example runner proves every block again (tests, `tafl check`, build),
so a page edited by hand stays checked.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tafl_core.variants import variant

ROOT = Path(__file__).resolve().parent.parent
#: One puzzle as read from the JSON file (variant, position, solution, …).
Puzzle = dict[str, Any]

OUT = ROOT / "docs" / "aufgaben"
PUZZLES = ROOT / "data" / "puzzles" / "puzzles.json"
#: The fields of a puzzle the pages use (the miner writes more).
FIELDS = ("variant", "kind", "side", "depth", "theme", "source", "grid", "moves")
#: Puzzles with more solving first turns than this were not kept (stated on the pages).
COOKED = 3

INTRO = """\
Tippe auf „Aufgabe lösen“ und ziehe: Die andere Seite antwortet mit ihrer zähesten
Verteidigung. Jede Lösung hat die Engine bewiesen, und jeder richtige erste Zug zählt.
"""

ABOUT = """\
??? info "Woher die Aufgaben stammen"
    {source}
    Aufgaben mit mehr als {cooked} richtigen ersten Zügen sind aussortiert, weil sie nichts
    lehren; ebenso jede, die schneller zu lösen ist, als sie verlangt. Ein falscher Zug wird mit
    der Antwort widerlegt, die ihn scheitern lässt.
"""

SOURCE_GAMES = """\
Die Stellungen stammen aus Partien, die Menschen gespielt haben: aus der Partiensammlung, die das
freie Programm hnefatafl-rs (Alan Bunbury, MIT-Lizenz) für seine Tests mitbringt. Bei jeder
Aufgabe steht, aus welcher Partie und nach wie vielen Halbzügen sie stammt.
"""

SOURCE_SELFPLAY = """\
Die Stellungen stammen aus Zufallspartien, die der Computer mit festem Startwert gegen sich selbst
gespielt hat (wiederholbar); bei jeder Aufgabe steht, aus welcher.
"""

TASK = {
    "win": "{side} gewinnen in {depth}",
    "save": "{side} verhindern den Sieg",
}
HEADING = {
    "win": "{theme} in {depth}",
    "save": "Den Sieg verhindern",
}


def block(p: Puzzle, slug: str, number: int) -> str:
    """One exercise block for a mined puzzle."""
    task = TASK[p["kind"]].format(side=p["side"], depth=p["depth"])
    lines = [
        f"```tafl id=aufgabe-{slug}-{number:02d}",
        f"Variante: {slug}",
        f"Titel: {p['source']}.",
        "Stellung:",
        *p["grid"].splitlines(),
        f"Aufgabe: {task}",
        "Lösung: " + "; ".join(p["moves"]),
        "```",
    ]
    return "\n".join(lines)


def heading(p: Puzzle, number: int) -> str:
    """'Aufgabe 3: Flucht in 2 Zügen' – theme and depth, as the issue asks."""
    text = HEADING[p["kind"]].format(theme=p["theme"], depth=p["depth"])
    if p["kind"] == "win":
        text += " Zug" if p["depth"] == 1 else " Zügen"
        side = "Verteidiger" if p["side"] == "Verteidiger" else "Angreifer"
        text = f"{text} ({side})"
    return f"## Aufgabe {number}: {text}"


def page(slug: str, puzzles: list[Puzzle]) -> str:
    """The Aufgaben page of one variant."""
    var = variant(slug)
    from_games = any(p["source"].startswith("Partie") for p in puzzles)
    source = " ".join((SOURCE_GAMES if from_games else SOURCE_SELFPLAY).split())
    parts = [
        f"# Aufgaben: {var.name}",
        "",
        INTRO.rstrip("\n") + f" Die Regeln: [{var.name}](../varianten/{slug}.md).",
        "",
        ABOUT.format(source=source, cooked={2: "zwei", 3: "drei", 4: "vier"}[COOKED]),
    ]
    order = sorted(puzzles, key=lambda p: (p["kind"] != "save", p["depth"], p["theme"]))
    for number, p in enumerate(order, start=1):
        parts += [heading(p, number), "", block(p, slug, number), ""]
    return "\n".join(parts)


def index(counts: dict[str, list[Puzzle]]) -> str:
    """docs/aufgaben/index.md: the variants with their number of puzzles and themes."""
    total = sum(len(v) for v in counts.values())
    rows = []
    for slug, puzzles in counts.items():
        themes = sorted({p["theme"] for p in puzzles})
        rows.append(f"| [{variant(slug).name}]({slug}.md) | {len(puzzles)} | {', '.join(themes)} |")
    return "\n".join(
        [
            "# Aufgaben",
            "",
            f"{total} Aufgaben aus echten Partien und aus Zufallspartien. Wer die Regeln erst "
            "lernt, beginnt besser mit dem [Lernpfad](../lernpfad/index.md).",
            "",
            INTRO,
            "Aufgaben mit mehr als drei richtigen ersten Zügen sind aussortiert, weil sie nichts "
            "lehren.",
            "",
            "| Variante | Aufgaben | Themen |",
            "|---|---|---|",
            *rows,
            "",
            "Die Partien aus der Sammlung von hnefatafl-rs (Copenhagen und Brandub) stehen unter",
            "der MIT-Lizenz; ihr Hinweis liegt bei den Daten im Projekt (`data/games/`).",
            "",
        ]
    )


def merged(puzzles: list[Puzzle], more: list[Puzzle]) -> list[Puzzle]:
    """`puzzles` followed by the new ones of `more` (a position mined twice is one puzzle),
    each cut to FIELDS."""
    seen = {(p["variant"], p["grid"], p["side"]) for p in puzzles}
    out = list(puzzles)
    for p in more:
        key = (p["variant"], p["grid"], p["side"])
        if key not in seen:
            seen.add(key)
            out.append({f: p[f] for f in FIELDS})
    return out


def write_pages(puzzles: list[Puzzle], out: Path) -> int:
    """One page per variant plus the index into `out`; returns the number of pages."""
    by_variant: dict[str, list[Puzzle]] = {}
    for p in puzzles:
        by_variant.setdefault(p["variant"], []).append(p)
    out.mkdir(parents=True, exist_ok=True)
    order = [s for s in _catalogue_order() if s in by_variant]
    for slug in order:
        (out / f"{slug}.md").write_text(page(slug, by_variant[slug]), "utf-8")
    (out / "index.md").write_text(index({s: by_variant[s] for s in order}), "utf-8")
    return len(order)


def main(argv: list[str]) -> int:
    """Write the pages from the puzzle file (after merging `--add FILE…` into it)."""
    ap = argparse.ArgumentParser(
        prog="python -m tafl_tools.write_puzzle_pages", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("--add", nargs="+", type=Path, default=[], help="JSON files of mine_puzzles.py")
    ap.add_argument("--out", type=Path, default=OUT, help="folder of the pages")
    args = ap.parse_args(argv)
    puzzles = json.loads(PUZZLES.read_text("utf-8"))
    if args.add:
        for name in args.add:
            puzzles = merged(puzzles, json.loads(name.read_text("utf-8")))
        PUZZLES.write_text(json.dumps(puzzles, ensure_ascii=False, indent=1) + "\n", "utf-8")
    pages = write_pages(puzzles, args.out)
    print(f"{len(puzzles)} puzzles on {pages} pages")
    return 0


def _catalogue_order() -> list[str]:
    """Variant order of the site (tafl_docs/data/catalogue.toml)."""
    import tomllib

    data = tomllib.loads((ROOT / "tafl_docs" / "data" / "catalogue.toml").read_text("utf-8"))
    return [v if isinstance(v, str) else v["slug"] for v in data.get("order", [])] or sorted(
        p.stem for p in (ROOT / "tafl_core" / "data" / "variants").glob("*.toml")
    )


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
