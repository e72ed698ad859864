"""Claim lines: what the position after a block's turns allows, proven by the solver.

A `Behauptung:` line states a fact about the position after the block's last turn (the
shown position when there is none); a block may hold several. The forms (N = 1 to 4 own
turns of the side, as in exercises)::

    Behauptung: Verteidiger gewinnen in 1            (they win in N against every defence,
                                                      not sooner)
    Behauptung: Verteidiger gewinnen nicht in 2      (no win can be forced within N)
    Behauptung: Angreifer schlagen d5 in 2           (also 'nicht in 2', 'eine Figur')
    Behauptung: König erreicht a7 in 2               (also 'Verteidiger erreichen a7 …')
    Behauptung: Verteidiger drohen zu gewinnen       (the side NOT to move would win at once)
    Behauptung: Verteidiger drohen keinen Sieg
    Behauptung: nur b5-b1 verhindert den Sieg der Verteidiger   (exactly these turns save;
                                                      several: 'nur b5-b1 oder c3-c1 …')
    Behauptung: b5-b1 verhindert den Sieg der Verteidiger       (this turn is among them)
    Behauptung: nichts verhindert den Sieg der Verteidiger

Winning, capturing and reaching are claims about the side to move; threats and their
prevention name the side not to move (its win on its next turn). The solver decides them
through the same prover as exercises (so the site's proofs come from `data/beweise/`);
`judge_claim` says in German what the engine found instead when a claim is false.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from ..errors import TaflError
from ..geometry import Geometry
from ..pieces import Side
from ..position import Position
from ..solver import Goal, GoalKind, Solution
from ..text import short
from ..variants import Variant
from .task import MAX_DEPTH, Prover, TaskError, TurnKey, key_label, turn_key


class ClaimKind(Enum):
    """What a claim is about."""

    WIN = "gewinnen"
    CAPTURE = "schlagen"
    REACH = "erreichen"
    THREAT = "drohen"  # the side not to move would win on its next turn
    SAVE = "verhindern"  # which turns of the side to move stop the other side's win


@dataclass(frozen=True)
class Claim:
    """A parsed `Behauptung:` line (squares as ints of the variant's board).

    `side` is the side the claim names: the one that wins, captures, reaches or threatens
    (for SAVE the threatening side, not the side to move). `negated` turns 'in N' into
    'nicht in N' (THREAT: 'keinen Sieg'). SAVE: `turns` are the saving turns named; with
    `only` they must be all of them (none at all: 'nichts verhindert …').
    """

    kind: ClaimKind
    text: str  # as written after 'Behauptung:'
    side: Side
    depth: int = 1
    negated: bool = False
    target: int | None = None
    king: bool = False
    only: bool = False
    turns: tuple[TurnKey, ...] = ()

    @property
    def mover(self) -> Side:
        """The side that must be to move for the claim to make sense."""
        if self.kind in (ClaimKind.THREAT, ClaimKind.SAVE):
            return self.side.other
        return self.side


class ClaimError(TaflError):
    """A `Behauptung:` line that cannot be read (German message)."""


_SIDE = r"(?P<side>angreifer|verteidiger)"
_NOT = r"(?P<not>nicht\s+)?"
_N = r"in\s+(?P<n>\d{1,2})(?:\s+(?:zug|zügen|zuegen))?"
_SQ = r"(?P<sq>[a-s]\d{1,2})"
_FORMS: list[tuple[ClaimKind, re.Pattern[str]]] = [
    (ClaimKind.WIN, re.compile(rf"{_SIDE}\s+gewinnen\s+{_NOT}{_N}")),
    (
        ClaimKind.CAPTURE,
        re.compile(
            rf"{_SIDE}\s+schlagen\s+(?:{_SQ}|(?P<any>eine\s+figur|einen\s+stein))\s+{_NOT}{_N}"
        ),
    ),
    (ClaimKind.REACH, re.compile(rf"{_SIDE}\s+erreichen\s+{_SQ}\s+{_NOT}{_N}")),
    (ClaimKind.REACH, re.compile(rf"(?:der\s+)?(?P<king>könig)\s+erreicht\s+{_SQ}\s+{_NOT}{_N}")),
    (ClaimKind.THREAT, re.compile(rf"{_SIDE}\s+drohen\s+(?:(?P<yes>zu\s+gewinnen)|keinen\s+sieg)")),
    (
        ClaimKind.SAVE,
        re.compile(
            r"(?:(?P<nothing>nichts|kein\s+zug)|(?P<only>nur\s+)?(?P<moves>[a-s0-9\-^x:,;\s]+?))"
            rf"\s+(?:verhindert|verhindern)\s+den\s+sieg\s+der\s+{_SIDE}"
        ),
    ),
]

#: The forms of the `Behauptung:` line, for messages.
FORMS_TEXT = (
    "'Verteidiger gewinnen in 1', 'Verteidiger gewinnen nicht in 2', 'Angreifer schlagen d5 "
    "in 2', 'König erreicht a7 nicht in 2', 'Verteidiger drohen zu gewinnen', 'Verteidiger "
    "drohen keinen Sieg', 'nur b5-b1 verhindert den Sieg der Verteidiger' oder 'nichts "
    "verhindert den Sieg der Verteidiger'"
)


def parse_claim(text: str, geo: Geometry) -> Claim:
    """The claim of a `Behauptung:` line; ClaimError (German) when it cannot be read."""
    written = " ".join(text.split())
    low = written.lower().rstrip(".")
    for kind, form in _FORMS:
        m = form.fullmatch(low)
        if m is None:
            continue
        groups = m.groupdict()
        side = Side.ATTACKERS if groups.get("side") == "angreifer" else Side.DEFENDERS
        depth = int(groups["n"]) if groups.get("n") else 1
        if not 1 <= depth <= MAX_DEPTH:
            raise ClaimError(f"'in {depth}' geht nicht: erlaubt ist 1 bis {MAX_DEPTH}")
        negated = bool(groups.get("not"))
        if kind is ClaimKind.THREAT:
            negated = not groups.get("yes")
        target = _square(groups["sq"], geo) if groups.get("sq") else None
        turns: tuple[TurnKey, ...] = ()
        only = bool(groups.get("only") or groups.get("nothing"))
        if groups.get("moves"):
            turns = _turns(groups["moves"], geo)
        return Claim(
            kind, written, side, depth, negated, target, bool(groups.get("king")), only, turns
        )
    raise ClaimError(f"'Behauptung: {short(written)}' verstehe ich nicht; erwartet {FORMS_TEXT}")


def _square(text: str, geo: Geometry) -> int:
    try:
        return geo.parse(text)
    except TaflError as exc:
        raise ClaimError(str(exc)) from None


def _turns(text: str, geo: Geometry) -> tuple[TurnKey, ...]:
    """The turns of 'b5-b1 oder c3-c1' (also ';' between them), each read as a turn key."""
    out: list[TurnKey] = []
    for part in re.split(r"\s+oder\s+|;", text):
        written = part.strip()
        if not written:
            raise ClaimError("hier fehlt ein Zug (z. B. 'nur b5-b1 oder c3-c1 verhindert …')")
        try:
            key = turn_key(written, geo)
        except TaskError as exc:
            raise ClaimError(f"'{short(written)}': {exc}") from None
        if key in out:
            raise ClaimError(f"der Zug '{short(written)}' steht zweimal in der Behauptung")
        out.append(key)
    return tuple(out)


# -- the proof --------------------------------------------------------------------------------


def goal_of(claim: Claim, geo: Geometry) -> Goal:
    """The solver's goal for the claim (asked of the position with `claim.mover` to move,
    THREAT: of the position with the named side to move)."""
    if claim.kind is ClaimKind.SAVE:
        return Goal(GoalKind.SAVE, claim.mover)
    if claim.kind is ClaimKind.THREAT:
        return Goal(GoalKind.WIN, claim.side)
    kinds = {
        ClaimKind.WIN: GoalKind.WIN,
        ClaimKind.CAPTURE: GoalKind.CAPTURE,
        ClaimKind.REACH: GoalKind.REACH,
    }
    target = geo.name(claim.target) if claim.target is not None else None
    return Goal(kinds[claim.kind], claim.side, target, king=claim.king)


def _subject(claim: Claim, geo: Geometry) -> str:
    """'die Verteidiger gewinnen', 'die Angreifer schlagen d5', 'der König erreicht a7'."""
    if claim.king:
        assert claim.target is not None
        return f"der König erreicht {geo.name(claim.target)}"
    who = f"die {claim.side.german}"
    if claim.kind is ClaimKind.CAPTURE:
        what = geo.name(claim.target) if claim.target is not None else "eine Figur"
        return f"{who} schlagen {what}"
    if claim.kind is ClaimKind.REACH:
        assert claim.target is not None
        return f"{who} erreichen {geo.name(claim.target)}"
    return f"{who} gewinnen"


def _turns_text(n: int) -> str:
    return "1 Zug" if n == 1 else f"{n} Zügen"


def _with(moves: tuple[str, ...]) -> str:
    """' mit a1-a2' / ' mit a1-a2 oder b1-b2' (at most five named)."""
    shown = list(moves[:5])
    more = " und weiteren" if len(moves) > 5 else ""
    return " mit " + " oder ".join(shown) + more


def _example(solution: Solution) -> str:
    """One refutation from the solver's tree: ' Zum Beispiel a1-a2: darauf b1-b2. <why>'."""
    tree = solution.tree
    texts = tree.get("texts", [])
    for move, (reply, index) in (tree.get("refutations") or {}).items():
        why = texts[index] if isinstance(index, int) and index < len(texts) else ""
        answer = f", darauf {reply}" if reply else ""
        return f" Zum Beispiel {move}{answer}: {why}".rstrip()
    return ""


