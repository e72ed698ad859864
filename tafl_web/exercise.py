"""An exercise on the live board: the reader plays, Python judges against the shipped proof.

The page ships the answer tree of `tafl_core.solver` (enriched at build time by
`tafl_docs.exercise` so that every inner node has refutations too)::

    root = {"texts": [sentence, …], "solutions": …, "refutations": …, …}
    node = {"solutions": {turn: child, …}, "refutations": {turn: [reply or None, i], …}}
    child = {"done": i}                                     (the task is done)
          | {"reply": turn, "done": i}                      (the reply ends the game)
          | {"reply": turn, "solutions": …, "refutations": …} (play goes on)

where `i` indexes the root's "texts".

A solving turn is answered with the defence `reply` from the proof; a turn in
"refutations" is met with its refutation (reply played, `why` shown); any other turn is
wrong too. Quiz tasks (is this move allowed? which pieces fall?) are answered by the engine
itself. The JavaScript side only forwards taps, keys and buttons and shows the view.
"""

from __future__ import annotations

from typing import Any

from tafl_core import MoveError
from tafl_core.examples.task import TaskKind, TurnKey, key_label, turn_key
from tafl_core.text import short
from tafl_core.turns import play_turn, play_turn_text, turn_label
from tafl_core.wording.board import (
    EXERCISE_MOVE_INSTRUCTION,
    HINT_LABEL,
    hint_chain,
    hint_piece,
    hint_step,
    mode_refusal,
)
from tafl_core.wording.turns import captured_of, pieces_phrase, turn_status

from .history import SessionError, Turn
from .modes import EXERCISE, EXERCISE_OVER, EXERCISE_SOLVED, QUIZ_FALLS, QUIZ_LEGAL, Mode, action
from .session import Session

#: The answers of the quiz buttons.
QUIZ_ANSWERS = ("ja", "nein", "auswahl")

_BROKEN = "der Lösungsbaum der Aufgabe ist beschädigt"


def _branch(node: object, key: str) -> dict[str, Any]:
    """The turns of a tree node under `key` ('solutions' or 'refutations'), checked."""
    if node is None:
        return {}
    if not isinstance(node, dict):
        raise SessionError(_BROKEN)
    found = node.get(key) or {}
    kind = dict if key == "solutions" else list
    if not isinstance(found, dict) or not all(
        isinstance(k, str) and isinstance(v, kind) for k, v in found.items()
    ):
        raise SessionError(_BROKEN)
    return found


