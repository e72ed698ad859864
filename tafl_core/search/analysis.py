"""analyse(): the engine's view of a position for readers: best line, threats, verdict, bar.

Every statement is read off the board, never restated from a rule: the engine's line
(`suggest`) is played turn by turn and its turn records say what fell and how; the board
says when and why the game ends; a threat is what a side could do if it were to move again
(its turns played on the board, the king's steps onto a goal square among them). A claim
"in N Zügen" is made only when the solver proves it (`solver.search`, at most
`PROOF_DEPTH` own turns, on the engine's move or, for a loss at once, on every turn);
otherwise the verdict speaks of an advantage. The sentences come from `wording.analysis`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..board import Board
from ..errors import ArgumentError
from ..outcome import Outcome, Reason
from ..pieces import Side
from ..solver.expand import turns as expand_turns
from ..solver.goals import Goal, GoalKind
from ..solver.search import Search, history_free
from ..turns import TurnRecord, parse_turn_text, play_turn, play_turn_text
from ..typed import need_instance, need_int
from ..wording import analysis as words
from .evaluate import WIN, WIN_BOUND, evaluator
from .levels import LEVELS, MAX_LEVEL, MIN_LEVEL
from .suggest import suggest
from .tactics import check_root, wins_now
from .turns import list_turns
from .turns import text as turn_text

#: Deepest proof tried (own turns of the winner); a win in 2 on 11×11 costs a few ms.
PROOF_DEPTH = 2
#: Node budget of the loser's turns in a proven line (any of them loses).
LOSER_NODES = 500
#: Turns of the line whose captures and ending are told.
TOLD = 4
#: At most this many squares are named in one threat sentence.
NAMED = 3
#: Score difference (hundredths of an attacker) that gives a bar of tanh(1) ≈ 0.76.
SCALE = 600.0
#: The largest bar without a proof (±1 means proven).
UNPROVEN = 0.95
#: Bars from which the verdict says 'Leichter Vorteil', 'Vorteil', 'Großer Vorteil'.
STEPS = (0.2, 0.45, 0.75)
#: The kinds of marked squares: the goal square of an escape threat, a threatened piece,
#: a square of the best turn, a square where a piece falls in the line.
KINDS = ("ziel", "drohung", "zug", "schlag")


@dataclass(frozen=True)
class Mark:
    """A square that matters: its name and its kind (one of `KINDS`)."""

    square: str
    kind: str


@dataclass(frozen=True)
class Analysis:
    """The answer of `analyse` (see `to_json` for the contract of the web page).

    `move`: the best turn in the notation of `tafl play` (None: the game is over).
    `line`: the expected sequence, `move` first. `sentences`: German, what the line does.
    `verdict`: one short German phrase. `score`: for the side to move, as `suggest`
    reports it. `bar`: -1 (defenders winning) … +1 (attackers winning); ±1 only when
    proven or decided. `squares`: the marked squares. `depth`: turns searched deep.
    """

    move: str | None
    line: tuple[str, ...]
    sentences: tuple[str, ...]
    verdict: str
    score: int
    bar: float
    squares: tuple[Mark, ...]
    depth: int
    level: int

    def to_json(self) -> dict[str, Any]:
        """The JSON document of contract 1 (plain types only)."""
        return {
            "move": self.move,
            "line": list(self.line),
            "sentences": list(self.sentences),
            "verdict": self.verdict,
            "score": self.score,
            "bar": self.bar,
            "squares": [{"square": m.square, "kind": m.kind} for m in self.squares],
            "depth": self.depth,
            "level": self.level,
        }


@dataclass
class Threats:
    """What `side` could do with one more turn now: escape squares the king reaches (`goals`),
    other endings in its favour (`endings`), enemy pieces that would fall (`victims`),
    the king's square when he could be captured (`king`, -1 otherwise)."""

    side: Side
    goals: list[int] = field(default_factory=list)
    endings: list[Reason] = field(default_factory=list)
    victims: list[int] = field(default_factory=list)
    king: int = -1
    #: the squares the turns land on that would end the game otherwise (edge fort,
    #: encirclement, the opponent without a move)
    closing: list[int] = field(default_factory=list)

    @property
    def win(self) -> bool:
        """Whether the side could win at once."""
        return bool(self.goals or self.endings)


