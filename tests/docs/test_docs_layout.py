"""The shape of tafl_docs: small modules, no import cycle, every package under mypy.

The modules import each other in one direction only (checked on the `import` statements
themselves, wherever they stand), no import hides inside a function, and each module
imports on its own in a fresh interpreter (so no module works only after another one).
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tafl_docs"
MAX_LINES = 500
#: Imports that may stay inside a function: optional libraries, not our own modules.
OPTIONAL = {"weasyprint"}
#: Hidden imports still to go, with the helper who removes them (remove the entry then).
PENDING: dict[str, str] = {}
#: Modules that run on import (gen-files' script), so not imported here.
SCRIPTS = {"tafl_docs.gen_pages"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imported(path: Path, name: str = "") -> tuple[set[str], list[str]]:
    """The tafl_docs modules a file imports (module `name`, by default from its path), and
    the imports that stand inside a function."""
    name = name or module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    local: list[str] = []
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    inner = {id(n) for f in functions for n in ast.walk(f) if n is not f}
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        if id(node) in inner and not any(n.split(".")[0] in OPTIONAL for n in names):
            local.append(f"{name}:{node.lineno}: {', '.join(names)}")
        found |= {n for n in names if n in MODULES}
    return found, local


def test_no_module_is_longer_than_500_lines() -> None:
    long = {
        name: n
        for name, p in MODULES.items()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"Module über {MAX_LINES} Zeilen: {long}"


def test_the_modules_import_each_other_without_a_cycle() -> None:
    graph = {name: imported(p)[0] - {name} for name, p in MODULES.items()}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as exc:
        pytest.fail(f"Import-Zyklus in tafl_docs: {' -> '.join(exc.args[1])}")


def test_no_import_hides_inside_a_function() -> None:
    local = [line for n, p in MODULES.items() if n not in PENDING for line in imported(p)[1]]
    assert not local, "Import in einer Funktion:\n" + "\n".join(local)


def test_the_checks_would_see_a_late_import_that_closes_a_cycle(tmp_path: Path) -> None:
    """The checks can fail: summary importing directives inside a function (as it did) is
    both a hidden import and a cycle."""
    fake = tmp_path / "summary.py"
    fake.write_text(
        (PACKAGE / "summary.py").read_text(encoding="utf-8")
        + "\n\ndef late() -> None:\n    from .directives import render\n",
        encoding="utf-8",
    )
    names, local = imported(fake, "tafl_docs.summary")
    assert "tafl_docs.directives" in names
    assert len(local) == 1 and "tafl_docs.directives" in local[0]
    graph = {name: imported(p)[0] - {name} for name, p in MODULES.items()}
    graph["tafl_docs.summary"] |= names
    with pytest.raises(CycleError):
        tuple(TopologicalSorter(graph).static_order())


def test_each_module_imports_on_its_own() -> None:
    """Every module imports in a fresh interpreter (all at once, each in its own process)."""
    names = sorted(set(MODULES) - SCRIPTS)
    runs = {
        name: subprocess.Popen(
            [sys.executable, "-c", f"import {name}"],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in names
    }
    failed = {}
    for name, run in runs.items():
        _out, err = run.communicate(timeout=120)
        if run.returncode != 0:
            failed[name] = err[-1500:]
    assert not failed, failed


def test_mypy_checks_every_package_strictly() -> None:
    """tafl_docs was outside the type checker; no package may drop out again, and none is
    silenced by an override."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests"}
    assert config["strict"] is True
    assert packages <= set(config["files"]), packages - set(config["files"])
    silenced = [
        o["module"] for o in config.get("overrides", []) if o.get("follow_imports") == "silent"
    ]
    assert not silenced
