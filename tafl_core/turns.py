"""The turn: reading and writing its text, playing it and recording what it did.

A turn is one step, or under the berserker rule a chain of steps of one piece. Its text
is the steps joined by commas, 'd4-d6,d6-f6' (`turn_text`; `turn_label` spaces it for
reading, 'd4-d6, d6-f6'); `parse_turn_text` reads it back into step texts and
`play_turn` plays it. Nothing else splits or joins turn text or plays a turn step by step
(`tests/core/test_turn_owner.py` checks that); the search's fast path over known-legal moves
(`search/turns.py`, `solver/expand.py`) is the exception, for speed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .board import Board
from .captures import Capture, CaptureRule, classify, edge_span
from .errors import MoveError
from .geometry import Geometry
from .moves import Move, parse_move_text
from .pieces import Piece
from .text import MAX_LINE, check_length, short
from .typed import need_instance, need_text
from .wording import events

#: Between the steps of a turn's text.
STEP_SEPARATOR = ","

#: Longest turn text read (a berserker chain is far shorter; a block's line is no longer).
MAX_TURN = MAX_LINE


def parse_turn_text(text: str) -> list[str]:
    """The step texts of a turn written 'd4-d6,d6-f6' (spaces around a step are allowed).

    Empty parts (a trailing comma) are skipped; a turn without any step, or one too long
    to be a turn, raises MoveError in German. Each step is read by the board when played.
    """
    text = need_text(text, "der Zug").strip()
    check_length(text, MAX_TURN, f"der Zug '{short(text)}'", MoveError)
    steps = [step.strip() for step in text.split(STEP_SEPARATOR)]
    steps = [step for step in steps if step]
    if not steps:
        raise MoveError(events.EMPTY_TURN)
    return steps


def turn_text(steps: Sequence[Move | str], geo: Geometry | None = None) -> str:
    """The text of a turn: its steps joined by commas, 'd4-d6,d6-f6'.

    A step is a `Move` (written on `geo`) or already a step text.
    """
    return STEP_SEPARATOR.join(_step_text(step, geo) for step in steps)


def turn_label(steps: Sequence[Move | str], geo: Geometry | None = None) -> str:
    """The turn for reading, 'd4-d6, d6-f6' (a comma and a space between its steps)."""
    return f"{STEP_SEPARATOR} ".join(_step_text(step, geo) for step in steps)


def _step_text(step: Move | str, geo: Geometry | None) -> str:
    if isinstance(step, str):
        return step
    if geo is None:
        raise ValueError("a Move needs the board's geometry to be written")
    return step.text(geo)


def play_turn_text(board: Board, text: str, *, record: TurnRecord | None = None) -> TurnRecord:
    """Play the turn written as `text` ('d4-d6,d6-f6') on `board`; see `play_turn`."""
    return play_turn(board, parse_turn_text(text), record=record)


@dataclass
class TurnRecord:
    """The steps of one turn with their captures and flips.

    `captures` says, per captured piece, which rule took it; `captured` (the squares)
    and `captured_pieces` (square -> piece) are the same facts in the older shape.
    """

    moves: list[Move] = field(default_factory=list)
    captured: list[int] = field(default_factory=list)
    flipped: list[int] = field(default_factory=list)
    captured_pieces: dict[int, Piece] = field(default_factory=dict)
    captures: list[Capture] = field(default_factory=list)
    size: int = 0  # board size, set by step()

    def step(self, board: Board, step: str | Move) -> Move:
        """Check and play one step on board (MoveError says why it is illegal); record it."""
        before = board.pos.copy()
        self.size = board.rules.size
        if isinstance(step, str):
            move = board.push_text(step)
        else:
            board.push(step)
            move = board.moves[-1]
        self.moves.append(move)
        why = classify(board.ctx, before, move) if board.captured else {}
        for s in board.captured:
            piece = before.piece_at(s)
            if piece is not None:
                self.captured_pieces[s] = piece
                rule, closing = why[s]
                self.captures.append(Capture(s, piece, rule, closing))
            if s not in self.captured:
                self.captured.append(s)
        self.flipped += [s for s in board.flipped if s not in self.flipped]
        return move

    def mark(self) -> tuple[int, int, int]:
        """Where the record stands now (steps, captured, flipped), for `since`."""
        return len(self.moves), len(self.captured), len(self.flipped)

    def since(self, mark: tuple[int, int, int]) -> TurnRecord:
        """What the steps played after `mark` did, as a record of their own."""
        moves, captured, flipped = mark
        taken = self.captured[captured:]
        return TurnRecord(
            self.moves[moves:],
            taken,
            self.flipped[flipped:],
            {s: p for s, p in self.captured_pieces.items() if s in taken},
            [c for c in self.captures if c.square in taken],
            self.size,
        )

    def by_rule(self, rule: CaptureRule) -> list[Capture]:
        """The captures of this turn taken by `rule`."""
        return [c for c in self.captures if c.rule is rule]

    def shieldwall_squares(self) -> list[int]:
        """Every square of the shieldwalls this turn took, with the two squares closing each.

        For each wall: the edge squares from the piece that closed it by moving to the
        piece or corner at its far end (both included).
        """
        marked: set[int] = set()
        for capture in self.by_rule(CaptureRule.SHIELDWALL):
            a, b = capture.closing
            marked.update(edge_span(self.size, a, b))
        return sorted(marked)


def play_turn(
    board: Board,
    steps: Sequence[str | Move],
    *,
    end: bool = True,
    record: TurnRecord | None = None,
) -> TurnRecord:
    """Play the steps of one turn; with `end`, an open berserker chain is ended afterwards.

    Every step after the first must continue an open berserker chain of the same piece
    (MoveError with reason 'berserker' otherwise); without the berserker rule a turn
    has exactly one step. After the game has ended, a further step is refused with
    reason 'game-over'. Pass `record` to keep the steps played before a refusal.
    """
    need_instance(steps, (list, tuple), "die Schritte eines Zugs", "eine Liste von Zügen")
    for step in steps:
        need_instance(step, (str, Move), "ein Schritt", "ein Text wie 'd1-d3' oder ein Move")
    if not steps:
        raise MoveError(events.EMPTY_TURN)
    if record is None:
        record = TurnRecord()
    for index, step in enumerate(steps):
        if index and not board.berserker_open and board.outcome is None:
            raise _no_chain(board, steps[index - 1], step)
        record.step(board, step)
    if end and board.berserker_open:
        board.end_turn()
    return record


def _no_chain(board: Board, before: str | Move, step: str | Move) -> MoveError:
    """Why `step` cannot follow `before` in the same turn."""

    def text(s: str | Move) -> str:
        return s if isinstance(s, str) else board.move_text(s)

    if isinstance(step, Move):
        frm, to, jump = step.frm, step.to, step.jump
    else:
        try:
            frm, to, marked = parse_move_text(step, board.pos.geo)
        except MoveError:
            frm = to = -1
            marked = None
        jump = bool(marked)
    why = events.no_chain(board.rules, text(before))
    return MoveError(
        f"Schritt '{short(text(step).strip())}': {why}",
        "berserker",
        why=why,
        frm=frm,
        to=to,
        piece=board.pos.piece_at(frm) if frm >= 0 else None,
        jump=jump,
    )
