"""Fuzzing every parser: whatever the text, only the project's own errors may escape,
and a 1 MB input finishes (pytest-timeout guards against hangs; no speed is asserted)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tafl_core import Board, Side, TaflError, parse_ascii, variant
from tafl_core.examples.syntax import find_blocks, parse_block
from tafl_core.geometry import geometry
from tafl_core.moves import parse_move_text
from tafl_core.otn import parse_move_record, parse_position, read_rules

GEO = geometry(11)

# Pieces of the formats the parsers read, so that generated texts get past the first checks.
TOKENS = [
    " ", "  ", "\t", "\n", "\r\n", "\ufeff", "#", ":", ",", "-", "^", "x", "=", "/", "+",
    "(", ")", "?", ".", "A", "V", "K", "C", "c", "B", "b", "t", "T", "k", "m", "n", "g",
    "a", "d", "f", "k", "s", "z", "0", "1", "2", "9", "10", "11", "12", "99", "²", "３", "١",
    "a1", "d4", "f6", "k11", "s19", "d4-d7", "d4^d6", "Variante:", "copenhagen-11",
    "tyr-11", "Stellung:", "Start", "Zug:", "Geschlagen:", "Danach:", "Ergebnis:",
    "Illegal:", "Ziele f6:", "Berserker:", "Markiert:", "Am Zug:", "Verteidiger",
    "Angreifer gewinnen (Flucht)", "Remis (Zugunfähigkeit)", "offen", "keine", "```tafl",
    "```", "~~~", "dim:11", "dim:", "esc:c", "esc:e", "atkf:y", "tfr:w", "ks:n", "cenh:",
    "start:", "starti:", "cor:", "cen:a1,b2", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    ". . . . . . . . . . .", "11 . . . . . K . . . . .", "   a b c d e f g h i j k",
]  # fmt: skip

#: Digits of other scripts and look-alikes that must never count as numbers.
ODD_DIGITS = ["²", "３", "١", "߁", "Ⅻ", "0", "00", "1" * 8]
CELLS = st.sampled_from([".", ".", ".", "A", "V", "K", "C", "c", "B", "b", "x", "²", "３"])
SEPARATORS = st.sampled_from([" ", " ", "\t", "  "])
SQUARES = st.builds(
    "".join,
    st.tuples(st.sampled_from("adfkmsz"), st.sampled_from(["1", "4", "11", "19", *ODD_DIGITS])),
)


@st.composite
def grids(draw: st.DrawFn) -> str:
    """Grid-shaped texts: n rows of n cells, odd labels and digits, tabs, BOM, comments."""
    n = draw(st.sampled_from([5, 7, 9, 11]))
    rows = []
    for rank in range(n, 0, -1):
        sep = draw(SEPARATORS)
        label = draw(st.sampled_from([str(rank), str(rank), str(rank), "", "07", *ODD_DIGITS]))
        width = draw(st.sampled_from([n, n, n, n - 1, n + 1]))
        cells = sep.join(draw(st.lists(CELLS, min_size=width, max_size=width)))
        rows.append(f"{label} {cells}" if label else cells)
    if draw(st.booleans()):
        rows.append("   " + " ".join("abcdefghijk"[:n]))
    if draw(st.integers(0, 4)) == 0:
        rows.insert(draw(st.integers(0, len(rows))), "# Kommentar")
    return draw(st.sampled_from(["", "", "", "\ufeff"])) + "\n".join(rows)


@st.composite
def otn_positions(draw: st.DrawFn) -> str:
    """Record-shaped texts: '/row/row/…/' with letters and (odd) digit runs."""
    tokens = st.sampled_from(
        ["t", "T", "K", "k", "c", "C", "m", "n", "g", "1", "2", "3", "10", "11", *ODD_DIGITS]
    )
    n = draw(st.sampled_from([5, 7, 9, 11]))
    rows = ["".join(draw(st.lists(tokens, min_size=1, max_size=8))) for _ in range(n)]
    return "/" + "/".join(rows) + "/"


@st.composite
def otn_rules(draw: st.DrawFn) -> str:
    """Rules-string-shaped texts: 'dim:…' and known keys with plausible and odd values."""
    values = st.sampled_from(
        ["y", "n", "c", "e", "w", "", "tcnkTCNK", "K", "a1,k11", "-1", *ODD_DIGITS]
    )
    keys = st.sampled_from(
        [
            "esc",
            "surf",
            "atkf",
            "tfr",
            "ka",
            "ks",
            "kj",
            "cj",
            "cor",
            "cen",
            "corh",
            "cenh",
            "cenhe",
            "cenp",
            "cens",
            "sw",
            "swf",
            "efe",
            "ber",
            "spd",
            "afor",
            "corre",
            "name",
            "bogus",
        ]
    )
    dim = draw(st.sampled_from(["11", "7", "8", "21", *ODD_DIGITS]))
    entries = [f"{draw(keys)}:{draw(values)}" for _ in range(draw(st.integers(0, 8)))]
    if draw(st.booleans()):
        entries.append(f"start:{draw(otn_positions())}")
    return " ".join([f"dim:{dim}", *entries])


@st.composite
def moves(draw: st.DrawFn) -> str:
    """Move-shaped texts: square, separator, square, maybe captures and a mark."""
    sep = draw(st.sampled_from(["-", "^", "=", "^=", "x", ":", " - ", ""]))
    text = draw(st.sampled_from(["", "t", "c", "K", "n"])) + draw(SQUARES) + sep + draw(SQUARES)
    if draw(st.booleans()):
        text += "x" + "/".join(draw(st.lists(SQUARES, min_size=1, max_size=3)))
    return text + draw(st.sampled_from(["", "+", "-", "++", "--"]))


free_texts = st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from(TOKENS), max_size=80).map("".join),
)
#: Per parser: free text plus texts shaped like its format.
SHAPED = {
    "ascii-grid": grids(),
    "ascii-grid-11": grids(),
    "board-from-grid": grids(),
    "example-block": grids().map(lambda g: "Variante: copenhagen-11\nStellung:\n" + g),
    "markdown-fences": grids().map(
        lambda g: "```tafl\nVariante: tyr-11\nStellung:\n" + g + "\n```"
    ),
    "otn-rules": otn_rules(),
    "otn-rules-strict": otn_rules(),
    "otn-position": otn_positions(),
    "otn-position-top-first": otn_positions(),
    "otn-move": moves(),
    "move-text": moves(),
    "square": SQUARES,
    "variant-name": st.sampled_from(["tyr-11", "TYR-11 ", "tyr-١١", "copenhagen"]),
}

PARSERS: dict[str, Callable[[str], object]] = {
    "ascii-grid": lambda t: parse_ascii(t),
    "ascii-grid-11": lambda t: parse_ascii(t, 11, Side.DEFENDERS),
    "board-from-grid": lambda t: Board(variant("copenhagen-11"), parse_ascii(t, 11)).legal_moves(),
    "example-block": lambda t: parse_block(t, "fuzz.md", 3),
    "markdown-fences": lambda t: [parse_block(b.body) for b in find_blocks(t) if b.closed],
    "otn-rules": lambda t: read_rules(t),
    "otn-rules-strict": lambda t: read_rules(t, strict=True),
    "otn-position": lambda t: parse_position(t),
    "otn-position-top-first": lambda t: parse_position(t, top_first=True),
    "otn-move": lambda t: parse_move_record(t, 11),
    "move-text": lambda t: parse_move_text(t, GEO),
    "square": lambda t: GEO.parse(t),
    "variant-name": lambda t: variant(t),
}


@pytest.mark.parametrize("name", PARSERS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_only_project_errors_escape(name: str, data: st.DataObject) -> None:
    text = data.draw(st.one_of(free_texts, SHAPED[name]), label="text")
    # any other exception (IndexError, ValueError, RecursionError, …) fails the test
    with contextlib.suppress(TaflError):
        PARSERS[name](text)


BLOCK_HEAD = "Variante: copenhagen-11\nStellung: Start\n"
MEGABYTE = 1_000_000

#: One input of about 1 MB per parser, built from what each parser would scan longest.
BIG_INPUTS: dict[str, str] = {
    "ascii-grid": ". " * (MEGABYTE // 2),
    "ascii-grid-11": ("11 " + ". " * 11 + "\n") * (MEGABYTE // 26),
    "board-from-grid": "\n".join([". " * 11] * 11) + "\n#" + " " * MEGABYTE,
    "example-block": BLOCK_HEAD + "Zug:" + " " * MEGABYTE + "x",
    "markdown-fences": ("```tafl\n" + BLOCK_HEAD + "```\n") * (MEGABYTE // 50),
    "otn-rules": "dim:11 " + "esc:c " * (MEGABYTE // 6),
    "otn-rules-strict": "dim:11 start:/" + "1" * MEGABYTE + "/",
    "otn-position": "/" + "t" * MEGABYTE + "/",
    "otn-position-top-first": "/" + "1/" * (MEGABYTE // 2),
    "otn-move": "d4-d7x" + "d5/" * (MEGABYTE // 3),
    "move-text": " " * (MEGABYTE // 2) + "d4-d7" + " " * (MEGABYTE // 2),
    "square": "d" + "1" * MEGABYTE,
    "variant-name": "copenhagen" * (MEGABYTE // 10),
}


@pytest.mark.timeout(60)
@pytest.mark.parametrize("name", PARSERS)
def test_a_megabyte_of_input_finishes(name: str) -> None:
    text = BIG_INPUTS[name]
    assert len(text) >= MEGABYTE * 0.9
    try:
        PARSERS[name](text)
    except TaflError as exc:
        assert len(str(exc)) < 1000, "an error must not echo the whole input"
