"""A board in the browser: the engine's answers as JSON-able dicts with SVG and German text.

The JavaScript side only forwards taps and keys and shows what these methods return;
every rule (targets, captures, flips, chains, endings) comes from `tafl_core`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from diagrams.options import turn_options
from diagrams.svg import position_svg
from tafl_core import Board, Move, MoveError, Position, Side, parse_ascii, variant
from tafl_core.errors import TaflError
from tafl_core.judge import pieces_allowed
from tafl_core.moves import parse_move_text
from tafl_core.otn import move_record, position_record, rules_string
from tafl_core.pieces import LETTER_TO_PIECE, side_from_word
from tafl_core.text import short
from tafl_core.turns import TurnRecord, play_turn, turn_label, turn_text
from tafl_core.variants import Variant
from tafl_core.wording import events
from tafl_core.wording.turns import turn_status

from .layout import square_boxes

_SVG_SQUARE_ATTRS = re.compile(r' data-(square|piece|target)="')


@dataclass
class _Turn:
    """One turn of the move list: the side, the position before it and what it did."""

    side: Side
    before: Position
    record: TurnRecord = field(default_factory=TurnRecord)

    @property
    def moves(self) -> list[Move]:
        """The steps of the turn (several in a berserker chain)."""
        return self.record.moves


class SessionError(TaflError):
    """A request the board cannot follow (an unknown side or piece letter), in German."""


def side_named(word: str) -> Side:
    """The side a word names: 'attackers'/'defenders' or the German 'Angreifer'/'Verteidiger'."""
    side = side_from_word(word) if len(word) < 20 else None
    if side is None:
        raise SessionError(
            f"unbekannte Seite '{short(word)}' (erwartet Angreifer oder Verteidiger)"
        )
    return side


def numbered_pairs(turns: list[tuple[Side, str]]) -> list[str]:
    """Turn texts numbered as OTN numbers them: a line per pair of turns, the attackers'
    first ("1. d1-d3 e4-e2"); a pair the defenders open starts "N. ... "."""
    lines: list[str] = []
    line: list[str] = []
    for side, text in turns:
        if side is Side.ATTACKERS or not line:
            if line:
                lines.append(" ".join(line))
            line = [f"{len(lines) + 1}."] + (["..."] if side is Side.DEFENDERS else [])
        line.append(text)
    if line:
        lines.append(" ".join(line))
    return lines


def outcome_text(board: Board) -> str:
    """The ending in reader German, e.g. 'Verteidiger gewinnen durch Randfestung'."""
    return "" if board.outcome is None else events.outcome_by(board.outcome)


class Session:
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
        self.prefix = prefix
        self.variant: Variant = variant(slug)
        rules = self.variant.rules
        side = side_named(turn) if turn else rules.first
        if grid:
            self.start = parse_ascii(grid, rules.size, side)
        elif self.variant.has_setup:
            self.start = self.variant.start()
            self.start.turn = side
        else:
            self.start = self.variant.empty(side)
            editing = True
        self.documented = [list(t) for t in (turns or [])]
        self._palette: list[dict[str, str]] | None = None
        #: the move list so far: (turn, its number of steps, its line), see move_list()
        self._lines: list[tuple[_Turn, int, str]] = []
        self.editing = editing
        self._restart()

    # -- state ---------------------------------------------------------------

    def _restart(self) -> None:
        """Start over from self.start; a board (which judges the position) only for play.

        While editing, the position may still be impossible (no king yet): it is kept as a
        plain position and judged when play starts (set_editing(False)).
        """
        if not self.editing:
            self.board = Board(self.variant, self.start)
        self.turns: list[_Turn] = []
        self.selected: int | None = None
        self.played_documented = 0
        self.message = ""

    def _pos(self) -> Position:
        """The position shown: the edited one while editing, else the board's."""
        return self.start if self.editing else self.board.pos

    def _name(self, s: int) -> str:
        return self._pos().geo.name(s)

    def _square(self, text: str) -> int:
        return self._pos().geo.parse(text)

    # -- answers ---------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """Everything the page shows: picture, squares, texts and which buttons apply."""
        board = None if self.editing else self.board
        pos = self._pos()
        geo = pos.geo
        selected = self.selected if board is not None else None
        targets = board.targets(selected) if board is not None and selected is not None else []
        shown = self.turns[-1].record if self.turns and board is not None else None
        highlights = [selected] if selected is not None else []
        if board is not None and board.berserker_open:
            highlights.append(pos.chain)
        svg = position_svg(
            pos,
            self.variant.rules,
            targets=targets,
            variant_name=self.variant.name,
            id_prefix=self.prefix,
            **turn_options(shown, highlights=highlights),
        )
        # The squares on top carry data-square/data-piece; the picture must not.
        svg = _SVG_SQUARE_ATTRS.sub(r' data-svg-\1="', svg)
        squares = []
        for s, box in enumerate(square_boxes(pos.size)):
            piece = pos.piece_at(s)
            squares.append(
                {
                    "name": geo.name(s),
                    "piece": piece.letter if piece else "",
                    "label": self._square_label(s, piece),
                    "target": s in targets,
                    "selected": s == self.selected,
                    "box": box,
                }
            )
        return {
            "svg": svg,
            "size": pos.size,
            "squares": squares,
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

    def _winner(self) -> str:
        """The winning side's code ('attackers'/'defenders'); '' while open or drawn."""
        if self.editing or self.board.outcome is None or self.board.outcome.winner is None:
            return ""
        return self.board.outcome.winner.value

    def palette(self) -> list[dict[str, str]]:
        """The pieces the editing mode offers for this variant (grid letter, German name):
        those a given position may hold (`judge.pieces_allowed`: every piece its rules give
        meaning to and every piece in play), worked out once: the variant does not change."""
        if self._palette is None:
            self._palette = [
                {"letter": piece.letter, "name": piece.german}
                for piece in pieces_allowed(self.variant)
            ]
        return [dict(entry) for entry in self._palette]

    def note(self) -> str:
        """A note for variants without a sourced setup."""
        if self.variant.has_setup:
            return ""
        return (
            f"Für {self.variant.name} ist keine Startaufstellung belegt. Das Brett beginnt "
            "leer im Aufstellmodus: Figuren setzen, Seite am Zug wählen, dann spielen."
        )

    def _square_label(self, s: int, piece: Any) -> str:
        name = self._name(s)
        return f"{name}, {piece.german}" if piece else f"{name}, leer"

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

    def _documented_steps(self, index: int) -> list[tuple[int, int]]:
        """The steps of documented turn `index` as (from, to) squares; [] if unreadable."""
        geo = self._pos().geo
        steps = []
        for text in self.documented[index]:
            try:
                frm, to, _ = parse_move_text(text, geo)
            except MoveError:
                return []
            steps.append((frm, to))
        return steps

    def _next_documented_step(self) -> tuple[str, str] | None:
        """The first step of the example's next turn, while the board follows the example."""
        if self.played_documented != len(self.turns):
            return None
        if self.played_documented >= len(self.documented):
            return None
        steps = self._documented_steps(self.played_documented)
        if not steps:
            return None
        return self._name(steps[0][0]), self._name(steps[0][1])

    def _own_turns(self) -> int:
        """How many turns the reader played beyond the example's (play_next drops them)."""
        return len(self.turns) - self.played_documented

    def replay_question(self) -> str:
        """What "Beispiel abspielen" would throw away, as a question; "" when nothing."""
        own = self._own_turns()
        if self.editing or not self.documented or own <= 0:
            return ""
        lost = "dein eigener Zug geht" if own == 1 else f"deine {own} eigenen Züge gehen"
        return (
            "„Beispiel abspielen“ beginnt wieder bei der Stellung des Beispiels; "
            f"{lost} dabei verloren. Trotzdem abspielen?"
        )

    def move_pairs(self) -> list[str]:
        """The move list numbered as OTN numbers it: one line per pair of turns, attackers
        first ("1. d1-d3 e4-e2"); a game the defenders open starts "1. ... e4-e2". The
        steps of a berserker chain are joined by commas, as `tafl play` writes them."""
        geo = self._pos().geo
        texts = [(t.side, turn_text(t.moves, geo)) for t in self.turns if t.moves]
        return numbered_pairs(texts)

    def move_list(self) -> list[str]:
        """The turns played, in the site's notation, e.g. '1. Angreifer: d2-d5'."""
        geo = self._pos().geo
        cached = self._lines
        # Turns change only at the end (a step, a chain step, an undo) or all at once (a
        # restart makes new turns): from the end, keep what still belongs to the same turn
        # with the same number of steps, so a step costs the same however long the game is.
        keep = min(len(cached), len(self.turns))
        while keep and (
            cached[keep - 1][0] is not self.turns[keep - 1]
            or cached[keep - 1][1] != len(self.turns[keep - 1].moves)
        ):
            keep -= 1
        del cached[keep:]
        for i in range(keep, len(self.turns)):
            t = self.turns[i]
            text = f"{i + 1}. {t.side.german}: " + turn_label(t.moves, geo)
            cached.append((t, len(t.moves), text))
        return [text for _, _, text in cached]

    # -- playing -------------------------------------------------------------

    def tap(self, square: str) -> dict[str, Any]:
        """A tap on a square: select a piece, play to a target, or explain why not."""
        s = self._square(square)
        self.message = ""
        if self.editing:
            return self.view()
        board = self.board
        if board.outcome is not None:
            self.message = f"Die Partie ist entschieden: {outcome_text(board)}."
            return self.view()
        if self.selected is not None and s != self.selected:
            piece = board.pos.piece_at(s)
            own = piece is not None and piece.side is board.turn and not board.berserker_open
            if not own:
                return self._step(Move(self.selected, s))
        if s == self.selected:
            self.selected = None
            return self.view()
        piece = board.pos.piece_at(s)
        if piece is None:
            self.message = f"Auf {self._name(s)} steht keine Figur."
        elif piece.side is not board.turn:
            self.message = (
                f"Am Zug sind die {board.turn.german}; {self._name(s)} gehört den anderen."
            )
        elif board.berserker_open and s != board.pos.chain:
            self.message = (
                f"Im Berserker-Lauf darf nur die Figur auf {self._name(board.pos.chain)} "
                "weiterziehen – oder der Zug wird beendet."
            )
        else:
            self.selected = s
            if not board.targets(s):
                self.message = f"Die Figur auf {self._name(s)} kann jetzt nicht ziehen."
        return self.view()

    def move(self, text: str) -> dict[str, Any]:
        """Play one step given as text, e.g. 'd2-d5' (for tests and the example player)."""
        self.message = ""
        if self.editing:
            self.message = "Erst das Aufstellen beenden, dann spielen."
            return self.view()
        board = self.board
        try:
            frm, to, jump = parse_move_text(text, board.pos.geo)
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
            turn = _Turn(board.turn, board.position())
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

    def _follow_example(self, turn: _Turn) -> None:
        """A turn tapped by hand that is the example's next turn counts as played from it."""
        index = self.played_documented
        if index != len(self.turns) - 1 or index >= len(self.documented):
            return
        if [(m.frm, m.to) for m in turn.moves] == self._documented_steps(index):
            self.played_documented += 1

    def _describe(self, record: TurnRecord, mover: Side, *, explain: bool = False) -> str:
        """The announcement of steps of one turn (what they captured and flipped) in German.

        With `explain` (the replay of a recorded game) each capture says how the piece was
        taken and the ending what ended the game.
        """
        board = self.board
        parts = [turn_status(mover, record, self._pos().geo, board.outcome, explain=explain)]
        if board.outcome is not None:
            pass  # the report ends with the end of the game
        elif board.berserker_open:
            parts.append("Berserker: dieselbe Figur darf weiterschlagen.")
        else:
            parts.append(f"Am Zug: {board.turn.german}.")
        return " ".join(parts)

    def end_turn(self) -> dict[str, Any]:
        """End an open berserker chain ('Zug beenden')."""
        self.message = ""
        if self.editing:
            return self.view()
        try:
            self.board.end_turn()
        except MoveError as exc:
            self.message = f"{exc}."
            return self.view()
        self.selected = None
        outcome = outcome_text(self.board)
        self.message = (
            f"Zug beendet. {outcome}."
            if outcome
            else (f"Zug beendet. Am Zug: {self.board.turn.german}.")
        )
        return self.view()

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
            self.turns.append(_Turn(turn.side, turn.before, left))
        self.played_documented = min(self.played_documented, len(self.turns))
        self.message = f"Zurückgenommen. Am Zug: {board.turn.german}."
        return self.view()

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
        if self.editing or not self.turns:
            self.message = "Es gibt keinen Zug zum Zurücknehmen."
            return False
        return True

    def _pop_turn(self) -> _Turn:
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

    def play_next(self) -> dict[str, Any]:
        """Play the next documented turn of the example ('Beispiel abspielen').

        The turn is played by the engine's turn function, as the example itself; a step the
        rules refuse ends it (the steps before stay played) and the message says why. Only
        the example's last turn keeps an open berserker chain open.
        """
        if self.editing:
            self.message = "Erst das Aufstellen beenden, dann spielen."
            return self.view()
        if self._own_turns() > 0:  # the page asked first (replay_question)
            self._restart()
        if self.played_documented >= len(self.documented):
            self.message = "Alle Züge des Beispiels sind gespielt."
            return self.view()
        steps = self.documented[self.played_documented]
        self.played_documented += 1
        last = self.played_documented == len(self.documented)
        board = self.board
        turn = _Turn(board.turn, board.position())
        refused: MoveError | None = None
        try:
            play_turn(board, steps, end=not last, record=turn.record)
        except MoveError as exc:  # the steps before the refused one stay in the record
            refused = exc
            if board.berserker_open and not last:
                board.end_turn()
        messages = []
        if turn.moves:
            self.turns.append(turn)
            messages.append(self._describe(turn.record, turn.side))
        if refused is not None:
            step = steps[len(turn.moves)]
            messages.append(f"Nicht erlaubt: {short(step)} – {refused.why}.")
        self.selected = board.pos.chain if board.berserker_open else None
        self.message = " ".join(messages)
        return self.view()

    # -- editing -------------------------------------------------------------

    def set_editing(self, on: bool) -> dict[str, Any]:
        """Switch the editing mode; leaving it starts play from the edited position."""
        if on:
            if not self.editing:
                self.start = self.board.position()
                self.start.chain = -1
            self.editing = True
            self._restart()
            self.message = "Aufstellen: Figur wählen und auf ein Feld tippen."
            return self.view()
        self.editing = False
        try:
            self._restart()
        except TaflError as exc:  # the engine judges the built position: say why not
            self.editing = True
            self.message = f"So kann nicht gespielt werden: {exc}."
            return self.view()
        self.message = f"Gespielt wird ab dieser Stellung. Am Zug: {self.board.turn.german}."
        return self.view()

    def place(self, square: str, letter: str) -> dict[str, Any]:
        """Editing: put the piece with grid letter `letter` on `square` ('.' removes)."""
        if not self.editing:
            self.set_editing(True)
        s = self._square(square)
        piece = None if letter in ("", ".") else LETTER_TO_PIECE.get(letter)
        if piece is None and letter not in ("", "."):
            allowed = " ".join(LETTER_TO_PIECE)
            raise SessionError(f"unbekannte Figur '{short(letter)}' (erlaubt: . {allowed})")
        self.start.set_piece(s, piece)
        name = self._name(s)
        self.message = f"{piece.german} auf {name}." if piece else f"{name} ist jetzt leer."
        return self.view()

    def set_turn(self, side: str) -> dict[str, Any]:
        """Editing: set the side to move ('attackers' or 'defenders')."""
        if not self.editing:
            self.set_editing(True)
        self.start.turn = side_named(side)
        self.message = f"Am Zug: {self.start.turn.german}."
        return self.view()

    def clear(self) -> dict[str, Any]:
        """Editing: empty the board."""
        turn = self._pos().turn
        self.editing = True
        self.start = self.variant.empty(turn)
        self._restart()
        self.message = "Das Brett ist leer."
        return self.view()

    # -- export --------------------------------------------------------------

    def export(self) -> dict[str, str]:
        """The current position as a ```tafl block and OTN position record; the game in OTN."""
        pos = self._pos()
        block = "\n".join(
            [
                "```tafl",
                f"Variante: {self.variant.slug}",
                f"Am Zug: {pos.turn.german}",
                "Stellung:",
                pos.to_ascii(),
                "```",
            ]
        )
        try:
            game = self.otn_game()
        except TaflError as exc:  # an edited position the engine cannot play from
            game = f"(keine Partie: {exc})"
        return {"block": block, "otn": position_record(pos), "game": game}

    def otn_game(self) -> str:
        """The game so far in OTN: rules string, then one numbered line per turn pair."""
        replay = Board(self.variant.rules, self.start)
        records: list[tuple[Side, str]] = []
        for turn in self.turns:
            texts = []
            for move in turn.moves:
                texts.append(move_record(replay, move))
                replay.push(move)
            if replay.berserker_open:
                replay.end_turn()
            records.append((turn.side, " ".join(texts)))
        return "\n".join([rules_string(self.variant, self.start), *numbered_pairs(records)])
