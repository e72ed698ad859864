"""What a proven puzzle teaches and how hard it is, read off its proof.

The proof is the solver's answer tree (`tafl_core.solver.solve`, committed in
`data/beweise/aufgaben/`). From it:

- the **main line**: the puzzle's first solving turn, the defence's most stubborn reply from
  the proof, the first (sorted) solving turn after it, and so on until the goal is reached;
- the **motifs** the solving side's turns on that line really show: a berserker chain (a turn
  of several steps), a jump, a capture by shieldwall; and the **ending** the line reaches
  (escape, king captured, edge fort, encirclement, no moves);
- the **difficulty**, a number: ``2.5 * (depth - 1)`` for the own turns needed, plus
  ``log2(1 + plausible wrong first turns)`` (wrong turns that capture, move the king or land
  beside it: the tempting ones), minus ``log2(solving first turns)``, plus
  ``0.5 * log2(1 + replies)`` for the widest choice the defence has on the main line (a
  defence with few replies is forcing, one with many is not); never below 0. The reader sees
  a grade: below 3 "leicht", below 8.5 "mittel", else "schwer".
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from tafl_core.board import Board
from tafl_core.captures import CaptureRule
from tafl_core.pieces import Kind
from tafl_core.solver.expand import turns
from tafl_core.turns import play_turn_text

#: German names of the motifs a solving turn can show (keys are stable codes).
MOTIFS = {"chain": "Berserker-Lauf", "jump": "Sprung", "shieldwall": "Schildwall"}
#: German theme of a win, by the way the game ends (the engine's reason codes).
ENDINGS = {
    "escape": "Flucht",
    "king-captured": "Königsfang",
    "edge-fort": "Randfestung",
    "encirclement": "Umzingelung",
    "no-moves": "Zugunfähigkeit",
    "repetition": "Zugwiederholung",
}
#: Grade words for readers, with the upper bound of the difficulty each covers.
GRADES = ((3.0, "leicht"), (8.5, "mittel"), (math.inf, "schwer"))


@dataclass(frozen=True)
class Reading:
    """What the proof says about a puzzle."""

    line: list[str]
    motifs: list[str]  # German motif names, in MOTIFS order
    ending: str | None  # the engine's reason code at the end of the line, if the game ends
    difficulty: float


def main_line(tree: dict[str, Any], first: str) -> list[str]:
    """The proof's line from `first`: solving turn, stubborn reply, first solving turn, …"""
    line: list[str] = []
    solutions = tree["solutions"]
    turn = first
    while True:
        node = solutions[turn]
        line.append(turn)
        if "reply" not in node:
            return line
        line.append(node["reply"])
        solutions = node.get("solutions") or {}
        if not solutions:
            return line
        turn = sorted(solutions)[0]


def read_proof(board: Board, tree: dict[str, Any], first: str) -> Reading:
    """Main line, motifs, ending and difficulty of the puzzle on `board` (left unchanged)."""
    line = main_line(tree, first)
    probe = Board(board.rules, board.pos.copy())
    found: set[str] = set()
    widest = 0
    for index, text in enumerate(line):
        if index % 2 == 1:  # the defence's turn: how many it had to choose from
            probe_replies = sum(1 for _ in turns(probe))
            widest = max(widest, probe_replies)
        record = play_turn_text(probe, text)
        if index % 2 == 0:
            if len(record.moves) > 1:
                found.add("chain")
            if any(m.jump for m in record.moves):
                found.add("jump")
            if any(c.rule is CaptureRule.SHIELDWALL for c in record.captures):
                found.add("shieldwall")
    ending = probe.outcome.reason.value if probe.outcome is not None else None
    depth = tree["solved_in"] or tree["depth"]
    solving = len(tree["solutions"])
    tempting = plausible(board, tree["refutations"])
    difficulty = (
        2.5 * (depth - 1)
        + math.log2(1 + tempting)
        - math.log2(solving)
        + 0.5 * math.log2(1 + widest)
    )
    motifs = [MOTIFS[m] for m in MOTIFS if m in found]
    return Reading(line, motifs, ending, round(max(0.0, difficulty), 2))


def plausible(board: Board, wrong: dict[str, Any]) -> int:
    """How many of the `wrong` first turns tempt: they capture, move the king or land beside it."""
    count = 0
    for text in wrong:
        probe = Board(board.rules, board.pos.copy())
        record = play_turn_text(probe, text)
        last = record.moves[-1].to
        piece = probe.pos.piece_at(last)
        king = probe.pos.king_square()
        beside = king >= 0 and last in (n1 for n1, _ in probe.ctx.geo.steps[king])
        if record.captured or (piece is not None and piece.kind is Kind.KING) or beside:
            count += 1
    return count


def grade(difficulty: float) -> str:
    """The German grade word of a difficulty ('leicht', 'mittel', 'schwer')."""
    return next(word for bound, word in GRADES if difficulty < bound)
