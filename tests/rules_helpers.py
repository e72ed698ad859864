"""Helpers for the rule tests: boards from small ASCII grids under a variant's rules.

A grid may be smaller than the variant's board: the rule set is the variant's, with
only the board size changed (every rule in this engine is read from parameters, and
the throne is always the centre square), so a 7×7 Copenhagen board has its throne on
d4 and its corners on a1, g1, a7, g7.

Where a claim fits a position of the variant's own board size, a test states it as an
example block (the notation of the docs' ```tafl blocks) and `holds` checks it with the
one example runner (`tafl_core.examples.check_block`), as the docs' examples are checked.
"""

from __future__ import annotations

import inspect
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from tafl_core import Board, MoveError, Piece, Position, Side, parse_ascii, variant
from tafl_core.examples import FoundBlock, Verdict, check_block

ATT = Side.ATTACKERS
DEF = Side.DEFENDERS


def make(slug: str, grid: str, turn: Side = ATT) -> Board:
    """A board with `slug`'s rules on the position `grid` (any odd size), `turn` to move."""
    pos = parse_ascii(grid, turn=turn)
    rules = replace(variant(slug).rules, size=pos.size)
    return Board(rules, pos)


def grid_pieces(grid: str) -> dict[int, Piece]:
    """The pieces of a grid, by square."""
    return parse_ascii(grid).pieces()


def names(board: Board, squares: list[int]) -> set[str]:
    """Square names of a list of squares."""
    return {board.name(s) for s in squares}


def play(board: Board, *moves: str) -> None:
    """Play several steps given as text."""
    for m in moves:
        board.push_text(m)


def reason_of(board: Board, move: str) -> str:
    """The MoveError reason class of an illegal move (fails when the move is legal)."""
    try:
        board.parse_move(move)
    except MoveError as exc:
        return exc.reason
    raise AssertionError(f"{move} should be illegal")


def assert_position(board: Board, grid: str) -> None:
    """The board's pieces equal the pieces of `grid`."""
    expected: Position = parse_ascii(grid)
    assert board.position().pieces() == expected.pieces(), (
        "\n" + board.position().to_ascii() + "\n!=\n" + expected.to_ascii()
    )


def holds(block: str, **fill: str) -> Verdict:
    """Check an example block (the ```tafl notation of the docs) with the one example runner.

    `block` is the block's text as written in the test (a triple-quoted string); `{name}`
    in it is replaced by `fill[name]` (e.g. `Variante: {slug}` under a parametrisation over
    variants of one board size). The test fails with the runner's German report, whose
    line numbers are lines of the test file. A block must expect something: one that only
    shows a position would hold vacuously.
    """
    path, line = _source_of(block)
    text = textwrap.dedent(block)
    for name, value in fill.items():
        text = text.replace("{" + name + "}", value)
    found = FoundBlock(line=line - 1, indent="", body=text, closed=True)
    verdict = check_block(found, path)
    if not verdict.ok:
        pytest.fail(verdict.report(), pytrace=False)
    parsed = verdict.block
    assert parsed is not None
    expects = (parsed.captured, parsed.flipped, parsed.after, parsed.outcome, parsed.illegal)
    assert any(e is not None for e in expects) or parsed.targets or parsed.berserker, (
        f"{path}:{line}: der Block erwartet nichts"
    )
    return verdict


def _source_of(block: str) -> tuple[str, int]:
    """(test file relative to the repository, line where `block` starts in it)."""
    frame = inspect.currentframe()
    assert frame is not None and frame.f_back is not None and frame.f_back.f_back is not None
    code = frame.f_back.f_back.f_code
    filename = code.co_filename
    source = Path(filename).read_text(encoding="utf-8")
    # the block as written in the calling test (the same text may stand in an earlier test)
    start = sum(len(line) for line in source.splitlines(keepends=True)[: code.co_firstlineno - 1])
    offset = source.find(block, start)
    if offset < 0:
        offset = source.find(block)
    line = source.count("\n", 0, offset) + 1 if offset >= 0 else 1
    try:
        path = str(Path(filename).relative_to(Path.cwd()))
    except ValueError:
        path = filename
    return path, line
