"""The tables of docs/computer.md, made from the match files in data/matches/.

The page's text is written by hand; everything between the marks
`<!-- tabellen: anfang -->` and `<!-- tabellen: ende -->` is made here from the JSON files
that `tafl_tools.match --json --out` (or `--plan`) wrote. tests/tools/test_computer_page.py fails
when the page and the files disagree.

    python -m tafl_tools.computer_page           # rewrite the tables
    python -m tafl_tools.computer_page --check   # exit 1 if they are stale
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tafl_core import all_variants, variant
from tafl_docs.markdown import region
from tafl_tools.match import MAIN_VARIANTS, MATCH_DIR

ROOT = Path(__file__).resolve().parent.parent

PAGE = ROOT / "docs" / "computer.md"
BEGIN = "<!-- tabellen: anfang -->"
END = "<!-- tabellen: ende -->"

Key = tuple[str, int, int]


def load(folder: Path = MATCH_DIR) -> dict[Key, dict[str, Any]]:
    """The match files by (variant, level A, level B)."""
    out: dict[Key, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        a, b = doc["levels"]
        out[(doc["variant"], a, b)] = doc
    return out


def pct(x: float) -> str:
    """A share as a whole German percentage."""
    return f"{round(100 * x)} %"


def interval(pair: list[float]) -> str:
    """A Wilson interval as "a–b %"."""
    return f"{round(100 * pair[0])}–{round(100 * pair[1])} %"


def games(d: dict[str, Any]) -> str:
    """The games of a match; "N von M" when it was published part-way."""
    planned = d.get("planned", d["games"])
    return f"{d['games']} von {planned}" if planned > d["games"] else str(d["games"])


def boxed(label: str, table: str) -> str:
    """A table in a scrollable region that the keyboard reaches (wide on a phone)."""
    return "\n".join(region("tafl-messung", label, table.splitlines())) + "\n"


def _order(slug: str) -> tuple[int, str]:
    """Sort key: the main variants first (in their order), then the others by name."""
    return (MAIN_VARIANTS.index(slug) if slug in MAIN_VARIANTS else len(MAIN_VARIANTS), slug)


def level_rows(docs: dict[Key, dict[str, Any]], slug: str) -> list[str]:
    """Rows "level A against level B" of one variant: the stronger level's points."""
    rows = []
    keys = [k for k in docs if k[0] == slug and k[1] != k[2]]
    for key in sorted(keys, key=lambda k: (-k[1], -k[2])):
        d = docs[key]
        a, b = key[1], key[2]
        att = d["a_by_side"]["attackers"]
        dfn = d["a_by_side"]["defenders"]
        rows.append(
            f"| {a} gegen {b} | **{pct(d['a_rate'])}** | {interval(d['a_ci'])} | {games(d)} "
            f"| {d['a_wins']} / {d['draws']} / {d['b_wins']} "
            f"| {pct(att['a_rate'])} | {pct(dfn['a_rate'])} |"
        )
    return rows


def reading(docs: dict[Key, dict[str, Any]], slug: str) -> str:
    """What the level rows of one variant show and what not, from their intervals (German).

    A row shows the higher level stronger only when its interval lies above 50 %; the
    others are named, so no reader takes a small lead for a proven one.
    """
    keys = sorted((k for k in docs if k[0] == slug and k[1] != k[2]), key=lambda k: (-k[1], -k[2]))
    if not keys:
        return ""
    open_rows = [f"{k[1]} gegen {k[2]}" for k in keys if docs[k]["a_ci"][0] < 0.5]
    if not open_rows:
        return (
            "In jeder Zeile liegt das ganze Intervall über 50 %: Die höhere Stufe ist hier "
            "nachweislich die stärkere.\n"
        )
    if len(open_rows) == 1:
        rows = f"In der Zeile „{open_rows[0]}“"
    else:
        rows = "In den Zeilen " + ", ".join(f"„{r}“" for r in open_rows[:-1])
        rows += f" und „{open_rows[-1]}“"
    text = (
        f"{rows} reicht das Intervall bis unter 50 %: Dass die höhere Stufe dort die stärkere "
        "ist, zeigen diese Partien nicht sicher."
    )
    if len(open_rows) < len(keys):
        text += " In allen anderen Zeilen liegt das ganze Intervall über 50 %."
    return text + "\n"


