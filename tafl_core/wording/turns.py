"""The German report of a played turn: one place for every form it takes.

A turn's report is built from three phrases: the squares ('c7, d7 und h7', `squares`),
the pieces it took ('den Bunten der Angreifer auf d5', `pieces_phrase`, with the article
and case each piece name needs) and who won ('die Verteidiger gewinnen', `winner_clause`).
The forms: a line of `tafl play` (`turn_line`), the board's status (`turn_status`), the
note of a rule sheet (`turn_note`). Captions of drawn turns (`diagrams/prose.py`) use the
same phrases.
The piece names with their articles come from `nouns.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..pieces import Kind, Piece, Side
from ..turns import TurnRecord, turn_label
from . import events
from .lists import and_list
from .nouns import Case, piece_phrase

if TYPE_CHECKING:
    from ..geometry import Geometry
    from ..outcome import Outcome


def squares(geo: Geometry, where: Sequence[int]) -> str:
    """Square names in the given order: 'e5', 'd5 und e5', 'c5, d5 und e5'."""
    return and_list([geo.name(s) for s in where])


def pieces_phrase(
    geo: Geometry, taken: Sequence[tuple[int, Piece | None]], case: Case = Case.NOM
) -> tuple[str, bool]:
    """The pieces on their squares, grouped by piece in the order given, and whether the
    phrase is plural: ('den Angreifer auf e5', False), ('die Verteidiger auf d6 und b7',
    True), ('der Angreifer auf c7 und der Bunte der Verteidiger auf d5', True)."""
    groups: dict[Piece | None, list[int]] = {}
    for square, piece in taken:
        groups.setdefault(piece, []).append(square)
    parts = []
    for piece, where in groups.items():
        several = len(where) > 1
        parts.append(f"{piece_phrase(piece, case, plural=several)} auf {squares(geo, where)}")
    return and_list(parts), len(taken) > 1


def captured_of(record: TurnRecord, *, king: bool = True) -> list[tuple[int, Piece | None]]:
    """The (square, piece) each capture of the turn took, in board order; without the
    king when `king` is False (his capture is told as the end of the game)."""
    out = []
    for square in sorted(record.captured):
        piece = record.captured_pieces.get(square)
        if king or piece is None or piece.kind is not Kind.KING:
            out.append((square, piece))
    return out


def winner_clause(outcome: Outcome) -> str:
    """'die Verteidiger gewinnen' or 'die Partie endet unentschieden'."""
    return side_wins(outcome.winner)


def side_wins(winner: Side | None) -> str:
    """'die Verteidiger gewinnen'; None: 'die Partie endet unentschieden'."""
    if winner is None:
        return "die Partie endet unentschieden"
    return f"die {winner.german} gewinnen"


def ending(outcome: Outcome) -> str:
    """What ended the game and who won: 'Der König ist entkommen – die Verteidiger
    gewinnen.'"""
    why = events.ending_sentence(outcome).rstrip(".")
    return f"{why} – {winner_clause(outcome)}."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def captured_sentence(geo: Geometry, taken: Sequence[tuple[int, Piece | None]]) -> str:
    """'Geschlagen ist der Angreifer auf e5.' / 'Geschlagen sind die Bunten der
    Verteidiger auf c7 und d7.' ('' when nothing was taken)."""
    if not taken:
        return ""
    subject, plural = pieces_phrase(geo, taken)
    return f"Geschlagen {'sind' if plural else 'ist'} {subject}."


def flipped_sentence(geo: Geometry, flipped: Sequence[int]) -> str:
    """'Der Bunte auf e5 wird umgedreht.' / 'Die Bunten auf d5 und e5 werden umgedreht.'"""
    if not flipped:
        return ""
    if len(flipped) == 1:
        return f"Der Bunte auf {geo.name(flipped[0])} wird umgedreht."
    return f"Die Bunten auf {squares(geo, flipped)} werden umgedreht."


def turn_line(number: int, side: Side, record: TurnRecord, geo: Geometry) -> str:
    """A line of `tafl play`: '1. Angreifer: d4-d6, d6-f6  geschlagen: c7 und h7'."""
    line = f"{number}. {side.german}: {turn_label(record.moves, geo)}"
    line += f"  geschlagen: {squares(geo, sorted(record.captured)) or 'nichts'}"
    if record.flipped:
        line += f"  umgedreht: {squares(geo, sorted(record.flipped))}"
    return line


