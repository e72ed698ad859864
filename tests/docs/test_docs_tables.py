"""The tables and lists that restate the code in docs/mitwirken.md and notes/writing-guide.md
agree with the code: block keywords, reason classes, end reasons, grid letters,
directive names, variant slugs and their order, mechanics pages.

Each test reads the Markdown as a reader would and compares it with the one place in the
code that defines the list; a new keyword or variant without its line in the text fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

# the block syntax moves to tafl_core.examples.syntax (runner): switch this one line
from tafl_core.examples.syntax import KEYS, MAX_ID, OUTCOME_WORDS, read_info
from tafl_core.legality import REFUSAL_WORDS
from tafl_core.pieces import LETTER_TO_PIECE
from tafl_core.variants import all_variants
from tafl_docs import catalogue
from tafl_docs import directives as registry

ORDER = catalogue.ORDER
DIRECTIVES = registry.DIRECTIVES

ROOT = Path(__file__).resolve().parents[2]
MITWIRKEN = (ROOT / "docs" / "mitwirken.md").read_text("utf-8")
GUIDE = (ROOT / "notes" / "writing-guide.md").read_text("utf-8")


def _table(text: str, header: str) -> list[list[str]]:
    """The body rows (cells stripped) of the Markdown table whose first header cell is `header`."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] == header:
            rows = []
            for row in lines[i + 2 :]:
                if not row.startswith("|"):
                    break
                rows.append([c.strip() for c in row.strip().strip("|").split("|")])
            return rows
    raise AssertionError(f"no table with header {header!r}")


def _section(text: str, heading: str) -> str:
    """The text under a heading up to the next heading of the same or a higher level."""
    level = len(heading) - len(heading.lstrip("#"))
    start = text.index(heading + "\n") + len(heading) + 1
    stop = re.compile(rf"^#{{1,{level}}} ", re.MULTILINE).search(text, start)
    return text[start : stop.start() if stop else len(text)]


def _words(listing: str) -> list[str]:
    """'a, b und c.' → ['a', 'b', 'c'] (commas, 'und', 'oder' and the final period)."""
    listing = re.sub(r"\s+", " ", listing).strip().rstrip(".")
    return [w.strip() for w in re.split(r",| und | oder ", listing) if w.strip()]


# -- the block keywords --------------------------------------------------------------------


def _keyword(cell: str) -> str:
    """'`Ziele f6:`' → 'ziele', '`Am Zug:`' → 'am zug'."""
    word = cell.strip("`").split(":")[0]
    return re.sub(r" [a-s]\d+$", "", word).lower()


def test_mitwirken_keyword_table_lists_every_block_keyword_in_order() -> None:
    table = [_keyword(row[0]) for row in _table(MITWIRKEN, "Schlüsselwort")]
    assert table == list(KEYS)


def test_writing_guide_lists_every_block_keyword_in_order() -> None:
    section = _section(
        GUIDE, "## The ```tafl example block (executed as a test, drawn as diagrams)"
    )
    bullets = re.findall(r"^\s*- `([^`:]+):", section, re.MULTILINE)
    assert [_keyword(b) for b in bullets] == list(KEYS)


# -- reason classes of `Illegal:` and end reasons of `Ergebnis:` -----------------------------


def test_mitwirken_reason_table_lists_every_reason_class_in_order() -> None:
    classes = [row[0].strip("`") for row in _table(MITWIRKEN, "Klasse")]
    assert classes == list(REFUSAL_WORDS)


def test_writing_guide_lists_every_reason_class_in_order() -> None:
    listing = re.search(r"with its reason class: ([^\n]+(?:\n    [^\n(-][^\n]*)*)", GUIDE)
    assert listing is not None
    assert _words(listing.group(1)) == list(REFUSAL_WORDS)


def test_mitwirken_names_every_end_reason() -> None:
    row = next(r for r in _table(MITWIRKEN, "Schlüsselwort") if r[0] == "`Ergebnis:`")
    listing = row[1].split("Gründe:")[1]
    assert _words(listing) == list(OUTCOME_WORDS)


def test_writing_guide_names_every_end_reason() -> None:
    listing = re.search(r"Reasons: ([^.]+)\.", GUIDE)
    assert listing is not None
    assert _words(listing.group(1)) == list(OUTCOME_WORDS)


# -- block ids ('```tafl id=kurz-name') -----------------------------------------------------


def _id_section() -> str:
    return _section(MITWIRKEN, "### Die id eines Beispiels")


def _read(value: str) -> str | None:
    """The id the syntax module reads from 'id=value' (None when it refuses it)."""
    block_id, error = read_info(f"id={value}")
    assert (block_id is None) == (error is not None)
    return block_id


def test_mitwirken_id_examples_are_what_the_syntax_accepts_and_refuses() -> None:
    section = _id_section()
    allowed, refused = section.split("Nicht erlaubt", 1)
    good = re.findall(r"(?:```tafl |`)id=([^`\s]+)", allowed)
    bad = re.findall(r"`id=([^`\s]*)`", refused)
    assert len(good) >= 2 and len(bad) >= 4
    for value in good:
        assert _read(value) == value, value
    for value in bad:
        assert _read(value) is None, value


