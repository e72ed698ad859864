"""Rule numbers of a variant card: "§ 1", "§ 2", … for the sections of its rules.

The one source of the numbers players quote at the board. A card's rules are the `###`
headings under its `## Spielregeln` (docs/varianten/*.md, see notes/writing-guide.md); they
are numbered from 1 in the order they stand. The site (the plugin numbers the headings and
gives them the anchor `#regel-N`) and the rule sheets both ask this module, so a card and
its sheet quote the same number.

What counts: ATX headings at the start of a line (`### Titel`, closing `#`s and an
attribute list `{#id}` removed), outside fenced code blocks; an indented heading (inside an
admonition or a list) belongs to that box, not to the rule list; `####` and deeper are parts
of a rule. A card without `## Spielregeln` has no numbered rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from markdown.extensions.toc import slugify  # type: ignore[import-untyped]

from tafl_core.lines import split_keepends, split_lines

#: The h2 whose `###` sections are the card's rules.
RULES_HEADING = "Spielregeln"
#: An ATX heading at the start of a line: its hashes and its text.
_HEADING = re.compile(r"^(#{1,6})(?:[ \t]+(.*?))?[ \t]*$")
#: A fence opener or closer (possibly indented, e.g. inside an admonition).
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
#: A trailing attribute list `{#id .class}` of attr_list.
_ATTRS = re.compile(r"[ \t]*\{[^{}]*\}[ \t]*$")
#: Closing hashes of an ATX heading.
_CLOSING = re.compile(r"[ \t]+#+[ \t]*$|^#+[ \t]*$")


@dataclass(frozen=True)
class RuleHeading:
    """One numbered rule: its number, heading text and the 0-based line it stands on."""

    number: int
    text: str
    line: int

    @property
    def anchor(self) -> str:
        """The stable anchor of the rule on its card, e.g. `regel-3`."""
        return anchor(self.number)

    @property
    def label(self) -> str:
        """The number as players quote it, e.g. `§ 3` (no break between sign and number)."""
        return label(self.number)


def anchor(number: int) -> str:
    """The anchor (HTML id) of rule `number` on its card: `regel-N`."""
    return f"regel-{number}"


def label(number: int) -> str:
    """The rule number as written on the card and the sheet: `§ N` (non-breaking space)."""
    return f"§\u00a0{number}"


def outside_fences(lines: list[str]) -> Iterator[tuple[int, str, bool]]:
    """Each line with its 0-based index and whether it is prose: neither a fence line nor
    inside fenced code (the one fence tracker of the Markdown transforms)."""
    fence: str | None = None
    for index, line in enumerate(lines):
        opener = _FENCE.match(line)
        if opener:
            mark = opener.group(1)
            if fence is None:
                fence = mark
            elif mark[0] == fence[0] and len(mark) >= len(fence) and not line.strip()[len(mark) :]:
                fence = None
            yield index, line, False
        else:
            yield index, line, fence is None


def heading_text(raw: str) -> str:
    """A heading's text without closing hashes and attribute list."""
    text = _ATTRS.sub("", raw)
    text = _CLOSING.sub("", text)
    return text.strip()


def headings(markdown: str) -> list[RuleHeading]:
    """The card's numbered rules with the lines their headings stand on."""
    return [h for h, _ in spans(markdown)]


def spans(markdown: str) -> list[tuple[RuleHeading, int]]:
    """Each numbered rule with the 0-based line where its section ends (exclusive): the
    next heading of level 1 to 3, or the end of the text."""
    out: list[tuple[RuleHeading, int]] = []
    open_rule: RuleHeading | None = None
    in_rules = False
    for index, line, prose in outside_fences(split_lines(markdown)):
        if not prose:
            continue
        m = _HEADING.match(line)
        if not m:
            continue
        level, text = len(m.group(1)), heading_text(m.group(2) or "")
        if level > 3:
            continue
        if open_rule is not None:
            out.append((open_rule, index))
            open_rule = None
        if level <= 2:
            in_rules = level == 2 and text == RULES_HEADING
        elif in_rules and text:
            open_rule = RuleHeading(len(out) + 1, text, index)
    if open_rule is not None:
        out.append((open_rule, len(split_lines(markdown))))
    return out


def sections(markdown: str) -> list[tuple[int, str]]:
    """(number, heading text) of every rule of the card, numbered from 1 in page order."""
    return [(h.number, h.text) for h in headings(markdown)]


def numbered(markdown: str) -> str:
    """The card with its rule headings numbered for the site: `### § 3 Schlagen {#regel-3}`.

    The heading's former anchor (the slug of its text, e.g. `#schlagen`) stays reachable
    through an empty element before it, so older links into the card keep working.
    """
    lines = split_keepends(markdown)
    for h in headings(markdown):
        old = str(slugify(h.text, "-"))
        alias = f'<div id="{old}" class="tafl-anker"></div>\n\n' if old != h.anchor else ""
        lines[h.line] = f"\n{alias}### {h.label} {h.text} {{#{h.anchor}}}\n"
    return "".join(lines)


def number_of(markdown: str, text: str) -> int | None:
    """The number of the rule whose heading reads `text` (None if the card has none)."""
    return next((n for n, t in sections(markdown) if t == text), None)
