"""Exceptions raised by the engine; all derive from ValueError."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .pieces import Piece


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
    """A move that is malformed or illegal in the current position, with the facts.

    `reason` is the class of the refusal (a code of `legality.REASONS`, or "malformed"
    for text that is no move); `why` the German sentence without the move in front
    (`str(exc)` is "a4-a1: why"). The facts, -1 or None when they do not apply:
    `frm` and `to` of the step, `square` the square that matters (the blocking piece,
    the restricted square, the jumped piece, the piece of an open berserker chain),
    `piece` the piece that tried to move, `obstacle` the piece on `square`, and `jump`
    whether the step was tried as a jump.
    """

    def __init__(
        self,
        message: str,
        reason: str = "malformed",
        *,
        why: str | None = None,
        frm: int = -1,
        to: int = -1,
        square: int = -1,
        piece: Piece | None = None,
        obstacle: Piece | None = None,
        jump: bool = False,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.why = message if why is None else why
        self.frm = frm
        self.to = to
        self.square = square
        self.piece = piece
        self.obstacle = obstacle
        self.jump = jump

    def prefixed(self, prefix: str) -> MoveError:
        """A copy whose message starts with `prefix` (e.g. "Zug 2: "), with every fact kept.

        `why` stays the sentence without any move or prefix in front.
        """
        return MoveError(
            f"{prefix}{self}",
            self.reason,
            why=self.why,
            frm=self.frm,
            to=self.to,
            square=self.square,
            piece=self.piece,
            obstacle=self.obstacle,
            jump=self.jump,
        )


class UndoError(TaflError, IndexError):
    """pop() with no step left to take back (an IndexError too, as in python-chess)."""


class VariantDataError(TaflError):
    """A variant data file that is incomplete or inconsistent."""


class ImpossiblePositionError(PositionError):
    """A position that no game under the given rules can reach (e.g. no king)."""


class ArgumentError(TaflError, TypeError):
    """A value of the wrong type given to the Python API (a TypeError too).

    Raised by every public entry of the engine before it reads the value: a text where a
    number belongs, a float or bool where a whole number belongs, an unknown enum value.
    """


class RulesError(TaflError):
    """A rule set that the engine cannot play: values that contradict each other."""


class InputTooLongError(TaflError):
    """An input longer than the limit of its parser (checked before any pattern runs)."""
