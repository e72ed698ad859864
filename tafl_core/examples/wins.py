"""The win left to the opponent: does the side to move after a block's last turn win at once,
without the block saying so?

An example whose turn leaves the other side a win on its next turn teaches the wrong thing
when the text does not mention it, even if every line of the block holds. `unstated_win`
asks the solver (win in 1) about the position after the block's turns (the shown position
without turns). The win counts as stated when the block says it: a claim 'Behauptung: <side>
gewinnen in 1' for the side to move, or an exercise whose task is that side's win. Blocks
whose last step is refused (`Illegal:`), blocks that end the game, quiz exercises (they ask
about one given move, not about the best one) and blocks the runner could not play are not
asked.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board
from ..pieces import Side
from ..solver import Goal, GoalKind, solve
from .claim import ClaimKind
from .run import Execution
from .syntax import Block
from .task import TaskKind


@dataclass(frozen=True)
class UnstatedWin:
    """A winning turn of the side to move that its block does not state."""

    path: str
    line: int  # the block's last 'Zug:' line (its first line without turns)
    side: Side
    moves: tuple[str, ...]  # every winning turn, in play notation

    @property
    def message(self) -> str:
        """The German note for `tafl check` and the tests."""
        shown = " oder ".join(self.moves[:4]) + (" …" if len(self.moves) > 4 else "")
        return (
            f"danach gewinnen die {self.side.german} sofort mit {shown}, und der Block sagt es "
            f"nicht; 'Behauptung: {self.side.german} gewinnen in 1' ergänzen oder das "
            "Beispiel ändern"
        )

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


def states_win(block: Block, side: Side) -> bool:
    """Whether the block says that `side` (to move after its turns) wins on its next turn."""
    task = block.task.value if block.task is not None else None
    if task is not None and task.kind is TaskKind.WIN and task.side is side:
        return True
    return any(
        c.value.kind is ClaimKind.WIN and c.value.side is side and not c.value.negated
        for c in block.claims
        if c.value.depth == 1
    )


def unstated_win(ex: Execution) -> UnstatedWin | None:
    """The immediate win the side to move has after the block's turns and the block does not
    state (None when it has none, when the block states it, or when the block is not asked:
    see the module text)."""
    block = ex.block
    if ex.aborted or ex.illegal is not None or ex.outcome is not None:
        return None
    if block.task is not None and block.task.value.kind.quiz:
        return None
    position = ex.after
    if states_win(block, position.turn):
        return None
    found = solve(Board(block.variant, position), Goal(GoalKind.WIN, position.turn), 1)
    if not found.moves:
        return None
    line = block.turns[-1].line if block.turns else block.line
    return UnstatedWin(block.path, line, position.turn, found.moves)
