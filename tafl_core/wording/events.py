"""German sentences for what the engine reports: refusals, capture rules, outcomes.

The engine decides codes and facts (`MoveError.reason` with its squares and pieces,
`Capture.rule`, `Outcome`); the reader text for them is made here and nowhere else.
A sentence names only rules the variant has: it is made from the rule set.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Protocol

from ..geometry import geometry
from ..pieces import Kind, Piece, Side
from .lists import and_list
from .nouns import piece_phrase

if TYPE_CHECKING:
    from ..captures import CaptureRule
    from ..rules import RuleSet


class Ending(Protocol):
    """An `Outcome` as the sentences read it (structural: `outcome.py` imports this module
    for `Outcome.german`, so this one does not import it)."""

    @property
    def winner(self) -> Side | None: ...
    @property
    def reason(self) -> Enum: ...


#: Reason codes of a refused step (`MoveError.reason`, English as every code of the engine)
#: with their meaning.
REASONS = {
    "no-piece": "auf dem Startfeld steht keine Figur",
    "wrong-side": "die Figur gehört nicht der Seite am Zug",
    "null-move": "Start- und Zielfeld sind gleich",
    "not-straight": "gezogen wird nur waagerecht oder senkrecht, nicht schräg",
    "occupied": "das Zielfeld ist besetzt",
    "blocked": "eine Figur steht im Weg",
    "restricted-square": (
        "ein Sperrfeld darf nur der König betreten oder (je nach Variante) überqueren"
    ),
    "jump": "ein Sprung, den die Regeln nicht erlauben",
    "berserker": "im Berserker-Lauf ist nur ein weiterer Schlag derselben Figur erlaubt",
    "game-over": "die Partie ist bereits entschieden",
}

#: The German word an example block writes after "Illegal:" for each reason code (the
#: authors' language, as the words after "Ergebnis:"; until 2026-12 these were the codes).
REFUSAL_WORDS = {
    "leeres-feld": "no-piece",
    "nicht-am-zug": "wrong-side",
    "nullzug": "null-move",
    "nicht-gerade": "not-straight",
    "besetzt": "occupied",
    "versperrt": "blocked",
    "sperrfeld": "restricted-square",
    "sprung": "jump",
    "berserker": "berserker",
    "spiel-beendet": "game-over",
}


def refusal_word(code: str) -> str:
    """The example blocks' German word for a reason code ('blocked' -> 'versperrt')."""
    return next((word for word, c in REFUSAL_WORDS.items() if c == code), code)


#: A turn given without any step.
EMPTY_TURN = "ein Zug braucht mindestens einen Schritt"

#: German word of each way a game ends, by the name of its `Reason`.
_REASON_WORDS = {
    "ESCAPE": "Flucht",
    "EDGE_FORT": "Randfestung",
    "KING_CAPTURED": "Königsfang",
    "ENCIRCLEMENT": "Umzingelung",
    "REPETITION": "Zugwiederholung",
    "NO_MOVES": "Zugunfähigkeit",
}

#: What ended the game, as the second half of "Die Verteidiger gewinnen: …".
_ENDINGS = {
    "ESCAPE": "Der König ist entkommen.",
    "EDGE_FORT": "Der König steht in einer Randfestung, die nicht zu brechen ist.",
    "KING_CAPTURED": "Der König ist gefangen.",
    "ENCIRCLEMENT": "Kein Verteidiger kann mehr den Rand erreichen.",
    "REPETITION": "Dieselbe Stellung ist zum dritten Mal entstanden.",
    "NO_MOVES": "Eine Seite kann nicht mehr ziehen.",
}

#: How each capture rule took a piece, by the name of its `CaptureRule`.
_CAPTURE_TEXTS = {
    "CUSTODIAL": "zwischen zwei Gegnern eingeschlossen",
    "HOSTILE_SQUARE": "gegen ein feindliches Feld eingeschlossen",
    "KING": "als König gefangen",
    "COMMANDER": "von Kommandanten gefangen",
    "LINNAEAN": "gegen den besetzten Thron eingeschlossen (Linné-Regel)",
    "SHIELDWALL": "im Schildwall geschlagen",
    "KNIGHT": "vom Ritter übersprungen",
}