def tables(docs: dict[Key, dict[str, Any]]) -> str:
    """The Markdown of all tables (German)."""
    out: list[str] = []
    # the points first: on a phone they are what shows before the table scrolls sideways
    head = (
        "| Stufen | Punkte | 95-%-Intervall | Partien | Siege / Remis / Niederlagen "
        "| als Angreifer | als Verteidiger |\n"
        "|---|--:|:-:|--:|:-:|--:|--:|"
    )
    for slug in MAIN_VARIANTS:
        rows = level_rows(docs, slug)
        if not rows:
            continue
        out.append(f"### {variant(slug).name}\n")
        out.append(
            "Punkte der höheren Stufe (Sieg 1, Remis ½); Siege, Remis und Niederlagen aus ihrer "
            "Sicht.\n"
        )
        out.append(
            boxed(f"Stufen gegeneinander: {variant(slug).name}", head + "\n" + "\n".join(rows))
        )
        out.append(reading(docs, slug))
    others = [
        k for k in docs if k[0] not in MAIN_VARIANTS and k[1] != k[2] and k[0] in all_variants()
    ]
    if others:
        out.append("### Stufe 5 gegen Stufe 1 in den anderen Varianten\n")
        rows = []
        for key in sorted(others, key=lambda k: (_order(k[0]), -k[1], -k[2])):
            d = docs[key]
            rows.append(
                f"| {variant(key[0]).name} | {key[1]} gegen {key[2]} | **{pct(d['a_rate'])}** "
                f"| {interval(d['a_ci'])} | {games(d)} "
                f"| {d['a_wins']} / {d['draws']} / {d['b_wins']} |"
            )
        out.append(
            boxed(
                "Stufe 5 gegen Stufe 1 in den anderen Varianten",
                "| Variante | Stufen | Punkte | 95-%-Intervall | Partien "
                "| Siege / Remis / Niederlagen |\n|---|---|--:|:-:|--:|:-:|\n" + "\n".join(rows),
            )
        )
    balance = [k for k in docs if k[1] == k[2] == 3 and k[0] in all_variants()]
    if balance:
        out.append("## Gleichgewicht: Stufe 3 gegen sich selbst\n")
        out.append(
            "Wie oft gewinnen die Angreifer, wie oft die Verteidiger, wenn beide Seiten gleich "
            "stark spielen? Hier spielt Stufe 3 gegen Stufe 3; was die Zahlen sagen und was "
            "nicht, steht [unten](#so-wurde-gemessen).\n"
        )
        rows = []
        for key in sorted(balance, key=lambda k: _order(k[0])):
            d = docs[key]
            n = d["games"]
            dfn_rate = d["defenders_wins"] / n
            draws = n - d["attackers_wins"] - d["defenders_wins"]
            rows.append(
                f"| {variant(key[0]).name} | **{pct(d['attackers_rate'])}** "
                f"| {interval(d['attackers_ci'])} | **{pct(dfn_rate)}** "
                f"| {interval(d['defenders_ci'])} | {draws} | {games(d)} |"
            )
        out.append(
            boxed(
                "Gleichgewicht: Stufe 3 gegen sich selbst",
                "| Variante | Angreifer gewinnen | 95-%-Intervall | Verteidiger gewinnen "
                "| 95-%-Intervall | Remis | Partien |\n|---|--:|:-:|--:|:-:|--:|--:|\n"
                + "\n".join(rows),
            )
        )
    if not out:
        out.append("*Noch keine Messungen.*\n")
    return "\n".join(out)


def render(page: str, docs: dict[Key, dict[str, Any]]) -> str:
    """The page with its tables made anew."""
    start = page.index(BEGIN) + len(BEGIN)
    stop = page.index(END)
    return page[:start] + "\n\n" + tables(docs) + "\n" + page[stop:]


def main() -> None:
    """Rewrite the tables of docs/computer.md (or check them with --check)."""
    parser = argparse.ArgumentParser(
        prog="python -m tafl_tools.computer_page", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--check", action="store_true", help="only check, exit 1 if stale")
    args = parser.parse_args()
    page = PAGE.read_text(encoding="utf-8")
    new = render(page, load())
    if args.check:
        if new != page:
            print("docs/computer.md: Tabellen veraltet (computer_page.py ausführen)")
            sys.exit(1)
        return
    PAGE.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    main()
