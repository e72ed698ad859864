"""The search: a computer opponent and analysis for every variant, levels 1 to 5.

`suggest(board, level, seed=0)` returns a `Suggestion` (turn, principal line, score,
depth, nodes). Iterative deepening negamax with alpha-beta, a transposition table, move
ordering (table turn, wins, captures, killers, history) and a quiescence step on captures
and escape threats (`alphabeta.py`); the evaluation from the rule set (`evaluate.py`); the
guarantees of levels 2 to 5 about wins in one turn (`tactics.py`, with the solver's
immediate-win filters); the levels (`levels.py`).
"""

from .evaluate import WIN, evaluate
from .levels import LEVELS, MAX_LEVEL, MIN_LEVEL, Level
from .suggest import Suggestion, suggest

__all__ = ["LEVELS", "MAX_LEVEL", "MIN_LEVEL", "WIN", "Level", "Suggestion", "evaluate", "suggest"]