class ExerciseSession(Session):
    """A board with a task: judges each completed turn against the proof."""

    def __init__(
        self,
        slug: str,
        aufgabe: dict[str, Any],
        grid: str | None = None,
        turn: str | None = None,
        prefix: str = "live",
    ) -> None:
        super().__init__(slug, grid=grid, turn=turn, prefix=prefix)
        try:
            self.kind = TaskKind(aufgabe.get("kind"))
        except ValueError:
            raise SessionError(
                f"unbekannte Art von Aufgabe '{short(str(aufgabe.get('kind')))}'"
            ) from None
        task = aufgabe.get("task")
        steps = aufgabe.get("steps") or []
        if not isinstance(task, str) or not all(isinstance(s, str) for s in steps):
            raise SessionError("die Angaben der Aufgabe sind unvollständig")
        self.task_text = task
        self.steps = list(steps)
        self.tree = aufgabe.get("tree")
        if not self.kind.quiz and not _branch(self.tree, "solutions"):
            raise SessionError("die Aufgabe hat keine Lösung im Lösungsbaum")
        self.mistakes = 0
        self.hints_used = 0
        self._begin()
        self.message = self.instruction()

    def instruction(self) -> str:
        """What to do, as the board's first message."""
        if self.kind is TaskKind.LEGAL:
            return "Antwort mit „Ja“ oder „Nein“."
        if self.kind is TaskKind.FALLS:
            return "Die Figuren antippen, die fallen, dann „Prüfen“. Fällt keine, gleich „Prüfen“."
        return EXERCISE_MOVE_INSTRUCTION

    # -- state ---------------------------------------------------------------

    def _begin(self) -> None:
        """The task from its start: position, tree node, hints and picks."""
        self._restart()
        self.node: Any = self.tree
        self.state = "ready"
        self.hint_level = 0
        self.hinted: list[int] = []  # the squares the last hint names, marked on the board
        self.revealed = False
        self.picked: set[int] = set()
        self._judged = 0  # turns judged so far

    def view(self) -> dict[str, Any]:
        """The board's view with the task in the status line and the exercise's state."""
        answer = super().view()
        if self.picked:
            for square in answer["squares"]:
                if self._square(square["name"]) in self.picked:
                    square["selected"] = True
                    square["label"] += ", angekreuzt"
        marked = self.marked()
        for s in marked:
            answer["squares"][s]["label"] += HINT_LABEL
        answer["status"] = self._task_status()
        answer["hint"] = ""  # the board's own next-step hint would give the task away
        answer["can_undo"] = False
        answer["aufgabe"] = {
            "state": self.state,
            "kind": self.kind.value,
            "quiz": self.kind.quiz,
            "can_hint": self.state == "ready" and not self.kind.quiz and self.hint_level < 2,
            "can_reveal": self.state != "solved" and not self.revealed,
            "stars": self.stars() if self.state == "solved" else 0,
        }
        return answer

    def _task_status(self) -> str:
        if self.state == "solved":
            return f"Gelöst! {self.task_text}"
        if self.state == "failed":
            return f"Noch nicht gelöst – {self.task_text}"
        return self.task_text

    def stars(self) -> int:
        """3 without hint or mistake, 2 with one of them, else 1."""
        slips = self.mistakes + self.hints_used
        return 3 if slips == 0 else 2 if slips == 1 else 1

    @property
    def mode(self) -> Mode:
        """The mode by the kind of task and its state: which actions apply (modes.py)."""
        if self.state == "solved":
            return EXERCISE_SOLVED
        if self.state == "failed":
            return EXERCISE_OVER
        if self.kind is TaskKind.LEGAL:
            return QUIZ_LEGAL
        return QUIZ_FALLS if self.kind is TaskKind.FALLS else EXERCISE

    # -- playing -------------------------------------------------------------

    @action
    def tap(self, square: str) -> dict[str, Any]:
        """A tap: select and play (move tasks), or mark a square (which pieces fall?)."""
        if self.kind is TaskKind.FALLS:
            s = self._square(square)
            self.message = ""
            if s in self.picked:
                self.picked.discard(s)
                self.message = f"{square} nicht mehr angekreuzt."
            elif self.board.pos.piece_at(s) is None:
                self.message = f"Auf {square} steht keine Figur."
            else:
                self.picked.add(s)
                self.message = f"{square} angekreuzt."
            return self.view()
        super().tap(square)
        return self._after_step()

    @action
    def move(self, text: str) -> dict[str, Any]:
        """Play one step given as text (for tests), judged like a tap."""
        super().move(text)
        return self._after_step()

    @action
    def end_turn(self) -> dict[str, Any]:
        """End an open berserker chain; the turn is judged then."""
        super().end_turn()
        return self._after_step()

    def reset(self) -> dict[str, Any]:
        """Start the task again (as "Nochmal")."""
        return self.retry()

    def _text(self, index: object) -> str:
        """The sentence a tree index names ('' for none)."""
        texts = self.tree.get("texts") if isinstance(self.tree, dict) else None
        if isinstance(index, int) and isinstance(texts, list) and 0 <= index < len(texts):
            return str(texts[index])
        return ""

    def _find(self, key: str, played: TurnKey) -> tuple[str, Any] | None:
        """The turn of the current node's branch `key` that equals the played turn."""
        geo = self.board.pos.geo
        for text, child in _branch(self.node, key).items():
            if turn_key(text, geo) == played:
                return text, child
        return None

    def _after_step(self) -> dict[str, Any]:
        """Judge the reader's turn once it is complete (a chain may still be open)."""
        board = self.board
        if len(self.turns) <= self._judged or board.berserker_open:
            return self.view()
        played = self.turns[-1]
        self._judged = len(self.turns)
        # the board's announcement without its "Am Zug: …" (the task answers instead)
        said = self.message.removesuffix(f" Am Zug: {board.turn.german}.")
        key = tuple((m.frm, m.to) for m in played.moves)
        found = self._find("solutions", key)
        if found is not None:
            child = found[1]
            reply = child.get("reply")
            answer = self._play_reply(reply) if isinstance(reply, str) and reply else ""
            # a saving turn: _solved says what it achieved (the opponent cannot win now)
            done = "" if self.kind is TaskKind.SAVE else self._text(child.get("done"))
            if "done" in child or not _branch(child, "solutions"):
                self._solved(" ".join(t for t in (said, answer, done) if t))
                return self.view()
            self.node = child
            self.hint_level = 0
            self.hinted = []
            self.message = f"{said} Richtig. {answer} Am Zug: {board.turn.german}."
            return self.view()
        self.mistakes += 1
        self.state = "failed"
        refutation = "Dieser Zug führt nicht zum Ziel."
        wrong = self._find("refutations", key)
        if wrong is not None and len(wrong[1]) == 2:
            reply, why = wrong[1]
            answer = self._play_reply(reply) if isinstance(reply, str) and reply else ""
            refutation = self._text(why) or answer or refutation
        self.message = (
            f"{said} Das löst die Aufgabe nicht. {refutation} „Nochmal“ beginnt von vorn."
        )
        return self.view()

    def _play_reply(self, reply: str) -> str:
        """Play the other side's answer from the proof; its German description."""
        board = self.board
        turn = Turn(board.turn, board.position())
        try:
            play_turn_text(board, reply, record=turn.record)
        except MoveError as exc:  # a proof that does not fit the position: say so
            raise SessionError(f"der Lösungsbaum passt nicht zur Stellung: {exc}") from None
        self.turns.append(turn)
        self._judged = len(self.turns)
        self.selected = None
        return turn_status(turn.side, turn.record, board.pos.geo, board.outcome, answer=True)

    def _solved(self, said: str) -> None:
        self.state = "solved"
        stars = "★" * self.stars() + "☆" * (3 - self.stars())
        what = ""
        if self.kind is TaskKind.SAVE:
            what = f" Die {self.board.turn.german} können im nächsten Zug nicht gewinnen."
        self.message = f"{said} Gelöst!{what} Bewertung: {stars} ({self.stars()} von 3 Sternen)."
        self.message = self.message.strip()

    # -- buttons ---------------------------------------------------------------

    def retry(self) -> dict[str, Any]:
        """ "Nochmal": the task from its start (mistakes and hints still count for the stars)."""
        self._begin()
        self.message = f"Von vorn. {self.instruction()}"
        return self.view()

    @action
    def tip(self) -> dict[str, Any]:
        """A hint in two steps: first which piece, then which square (from the proof)."""
        solving = list(_branch(self.node, "solutions"))
        if not solving:
            self.message = mode_refusal("quiz-no-tip")
            return self.view()
        geo = self.board.pos.geo
        key = turn_key(solving[0], geo)
        frm = key[0][0]
        if self.hint_level == 0:
            self.hints_used += 1
        self.hint_level = min(self.hint_level + 1, 2)
        if self.board.berserker_open:
            self.hinted = [self.board.pos.chain]
            self.message = hint_chain()
        elif self.hint_level == 1:
            self.hinted = [frm]
            self.message = hint_piece(geo.name(frm))
        else:
            self.hinted = [frm, key[0][1]]
            later = key_label(key[1:], geo) if len(key) > 1 else ""
            self.message = hint_step(geo.name(frm), geo.name(key[0][1]), later)
        return self.view()

    def marked(self) -> list[int]:
        """The squares the last hint names, while the task is being solved."""
        return self.hinted if self.state == "ready" else []

    def reveal(self) -> dict[str, Any]:
        """ "Lösung zeigen": play the proof's main line from the start and list every
        solving first turn; the task counts as not solved."""
        if self.kind.quiz:
            return self._reveal_quiz()
        self._begin()
        self.revealed = True
        first = list(_branch(self.tree, "solutions"))
        parts = [f"Lösung: {first[0]}." if first else "Keine Lösung bekannt."]
        if len(first) > 1:
            parts.append(f"Ebenso richtig: {'; '.join(first[1:])}.")
        node: Any = self.tree
        while (solving := _branch(node, "solutions")) and self.board.outcome is None:
            text, child = next(iter(solving.items()))
            turn = Turn(self.board.turn, self.board.position())
            try:
                play_turn_text(self.board, text, record=turn.record)
            except MoveError as exc:
                raise SessionError(f"der Lösungsbaum passt nicht zur Stellung: {exc}") from None
            self.turns.append(turn)
            parts.append(self._describe(turn.record, turn.side))
            reply = child.get("reply")
            if isinstance(reply, str) and reply:
                parts.append(self._play_reply(reply))
            if "done" in child:
                parts.append(self._text(child["done"]))
            node = child
        self._judged = len(self.turns)
        self.state = "failed"
        self.message = " ".join(parts)
        return self.view()

    def _reveal_quiz(self) -> dict[str, Any]:
        self._begin()
        self.revealed = True
        self.state = "failed"
        self.message = "Lösung: " + self._quiz_truth()[0]
        return self.view()

    def _quiz_truth(self) -> tuple[str, bool, set[int]]:
        """Play the quiz move on the board: the German answer, whether the move is allowed
        and the squares whose pieces fell."""
        board = self.board
        turn = Turn(board.turn, board.position())
        try:
            play_turn(board, list(self.steps), record=turn.record)
        except MoveError as exc:
            if turn.moves:
                self.turns.append(turn)
            why = exc.why or str(exc)
            return f"Der Zug {turn_label(self.steps)} ist nicht erlaubt – {why}.", False, set()
        self.turns.append(turn)
        self._judged = len(self.turns)
        text = self._describe(turn.record, turn.side)
        fallen = sorted(turn.record.captured)
        if self.kind is TaskKind.LEGAL:
            return f"Der Zug ist erlaubt. {text}", True, set(fallen)
        said = "Es fällt keine Figur."
        if fallen:
            taken, plural = pieces_phrase(self.board.pos.geo, captured_of(turn.record))
            said = f"Es {'fallen' if plural else 'fällt'} {taken}."
        return f"{said} {text}", True, set(fallen)

    @action
    def answer(self, choice: str) -> dict[str, Any]:
        """A quiz answer: 'ja'/'nein' (is the move allowed?) or 'auswahl' (the squares
        marked are the pieces that fall); the engine plays the move and judges."""
        if choice not in QUIZ_ANSWERS:
            raise SessionError(f"unbekannte Antwort '{short(choice)}' (erwartet ja, nein, auswahl)")
        picked = set(self.picked)
        self.picked = set()
        truth, legal, fallen = self._quiz_truth()
        if self.kind is TaskKind.LEGAL:
            right = choice != "auswahl" and (choice == "ja") == legal
        else:
            right = choice == "auswahl" and picked == fallen
        if right:
            self.state = "solved"
            stars = "★" * self.stars() + "☆" * (3 - self.stars())
            self.message = f"Richtig! {truth} Bewertung: {stars} ({self.stars()} von 3 Sternen)."
        else:
            self.mistakes += 1
            self.state = "failed"
            self.message = f"Leider nicht. {truth} „Nochmal“ beginnt von vorn."
        return self.view()
