"""Build step: the board's Python files ship as Pyodide's own bytecode, not as sources.

Python in the browser compiles every module it imports from source, and in WebAssembly that
was most of a start: 2.9 s from the press to a ready board, 4.9 s of CPU in the page's
process, against 1.4 s and 2.4 s with the modules already compiled (Brandubh card, 2-core
machine; notes/board-loading.md). The build's CPython cannot write Pyodide's bytecode (another
Python version), so `compiled` starts the pinned Pyodide under Node (bytecode_driver.cjs,
which runs bytecode_pyodide.py inside it): the engine is imported as the browser's worker
imports it, and then
* each module of the engine (`tafl_core`, `diagrams`, `tafl_web`) becomes a pyc file in place
  of its source (the variant files stay as they are);
* each file of the shipped standard library that this start loaded becomes a pyc file in
  place of its source; the rest stays source (it compiles when a rare path needs it).
The pyc files are hash-based and unchecked (PEP 552): Python takes them without a source and
without a time stamp. Each holds the hash of the source it was compiled from, so a test can
check that the browser runs exactly this checkout's engine.

Node's result is cached under `.cache/pyodide/bytecode/`, by the content of everything it
read (the Pyodide files, the standard library, the engine's Python sources, the step's two
scripts and its settings): a build with unchanged sources, and any change to a variant file,
starts no Node.
A failure stops the build with a German message.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError

from tafl_docs import disk

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "bytecode_driver.cjs"
IN_PYODIDE = HERE / "bytecode_pyodide.py"
#: Where the browser's worker unpacks the engine (the manifest hands it this folder), so the
#: compiled code names the files the browser has.
ENGINE_DIR = "/home/pyodide/tafl"
#: The modules the board's workers import (tafl-python-worker.js: engine, search, workshop).
ENTRIES = ("tafl_web.api", "tafl_web.worker", "tafl_web.workshop")
#: The files of the Pyodide package Node needs (the package's own names).
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
#: Generous: a start and a compile take about 5 s on the 2-core machine.
TIMEOUT_S = 300
#: The time stamp of every member of the zips the build writes (reproducible zips).
ZIP_STAMP = (2020, 1, 1, 0, 0, 0)


def python_sources(engine: bytes) -> dict[str, bytes]:
    """The `.py` members of an engine zip, by name."""
    with zipfile.ZipFile(io.BytesIO(engine)) as zf:
        return {n: zf.read(n) for n in sorted(zf.namelist()) if n.endswith(".py")}


def cache_key(pyodide: dict[str, bytes], stdlib: bytes, engine: bytes) -> str:
    """A hash of everything Node's step reads: the Pyodide files, the standard library zip,
    the engine's Python sources (not its data files), this step's code and settings."""
    parts: list[bytes] = [DRIVER.read_bytes(), IN_PYODIDE.read_bytes()]
    parts.append(json.dumps([ENGINE_DIR, ENTRIES]).encode())
    for name in PYODIDE_FILES:
        parts += [name.encode(), pyodide[name]]
    parts.append(stdlib)
    for name, source in python_sources(engine).items():
        parts += [name.encode(), source]
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()


def compiled(
    pyodide: dict[str, bytes], stdlib: bytes, engine: bytes, cache: Path
) -> tuple[bytes, bytes]:
    """The standard library zip and the engine zip with pyc files in place of the sources
    (see the module docstring), both stored (uncompressed); from the cache when there."""
    key = cache_key(pyodide, stdlib, engine)
    path = cache / "bytecode" / f"{key}.zip"
    if not path.exists():
        disk.write_whole(path, _run_node(pyodide, stdlib, engine))  # builds run side by side
    with zipfile.ZipFile(path) as out:
        pycs = {n: out.read(n) for n in out.namelist()}
    return _replaced(stdlib, pycs, "stdlib/", False), _replaced(engine, pycs, "engine/", True)


def _replaced(source: bytes, pycs: dict[str, bytes], prefix: str, every: bool) -> bytes:
    """The zip `source`, stored, each `.py` member that has a pyc under `prefix` replaced by
    it (`every`: each `.py` member must have one)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(source)) as zf, zipfile.ZipFile(buf, "w") as target:
        for name in zf.namelist():
            code = pycs.get(f"{prefix}{name}c") if name.endswith(".py") else None
            if code is None and every and name.endswith(".py"):
                raise PluginError(f"Bytecode: {name} fehlt in Nodes Ergebnis")
            member = name + "c" if code is not None else name
            target.writestr(zipfile.ZipInfo(member, ZIP_STAMP), code or zf.read(name))
    return buf.getvalue()


def _run_node(pyodide: dict[str, bytes], stdlib: bytes, engine: bytes) -> bytes:
    """Node's step in a temporary folder; the zip it wrote."""
    node = shutil.which("node")
    if node is None:
        raise PluginError(
            "Für „Ausprobieren“ braucht der Bau das Programm node (es übersetzt die Module "
            "der Engine für das Python im Browser). Bitte installieren: "
            "bash scripts/system-deps.sh npm"
        )
    with tempfile.TemporaryDirectory(prefix="tafl-bytecode-") as tmp:
        folder = Path(tmp)
        for name in PYODIDE_FILES:
            (folder / name).write_bytes(pyodide[name])
        (folder / "stdlib.zip").write_bytes(stdlib)
        (folder / "engine.zip").write_bytes(engine)
        shutil.copy(IN_PYODIDE, folder / IN_PYODIDE.name)
        command = [node, str(DRIVER), str(folder), ENGINE_DIR, ",".join(ENTRIES)]
        try:
            result = subprocess.run(
                command, capture_output=True, text=True, timeout=TIMEOUT_S, check=False
            )
        except subprocess.TimeoutExpired:
            raise PluginError(
                f"Bytecode: node brauchte länger als {TIMEOUT_S} s ({DRIVER.name})"
            ) from None
        out = folder / "bytecode.zip"
        if result.returncode != 0 or not out.exists():
            message = (result.stderr or result.stdout).strip()[-800:]
            raise PluginError(
                f"Bytecode: node {DRIVER.name} schlug fehl (Exit-Code {result.returncode}): "
                f"{message}"
            )
        return out.read_bytes()
