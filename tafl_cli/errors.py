"""Errors of the command line (bad options, unreadable files); all are TaflErrors."""

from __future__ import annotations

from tafl_core.errors import TaflError


class CliError(TaflError):
    """An option or combination of options that the command cannot use."""


class InputFileError(CliError):
    """A file that is missing or cannot be read as UTF-8 text; the message names it."""

    def __init__(self, path: str, reason: str, line: int | None = None) -> None:
        super().__init__(f"{path}:{line}: {reason}" if line else f"{path}: {reason}")
        self.path = path
        self.reason = reason
        self.line = line