def _flipped(position: Position) -> Position:
    """The position with the other side to move (to ask what it threatens)."""
    out = position.copy()
    out.turn = position.turn.other
    return out


def judge_claim(var: Variant, position: Position, claim: Claim, prover: Prover) -> str | None:
    """Why the claim does not hold in the position (German), None when the solver proves it.

    The position is the one after the block's turns, with its side to move.
    """
    geo = position.geo
    if position.turn is not claim.mover:
        want = claim.mover.german
        return (
            f"in dieser Stellung sind die {position.turn.german} am Zug; die Behauptung "
            f"'{short(claim.text)}' setzt voraus, dass die {want} am Zug sind"
            + (
                f" ('{claim.side.german} drohen …' oder '… verhindert den Sieg der "
                f"{position.turn.other.german}' sagen, was die andere Seite kann)"
                if claim.kind in (ClaimKind.WIN, ClaimKind.CAPTURE, ClaimKind.REACH)
                else ""
            )
        )
    if claim.kind is ClaimKind.THREAT:
        found = prover(var, _flipped(position), goal_of(claim, geo), 1)
        if claim.negated and found.moves:
            return f"doch: die {claim.side.german} wären am Zug sofort Sieger{_with(found.moves)}"
        if not claim.negated and not found.moves:
            return f"die {claim.side.german} drohen keinen Sieg im nächsten Zug"
        return None
    if claim.kind is ClaimKind.SAVE:
        threat = prover(var, _flipped(position), Goal(GoalKind.WIN, claim.side), 1)
        if not threat.moves:
            return (
                f"die {claim.side.german} drohen gar keinen Sieg im nächsten Zug; da gibt es "
                "nichts zu verhindern"
            )
        found = prover(var, position, goal_of(claim, geo), 1)
        proven = {turn_key(m, geo) for m in found.moves}
        proven_text = "; ".join(found.moves) if found.moves else "keiner"
        wrong = [key_label(k, geo) for k in claim.turns if k not in proven]
        if wrong:
            return (
                f"{' und '.join(wrong)} verhindert den Sieg der {claim.side.german} nicht; "
                f"ihn verhindern: {proven_text}"
            )
        if claim.only and proven != set(claim.turns):
            return (
                f"den Sieg der {claim.side.german} verhindern auch andere Züge; ihn "
                f"verhindern: {proven_text}"
            )
        return None
    found = prover(var, position, goal_of(claim, geo), claim.depth)
    does = _subject(claim, geo)
    if claim.negated:
        if found.depth is None:
            return None
        return (
            f"doch, {does} in {_turns_text(found.depth)}"
            f"{_with(found.moves if found.depth == claim.depth else _fastest(found))}"
        )
    if found.depth is None:
        return (
            f"{does} nicht sicher in {_turns_text(claim.depth)}, die Gegenseite kann sich "
            f"wehren.{_example(found)}"
        )
    if found.depth < claim.depth:
        return (
            f"{does} schon in {_turns_text(found.depth)}, nicht erst in {claim.depth}; "
            f"'in {found.depth}' schreiben"
        )
    return None


def shown_moves(var: Variant, position: Position, claim: Claim, prover: Prover) -> tuple[str, ...]:
    """The turns a proven claim may name for the reader: the solving first turns of a win,
    capture or arrival, the winning turns of a threat (empty for the other forms)."""
    if claim.negated or claim.kind is ClaimKind.SAVE:
        return ()
    if claim.kind is ClaimKind.THREAT:
        return prover(var, _flipped(position), goal_of(claim, position.geo), 1).moves
    return prover(var, position, goal_of(claim, position.geo), claim.depth).moves


def _fastest(found: Solution) -> tuple[str, ...]:
    """The first turns of the tree that reach the goal soonest (all solving turns when the
    tree does not tell)."""
    solutions = found.tree.get("solutions") or {}
    quick = tuple(m for m, node in solutions.items() if "done" in node and "reply" not in node)
    return quick or found.moves
