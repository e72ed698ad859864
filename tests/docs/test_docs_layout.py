"""The shape of tafl_docs: small modules, no import cycle, every package under mypy.

The modules import each other in one direction only (checked on the `import` statements
themselves, wherever they stand), no import hides inside a function, and each module
imports on its own in a fresh interpreter (so no module works only after another one).
"""

from __future__ import annotations

import ast
import os
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


#: Libraries loaded before the modules are tried (not ours: each of ours is imported fresh),
#: so that each child process imports only our code instead of mkdocs, Jinja and Markdown
#: again (33 fresh interpreters took 11 s of CPU, nearly all of it in those libraries).
PRELOAD = ("mkdocs.config.defaults", "mkdocs.plugins", "jinja2", "markdown", "yaml")
OURS = ("tafl_docs", "tafl_core", "tafl_cli", "tafl_web", "tafl_tools", "diagrams")

#: Runs in a fresh interpreter: loads PRELOAD, then forks one child per module named on
#: the command line, which imports that module alone; prints "name<TAB>error" per failure.
IMPORT_EACH = r"""
import importlib, os, sys, traceback
for lib in PRELOAD:
    importlib.import_module(lib)
ours = sorted(m for m in sys.modules if m.split(".")[0] in OURS)
if ours:
    sys.exit(f"schon geladen: {ours}")
children = {}
for name in sys.argv[1:]:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            importlib.import_module(name)
        except BaseException:
            os.write(write, traceback.format_exc()[-1500:].encode())
            os._exit(1)
        os._exit(0)
    os.close(write)
    children[name] = (pid, read)
for name, (pid, read) in children.items():
    with os.fdopen(read, "rb") as pipe:
        error = pipe.read().decode(errors="replace")
    _, status = os.waitpid(pid, 0)
    if status:
        print(name + "\t" + repr(error or f"Status {status}"))
"""


def import_each(names: list[str], env: dict[str, str] | None = None) -> dict[str, str]:
    """The modules of `names` that fail to import on their own (IMPORT_EACH), with why."""
    script = f"PRELOAD = {PRELOAD!r}\nOURS = {OURS!r}\n" + IMPORT_EACH
    run = subprocess.run(
        [sys.executable, "-c", script, *names],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return dict(line.split("\t", 1) for line in run.stdout.splitlines())


def test_each_module_imports_on_its_own() -> None:
    """Every module imports in an interpreter that holds none of our modules: a fresh
    interpreter loads the big libraries (PRELOAD), then each module is imported in its own
    forked child process, all at once."""
    failed = import_each(sorted(set(MODULES) - SCRIPTS))
    assert not failed, failed


def test_import_check_finds_a_module_that_needs_another(tmp_path: Path) -> None:
    """The check above fails a module that works only after another module of ours: one
    that names tafl_core.solver without importing it."""
    (tmp_path / "probe_only_after.py").write_text(
        "import tafl_core\nSOLVE = tafl_core.solver.solve\n", encoding="utf-8"
    )
    failed = import_each(
        ["probe_only_after", "tafl_docs.cache"], {**os.environ, "PYTHONPATH": str(tmp_path)}
    )
    assert set(failed) == {"probe_only_after"} and "solver" in failed["probe_only_after"]


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