def test_mitwirken_id_rules_match_the_syntax_module() -> None:
    section = re.sub(r"\s+", " ", _id_section())
    longest = re.search(r"Höchstens (\d+) Zeichen", section)
    assert longest is not None and int(longest.group(1)) == MAX_ID
    assert _read("a" * MAX_ID) is not None and _read("a" * (MAX_ID + 1)) is None
    # the characters the text allows: lower-case letters with umlauts and ß, digits, hyphens
    assert "Kleinbuchstaben (auch ä, ö, ü und ß), Ziffern und Bindestriche" in section
    for value in ("schildwall-2", "könig-äußerst", "über-thron", "9-x"):
        assert _read(value) == value
    for value in ("a_b", "a.b", "A", "a b", "a--b", "-a", "a-", "é", ""):
        assert _read(value) is None, value
    # ... and every id given in the repository's pages keeps to them
    for page in (ROOT / "docs").rglob("*.md"):
        for value in re.findall(r"^\s*```tafl id=(\S+)", page.read_text("utf-8"), re.MULTILINE):
            assert _read(value) == value, (page, value)


def test_writing_guide_states_the_same_id_rules() -> None:
    text = re.sub(r"\s+", " ", GUIDE)
    assert f"at most {MAX_ID} characters" in text
    assert "lower-case letters (ä ö ü ß included), digits and single hyphens" in text
    example = re.search(r"```tafl id=(\S+) ````", text)
    assert example is not None and _read(example.group(1)) == example.group(1)


# -- grid letters ---------------------------------------------------------------------------


def test_mitwirken_letter_table_lists_every_grid_letter() -> None:
    cells = [row[0] for row in _table(MITWIRKEN, "Zeichen")]
    letters = [ch for cell in cells for ch in re.findall(r"`(.)`", cell)]
    assert letters == [".", *LETTER_TO_PIECE]


def test_writing_guide_lists_every_grid_letter() -> None:
    grid = GUIDE[GUIDE.index("Grid: one character per square") :].split("Top rank first")[0]
    letters = re.findall(r"`(.)`", grid)
    assert letters == [".", *LETTER_TO_PIECE]


# -- directives -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "header"),
    [(MITWIRKEN, "Platzhalter"), (GUIDE, "directive")],
    ids=["mitwirken", "writing-guide"],
)
def test_directive_table_names_every_directive(text: str, header: str) -> None:
    names = [re.match(r"`\[\[tafl:([\w-]+)", row[0]) for row in _table(text, header)]
    assert {m.group(1) for m in names if m} == set(DIRECTIVES)
    assert all(names)


# -- variants and pages ---------------------------------------------------------------------


def test_writing_guide_lists_every_variant_in_site_order() -> None:
    listing = re.search(r"slugs: ([^(]+)\(", GUIDE)
    assert listing is not None
    slugs = _words(listing.group(1))
    assert slugs == list(ORDER)
    assert sorted(slugs) == sorted(all_variants())


def test_writing_guide_names_where_the_order_lives() -> None:
    """'(order: `NAME` in `PATH`)': the file exists and defines the name."""
    found = re.search(r"\(order: `(\w+)` in `([\w/.]+)`[;)]", GUIDE)
    assert found is not None
    name, path = found.groups()
    assert re.search(rf"^{name}\b", (ROOT / path).read_text("utf-8"), re.MULTILINE)


def test_every_variant_has_its_card_page() -> None:
    pages = {p.stem for p in (ROOT / "docs" / "varianten").glob("*.md")}
    assert pages == set(all_variants())


def test_writing_guide_lists_every_mechanics_page() -> None:
    listing = re.search(r"`docs/mechaniken/<name>\.md` – ([^\n]+(?:\n  [^\n-][^\n]*)*)", GUIDE)
    assert listing is not None
    pages = {p.stem for p in (ROOT / "docs" / "mechaniken").glob("*.md")}
    assert sorted(_words(listing.group(1))) == sorted(pages)


@pytest.mark.parametrize(
    ("name", "text"),
    [("mitwirken", MITWIRKEN), ("writing-guide", GUIDE)],
    ids=["mitwirken", "guide"],
)
def test_every_repository_path_named_exists(name: str, text: str) -> None:
    """`tafl_core/rules.py`, `docs/varianten/*.md` …: a moved file must not stay named here."""
    paths = set(re.findall(r"`((?:docs|includes|notes|tafl_\w+|diagrams|tests)/[^`\s]*)`", text))
    assert paths, name
    for path in sorted(paths):
        pattern = re.sub(r"<\w+>", "*", path)
        assert list(ROOT.glob(pattern)) if "*" in pattern else (ROOT / path).exists(), path


def test_writing_guide_layout_names_every_page_file() -> None:
    layout = _section(GUIDE, "## Layout of docs/")
    named = set(re.findall(r"`docs/(\w+\.md)`", layout))
    assert named == {p.name for p in (ROOT / "docs").glob("*.md")}
