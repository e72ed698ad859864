"""Playing a parsed example block with the engine's own turn function and comparing what
happened with what the block expects.

Every turn is played by `tafl_core.turns.play_turn`, the same function `tafl play` uses, so a
block and the command line refuse a turn with the same words. A turn the rules refuse stops
the run: unless the block expected exactly that refusal (`Illegal:`), it is one failure and
nothing after it is compared.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..board import Board
from ..errors import MoveError
from ..movegen import piece_targets
from ..moves import Move, parse_move_text
from ..outcome import Outcome
from ..pieces import Piece
from ..position import Position
from ..turns import TurnRecord, play_turn
from ..wording.events import refusal_word
from .syntax import Block, OutcomeValue, Turn


@dataclass
class Failure:
    """An expectation the engine contradicts, at a line of the file."""

    line: int
    message: str


@dataclass(frozen=True)
class Refusal:
    """A step the rules refused: where it went, the engine's reason code and its message."""

    step: str  # as written in the block
    frm: int
    to: int
    reason: str  # a code of tafl_core.legality.REASONS (English)
    message: str  # the engine's German message (str of the MoveError)
    error: MoveError = field(compare=False, repr=False)  # the engine's refusal itself

    @property
    def move(self) -> Move:
        """The refused step as a move (for drawing; a jump when it was tried as one)."""
        return Move(self.frm, self.to, self.error.jump)


@dataclass
class Execution:
    """What happened when a block was played, for tests, the checker and the diagrams."""

    block: Block
    before: Position  # the position before the last turn (the start if there are no turns)
    after: Position  # the final position
    turn_moves: list[list[Move]] = field(default_factory=list)  # steps of every turn played
    last: TurnRecord | None = None  # the last turn, when it was played to its end
    illegal: Refusal | None = None  # the refused last step of a block with 'Illegal:'
    outcome: Outcome | None = None
    chain_open: bool | None = None
    targets: dict[int, list[int]] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    aborted: bool = False  # a turn could not be played as written: nothing else was compared

    @property
    def ok(self) -> bool:
        """Whether every expectation held."""
        return not self.failures

    @property
    def last_moves(self) -> list[Move]:
        """Steps of the last turn (empty without turns)."""
        return self.turn_moves[-1] if self.turn_moves else []

    @property
    def captured(self) -> list[int]:
        """Squares captured in the last turn, all steps, sorted."""
        return sorted(self.last.captured) if self.last else []

    @property
    def flipped(self) -> list[int]:
        """Squares flipped in the last turn, sorted."""
        return sorted(self.last.flipped) if self.last else []

    @property
    def captured_pieces(self) -> dict[int, Piece]:
        """The pieces captured in the last turn, by square."""
        return dict(self.last.captured_pieces) if self.last else {}

    def report(self) -> str:
        """German failure report, one 'path:line: message' paragraph per failure."""
        return "\n".join(f"{self.block.path}:{f.line}: {f.message}" for f in self.failures)


class _Stop(Exception):
    """A turn ended the run: refused as expected, or aborted (see Execution.aborted)."""


def execute(block: Block) -> Execution:
    """Play the block's turns on its position and check every expectation."""
    board = Board(block.variant, block.position)
    ex = Execution(block=block, before=board.position(), after=board.position())
    try:
        for index, turn in enumerate(block.turns):
            _play(ex, board, turn, last=index == len(block.turns) - 1)
    except _Stop:
        pass
    ex.after = board.position()
    ex.outcome = board.outcome
    if ex.aborted:
        return ex
    if ex.illegal is None:
        _compare_turn(ex)
        _compare_result(ex)
    _compare_targets(ex, board)
    return ex


def _play(ex: Execution, board: Board, turn: Turn, *, last: bool) -> None:
    """Play one turn with the engine's turn function; raise _Stop when it is refused."""
    block = ex.block
    ex.before = board.position()
    record = TurnRecord()
    try:
        # the last turn stays open, so that 'Berserker: offen' can be seen
        play_turn(board, turn.steps, end=not last, record=record)
    except MoveError as exc:
        done = record.moves  # the steps before the refused one
        ex.turn_moves.append(list(done))
        step = turn.steps[len(done)]
        expected = block.illegal if last and len(done) == len(turn.steps) - 1 else None
        if expected is None:
            ex.failures.append(
                Failure(turn.line, f"der Zug '{step}' ist nach den Regeln verboten: {exc}")
            )
            ex.aborted = True
            raise _Stop from None
        frm, to, _ = parse_move_text(step, board.pos.geo)
        ex.illegal = Refusal(step, frm, to, exc.reason, str(exc), exc)
        if exc.reason != expected.value:
            ex.failures.append(
                Failure(
                    expected.line,
                    f"der Schritt '{step}' ist verboten, aber aus einem anderen Grund: "
                    f"'{refusal_word(exc.reason)}' ({exc}) statt "
                    f"'{refusal_word(expected.value)}'",
                )
            )
            ex.aborted = True
        raise _Stop from None
    ex.turn_moves.append(list(record.moves))
    if not last:
        return
    if block.illegal is not None:
        ex.failures.append(
            Failure(
                block.illegal.line,
                f"der Schritt '{turn.steps[-1]}' ist erlaubt, erwartet war verboten "
                f"('{refusal_word(block.illegal.value)}')",
            )
        )
        ex.aborted = True
        raise _Stop
    ex.last = record
    ex.chain_open = board.berserker_open
    if board.berserker_open:
        board.end_turn()


