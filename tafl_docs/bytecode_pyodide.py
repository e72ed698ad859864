"""Runs inside Pyodide, under Node, at build time (started by tafl_docs/bytecode.py through
bytecode_driver.cjs): compiles the board's Python files to this interpreter's own bytecode.

The driver has imported the board's entry modules as the browser's worker does and hands
over the files of the modules that loaded; this writes one stored zip: `stdlib/<member>c` for each
of those files and `engine/<member>c` for every module of the engine, each a pyc file that
Python takes without looking at a source (hash-based, unchecked: PEP 552). The code objects
carry the file names the browser uses, so a traceback there names the real file.

Standard library only; under the build's CPython it imports, but its bytecode would not be
Pyodide's, so nothing there calls it.
"""

from __future__ import annotations

import importlib.util
import marshal
import sys
import zipfile
from pathlib import Path

#: The flags word of a hash-based pyc whose source is never checked (PEP 552).
UNCHECKED_HASH = 0b01
#: The members' time stamp (as tafl_docs.bytecode.ZIP_STAMP; this file imports nothing of ours).
STAMP = (2020, 1, 1, 0, 0, 0)


def pyc(source: bytes, filename: str) -> bytes:
    """The pyc file of `source` for this interpreter: magic number, flags, the source's
    hash, the marshalled code object (compiled as `filename`)."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return (
        importlib.util.MAGIC_NUMBER
        + UNCHECKED_HASH.to_bytes(4, "little")
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


def stdlib_zip_path() -> str:
    """The standard library zip on sys.path (Pyodide mounts it as /lib/python3XX.zip)."""
    found = [entry for entry in sys.path if entry.endswith(".zip")]
    if len(found) != 1:
        raise RuntimeError(f"genau ein Zip der Standardbibliothek erwartet, gefunden: {found}")
    return found[0]


def compile_runtime(engine_dir: str, files: list[str], out: str) -> None:
    """Write `out` (see the module docstring) for the engine unpacked in `engine_dir` and
    the loaded modules' `files`."""
    library = stdlib_zip_path()
    prefix = library + "/"
    loaded = sorted({f[len(prefix) :] for f in files if f.startswith(prefix) and f.endswith(".py")})
    engine = sorted(p for p in Path(engine_dir).rglob("*.py") if "__pycache__" not in p.parts)
    with zipfile.ZipFile(library) as source, zipfile.ZipFile(out, "w") as target:
        for member in loaded:
            data = pyc(source.read(member), prefix + member)
            target.writestr(zipfile.ZipInfo(f"stdlib/{member}c", STAMP), data)
        for path in engine:
            member = path.relative_to(engine_dir).as_posix()
            data = pyc(path.read_bytes(), str(path))
            target.writestr(zipfile.ZipInfo(f"engine/{member}c", STAMP), data)
