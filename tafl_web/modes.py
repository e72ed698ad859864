"""The board's modes: which actions each allows, and the code of the reason when not.

A session (`tafl_web/session.py`) is in one mode at a time: play (the free board, also
against the computer, whose turns the page plays through the session like a reader's),
editor (setting up a position), replay (a recorded game), exercise (a task played on the
board), a quiz (a task answered with buttons) and an exercise that is over. An action the
mode refuses is answered with the mode's German sentence (`tafl_core/wording/board.py`)
and the view; the session's actions never check the mode themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import wraps
from typing import Any, Protocol, TypeVar

from tafl_core.wording.board import mode_refusal


@dataclass(frozen=True)
class Mode:
    """A mode: its name and the actions it refuses, each with a refusal code."""

    name: str
    refused: Mapping[str, str] = field(default_factory=dict)

    def allows(self, action: str) -> bool:
        """Whether the action may run in this mode."""
        return action not in self.refused

    def refusal(self, action: str) -> str | None:
        """The German reason the action is refused (None when allowed)."""
        code = self.refused.get(action)
        return None if code is None else mode_refusal(code)


_EDITING = ("set_editing", "place", "set_turn", "clear")
_PLAYING = ("tap", "move", "end_turn", "play_next", "take_back", "undo")


def _all(actions: tuple[str, ...], code: str) -> dict[str, str]:
    return dict.fromkeys(actions, code)


PLAY = Mode("play")
EDITOR = Mode(
    "editor",
    {
        **_all(("tap", "move", "play_next", "end_turn"), "editing"),
        **_all(("undo", "take_back"), "nothing-to-take-back"),
    },
)
REPLAY = Mode(
    "replay",
    _all(("tap", "move", "end_turn", "play_next", "take_back", *_EDITING), "replay"),
)
_EXERCISE = {
    **_all(("undo", "take_back"), "exercise-no-take-back"),
    "play_next": "exercise-no-example",
    **_all(_EDITING, "exercise-fixed"),
}
EXERCISE = Mode("exercise", {**_EXERCISE, "answer": "exercise-on-board"})
#: "Is this move allowed?": answered with yes or no
QUIZ_LEGAL = Mode(
    "quiz-legal",
    {
        **_EXERCISE,
        "tap": "quiz-yes-no",
        **_all(("move", "end_turn"), "quiz-no-move"),
        "tip": "quiz-no-tip",
    },
)
#: "Which pieces fall?": squares marked by taps, then the answer
QUIZ_FALLS = Mode(
    "quiz-falls",
    {**_EXERCISE, **_all(("move", "end_turn"), "quiz-no-move"), "tip": "quiz-no-tip"},
)
_OVER = ("tap", "move", "end_turn", "tip", "answer")
EXERCISE_SOLVED = Mode("exercise-solved", {**_EXERCISE, **_all(_OVER, "exercise-solved")})
EXERCISE_OVER = Mode("exercise-over", {**_EXERCISE, **_all(_OVER, "exercise-over")})

#: Every mode, by name (for tests and the notes).
MODES = {
    m.name: m
    for m in (
        PLAY,
        EDITOR,
        REPLAY,
        EXERCISE,
        QUIZ_LEGAL,
        QUIZ_FALLS,
        EXERCISE_SOLVED,
        EXERCISE_OVER,
    )
}


class Moded(Protocol):
    """What `action` needs of a session: its mode, its message and its view."""

    message: str

    @property
    def mode(self) -> Mode: ...

    def view(self) -> dict[str, Any]: ...


A = TypeVar("A", bound=Callable[..., Any])


def action(method: A) -> A:
    """Mark a session method as a board action: when the session's mode refuses it, the
    answer is the view with the mode's reason as the message, and the method does not run."""
    name = method.__name__

    @wraps(method)
    def guarded(self: Moded, *args: Any) -> Any:
        reason = self.mode.refusal(name)
        if reason is not None:
            self.message = reason
            return self.view()
        return method(self, *args)

    return guarded  # type: ignore[return-value]
