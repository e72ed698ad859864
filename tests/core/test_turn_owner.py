"""The turn has one owner, `tafl_core/turns.py`: nobody else splits or joins turn text
or plays a turn step by step.

Searched: every `.py` file of the packages (`tafl_core`, `tafl_cli`, `tafl_web`,
`tafl_docs`, `diagrams`, `tafl_tools`) and of `scripts/`, read with `ast`. A finding is one of

* **split** – a call `X.split(S)` or `X.rsplit(S)` where S is a string literal that is a
  comma, with or without spaces (`","`, `", "`): turn text is read by
  `tafl_core.turns.parse_turn_text`;
* **join** – a call `S.join(A)` with S such a literal, where A is a name or attribute
  called `steps` or `moves`, or a comprehension whose element calls a method `text` or
  `move_text` or reads an attribute `frm`: a turn is written by `turn_text`/`turn_label`;
* **push_text** – any call of a method `push_text` (the board's step-by-step entry for
  text): a turn given as text is played by `play_turn`/`play_turn_text`;
* **step loop** – a `for` loop whose body calls a method `push`, `push_text` or `step`,
  in a function that calls `end_turn` after the loop: that is `play_turn` written again.

The search's fast path over known-legal moves (`push_unchecked`) is not a finding.
A finding that is not about a turn is listed in ALLOWED with its reason.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEARCHED = ("tafl_core", "tafl_cli", "tafl_web", "tafl_docs", "diagrams", "tafl_tools", "scripts")
OWNER = "tafl_core/turns.py"

#: Files left out as a whole, with the reason.
SKIPPED: dict[str, str] = {}

#: (file, function, kind) that are not about a turn, with the reason.
ALLOWED = {
    ("tafl_core/otn/read_rules.py", "_special_squares", "split"): "OTN rules: a list of squares",
    ("tafl_core/otn/move_list.py", "read_move_list", "split"): "the CSV columns of a game",
    ("tafl_cli/render_cmd.py", "_squares", "split"): "--mark: a list of squares",
    ("tafl_docs/browser_runtime.py", "imports_of", "split"): "a Python import list",
    ("tafl_tools/match.py", "main", "split"): "--levels: a list of levels",
    ("tafl_tools/match.py", "run_plan", "split"): "--nur: a list of variants",
    ("scripts/bench/bench_search.py", "main", "split"): "--levels/--variants: lists of options",
    ("tafl_tools/gen_search_tactics.py", "main", "split"): "--levels: a list of levels",
    ("tafl_docs/rule_play.py", "_compare", "join"): "different moves, not one turn",
    ("tafl_docs/rule_play.py", "_one_game", "join"): "different moves, not one turn",
    ("tafl_docs/rule_play.py", "replayed", "push_text"): (
        "compares two rule sets after every single step, so it must step"
    ),
    ("tafl_web/export.py", "otn_game", "step loop"): (
        "writes each step's OTN record from the board before that step"
    ),
}

_TURN_ELEMENT_METHODS = {"text", "move_text"}
_STEP_NAMES = {"steps", "moves"}
_STEP_METHODS = {"push", "push_text", "step"}


def _is_comma(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip() == ","
    )


def _method(node: ast.AST) -> str | None:
    """The method name of a call `x.name(...)`, else None."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _names_steps(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return node.id in _STEP_NAMES
    if isinstance(node, ast.Attribute):
        return node.attr in _STEP_NAMES
    if isinstance(node, (ast.GeneratorExp, ast.ListComp)):
        for sub in ast.walk(node.elt):
            if _method(sub) in _TURN_ELEMENT_METHODS:
                return True
            if isinstance(sub, ast.Attribute) and sub.attr == "frm":
                return True
    return False


def findings_in(tree: ast.AST) -> Iterator[tuple[int, str, str]]:
    """(line, enclosing function, kind) of every finding in one module's tree."""
    for func, node in _walk_with_function(tree, "<module>"):
        method = _method(node)
        if method in ("split", "rsplit") and isinstance(node, ast.Call):
            if node.args and _is_comma(node.args[0]):
                yield node.lineno, func, "split"
        elif method == "join" and isinstance(node, ast.Call):
            assert isinstance(node.func, ast.Attribute)
            if _is_comma(node.func.value) and node.args and _names_steps(node.args[0]):
                yield node.lineno, func, "join"
        if method == "push_text":
            yield node.lineno, func, "push_text"
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from _step_loops(node)


