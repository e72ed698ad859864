"""No page under docs/ copies a run of 12 or more words from the German seed cards.

The seed cards (``../shared/seeds/*.txt`` beside the repository) are source material: the
site keeps their facts and citations but says everything in its own words
(notes/writing-guide.md, "Style"). This test compares every page with every card, word by
word after normalising case and punctuation, and fails on any shared run of
``LIMIT`` words. Citations do not count: bracketed source keys (``[Nielsen-cph, Regel 5]``),
addresses (URLs, link targets) and the cards' own source lines (``Quelle: …``,
``- [Key] Title …``) are left out on both sides, as are the example blocks and the
generated directives of a page.

A clone of the repository alone (CI) has no seed cards: the test is skipped there, with
the folders it looked in as the reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

#: The shortest shared run of words that counts as copied.
LIMIT = 12

_WORD = re.compile(r"[0-9a-zäöüßéèàáâêîôûç]+")
_URL = re.compile(r"(?:https?://|www\.)\S+")
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_CITATION_KEY = re.compile(r"\[[A-Z][A-Za-z0-9-]*(?:[,;][^\]\n]*)?\]")
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
_TAG = re.compile(r"<[^>\n]+>")
_SEED_SOURCE_LINE = re.compile(r"^\s*(?:-\s*\[[A-Z][^\]]*\]|Quelle\b|Quellen\b)")


def seed_folder_candidates(root: Path = ROOT) -> list[Path]:
    """Where the seed cards may be: ``../shared/seeds`` beside this checkout, and beside the
    main checkout when this is a linked git worktree (its ``.git`` is a file naming it)."""
    out = [root.parent / "shared" / "seeds"]
    git = root / ".git"
    if git.is_file():
        text = git.read_text(encoding="utf-8").strip()
        if text.startswith("gitdir:"):
            gitdir = Path(text.split(":", 1)[1].strip())
            if gitdir.parent.name == "worktrees":
                main_root = gitdir.parent.parent.parent
                out.append(main_root.parent / "shared" / "seeds")
    return out


def seed_folder(root: Path = ROOT) -> Path | None:
    """The first candidate folder that holds seed cards (``*.txt``), or None."""
    for folder in seed_folder_candidates(root):
        if folder.is_dir() and any(folder.glob("*.txt")):
            return folder
    return None


@dataclass(frozen=True)
class Word:
    """A normalised word and the line of its file it stands on (1-based)."""

    text: str
    line: int


def _strip_markup(line: str) -> str:
    """A line without addresses, link targets, citation keys and HTML tags."""
    line = _URL.sub(" ", line)
    line = _LINK_TARGET.sub("] ", line)
    line = _CITATION_KEY.sub(" ", line)
    return _TAG.sub(" ", line)


def words(text: str, *, seed: bool = False) -> list[Word]:
    """The words of a page (or, with `seed`, of a seed card) that count for copying.

    Lower case; punctuation, quotes, dashes and Markdown marks separate words. A page loses
    its fenced blocks, its ``[[tafl:…]]`` directives and HTML comments; a seed card loses
    its source lines.
    """
    out: list[Word] = []
    fence: str | None = None
    text = _HTML_COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
            continue
        if stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            continue
        if stripped.startswith("[[tafl:"):
            continue
        if seed and _SEED_SOURCE_LINE.match(line):
            continue
        for w in _WORD.findall(_strip_markup(line).lower()):
            out.append(Word(w, number))
    return out


@dataclass(frozen=True)
class Run:
    """A run of at least LIMIT words a page shares with a seed card."""

    first_line: int
    last_line: int
    text: str


def shared_runs(page: list[Word], seed: list[Word], limit: int = LIMIT) -> list[Run]:
    """Every maximal run of `limit` or more consecutive words of `page` that also stands,
    consecutively, in `seed`."""
    if len(page) < limit or len(seed) < limit:
        return []
    grams = {tuple(w.text for w in seed[i : i + limit]) for i in range(len(seed) - limit + 1)}
    hits = [
        i
        for i in range(len(page) - limit + 1)
        if tuple(w.text for w in page[i : i + limit]) in grams
    ]
    return [
        Run(page[a].line, page[b + limit - 1].line, " ".join(w.text for w in page[a : b + limit]))
        for a, b in _spans(hits)
    ]


def _spans(starts: Iterable[int]) -> Iterator[tuple[int, int]]:
    """Consecutive window starts grouped as (first, last)."""
    first = last = None
    for i in starts:
        if last is not None and i == last + 1:
            last = i
            continue
        if first is not None and last is not None:
            yield first, last
        first = last = i
    if first is not None and last is not None:
        yield first, last


# -- the finder itself can fail ---------------------------------------------------------------

SEED_SAMPLE = """Titel der Karte
Eine Figur wird geschlagen, wenn sie auf zwei gegenüberliegenden Seiten von einer
feindlichen Figur eingeschlossen wird. Der König zählt mit.
- [Nielsen-x] Nielsen, Aage: Ein sehr langer Titel einer Regelseite mit vielen Wörtern darin
"""


def test_a_copied_sentence_is_found_across_lines_case_and_punctuation() -> None:
    page = (
        "# Schlagen\n\n"
        "Wie es dort heißt: eine Figur wird GESCHLAGEN – wenn sie auf zwei\n"
        "gegenüberliegenden Seiten von einer feindlichen Figur „eingeschlossen“ wird.\n"
    )
    runs = shared_runs(words(page), words(SEED_SAMPLE, seed=True))
    assert len(runs) == 1
    assert runs[0].first_line == 3 and runs[0].last_line == 4
    assert runs[0].text.startswith("eine figur wird geschlagen")
    assert runs[0].text.endswith("feindlichen figur eingeschlossen wird")


def test_eleven_words_pass_and_twelve_fail() -> None:
    seed = words("eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn")
    eleven = words("x eins zwei drei vier fünf sechs sieben acht neun zehn elf y")
    twelve = words("x eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf y")
    assert shared_runs(eleven, seed) == []
    assert [r.text.split()[0] for r in shared_runs(twelve, seed)] == ["eins"]


def test_citations_blocks_and_directives_do_not_count() -> None:
    seed = words(SEED_SAMPLE, seed=True)
    page = (
        "Quelle: [Nielsen-x, Regel 5] Ein sehr langer Titel einer Regelseite mit vielen "
        "Wörtern darin\n"
        "[[tafl:quellen tyr-15]]\n"
        "```tafl\nTitel: eine Figur wird geschlagen, wenn sie auf zwei gegenüberliegenden "
        "Seiten von einer feindlichen Figur eingeschlossen wird\n```\n"
    )
    assert shared_runs(words(page), seed) == []
    assert words("[Nielsen-cph, Regel 5a] siehe https://aagenielsen.dk/x.php") == [Word("siehe", 1)]


def test_a_worktree_also_looks_beside_its_main_checkout(tmp_path: Path) -> None:
    main = tmp_path / "main"
    (main / ".git" / "worktrees" / "wt").mkdir(parents=True)
    tree = tmp_path / "trees" / "wt"
    tree.mkdir(parents=True)
    (tree / ".git").write_text(f"gitdir: {main / '.git' / 'worktrees' / 'wt'}\n")
    assert seed_folder(tree) is None
    seeds = tmp_path / "shared" / "seeds"
    seeds.mkdir(parents=True)
    (seeds / "000.txt").write_text("Karte\n", encoding="utf-8")
    assert seed_folder_candidates(tree)[1] == seeds
    assert seed_folder(tree) == seeds


# -- the site against the seed cards -----------------------------------------------------------


def test_no_page_copies_twelve_words_from_a_seed_card() -> None:
    folder = seed_folder()
    if folder is None:
        looked = ", ".join(str(p) for p in seed_folder_candidates())
        pytest.skip(f"seed cards not found (looked in {looked}); a clone of main alone has none")
    seeds = {
        p.name: words(p.read_text(encoding="utf-8"), seed=True)
        for p in sorted(folder.glob("*.txt"))
    }
    pages = sorted(DOCS.rglob("*.md"))
    assert pages, "no pages under docs/"
    found = []
    for page in pages:
        page_words = words(page.read_text(encoding="utf-8"))
        for name, seed_words in seeds.items():
            for run in shared_runs(page_words, seed_words):
                where = f"{page.relative_to(ROOT)}:{run.first_line}"
                n = len(run.text.split())
                found.append(f"{where}: {n} Wörter wie in {name}: „{run.text}“")
    assert not found, "aus den Seed-Karten übernommen:\n" + "\n".join(found)
