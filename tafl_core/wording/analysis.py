"""German sentences of the analysis (`tafl_core.search.analysis`): what the engine's line does.

The analysis finds the facts by playing the engine's line on the board (captures, flips,
endings, the king's open lines to his goal squares, threats); the sentences for them are
made here and nowhere else. Squares come in as names ('a11'), sides as `Side`, endings as
`Outcome`; no sentence names a code or a parameter of the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events
from .lists import and_list

if TYPE_CHECKING:
    from ..captures import CaptureRule
    from ..outcome import Outcome
    from ..pieces import Side

#: Number words for "in zwei Zügen" (larger counts as digits).
_NUMBERS = {1: "einem", 2: "zwei", 3: "drei", 4: "vier", 5: "fünf", 6: "sechs"}

#: The phrases of the verdict without a proof, by how clear the advantage is (1 to 3).
_ADVANTAGE = {1: "Leichter Vorteil", 2: "Vorteil", 3: "Großer Vorteil"}

#: A threat to win at once other than an escape, by the name of the ending's `Reason`.
_THREATS = {
    "KING_CAPTURED": "den König zu fangen",
    "EDGE_FORT": "eine Randfestung zu schließen, die nicht zu brechen ist",
    "ENCIRCLEMENT": "die Umzingelung zu schließen",
    "NO_MOVES": "den {other}n jeden Zug zu nehmen",
}

#: The moved piece after 'mit', by the name of its `Kind` (a plain piece is not named).
_WITH = {
    "KING": "dem König",
    "COMMANDER": "einem Kommandanten",
    "VARIEGATED": "einem Bunten",
    "KNIGHT": "einem Ritter",
}

#: Errors of `analyse` (its arguments).
BAD_LEVEL = "analyse: die Stufe muss zwischen {low} und {high} liegen, nicht {level}"
IN_CHAIN = "analyse: die Stellung steht mitten in einem Berserker-Lauf"


def names(squares: list[str]) -> str:
    """Square names as a German list: 'a11', 'a11 und k11', 'a1, a11 und k11'."""
    return and_list(squares)


def turns(n: int) -> str:
    """'einem Zug', 'zwei Zügen', '7 Zügen' (after 'in')."""
    word = _NUMBERS.get(n, str(n))
    return f"{word} Zug" if n == 1 else f"{word} Zügen"


# -- the verdict ------------------------------------------------------------------------


def verdict_decided(outcome: Outcome) -> str:
    """The verdict on a finished game: 'Angreifer gewinnen (Königsfang)', 'Remis (…)'."""
    return events.outcome_text(outcome)


def verdict_win(side: Side, n: int) -> str:
    """A proven win: 'Angreifer gewinnen in 2 Zügen', 'Verteidiger gewinnen in 1 Zug'."""
    return f"{side.german} gewinnen in {n} {'Zug' if n == 1 else 'Zügen'}"


def verdict_advantage(side: Side | None, strength: int) -> str:
    """Without a proof: 'Ausgeglichen' (side None or strength 0), else 'Vorteil Angreifer'
    with 'Leichter' (strength 1) or 'Großer' (3) in front."""
    if side is None or strength <= 0:
        return "Ausgeglichen"
    return f"{_ADVANTAGE[min(3, strength)]} {side.german}"


# -- the position and the best turn -----------------------------------------------------


def game_over(outcome: Outcome) -> str:
    """Why nothing is to be found on a finished board: 'Die Partie ist entschieden: …'."""
    return f"Die Partie ist entschieden: {events.outcome_text(outcome)}. " + events.ending_sentence(
        outcome
    )


def best_turn(side: Side, text: str, chain: bool, kind: str = "MAN") -> str:
    """'Der beste Zug der Angreifer: e4-e1.', with a piece other than a plain one named
    ('… c6-c7 mit dem König.'); `chain`: a berserker chain of several steps; `kind`: the
    name of the moved piece's `Kind`."""
    with_piece = f" mit {_WITH[kind]}" if kind in _WITH else ""
    if chain:
        return f"Der beste Zug der {side.german} ist ein Berserker-Lauf{with_piece}: {text}."
    return f"Der beste Zug der {side.german}: {text}{with_piece}."


def random_turn(side: Side, text: str) -> str:
    """The lowest level sometimes moves at random, without a search: say so instead of
    calling the turn the best."""
    return f"Auf dieser Stufe ziehen die {side.german} hier zufällig, ohne Suche: {text}."


def only_turn(side: Side, text: str) -> str:
    """The one turn that does not lose at once: 'Nur e4-e1 verhindert den sofortigen …'."""
    return f"Nur {text} verhindert, dass die {side.other.german} sofort gewinnen."


def parries() -> str:
    """The best turn removes every threat named before it."""
    return "Dieser Zug wehrt die Drohung ab."


