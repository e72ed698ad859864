"""Exercise blocks: the `Aufgabe:` and `Lösung:` lines, and the engine's verdict on them.

An exercise is a ```tafl block whose `Aufgabe:` line states a task the engine decides::

    Aufgabe: Verteidiger gewinnen in 2
    Aufgabe: Angreifer schlagen d5 in 1        (or: schlagen eine Figur in 2)
    Aufgabe: Verteidiger verhindern den Sieg   (the opponent's win on his next turn)
    Aufgabe: Verteidiger erreichen a7 in 2     (a piece of that side; 'König erreicht a7 in 2')
    Aufgabe: Ist der Zug d2-d5 erlaubt?        Lösung: ja | nein
    Aufgabe: Welche Steine fallen bei d2-d5?   Lösung: d6, e5 | keine
    Lösung: f5-f7; f5-c5                       (ALL solving first turns, ';' between turns)

The move tasks are proven by the solver (`tafl_core.solver`); the quiz tasks by playing the
move with the engine's turn function. `judge` compares the block's `Lösung:` with the proof
and says, in German, what differs. The prover is a parameter, so the site can cache proofs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..board import Board
from ..errors import MoveError, TaflError
from ..geometry import Geometry
from ..moves import Move, parse_move_text
from ..pieces import Side
from ..position import Position
from ..solver import Goal, GoalKind, Solution, solve
from ..text import short
from ..turns import parse_turn_text, play_turn, turn_label
from ..variants import Variant


class TaskKind(Enum):
    """What an exercise asks for."""

    WIN = "gewinnen"
    CAPTURE = "schlagen"
    SAVE = "verhindern"
    REACH = "erreichen"
    LEGAL = "erlaubt"  # quiz: is this move allowed?
    FALLS = "fallen"  # quiz: which pieces fall?

    @property
    def quiz(self) -> bool:
        """Whether the task is a quiz question (answered by playing one move)."""
        return self in (TaskKind.LEGAL, TaskKind.FALLS)


#: The largest N an exercise may ask for (proofs grow fast with it).
MAX_DEPTH = 4


class TaskError(TaflError):
    """An `Aufgabe:` or `Lösung:` line that cannot be read (German message)."""


@dataclass(frozen=True)
class Task:
    """A parsed `Aufgabe:` line (squares as ints of the variant's board)."""

    kind: TaskKind
    text: str  # as written after 'Aufgabe:'
    side: Side | None = None  # the side the task names (None: quiz, 'Am Zug' decides)
    depth: int = 1  # N of 'in N' (1 for SAVE and the quizzes)
    target: int | None = None  # CAPTURE/REACH: the square (None: any piece for CAPTURE)
    king: bool = False  # REACH: the king must stand on the target
    steps: tuple[str, ...] = ()  # quiz: the steps of the move asked about


_SIDE = r"(?P<side>angreifer|verteidiger)"
_N = r"in\s+(?P<n>\d{1,2})(?:\s+(?:zug|zügen|zuegen))?"
_SQ = r"(?P<sq>[a-s]\d{1,2})"
_MOVE = r"(?P<move>[a-s0-9\-^x:,\s]+?)"
_FORMS: list[tuple[TaskKind, re.Pattern[str]]] = [
    (TaskKind.WIN, re.compile(rf"{_SIDE}\s+gewinnen\s+{_N}")),
    (
        TaskKind.CAPTURE,
        re.compile(rf"{_SIDE}\s+schlagen\s+(?:{_SQ}|(?P<any>eine\s+figur|einen\s+stein))\s+{_N}"),
    ),
    (
        TaskKind.SAVE,
        re.compile(rf"{_SIDE}\s+verhindern\s+den\s+sieg(?:\s+der\s+(?:angreifer|verteidiger))?"),
    ),
    (TaskKind.REACH, re.compile(rf"{_SIDE}\s+erreichen\s+{_SQ}\s+{_N}")),
    (TaskKind.REACH, re.compile(rf"(?:der\s+)?(?P<king>könig)\s+erreicht\s+{_SQ}\s+{_N}")),
    (TaskKind.LEGAL, re.compile(rf"ist\s+der\s+zug\s+{_MOVE}\s+erlaubt\s*\?")),
    (
        TaskKind.FALLS,
        re.compile(rf"welche\s+(?:steine|figuren)\s+fallen\s+(?:bei|nach)\s+{_MOVE}\s*\?"),
    ),
]

#: The forms of the `Aufgabe:` line, for messages.
FORMS_TEXT = (
    "'Verteidiger gewinnen in 2', 'Angreifer schlagen d5 in 1', 'Angreifer schlagen eine "
    "Figur in 2', 'Verteidiger verhindern den Sieg', 'Verteidiger erreichen a7 in 2', "
    "'König erreicht a7 in 2', 'Ist der Zug d2-d5 erlaubt?' oder "
    "'Welche Steine fallen bei d2-d5?'"
)


def parse_task(text: str, geo: Geometry) -> Task:
    """The task of an `Aufgabe:` line; TaskError (German) when it cannot be read."""
    written = " ".join(text.split())
    low = written.lower().rstrip(".")
    for kind, form in _FORMS:
        m = form.fullmatch(low)
        if m is None:
            continue
        groups = m.groupdict()
        side = None
        if groups.get("side"):
            side = Side.ATTACKERS if groups["side"] == "angreifer" else Side.DEFENDERS
        if groups.get("king"):
            side = Side.DEFENDERS
        depth = int(groups["n"]) if groups.get("n") else 1
        if not 1 <= depth <= MAX_DEPTH:
            raise TaskError(f"'in {depth}' geht nicht: erlaubt ist 1 bis {MAX_DEPTH}")
        target = _square(groups["sq"], geo) if groups.get("sq") else None
        steps: tuple[str, ...] = ()
        if groups.get("move"):
            steps = tuple(_steps(groups["move"], geo))
        return Task(kind, written, side, depth, target, bool(groups.get("king")), steps)
    raise TaskError(f"'Aufgabe: {short(written)}' verstehe ich nicht; erwartet {FORMS_TEXT}")


def _square(text: str, geo: Geometry) -> int:
    try:
        return geo.parse(text)
    except TaflError as exc:
        raise TaskError(str(exc)) from None


def _steps(text: str, geo: Geometry) -> list[str]:
    """The steps of one turn 'd4-d6, d6-f6', each checked to be a move on this board."""
    try:
        steps = parse_turn_text(text)
    except MoveError:
        raise TaskError("hier fehlt der Zug (z. B. 'd2-d5')") from None
    for step in steps:
        try:
            parse_move_text(step, geo)
        except MoveError as exc:
            raise TaskError(str(exc)) from None
    return steps


#: One turn as the comparison key: the (from, to) squares of its steps.
TurnKey = tuple[tuple[int, int], ...]


def turn_key(text: str, geo: Geometry) -> TurnKey:
    """The comparison key of a turn in play notation ('d4-d6', 'd4^d6, d6-f6')."""
    out = []
    for step in _steps(text, geo):
        frm, to, _ = parse_move_text(step, geo)
        out.append((frm, to))
    return tuple(out)


def key_label(key: TurnKey, geo: Geometry) -> str:
    """A turn key in the block's notation: 'd4-d6' or 'd4-d6, d6-f6'."""
    return turn_label([Move(frm, to) for frm, to in key], geo)


@dataclass
class Answer:
    """A parsed `Lösung:` line: turns for move tasks, yes/no or squares for quizzes.

    `open` is True for an empty or '?' line (to be filled in by `tafl check --write`).
    """

    open: bool = False
    turns: list[TurnKey] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)  # the turns as written
    yes: bool | None = None
    squares: list[int] = field(default_factory=list)


