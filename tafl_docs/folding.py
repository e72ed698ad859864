"""Which examples of a rule card start folded, and the fold itself.

On a phone a card with every example open runs to dozens of screens. Each rule section
(`###` under `## Spielregeln`, see tafl_docs.rule_numbers) shows its first example open,
as Nielsen puts one picture under each rule; every further example of the section is
folded into a box whose summary is the example's title, one tap away. Exercises
(blocks with `Aufgabe:`) are never folded. Pages other than rule cards fold nothing.
"""

from __future__ import annotations

import html
import re

from tafl_core.examples.syntax import find_blocks
from tafl_docs import rule_numbers

_TASK = re.compile(r"^\s*Aufgabe\s*:", re.IGNORECASE | re.MULTILINE)


def folded_lines(src_path: str, markdown: str) -> frozenset[int]:
    """Opening-fence lines (1-based) of the example blocks the card shows folded."""
    if not src_path.startswith("varianten/"):
        return frozenset()
    blocks = [b for b in find_blocks(markdown) if not _TASK.search(b.body)]
    out = set()
    for heading, end in rule_numbers.spans(markdown):
        inside = [b.line for b in blocks if heading.line < b.line - 1 < end]
        out.update(inside[1:])
    return frozenset(out)


def fold(figure: str, caption: str) -> str:
    """An example's HTML in a closed box titled with the example's caption."""
    title = f"Weiteres Beispiel: {caption}" if caption else "Weiteres Beispiel"
    return (
        '<details class="example tafl-weiteres">'
        f"<summary>{html.escape(title)}</summary>\n{figure}\n</details>"
    )
