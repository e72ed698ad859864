"""OTN move records: parsing, writing (with the info symbol) and checking against the engine."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from ..board import Board
from ..errors import SquareError
from ..geometry import geometry
from ..movegen import generate, slide_targets, step_effect
from ..moves import Move
from ..outcome import Reason
from ..pieces import Kind, Side
from ..text import MAX_OTN_MOVE, check_length, short
from ..typed import need_bool, need_instance, need_text
from .errors import OtnError
from .pieces import piece_letter


class MoveKind(Enum):
    """OTN move types."""

    SLIDE = "-"
    JUMP = "^"
    BERSERK = "="
    BERSERK_JUMP = "^="
    RESIGN = "---"

    @property
    def jump(self) -> bool:
        """Whether the step is a jump."""
        return self in (MoveKind.JUMP, MoveKind.BERSERK_JUMP)

    @property
    def berserk(self) -> bool:
        """Whether the step continues a berserker chain."""
        return self in (MoveKind.BERSERK, MoveKind.BERSERK_JUMP)


@dataclass(frozen=True)
class Capture:
    """One entry of a capture list: square and, for special pieces only, the OTN letter."""

    square: int
    letter: str = ""


@dataclass(frozen=True)
class MoveRecord:
    """A parsed OTN move record; squares are engine ints (a1 = 0). Resignation: frm = to = -1."""

    kind: MoveKind
    frm: int = -1
    to: int = -1
    letter: str = ""
    captures: tuple[Capture, ...] = ()
    mark: str = ""

    @property
    def move(self) -> Move:
        """The engine step of this record."""
        if self.kind is MoveKind.RESIGN:
            raise OtnError("eine Aufgabe ('---') ist kein Zug")
        return Move(self.frm, self.to, self.kind.jump)

    def text(self, size: int) -> str:
        """The record as OTN text."""
        if self.kind is MoveKind.RESIGN:
            return "---"
        geo = geometry(size)
        caps = "/".join(c.letter + geo.name(c.square) for c in self.captures)
        return (
            f"{self.letter}{geo.name(self.frm)}{self.kind.value}{geo.name(self.to)}"
            + (f"x{caps}" if caps else "")
            + self.mark
        )


_SQ = r"[a-s][0-9]{1,2}"
_MOVE_RECORD = re.compile(
    rf"^(?P<letter>[tcnkmgTCNKMG]?)(?P<frm>{_SQ})(?P<type>\^=|\^|=|-)(?P<to>{_SQ})"
    rf"(?:x(?P<caps>[tcnkmgTCNKMG]?{_SQ}(?:/[tcnkmgTCNKMG]?{_SQ})*))?"
    r"(?P<mark>\+\+|--|\+|-)?$"
)
_CAPTURE = re.compile(rf"^([tcnkmgTCNKMG]?)({_SQ})$")


def parse_move_record(text: str, size: int) -> MoveRecord:
    """Parse an OTN move record such as ``Ne6^=e8xce7/ne9/f8/d8`` or ``---`` (resignation).

    Piece letters are checked only for form; squares must lie on the size×size board.
    """
    need_text(text, "der OTN-Zugdatensatz")
    geo = geometry(size)
    check_length(text, MAX_OTN_MOVE, "der OTN-Zugdatensatz", OtnError)
    t = text.strip()
    if t == "---":
        return MoveRecord(MoveKind.RESIGN)
    m = _MOVE_RECORD.match(t)
    if not m:
        raise OtnError(
            f"'{short(t)}' ist kein OTN-Zugdatensatz (erwartet z. B. 'e5-e8xe9', 'ce6^e8', "
            f"'Ke1-a1--' oder '---')"
        )

    def square(name: str, part: str) -> int:
        try:
            return geo.parse(name)
        except SquareError as exc:
            raise OtnError(f"Zug '{short(t)}', {part}: {exc}") from None

    caps = []
    if m.group("caps"):
        for entry in m.group("caps").split("/"):
            cm = _CAPTURE.match(entry)
            assert cm is not None
            caps.append(Capture(square(cm.group(2), f"Schlagliste '{entry}'"), cm.group(1)))
    return MoveRecord(
        kind=MoveKind(m.group("type")),
        frm=square(m.group("frm"), "Startfeld"),
        to=square(m.group("to"), "Zielfeld"),
        letter=m.group("letter"),
        captures=tuple(caps),
        mark=m.group("mark") or "",
    )


def move_record(
    board_before: Board,
    move: Move,
    *,
    captured: Iterable[int] | None = None,
    mark: str | None = None,
) -> str:
    """The OTN record of `move` played on `board_before` (the board is not changed).

    ``captured`` (squares) defaults to what the engine captures; a flipped variegated
    man is listed like a capture, under its letter before the flip, since OTN has no
    flip notation. ``mark`` defaults to the computed info symbol: ``++`` king captured,
    ``--`` king escaped, ``+`` after an attackers' step that leaves the king capturable
    by their next step, ``-`` after a defenders' step that leaves the king an escape
    square reachable in one step; pass ``""`` for none. A step inside an open berserker
    chain is written with ``=`` (``^=`` for a jump). An illegal move raises MoveError
    (a record is only written for a step the rules allow).
    """
    move = board_before.check(move)
    pos = board_before.pos
    geo = pos.geo
    piece = pos.piece_at(move.frm)
    assert piece is not None  # check() refuses an empty start square
    letter = "" if piece.kind is Kind.MAN else piece_letter(piece)
    chain = pos.chain >= 0
    if move.jump:
        kind = MoveKind.BERSERK_JUMP if chain else MoveKind.JUMP
    else:
        kind = MoveKind.BERSERK if chain else MoveKind.SLIDE
    if captured is None:
        taken, flipped = step_effect(board_before.ctx, pos, move)
        squares = geo.squares(taken | flipped)
    else:
        squares = sorted(captured)
    caps = []
    for s in squares:
        victim = pos.piece_at(s)
        caps.append(
            Capture(s, "" if victim is None or victim.kind is Kind.MAN else piece_letter(victim))
        )
    if mark is None:
        mark = _info_symbol(board_before, move)
    elif mark not in ("", "+", "-", "++", "--"):
        raise OtnError(f"'{mark}' ist kein OTN-Infozeichen (+, -, ++, --)")
    return MoveRecord(kind, move.frm, move.to, letter, tuple(caps), mark).text(pos.size)


def _info_symbol(board_before: Board, move: Move) -> str:
    """The computed info symbol of `move` (see move_record)."""
    board = Board(board_before.rules, board_before.pos)
    mover = board.turn
    board.push_unchecked(move)
    outcome = board.outcome
    if outcome is not None:
        if outcome.reason is Reason.KING_CAPTURED:
            return "++"
        if outcome.reason is Reason.ESCAPE:
            return "--"
        return ""
    ctx = board.ctx
    pos = board.pos.copy()
    pos.chain = -1
    pos.turn = mover
    k = pos.king_square()
    if k < 0:
        return ""
    if mover is Side.DEFENDERS:
        reach = slide_targets(ctx, pos, k, True, pos.att | pos.dfn)
        return "-" if reach & ctx.escape else ""
    for step in generate(ctx, pos):
        taken, _ = step_effect(ctx, pos, step)
        if taken & pos.king:
            return "+"
    return ""


def record_to_move(board: Board, record: MoveRecord | str, *, verify: bool = True) -> Move:
    """The legal engine step of an OTN move record on `board` (MoveError when illegal).

    With ``verify`` the piece letter, the berserk marker and a given capture list are
    compared with the engine; a mismatch raises OtnError naming the part.
    """
    need_instance(board, Board, "record_to_move: das Brett", "ein Board")
    need_instance(record, (MoveRecord, str), "der OTN-Zug", "ein MoveRecord oder ein Text")
    need_bool(verify, "verify")
    size = board.pos.size
    rec = parse_move_record(record, size) if isinstance(record, str) else record
    move = board.check(rec.move)
    if verify:  # the record's text is written only into a message
        _verify_letter(board, rec, move)
        _verify_chain_marker(board, rec)
        _verify_captures(board, rec, move)
    return move


def _verify_letter(board: Board, rec: MoveRecord, move: Move) -> None:
    """The record names the piece that stands on the start square ('' for a man)."""
    pos = board.pos
    piece = pos.piece_at(move.frm)
    assert piece is not None  # board.check() refuses an empty start square
    expected = "" if piece.kind is Kind.MAN else piece_letter(piece)
    if (rec.letter and rec.letter != piece_letter(piece)) or (not rec.letter and expected):
        raise OtnError(
            f"Zug '{rec.text(pos.size)}': auf {pos.geo.name(move.frm)} steht "
            f"'{piece_letter(piece)}' ({piece.german}), der Datensatz nennt '{rec.letter or 't'}'"
        )


def _verify_chain_marker(board: Board, rec: MoveRecord) -> None:
    """'=' exactly when the step continues an open berserker chain."""
    open_chain = board.pos.chain >= 0
    if rec.kind.berserk != open_chain:
        why = "ein Berserker-Lauf ist offen" if open_chain else "es ist kein Berserker-Lauf offen"
        text = rec.text(board.pos.size)
        raise OtnError(f"Zug '{text}': '{rec.kind.value}' passt nicht, {why}")


def _verify_captures(board: Board, rec: MoveRecord, move: Move) -> None:
    """A given capture list names exactly what the engine captures (or flips)."""
    if not rec.captures:
        return
    geo = board.pos.geo
    taken, flipped = step_effect(board.ctx, board.pos, move)
    listed = {c.square for c in rec.captures}
    actual = set(geo.squares(taken | flipped))
    if listed != actual:
        names = ", ".join(geo.name(s) for s in sorted(actual)) or "nichts"
        raise OtnError(f"Zug '{rec.text(geo.n)}': die Engine schlägt hier {names}")
