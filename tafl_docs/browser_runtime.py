"""Site build step for "Ausprobieren": Pyodide from npm and the engine as a zip in the site.

Called by the MkDocs plugin (tafl_docs.plugin) after every build: `install`
* takes the npm package `pyodide` at the version pinned in `pyodide.lock.json`, fetched
  with `npm pack` into `.cache/pyodide/` (never from a CDN), and checks its sha512
  integrity against the lock file before taking the core files from it;
* ships only what the engine needs (notes/board-loading.md lists every file and why): the
  core files, a standard library cut down to the modules Pyodide and the engine import
  (`stdlib_files`), no package lock file (the page hands Pyodide an empty one) and no
  package; next to each large file a gzip copy the page unpacks itself;
* zips `tafl_core`, `diagrams` and `tafl_web` from this checkout, so the browser runs
  exactly the engine the tests ran;
* writes the manifest (files, sizes, a version hash over all of them) into
  `assets/tafl/runtime.json`, into the small script `javascripts/tafl-runtime.js` (which
  every page loads before the board script, so the page knows the download size before the
  first press, without a request; with it the German texts of the site's scripts,
  `page_text.load`, read anew at every build) and into the service worker `tafl-sw.js` at the site
  root, which keeps the files for every later page. Every file is written whole, so a
  rebuild of `mkdocs serve --dirty` never finds a half-filled file, and only when its
  content changed.
A rebuild in the same process (`mkdocs serve`) reuses the runtime it built before when
its inputs are unchanged (`inputs_key`: the lock file and the engine's sources), so saving
a page costs no Pyodide work; a change to the engine builds it anew. A new process (a warm
`mkdocs build`, a new `make serve`) reads the runtime an earlier build stored under
`.cache/pyodide/runtime/` by the same inputs and the same code of this step (0.05 s instead
of 0.45 s).
Any problem stops the build with a German message (mkdocs reports a PluginError).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from tafl_docs import bytecode, digests, disk, page_text

ROOT = Path(__file__).resolve().parent.parent
LOCK = Path(__file__).with_name("pyodide.lock.json")
CACHE = ROOT / ".cache" / "pyodide"
PACKAGES = ("tafl_core", "diagrams", "tafl_web")
SITE_DIR = "assets/tafl"
#: The service worker, at the site root so that its scope is the whole site.
SERVICE_WORKER = "tafl-sw.js"
SW_TEMPLATE = Path(__file__).with_name("service_worker.js")
#: The generated script that hands the manifest to the board (listed in mkdocs.yml's
#: extra_javascript before the board script; it exists only in the built site).
RUNTIME_SCRIPT = "javascripts/tafl-runtime.js"
#: The place in the service worker template the build fills with its file list.
SW_MARK = "/*TAFL_SW*/ null"

#: Modules Pyodide 314 imports while it starts (recorded from `sys.modules` in the browser;
#: its interpreter imports some from C, where no scan sees it; a new Pyodide version may
#: need this list recorded anew, the browser tests fail if so), the codecs the `encodings`
#: package loads by name, and the zip importer.
STDLIB_ROOTS = (
    *("_pyodide._base", "_pyodide._core_docs", "_pyodide._future_helper"),
    *("_pyodide._importhook", "_pyodide.docs_argspec", "_pyodide.docstring"),
    *("_pyodide.jsbind", "pyodide._package_loader", "pyodide._state", "pyodide.code"),
    *("pyodide.common", "pyodide.ffi", "pyodide.webloop", "site", "zipimport"),
    *("encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii"),
    *("encodings.latin_1", "encodings.cp437"),
)
#: Standard library parts neither Pyodide's start nor the engine uses: development tools,
#: servers and mail, which the import scan would otherwise pull in through rarely used
#: functions (`inspect` → `pdb` …). Submodules go with their package.
# fmt: off
STDLIB_SKIP = frozenset((
    "__phello__", "_pyrepl", "antigravity", "cProfile", "code", "ctypes", "curses", "dbm",
    "doctest", "ensurepip", "ftplib", "http.server", "idlelib", "imaplib", "lib2to3",
    "mailbox", "multiprocessing", "nntplib", "pdb", "poplib", "profile", "pstats", "pyclbr",
    "pydoc", "pydoc_data", "smtplib", "sqlite3", "tabnanny", "test", "this", "timeit",
    "tkinter", "trace", "turtle", "turtledemo", "unittest", "venv", "webbrowser", "wsgiref",
    "xmlrpc", "zipapp",
))
# fmt: on
#: A file gets a gzip copy when that saves at least this share of its bytes.
GZIP_SAVING = 0.1

_IMPORT = re.compile(r"^[ \t]*import[ \t]+([\w. \t,]+)", re.M)
_FROM_IMPORT = re.compile(
    r"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)", re.M
)


def lock() -> dict[str, Any]:
    """The pinned version, integrity hash and file list."""
    pin: dict[str, Any] = json.loads(LOCK.read_text(encoding="utf-8"))
    return pin


def integrity(data: bytes) -> str:
    """npm's integrity string (sha512, base64) of a tarball."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def tarball(pin: dict[str, Any], cache: Path = CACHE) -> bytes:
    """The pinned pyodide tarball from the cache, fetched with `npm pack` when missing."""
    name = f"{pin['package']}-{pin['version']}.tgz"
    path = cache / name
    if not path.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise PluginError(
                "Für „Ausprobieren“ braucht der Bau das Programm npm (es holt Pyodide "
                f"{pin['version']}). Bitte installieren: bash scripts/system-deps.sh npm"
            )
        cache.mkdir(parents=True, exist_ok=True)
        spec = f"{pin['package']}@{pin['version']}"
        result = subprocess.run(
            [npm, "pack", spec, "--pack-destination", str(cache), "--silent"],
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0 or not path.exists():
            raise PluginError(
                f"npm pack {spec} schlug fehl (Exit-Code {result.returncode}): "
                f"{(result.stderr or result.stdout).strip()[:500]}"
            )
    data = path.read_bytes()
    found = integrity(data)
    if found != pin["integrity"]:
        path.unlink()
        raise PluginError(
            f"{path}: Prüfsumme stimmt nicht mit tafl_docs/pyodide.lock.json überein "
            f"(erwartet {pin['integrity'][:30]}…, gefunden {found[:30]}…); "
            "die Datei wurde gelöscht, der nächste Bau holt sie neu."
        )
    return data


def engine_files(root: Path = ROOT) -> list[Path]:
    """The files of the engine packages the browser gets (sources and data), sorted."""
    return [
        path
        for package in PACKAGES
        for path in sorted((root / package).rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".toml")
    ]


def engine_zip(root: Path = ROOT) -> bytes:
    """The engine packages of this checkout as a reproducible zip (fixed time stamps)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in engine_files(root):
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), bytecode.ZIP_STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    return buf.getvalue()


def members(data: bytes, names: list[str]) -> dict[str, bytes]:
    """Files of the npm tarball (under package/), read in one pass through it."""
    wanted = {f"package/{name}": name for name in names}
    found: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for info in tar:
            name = wanted.get(info.name)
            handle = tar.extractfile(info) if name is not None else None
            if name is not None and handle is not None:
                found[name] = handle.read()
    for name in names:
        if name not in found:
            raise PluginError(f"Pyodide-Paket: die Datei {name} fehlt im npm-Paket")
    return found


def member(data: bytes, name: str) -> bytes:
    """One file of the npm tarball (the package's files sit under package/)."""
    return members(data, [name])[name]


def imports_of(source: str, module: str, package: bool) -> set[str]:
    """Every module a Python source may import, parents included (a textual scan).

    The scan reads `import` and `from … import` lines wherever they stand (in functions,
    under `try`), so it finds more than one run imports, never less; names imported from
    a module count as possible submodules. It is textual because the browser's Python may
    be newer than the one that builds the site (its syntax need not parse here).
    """
    found: set[str] = set()
    for match in _IMPORT.finditer(source):
        for part in match.group(1).split(","):
            words = part.split()
            if words:
                found.add(words[0])
    for match in _FROM_IMPORT.finditer(source):
        level, name, names = len(match.group(1)), match.group(2), match.group(3)
        if level:
            base = module.split(".") if package else module.split(".")[:-1]
            base = base[: len(base) - (level - 1)]
            name = ".".join(base + ([name] if name else []))
        if not name:
            continue
        found.add(name)
        for word in re.findall(r"\w+(?:\s+as\s+\w+)?", names.split("#")[0]):
            found.add(f"{name}.{word.split()[0]}")
    return {".".join(m.split(".")[:i]) for m in found for i in range(1, m.count(".") + 2)}


def engine_imports(root: Path = ROOT) -> set[str]:
    """The modules the engine packages import (their own included)."""
    found: set[str] = set()
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            module = ".".join(path.relative_to(root).with_suffix("").parts)
            found |= imports_of(path.read_text(encoding="utf-8"), module, False)
    return found


def _skipped(module: str) -> bool:
    return any(module == s or module.startswith(s + ".") for s in STDLIB_SKIP)


def stdlib_files(stdlib: zipfile.ZipFile, roots: set[str]) -> set[str]:
    """The files of Pyodide's standard library zip reachable from `roots` by imports."""
    names = set(stdlib.namelist())
    seen: set[str] = set()
    files: set[str] = set()
    todo = sorted(roots)
    while todo:
        module = todo.pop()
        if module in seen or _skipped(module):
            continue
        seen.add(module)
        path = module.replace(".", "/")
        name = next((n for n in (f"{path}.py", f"{path}/__init__.py") if n in names), None)
        if name is None:
            continue  # built into the interpreter, or not in the standard library
        files.add(name)
        source = stdlib.read(name).decode("utf-8")
        todo.extend(imports_of(source, module, name.endswith("/__init__.py")) - seen)
    return files


def trimmed_stdlib(data: bytes, roots: set[str]) -> bytes:
    """The standard library zip cut down to the files `stdlib_files` keeps, stored (the
    bytecode step and `deflate` take it from there)."""
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
            for name in sorted(stdlib_files(source, roots)):
                zf.writestr(zipfile.ZipInfo(name, bytecode.ZIP_STAMP), source.read(name))
    return buf.getvalue()


def deflate(stored: bytes) -> bytes:
    """The zip `stored` with every member deflated (as Pyodide fetches a zip itself)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(stored)) as source, zipfile.ZipFile(buf, "w") as target:
        for info in source.infolist():
            member = zipfile.ZipInfo(info.filename, info.date_time)
            member.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(member, source.read(info))
    return buf.getvalue()


def gzipped(data: bytes, cache: Path = CACHE) -> bytes:
    """`data` gzip-compressed (level 9, no time stamp), kept in the cache by content hash."""
    path = cache / "gz" / f"{hashlib.sha256(data).hexdigest()}.gz"
    if path.exists():
        return path.read_bytes()
    packed = gzip.compress(data, 9, mtime=0)
    disk.write_whole(path, packed)
    return packed


@dataclass(frozen=True)
class Runtime:
    """What the site ships for the board: files (path below assets/tafl/ → bytes) and the
    manifest the page, the service worker and runtime.json read."""

    files: dict[str, bytes]
    manifest: dict[str, Any]


def _short_hash(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:12]


def inputs_key(root: Path = ROOT, cache: Path = CACHE) -> str:
    """A hash of everything `runtime` reads besides the pinned tarball: the lock file
    (which pins the tarball by its integrity hash) and the engine's files."""
    digest = hashlib.sha256(LOCK.read_bytes())
    digest.update(str(cache.resolve()).encode())
    for path in engine_files(root):
        name = path.relative_to(root).as_posix().encode()
        digest.update(b"\0" + name + b"\0" + digests.digest(path))
    return digest.hexdigest()


#: The runtime this process built last, by `inputs_key` (mkdocs serve rebuilds in-process).
_built: dict[str, Runtime] = {}
#: The code that makes a runtime from its inputs: part of the key of the stored ones.
MAKERS = (Path(__file__), Path(bytecode.__file__))
#: How many runtimes `.cache/pyodide/runtime/` keeps (the newest; each about 16 MB).
KEEP = 3
#: The member of a stored runtime that holds its manifest (the others are its files).
MANIFEST_MEMBER = "manifest.json"


def runtime(root: Path = ROOT, cache: Path = CACHE) -> Runtime:
    """Pyodide's core files, the cut-down standard library and the engine, with gzip
    copies and the manifest (see the module docstring); the one built before when its
    inputs are the same: in this process, else the one stored under `.cache/pyodide/runtime/`
    by an earlier build (a warm build reads it instead of unpacking and packing again)."""
    key = inputs_key(root, cache)
    if key not in _built:
        stored = _stored_path(key, cache)
        built = _read_stored(stored)
        if built is None:
            built = _runtime(root, cache)
            _store(built, stored)
        _built.clear()
        _built[key] = built
    return _built[key]


def _stored_path(key: str, cache: Path) -> Path:
    """Where a runtime of these inputs, made by this code, is kept."""
    digest = hashlib.sha256(key.encode())
    for path in MAKERS:
        digest.update(b"\0" + digests.digest(path))
    return cache / "runtime" / f"{digest.hexdigest()[:24]}.zip"


def _read_stored(path: Path) -> Runtime | None:
    """The runtime kept at `path`; None when there is none (or it cannot be read)."""
    try:
        with zipfile.ZipFile(path) as zf:
            members = {name: zf.read(name) for name in zf.namelist()}
        manifest = json.loads(members.pop(MANIFEST_MEMBER))
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None
    return Runtime(members, manifest)


def _store(built: Runtime, path: Path) -> None:
    """Keep `built` at `path` (written whole), and only the newest KEEP runtimes beside it;
    a cache folder that cannot be written only costs the next build the work again."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr(
            zipfile.ZipInfo(MANIFEST_MEMBER, bytecode.ZIP_STAMP), json.dumps(built.manifest)
        )
        for name, content in built.files.items():
            zf.writestr(zipfile.ZipInfo(name, bytecode.ZIP_STAMP), content)
    try:
        disk.write_whole(path, buf.getvalue())
        disk.keep_newest(path, "*.zip", KEEP)
    except OSError:
        pass


def _runtime(root: Path, cache: Path) -> Runtime:
    pin = lock()
    data = tarball(pin, cache)
    core = f"pyodide-{pin['version']}/"
    wanted = {*pin["files"], *bytecode.PYODIDE_FILES, pin["stdlib"], pin["lockfile"]}
    taken = members(data, sorted(wanted))
    files: dict[str, bytes] = {core + name: taken[name] for name in pin["files"]}
    source_stdlib = trimmed_stdlib(taken[pin["stdlib"]], set(STDLIB_ROOTS) | engine_imports(root))
    stdlib_stored, engine_stored = bytecode.compiled(taken, source_stdlib, engine_zip(root), cache)
    stdlib = f"tafl-stdlib-{_short_hash(stdlib_stored)}.zip"
    files[stdlib] = deflate(stdlib_stored)
    engine = deflate(engine_stored)
    name = f"tafl-engine-{hashlib.sha256(engine).hexdigest()[:12]}.zip"
    files[name] = engine
    # the gzip copy packs the stored zip: better than gzip over deflated members
    stored = {stdlib: stdlib_stored, name: engine_stored}
    entries = []
    for path, content in list(files.items()):
        entry: dict[str, Any] = {"path": path, "bytes": len(content), "gz": None}
        packed = gzipped(stored.get(path, content), cache)
        if len(packed) <= (1 - GZIP_SAVING) * len(content):
            files[path + ".gz"] = packed
            entry.update(gz=path + ".gz", gzBytes=len(packed))
        entries.append(entry)
    info = json.loads(taken[pin["lockfile"]])["info"]
    manifest = {
        "version": _short_hash(*(files[p] for p in sorted(files))),
        "pyodide": core,
        "stdlib": stdlib,
        "engine": name,
        "engineDir": bytecode.ENGINE_DIR,
        # Pyodide reads package names from its lock file; the board loads no package, so
        # it gets an empty one with the right ABI instead of fetching 119 kB.
        "lock": {"info": info, "packages": {}},
        "files": entries,
        "download": sum(e.get("gzBytes", e["bytes"]) for e in entries),
    }
    return Runtime(files, manifest)


def as_script_value(value: Any) -> str:
    """`value` as compact JSON that is safe inside a script (no `</`)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def filled(template: str, mark: str, value: Any, name: str) -> str:
    """`template` with its one `mark` replaced by `value` as JSON (`name` for the error)."""
    if template.count(mark) != 1:
        raise PluginError(f"{name}: die Marke {mark} steht dort nicht genau einmal")
    return template.replace(mark, as_script_value(value))


def runtime_script(manifest: dict[str, Any], text: dict[str, str]) -> str:
    """The generated `tafl-runtime.js`: the manifest as `window.TAFL_RUNTIME`, the German
    texts of the site's scripts (tafl_docs/page_text.py) as `window.TAFL_TEXT`."""
    return (
        "/* Written by tafl_docs/browser_runtime.py at every build: the board's runtime "
        "files and the texts of the site's scripts. */\n"
        f"window.TAFL_RUNTIME = {as_script_value(manifest)};\n"
        f"window.TAFL_TEXT = {as_script_value(text)};\n"
    )


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write `data` to `path` (whole) unless the file holds exactly that already; whether
    it wrote."""
    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return False
    except OSError:
        pass  # missing: write it
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def install(site: Path) -> Runtime:
    """Put the runtime files and runtime.json into the built site, the manifest and the
    scripts' texts into `tafl-runtime.js` and the service worker (tafl-sw.js, written from
    service_worker.js); files already there with the same content are left alone."""
    built = runtime()
    target = site / SITE_DIR
    for path, content in built.files.items():
        write_if_changed(target / path, content)
    manifest = built.manifest
    write_if_changed(target / "runtime.json", json.dumps(manifest).encode())
    script = runtime_script(manifest, page_text.load())
    write_if_changed(site / RUNTIME_SCRIPT, script.encode())
    files = {"version": manifest["version"], "files": [e["path"] for e in manifest["files"]]}
    worker = filled(SW_TEMPLATE.read_text(encoding="utf-8"), SW_MARK, files, str(SW_TEMPLATE))
    write_if_changed(site / SERVICE_WORKER, worker.encode())
    return built
