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


#: What to do in a move task ("in 2 Zügen" counts the reader's own turns, as every board
#: counts: the attackers' turn and the defenders' answer share a number).
EXERCISE_MOVE_INSTRUCTION = (
    "Figur wählen, dann ihr Zielfeld. Der Gegenzug kommt von selbst; „in 2 Zügen“ zählt "
    "nur die eigenen Züge."
)


# -- an exercise's hint: the squares it names are marked on the board -------------------

#: Added to a marked square's label for a screen reader: 'b3, Angreifer, Tipp'.
HINT_LABEL = ", Tipp"


def hint_piece(square: str) -> str:
    """The first hint: which piece moves (its square is marked on the board)."""
    return f"Tipp: Es zieht die Figur auf {square} (auf dem Brett markiert)."


def hint_step(frm: str, to: str, later: str = "") -> str:
    """The second hint: the whole first step, both squares marked; `later` the rest of a
    berserker chain ('d6-f6')."""
    more = f", dann weiter: {later}" if later else ""
    return f"Tipp: von {frm} nach {to}{more} (beide Felder auf dem Brett markiert)."


def hint_chain() -> str:
    """A hint while a berserker chain is open (the chain's piece is marked)."""
    return "Tipp: den Berserker-Lauf weiterführen oder beenden (die Figur ist markiert)."
