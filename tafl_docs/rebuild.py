"""What a rebuild under `mkdocs serve --dirty` takes over from the build before.

`Rebuild.files` does two things on the build's files:

* Pages and files of mkdocs-gen-files (the Regelvergleich page, the setup pictures) are
  written into a fresh temporary folder at every build, so `--dirty` would take them as
  changed and render the large comparison page after every save. One whose content is the
  same as in the last successful build, and whose output exists, counts as unchanged.
* The rule sheets (below).

Making the rule sheets (`sheet_files.add_sheets`: every sheet's HTML, by whose hash the
PDF is found in the cache) reads every page's examples and costs seconds on each build,
also after a one-word change to a page. The sheets read only: the engine, the diagrams and
the site's build code and data (`tafl_core/`, `diagrams/`, `tafl_docs/`), every variant
card (`docs/varianten/*.md`), from every other page its ```` ```tafl ```` blocks with an id
and their lines (`sheet_examples` picks examples by id), the site's name or address and
the date. `sheet_inputs` hashes exactly these; while the hash is unchanged, `Sheets` adds
the sheets of the build before again (not copied again where the site has them), and a new
process finds the sheets an earlier one made by the same hash (`sheet_files.add_sheets`).

`Rebuild.done` (after a successful build) makes the build's files the ones to compare with.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from tafl_docs import digests, sheet_files
from tafl_docs.catalogue import ordered_variants
from tafl_docs.sheet import build_date

#: The plugin name mkdocs-gen-files puts on the files it generates.
GEN_FILES = "mkdocs-gen-files"
#: The folders (below the checkout) whose every file a sheet may depend on.
CODE = ("tafl_core", "diagrams", "tafl_docs")
#: The pages read whole (the cards); other pages give only their ```tafl blocks with an id.
CARDS = "varianten/"
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*tafl\b")


def id_blocks(markdown: str) -> list[tuple[int, str]]:
    """The ```tafl blocks of a page whose opening line has an id: (line index, text up to
    the closing fence, or to the end of the page if it has none)."""
    lines = markdown.split("\n")
    found = []
    for index, line in enumerate(lines):
        opening = _FENCE.match(line)
        if opening is None or "id=" not in line:
            continue
        fence = opening.group(1)
        end = next(
            (j for j in range(index + 1, len(lines)) if lines[j].strip().startswith(fence)),
            len(lines) - 1,
        )
        found.append((index, "\n".join(lines[index : end + 1])))
    return found


def _id_view(data: bytes) -> bytes:
    """What the sheets read of a page that is not a card: its blocks with an id."""
    return repr(id_blocks(data.decode("utf-8"))).encode()


def sheet_inputs(root: Path, docs_dir: Path, site: str) -> str:
    """A hash of everything the rule sheets are made from (see the module docstring)."""
    digest = hashlib.sha256(f"{site}\0{build_date().isoformat()}".encode())
    for folder in CODE:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                name = path.relative_to(root).as_posix()
                digest.update(name.encode() + b"\0" + digests.digest(path))
    for path in sorted(docs_dir.rglob("*.md")):
        name = path.relative_to(docs_dir).as_posix()
        view = None if name.startswith(CARDS) else _id_view
        digest.update(name.encode() + b"\0" + digests.digest(path, view))
    return digest.hexdigest()


class Rebuild:
    """State a rebuild reuses: the gen-files contents of the last build, the rule sheets."""

    def __init__(self) -> None:
        self.generated: dict[str, str] = {}
        self.pending: dict[str, str] = {}
        self.sheets = Sheets()

    def files(self, files: Files, config: MkDocsConfig) -> Files:
        """The build's files: unchanged generated ones marked unchanged, the sheets added."""
        self.pending = {}
        for file in files:
            if getattr(file, "generated_by", None) != GEN_FILES or file.abs_src_path is None:
                continue
            digest = hashlib.sha256(file.content_bytes).hexdigest()
            self.pending[file.src_uri] = digest
            if self.generated.get(file.src_uri) == digest and os.path.isfile(file.abs_dest_path):
                file.is_modified = lambda: False  # type: ignore[method-assign]
        return self.sheets.add(files, config)

    def done(self) -> None:
        """The build succeeded: compare the next one with its generated files."""
        self.generated = self.pending


def _holds(path: str | None, size: int) -> bool:
    """Whether the built site has the file already (a sheet made from the same inputs)."""
    return path is not None and os.path.isfile(path) and os.path.getsize(path) == size


def _ready(file: File) -> bool:
    """Whether a sheet of the last build can be read (its cache file was rendered)."""
    return file.abs_src_path is None or os.path.isfile(file.abs_src_path)


class Sheets:
    """The rule sheets of the last build, made anew only when `sheet_inputs` changed."""

    def __init__(self) -> None:
        self.key: str | None = None
        self.made: list[File] = []

    def add(self, files: Files, config: MkDocsConfig) -> Files:
        """Add one generated PDF per variant to the site's files (see add_sheets)."""
        root = Path(config.config_file_path or "mkdocs.yml").resolve().parent
        key = sheet_inputs(root, Path(config.docs_dir), sheet_files.site_of(config))
        if key != self.key or not all(_ready(f) for f in self.made):
            made = sheet_files.add_sheets(Files([]), config, key)
            self.made = list(made)  # read at the next build: a sheet may still be rendering
            # a sheet that failed (a warning) is tried, and reported, again next build
            self.key = key if len(self.made) == len(ordered_variants()) else None
            reused = list(made)
        else:
            reused = [File.generated(config, f.src_uri, content=f.content_bytes) for f in self.made]
            for file, before in zip(reused, self.made, strict=True):
                if _holds(file.abs_dest_path, len(before.content_bytes)):
                    file.is_modified = lambda: False  # type: ignore[method-assign]
        for file in reused:
            files.append(file)
        return files
