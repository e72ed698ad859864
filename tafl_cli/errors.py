"""Errors of the command line (bad options, unreadable files); all are TaflErrors."""

from __future__ import annotations

from pathlib import Path

from tafl_core.errors import TaflError


def shown_path(path: str | Path, limit: int = 80) -> str:
    """A path for a message: whole when it could name a real file (so `file:line` stays
    usable in an editor), else its start and end around '…', so a runaway argument is not
    echoed whole. A real path has at most 4,096 characters and no part over 255."""
    text = str(path)
    if len(text) <= 4096 and all(len(part) <= 255 for part in text.split("/")):
        return text
    head = limit // 3
    return text[:head] + "…" + text[-(limit - head - 1) :]


class CliError(TaflError):
    """An option or combination of options that the command cannot use."""


class InputFileError(CliError):
    """A file that is missing or cannot be read as UTF-8 text; the message names it."""

    def __init__(self, path: str, reason: str, line: int | None = None) -> None:
        where = shown_path(path)
        super().__init__(f"{where}:{line}: {reason}" if line else f"{where}: {reason}")
        self.path = path
        self.reason = reason
        self.line = line
