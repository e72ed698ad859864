"""The task solver: all first turns that reach a goal within N own turns, proven.

`solve(board, Goal(GoalKind.WIN, Side.DEFENDERS), 2)` returns a `Solution` with every
solving first turn, the smallest depth and the answer tree. Exhaustive AND/OR search over
whole turns (berserker chains included) with a transposition table; see `search.py` for
how repetition and the table go together.
"""

from .goals import Goal, GoalKind
from .solution import MAX_DEPTH, Solution, solve

__all__ = ["MAX_DEPTH", "Goal", "GoalKind", "Solution", "solve"]
