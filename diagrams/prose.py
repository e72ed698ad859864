"""German sentences about a turn and its result, for captions and diagram descriptions.

Reader German: full sentences, square names, no notation symbols and no reason codes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tafl_core import Move, MoveError, Piece, Position, Side
from tafl_core.geometry import Geometry
from tafl_core.outcome import Outcome
from tafl_core.turns import turn_label
from tafl_core.wording import events, turns
from tafl_core.wording.lists import and_list
from tafl_core.wording.nouns import piece_phrase


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _over(geo: Geometry, m: Move) -> str:
    """The square a jump passes over."""
    return geo.name(m.jumped)


def mover_subject(piece: Piece | None, side: Side) -> tuple[str, bool]:
    """(subject, plural) of a move sentence about one piece: 'Der König', 'Der Angreifer'
    for a man ('Angreifer' and 'Verteidiger' are the same in both numbers); 'Die Angreifer'
    only when no piece is known."""
    if piece is None:
        return f"Die {side.german}", True
    return _capital(piece_phrase(piece)), False


def turn_sentence(pos: Position, moves: Sequence[Move]) -> str:
    """'Der Angreifer zieht von d3 nach a3.' or 'Der Kommandant … springt von e8 über f8 nach g8.'

    `pos` is the position before the turn; a chain of several steps reads
    'zieht im Berserker-Lauf von c2 nach c5, weiter nach c7 und weiter nach d7'.
    """
    if not moves:
        return ""
    geo = pos.geo
    first = moves[0]
    subject, plural = mover_subject(pos.piece_at(first.frm), pos.turn)
    go, leap = ("ziehen", "springen") if plural else ("zieht", "springt")
    verb = leap if first.jump else go
    chain = " im Berserker-Lauf" if len(moves) > 1 else ""
    return f"{subject} {verb}{chain} {route(geo, moves)}."


def route(geo: Geometry, moves: Sequence[Move]) -> str:
    """'von d3 nach d5, weiter nach d7 und mit einem Sprung über e7 nach f7' (no subject)."""
    parts = []
    for i, m in enumerate(moves):
        if i == 0:
            via = f" über {_over(geo, m)}" if m.jump else ""
            parts.append(f"von {geo.name(m.frm)}{via} nach {geo.name(m.to)}")
        elif m.jump:
            parts.append(f"mit einem Sprung über {_over(geo, m)} nach {geo.name(m.to)}")
        else:
            parts.append(f"weiter nach {geo.name(m.to)}")
    return and_list(parts)


def step_words(geo: Geometry, moves: Sequence[Move]) -> str:
    """A turn in notation without the jump mark: 'd2-d4' or 'd3-d5, d5-f5'."""
    return turn_label([Move(m.frm, m.to) for m in moves], geo)


def earlier_sentence(geo: Geometry, turns: Sequence[Sequence[Move]]) -> str:
    """'Vorausgegangen ist der Zug d2-d4.' / '… sind die Züge d2-d4 und e7-e5.'"""
    played = [step_words(geo, t) for t in turns if t]
    if not played:
        return ""
    if len(played) == 1:
        return f"Vorausgegangen ist der Zug {played[0]}."
    return f"Vorausgegangen sind die Züge {and_list(played)}."


def _pieces_phrase(
    geo: Geometry, squares: Sequence[int], pieces: Mapping[int, Piece]
) -> tuple[str, bool]:
    """('der Angreifer auf e5', False), ('die Verteidiger auf d6 und b7', True), or a list."""
    return turns.pieces_phrase(geo, [(s, pieces.get(s)) for s in squares])


def captured_sentence(geo: Geometry, squares: Sequence[int], pieces: Mapping[int, Piece]) -> str:
    """'Geschlagen ist der Angreifer auf e5.' (or the plural, or a list)."""
    if not squares:
        return "Keine Figur ist geschlagen."
    return turns.captured_sentence(geo, [(s, pieces.get(s)) for s in squares])


def flipped_sentence(geo: Geometry, squares: Sequence[int]) -> str:
    """'Der Bunte auf e5 wird umgedreht.' (or the plural)."""
    return turns.flipped_sentence(geo, squares)


def _sentence(first: bool, subject: str, verb: str, rest: str) -> str:
    """'Danach ist der Stein auf e5 geschlagen.' (first) or 'Der Stein auf e5 ist geschlagen.'"""
    if first:
        return f"Danach {verb} {subject}{rest}"
    return f"{_capital(subject)} {verb}{rest}"


def after_sentences(
    geo: Geometry,
    captured: Sequence[int],
    pieces: Mapping[int, Piece],
    flipped: Sequence[int],
    outcome: Outcome | None,
    *,
    goes_on: bool = False,
) -> str:
    """What a turn did, beginning with 'Danach': captures, flips, the end of the game.

    'Danach ist keine Figur geschlagen.' when nothing happened, followed by 'Die Partie
    geht weiter.' with `goes_on` (the example checks that the game is not over).
    """
    out: list[str] = []
    if captured:
        subject, plural = _pieces_phrase(geo, captured, pieces)
        out.append(_sentence(True, subject, "sind" if plural else "ist", " geschlagen."))
    if flipped:
        if len(flipped) == 1:
            subject, verb = f"der Bunte auf {geo.name(flipped[0])}", "wird"
        else:
            subject, verb = f"die Bunten auf {turns.squares(geo, flipped)}", "werden"
        out.append(_sentence(not out, subject, verb, " umgedreht."))
    if outcome is not None:
        why = events.ending_sentence(outcome)
        if outcome.winner is None:
            out.append(_sentence(not out, "die Partie", "endet", f" remis: {why}"))
        else:
            winner = f"die {outcome.winner.german}"
            out.append(_sentence(not out, winner, "gewinnen", f": {why}"))
    if not out:
        out.append("Danach ist keine Figur geschlagen.")
        if goes_on:
            out.append("Die Partie geht weiter.")
    return " ".join(out)


def targets_sentence(geo: Geometry, squares: Sequence[int], *, after: bool = False) -> str:
    """What the dots of a diagram mean: 'Die Punkte zeigen, wohin die Figur auf f9 ziehen darf.'

    `squares` are the pieces whose targets are drawn; with `after` the dots show the position
    after the turn ('jetzt').
    """
    if not squares:
        return ""
    now = " jetzt" if after else ""
    if len(squares) == 1:
        return f"Die Punkte zeigen, wohin die Figur auf {geo.name(squares[0])}{now} ziehen darf."
    where = turns.squares(geo, squares)
    return f"Die Punkte zeigen, wohin die Figuren auf {where}{now} ziehen dürfen."


def forbidden_sentence(
    geo: Geometry,
    piece: Piece | None,
    side: Side,
    frm: int,
    to: int,
    refusal: MoveError,
    *,
    then: bool = False,
) -> str:
    """'Der Angreifer will von a4 nach a1 ziehen. Verboten: Nur der König darf …'

    `piece` is the piece that tries the step (None: no piece there), `side` the side to
    move; `refusal` is the engine's MoveError (its `why` and whether the step was a
    jump are used). With `then` the step continues a berserker chain of the same piece
    ('Er will dann … weiterziehen').
    """
    why, jump = refusal.why, refusal.jump
    why = _capital(why.strip()).rstrip(".") + "."
    if piece is not None and piece.side is not side:
        why = f"Am Zug sind die {side.german}."
    if frm < 0 or to < 0 or piece is None:
        return f"Verboten: {why}"
    subject, plural = mover_subject(piece, side)
    want = "wollen" if plural else "will"
    verb = "springen" if jump else "ziehen"
    if then and refusal.reason == "berserker" and refusal.square >= 0 and refusal.square != frm:
        # another piece than the berserker tries to go on
        other = f"Eine andere Figur der {piece.side.german}"
        return f"{other} will dann von {geo.name(frm)} nach {geo.name(to)} {verb}. Verboten: {why}"
    if then:  # the same piece goes on: every piece's name is masculine ('der Bunte' too)
        return f"Er will dann von {geo.name(frm)} nach {geo.name(to)} weiter{verb}. Verboten: {why}"
    return f"{subject} {want} von {geo.name(frm)} nach {geo.name(to)} {verb}. Verboten: {why}"