_YES = {"ja": True, "nein": False}
_NONE = {"keine", "keiner", "nichts", "-", "—"}


def parse_answer(text: str, task: Task, geo: Geometry) -> Answer:
    """The `Lösung:` line of a task; TaskError (German) when it cannot be read."""
    value = " ".join(text.split()).rstrip(".")
    if value in ("", "?"):
        return Answer(open=True)
    if task.kind is TaskKind.LEGAL:
        yes = _YES.get(value.lower())
        if yes is None:
            raise TaskError(f"'Lösung: {short(value)}' – erwartet 'ja' oder 'nein'")
        return Answer(yes=yes)
    if task.kind is TaskKind.FALLS:
        words = [w for w in re.split(r"[,\s]+", value) if w]
        if len(words) == 1 and words[0].lower() in _NONE:
            return Answer(squares=[])
        squares = []
        for word in words:
            if not re.fullmatch(r"[a-s]\d{1,2}", word.lower()):
                raise TaskError(
                    f"'{short(word)}' ist kein Feldname (erwartet z. B. 'd5' oder 'keine')"
                )
            squares.append(_square(word.lower(), geo))
        return Answer(squares=sorted(set(squares)))
    answer = Answer()
    for part in value.split(";"):
        written = part.strip()
        if not written:
            raise TaskError(
                "zwischen zwei ';' fehlt ein Zug (Züge mit ';' trennen: 'f5-f7; f5-c5')"
            )
        key = turn_key(written, geo)
        if key in answer.turns:
            raise TaskError(f"der Zug '{short(written)}' steht zweimal in der Lösung")
        answer.turns.append(key)
        answer.texts.append(written)
    return answer


