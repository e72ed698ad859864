"""Content hashes of files, read again only when a file's size, time stamp or inode changed.

`mkdocs serve` rebuilds in one process, and the fingerprints that decide what a rebuild
may take over (`rebuild.sheet_inputs`, `browser_runtime.inputs_key`) hash a few hundred
files each time; opening them costs more than the rest of the fingerprint. A file whose
`stat` is unchanged keeps the hash it had: a save changes the time stamp, as `--dirty`
itself relies on.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

#: A view of a file's bytes that is hashed instead of all of them.
View = Callable[[bytes], bytes]

_known: dict[tuple[Path, View | None], tuple[tuple[int, int, int], bytes]] = {}


def digest(path: Path, view: View | None = None) -> bytes:
    """The sha256 of the file's bytes (or of `view(bytes)`), from memory while its size,
    modification time and inode are those it had when it was read."""
    info = path.stat()
    stamp = (info.st_size, info.st_mtime_ns, info.st_ino)
    key = (path, view)
    known = _known.get(key)
    if known is not None and known[0] == stamp:
        return known[1]
    data = path.read_bytes()
    value = hashlib.sha256(view(data) if view else data).digest()
    _known[key] = (stamp, value)
    return value
