"""The layer order of `notes/architecture.md` holds, and no module imports itself round.

Read with `ast` from every `.py` file of the Python layers, counting every import: at the
top, under `if TYPE_CHECKING:` and inside functions. A package on a lower floor (a
smaller number in the list "Layers") must not import one on a higher floor; and the
modules form no cycle. `test_the_check_can_fail` runs both checks on a made-up graph.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARCHITECTURE = ROOT / "notes" / "architecture.md"


def floors() -> dict[str, int]:
    """Python package -> its floor number, from the list under '## Layers'."""
    text = ARCHITECTURE.read_text("utf-8")
    section = text.split("## Layers", 1)[1].split("\n## ", 1)[0]
    out = {}
    for number, line in re.findall(r"^(\d+)\. (.*)$", section, re.M):
        for name in re.findall(r"`([a-z_]+)/`", line):
            if (ROOT / name / "__init__.py").is_file():
                out[name] = int(number)
    return out


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _target(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a `from … import …` names (relative ones resolved)."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports_of(path: Path, known: set[str]) -> set[str]:
    """Every project module that the file imports, anywhere in it."""
    module = module_name(path)
    tree = ast.parse(path.read_text("utf-8"), str(path))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = _target(module, path.name == "__init__.py", node)
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                out.add(sub if sub in known else target)
    return {m for m in out if m in known}


def project_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports, for every module of the Python layers."""
    paths = [p for name in floors() for p in sorted((ROOT / name).rglob("*.py"))]
    known = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, known) for p in paths}


def layer_violations(graph: Mapping[str, Iterable[str]], floor: Mapping[str, int]) -> list[str]:
    """'a.b imports c.d (floor 1 imports floor 3)' for each import of a higher floor."""
    out = []
    for module, targets in sorted(graph.items()):
        mine = floor[module.split(".")[0]]
        for target in sorted(targets):
            theirs = floor[target.split(".")[0]]
            if theirs > mine:
                out.append(f"{module} imports {target} (floor {mine} imports floor {theirs})")
    return out


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (or a self-import)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in graph.get(v, ()):
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_architecture_names_the_layers() -> None:
    floor = floors()
    assert {"tafl_core", "diagrams", "tafl_web", "tafl_docs", "tafl_cli", "tafl_tools"} <= set(
        floor
    )


def test_no_layer_imports_a_higher_one() -> None:
    found = layer_violations(project_graph(), floors())
    assert not found, "\n".join(found)


def test_no_import_cycles() -> None:
    found = cycles(project_graph())
    assert not found, "\n".join(" -> ".join(c) for c in found)


def test_the_check_can_fail() -> None:
    floor = {"core": 1, "web": 3, "docs": 4}
    graph = {
        "core.a": {"core.b"},
        "core.b": {"core.a"},  # a cycle
        "web.x": {"core.a", "docs.y"},  # floor 3 imports floor 4
        "docs.y": {"web.x"},  # allowed by the floors, but closes a second cycle
    }
    assert layer_violations(graph, floor) == ["web.x imports docs.y (floor 3 imports floor 4)"]
    assert cycles(graph) == [["core.a", "core.b"], ["docs.y", "web.x"]]
    assert cycles({"m": {"m"}}) == [["m"]]
