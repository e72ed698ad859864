"""A board in the browser: the engine's answers as JSON-able dicts with SVG and German text.

The JavaScript side only forwards taps and keys and shows what these methods return;
every rule (targets, captures, flips, chains, endings) comes from `tafl_core`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from diagrams.svg import position_svg
from tafl_core import Board, Move, MoveError, Position, Side, parse_ascii, variant
from tafl_core.errors import TaflError
from tafl_core.otn import move_record, position_record, rules_string
from tafl_core.pieces import LETTER_TO_PIECE
from tafl_core.turns import TurnRecord
from tafl_core.variants import Variant

from .layout import square_boxes

_SVG_SQUARE_ATTRS = re.compile(r' data-(square|piece|target)="')


@dataclass
class _Turn:
    """One turn of the move list: the side and its steps (several in a berserker chain)."""

    side: Side
    moves: list[Move] = field(default_factory=list)


def outcome_text(board: Board) -> str:
    """The ending in reader German, e.g. 'Verteidiger gewinnen durch Randfestung'."""
    if board.outcome is None:
        return ""
    winner, reason = board.outcome
    if winner is None:
        return f"Remis durch {reason.value}"
    return f"{winner.german} gewinnen durch {reason.value}"


def _reason_text(exc: MoveError) -> str:
    """The engine's explanation without the leading move text."""
    return exc.why


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
        side = Side(turn) if turn else rules.first
        if grid:
            self.start = parse_ascii(grid, rules.size, side)
        elif self.variant.has_setup:
            self.start = self.variant.start()
            self.start.turn = side
        else:
            self.start = self.variant.empty(side)
            editing = True
        self.documented = [list(t) for t in (turns or [])]
        self.editing = editing
        self._restart()

    # -- state ---------------------------------------------------------------

    def _restart(self) -> None:
        """Start over from self.start; a board (which judges the position) only for play.

        While editing, the position may still be impossible (no king yet): it is kept as a
        plain position and judged when play starts (set_editing(False)).
        """
        if not self.editing:
            self.board = Board(self.variant.rules, self.start)
        self.turns: list[_Turn] = []
        self.marks: list[TurnRecord] = []
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
        marks = self.marks[-1] if self.marks else TurnRecord()
        highlights = [selected] if selected is not None else []
        if board is not None and board.berserker_open:
            highlights.append(pos.chain)
        svg = position_svg(
            pos,
            self.variant.rules,
            moves=marks.moves,
            captured=marks.captured,
            flipped=marks.flipped,
            captured_pieces=marks.captured_pieces,
            highlights=highlights,
            targets=targets,
            variant_name=self.variant.name,
            id_prefix=self.prefix,
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
            "status": self._status(),
            "message": self.message,
            "outcome": outcome_text(board) if board is not None else "",
            "chain": board is not None and board.berserker_open,
            "can_undo": bool(self.turns),
            "documented": len(self.documented) - self.played_documented,
            "editing": self.editing,
            "moves": self.move_list(),
            "palette": self.palette(),
            "note": self.note(),
        }

    def palette(self) -> list[dict[str, str]]:
        """The pieces the editing mode offers for this variant (grid letter, German name)."""
        rules = self.variant.rules
        start = self.variant.setup or ""
        letters = ["A", "V", "K"]
        if rules.commander_jump or "C" in start or "c" in start:
            letters += ["C", "c"]
        if rules.variegated or "B" in start or "b" in start:
            letters += ["B", "b"]
        if rules.knight_jump or "R" in start or "r" in start:
            letters += ["R", "r"]
        return [{"letter": ch, "name": LETTER_TO_PIECE[ch].german} for ch in letters]

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

    def move_list(self) -> list[str]:
        """The turns played, in the site's notation, e.g. '1. Angreifer: d2-d5'."""
        geo = self._pos().geo
        return [
            f"{i}. {t.side.german}: " + ", ".join(m.text(geo) for m in t.moves)
            for i, t in enumerate(self.turns, 1)
        ]

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
            frm, to = (board.square(p) for p in re.split(r"[-^]", text.strip()))
        except (ValueError, TaflError) as exc:
            self.message = f"Kein Zug: {exc}"
            return self.view()
        return self._step(Move(frm, to, "^" in text))

    def _step(self, move: Move) -> dict[str, Any]:
        board = self.board
        mover = board.turn
        continuing = board.berserker_open
        prev = self.marks[-1] if continuing and self.marks else TurnRecord()
        # a new record per step (a copy of the chain so far), so that undo can pop it
        record = TurnRecord(
            list(prev.moves), list(prev.captured), list(prev.flipped), dict(prev.captured_pieces)
        )
        try:
            played = record.step(board, move)
        except MoveError as exc:
            self.message = f"Nicht erlaubt: {board.move_text(move)} – {_reason_text(exc)}."
            self.selected = None
            return self.view()
        if continuing and self.turns:
            self.turns[-1].moves.append(played)
        else:
            self.turns.append(_Turn(mover, [played]))
        self.marks.append(record)
        self.selected = board.pos.chain if board.berserker_open else None
        self.message = self._describe(played, mover)
        return self.view()

    def _describe(self, move: Move, mover: Side) -> str:
        """The announcement of one step in German."""
        board = self.board
        geo = self._pos().geo
        step = f"{geo.name(move.frm)}-{geo.name(move.to)}"
        if move.jump:
            step += f", Sprung über {geo.name((move.frm + move.to) // 2)}"
        parts = [f"{mover.german}: {step}."]
        if board.captured:
            names = ", ".join(self._name(s) for s in board.captured)
            parts.append(f"Geschlagen: {names}.")
        if board.flipped:
            parts.append(f"Umgedreht: {', '.join(self._name(s) for s in board.flipped)}.")
        if board.outcome is not None:
            parts.append(f"{outcome_text(board)}.")
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
        self.marks.append(self.marks[-1] if self.marks else TurnRecord())
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
        self.message = ""
        self.selected = None
        if self.editing or not self.turns:
            self.message = "Es gibt keinen Zug zum Zurücknehmen."
            return self.view()
        board = self.board
        steps = len(board.moves)
        while len(board.moves) == steps:
            board.pop()
            self.marks.pop()
        turn = self.turns[-1]
        turn.moves.pop()
        if not turn.moves:
            self.turns.pop()
        self.played_documented = min(self.played_documented, len(self.turns))
        self.message = f"Zurückgenommen. Am Zug: {board.turn.german}."
        return self.view()

    def reset(self) -> dict[str, Any]:
        """Back to the starting position ('Zurücksetzen')."""
        self._restart()
        self.message = f"Ausgangsstellung. Am Zug: {self._pos().turn.german}."
        return self.view()

    def play_next(self) -> dict[str, Any]:
        """Play the next documented turn of the example ('Beispiel abspielen')."""
        if self.editing:
            self.message = "Erst das Aufstellen beenden, dann spielen."
            return self.view()
        if self.played_documented == 0 and self.turns:
            self._restart()
        if self.played_documented >= len(self.documented):
            self.message = "Alle Züge des Beispiels sind gespielt."
            return self.view()
        steps = self.documented[self.played_documented]
        messages = []
        for step in steps:
            view = self.move(step)
            messages.append(view["message"])
            if view["message"].startswith(("Nicht erlaubt", "Kein Zug")):
                break
        self.played_documented += 1
        if self.board.berserker_open and self.played_documented < len(self.documented):
            # the next documented turn belongs to the other side: this chain ends here
            self.board.end_turn()
            self.marks.append(self.marks[-1])
            self.selected = None
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
        piece = None if letter in ("", ".") else LETTER_TO_PIECE[letter]
        self.start.set_piece(s, piece)
        name = self._name(s)
        self.message = f"{piece.german} auf {name}." if piece else f"{name} ist jetzt leer."
        return self.view()

    def set_turn(self, side: str) -> dict[str, Any]:
        """Editing: set the side to move ('attackers' or 'defenders')."""
        if not self.editing:
            self.set_editing(True)
        self.start.turn = Side(side)
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

    def _rules_with_start(self) -> str:
        return _with_start(rules_string(self.variant), self.start, self.variant.rules.first)

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
        lines = [self._rules_with_start()]
        number, line = 1, ""
        for side, text in records:
            if side is Side.ATTACKERS or not line:
                if line:
                    lines.append(line)
                    number += 1
                line = f"{number}. " + ("... " if side is Side.DEFENDERS else "")
            line += text + " "
        if line:
            lines.append(line.rstrip())
        return "\n".join(lines)


def _with_start(rules: str, start: Position, first: Side) -> str:
    """An OTN rules string whose start: and atkf: say this session's start and first mover."""
    record = f"start:{position_record(start)}"
    rules = re.sub(r"start:\S*", record, rules) if "start:" in rules else f"{rules} {record}"
    if start.turn is not first:
        atkf = "atkf:y" if start.turn is Side.ATTACKERS else "atkf:n"
        rules = re.sub(r"atkf:\S+", atkf, rules)
    return rules