def _walk_with_function(tree: ast.AST, name: str) -> Iterator[tuple[str, ast.AST]]:
    """Every node with the name of the innermost function around it."""
    for child in ast.iter_child_nodes(tree):
        yield name, child
        inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else name
        yield from _walk_with_function(child, inner)


def _step_loops(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[tuple[int, str, str]]:
    ends = [n.lineno for n in ast.walk(func) if _method(n) == "end_turn"]
    for loop in ast.walk(func):
        if not isinstance(loop, ast.For):
            continue
        steps = any(_method(n) in _STEP_METHODS for s in loop.body for n in ast.walk(s))
        end = loop.end_lineno or loop.lineno
        if steps and any(line > end for line in ends):
            yield loop.lineno, func.name, "step loop"


def _files() -> Iterator[Path]:
    for top in SEARCHED:
        yield from sorted((ROOT / top).rglob("*.py"))


def all_findings() -> list[str]:
    """'file:line: kind in function' for every finding not allowed."""
    out = []
    for path in _files():
        rel = path.relative_to(ROOT).as_posix()
        if rel == OWNER or rel in SKIPPED:
            continue
        tree = ast.parse(path.read_text("utf-8"), rel)
        for line, func, kind in findings_in(tree):
            if (rel, func, kind) not in ALLOWED:
                out.append(f"{rel}:{line}: {kind} in {func}()")
    return out


def test_nobody_but_the_owner_splits_joins_or_steps_turns() -> None:
    found = all_findings()
    assert not found, "turn text or turn play outside tafl_core/turns.py:\n" + "\n".join(found)


def test_every_allowed_entry_is_still_needed() -> None:
    used = set()
    for path in _files():
        rel = path.relative_to(ROOT).as_posix()
        for _, func, kind in findings_in(ast.parse(path.read_text("utf-8"), rel)):
            used.add((rel, func, kind))
    assert not set(ALLOWED) - used, f"stale entries: {sorted(set(ALLOWED) - used)}"


BAD = """
def a(board, text):
    for step in text.split(","):
        board.push_text(step)
    if board.berserker_open:
        board.end_turn()

def b(board, record):
    return ", ".join(m.text(board.pos.geo) for m in record.moves)

def c(steps):
    return ",".join(steps)

def d(board, moves):
    for move in moves:
        board.push(move)
    board.end_turn()
"""


def test_the_search_finds_each_kind() -> None:
    found = sorted(findings_in(ast.parse(BAD)))
    assert found == [
        (3, "a", "split"),
        (3, "a", "step loop"),
        (4, "a", "push_text"),
        (9, "b", "join"),
        (12, "c", "join"),
        (15, "d", "step loop"),
    ]


def test_not_a_turn_is_no_finding() -> None:
    fine = """
def e(board, names):
    label = ", ".join(names)
    for move in board.legal_moves():
        board.push_unchecked(move)
        board.pop()
    return label.split(";")
"""
    assert list(findings_in(ast.parse(fine))) == []


def test_turn_text_round_trip() -> None:
    from tafl_core import Move, MoveError, parse_turn_text, turn_label, turn_text
    from tafl_core.geometry import geometry

    geo = geometry(11)
    d4, d6, f6 = geo.parse("d4"), geo.parse("d6"), geo.parse("f6")
    steps = [Move(d4, d6), Move(d6, f6)]
    assert turn_text(steps, geo) == "d4-d6,d6-f6"
    assert turn_label(steps, geo) == "d4-d6, d6-f6"
    assert turn_text([Move(d4, d6, True)], geo) == "d4^d6"
    assert parse_turn_text(" d4-d6 , d6-f6,") == ["d4-d6", "d6-f6"]
    for empty in ("", " , ", ","):
        try:
            parse_turn_text(empty)
        except MoveError as exc:
            assert str(exc) == "ein Zug braucht mindestens einen Schritt"
        else:
            raise AssertionError(f"{empty!r} was read as a turn")
