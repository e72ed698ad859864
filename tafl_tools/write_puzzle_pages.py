"""Write the Aufgaben pages (docs/aufgaben/) from the committed puzzle file.

    python -m tafl_tools.write_puzzle_pages                   # the pages from the puzzle file
    python -m tafl_tools.write_puzzle_pages --add /tmp/x.json # add mined puzzles, then write
    python -m tafl_tools.write_puzzle_pages --out DIR         # write elsewhere (the tests do)

`data/puzzles/puzzles.json` holds every puzzle the pages show (the fields are described in
`data/puzzles/README.md`); `--add` merges the output of `tafl_tools.mine_puzzles` into it (a
position already there is kept once), so the pages can always be made again from committed
inputs alone (`tests/tools/test_puzzle_pages.py` does).

Each puzzle becomes an exercise block (`Aufgabe:` and `Lösung:` lines) under a heading that
names its theme (or, for a capture, its motif) and depth, with a line that gives its grade
(leicht / mittel / schwer, from the difficulty computed from the proof), its origin and the
motifs of its main line; the block's title says where exactly the position comes from. Each
page goes from easy to hard. The pages are ordinary docs: the example runner proves every
block again (tests, `tafl check`, build), so a page edited by hand stays checked.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections import Counter
from pathlib import Path
from typing import Any

from tafl_core.variants import variant
from tafl_tools.puzzle_grade import grade

ROOT = Path(__file__).resolve().parent.parent
#: One puzzle as read from the JSON file (variant, position, solution, …).
Puzzle = dict[str, Any]

OUT = ROOT / "docs" / "aufgaben"
PUZZLES = ROOT / "data" / "puzzles" / "puzzles.json"
#: The fields of a puzzle the file keeps (the miner writes exactly these).
FIELDS = (
    "variant",
    "kind",
    "side",
    "depth",
    "theme",
    "source",
    "origin",
    "grid",
    "moves",
    "target",
    "motifs",
    "line",
    "difficulty",
)
#: Puzzles with more solving first turns than this were not kept (stated on the pages).
COOKED = 3

INTRO = """\
Mit „Aufgabe lösen“ lässt sich jede Aufgabe auf dem Brett spielen: Die andere Seite antwortet
mit der Abwehr, die am längsten standhält. Jede Lösung ist vom Computer bewiesen, und jeder
richtige erste Zug zählt.
"""

ORDER_NOTE = """\
Die Aufgaben stehen nach Schwierigkeit geordnet, von leicht bis schwer. Die Schwierigkeit
ergibt sich aus dem Beweis: wie viele eigene Züge der Sieg braucht, wie viele falsche erste
Züge verlockend aussehen (sie schlagen, ziehen den König oder landen neben ihm), wie viele
richtige es gibt und wie viele Antworten der Gegenseite bedacht sein wollen.
"""

ABOUT = """\
??? info "Woher die Aufgaben stammen"
{sources}
    Aufgaben mit mehr als {cooked} richtigen ersten Zügen sind aussortiert, weil sie nichts
    lehren; ebenso jede, die schneller zu lösen ist, als sie verlangt. Ein falscher Zug wird mit
    der Antwort widerlegt, die ihn scheitern lässt.
