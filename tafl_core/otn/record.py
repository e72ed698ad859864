"""A game record in memory: moves with comments and variations, checked and replayed.

The readers and writers are `game` (OpenTafl .otg) and `move_list` (plain move lists); this
module holds what both share: the record, the engine check of every step (OtnError with the
line, the move and why) and the replay into the engine's turn records.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..board import Board
from ..errors import MoveError
from ..movegen import step_effect
from ..moves import Move
from ..outcome import Outcome
from ..pieces import Side
from ..position import Position
from ..rules import RuleSet
from ..turns import TurnRecord
from ..variants import Variant, all_variants
from ..wording import events
from .errors import OtnError
from .moves import MoveKind, MoveRecord, record_to_move
from .read_rules import read_rules, rules_equal_fields

#: The ``termination`` tag of a move list that ends with ``timeout``.
TIMEOUT = "Zeit abgelaufen"
#: The longest game text read (characters).
MAX_GAME = 2_000_000


@dataclass
class GameMove:
    """One step of a game record with its comment and the variations that replace it."""

    record: MoveRecord
    comment: str = ""
    variations: list[list[GameMove]] = field(default_factory=list)
    line: int = field(default=0, compare=False)  # where it was read (0: not read)


@dataclass
class GameRecord:
    """A game: tags (incl. ``rules``), variant slug ('' if none fits), rules, start, moves.

    ``start`` is the position the game begins from when it is not the variant's start
    (``None``: the variant's start, or the rules string's ``start:``). ``notes`` lists
    where the engine approximates the rules string.
    """

    tags: dict[str, str]
    variant: str
    rules: RuleSet
    start: Position | None
    moves: list[GameMove]
    notes: list[str] = field(default_factory=list, compare=False)

    def board(self) -> Board:
        """A board at the start of the game."""
        if self.variant:
            var = all_variants()[self.variant]
            return Board(var, self.start) if self.start is not None else Board(var)
        if self.start is None:
            raise OtnError("die Partie hat keine Startaufstellung")
        return Board(self.rules, self.start)

    @property
    def size(self) -> int:
        """The board size."""
        return self.rules.size


# -- replay -----------------------------------------------------------------------


@dataclass
class PlayedTurn:
    """One turn of a replayed line: who moved, its steps and what they did."""

    side: Side
    moves: list[GameMove]
    record: TurnRecord
    before: Position
    after: Position
    outcome: Outcome | None
    resigned: bool = False


def _where(gm: GameMove, size: int) -> str:
    """'Zeile 7, Zug e4-e2' (without the line when the move was not read from text)."""
    text = gm.record.text(size)
    return f"Zeile {gm.line}, Zug '{text}'" if gm.line else f"Zug '{text}'"


def _step(board: Board, gm: GameMove, turn: TurnRecord | None) -> int:
    """Check one step against the engine and play it (OtnError with place and reason).

    Returns how many `Board.pop` calls undo it (2 when it ended an open berserker chain).
    """
    rec = gm.record
    if board.outcome is not None:
        raise OtnError(
            f"{_where(gm, board.rules.size)}: die Partie ist schon zu Ende "
            f"({events.outcome_by(board.outcome)})"
        )
    done = 1
    if board.berserker_open and not rec.kind.berserk:
        board.end_turn()
        done = 2
    try:
        move = record_to_move(board, rec)
    except MoveError as exc:
        raise OtnError(
            f"{_where(gm, board.rules.size)}: nicht erlaubt – {exc.why or exc}"
        ) from None
    except OtnError as exc:
        raise OtnError(f"{_where(gm, board.rules.size)}: {_strip_move(str(exc))}") from None
    _check_listed(board, gm, move)
    if turn is None:
        board.push_unchecked(move)  # record_to_move checked it on this board
    else:
        turn.step(board, move)
    return done


def _strip_move(message: str) -> str:
    """An OtnError of record_to_move without its own "Zug '…': " prefix."""
    return re.sub(r"^Zug '[^']*': ", "", message)


def _check_listed(board: Board, gm: GameMove, move: Move) -> None:
    """A record without a capture list where the engine captures is refused too."""
    if gm.record.captures:
        return  # compared by record_to_move
    taken, flipped = step_effect(board.ctx, board.pos, move)
    if taken | flipped:
        names = ", ".join(board.name(s) for s in board.pos.geo.squares(taken | flipped))
        raise OtnError(
            f"{_where(gm, board.rules.size)}: die Engine schlägt hier {names}, "
            "der Datensatz nennt nichts"
        )


def check_game(record: GameRecord) -> Board:
    """Replay the main line and every variation; the board after the main line.

    OtnError names the line and the move that does not fit, and why.
    """
    board = record.board()
    _check_line(board, record.moves, record.size)
    return board


def _check_line(board: Board, line: list[GameMove], size: int) -> int:
    """Play `line` on board (left at its end), each variation checked from its place and
    taken back; returns how many `Board.pop` calls undo the line."""
    done = 0
    for index, gm in enumerate(line):
        for variation in gm.variations:
            for _ in range(_check_line(board, variation, size)):
                board.pop()
        if gm.record.kind is MoveKind.RESIGN:
            if index != len(line) - 1:
                raise OtnError(f"{_where(line[index + 1], size)}: nach der Aufgabe folgt kein Zug")
            if board.outcome is not None:
                raise OtnError(
                    f"{_where(gm, size)}: die Partie ist schon zu Ende "
                    f"({events.outcome_by(board.outcome)})"
                )
            continue
        done += _step(board, gm, None)
    if board.berserker_open:
        board.end_turn()
        done += 1
    return done


def replay(record: GameRecord, line: list[GameMove] | None = None) -> list[PlayedTurn]:
    """The turns of the main line (or of `line`, a line from the start) with their captures."""
    board = record.board()
    turns: list[PlayedTurn] = []
    moves = record.moves if line is None else line
    for gm in moves:
        if gm.record.kind is MoveKind.RESIGN:
            pos = board.position()
            turns.append(PlayedTurn(board.turn, [gm], TurnRecord(), pos, pos, None, True))
            break
        if board.berserker_open and gm.record.kind.berserk and turns:
            last = turns[-1]
            _step(board, gm, last.record)
            last.moves.append(gm)
        else:
            if board.berserker_open:
                board.end_turn()
            side, before = board.turn, board.position()
            done = TurnRecord()
            _step(board, gm, done)
            last = PlayedTurn(side, [gm], done, before, before, None)
            turns.append(last)
        last.after = board.position()
        last.outcome = board.outcome
    return turns


# -- variants -----------------------------------------------------------------------


def _match_variant(rules: RuleSet, position: Position | None, named: str) -> Variant | None:
    """The catalogue variant of a rules string: named by the variant tag, else equal rules.

    A rules string with a start position may differ in who moves first (``atkf``): that is
    the side to move of its position (the free board writes it so), not another rule.
    """
    variants = all_variants()
    if named in variants and variants[named].rules.size == rules.size:
        return variants[named]
    allowed = [[], ["first"]] if position is not None else [[]]
    equal = [v for v in variants.values() if rules_equal_fields(v.rules, rules) in allowed]
    for v in equal:
        if position is not None and v.has_setup and v.start().key() == position.key():
            return v
    return equal[0] if equal else None


def _record(
    tags: dict[str, str], rules_text: str, position: Position | None, moves: list[GameMove]
) -> GameRecord:
    """A record from its tags: rules read, variant matched, start decided."""
    read = read_rules(rules_text)
    rules = read.rules
    var = _match_variant(rules, read.position, tags.get("variant", ""))
    start = position if position is not None else read.position
    if var is not None:
        rules = var.rules
        if start is not None and var.has_setup and start.key() == var.start().key():
            start = None
        if start is not None and start.size != rules.size:
            raise OtnError(
                f"die Stellung ist {start.size}×{start.size}, die Regeln verlangen "
                f"{rules.size}×{rules.size}"
            )
    elif start is None:
        raise OtnError("die Regeln passen zu keiner Variante und nennen keine Startaufstellung")
    tags = dict(tags)
    tags["rules"] = rules_text
    return GameRecord(tags, var.slug if var else "", rules, start, moves, read.notes)
