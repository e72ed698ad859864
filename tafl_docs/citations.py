"""Citations in running text become numbered, linked footnotes.

Authors cite with the source key in square brackets, as notes/writing-guide.md says:
`[Nielsen-cph]`, or with a place in the source, `[Nielsen-cph, Regel 5a]`. At build time
the plugin turns each such citation into a Markdown footnote (`[^q1]`), numbered in the
order of first citation; citing the same key and place again reuses the number. The
footnote names the source in full, with its place and link.

Where the sources come from:

- a rule card (`varianten/<slug>.md`): the variant's `[[sources]]` in its data file
  (the list `[[tafl:quellen SLUG]]` prints);
- a mechanics page (`mechaniken/*.md`): its own `## Quellen` list (`- [Key] Text`), which
  stays as written.

A citation whose key has no source entry is a problem naming the line (the plugin makes it a
build error). Citations are only looked for outside fenced code, inline code, links
(`[Text](…)`, `[Text][…]`), footnotes and directive lines; a key is one word with hyphens or
dots (`hnefatafl.org`), so bracketed words with spaces (`[Tyr 15×15]`) are never citations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tafl_core.lines import split_keepends, split_lines
from tafl_core.variants import all_variants

#: A source key: one word, parts joined by hyphens (dots inside a part, as in hnefatafl.org).
KEY = r"[A-Za-z][A-Za-z0-9.]*(?:-[A-Za-z0-9.]+)*"
#: A citation: [KEY] or [KEY, place]; not an image, link or footnote (and, see `_cite`, not
#: a link definition). Blanks before it go with it: the footnote number follows the word.
CITATION = re.compile(
    rf"[ \t]*(?<![\\!\]\[\w`])\[(?P<key>{KEY})(?:,[ \t]*(?P<place>[^\[\]\n]+?))?[ \t]*\](?![(\[])"
)
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_CODE_SPAN = re.compile(r"(`+)(?:.*?[^`])?\1(?!`)")
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t#]*$")
#: Words after which a citation is the object of the sentence ("folgt [Nielsen-cph]", "steht in
#: [Martens-tyr]"): there the key stays readable as a name, with its footnote number after it.
NOUN_AFTER = frozenset({"in", "folgt", "folgen", "nach", "laut", "bei", "siehe", "("})
#: Words that continue the form of the citation before them ("in [A] und [B]").
ALSO_AFTER = frozenset({"und", "oder", "sowie"})
_LAST_WORD = re.compile(r"(\S+)\s*$")
#: An entry of a page's source list: `- [Key] Text` or `- [Key] / [Key2] Text` (one entry).
_LIST_SOURCE = re.compile(
    rf"^[-*][ \t]+(?P<keys>\[{KEY}\](?:[ \t]*/[ \t]*\[{KEY}\])*)[ \t]*(?P<text>.*)$"
)
#: The heading of a page's source list: "Quellen", also numbered ("Abschnitt 7: Quellen").
_SOURCES_TITLE = re.compile(r"^(?:.*:[ \t]*)?Quellen$")


@dataclass(frozen=True)
class Source:
    """One source entry: its key and its description as Markdown (title, link)."""

    key: str
    text: str
    url: str = ""


@dataclass(frozen=True)
class Problem:
    """A citation without a source entry: the 1-based line and a German message."""

    line: int
    message: str


#: A link written last in a source entry: `… Regeln. <https://…>`.
_TRAILING_URL = re.compile(r"[ \t–-]*<(?P<url>https?://[^>\s]+)>[ \t.]*$")
KEY_IN_BRACKETS = rf"\[({KEY})\]"


def _is_sources_heading(heading: re.Match[str]) -> bool:
    """Whether a heading match opens a page's source list (an h2 named "Quellen")."""
    return len(heading.group(1)) == 2 and bool(_SOURCES_TITLE.match(heading.group(2).strip()))


def card_sources(slug: str) -> dict[str, Source]:
    """The sources of a variant's data file, by key (title and link as Markdown)."""
    v = all_variants().get(slug)
    if v is None:
        return {}
    out = {}
    for s in v.sources:
        title = s.title.replace("[", "\\[").replace("]", "\\]")
        out[s.key] = Source(s.key, title, s.url or "")
    return out


def listed_sources(markdown: str) -> dict[str, Source]:
    """The entries of the page's own `## Quellen` list (`- [Key] Text`, continuation lines
    indented), by key."""
    out: dict[str, Source] = {}
    inside = False
    current: list[str] | None = None
    keys: list[str] = []
    for line in [*split_lines(markdown), "# end"]:
        heading = _HEADING.match(line)
        item = _LIST_SOURCE.match(line) if inside else None
        if current is not None and (heading or item or not line.startswith((" ", "\t"))):
            text = " ".join(current).strip()
            link = _TRAILING_URL.search(text)
            url = link.group("url") if link else ""
            text = text[: link.start()].rstrip() if link else text
            for key in keys:
                out[key] = Source(key, text, url)
            current = None
        if heading:
            inside = _is_sources_heading(heading)
        elif item:
            keys = re.findall(KEY_IN_BRACKETS, item.group("keys"))
            current = [item.group("text").strip()]
        elif current is not None:
            current.append(line.strip())
    return out


