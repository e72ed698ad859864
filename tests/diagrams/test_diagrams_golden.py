"""Golden SVG files: typical diagrams must not change by accident.

Regenerate after an intended change with

    TAFL_UPDATE_GOLDEN=1 python -m pytest tests/diagrams/test_diagrams_golden.py

and look at the new files (e.g. `tafl render ... --out x.png`) before committing them.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from diagrams import ending_marks, position_svg
from diagrams.options import turn_options
from tafl_core import Board, Move, all_variants, parse_ascii, variant
from tafl_core.turns import play_turn

GOLDEN = Path(__file__).parent.parent / "golden"
UPDATE = os.environ.get("TAFL_UPDATE_GOLDEN") == "1"

SHIELDWALL = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . A . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . A A A . . . . .
 1 . . A V V V . . . . .
   a b c d e f g h i j k
"""

BERSERKER = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . K . .
 8 . . . . . . . . . . .
 7 . . . A . A . . . . .
 6 . . . V . V . . . . .
 5 . . . . V . V A . . .
 4 . . . . . . . . . . .
 3 . . . C . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
"""

VARIEGATED = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . A . c . . .
 7 . . . . . b . . . . .
 6 . . . . . . . . . . .
 5 . . . . . C . . . . .
 4 . . K . . . . . V . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
"""


def shieldwall() -> str:
    """Copenhagen: g5-g1 closes the wall d1-f1; the three defenders fall."""
    v = variant("copenhagen-11")
    board = Board(v.rules, parse_ascii(SHIELDWALL, 11))
    turn = play_turn(board, ["g5-g1"])
    names = sorted(board.name(s) for s in turn.captured)
    assert names == ["d1", "e1", "f1"], names
    return position_svg(board.pos, v.rules, variant_name=v.name, **turn_options(turn))


def berserker() -> str:
    """Tyr: the commander captures d6, then jumps over e5 and captures f6 and g5."""
    v = variant("tyr-11")
    board = Board(v.rules, parse_ascii(BERSERKER, 11))
    turn = play_turn(board, ["d3-d5", "d5^f5"])
    assert [m.jump for m in turn.moves] == [False, True]
    assert sorted(board.name(s) for s in turn.captured) == ["d6", "f6", "g5"]
    return position_svg(board.pos, v.rules, variant_name=v.name, **turn_options(turn))


def variegated() -> str:
    """Odin: the attackers' commander closes a trap on f7; the variegated man changes side."""
    v = variant("odin-11")
    board = Board(v.rules, parse_ascii(VARIEGATED, 11))
    turn = play_turn(board, ["f5-f6"])
    assert [board.name(s) for s in turn.flipped] == ["f7"] and not turn.captured
    pos = board.pos
    targets = board.targets("c4")
    return position_svg(
        pos,
        v.rules,
        variant_name=v.name,
        targets=targets,
        **turn_options(turn, highlights=[board.square("c4")]),
    )


FORT = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . A . . . . . . V . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . A . .
 5 . . . . . . V . . . .
 4 . . . . . A . . . . .
 3 . . . A . . . . . . .
 2 . . A . V V . A . . .
 1 . . A V . K . . . . .
   a b c d e f g h i j k
"""


def fort_after() -> str:
    """Copenhagen: g5-g1 closes an edge fort; the board after it, last move and fort marked."""
    v = variant("copenhagen-11")
    board = Board(v.rules, parse_ascii(FORT, 11, v.rules.first.other))
    turn = play_turn(board, ["g5-g1"])
    ending = ending_marks(v.rules, board.pos, board.outcome)
    assert ending is not None
    return position_svg(
        board.pos, v.rules, variant_name=v.name, last_moves=turn.moves, ending=ending
    )


def forbidden() -> str:
    """Copenhagen: an attacker may not stop on the corner a1."""
    v = variant("copenhagen-11")
    pos = parse_ascii(FORT, 11)
    g = pos.geo
    return position_svg(
        pos, v.rules, variant_name=v.name, forbidden=Move(g.parse("c1"), g.parse("a1"))
    )


CASES: dict[str, Callable[[], str]] = {
    **{
        f"start-{slug}": (lambda v=v: position_svg(v.start(), v.rules, variant_name=v.name))
        for slug, v in all_variants().items()
        if v.has_setup
    },
    "shieldwall-copenhagen-11": shieldwall,
    "berserker-jump-tyr-11": berserker,
    "variegated-flip-odin-11": variegated,
    "fort-after-copenhagen-11": fort_after,
    "forbidden-copenhagen-11": forbidden,
}


def _diff(expected: str, actual: str, name: str) -> str:
    lines = list(
        difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            f"golden/{name}.svg",
            "erzeugt",
            lineterm="",
            n=1,
        )
    )
    shown = "\n".join(lines[:80])
    more = f"\n... ({len(lines) - 80} weitere Zeilen)" if len(lines) > 80 else ""
    return shown + more


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str) -> None:
    actual = CASES[name]()
    path = GOLDEN / f"{name}.svg"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"{path} fehlt; erzeugen mit TAFL_UPDATE_GOLDEN=1 python -m pytest {__file__}")
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        pytest.fail(
            f"{name}: das SVG weicht von {path} ab. Ist die Änderung gewollt, neu erzeugen mit "
            f"TAFL_UPDATE_GOLDEN=1 python -m pytest {__file__} und die Bilder ansehen.\n"
            + _diff(expected, actual, name),
            pytrace=False,
        )


def test_every_setup_variant_has_a_golden_case() -> None:
    with_setup = {slug for slug, v in all_variants().items() if v.has_setup}
    assert with_setup <= {n.removeprefix("start-") for n in CASES}
    assert "odin-11" not in with_setup