# -- the task as the solver's goal and in reader German ---------------------------------------


def goal(task: Task, geo: Geometry) -> Goal:
    """The solver's goal for a move task."""
    assert task.side is not None and not task.kind.quiz
    kinds = {
        TaskKind.WIN: GoalKind.WIN,
        TaskKind.CAPTURE: GoalKind.CAPTURE,
        TaskKind.SAVE: GoalKind.SAVE,
        TaskKind.REACH: GoalKind.REACH,
    }
    target = geo.name(task.target) if task.target is not None else None
    return Goal(kinds[task.kind], task.side, target, king=task.king)


def _moves(n: int) -> str:
    return "1 Zug" if n == 1 else f"{n} Zügen"


def task_sentence(task: Task, geo: Geometry, turn: Side) -> str:
    """The task for the board's status line, e.g. 'Verteidiger am Zug: in 2 Zügen gewinnen'."""
    if task.kind is TaskKind.LEGAL:
        return f"{turn.german} am Zug: Ist der Zug {turn_label(task.steps)} erlaubt?"
    if task.kind is TaskKind.FALLS:
        return f"{turn.german} am Zug: Welche Steine fallen bei {turn_label(task.steps)}?"
    head = f"{turn.german} am Zug: "
    if task.kind is TaskKind.WIN:
        return head + f"in {_moves(task.depth)} gewinnen"
    if task.kind is TaskKind.CAPTURE:
        what = f"die Figur auf {geo.name(task.target)}" if task.target is not None else "eine Figur"
        return head + f"{what} in {_moves(task.depth)} schlagen"
    if task.kind is TaskKind.SAVE:
        return head + f"den Sieg der {turn.other.german} im nächsten Zug verhindern"
    assert task.target is not None
    who = "den König" if task.king else "eine eigene Figur"
    return head + f"{who} in {_moves(task.depth)} nach {geo.name(task.target)} bringen"


# -- the verdict ----------------------------------------------------------------------------

#: The prover: (variant, position with the side to move, goal, depth) -> the solver's Solution.
Prover = Callable[[Variant, Position, Goal, int], Solution]


def solve_directly(var: Variant, position: Position, aim: Goal, depth: int) -> Solution:
    """The prover without a cache: the solver on a fresh board."""
    return solve(Board(var, position), aim, depth)


@dataclass
class Proof:
    """What the engine says about a task: the solving turns (move tasks) or the quiz truth."""

    task: Task
    solution: Any = None  # the solver's Solution (move tasks)
    moves: list[str] = field(default_factory=list)  # solving first turns, solver notation
    refusal: str | None = None  # LEGAL: the engine's German reason when the move is refused
    captured: list[int] = field(default_factory=list)  # FALLS: the squares that fall
    threat: bool = True  # SAVE: whether the opponent threatens to win next turn at all

    def answer_text(self, geo: Geometry) -> str:
        """The proven answer as a `Lösung:` value."""
        if self.task.kind is TaskKind.LEGAL:
            return "nein" if self.refusal is not None else "ja"
        if self.task.kind is TaskKind.FALLS:
            return ", ".join(geo.name(s) for s in self.captured) if self.captured else "keine"
        return "; ".join(self.moves)


@dataclass
class TaskVerdict:
    """The failures of a task (line, German message) and the answer to fill in."""

    proof: Proof | None = None
    failures: list[tuple[int, str]] = field(default_factory=list)
    fill: str | None = None  # with fill_in: the `Lösung:` value to write


def prove(var: Variant, position: Position, task: Task, prover: Prover) -> Proof:
    """Decide the task with the engine (quiz) or the prover (move tasks)."""
    geo = position.geo
    if task.kind.quiz:
        board = Board(var, position)
        proof = Proof(task)
        try:
            record = play_turn(board, list(task.steps))
        except MoveError as exc:
            proof.refusal = exc.why or str(exc)
            return proof
        proof.captured = sorted(record.captured)
        return proof
    solution = prover(var, position, goal(task, geo), task.depth)
    proof = Proof(task, solution, list(solution.moves))
    if task.kind is TaskKind.SAVE:
        proof.threat = _threatens(var, position, prover)
    return proof