def refusal(
    code: str,
    rules: RuleSet,
    *,
    frm: int = -1,
    to: int = -1,
    square: int = -1,
    piece: Piece | None = None,
    obstacle: Piece | None = None,
    jump: bool = False,
) -> str:
    """Why a step is refused, from its reason code and facts (see `MoveError`).

    The sentence has no move in front; `str(MoveError)` puts "a4-a1: " before it.
    """
    geo = geometry(rules.size)
    name = geo.name
    is_king = piece is not None and piece.kind is Kind.KING
    if code == "no-piece":
        return f"auf {name(frm)} steht keine Figur"
    if code == "wrong-side":
        if piece is None:
            return f"die Figur auf {name(frm)} gehört nicht der Seite am Zug"
        side = piece.side.other.german
        return f"die Figur auf {name(frm)} gehört nicht den {side}n, die am Zug sind"
    if code == "null-move":
        return "Start- und Zielfeld sind gleich"
    if code == "not-straight":
        return "gezogen wird nur waagerecht oder senkrecht, nicht schräg"
    if code == "occupied":
        return f"das Zielfeld {name(to)} ist besetzt"
    if code == "blocked":
        return f"auf {name(square)} steht eine Figur im Weg"
    if code == "jump":
        return _jump(rules, piece, obstacle)
    if code == "restricted-square":
        what = "Thron" if rules.throne and square == geo.centre else "Eckfeld"
        if is_king:
            if jump:
                return f"der König darf den Thron {name(to)} nicht wieder betreten"
            return (
                f"der König darf den Thron {name(to)} nicht wieder betreten, nachdem er ihn "
                "verlassen hat"
            )
        if square != to:
            return f"nur der König darf den Thron {name(square)} überqueren"
        after_jump = ", auch nach einem Sprung" if jump else ""
        return f"nur der König darf auf dem {what} {name(to)} stehen{after_jump}"
    if code == "berserker":
        if square >= 0:
            return f"im Berserker-Lauf darf nur die Figur auf {name(square)} weiterziehen"
        return _must_capture(rules, is_king)
    return REASONS.get(code, code)


def _jump(rules: RuleSet, piece: Piece | None, obstacle: Piece | None) -> str:
    """Why a jump over `obstacle` (None: no single piece to jump) is refused."""
    if obstacle is None:
        return "dieser Zug ist kein erlaubter Sprung"
    if obstacle.kind is Kind.KING:
        return "über den König darf nicht gesprungen werden"
    if obstacle.kind is Kind.COMMANDER:
        return "über einen Kommandanten darf nicht gesprungen werden"
    if obstacle.kind is Kind.KNIGHT:
        return "über einen Ritter darf nicht gesprungen werden"
    if piece is not None and obstacle.side is piece.side:
        return "gesprungen wird nur über eine gegnerische Figur"
    squares = " oder ".join(
        word for word, has in (("Thron", rules.throne), ("Eckfeld", rules.corners)) if has
    )
    return f"der König springt nur von einem Sperrfeld ({squares}) oder auf eines"


def _must_capture(rules: RuleSet, is_king: bool) -> str:
    """A berserker continuation that takes nothing: what it would have to do instead."""
    text = "im Berserker-Lauf muss jeder weitere Zug schlagen"
    if rules.variegated:
        text += " oder umdrehen"
    if is_king and rules.berserker_king_escape:
        text += " (oder der König flieht)"
    return text


def no_chain(rules: RuleSet, before: str) -> str:
    """Why a further step cannot follow the step `before` in the same turn."""
    if not rules.berserker:
        return (
            "ohne Berserker-Regel besteht ein Zug aus genau einem Schritt; weitere Züge als "
            "eigene Angaben schreiben, nicht mit Komma"
        )
    return f"nach '{before}' ist kein Berserker-Lauf offen, der Zug ist schon zu Ende"


def nothing_to_end(rules: RuleSet) -> str:
    """Why a turn cannot be ended early (no berserker chain is open)."""
    if not rules.berserker:
        return "ohne Berserker-Regel gibt es keinen Lauf, der beendet werden könnte"
    return "es ist kein Berserker-Lauf offen, der beendet werden könnte"


def finished(outcome: Ending) -> str:
    """Why no step is allowed after the end of the game."""
    return f"die Partie ist bereits entschieden ({outcome_text(outcome)})"


def no_king() -> str:
    """A given position without a king."""
    return "in der Stellung fehlt der König"


def not_on_restricted(rules: RuleSet, square: int, piece: Piece) -> str:
    """A piece other than the king standing on a restricted square of a given position."""
    geo = geometry(rules.size)
    what = "Thron" if rules.throne and square == geo.centre else "Eckfeld"
    where = f"auf dem {what} {geo.name(square)}"
    return f"{where} steht ein {piece.german}; dort darf nur der König stehen"


