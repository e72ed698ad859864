"""What a rule card shows folded: further examples, and the background sections.

On a phone a card with every example open runs to dozens of screens. Each section of a
card (a heading of level 2 or 3: a rule under `## Spielregeln`, see tafl_docs.rule_numbers,
or a box such as Tyr's pieces not in play) shows its first example open, as Nielsen puts
one picture under each rule; every further example of the section is folded into a box
whose summary is the example's title, one tap away. Exercises (blocks with `Aufgabe:`) fold
the same way among themselves: the first task of a section stays open. The reference
sections after the rules that are read on request fold under
their headings (`fold_sections`). Pages other than rule cards fold nothing.
"""

from __future__ import annotations

import html
import re

from tafl_core.examples.syntax import find_blocks
from tafl_core.lines import split_lines
from tafl_docs.rule_numbers import outside_fences

_TASK = re.compile(r"^\s*Aufgabe\s*:", re.IGNORECASE | re.MULTILINE)
_H123 = re.compile(r"^#{1,3}[ \t]")


def folded_lines(src_path: str, markdown: str) -> frozenset[int]:
    """Opening-fence lines (1-based) of the example blocks the card shows folded."""
    if not src_path.startswith("varianten/"):
        return frozenset()
    found = find_blocks(markdown)
    examples = [b for b in found if not _TASK.search(b.body)]
    tasks = [b for b in found if _TASK.search(b.body)]
    starts = _section_starts(markdown)
    if not starts:  # a page without headings has no section to fold in
        return frozenset()
    out = set()
    for start, end in zip(starts, [*starts[1:], len(split_lines(markdown))], strict=True):
        for blocks in (examples, tasks):
            inside = [b.line for b in blocks if start < b.line - 1 < end]
            out.update(inside[1:])
    return frozenset(out)


def _section_starts(markdown: str) -> list[int]:
    """0-based lines of the headings of level 1 to 3 outside fenced code."""
    lines = split_lines(markdown)
    return [index for index, line, prose in outside_fences(lines) if prose and _H123.match(line)]


def fold(figure: str, caption: str, task: bool = False) -> str:
    """An example's (or a further task's) HTML in a closed box titled with its caption."""
    what = "Weitere Aufgabe" if task else "Weiteres Beispiel"
    title = f"{what}: {caption}" if caption else what
    return (
        '<details class="example tafl-weiteres">'
        f"<summary>{html.escape(title)}</summary>\n{figure}\n</details>"
    )


#: Reference sections of a card (h2), shown folded under their heading: the setup in words and
#: the piece table ("Auf einen Blick" already draws the setup), the key facts (which
#: "Auf einen Blick" already says in sentences), the history, the trivia, the source list and
#: the account of the sources are for looking up, not for learning (each citation in the text
#: has its footnote with the full source).
FOLDED_SECTIONS = (
    "Startaufstellung und Spielfiguren",
    "Grunddaten",
    "Geschichte und Herkunft",
    "Wissenswertes",
    "Regeltext und Quellen",
    "Quellenlage",
)
_READ = ("Geschichte und Herkunft", "Wissenswertes", "Regeltext und Quellen", "Quellenlage")
_H12 = re.compile(r"^(#{1,2})[ \t]+(.*?)[ \t#]*$")


def fold_sections(markdown: str, titles: tuple[str, ...] = FOLDED_SECTIONS) -> str:
    """The card with the body of each h2 section named in `titles` inside a closed box
    ("… lesen") under the heading, which stays (table of contents, anchors)."""
    out: list[str] = []
    folding = False
    for _, line, prose in outside_fences(split_lines(markdown)):
        heading = _H12.match(line) if prose else None
        if heading:
            folding = heading.group(2).strip() in titles
            out.append(line)
            if folding:
                title = heading.group(2).strip()
                # a table is not read
                verb = "lesen" if title in _READ else "anzeigen"
                out += ["", f'??? info tafl-hintergrund "{title} {verb}"', ""]
            continue
        out.append(("    " + line) if folding and line.strip() else line)
    return "\n".join(out) + ("\n" if markdown.endswith("\n") else "")