class _Marks:
    """Marked squares in the order found, each (square, kind) once."""

    def __init__(self, board: Board) -> None:
        self.name = board.pos.geo.name
        self.items: list[Mark] = []

    def add(self, squares: list[int], kind: str) -> None:
        for s in squares:
            mark = Mark(self.name(s), kind)
            if mark not in self.items:
                self.items.append(mark)


def analyse(board: Board, *, level: int = 4, seed: int = 0) -> Analysis:
    """The engine's view of the side to move on `board` at `level` (1 to 5), in reader words.

    The board is pushed and popped but left as it was (its history counts: repetition).
    The same board, level and seed give the same answer as long as the search's time
    budget is not reached first (see `suggest`). A finished game gives `move` None and the
    verdict of its outcome; a board in the middle of a berserker chain is refused.
    """
    need_instance(board, Board, "analyse: das Brett", "ein Board")
    need_int(level, "analyse: die Stufe")
    need_int(seed, "analyse: der Startwert (seed)")
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise ArgumentError(words.BAD_LEVEL.format(low=MIN_LEVEL, high=MAX_LEVEL, level=level))
    if board.outcome is not None:
        return _decided(board, board.outcome, level)
    if board.berserker_open:
        raise ArgumentError(words.IN_CHAIN)
    mark = len(board._stack)
    try:
        return _analyse(board, level, seed)
    finally:
        _undo(board, mark)


# -- the parts ------------------------------------------------------------------------


def _decided(board: Board, outcome: Outcome, level: int) -> Analysis:
    """A finished game: who won and why; the pieces the last turn took, an escape square."""
    marks = _Marks(board)
    if outcome.reason is Reason.ESCAPE:
        marks.add([board.pos.king_square()], "ziel")
    marks.add(board.captured, "schlag")
    if outcome.winner is None:
        score, bar = 0, 0.0
    else:
        score = WIN if outcome.winner is board.turn else -WIN
        bar = 1.0 if outcome.winner is Side.ATTACKERS else -1.0
    return Analysis(
        None,
        (),
        (words.game_over(outcome),),
        words.verdict_decided(outcome),
        score,
        bar,
        tuple(marks.items),
        0,
        level,
    )


@dataclass
class _Step:
    """One turn of the line as played: who, its text, its record and the board after it."""

    side: Side
    text: str
    record: TurnRecord
    outcome: Outcome | None
    king: int
    #: the name of the moved piece's `Kind` ('KING', 'MAN', …)
    kind: str


@dataclass
class _Choice:
    """The best turn and what is known about it: the line, the score for the side to move,
    the depth, how `suggest` chose it, and a proven win (`winner` in `proof` own turns)."""

    move: str
    line: tuple[str, ...]
    score: int
    depth: int
    how: str = "search"
    winner: Side | None = None
    proof: int = 0