def _squares(rules: RuleSet, squares: list[int]) -> str:
    """Square names as a German list in board order, e.g. 'd1, h1 und d11'."""
    geo = geometry(rules.size)
    return and_list([geo.name(s) for s in sorted(squares)])


def several_kings(rules: RuleSet, squares: list[int]) -> str:
    """A given position with more than one king."""
    where = _squares(rules, squares)
    return f"auf {where} stehen {len(squares)} Könige; es gibt nur einen König"


def piece_not_in_play(rules: RuleSet, squares: list[int], piece: Piece) -> str:
    """Pieces of a given position that the variant does not have (`Variant.pieces`)."""
    return (
        f"{piece.german} auf {_squares(rules, squares)}: diese Figur gibt es in dieser "
        "Variante nicht"
    )


def king_already_taken(rules: RuleSet, square: int, around: list[int]) -> str:
    """A given king enclosed as the variant captures him: a game would have taken him."""
    geo = geometry(rules.size)
    where = _squares(rules, around)
    return (
        f"der König auf {geo.name(square)} ist schon geschlagen: die Angreifer auf {where} "
        "schließen ihn so ein, wie die Variante den König schlägt"
    )


def impossible_chain(rules: RuleSet, square: int) -> str:
    """A given position marks an open berserker chain that cannot be open.

    Without the berserker rule the sentence names no berserker chain as a rule of the variant.
    """
    name = geometry(rules.size).name(square)
    if not rules.berserker:
        return (
            f"die Stellung markiert einen offenen Lauf der Figur auf {name}, aber ohne "
            "Berserker-Regel besteht jeder Zug aus genau einem Schritt"
        )
    return (
        f"ein Berserker-Lauf der Figur auf {name} ist nicht möglich: dort steht keine Figur "
        "der Seite am Zug"
    )


#: The groups of pieces counted against the start, by code (see `judge`).
_PIECE_GROUPS = {
    "men": "Figuren außer dem König",
    "attackers": "Figuren der Angreifer",
    "defenders": "Figuren der Verteidiger",
}


def more_than_start(group: str, have: int, most: int) -> str:
    """A given position with more pieces of a group ('men', 'attackers', 'defenders') than
    the variant's start."""
    return f"{have} {_PIECE_GROUPS[group]}, die Startaufstellung hat nur {most}"


def impossible_position(problems: list[str]) -> str:
    """Every reason why no game reaches a given position, as one message."""
    return "die Stellung ist nach den Regeln unmöglich: " + "; ".join(problems)


def reason_word(reason: Enum) -> str:
    """German word of a way the game ends, e.g. 'Randfestung'."""
    return _REASON_WORDS[reason.name]


def outcome_text(outcome: Ending) -> str:
    """German sentence such as 'Verteidiger gewinnen (Flucht)' or 'Remis (Zugwiederholung)'."""
    word = reason_word(outcome.reason)
    if outcome.winner is None:
        return f"Remis ({word})"
    return f"{outcome.winner.german} gewinnen ({word})"


def outcome_by(outcome: Ending) -> str:
    """German phrase such as 'Verteidiger gewinnen durch Randfestung' or 'Remis durch …'."""
    word = reason_word(outcome.reason)
    if outcome.winner is None:
        return f"Remis durch {word}"
    return f"{outcome.winner.german} gewinnen durch {word}"


def ending_sentence(outcome: Ending) -> str:
    """What ended the game as a sentence, e.g. 'Der König ist entkommen.'"""
    if outcome.reason.name == "NO_MOVES" and outcome.winner is not None:
        return f"Die {outcome.winner.other.german} können nicht mehr ziehen."
    return _ENDINGS[outcome.reason.name]


def capture_text(rule: CaptureRule) -> str:
    """How a piece was taken, e.g. 'zwischen zwei Gegnern eingeschlossen'."""
    return _CAPTURE_TEXTS[rule.name]


# -- the solver's answers (tafl_core.solver): why a move solves a task or fails --------

#: How a reply that ends the game ends it, after "Darauf zieht der König nach a7".
_REPLY_ENDINGS = {
    "ESCAPE": "und entkommt",
    "EDGE_FORT": "und schließt um den König eine Randfestung, die nicht zu brechen ist",
    "KING_CAPTURED": "und fängt den König",
    "ENCIRCLEMENT": "und schließt die Umzingelung: kein Verteidiger kann mehr den Rand erreichen",
}


def _mover(piece: Piece | None) -> str:
    """'der König', 'ein Angreifer', 'ein Bunter der Verteidiger' (subject of a reply)."""
    if piece is None:
        return "eine Figur"
    return piece_phrase(piece, definite=False)


