"""A board in the browser: the engine's answers as JSON-able dicts with SVG and German text.

The JavaScript side only forwards taps and keys and shows what these methods return;
every rule (targets, captures, flips, chains, endings) comes from `tafl_core`. The state
is in `state.py`, the editor's actions in `editor.py`, the example's in `example.py`; the
board's mode (`modes.py`) decides which actions apply, the engine why a step does not.
"""

from __future__ import annotations

from typing import Any

from tafl_core import Board, Move, MoveError, Side
from tafl_core.moves import parse_move_text
from tafl_core.turns import play_turn, turn_text
from tafl_core.wording.board import cannot_move, selection_refusal

from .editor import EditorActions
from .example import ExampleActions
from .export import export
from .history import MoveList, SessionError, Turn, numbered_pairs, outcome_text, side_named
from .modes import action
from .picture import board_svg, tap_squares

__all__ = ["Session", "SessionError", "Turn", "numbered_pairs", "outcome_text", "side_named"]


class Session(EditorActions, ExampleActions):
    """One interactive board: position, selection, history and the documented turns."""

    def __init__(
        self,
        slug: str,
        grid: str | None = None,
        turn: str | None = None,
        turns: list[list[str]] | None = None,
        editing: bool = False,
        prefix: str = "live",
    ) -> None:
        self._moves = MoveList()
        super().__init__(slug, grid, turn, turns, editing, prefix)

    # -- answers ---------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """Everything the page shows: picture, squares, texts and which buttons apply."""
        board = None if self.editing else self.board
        pos = self._pos()
        selected = self.selected if board is not None else None
        targets = board.targets(selected) if board is not None and selected is not None else []
        highlights = [selected] if selected is not None else []
        if board is not None and board.berserker_open:
            highlights.append(pos.chain)
        highlights += [s for s in self.marked() if s not in highlights]
        shown = self.turns[-1].record if self.turns and board is not None else None
        return {
            "svg": board_svg(
                pos,
                self.variant,
                targets=targets,
                shown=shown,
                highlights=highlights,
                prefix=self.prefix,
            ),
            "size": pos.size,
            "squares": tap_squares(pos, targets, self.selected),
            "turn": pos.turn.german,
            "side": pos.turn.value,
            "sides": [{"code": side.value, "name": side.german} for side in Side],
            "status": self._status(),
            "message": self.message,
            "outcome": outcome_text(board) if board is not None else "",
            "winner": self._winner(),
            "chain": board is not None and board.berserker_open,
            "can_undo": bool(self.turns),
            "documented": len(self.documented) - self.played_documented,
            "editing": self.editing,
            "moves": self.move_list(),
            "move_pairs": self.move_pairs(),
            "palette": self.palette(),
            "note": self.note(),
            "hint": "" if self.message else self.hint(),
            "replay_question": self.replay_question(),
        }

    def marked(self) -> list[int]:
        """Squares the picture marks beyond the selection (an exercise's hint); none here."""
        return []

    def _winner(self) -> str:
        """The winning side's code ('attackers'/'defenders'); '' while open or drawn."""
        if self.editing or self.board.outcome is None or self.board.outcome.winner is None:
            return ""
        return self.board.outcome.winner.value

    def _status(self) -> str:
        if self.editing:
            return f"Aufstellen – am Zug: {self.start.turn.german}"
        board = self.board
        if board.outcome is not None:
            return f"Partie beendet: {outcome_text(board)}"
        if board.berserker_open:
            return (
                f"Berserker: {board.turn.german} dürfen mit derselben Figur weiterschlagen "
                "oder den Zug beenden"
            )
        return f"Am Zug: {board.turn.german}"

    def hint(self) -> str:
        """The next thing to do, as a task in the status line when nothing else is said:
        the example's next step ("Tippe d3 an, dann a3.") while the board follows the
        example, else a legal step of the side to move."""
        if self.editing:
            return "Figur wählen und auf ein Feld tippen; „Aufstellen“ beendet spielt ab hier."
        board = self.board
        if board.outcome is not None:
            return ""
        if board.berserker_open:
            return "Tippe ein Feld mit Punkt an, um weiterzuschlagen – oder beende den Zug."
        if self.selected is not None:
            name = self._name(self.selected)
            if not board.targets(self.selected):
                return ""
            return f"Tippe ein Feld mit Punkt an; ein zweites Tippen auf {name} wählt ab."
        step = self._next_documented_step()
        if step is not None:
            return f"Tippe {step[0]} an, dann {step[1]} – der Zug des Beispiels."
        moves = board.legal_moves()
        if not moves:
            return ""
        move = moves[len(moves) // 2]
        return f"Tippe zum Beispiel {self._name(move.frm)} an, dann {self._name(move.to)}."

    def move_pairs(self) -> list[str]:
        """The move list numbered as OTN numbers it: one line per pair of turns, attackers
        first ("1. d1-d3 e4-e2"); a game the defenders open starts "1. ... e4-e2". The
        steps of a berserker chain are joined by commas, as `tafl play` writes them."""
        geo = self._pos().geo
        return numbered_pairs([(t.side, turn_text(t.moves, geo)) for t in self.turns if t.moves])

    def move_list(self) -> list[str]:
        """The turns played, in the site's notation, e.g. '1. Angreifer: d2-d5'."""
        return self._moves.lines(self.turns, self._pos().geo)

    # -- playing -------------------------------------------------------------

    @action
    def tap(self, square: str) -> dict[str, Any]:
        """A tap on a square: select a piece, play to a target, or say why not.

        Whether the piece may be chosen is the engine's question: a step from the square
        that stays put is refused for the start square first (no piece, not the side to
        move, not the berserker's piece, game over) and only then as no step at all.
        """
        s = self._square(square)
        self.message = ""
        board = self.board
        if s == self.selected:
            self.selected = None
            return self.view()
        if self.selected is not None and not self._chooses(s):
            return self._step(Move(self.selected, s))
        try:
            board.check(Move(s, s))
        except MoveError as exc:
            if exc.reason != "null-move":  # the start square is refused: say why
                self.message = selection_refusal(exc.why or str(exc))
                return self.view()
        self.selected = s
        if not board.targets(s):
            self.message = cannot_move(self._name(s))
        return self.view()

    def _chooses(self, s: int) -> bool:
        """Whether a tap on `s` chooses its piece instead of playing the selected one there:
        a piece of the side to move, outside a berserker chain."""
        board = self.board
        piece = board.pos.piece_at(s)
        return piece is not None and piece.side is board.turn and not board.berserker_open

    @action
    def move(self, text: str) -> dict[str, Any]:
        """Play one step given as text, e.g. 'd2-d5' (for tests and the example player)."""
        self.message = ""
        try:
            frm, to, jump = parse_move_text(text, self.board.pos.geo)
        except MoveError as exc:
            self.message = f"Kein Zug: {exc}"
            return self.view()
        return self._step(Move(frm, to, bool(jump)))

    def _step(self, move: Move) -> dict[str, Any]:
        """Play one step with the engine's TurnRecord.step: a new turn or the open chain's."""
        board = self.board
        if board.berserker_open and self.turns:
            turn = self.turns[-1]
        else:
            turn = Turn(board.turn, board.position())
        mark = turn.record.mark()
        try:
            turn.record.step(board, move)
        except MoveError as exc:
            self.message = f"Nicht erlaubt: {board.move_text(move)} – {exc.why}."
            self.selected = None
            return self.view()
        if not self.turns or turn is not self.turns[-1]:
            self.turns.append(turn)
        self._follow_example(turn)
        self.selected = board.pos.chain if board.berserker_open else None
        self.message = self._describe(turn.record.since(mark), turn.side)
        return self.view()

    @action
    def end_turn(self) -> dict[str, Any]:
        """End an open berserker chain ('Zug beenden')."""
        self.message = ""
        try:
            self.board.end_turn()
        except MoveError as exc:
            self.message = f"{exc}."
            return self.view()
        self.selected = None
        outcome = outcome_text(self.board)
        after = outcome if outcome else f"Am Zug: {self.board.turn.german}"
        self.message = f"Zug beendet. {after}."
        return self.view()

    @action
    def undo(self) -> dict[str, Any]:
        """Take back the last step ('Zurück'); an ended chain is reopened first."""
        if not self._may_take_back():
            return self.view()
        board = self.board
        steps = len(board.moves)
        while len(board.moves) == steps:
            board.pop()
        turn = self.turns.pop()
        if len(turn.moves) > 1:
            # the chain without its last step, as the engine plays it
            left = play_turn(Board(self.variant.rules, turn.before), turn.moves[:-1], end=False)
            self.turns.append(Turn(turn.side, turn.before, left))
        self.played_documented = min(self.played_documented, len(self.turns))
        self.message = f"Zurückgenommen. Am Zug: {board.turn.german}."
        return self.view()

    @action
    def take_back(self, side: str) -> dict[str, Any]:
        """Take back whole turns until a turn of `side` is taken back and `side` is to move
        again ("Zurück" against the computer: the computer's reply and the reader's turn)."""
        own = side_named(side)
        if not self._may_take_back():
            return self.view()
        while self.turns and self._pop_turn().side is not own:
            pass
        self.played_documented = min(self.played_documented, len(self.turns))
        self.message = f"Zurückgenommen. Am Zug: {self.board.turn.german}."
        return self.view()

    def _may_take_back(self) -> bool:
        """Clear the message and selection; False (and say so) when nothing can be taken back."""
        self.message = ""
        self.selected = None
        if not self.turns:
            self.message = "Es gibt keinen Zug zum Zurücknehmen."
            return False
        return True

    def _pop_turn(self) -> Turn:
        """Take the last whole turn off the board and the list of turns; returns it."""
        turn = self.turns.pop()
        target = len(self.board.moves) - len(turn.moves)
        while len(self.board.moves) > target:
            self.board.pop()
        return turn

    def search_state(self) -> dict[str, Any]:
        """The game as the search worker reads it (tafl_web.worker): the variant, the
        starting position and the turns played since (so repetition counts there too)."""
        geo = self._pos().geo
        return {
            "variant": self.variant.slug,
            "grid": self.start.to_ascii(),
            "turn": self.start.turn.value,
            "turns": [turn_text(t.moves, geo) for t in self.turns if t.moves],
        }

    def reset(self) -> dict[str, Any]:
        """Back to the starting position ('Zurücksetzen')."""
        self._restart()
        self.message = f"Ausgangsstellung. Am Zug: {self._pos().turn.german}."
        return self.view()

    def export(self) -> dict[str, str]:
        """The current position as a ```tafl block and OTN position record; the game in OTN."""
        return export(self.variant, self.start, self._pos(), self.turns)
