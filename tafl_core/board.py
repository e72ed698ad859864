"""A game in progress: position, rules, history, undo and outcome (the public workhorse)."""

from __future__ import annotations

from typing import Any

from .captures import resolve
from .context import RuleContext, context
from .endings import edge_fort, encircled
from .errors import ArgumentError, MoveError, PositionError, RulesError, UndoError
from .judge import check_given, decided
from .legality import check_step
from .movegen import continuations, count, generate, has_move, piece_targets
from .moves import Move, parse_move_text
from .outcome import Outcome, Reason
from .pieces import Side
from .position import Key, Position
from .rules import NoMoves, Repetition, RuleSet
from .typed import describe, need_bool, need_instance, need_int, need_text
from .variants import Variant
from .wording import events

#: What pop() restores: (pieces, side, chain), outcome, captured, flipped, added key, move.
_Snapshot = list[Any]


class Board:
    """Rules plus the current position, with push/pop like python-chess.

    A turn is one step, or several steps of one piece under the berserker rule.
    After a capturing step with a continuation open, the same side stays to move
    until it plays a continuation or calls end_turn().
    """

    def __init__(self, rules: RuleSet | Variant, position: Position | None = None) -> None:
        """A game under `rules` (a RuleSet or a Variant) from `position` (default: the start).

        Wrong types raise ArgumentError; rules whose values contradict each other
        (`RuleSet.check()`) raise RulesError; an impossible position ImpossiblePositionError.
        """
        need_instance(
            rules, (RuleSet, Variant), "Board: das Argument rules", "ein RuleSet oder eine Variante"
        )
        if position is not None:
            need_instance(
                position, Position, "Board: das Argument position", "eine Position (oder None)"
            )
        if isinstance(rules, Variant):
            self.variant: Variant | None = rules
            if position is None:
                position = rules.start()
            rules = rules.rules
        else:
            self.variant = None
            if position is None:
                raise PositionError("ohne Variante braucht das Brett eine Stellung")
        need_instance(rules, RuleSet, "Board: variant.rules", "ein RuleSet")
        found = rules.check()
        if found:
            raise RulesError("die Regeln widersprechen sich: " + "; ".join(found))
        if position.size != rules.size:
            raise PositionError(
                f"die Stellung ist {position.size}×{position.size}, "
                f"die Regeln verlangen {rules.size}×{rules.size}"
            )
        self.rules = rules
        self.ctx: RuleContext = context(rules)
        self.pos = position.copy()
        self.outcome: Outcome | None = None
        self.captured: list[int] = []
        self.flipped: list[int] = []
        self.moves: list[Move] = []
        self._stack: list[_Snapshot] = []
        self._seen: dict[Key, int] = {self.pos.key(): 1}
        check_given(self.ctx, self.pos, self.variant)
        self.outcome = decided(self.ctx, self.pos)

    # -- queries ---------------------------------------------------------------

    @property
    def turn(self) -> Side:
        """Side to move."""
        return self.pos.turn

    @property
    def berserker_open(self) -> bool:
        """Whether a berserker continuation is open (the same piece may move again)."""
        return self.pos.chain >= 0

    def position(self) -> Position:
        """A copy of the current position."""
        return self.pos.copy()

    def legal_moves(self) -> list[Move]:
        """Legal steps now (continuations only while a chain is open; none after the end)."""
        if self.outcome is not None:
            return []
        return generate(self.ctx, self.pos)

    def count_moves(self) -> int:
        """Number of legal steps now."""
        if self.outcome is not None:
            return 0
        return count(self.ctx, self.pos)

    def targets(self, square: int | str) -> list[int]:
        """Squares the piece on `square` may move to now (empty when it may not move)."""
        s = self.square(square)
        if self.outcome is not None:
            return []
        if self.pos.chain >= 0:
            return sorted(m.to for m in continuations(self.ctx, self.pos) if m.frm == s)
        piece = self.pos.piece_at(s)
        if piece is None or piece.side is not self.pos.turn:
            return []
        return sorted(m.to for m in piece_targets(self.ctx, self.pos, s))

    def square(self, square: int | str) -> int:
        """Square number of a name such as 'f6' (ints are checked to lie on the board)."""
        geo = self.pos.geo
        if isinstance(square, str):
            return geo.parse(square)
        return geo.check(need_int(square, "das Feld (Name wie 'f6' oder Feldnummer)"))

    def name(self, square: int) -> str:
        """Name of a square, e.g. 'f6'."""
        return self.pos.geo.name(need_int(square, "die Feldnummer"))

    def move_text(self, move: Move) -> str:
        """Notation of a move, e.g. 'd4-d7'."""
        _need_move(move)
        return move.text(self.pos.geo)

    def parse_move(self, text: str) -> Move:
        """A legal move from text like 'd4-d7'; MoveError says why it is malformed or illegal."""
        frm, to, jump = parse_move_text(need_text(text, "der Zug"), self.pos.geo)
        return self.check(Move(frm, to, bool(jump)))

    def check(self, move: Move) -> Move:
        """The legal form of move, or MoveError with reason class and explanation.

        A square off the board raises SquareError; anything but a Move (two square
        numbers and a bool) raises ArgumentError.
        """
        _need_move(move)
        self.pos.geo.check(move.frm)
        self.pos.geo.check(move.to)
        if self.outcome is not None:
            why = events.finished(self.outcome)
            raise MoveError(
                f"{self.move_text(move)}: {why}",
                "game-over",
                why=why,
                frm=move.frm,
                to=move.to,
                piece=self.pos.piece_at(move.frm),
                jump=move.jump,
            )
        return check_step(self.ctx, self.pos, move)

    def is_legal(self, move: Move) -> bool:
        """Whether move is legal now."""
        try:
            self.check(move)
        except MoveError:
            return False
        return True

    # -- playing ---------------------------------------------------------------

    def push_text(self, text: str) -> Move:
        """Parse, check and play a step given as text."""
        move = self.parse_move(text)
        self._play(move)
        return move

    def push(self, move: Move) -> None:
        """Check and play one step."""
        self._play(self.check(move))

    def push_unchecked(self, move: Move) -> None:
        """Play a step known to be legal (from legal_moves), skipping the check."""
        self._play(move)

    def end_turn(self) -> None:
        """End a berserker chain without continuing."""
        if self.pos.chain < 0:
            raise MoveError(events.nothing_to_end(self.rules), "berserker")
        self._stack.append(self._snapshot(None))
        self.captured, self.flipped = [], []
        self._finish_turn(self.pos.turn)

    def pop(self) -> None:
        """Undo the last step or end_turn()."""
        if not self._stack:
            raise UndoError("es gibt keinen Zug zum Zurücknehmen")
        snap = self._stack.pop()
        (p, self.outcome, self.captured, self.flipped, added, move) = snap
        pos = self.pos
        pos.att, pos.dfn, pos.king, pos.cmd, pos.var, pos.kni, pos.turn, pos.chain = p
        if added is not None:
            left = self._seen[added] - 1
            if left:
                self._seen[added] = left
            else:
                del self._seen[added]
        if move is not None:
            self.moves.pop()

    def _snapshot(self, move: Move | None) -> _Snapshot:
        pos = self.pos
        return [
            (pos.att, pos.dfn, pos.king, pos.cmd, pos.var, pos.kni, pos.turn, pos.chain),
            self.outcome,
            self.captured,
            self.flipped,
            None,
            move,
        ]

    def _play(self, move: Move) -> None:
        ctx = self.ctx
        pos = self.pos
        bits = ctx.geo.bits
        frm, to = move.frm, move.to
        snap = self._snapshot(move)
        self._stack.append(snap)
        self.moves.append(move)
        fb, tb = bits[frm], bits[to]
        mover = pos.turn
        is_king = bool(pos.king & fb)
        pos.slide(fb, tb)
        captured, flipped = resolve(ctx, pos, to, move.jumped)
        king_taken = captured & pos.king
        if captured:
            pos.remove(captured)
            self.captured = ctx.geo.squares(captured)
        else:
            self.captured = []
        if flipped:
            pos.att ^= flipped
            pos.dfn ^= flipped
            self.flipped = ctx.geo.squares(flipped)
        else:
            self.flipped = []
        pos.chain = -1
        if king_taken:
            self.outcome = Outcome(Side.ATTACKERS, Reason.KING_CAPTURED)
        elif is_king and ctx.escape & tb:
            self.outcome = Outcome(Side.DEFENDERS, Reason.ESCAPE)
        if self.outcome is not None:
            pos.turn = mover.other
            return
        if ctx.rules.berserker and (captured or flipped):
            pos.chain = to
            if continuations(ctx, pos):
                return
            pos.chain = -1
        self._finish_turn(mover, snap)

    def _finish_turn(self, mover: Side, snap: _Snapshot | None = None) -> None:
        """Hand the move to the other side and decide turn-end outcomes."""
        ctx = self.ctx
        pos = self.pos
        rules = ctx.rules
        if snap is None:
            snap = self._stack[-1]
        pos.chain = -1
        pos.turn = mover.other
        if mover is Side.ATTACKERS:
            if rules.encirclement and encircled(ctx, pos):
                self.outcome = Outcome(Side.ATTACKERS, Reason.ENCIRCLEMENT)
                return
        elif rules.edge_fort and edge_fort(ctx, pos):
            self.outcome = Outcome(Side.DEFENDERS, Reason.EDGE_FORT)
            return
        key = pos.key()
        seen = self._seen.get(key, 0) + 1
        self._seen[key] = seen
        snap[4] = key
        if seen >= 3 and rules.repetition is not Repetition.NONE:
            if rules.repetition is Repetition.DEFENDERS_LOSE:
                self.outcome = Outcome(Side.ATTACKERS, Reason.REPETITION)
            elif rules.repetition is Repetition.DRAW:
                self.outcome = Outcome(None, Reason.REPETITION)
            else:
                self.outcome = Outcome(mover.other, Reason.REPETITION)
            return
        if not has_move(ctx, pos, pos.turn):
            if rules.no_moves is NoMoves.LOSES:
                self.outcome = Outcome(mover, Reason.NO_MOVES)
            else:
                self.outcome = Outcome(None, Reason.NO_MOVES)

    def occurrences(self) -> int:
        """How often the current position (with side to move) has occurred so far."""
        return self._seen.get(self.pos.key(), 0)

    def __str__(self) -> str:
        return self.pos.to_ascii()


def _need_move(move: object) -> None:
    """ArgumentError unless move is a Move of two int squares and a bool jump."""
    if not isinstance(move, Move):
        raise ArgumentError(
            f"der Zug muss ein Move sein (z. B. Move(3, 25) oder board.parse_move('d1-d3')), "
            f"nicht {describe(move)}"
        )
    need_int(move.frm, "Move.frm (Startfeld)")
    need_int(move.to, "Move.to (Zielfeld)")
    need_bool(move.jump, "Move.jump")
