"""Disk cache of the site's diagrams: SVG and PNG kept by content hash across builds.

Every key includes `CODE_VERSION`, a hash of the diagrams package's source and the
cairosvg version, so a change to the renderer invalidates every entry. The cache folder is
`.cache/tafl-diagramme/` in the repository root (git-ignored), or `TAFL_CACHE_DIR`.
A PNG missing from the cache is drawn in a worker process as soon as the build asks for
it (`request`, from the fence), while the pages are still being built: the build has one
worker fewer than the machine has cores, so the single-threaded page build keeps its own.
`pngs` at the end of the build collects them; the build process then draws too, taking
the drawings no worker has begun (from the back of the queue). The rule sheets are rendered
by the same workers (`background`). `stats` counts what was drawn and reused (the build log
prints it; the tests read it there).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import shutil
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any, Generic, TypeVar

import diagrams
from tafl_docs import disk

ROOT = Path(__file__).resolve().parent.parent

#: Fewer missing PNGs than this are drawn in this process (starting workers costs time).
PARALLEL_FROM = 12

stats: Counter[str] = Counter()
T = TypeVar("T")


@dataclass(frozen=True)
class PngJob:
    """One PNG still to be produced: the SVG document and its scale."""

    svg: str
    scale: float


def cache_dir() -> Path:
    """The cache folder (`TAFL_CACHE_DIR` or `.cache/tafl-diagramme/` in the repository)."""
    configured = os.environ.get("TAFL_CACHE_DIR")
    return Path(configured) if configured else ROOT / ".cache" / "tafl-diagramme"


@cache
def code_version() -> str:
    """Hash of everything that shapes a diagram: diagrams/*.py and the cairosvg version."""
    digest = hashlib.sha256()
    for path in sorted(Path(diagrams.__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    try:
        digest.update(metadata.version("cairosvg").encode())
    except metadata.PackageNotFoundError:
        digest.update(b"no-cairosvg")
    return digest.hexdigest()[:16]


def key(*parts: object) -> str:
    """Content hash of the code version and the given inputs (their repr)."""
    digest = hashlib.sha256(code_version().encode())
    for part in parts:
        digest.update(b"\0" + repr(part).encode())
    return digest.hexdigest()


def _path(digest: str, suffix: str) -> Path:
    return cache_dir() / digest[:2] / f"{digest}{suffix}"


def _load(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def svg(parts: Iterable[object], draw: Callable[[], str]) -> str:
    """The SVG for these inputs from the cache, or drawn by `draw` and stored."""
    path = _path(key("svg", *parts), ".svg")
    found = _load(path)
    if found is not None:
        stats["svg_cached"] += 1
        return found.decode("utf-8")
    stats["svg_drawn"] += 1
    text = draw()
    disk.write_whole(path, text.encode("utf-8"))
    return text


def _png_path(job: PngJob) -> Path:
    return _path(key("png", job.svg, job.scale), ".png")


def _draw(job: PngJob, path: Path | None = None) -> bytes:
    """Draw one PNG and store it at `path` (default: its cache path; the build passes the
    path to its workers, which may have started with another cache folder)."""
    data = diagrams.svg_to_png(job.svg, scale=job.scale)
    disk.write_whole(path or _png_path(job), data)
    return data


@cache
def _cores() -> int:
    return os.cpu_count() or 1


def _pool() -> ProcessPoolExecutor:
    """Worker processes for all cores but the one the build itself runs on (at most 7)."""
    workers = max(1, min(_cores() - 1, 7))
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))


@dataclass
class Task(Generic[T]):
    """Work handed to the workers: `result()` waits for it, or does it here when no worker
    has begun it yet (so the waiting build process works too)."""

    future: Future[T]
    fn: Callable[..., T]
    args: tuple[Any, ...]

    def result(self) -> T:
        """The result (computed here when the work had not started)."""
        if self.future.cancel():
            return self.fn(*self.args)
        return self.future.result()


@dataclass
class Drawer:
    """The build's drawing workers and the PNGs given to them, by cache path."""

    pool: ProcessPoolExecutor | None = None
    pending: dict[Path, Task[bytes]] = field(default_factory=dict)

    def run(self, fn: Callable[..., T], *args: Any) -> Task[T]:
        """Hand `fn(*args)` to the workers (started on first use)."""
        if self.pool is None:
            self.pool = _pool()
        return Task(self.pool.submit(fn, *args), fn, args)

    def submit(self, path: Path, job: PngJob) -> None:
        """Start drawing a PNG (once per path)."""
        if path not in self.pending:
            self.pending[path] = self.run(_draw, job, path)

    def close(self) -> None:
        """Stop the workers (after every PNG was collected)."""
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
        self.pool = None
        self.pending = {}


drawer = Drawer()


def background(fn: Callable[..., T], *args: Any) -> Task[T]:
    """Run `fn(*args)` in the build's drawing workers (other slow drawings, e.g. the rule
    sheets): at once on a single core; `finish` ends the workers."""
    if _cores() < 2:
        done: Future[T] = Future()
        task = Task(done, fn, args)
        done.set_result(fn(*args))
        return task
    return drawer.run(fn, *args)


def request(job: PngJob) -> None:
    """A PNG this build will need: when it is not in the cache, begin drawing it now."""
    if _cores() < 2:
        return  # one core: drawing alongside would only slow the page build
    path = _png_path(job)
    if path in drawer.pending or path.is_file():
        return
    drawer.submit(path, job)


def png(svg_text: str, scale: float) -> bytes:
    """One PNG now: from the cache, or drawn and stored."""
    return pngs({"": PngJob(svg_text, scale)})[""]


def pngs(jobs: dict[str, PngJob]) -> dict[str, bytes]:
    """PNG bytes per name (see `png_paths`)."""
    return {name: path.read_bytes() for name, path in png_paths(jobs).items()}


def png_paths(jobs: dict[str, PngJob]) -> dict[str, Path]:
    """The cache file of each PNG: those drawn since `request`, those in the cache, the rest
    drawn now (many of them in parallel, this process drawing too)."""
    out: dict[str, Path] = {}
    drawing: dict[str, Task[bytes]] = {}
    missing: dict[str, PngJob] = {}
    for name, job in jobs.items():
        path = _png_path(job)
        if path in drawer.pending:
            drawing[name] = drawer.pending[path]
        elif path.is_file():
            out[name] = path
        else:
            missing[name] = job
    stats["png_cached"] += len(out)
    stats["png_drawn"] += len(drawing) + len(missing)
    if len(missing) >= PARALLEL_FROM and _cores() > 1:
        for name, job in missing.items():
            drawer.submit(_png_path(job), job)
            drawing[name] = drawer.pending[_png_path(job)]
    else:
        for name, job in missing.items():
            _draw(job)
            out[name] = _png_path(job)
    for name in reversed(list(drawing)):  # the workers take the queue from the front
        drawing[name].result()
        out[name] = _png_path(jobs[name])
    return out


def place(source: Path, target: Path) -> None:
    """Put a cached file into the site: a hard link (nothing to read or write), else a copy."""
    target.unlink(missing_ok=True)
    try:
        os.link(source, target)
    except OSError:  # another file system, or links not allowed
        shutil.copyfile(source, target)


def finish() -> None:
    """The build is done with PNGs: stop the drawing workers."""
    drawer.close()


def summary() -> str:
    """One German log line: how many diagrams were drawn and how many came from the cache."""
    return (
        f"Diagramm-Cache: {stats['png_drawn']} PNG neu gezeichnet, "
        f"{stats['png_cached']} aus dem Cache; {stats['svg_drawn']} SVG neu gezeichnet, "
        f"{stats['svg_cached']} aus dem Cache ({cache_dir()})"
    )


def position_state(pos: Any) -> tuple[object, ...]:
    """Everything a Position holds (board size and its slots but the geometry) as a key."""
    slots = sorted(s for s in getattr(type(pos), "__slots__", ()) if s != "geo")
    return (pos.size, *(getattr(pos, s) for s in slots))


def frozen(value: object) -> object:
    """A deterministic, repr-stable form of a diagram annotation (lists, sets, dicts)."""
    if isinstance(value, dict):
        return tuple(sorted((k, frozen(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(value))
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    return value
