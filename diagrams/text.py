"""German title and description of a diagram, for screen readers and search."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tafl_core import Kind, Move, Piece, Position, RuleSet, Side
from tafl_core.geometry import Geometry

from .ending import Ending
from .prose import captured_sentence, flipped_sentence, route, step_words

#: Plural German names of the piece kinds, in the order they are listed.
_KIND_PLURAL = {
    Kind.KING: ("König", "König"),
    Kind.MAN: ("Stein", "Steine"),
    Kind.COMMANDER: ("Kommandant", "Kommandanten"),
    Kind.VARIEGATED: ("Bunter", "Bunte"),
    Kind.KNIGHT: ("Ritter", "Ritter"),
}
_KIND_ORDER = (Kind.KING, Kind.MAN, Kind.COMMANDER, Kind.KNIGHT, Kind.VARIEGATED)


def board_name(pos: Position, variant_name: str | None) -> str:
    """The variant's name, or the board size when no name is given."""
    return variant_name or f"{pos.size}×{pos.size}-Brett"


def title_text(
    pos: Position,
    moves: Sequence[Move],
    variant_name: str | None,
    *,
    forbidden: Move | None = None,
    last_moves: Sequence[Move] = (),
) -> str:
    """Short German title of the diagram (no chained colons, no notation symbols)."""
    name = board_name(pos, variant_name)
    geo = pos.geo
    if forbidden is not None:
        return f"{name}, verbotener Zug {step_words(geo, [forbidden])}"
    if moves:
        what = "Berserker-Lauf" if len(moves) > 1 else "Zug"
        return f"{name}, {what} {step_words(geo, moves)}"
    if last_moves:
        return f"{name}, Stellung nach dem Zug {step_words(geo, last_moves)}"
    return f"{name}, die {pos.turn.german} sind am Zug"


def _squares(geo: Geometry, squares: Sequence[int]) -> str:
    return ", ".join(geo.name(s) for s in squares)


def _side_text(side: Side, pieces: Mapping[int, Piece], geo: Geometry) -> str:
    own = {s: p for s, p in pieces.items() if p.side is side}
    if not own:
        return f"{side.german}: keine Figuren."
    groups = []
    for kind in _KIND_ORDER:
        squares = [s for s, p in own.items() if p.kind is kind]
        if not squares:
            continue
        singular, plural = _KIND_PLURAL[kind]
        label = singular if len(squares) == 1 else plural
        groups.append(f"{label} auf {_squares(geo, squares)}")
    return f"{side.german} ({len(own)}): " + "; ".join(groups) + "."


def restricted_squares(pos: Position, rules: RuleSet) -> tuple[list[int], list[int]]:
    """(throne squares, corner squares) marked as restricted by the rule set."""
    geo = pos.geo
    throne = [geo.centre] if rules.throne else []
    corners = sorted(geo.corners) if rules.corners else []
    return throne, corners


def desc_text(
    pos: Position,
    rules: RuleSet,
    *,
    moves: Sequence[Move],
    captured: Sequence[int],
    flipped: Sequence[int],
    highlights: Sequence[int],
    targets: Sequence[int],
    captured_pieces: Mapping[int, Piece],
    variant_name: str | None,
    forbidden: Move | None = None,
    last_moves: Sequence[Move] = (),
    ending: Ending | None = None,
    note: str | None = None,
) -> str:
    """Long German description: what the diagram shows first, then the pieces by square."""
    geo = pos.geo
    pieces = pos.pieces()
    out = [note] if note else []
    out.append(f"Diagramm: {board_name(pos, variant_name)}, {pos.size}×{pos.size} Felder.")
    if moves:
        what = "den Berserker-Lauf" if len(moves) > 1 else "den Zug"
        out.append(f"Die Pfeile zeigen {what} {route(geo, moves)}.")
    if forbidden is not None:
        out.append(
            f"Die rote gestrichelte Linie mit Kreuz zeigt den verbotenen Zug "
            f"{route(geo, [forbidden])}."
        )
    if last_moves:
        out.append(f"Eingefärbt ist der letzte Zug {route(geo, last_moves)}.")
    if captured:
        out.append(captured_sentence(geo, captured, captured_pieces))
    if flipped:
        out.append(flipped_sentence(geo, flipped))
    if ending is not None and ending.framed:
        out.append(f"Umrahmt, weil sie das Spiel entscheiden: {_squares(geo, ending.framed)}.")
    out.append(f"Am Zug: {pos.turn.german}.")
    if pos.chain >= 0:
        out.append(f"Berserker-Lauf offen: die Figur auf {geo.name(pos.chain)} darf weiterziehen.")
    out.append(_side_text(Side.ATTACKERS, pieces, geo))
    out.append(_side_text(Side.DEFENDERS, pieces, geo))
    throne, corners = restricted_squares(pos, rules)
    marks = []
    if throne:
        marks.append(f"Thron {_squares(geo, throne)}")
    if corners:
        marks.append(f"Eckfelder {_squares(geo, corners)}")
    if marks:
        out.append("Sperrfelder (schraffiert): " + ", ".join(marks) + ".")
    if highlights:
        out.append(f"Hervorgehoben: {_squares(geo, highlights)}.")
    if targets:
        out.append(f"Mögliche Zielfelder (Punkte): {_squares(geo, targets)}.")
    return " ".join(out)