"""

#: Per origin: the short German word on each puzzle, and the page's sentence about it.
ORIGIN = {
    "game": (
        "Partie von Menschen",
        "aus Partien, die Menschen gespielt haben: aus der Partiensammlung, die das freie "
        "Programm hnefatafl-rs (Alan Bunbury, MIT-Lizenz) für seine Tests mitbringt",
    ),
    "match": (
        "Computerpartie",
        "aus Partien des Computergegners gegen sich selbst (Stufe gegen Stufe), die die Seite "
        "[Wie stark spielt der Computer?](../computer.md) auswertet",
    ),
    "random": (
        "Zufallspartie",
        "aus Zufallspartien, die der Computer mit festem Startwert gegen sich selbst gespielt "
        "hat (wiederholbar)",
    ),
    "setup": (
        "Zufallspartie aus zufälliger Aufstellung",
        "aus Zufallspartien von einer zufälligen Aufstellung aus, weil für diese Variante keine "
        "Quelle die Startaufstellung nennt",
    ),
    "motif": (
        "Zufallsstellung um ein Motiv",
        "aus Stellungen, die der Computer mit festem Startwert um ein Motiv herum zufällig "
        "aufgebaut hat (wiederholbar), weil weder Partien noch Zufallspartien dieses Motiv oft "
        "genug zeigten; dem Motiv fehlen darin noch ein oder zwei Figuren, die übrigen stehen "
        "auf zufälligen Feldern",
    ),
}

TASK = {
    "win": "{side} gewinnen in {depth}",
    "save": "{side} verhindern den Sieg",
    "capture": "{side} schlagen {target} in {depth}",
}


def block(p: Puzzle, slug: str, number: int) -> str:
    """One exercise block for a mined puzzle."""
    task = TASK[p["kind"]].format(side=p["side"], depth=p["depth"], target=p.get("target"))
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
    """'Aufgabe 3: Flucht in 2 Zügen (Verteidiger)' – theme (a capture: its motif) and depth."""
    if p["kind"] == "save":
        return f"## Aufgabe {number}: Den Sieg verhindern"
    theme = p["theme"]
    if p["kind"] == "capture":
        theme = "Schlagen mit " + p["motifs"][0] if p["motifs"] else "Schlagen"
    moves = "Zug" if p["depth"] == 1 else "Zügen"
    return f"## Aufgabe {number}: {theme} in {p['depth']} {moves} ({p['side']})"


def facts(p: Puzzle) -> str:
    """The line under the heading: grade, origin and the motifs of the main line."""
    parts = [f"Schwierigkeit: {grade(p['difficulty'])}", f"Herkunft: {ORIGIN[p['origin']][0]}"]
    if p["motifs"]:
        parts.append(("Motiv: " if len(p["motifs"]) == 1 else "Motive: ") + ", ".join(p["motifs"]))
    return "*" + " · ".join(parts) + "*"


def ordered(puzzles: list[Puzzle]) -> list[Puzzle]:
    """The puzzles of a page from easy to hard (ties: as they stand in the file)."""
    return sorted(puzzles, key=lambda p: p["difficulty"])


def page(slug: str, puzzles: list[Puzzle]) -> str:
    """The Aufgaben page of one variant."""
    var = variant(slug)
    found = Counter(p["origin"] for p in puzzles)
    said = [
        f"{_count(found[o], len(found) == 1)} {sentence}."
        for o, (_, sentence) in ORIGIN.items()
        if found[o]
    ]
    sources = " ".join(said)
    where = "Partie oder Stellung" if found["motif"] else "Partie"
    extra = (
        f" Bei jeder Aufgabe steht, aus welcher {where} und nach wie vielen Halbzügen sie stammt."
    )
    parts = [
        f"# Aufgaben: {var.name}",
        "",
        INTRO.rstrip("\n") + f" Die Regeln: [{var.name}](../varianten/{slug}.md).",
        "",
        ORDER_NOTE,
        ABOUT.format(
            sources=_indent(sources + extra),
            cooked={2: "zwei", 3: "drei", 4: "vier"}[COOKED],
        ),
    ]
    for number, p in enumerate(ordered(puzzles), start=1):
        parts += [heading(p, number), "", facts(p), "", block(p, slug, number), ""]
    return "\n".join(parts)


def _count(n: int, every: bool) -> str:
    """'Alle 12 Aufgaben stammen' / '1 Aufgabe stammt' – the subject of an origin sentence."""
    if every:
        return f"Alle {n} Aufgaben stammen" if n > 1 else "Die Aufgabe stammt"
    return "1 Aufgabe stammt" if n == 1 else f"{n} Aufgaben stammen"


def _indent(text: str) -> str:
    """`text` wrapped at 96 columns and indented for the admonition."""
    return "\n".join("    " + line for line in textwrap.wrap(text, 92))


def index(counts: dict[str, list[Puzzle]]) -> str:
    """docs/aufgaben/index.md: the variants with their puzzles by grade, and the themes."""
    every = [p for v in counts.values() for p in v]
    total = len(every)
    found = Counter(p["origin"] for p in every)
    rows = []
    for slug, puzzles in counts.items():
        grades = Counter(grade(p["difficulty"]) for p in puzzles)
        themes = sorted({t for p in puzzles for t in _themes(p)})
        rows.append(
            f"| [{variant(slug).name}]({slug}.md) | {len(puzzles)} | {grades['leicht']} | "
            f"{grades['mittel']} | {grades['schwer']} | {', '.join(themes)} |"
        )
    origins = ", ".join(f"{found[o]} aus {word}" for o, word in ORIGIN_PLURAL.items() if found[o])
    return "\n".join(
        [
            "# Aufgaben",
            "",
            f"{total} Aufgaben: {origins}. Wer die Regeln erst "
            "lernt, beginnt besser mit dem [Lernpfad](../lernpfad/index.md).",
            "",
            INTRO,
            ORDER_NOTE,
            "Aufgaben mit mehr als drei richtigen ersten Zügen sind aussortiert, weil sie nichts "
            "lehren.",
            "",
            "| Variante | Aufgaben | leicht | mittel | schwer | Themen |",
            "|---|---|---|---|---|---|",
            *rows,
            "",
            "Die Partien aus der Sammlung von hnefatafl-rs (Copenhagen und Brandub) stehen unter",
            "der MIT-Lizenz; ihr Hinweis liegt bei den Daten im Projekt (`data/games/`).",
            "",
        ]
    )


#: The origins as the index counts them.
ORIGIN_PLURAL = {
    "game": "Partien von Menschen",
    "match": "Computerpartien",
    "random": "Zufallspartien",
    "setup": "Zufallspartien von einer zufälligen Aufstellung aus",
    "motif": "Zufallsstellungen um ein Motiv",
}


def _themes(p: Puzzle) -> list[str]:
    """The theme and motifs a puzzle shows (for the index)."""
    return [p["theme"], *p["motifs"]] if p["kind"] != "capture" else list(p["motifs"])


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