def _analyse(board: Board, level: int, seed: int) -> Analysis:
    side = board.turn
    other = side.other
    marks = _Marks(board)
    before = threats(board, other)
    sentences = _threat_sentences(board, before, marks)
    choice = _choose(board, level, seed, before)
    first = _play_turn(board, choice.move)
    marks.add(_squares(first.record), "zug")
    after: Threats | None = None
    parried = False
    if first.outcome is None:
        after = threats(board, side)
        parried = before.win and not threats(board, other).win
    steps = [first, *_play_line(board, choice.line[1:])]
    chain = len(first.record.moves) > 1
    if choice.how == "careless":
        sentences.append(words.random_turn(side, choice.move))
    else:
        sentences.append(words.best_turn(side, choice.move, chain, first.kind))
    if choice.winner is other and choice.proof == 1:
        sentences.append(words.loses_anyway(side))
    elif choice.how == "only":
        sentences.append(words.only_turn(side, choice.move))
    elif parried:
        sentences.append(words.parries())
    sentences += _turn_sentences(board, first, marks, first=True)
    if after is not None:
        sentences += [words.after_turn(t) for t in _threat_sentences(board, after, marks)]
    if choice.winner is not None and first.outcome is None:
        sentences.append(_proof_sentence(board, steps, choice.winner, choice.proof, marks))
    later: list[str] = []
    for i, step in enumerate(steps[1:TOLD], start=1):
        # counted as "in 2 Zügen" counts: the turns of the step's own side in the line
        number = sum(1 for s in steps[: i + 1] if s.side is step.side)
        # the end of a proven line is told by the proof sentence
        later += _turn_sentences(
            board, step, marks, first=False, number=number, end=not choice.proof
        )
    sentences += later
    threatened = after is not None and (after.win or after.victims)
    if not (first.outcome or first.record.captured or later or threatened or choice.proof):
        sentences.append(words.quiet())
    verdict, bar = _verdict(board, side, choice)
    return Analysis(
        choice.move,
        choice.line,
        tuple(sentences),
        verdict,
        choice.score,
        bar,
        tuple(marks.items),
        choice.depth,
        level,
    )


def _choose(board: Board, level: int, seed: int, before: Threats) -> _Choice:
    """The best turn: a win at once if there is one, else the engine's (`suggest`); a win
    within `PROOF_DEPTH` turns or a loss at once is proven by the solver before it is told."""
    side = board.turn
    wins = check_root(board, list_turns(board)).wins if wins_now(board) else []
    if wins:
        move = sorted(turn_text(board, t) for t in wins)[0]
        return _Choice(move, (move,), WIN - 1, 1, "win", side, 1)
    found = suggest(board, level, seed=seed)
    choice = _Choice(found.move, found.line, found.score, found.depth, found.how)
    if choice.how == "only":
        spent = found.seconds
        choice.line, choice.score, choice.depth = _reply_line(
            board, choice.move, level, seed, spent
        )
    elif choice.how == "careless":
        choice.score = _static_after(board, choice.move)
    if before.win and not check_root(board, list_turns(board)).safe:
        choice.winner, choice.proof = side.other, 1
    elif choice.score >= WIN_BOUND and WIN - choice.score <= 2 * PROOF_DEPTH - 1:
        n = (WIN - choice.score + 1) // 2
        if _proves(board, choice.move, side, n):
            choice.winner, choice.proof = side, n
    if choice.winner is not None:
        choice.line = _proof_line(board, choice.line, choice.winner, choice.proof, level, seed)
    return choice


def threats(board: Board, side: Side) -> Threats:
    """What `side` could do with one more turn on `board` (the board is left as it was).

    Every turn of `side` is played on the board as if it were to move (for the side not
    to move this is the usual null-turn look): an ending in its favour is a threat to
    win (a repetition is not counted: the turn order is made up), a captured piece a
    threat to capture.
    """
    found = Threats(side)
    if board.outcome is not None or board.berserker_open:
        return found
    victims: set[int] = set()
    goals: set[int] = set()
    closers: set[int] = set()
    endings: list[Reason] = []
    king = board.pos.king_square()
    with _turn_of(board, side), closing(expand_turns(board)) as each:
        for played in each:
            outcome = _ended(board)
            if outcome is not None and outcome.winner is side:
                if outcome.reason is Reason.ESCAPE:
                    goals.add(board.pos.king_square())
                    continue
                if outcome.reason is Reason.REPETITION:
                    continue
                if outcome.reason not in endings:
                    endings.append(outcome.reason)
                if outcome.reason is Reason.KING_CAPTURED:
                    found.king = king
                    victims.update(s for s in played.captured if s != king)
                    continue
                closers.add(played.steps[-1].to)
            victims.update(played.captured)
    found.goals = sorted(goals)
    found.endings = endings
    found.victims = sorted(victims)
    found.closing = sorted(closers)
    return found


# -- helpers --------------------------------------------------------------------------


@contextmanager
def _turn_of(board: Board, side: Side) -> Iterator[None]:
    """Let `side` move on the board for a while; everything played is taken back after."""
    pos = board.pos
    saved = pos.turn
    mark = len(board._stack)
    pos.turn = side
    try:
        yield
    finally:
        _undo(board, mark)
        pos.turn = saved


