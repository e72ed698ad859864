"""A recorded game on the live board: step through it turn by turn, the engine explaining.

The page ships the game as text (an OpenTafl record or a plain move list); this session
reads it with `tafl_core.otn.game` (every move checked by the engine) and shows one turn
at a time with the free board's announcement (`SessionState._describe`, with how each piece
was taken and what ended the game). The JavaScript side (docs/javascripts/tafl-partie.js)
only forwards the buttons and arrow keys.
"""

from __future__ import annotations

from typing import Any

from tafl_core.otn import OtnError
from tafl_core.otn.game import TIMEOUT, GameMove, PlayedTurn, open_game, replay
from tafl_core.pieces import Side
from tafl_core.text import short
from tafl_core.turns import play_turn, turn_label
from tafl_core.wording.turns import move_numbers, numbered_turn, replay_place, side_wins

from .history import Turn, outcome_text
from .modes import REPLAY, Mode
from .session import Session

#: The result tag's winner, for games the rules have not ended yet.
_RESULTS = {"1": Side.ATTACKERS, "-1": Side.DEFENDERS}


class ReplaySession(Session):
    """A board that replays a recorded game: forward, back, start, end, to a turn."""

    def __init__(self, slug: str, game: str, prefix: str = "live") -> None:
        super().__init__(slug, prefix=prefix)
        #: why the game could not be opened ("" when it could): shown instead of the game
        self.error = ""
        self.played: list[PlayedTurn] = []
        self.turn_texts: list[str] = []
        #: the line shown: the game itself or another line of play the record gives
        self.line: list[GameMove] = []
        #: turns shown in the game when another line was entered (None: the game is shown)
        self.back_to: int | None = None
        #: counts the lines shown, so the page knows when to redraw its list of turns
        self.line_no = 0
        try:
            self.record = open_game(game, slug)
            if self.record.variant != self.variant.slug:
                found = self.record.variant or "Regeln ohne passende Variante"
                raise OtnError(
                    f"die Partie gehört zu einer anderen Variante ({short(found)}), "
                    f"nicht zu {self.variant.name}"
                )
            self.played = replay(self.record)
        except OtnError as exc:
            self.error = f"Die Partie lässt sich nicht öffnen: {exc}"
            self.message = self.error
            return
        if self.record.start is not None:
            self.start = self.record.start
        self.line = self.record.moves
        self.turn_texts = self._texts()
        self._restart()
        self.message = self._opening()

    def _texts(self) -> list[str]:
        """The line shown, a text a turn ("2. Angreifer: d1-d3", "2. Verteidiger: …"), for
        the list to jump from."""
        geo = self.start.geo
        return [
            numbered_turn(
                number, t.side, "gibt auf" if t.resigned else turn_label(t.record.moves, geo)
            )
            for number, t in zip(self.numbers, self.played, strict=True)
        ]

    @property
    def numbers(self) -> list[int]:
        """The number of each turn of the line shown, counted in pairs as on every board."""
        return move_numbers([t.side for t in self.played])

    @property
    def mode(self) -> Mode:
        """Always the replay: no moves of one's own, no editing (see modes.py)."""
        return REPLAY

    # -- answers -------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """The board's view plus where the replay stands."""
        answer = super().view()
        shown = len(self.turns)
        total = len(self.played)
        answer["can_undo"] = shown > 0
        numbers = self.numbers
        where = replay_place(
            numbers[shown - 1] if shown else 0,
            self.played[shown - 1].side if shown else None,
            numbers[-1] if numbers else 0,
        )
        if self.error:
            where = ""
        elif self.back_to is not None:
            where = f"Andere Zugfolge: {where}"
        answer["partie"] = {
            "shown": shown,
            "total": total,
            "where": where,
            "branches": [text for text, _, _ in self._branches()],
            "in_branch": self.back_to is not None,
            "line": self.line_no,
            "can_back": shown > 0,
            "can_forward": shown < total,
            "error": self.error,
            "turns": self.turn_texts,
        }
        return answer

    def hint(self) -> str:
        """No task in a replay: the message says what happened."""
        return ""

    def _opening(self) -> str:
        """The message at the start: what the record says before the first move."""
        if self.error:
            return self.error
        parts = [f"Anfangsstellung. Am Zug: {self.board.turn.german}."]
        comment = self.record.tags.get("start-comment", "")
        if comment:
            parts.append(comment)
        parts.append("Mit → oder „Weiter“ geht es Zug für Zug durch die Partie.")
        return " ".join(parts)

    def _turn_message(self, index: int) -> str:
        """What turn `index` (0-based, already played on the board) did, with its comments."""
        played = self.played[index]
        if played.resigned:
            text = f"Die {played.side.german} geben auf – {side_wins(played.side.other)}."
        else:
            text = self._describe(self.turns[-1].record, played.side, explain=True)
        notes = [gm.comment.strip() for gm in played.moves if gm.comment.strip()]
        if notes:
            text += " Kommentar: " + " / ".join(notes)
        if index == len(self.played) - 1 and self.board.outcome is None and not played.resigned:
            text += " " + self._record_ending()
        return text

    def _branches(self) -> list[tuple[str, int, list[GameMove]]]:
        """The other lines of play the record gives for the turn shown.

        Each is (its text, where it branches off in the line shown, its moves):
        'statt d5-b5: e4-e5'.
        """
        if self.error or not self.turns:
            return []
        size = self.record.size
        out = []
        for gm in self.played[len(self.turns) - 1].moves:
            at = next(i for i, m in enumerate(self.line) if m is gm)
            for moves in gm.variations:
                text = " ".join(v.record.text(size) for v in moves)
                out.append((f"statt {gm.record.text(size)}: {text}", at, moves))
        return out

    def _record_ending(self) -> str:
        """How the record ends when the rules have not ended the game."""
        if self.back_to is not None:
            return "Hier endet diese Zugfolge."
        tags = self.record.tags
        winner = _RESULTS.get(tags.get("result", ""))
        if tags.get("termination") == TIMEOUT and winner is not None:
            return f"Die Aufzeichnung endet hier: Zeit abgelaufen, {side_wins(winner)}."
        if winner is not None:
            return (
                f"Die Aufzeichnung endet hier: {side_wins(winner)} "
                "(die andere Seite hat aufgegeben)."
            )
        if tags.get("result") == "0":
            return "Die Aufzeichnung endet hier mit einem Remis."
        return "Die Aufzeichnung endet hier, die Partie ist nicht entschieden."

    # -- stepping ------------------------------------------------------------

    def _forward(self) -> None:
        """Play the next recorded turn on the board (already checked by the reader)."""
        played = self.played[len(self.turns)]
        board = self.board
        turn = Turn(played.side, board.position())
        if not played.resigned:
            play_turn(board, [gm.record.move for gm in played.moves], record=turn.record)
        self.turns.append(turn)

    def replay_next(self) -> dict[str, Any]:
        """One turn forward ('Weiter', →)."""
        if self.error:
            self.message = self.error
            return self.view()
        if len(self.turns) >= len(self.played):
            self.message = "Das ist das Ende der Partie. " + self._last_message()
            return self.view()
        self._forward()
        self.message = self._turn_message(len(self.turns) - 1)
        return self.view()

    def replay_back(self) -> dict[str, Any]:
        """One turn back ('Zurück', ←)."""
        if not self.turns:
            self.message = self._opening()
            return self.view()
        self._pop_turn()
        self.message = self._shown_message()
        return self.view()

    def replay_goto(self, shown: int) -> dict[str, Any]:
        """Show the position after `shown` turns (0: the start; beyond the end: the end)."""
        shown = max(0, min(shown, len(self.played)))
        while len(self.turns) > shown:
            self._pop_turn()
        while len(self.turns) < shown:
            self._forward()
        self.message = self._shown_message()
        return self.view()

    def replay_branch(self, number: int) -> dict[str, Any]:
        """Show the record's other line of play `number` (0-based) at the turn shown."""
        branches = self._branches()
        if not 0 <= number < len(branches):
            self.message = "An dieser Stelle gibt die Aufzeichnung keine andere Zugfolge an."
            return self.view()
        _, at, moves = branches[number]
        if self.back_to is None:
            self.back_to = len(self.turns)
        self._show_line(self.line[:at] + moves)
        done = 0
        for shown, turn in enumerate(self.played, 1):
            done += len(turn.moves)
            if done > at:  # the turn with the line's first other move
                return self.replay_goto(shown)
        return self.replay_goto(len(self.played))

    def replay_main(self) -> dict[str, Any]:
        """Back from another line of play to the game, at the turn left from."""
        if self.back_to is None:
            self.message = "Das ist schon die Partie selbst."
            return self.view()
        back_to, self.back_to = self.back_to, None
        self._show_line(self.record.moves)
        return self.replay_goto(back_to)

    def _show_line(self, line: list[GameMove]) -> None:
        """Replay `line` (checked when the record was read) from the start position."""
        self.line = line
        self.played = replay(self.record, line)
        self.turn_texts = self._texts()
        self.line_no += 1
        self._restart()

    def replay_start(self) -> dict[str, Any]:
        """Back to the first position ('Anfang', Pos1)."""
        return self.replay_goto(0)

    def replay_end(self) -> dict[str, Any]:
        """To the last position ('Ende', Ende)."""
        return self.replay_goto(len(self.played))

    def _shown_message(self) -> str:
        """The message for the position shown: the turn that led to it."""
        if not self.turns:
            return self._opening()
        return self._turn_message(len(self.turns) - 1)

    def _last_message(self) -> str:
        """The ending again, for a step past the end."""
        if self.board.outcome is not None:
            return f"{outcome_text(self.board)}."
        return self._record_ending()

    # -- the free board's buttons step through the game --------------------------

    def undo(self) -> dict[str, Any]:
        """'Zurück' of the board: one turn back."""
        return self.replay_back()

    def reset(self) -> dict[str, Any]:
        """'Zurücksetzen': the first position."""
        return self.replay_start()