def _route(rules: RuleSet, steps: list[tuple[int, int]], king: bool) -> str:
    """'nach a7' (the king) or 'von e5 nach e6', a chain 'von c2 nach c5, weiter nach c7'."""
    name = geometry(rules.size).name
    head = (
        f"nach {name(steps[0][1])}" if king else f"von {name(steps[0][0])} nach {name(steps[0][1])}"
    )
    rest = [f"weiter nach {name(to)}" for _, to in steps[1:]]
    chain = "im Berserker-Lauf " if rest else ""
    return chain + ", ".join([head, *rest])


def reply_sentence(
    rules: RuleSet,
    piece: Piece | None,
    steps: list[tuple[int, int]],
    captured: int,
    outcome: Ending | None,
) -> str:
    """The opponent's answer to a move that fails, e.g. 'Darauf zieht der König nach a7 und
    entkommt.'; `steps` are (from, to) squares, `captured` how many pieces the reply takes."""
    king = piece is not None and piece.kind is Kind.KING
    text = f"Darauf zieht {_mover(piece)} {_route(rules, steps, king)}"
    if outcome is not None:
        ending = _REPLY_ENDINGS.get(outcome.reason.name)
        if king and outcome.reason.name == "EDGE_FORT":  # the king himself steps into it
            ending = "und steht in einer Randfestung, die nicht zu brechen ist"
        if ending is not None and outcome.winner is not None:
            return f"{text} {ending}."
        return f"{text}. {ending_sentence(outcome)[:-1]} – {_verdict(outcome)}"
    if captured:
        text += " und schlägt " + _pieces(captured)
    return text + "."


def _verdict(outcome: Ending) -> str:
    """'die Angreifer gewinnen.' or 'die Partie endet unentschieden.' (after a dash)."""
    if outcome.winner is None:
        return "die Partie endet unentschieden."
    return f"die {outcome.winner.german} gewinnen."


#: Small numbers as words, as a sentence says them ('schlägt zwei Figuren').
_NUMBER_WORDS = {2: "zwei", 3: "drei", 4: "vier", 5: "fünf", 6: "sechs"}


def _pieces(n: int) -> str:
    """'eine Figur', 'zwei Figuren', … '7 Figuren'."""
    return "eine Figur" if n == 1 else f"{_NUMBER_WORDS.get(n, str(n))} Figuren"


def _turns(n: int) -> str:
    return "einem Zug" if n == 1 else f"{n} Zügen"


def goal_missed(kind: str, side_german: str, target: str | None, turns: int) -> str:
    """What is no longer possible after a reply: 'Danach gewinnen die Angreifer nicht mehr in
    einem Zug.' (`kind` is a GoalKind value, `target` a square name or None)."""
    if kind == "win":
        return f"Danach gewinnen die {side_german} nicht mehr in {_turns(turns)}."
    if kind == "capture":
        what = f"die Figur auf {target}" if target else "eine Figur"
        return f"Danach schlagen die {side_german} {what} nicht mehr in {_turns(turns)}."
    if kind == "reach":
        return f"Danach erreichen die {side_german} {target} nicht mehr in {_turns(turns)}."
    return f"Danach gewinnen die {side_german}."


def goal_not_now(kind: str, target: str | None, king: bool) -> str:
    """A first turn that does not reach the goal of a one-turn task (`kind`: GoalKind value)."""
    if kind == "capture":
        what = f"die Figur auf {target}" if target else "keine Figur"
        return f"Dieser Zug schlägt {what}{' nicht' if target else ''}."
    if kind == "reach":
        who = "der König" if king else "keine eigene Figur"
        return f"Nach diesem Zug steht {who} {'nicht ' if king else ''}auf {target}."
    return "Dieser Zug gewinnt die Partie nicht."


def goal_reached(kind: str, side_german: str, target: str | None, king: bool) -> str:
    """The sentence for a task done by the last turn (not the end of a game: see
    `ending_sentence`), e.g. 'Die Figur auf d5 ist geschlagen.'"""
    if kind == "capture":
        return f"Die Figur auf {target} ist geschlagen." if target else "Eine Figur ist geschlagen."
    if kind == "reach":
        who = "Der König" if king else f"Eine Figur der {side_german}"
        return f"{who} steht auf {target}."
    if kind == "save":
        return f"Danach haben die {side_german} keinen Gewinnzug."
    return ""


def move_ends_game(outcome: Ending) -> str:
    """A move that ends the game at once without solving the task."""
    return f"Dieser Zug beendet die Partie: {outcome_text(outcome)}. {ending_sentence(outcome)}"
