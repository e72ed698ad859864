"""Exceptions raised by the engine; all derive from ValueError."""

from __future__ import annotations


class TaflError(ValueError):
    """Base class of every error the engine raises for bad input."""


class UnknownVariantError(TaflError):
    """A variant slug that no data file defines."""


class SquareError(TaflError):
    """A square name that is malformed or off the board."""


class PositionError(TaflError):
    """An ASCII position that cannot be read (row length, letters, labels)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line  # 1-based line inside the grid text, when known


class MoveError(TaflError):
    """A move that is malformed or illegal in the current position."""

    def __init__(self, message: str, reason: str = "malformed") -> None:
        super().__init__(message)
        self.reason = reason  # a short class such as "blocked", "restricted", "not-your-piece"


class UndoError(TaflError, IndexError):
    """pop() with no step left to take back (an IndexError too, as in python-chess)."""


class VariantDataError(TaflError):
    """A variant data file that is incomplete or inconsistent."""


class ImpossiblePositionError(PositionError):
    """A position that no game under the given rules can reach (e.g. no king)."""


class InputTooLongError(TaflError):
    """An input longer than the limit of its parser (checked before any pattern runs)."""