def _threatens(var: Variant, position: Position, prover: Prover) -> bool:
    """Whether the side not to move could win on its next turn if it were its turn."""
    flipped = position.copy()
    flipped.turn = position.turn.other
    try:
        found = prover(var, flipped, Goal(GoalKind.WIN, flipped.turn), 1)
    except TaflError:
        return True
    return bool(found.moves)


def judge(
    var: Variant,
    position: Position,
    task: Task,
    task_line: int,
    answer: Answer | None,
    answer_line: int | None,
    prover: Prover,
    *,
    fill_in: bool = False,
) -> TaskVerdict:
    """Compare the block's `Lösung:` with the proof; failures name what differs."""
    geo = position.geo
    verdict = TaskVerdict()
    proof = prove(var, position, task, prover)
    verdict.proof = proof
    failures = verdict.failures
    kind = task.kind
    if kind is TaskKind.FALLS and proof.refusal is not None:
        failures.append(
            (task_line, f"der Zug {turn_label(task.steps)} ist verboten: {proof.refusal}")
        )
        return verdict
    if not kind.quiz:
        solution = proof.solution
        if kind is TaskKind.SAVE and not proof.threat:
            failures.append(
                (
                    task_line,
                    f"die {position.turn.other.german} drohen gar keinen Sieg im nächsten Zug; "
                    "da gibt es nichts zu verhindern",
                )
            )
            return verdict
        if solution.depth is None:
            what = (
                "nicht zu verhindern"
                if kind is TaskKind.SAVE
                else f"in {_moves(task.depth)} nicht lösbar"
            )
            failures.append((task_line, f"die Aufgabe ist {what}"))
            return verdict
        if kind is not TaskKind.SAVE and solution.depth < task.depth:
            failures.append(
                (
                    task_line,
                    f"die Aufgabe ist schon in {_moves(solution.depth)} lösbar, nicht erst in "
                    f"{task.depth}; 'in {solution.depth}' schreiben oder die Stellung ändern",
                )
            )
            return verdict
    if answer is None:
        failures.append(
            (
                task_line,
                "die Zeile 'Lösung:' fehlt (mit 'Lösung: ?' trägt 'tafl check --write' sie ein); "
                f"bewiesene Lösung: {proof.answer_text(geo)}",
            )
        )
        return verdict
    line = answer_line if answer_line is not None else task_line
    if answer.open:
        if fill_in:
            verdict.fill = proof.answer_text(geo)
        else:
            failures.append(
                (
                    line,
                    "'Lösung: ?' ist noch offen; bewiesene Lösung (mit 'tafl check --write' "
                    f"eintragen): {proof.answer_text(geo)}",
                )
            )
        return verdict
    if kind is TaskKind.LEGAL:
        if answer.yes != (proof.refusal is None):
            if proof.refusal is None:
                failures.append(
                    (
                        line,
                        f"'Lösung: nein' stimmt nicht: der Zug {turn_label(task.steps)} "
                        "ist erlaubt",
                    )
                )
            else:
                failures.append(
                    (line, f"'Lösung: ja' stimmt nicht: der Zug ist verboten – {proof.refusal}")
                )
        return verdict
    if kind is TaskKind.FALLS:
        if answer.squares != proof.captured:
            failures.append(
                (
                    line,
                    f"erwartet fallen: {_names(answer.squares, geo)} – tatsächlich fallen: "
                    f"{_names(proof.captured, geo)}",
                )
            )
        return verdict
    proven = {turn_key(m, geo): m for m in proof.moves}
    written = dict(zip(answer.turns, answer.texts, strict=True))
    wrong = [text for key, text in written.items() if key not in proven]
    missing = [text for key, text in proven.items() if key not in written]
    if wrong or missing:
        parts = ["die Lösung weicht vom Beweis ab."]
        if wrong:
            parts.append(f"Keine Lösung: {'; '.join(wrong)}.")
        if missing:
            parts.append(f"Es fehlt: {'; '.join(missing)}.")
        parts.append(f"Bewiesen: {proof.answer_text(geo)}")
        failures.append((line, " ".join(parts)))
    return verdict


def _names(squares: list[int], geo: Geometry) -> str:
    return ", ".join(geo.name(s) for s in squares) if squares else "keine"
