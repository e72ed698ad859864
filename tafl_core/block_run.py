"""Executing a parsed example block against the engine and comparing its expectations."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .blocks import Block, OutcomeValue
from .board import Board
from .errors import MoveError
from .movegen import piece_targets
from .moves import Move
from .outcome import Outcome
from .pieces import Piece
from .position import Position
from .turns import TurnRecord


@dataclass
class Failure:
    """An expectation the engine contradicts, at a line of the file."""

    line: int
    message: str


@dataclass
class Execution:
    """What happened when a block was played, for tests, the checker and the diagrams."""

    block: Block
    before: Position  # the position before the last turn (the start if there are no turns)
    after: Position  # the final position
    turn_moves: list[list[Move]] = field(default_factory=list)  # steps of every turn played
    illegal: tuple[int, int, str, str] | None = None  # (from, to, reason, message)
    captured: list[int] = field(default_factory=list)  # last turn, all steps
    flipped: list[int] = field(default_factory=list)
    captured_pieces: dict[int, Piece] = field(default_factory=dict)
    outcome: Outcome | None = None
    chain_open: bool | None = None
    targets: dict[int, list[int]] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    aborted: bool = False  # a turn could not be played as written

    @property
    def ok(self) -> bool:
        """Whether every expectation held."""
        return not self.failures

    @property
    def last_moves(self) -> list[Move]:
        """Steps of the last turn (empty without turns)."""
        return self.turn_moves[-1] if self.turn_moves else []

    def report(self) -> str:
        """German failure report, one 'path:line: message' paragraph per failure."""
        return "\n".join(f"{self.block.path}:{f.line}: {f.message}" for f in self.failures)


def execute(block: Block) -> Execution:
    """Play the block's turns on its position and check every expectation."""
    board = Board(block.variant.rules, block.position)
    geo = board.pos.geo
    ex = Execution(block=block, before=board.position(), after=board.position())
    names = geo.name
    for t_index, turn in enumerate(block.turns):
        last_turn = t_index == len(block.turns) - 1
        ex.before = board.position()
        record = TurnRecord()
        ex.turn_moves.append(record.moves)
        for s_index, step in enumerate(turn.steps):
            last_step = last_turn and s_index == len(turn.steps) - 1
            if (
                s_index > 0
                and not board.berserker_open
                and board.outcome is None
                and not (last_step and block.illegal)
            ):
                ex.failures.append(
                    Failure(
                        turn.line,
                        f"Schritt '{step}': nach '{turn.steps[s_index - 1]}' ist kein "
                        "Berserker-Lauf offen, der Zug ist schon zu Ende",
                    )
                )
                ex.aborted = True
                return _finish(ex, board)
            try:
                move = board.parse_move(step)
            except MoveError as exc:
                if last_step and block.illegal is not None:
                    try:
                        frm, to = _squares_of(step, board)
                    except MoveError:
                        frm = to = -1
                    ex.illegal = (frm, to, exc.reason, str(exc))
                    if exc.reason != block.illegal.value:
                        ex.failures.append(
                            Failure(
                                block.illegal.line,
                                f"der Schritt '{step}' ist verboten, aber aus einem anderen Grund: "
                                f"'{exc.reason}' ({exc}) statt '{block.illegal.value}'",
                            )
                        )
                    return _finish(ex, board)
                ex.failures.append(
                    Failure(turn.line, f"der Zug '{step}' ist nach den Regeln verboten: {exc}")
                )
                ex.aborted = True
                return _finish(ex, board)
            if last_step and block.illegal is not None:
                record.moves.append(move)
                ex.failures.append(
                    Failure(
                        block.illegal.line,
                        f"der Schritt '{step}' ist erlaubt, erwartet war verboten "
                        f"('{block.illegal.value}')",
                    )
                )
                return _finish(ex, board)
            record.step(board, move)
        if last_turn:
            ex.captured = sorted(record.captured)
            ex.flipped = sorted(record.flipped)
            ex.captured_pieces = record.captured_pieces
            ex.chain_open = board.berserker_open
        if board.berserker_open:
            board.end_turn()
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
    return _finish(ex, board)


def _finish(ex: Execution, board: Board) -> Execution:
    block = ex.block
    ex.after = board.position()
    ex.outcome = board.outcome
    names = board.pos.geo.name
    if (ex.illegal is None and not ex.failures) or ex.illegal is not None:
        pass
    played = not any("verboten" in f.message and "erwartet" not in f.message for f in ex.failures)
    if block.after is not None and block.after.value is not None and played:
        expected: Position = block.after.value
        if expected.pieces() != ex.after.pieces():
            ex.failures.append(Failure(block.after.line, _grid_diff(expected, ex.after)))
    if block.outcome is not None and played:
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
    for exp in block.targets:
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
    return ex


def _squares_of(step: str, board: Board) -> tuple[int, int]:
    from .moves import parse_move_text

    frm, to, _ = parse_move_text(step, board.pos.geo)
    return frm, to


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