def loses_anyway(side: Side) -> str:
    """Every turn of the side to move leaves the opponent a win at once."""
    return (
        f"Kein Zug der {side.german} kann die Drohung abwehren: die {side.other.german} "
        "gewinnen mit ihrem nächsten Zug."
    )


def captures(side: Side, squares: list[str], rules: list[CaptureRule]) -> str:
    """'Dabei schlagen die Angreifer auf d4.'; a piece not simply enclosed between two
    enemies is told how it fell, e.g. '(im Schildwall geschlagen)'."""
    text = f"Dabei schlagen die {side.german} auf {names(squares)}"
    how: list[str] = []
    for rule in rules:
        if rule.name != "CUSTODIAL" and events.capture_text(rule) not in how:
            how.append(events.capture_text(rule))
    if how:
        text += f" ({'; '.join(how)})"
    return text + "."


def flips(squares: list[str]) -> str:
    """'Der Bunte auf e5 wechselt die Seite.' (one or several)."""
    if len(squares) == 1:
        return f"Der Bunte auf {squares[0]} wechselt die Seite."
    return f"Die Bunten auf {names(squares)} wechseln die Seite."


def ends_game(outcome: Outcome, goal: str | None = None) -> str:
    """The best turn ends the game: 'Mit diesem Zug entkommt der König über a1: Verteidiger
    gewinnen (Flucht).' (`goal`: the square of an escape), else 'Dieser Zug beendet …'."""
    if goal is not None and outcome.reason.name == "ESCAPE":
        return f"Mit diesem Zug entkommt der König über {goal}: {events.outcome_text(outcome)}."
    return events.move_ends_game(outcome)


# -- threats ----------------------------------------------------------------------------


def threat(
    side: Side, goals: list[str], endings: list[str], victims: list[str], more: int = 0
) -> str:
    """What a side threatens with its next turn, as one sentence: 'Die Verteidiger drohen,
    über a11 zu entkommen.', 'Die Angreifer drohen, den König zu fangen und auf d6 zu
    schlagen.' (`endings`: names of the endings' `Reason`s other than escape; `more`:
    further squares with a piece to take, not named).
    """
    parts = []
    if goals:
        parts.append(f"über {names(goals)} zu entkommen")
    parts += [_THREATS[name].format(other=side.other.german) for name in endings]
    if victims:
        where = names(victims) if not more else ", ".join(victims) + f" und {_further(more)}"
        parts.append(f"auf {where} zu schlagen")
    return f"Die {side.german} drohen, {names(parts)}."


def _further(n: int) -> str:
    """'einem weiteren Feld', '2 weiteren Feldern'."""
    return "einem weiteren Feld" if n == 1 else f"{n} weiteren Feldern"


def after_turn(sentence: str) -> str:
    """A threat that the best turn creates: 'Danach drohen die …' from 'Die … drohen, …'."""
    head, _, rest = sentence.partition(" drohen")
    return f"Danach drohen {head[0].lower()}{head[1:]}{rest}"


# -- proofs and the expected line -------------------------------------------------------


def proven(side: Side, n: int, outcome: Outcome | None, goal: str | None) -> str:
    """A win in `n` own turns of `side` proven by the solver, with the ending the line shows
    (None: any ending): 'Der König ist in zwei Zügen gefangen.', 'Der König entkommt in
    einem Zug über a11.', 'Die Verteidiger gewinnen in zwei Zügen (Randfestung).'"""
    if outcome is not None and outcome.winner is side:
        name = outcome.reason.name
        if name == "KING_CAPTURED":
            return f"Der König ist in {turns(n)} gefangen."
        if name == "ESCAPE":
            where = f" über {goal}" if goal else ""
            return f"Der König entkommt in {turns(n)}{where}."
        return f"Die {side.german} gewinnen in {turns(n)} ({events.reason_word(outcome.reason)})."
    return f"Die {side.german} gewinnen in {turns(n)}, wie die {side.other.german} auch spielen."


def line_captures(number: int, side: Side, text: str, squares: list[str]) -> str:
    """`number` counts the turns of `side` in the line, as a task "in 2 Zügen" counts:
    'Mit ihrem 2. Zug der erwarteten Zugfolge (d4-d6) schlagen die Angreifer auf d5.'"""
    return (
        f"Mit ihrem {number}. Zug der erwarteten Zugfolge ({text}) schlagen die {side.german} "
        f"auf {names(squares)}."
    )


def line_ends(number: int, side: Side, text: str, outcome: Outcome) -> str:
    """'Die erwartete Zugfolge endet mit dem 2. Zug der Angreifer (e4-e5): Angreifer
    gewinnen (Königsfang).' (`number` as in `line_captures`)"""
    return (
        f"Die erwartete Zugfolge endet mit dem {number}. Zug der {side.german} ({text}): "
        f"{events.outcome_text(outcome)}."
    )


def quiet() -> str:
    """No piece falls in the turns of the line looked at, and no threat follows the first."""
    return "In den nächsten Zügen der erwarteten Zugfolge fällt keine Figur."