def _ended(board: Board) -> Outcome | None:
    """The board's outcome now (read afresh after pushes, which the type checker cannot see)."""
    return board.outcome


def _undo(board: Board, mark: int) -> None:
    while len(board._stack) > mark:
        board.pop()


def _play_turn(board: Board, text: str) -> _Step:
    """Play one turn given in notation on the board (checked) and record it."""
    side = board.turn
    steps = parse_turn_text(text)
    piece = board.pos.piece_at(board.parse_move(steps[0]).frm)
    record = play_turn(board, steps)
    kind = piece.kind.name if piece is not None else ""
    return _Step(side, text, record, board.outcome, board.pos.king_square(), kind)


def _play_line(board: Board, line: tuple[str, ...]) -> list[_Step]:
    """Play the turns of a line one after the other and record them; stops at the end."""
    steps = []
    for text in line:
        if board.outcome is not None:
            break
        steps.append(_play_turn(board, text))
    return steps


def _squares(record: TurnRecord) -> list[int]:
    """The squares of a turn: where its piece starts and every square it lands on."""
    if not record.moves:
        return []
    return [record.moves[0].frm, *(m.to for m in record.moves)]


def _threat_sentences(board: Board, found: Threats, marks: _Marks) -> list[str]:
    """The sentence (none or one) and the marks for the threats of one side."""
    name = board.pos.geo.name
    marks.add(found.goals, "ziel")
    marks.add(found.closing, "ziel")
    if Reason.KING_CAPTURED in found.endings:
        marks.add([found.king], "drohung")
    marks.add(found.victims, "drohung")
    if not (found.win or found.victims):
        return []
    goals = [name(s) for s in found.goals[:NAMED]]
    victims = [name(s) for s in found.victims[:NAMED]]
    endings = [reason.name for reason in found.endings]
    more = max(0, len(found.victims) - NAMED)
    return [words.threat(found.side, goals, endings, victims, more)]


def _turn_sentences(
    board: Board, step: _Step, marks: _Marks, *, first: bool, number: int = 1, end: bool = True
) -> list[str]:
    """What one turn of the line does: its captures and flips, the end of the game."""
    name = board.pos.geo.name
    record = step.record
    fallen = [c.square for c in record.captures]
    marks.add(fallen, "schlag")
    out = []
    if step.outcome is not None and step.outcome.reason is Reason.ESCAPE:
        marks.add([step.king], "ziel")
    taken = [c for c in record.captures if c.piece.kind.name != "KING"]
    if first:
        if taken:
            squares = [name(c.square) for c in taken]
            out.append(words.captures(step.side, squares, [c.rule for c in taken]))
        if record.flipped:
            out.append(words.flips([name(s) for s in record.flipped]))
        if step.outcome is not None:
            goal = name(step.king) if step.outcome.reason is Reason.ESCAPE else None
            out.append(words.ends_game(step.outcome, goal))
        return out
    if taken:
        squares = [name(c.square) for c in taken]
        out.append(words.line_captures(number, step.side, step.text, squares))
    if step.outcome is not None and end:
        out.append(words.line_ends(number, step.side, step.text, step.outcome))
    return out


def _proof_sentence(board: Board, steps: list[_Step], winner: Side, n: int, marks: _Marks) -> str:
    """The proven win, with the ending the line shows when it ends that way in time."""
    own = 0
    for step in steps:
        if step.side is winner:
            own += 1
        if step.outcome is not None and step.outcome.winner is winner and own <= n:
            goal = None
            if step.outcome.reason is Reason.ESCAPE:
                goal = board.pos.geo.name(step.king)
                marks.add([step.king], "ziel")
            return words.proven(winner, n, step.outcome, goal)
    return words.proven(winner, n, None, None)


