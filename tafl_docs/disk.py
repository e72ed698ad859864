"""Files the build keeps on disk (caches, proof files): written whole, the oldest let go.

Several builds may run side by side (the tests' build beside `make serve`, the drawing
workers beside the build), so a file is written under a name of its own and then renamed:
no reader ever sees half a file.
"""

from __future__ import annotations

import os
from pathlib import Path


def write_whole(path: Path, data: bytes) -> None:
    """Write `data` to `path` (its folder made) so that readers see the old file or the new."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def keep_newest(path: Path, pattern: str, keep: int) -> None:
    """Of the files beside `path` that match `pattern`, remove all but the `keep` newest;
    `path` itself (just written) is always one of them."""
    others = [p for p in path.parent.glob(pattern) if p != path]
    for old in sorted(others, key=lambda p: p.stat().st_mtime_ns, reverse=True)[keep - 1 :]:
        old.unlink(missing_ok=True)