def _compare_turn(ex: Execution) -> None:
    """The last turn's chain state, captures and flips against the block."""
    block = ex.block
    names = ex.after.geo.name
    if block.berserker is not None and ex.chain_open != block.berserker.value:
        want = "offen" if block.berserker.value else "geschlossen"
        have = "offen" if ex.chain_open else "geschlossen"
        ex.failures.append(
            Failure(block.berserker.line, f"erwartet Berserker-Lauf {want}, tatsächlich {have}")
        )
    if block.captured is not None and block.captured.value != ex.captured:
        ex.failures.append(
            Failure(
                block.captured.line,
                f"erwartet geschlagen: {_list(block.captured.value, names)} – "
                f"tatsächlich geschlagen: {_list(ex.captured, names)}",
            )
        )
    if block.flipped is not None and block.flipped.value != ex.flipped:
        ex.failures.append(
            Failure(
                block.flipped.line,
                f"erwartet umgedreht: {_list(block.flipped.value, names)} – "
                f"tatsächlich umgedreht: {_list(ex.flipped, names)}",
            )
        )


def _compare_result(ex: Execution) -> None:
    """The position after the last turn and the outcome against the block."""
    block = ex.block
    if block.after is not None and block.after.value is not None:
        expected: Position = block.after.value
        if expected.pieces() != ex.after.pieces():
            ex.failures.append(Failure(block.after.line, _grid_diff(expected, ex.after)))
    if block.outcome is not None:
        want = block.outcome.value
        have = "offen" if ex.outcome is None else (ex.outcome.winner, ex.outcome.reason)
        if want != have:
            ex.failures.append(
                Failure(
                    block.outcome.line,
                    f"erwartetes Ergebnis: {_outcome_text(want)} – "
                    f"tatsächlich: {_outcome_text(have)}",
                )
            )


def _compare_targets(ex: Execution, board: Board) -> None:
    """The 'Ziele' lines against the engine's targets in the final position."""
    names = ex.after.geo.name
    for exp in ex.block.targets:
        square, want_targets = exp.value
        if ex.after.piece_at(square) is None:
            ex.failures.append(Failure(exp.line, f"auf {names(square)} steht keine Figur"))
            continue
        have_targets = sorted(m.to for m in piece_targets(board.ctx, ex.after, square))
        ex.targets[square] = have_targets
        if have_targets != want_targets:
            ex.failures.append(
                Failure(
                    exp.line,
                    f"erwartete Ziele von {names(square)}: {_list(want_targets, names)} – "
                    f"tatsächlich: {_list(have_targets, names)}",
                )
            )


def _list(squares: list[int], name: Callable[[int], str]) -> str:
    return ", ".join(name(s) for s in squares) if squares else "keine"


def _outcome_text(value: OutcomeValue) -> str:
    if isinstance(value, str):
        return "offen (die Partie läuft weiter)"
    winner, reason = value
    return Outcome(winner, reason).german()


def _grid_diff(expected: Position, actual: Position) -> str:
    """Expected and actual grids side by side, with the differing squares listed."""
    left = expected.to_ascii().splitlines()
    right = actual.to_ascii().splitlines()
    width = max(len(line) for line in left)
    rows = [f"{'erwartet':<{width}}    tatsächlich"]
    rows += [f"{a:<{width}}    {b}" for a, b in zip(left, right, strict=True)]
    geo = expected.geo
    diffs = []
    for s in range(geo.count):
        a, b = expected.piece_at(s), actual.piece_at(s)
        if a != b:
            diffs.append(
                f"{geo.name(s)} (erwartet {a.letter if a else '.'}, "
                f"tatsächlich {b.letter if b else '.'})"
            )
    return (
        "die Stellung danach weicht ab:\n" + "\n".join(rows) + "\nUnterschiede: " + ", ".join(diffs)
    )
