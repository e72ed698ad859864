"""The board's Python files ship as Pyodide's bytecode (tafl_docs/bytecode.py).

The shipped zips are read from the built site and compared with this checkout and with the
pinned Pyodide package: every engine module is there as a pyc file compiled from exactly
the checkout's source (the pyc file holds the source's hash, PEP 552), no source of the
engine is shipped, and the standard library's pyc files come from Pyodide's own sources.
That the browser takes them is shown by every browser test that starts a board.
"""

from __future__ import annotations

import _imp
import importlib.util
import io
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from tafl_docs import browser_runtime, bytecode

ROOT = Path(__file__).resolve().parents[2]


def shipped(site: Path, key: str) -> zipfile.ZipFile:
    """The zip the manifest names under `key` ("engine" or "stdlib")."""
    manifest = json.loads((site / "assets/tafl/runtime.json").read_text("utf-8"))
    return zipfile.ZipFile(site / "assets/tafl" / manifest[key])


def header(data: bytes) -> tuple[bytes, int, bytes]:
    """Magic number, flags and source hash of a pyc file."""
    return data[:4], int.from_bytes(data[4:8], "little"), data[8:16]


def hash_of(source: bytes, magic: bytes) -> bytes:
    """The source hash a Python with this magic number writes into a hash-based pyc."""
    return _imp.source_hash(int.from_bytes(magic, "little"), source)


def test_the_engine_ships_as_bytecode_of_this_checkouts_sources(site: Path) -> None:
    engine = shipped(site, "engine")
    names = set(engine.namelist())
    sources = browser_runtime.engine_files(ROOT)
    modules = [p for p in sources if p.suffix == ".py"]
    assert len(modules) > 80
    assert not {n for n in names if n.endswith(".py")}, "Quelltext der Engine ausgeliefert"
    magics = set()
    for path in modules:
        member = path.relative_to(ROOT).as_posix() + "c"
        assert member in names, member
        magic, flags, digest = header(engine.read(member))
        assert flags == 0b01, f"{member}: nicht hash-basiert und ungeprüft"
        assert digest == hash_of(path.read_bytes(), magic), f"{member}: anderer Quelltext"
        magics.add(magic)
    assert len(magics) == 1 and importlib.util.MAGIC_NUMBER not in magics  # Pyodide's Python
    for path in sources:
        if path.suffix == ".toml":
            assert engine.read(path.relative_to(ROOT).as_posix()) == path.read_bytes()
    assert len(names) == len(sources)


def test_the_standard_library_ships_the_started_modules_as_bytecode(site: Path) -> None:
    stdlib = shipped(site, "stdlib")
    pin = browser_runtime.lock()
    original = zipfile.ZipFile(
        io.BytesIO(browser_runtime.member(browser_runtime.tarball(pin), pin["stdlib"]))
    )
    compiled = [n for n in stdlib.namelist() if n.endswith(".pyc")]
    kept = [n for n in stdlib.namelist() if n.endswith(".py")]
    # what every start imports: Pyodide's own modules, json for the bridge, the codecs
    for name in ("_pyodide/_base.pyc", "json/__init__.pyc", "encodings/utf_8.pyc"):
        assert name in compiled, name
    assert len(compiled) > 100 and kept, (len(compiled), len(kept))
    for name in compiled:
        magic, flags, digest = header(stdlib.read(name))
        assert flags == 0b01, name
        assert digest == hash_of(original.read(name[:-1]), magic), name
        assert name[:-1] not in kept
    for name in kept:
        assert stdlib.read(name) == original.read(name), name


def test_a_variant_file_does_not_change_the_key_a_module_does() -> None:
    pyodide = {name: name.encode() for name in bytecode.PYODIDE_FILES}

    def engine(toml: bytes, module: bytes) -> bytes:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as zf:
            zf.writestr("tafl_core/data/variants/x.toml", toml)
            zf.writestr("tafl_core/board.py", module)
        return buf.getvalue()

    key = bytecode.cache_key(pyodide, b"stdlib", engine(b"a = 1", b"x = 1"))
    assert bytecode.cache_key(pyodide, b"stdlib", engine(b"a = 2", b"x = 1")) == key
    assert bytecode.cache_key(pyodide, b"stdlib", engine(b"a = 1", b"x = 2")) != key
    assert bytecode.cache_key(pyodide, b"other", engine(b"a = 1", b"x = 1")) != key


def test_without_node_the_build_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(PluginError, match="braucht der Bau das Programm node"):
        bytecode._run_node({}, b"", b"")


def test_a_failing_node_step_stops_the_build_with_its_message() -> None:
    pyodide = {name: b"" for name in bytecode.PYODIDE_FILES}  # no loader in pyodide.js
    with pytest.raises(PluginError, match=r"bytecode_driver\.cjs schlug fehl \(Exit-Code 1\)"):
        bytecode._run_node(pyodide, b"", b"")
