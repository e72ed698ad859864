"""Dead code stays out: no bridge function the page never calls, no command that
silently goes missing, no package-data glob that matches nothing, no `card` key."""

from __future__ import annotations

import inspect
import re
import tomllib
from pathlib import Path

import tafl_web.api
from tafl_cli import main as cli_main
from tafl_core import all_variants

ROOT = Path(__file__).resolve().parents[2]


def test_every_bridge_function_is_called_by_the_page() -> None:
    """tafl_web.api is the bridge for the board's JavaScript; nothing else calls it."""
    public = {
        name
        for name, obj in inspect.getmembers(tafl_web.api, inspect.isfunction)
        if obj.__module__ == "tafl_web.api" and not name.startswith("_")
    }
    js = "".join(p.read_text("utf-8") for p in (ROOT / "docs" / "javascripts").glob("*.js"))
    called = set(re.findall(r"\bapi\.(\w+)\(", js))
    assert public, "the bridge has functions"
    assert public <= called, f"never called from the page: {sorted(public - called)}"


def test_every_command_module_is_registered() -> None:
    """The command modules are imported by name (no list of strings), and every
    `tafl_cli/*_cmd.py`/`*_cmds.py` is among them: a new command cannot be forgotten."""
    files = {p.stem for p in (ROOT / "tafl_cli").glob("*_cmd*.py")}
    listed = {m.__name__.rsplit(".", 1)[1] for m in cli_main.COMMAND_MODULES}
    assert listed == files
    assert all(callable(m.register) for m in cli_main.COMMAND_MODULES)


def test_every_package_data_glob_matches_a_file() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    package_data = config["tool"]["setuptools"]["package-data"]
    for package, patterns in package_data.items():
        for pattern in patterns:
            assert list((ROOT / package).glob(pattern)), f"{package}: {pattern} matches nothing"


def test_no_variant_file_has_a_card_key() -> None:
    """`card = …` named a file that no code read; the schema now refuses it."""
    for v in all_variants().values():
        assert not hasattr(v, "card")