def sources_for(src_path: str, markdown: str) -> dict[str, Source] | None:
    """The sources citations on this page may name, or None for a page without citations
    (only rule cards and mechanics pages cite)."""
    if src_path.startswith("varianten/"):
        return card_sources(src_path.removeprefix("varianten/").removesuffix(".md"))
    if src_path.startswith("mechaniken/"):
        return listed_sources(markdown)
    return None


def _skipped_lines(markdown: str) -> set[int]:
    """0-based lines where no citation is looked for: fenced code, directive lines, and a
    mechanics page's own source list."""
    skipped = set()
    fence: str | None = None
    in_list = False
    for index, line in enumerate(split_lines(markdown)):
        opener = _FENCE.match(line)
        if fence is not None or opener:
            skipped.add(index)
            if opener:
                mark = opener.group(1)
                if fence is None:
                    fence = mark
                elif (
                    mark[0] == fence[0]
                    and len(mark) >= len(fence)
                    and not line.strip()[len(mark) :]
                ):
                    fence = None
            continue
        heading = _HEADING.match(line)
        if heading:
            in_list = _is_sources_heading(heading)
        if in_list or line.strip().startswith("[[tafl:"):
            skipped.add(index)
    return skipped


@dataclass(frozen=True)
class Cited:
    """A page with footnote references in place of its citations (its lines keep their
    numbers), the footnote definitions to append at its end, and the keys without source."""

    text: str
    notes: list[str]
    problems: list[Problem]

    def joined(self) -> str:
        """The text with the footnote definitions appended."""
        if not self.notes:
            return self.text
        return self.text.rstrip("\n") + "\n\n" + "\n".join(self.notes) + "\n"


def footnoted(markdown: str, sources: dict[str, Source], where: str = "Seite") -> Cited:
    """Every citation of the page replaced by a footnote reference, numbered in order of
    first citation. `where` names the source list in the problems' messages."""
    skipped = _skipped_lines(markdown)
    citer = _Citer(sources, where)
    out = []
    previous = ""
    for index, line in enumerate(split_keepends(markdown)):
        before, previous = previous, line
        if index in skipped or "[" not in line:
            out.append(line)
            continue
        pieces = []
        last = 0
        for code in _CODE_SPAN.finditer(line):
            pieces.append(citer.cite(line[last : code.start()], before if last == 0 else "", index))
            pieces.append(code.group())
            last = code.end()
        pieces.append(citer.cite(line[last:], before if last == 0 else "", index))
        out.append("".join(pieces))
    by_text = {src.text: src for src in sources.values()}
    notes = [
        f"[^q{n}]: {_note(by_text[text], place)}" for (text, place), n in citer.numbers.items()
    ]
    return Cited("".join(out), notes, citer.problems)


class _Citer:
    """The citations of one page: footnote numbers given so far, problems found."""

    def __init__(self, sources: dict[str, Source], where: str) -> None:
        self.sources = sources
        self.where = where
        self.numbers: dict[tuple[str, str], int] = {}  # (source text, place) -> number
        self.problems: list[Problem] = []
        self.noun = False  # whether the last citation was the object of its sentence

    def cite(self, text: str, previous: str, index: int) -> str:
        """`text` (a piece of line `index` outside code) with its citations replaced;
        `previous`: the line before, when `text` starts its line."""

        def replace(m: re.Match[str]) -> str:
            key, place = m.group("key"), (m.group("place") or "").strip()
            lead = m.group()[: m.group().index("[")]
            first = bool(previous) and not text[: m.start()].strip()
            if first and text[m.end() : m.end() + 1] == ":":
                return m.group()  # `[Key]: …` at the start of a line: a link definition
            if key not in self.sources:
                self.problems.append(
                    Problem(index + 1, f"Quelle [{key}] fehlt in der Quellenliste ({self.where})")
                )
                return m.group()
            # one entry may carry two keys ("[Martens-tyr] / [Martens-odin]"): one footnote
            number = self.numbers.setdefault((self.sources[key].text, place), len(self.numbers) + 1)
            context = (previous if first else "") + " " + text[: m.start()]
            found = _LAST_WORD.search(context)
            word = found.group(1) if found else ""
            self.noun = word in NOUN_AFTER or (word in ALSO_AFTER and self.noun)
            name = key if self.noun else ""
            # at the start of a line the blanks are indentation (an admonition's body): kept
            return f"{lead if first or name else ''}{name}[^q{number}]"

        return CITATION.sub(replace, text)


def _note(source: Source, place: str) -> str:
    """A footnote's text: the source's title (linked to it, where it has an address) and the
    place cited in it: "Nielsen, Aage: Copenhagen Hnefatafl – Regeln, Regel 5a"."""
    title = source.text.rstrip().rstrip(".")
    if not source.url:
        shown = title
    elif "](" in title or "<" in title:  # a link inside the title: the address after it
        shown = f"{title} – <{source.url}>"
    else:
        shown = f"[{title}]({source.url})"
    return f"{shown}, {place}." if place else f"{shown}."