def _steps(geo: Geometry, record: TurnRecord) -> str:
    """'d1-d3', 'd1-d3, dann d3-f3', a jump 'd5-d7, Sprung über d6'."""
    out = []
    for move in record.moves:
        step = f"{geo.name(move.frm)}-{geo.name(move.to)}"
        if move.jump:
            step += f", Sprung über {geo.name(move.jumped)}"
        out.append(step)
    return ", dann ".join(out)


def turn_status(
    side: Side,
    record: TurnRecord,
    geo: Geometry,
    outcome: Outcome | None,
    *,
    explain: bool = False,
    answer: bool = False,
) -> str:
    """The board's announcement of a turn: 'Angreifer: d1-d3. Geschlagen ist der
    Verteidiger auf e3.' then the end of the game ('Der König ist entkommen – die
    Verteidiger gewinnen.'). With `explain` each capture says how the piece was taken;
    with `answer` the turn is the other side's answer ('Die Verteidiger antworten: …').
    What follows (who moves next) is the caller's."""
    head = f"Die {side.german} antworten: " if answer else f"{side.german}: "
    parts = [f"{head}{_steps(geo, record)}."]
    if explain and record.captures:
        how = [
            f"{piece_phrase(c.piece)} auf {geo.name(c.square)} ({events.capture_text(c.rule)})"
            for c in sorted(record.captures, key=lambda c: c.square)
        ]
        parts.append(f"Geschlagen: {and_list(how)}.")
    elif record.captured:
        parts.append(captured_sentence(geo, captured_of(record)))
    if record.flipped:
        parts.append(flipped_sentence(geo, record.flipped))
    if outcome is not None:
        parts.append(ending(outcome))
    return " ".join(parts)


def turn_note(record: TurnRecord | None, geo: Geometry, outcome: Outcome | None) -> str:
    """A rule sheet's note under a played turn: 'Geschlagen ist der Angreifer auf c7.
    Der König ist entkommen – die Verteidiger gewinnen.' ('Nichts wird geschlagen.')."""
    if record is None:
        record = TurnRecord()
    parts = [captured_sentence(geo, captured_of(record, king=False))]
    parts.append(flipped_sentence(geo, record.flipped))
    king_taken = len(captured_of(record, king=False)) < len(record.captured)
    if king_taken and outcome is None:
        parts.append("Der König ist gefangen.")
    if outcome is not None:
        parts.append(ending(outcome))
    text = " ".join(p for p in parts if p)
    return text or "Nichts wird geschlagen."


# -- counting: one way on every board ---------------------------------------------------
#
# A "Zug" is counted as in OpenTafl's notation and in chess: the attackers' turn and the
# defenders' answer share one number ("1. d1-d3 e4-e2"); a game the defenders open starts
# its first number with them. A task "in 2 Zügen" counts the solver's own turns, which is
# the same thing: the second own turn is played in the second numbered move. The reader
# is told once, in the glossary ("Zug").


def next_move_number(previous: int, side: Side) -> int:
    """The number of a turn by `side` after a turn numbered `previous` (0: the first turn):
    a new number begins with every attackers' turn and with the first turn."""
    return previous + (previous == 0 or side is Side.ATTACKERS)


def move_numbers(sides: Sequence[Side]) -> list[int]:
    """The number of each turn, in order (attackers first: [1, 1, 2, 2, 3]; defenders
    first: [1, 2, 2])."""
    numbers: list[int] = []
    for side in sides:
        numbers.append(next_move_number(numbers[-1] if numbers else 0, side))
    return numbers


def numbered_turn(number: int, side: Side, text: str) -> str:
    """A turn in a list of turns: '3. Angreifer: d1-d3'."""
    return f"{number}. {side.german}: {text}"


def replay_place(number: int, side: Side | None, total: int) -> str:
    """Where a replay stands: 'Zug 10 von 12, Verteidiger'; before the first turn (`side`
    None): 'Anfangsstellung (12 Züge)'."""
    if side is None:
        return f"Anfangsstellung ({total} {'Zug' if total == 1 else 'Züge'})"
    return f"Zug {number} von {total}, {side.german}"
