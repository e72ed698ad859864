"""Site build step for "Ausprobieren": Pyodide from npm and the engine as a zip in the site.

Called by the MkDocs plugin (tafl_docs.plugin) after every build: `install`
* takes the npm package `pyodide` at the version pinned in `pyodide.lock.json`, fetched
  with `npm pack` into `.cache/pyodide/` (never from a CDN), and checks its sha512
  integrity against the lock file before copying the core files into the site;
* zips `tafl_core`, `diagrams` and `tafl_web` from this checkout, so the browser runs
  exactly the engine the tests ran, and writes `assets/tafl/runtime.json` naming both.
Any problem stops the build with a German message (mkdocs reports a PluginError).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import subprocess
import tarfile
import zipfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
LOCK = Path(__file__).with_name("pyodide.lock.json")
CACHE = ROOT / ".cache" / "pyodide"
PACKAGES = ("tafl_core", "diagrams", "tafl_web")
SITE_DIR = "assets/tafl"


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


def copy_core(data: bytes, files: list[str], target: Path) -> None:
    """Copy the listed core files out of the npm tarball (they sit under package/)."""
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for name in files:
            try:
                member = tar.extractfile(f"package/{name}")
            except KeyError:
                member = None
            if member is None:
                raise PluginError(f"Pyodide-Paket: die Datei {name} fehlt im npm-Paket")
            (target / name).write_bytes(member.read())


def engine_zip(root: Path = ROOT) -> bytes:
    """The engine packages of this checkout as a reproducible zip (fixed time stamps)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for package in PACKAGES:
            base = root / package
            for path in sorted(base.rglob("*")):
                if not path.is_file() or "__pycache__" in path.parts:
                    continue
                if path.suffix not in (".py", ".toml"):
                    continue
                info = zipfile.ZipInfo(path.relative_to(root).as_posix(), (2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, path.read_bytes())
    return buf.getvalue()


def install(site: Path) -> None:
    """Put Pyodide's core files, the engine zip and runtime.json into the built site."""
    pin = lock()
    target = site / SITE_DIR
    copy_core(tarball(pin), pin["files"], target / f"pyodide-{pin['version']}")
    engine = engine_zip()
    name = f"tafl-engine-{hashlib.sha256(engine).hexdigest()[:12]}.zip"
    (target / name).write_bytes(engine)
    manifest = {"pyodide": f"pyodide-{pin['version']}/", "engine": name}
    (target / "runtime.json").write_text(json.dumps(manifest), encoding="utf-8")
