"""`make serve` on a copy of the sources, for tests/site/test_serve.py and
scripts/bench/bench_serve.py.

The copy holds the checkout's sources (no .git, no virtualenv, no built site, no tests).
Its compiled modules (`__pycache__`) come along with their sources' time stamps, so the
server does not compile them again; its `.cache` is a link to the checkout's (the Pyodide
package, the rule sheets' PDFs) and the diagram cache is the one the checkout uses
(`TAFL_CACHE_DIR`, else its `.cache`): all content-addressed, so the copy's first build
draws nothing anew. The server is `scripts/serve.py PORT --dirty` as `make serve` runs it,
started in the copy with the copy first on PYTHONPATH, so the copy's `tafl_core` and
`tafl_docs` are the ones imported and the watched folders (`WATCH`) are the copy's.
Nothing in the checkout is edited.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parent.parent
#: Left out of the copy: version control, environments, build output, caches, the tests.
IGNORE = shutil.ignore_patterns(
    ".git",
    ".venv",
    "site",
    ".cache",
    "*.egg-info",
    ".pytest_cache",
    ".ruff_cache",
    ".mypy_cache",
    ".hypothesis",
    "node_modules",
    "tests",
)


def copy_sources(dest: Path, source: Path = ROOT) -> Path:
    """A copy of the checkout's sources in `dest` (made), `.cache` linked to the checkout's
    (`source`: another checkout's sources, for a comparison)."""
    shutil.copytree(source, dest, ignore=IGNORE, symlinks=True)
    cache = ROOT / ".cache"
    cache.mkdir(exist_ok=True)
    (dest / ".cache").symlink_to(cache, target_is_directory=True)
    return dest


def free_port() -> int:
    """A port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def diagram_cache() -> str:
    """The diagram cache the checkout's own builds use."""
    return os.environ.get("TAFL_CACHE_DIR") or str(ROOT / ".cache" / "tafl-diagramme")


class ServedCopy:
    """`scripts/serve.py PORT --dirty` running in a copy (`with` stops it, always)."""

    def __init__(self, copy: Path) -> None:
        self.copy = copy
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = copy.parent / f"serve-{self.port}.log"
        env = dict(
            os.environ,
            PYTHONPATH=os.pathsep.join([str(copy), os.environ.get("PYTHONPATH", "")]).rstrip(
                os.pathsep
            ),
            TAFL_CACHE_DIR=diagram_cache(),
            DISABLE_MKDOCS_2_WARNING="true",
            NO_MKDOCS_2_WARNING="1",
            PYTHONUNBUFFERED="1",  # the log is complete whenever it is read
        )
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "scripts/serve.py", str(self.port), "--dirty"],
                cwd=copy,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: stop() ends its workers too
            )

    def __enter__(self) -> ServedCopy:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    def alive(self) -> bool:
        return self.process.poll() is None

    def log(self) -> str:
        return self.log_path.read_text("utf-8", errors="replace")

    def wait_ready(self, timeout: float) -> float:
        """Seconds until the first build is served; AssertionError (with the log) if the
        server ends or takes longer than `timeout`."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            assert self.alive(), (
                f"make serve endete (Exit-Code {self.process.returncode}):\n{self.log()}"
            )
            try:
                with urllib.request.urlopen(self.url + "/", timeout=5) as response:
                    if response.status == 200:
                        return time.monotonic() - start
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.2)
        raise AssertionError(f"make serve lieferte nach {timeout} s noch nichts aus:\n{self.log()}")

    def stop(self) -> None:
        """End the server and every process it started."""
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)  # workers left behind, if any
        self.process.wait()
