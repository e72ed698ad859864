"""Why the live board refuses an action in its current mode, in German, by code.

The modes of `tafl_web/modes.py` name a code per refused action; the sentences live here
with the other German of the engine (see notes/architecture.md).
"""

from __future__ import annotations

#: A board mode's refusal codes and what the reader is told.
MODE_REFUSALS: dict[str, str] = {
    "editing": "Erst das Aufstellen beenden, dann spielen.",
    "nothing-to-take-back": "Es gibt keinen Zug zum Zurücknehmen.",
    "replay": "Hier wird eine Partie nachgespielt: mit ← und → (oder den Knöpfen) blättern.",
    "exercise-no-take-back": (
        "In einer Aufgabe wird nicht zurückgenommen; „Nochmal“ beginnt von vorn."
    ),
    "exercise-no-example": "Eine Aufgabe spielt sich nicht selbst; „Lösung zeigen“ zeigt sie.",
    "exercise-fixed": "Die Stellung einer Aufgabe lässt sich nicht ändern.",
    "exercise-on-board": "Diese Aufgabe wird auf dem Brett gelöst, nicht mit Knöpfen.",
    "quiz-yes-no": "Antwort mit „Ja“ oder „Nein“.",
    "quiz-no-move": "Bei dieser Frage wird nicht gezogen.",
    "quiz-no-tip": "Hier gibt es keinen Tipp.",
    "exercise-solved": "Die Aufgabe ist gelöst. „Nochmal“ beginnt von vorn.",
    "exercise-over": "Dieser Versuch ist vorbei. „Nochmal“ beginnt von vorn.",
}


def mode_refusal(code: str) -> str:
    """The sentence for a mode's refusal code (the code itself if unknown)."""
    return MODE_REFUSALS.get(code, code)


def selection_refusal(why: str) -> str:
    """A tap on a square whose piece may not move now, from the engine's reason `why`
    (the sentence of `MoveError.why`): 'Auf e4 steht keine Figur.'"""
    return f"{why[:1].upper()}{why[1:]}."


def cannot_move(square: str) -> str:
    """A piece of the side to move that has no step now."""
    return f"Die Figur auf {square} kann jetzt nicht ziehen."