def _proof_line(
    board: Board, line: tuple[str, ...], winner: Side, n: int, level: int, seed: int
) -> tuple[str, ...]:
    """The line of a proven win played to its end: the engine's line as long as it goes
    and the winner has no win at once, a winning turn as soon as there is one, and for
    the loser (after the engine's line) the turn the engine picks at a lower level."""
    mark = len(board._stack)
    out: list[str] = []
    follow = True
    try:
        for index in range(2 * n + 1):
            if _ended(board) is not None:
                break
            if board.turn is winner and wins_now(board):
                wins = sorted(
                    turn_text(board, t) for t in check_root(board, list_turns(board)).wins
                )
                text = (
                    line[index] if follow and index < len(line) and line[index] in wins else wins[0]
                )
            elif follow and index < len(line):
                text = line[index]
            elif board.turn is not winner:
                # every turn of the loser loses: a short look picks a plausible one
                text = suggest(board, min(level, 2), seed=seed, nodes=LOSER_NODES).move
                follow = False
            else:
                break
            out.append(text)
            play_turn_text(board, text)
    finally:
        _undo(board, mark)
    return tuple(out) if out else line


def _proves(board: Board, move: str, side: Side, n: int) -> bool:
    """Whether `move` wins for `side` within `n` own turns against every defence (solver)."""
    search = Search(board, Goal(GoalKind.WIN, side), history_free(board, n))
    mark = len(board._stack)
    try:
        play_turn_text(board, move)
        outcome = board.outcome
        if outcome is not None:
            return outcome.winner is side
        return n > 1 and search.and_node(n - 1, -1)
    finally:
        _undo(board, mark)


def _reply_line(
    board: Board, move: str, level: int, seed: int, spent: float
) -> tuple[tuple[str, ...], int, int]:
    """The line, score and depth after the only turn that does not lose at once (chosen
    without a search, after `spent` seconds): the opponent's answer is searched instead,
    within what is left of the level's time."""
    mark = len(board._stack)
    try:
        play_turn_text(board, move)
        if board.outcome is not None:
            return (move,), _ended_score(board, board.outcome), 1
        # the first call chose without a search: the level's time is still there
        reply = suggest(board, level, seed=seed, seconds=max(0.05, LEVELS[level].seconds - spent))
        return (move, *reply.line), -reply.score, reply.depth + 1
    finally:
        _undo(board, mark)


def _static_after(board: Board, move: str) -> int:
    """The evaluation after `move` for the side that played it (no search was made)."""
    mark = len(board._stack)
    try:
        play_turn_text(board, move)
        if board.outcome is not None:
            return _ended_score(board, board.outcome)
        return -evaluator(board)(board.pos)
    finally:
        _undo(board, mark)


def _ended_score(board: Board, outcome: Outcome) -> int:
    """The score of a game ended by the turn just played, for the side that played it."""
    if outcome.winner is None:
        return 0
    return WIN - 1 if outcome.winner is not board.turn else -(WIN - 1)


def _baseline(board: Board) -> int:
    """The attackers' evaluation of the variant's start (0 without a variant's start).

    The evaluation weighs material by the variant's numbers, so a start is rarely 0;
    the bar measures the score against it.
    """
    variant = board.variant
    if variant is None or not variant.has_setup:
        return 0
    start = variant.start()
    value = evaluator(board).defenders_view(start)
    return -value


def _verdict(board: Board, side: Side, choice: _Choice) -> tuple[str, float]:
    """The verdict phrase and the bar."""
    if choice.winner is not None:
        bar = 1.0 if choice.winner is Side.ATTACKERS else -1.0
        return words.verdict_win(choice.winner, choice.proof), bar
    score = choice.score
    attackers = score if side is Side.ATTACKERS else -score
    if abs(score) >= WIN_BOUND:
        bar = UNPROVEN if attackers > 0 else -UNPROVEN
    else:
        bar = math.tanh((attackers - _baseline(board)) / SCALE)
        bar = max(-UNPROVEN, min(UNPROVEN, bar))
    bar = round(bar, 3)
    strength = sum(abs(bar) >= step for step in STEPS)
    ahead = Side.ATTACKERS if bar > 0 else Side.DEFENDERS
    return words.verdict_advantage(ahead if strength else None, strength), bar
