"""A slow, plain minimax solver for tests, independent of `tafl_core.solver`.

It plays on `tests/slow_perft.Game` (its own move generator and captures, sharing nothing
with the engine but the variant files) and adds, from the rule texts, what the solver needs
beyond perft: the shieldwall (strict reading: the closing move takes the row), the edge
fort (the axis test of the Copenhagen card), encirclement and the side left without a move.
No transposition table, no filters, no move ordering: every turn (berserker chains with
every point where they may end) is tried. Repetition is left out: the held-out positions
are fresh (no history) and the search stays within three half-moves, where no position can
come back three times.

`python -m tests.slow_solver --write` makes `tests/data/solver_positions.toml`: seeded
random playouts of each variant, keeping positions that pose a task (win in 1, win in 2
but not in 1, a threat to save against) with the answers of this solver.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from tests.slow_perft import DIRS, Game

if TYPE_CHECKING:  # the engine only for the playouts; the solver here is independent of it
    import random

    from tafl_core import Board

Board = dict[tuple[int, int], str]
Sq = tuple[int, int]
#: (turn text, board after the turn, winner 'A', 'D', 'draw' or None)
Turn = tuple[str, Board, str | None]

DATA = Path(__file__).parent / "data" / "solver_positions.toml"
VARIANTS = [
    "brandub-7",
    "tablut-9",
    "standard-tablut-9",
    "fetlar-11",
    "tawlbwrdd-11",
    "copenhagen-11",
    "berserk-11",
    "tyr-11",
]
FILES = "abcdefghijklmnopqrs"


class SolverGame(Game):
    """`Game` with whole turns, the endings checked after a turn, and the shieldwall."""

    def name(self, sq: Sq) -> str:
        return f"{FILES[sq[0]]}{sq[1] + 1}"

    def step_text(self, move: tuple) -> str:
        mark = "^" if len(move) == 3 else "-"
        return f"{self.name(move[0])}{mark}{self.name(move[1])}"

    def edge(self, sq: Sq) -> bool:
        return sq[0] in (0, self.n - 1) or sq[1] in (0, self.n - 1)

    # -- captures: the shieldwall on top of the custodial ones -------------------------

    def play(self, board: Board, move: tuple) -> tuple[Board, str | None, int]:
        after, winner, taken = super().play(board, move)
        if self.rule("shieldwall", False) and winner is None:
            wall = self.shieldwall(after, move[1])
            for sq in wall:
                del after[sq]
            taken += len(wall)
        return after, winner, taken

    def shieldwall(self, board: Board, to: Sq) -> list[Sq]:
        """Men of a row of two or more on the edge, each faced from inside by a piece of the
        mover, closed at the far end by another of his pieces or an empty corner and at this
        end by the piece that just landed on `to`. A king in the row stays."""
        if not self.edge(to) or (board[to] == "K" and not self.rule("king_armed", True)):
            return []
        me = self.side(board[to])
        x, y = to
        n = self.n
        if y == 0:
            inward, along = (0, 1), [(1, 0), (-1, 0)]
        elif y == n - 1:
            inward, along = (0, -1), [(1, 0), (-1, 0)]
        elif x == 0:
            inward, along = (1, 0), [(0, 1), (0, -1)]
        else:
            inward, along = (-1, 0), [(0, 1), (0, -1)]
        out = []
        for dx, dy in along:
            row = []
            sq = (x + dx, y + dy)
            while self.on(sq) and sq in board and self.side(board[sq]) != me:
                front = (sq[0] + inward[0], sq[1] + inward[1])
                if front not in board or self.side(board[front]) != me:
                    row = []
                    break
                row.append(sq)
                sq = (sq[0] + dx, sq[1] + dy)
            if len(row) < 2 or not self.on(sq):
                continue
            closer = board.get(sq)
            closes = (
                closer is not None
                and self.side(closer) == me
                and (closer != "K" or bool(self.rule("king_armed", True)))
            ) or (closer is None and sq in self.corners)
            if closes:
                out += [s for s in row if board[s] != "K"]
        return out

    # -- the endings judged when a turn is over ------------------------------------------

    def after_turn(self, board: Board, mover: str) -> str | None:
        """The winner ('draw' for a drawn game) after `mover` finished a turn, or None."""
        if mover == "A" and self.rule("encirclement", False) and self.encircled(board):
            return "A"
        if mover == "D" and self.rule("edge_fort", False) and self.edge_fort(board):
            return "D"
        other = "D" if mover == "A" else "A"
        if not self.can_move(board, other):
            return mover if self.rule("no_moves", "loses") == "loses" else "draw"
        return None

    def can_move(self, board: Board, turn: str) -> bool:
        """Whether `turn` has any step (stops at the first piece that has one)."""
        return any(self.piece_moves(board, sq) for sq, ch in board.items() if self.side(ch) == turn)

    def encircled(self, board: Board) -> bool:
        """No defender (the king included) reaches the edge over squares free of attackers."""
        todo = [sq for sq, ch in board.items() if self.side(ch) == "D"]
        seen = set(todo)
        while todo:
            sq = todo.pop()
            if self.edge(sq):
                return False
            for dx, dy in DIRS:
                nxt = (sq[0] + dx, sq[1] + dy)
                if self.on(nxt) and nxt not in seen and self.side(board.get(nxt, "D")) == "D":
                    seen.add(nxt)
                    todo.append(nxt)
        return True

    def edge_fort(self, board: Board) -> bool:
        """The king on the edge, able to move, walled in by defenders who can never be
        taken (the Copenhagen card's axis test, as a greatest fixed point)."""
        king = next((sq for sq, ch in board.items() if ch == "K"), None)
        if king is None or not self.edge(king):
            return False
        if not any(len(m) == 2 for m in self.piece_moves(board, king)):
            return False
        inside = {king}
        todo = [king]
        while todo:
            sq = todo.pop()
            for dx, dy in DIRS:
                nxt = (sq[0] + dx, sq[1] + dy)
                if not self.on(nxt) or nxt in inside:
                    continue
                if nxt not in board:
                    inside.add(nxt)
                    todo.append(nxt)
                elif self.side(board[nxt]) == "A":
                    return False  # an attacker in the wall: no fort
        wall = {
            (sq[0] + dx, sq[1] + dy)
            for sq in inside
            for dx, dy in DIRS
            if (sq[0] + dx, sq[1] + dy) in board and (sq[0] + dx, sq[1] + dy) not in inside
        }
        if any(self.side(board[sq]) == "A" for sq in wall):
            return False
        never = self.corners | (
            {self.throne} if self.throne and self.throne not in board else set()
        )
        shelter = inside - never
        safe = {sq for sq, ch in board.items() if ch == "V" or ch in "cbr"}
        safe = {sq for sq in safe if self.side(board[sq]) == "D"}
        changed = True
        while changed:
            changed = False
            for sq in sorted(safe):
                ok = True
                for (ax, ay), (bx, by) in (((1, 0), (-1, 0)), ((0, 1), (0, -1))):
                    a = (sq[0] + ax, sq[1] + ay)
                    b = (sq[0] + bx, sq[1] + by)
                    if not all(self.on(p) for p in (a, b)):
                        continue
                    if any(p in shelter or p in safe or p == king for p in (a, b)):
                        continue
                    ok = False
                if not ok:
                    safe.discard(sq)
                    changed = True
        return all(sq in safe for sq in wall)

    # -- whole turns ---------------------------------------------------------------------

    def turns(self, board: Board, turn: str) -> Iterator[Turn]:
        """Every turn of `turn`: each step, and every way a berserker chain may go on."""
        yield from self._turns(board, turn, None, "")

    def _turns(self, board: Board, turn: str, chain: Sq | None, before: str) -> Iterator[Turn]:
        for move, (after, taken), winner in self.steps(board, turn, chain):
            text = before + self.step_text(move)
            if winner is not None:
                yield text, after, winner
                continue
            if self.rule("berserker", False) and taken and self.steps(after, turn, move[1]):
                yield text, after, self.after_turn(after, turn)
                yield from self._turns(after, turn, move[1], text + ",")
            else:
                yield text, after, self.after_turn(after, turn)

    # -- the search ------------------------------------------------------------------------

    def wins(self, board: Board, me: str, n: int) -> bool:
        """`me` to move wins within n own turns."""
        return any(
            self.turn_wins(after, winner, me, n) for _, after, winner in self.turns(board, me)
        )

    def turn_wins(self, after: Board, winner: str | None, me: str, n: int) -> bool:
        """After a turn of `me`: won, or (turns left) every reply leaves a win."""
        if winner is not None:
            return winner == me
        if n <= 1:
            return False
        other = "D" if me == "A" else "A"
        for _, reply, won in self.turns(after, other):
            if won == me:
                continue
            if won is not None or not self.wins(reply, me, n - 1):
                return False
        return True

    def winning_turns(self, board: Board, me: str, n: int) -> list[str]:
        """Every first turn of `me` that wins within n own turns, sorted."""
        return sorted(
            text
            for text, after, winner in self.turns(board, me)
            if self.turn_wins(after, winner, me, n)
        )

    def saving_turns(self, board: Board, me: str) -> list[str]:
        """Every turn of `me` after which the opponent has no winning turn."""
        other = "D" if me == "A" else "A"
        out = []
        for text, after, winner in self.turns(board, me):
            if winner is not None:
                if winner != other:
                    out.append(text)
                continue
            if not any(won == other for _, _, won in self.turns(after, other)):
                out.append(text)
        return sorted(out)


def grid_board(grid: str) -> Board:
    """A board from an ASCII grid (top rank first, '.' empty)."""
    rows = [row.split() for row in grid.strip().splitlines()]
    n = len(rows)
    return {
        (f, n - 1 - i): ch for i, row in enumerate(rows) for f, ch in enumerate(row) if ch != "."
    }


def answer(slug: str, grid: str, turn: str, task: str, depth: int) -> list[str]:
    """The slow solver's answer: winning (task 'win') or saving (task 'save') first turns."""
    game = SolverGame(slug)
    board = grid_board(grid)
    me = "A" if turn == "attackers" else "D"
    if task == "save":
        return game.saving_turns(board, me)
    return game.winning_turns(board, me, depth)


# -- making the held-out positions (python -m tests.slow_solver --write) -----------------

#: positions kept per variant and kind of task
PER_KIND = {"win1": 2, "win2": 2, "save": 2}


def king_leaning_step(board: Board, rng: random.Random) -> bool:
    """Play one random turn on an engine `Board` (False when the game is over or stuck).

    Half of the defenders' turns move the king (when he can move), so that he comes near
    the edge as often as in real games; a berserker chain ends after its first step.
    """
    from tafl_core import Side

    moves = board.legal_moves()
    if board.outcome is not None or not moves:
        return False
    k = board.pos.king_square()
    kings = [m for m in moves if m.frm == k]
    if board.turn is Side.DEFENDERS and kings and rng.random() < 0.5:
        moves = kings
    board.push_unchecked(rng.choice(moves))
    while board.berserker_open and board.outcome is None:
        board.end_turn()
    return True


def _playout_positions(slug: str, seed: int) -> Iterator[tuple[str, str]]:
    """(grid, side to move) along one seeded random game of the variant (engine moves).

    Half of the defenders' turns move the king (when he can move), so that he comes near
    the edge as often as in real games; everything else is uniformly random.
    """
    import random

    from tafl_core import Board
    from tafl_core import variant as get_variant

    rng = random.Random(f"{slug}/{seed}")
    board = Board(get_variant(slug))
    for _ in range(rng.randrange(20, 140)):
        if not king_leaning_step(board, rng):
            return
        if board.outcome is None:
            yield board.pos.to_ascii(coordinates=False), board.turn.value


def find_tasks(slug: str) -> list[dict[str, object]]:
    """Positions of the variant posing each kind of task, with the slow solver's answers.

    The engine's solver only picks the candidates (it is fast); the answers stored are this
    module's.
    """
    from tafl_core import Board, Side, parse_ascii
    from tafl_core import variant as get_variant
    from tafl_core.solver import Goal, GoalKind, solve

    v = get_variant(slug)
    found: dict[str, list[dict[str, object]]] = {kind: [] for kind in PER_KIND}
    seed = 0
    while any(len(found[k]) < PER_KIND[k] for k in PER_KIND) and seed < 400:
        for grid, turn in _playout_positions(slug, seed):
            side = Side(turn)
            board = Board(v, parse_ascii(grid, v.rules.size, side))
            kind = None
            if (
                len(found["win1"]) < PER_KIND["win1"]
                and solve(board, Goal(GoalKind.WIN, side), 1).depth
            ):
                kind, task, depth = "win1", "win", 1
            elif (
                len(found["win2"]) < PER_KIND["win2"]
                and solve(board, Goal(GoalKind.WIN, side), 2).depth == 2
            ):
                kind, task, depth = "win2", "win", 2
            elif len(found["save"]) < PER_KIND["save"]:
                saves = solve(board, Goal(GoalKind.SAVE, side), 1).moves
                if saves and len(saves) < len(board.legal_moves()):
                    kind, task, depth = "save", "save", 1
            if kind is None:
                continue
            found[kind].append(
                {
                    "variant": slug,
                    "task": task,
                    "depth": depth,
                    "turn": turn,
                    "origin": f"seed {seed}, random playout",
                    "grid": grid,
                    "moves": answer(slug, grid, turn, task, depth),
                }
            )
            break  # one position per playout
        seed += 1
    return [case for kind in PER_KIND for case in found[kind]]


def to_toml(cases: list[dict[str, object]]) -> str:
    """The cases as TOML (strings, ints, string lists, a multi-line grid)."""
    out = [
        "# Held-out positions for tests/core/test_solver_independent.py, made by",
        "# `python -m tests.slow_solver --write` (seeded random playouts of each variant;",
        "# `moves` are the answers of tests/slow_solver.py). Do not edit by hand.",
    ]
    for case in cases:
        out.append("")
        out.append("[[position]]")
        for key in ("variant", "task", "depth", "turn", "origin"):
            value = case[key]
            out.append(f"{key} = {value}" if isinstance(value, int) else f'{key} = "{value}"')
        out.append(f'grid = """\n{case["grid"]}\n"""')
        moves = case["moves"]
        assert isinstance(moves, list)
        out.append("moves = [" + ", ".join(f'"{m}"' for m in moves) + "]")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    """Write (with --write) or print the held-out positions."""
    cases = []
    for slug in VARIANTS:
        found = find_tasks(slug)
        print(f"{slug}: {len(found)} positions", file=sys.stderr)
        cases += found
    text = to_toml(cases)
    if "--write" in argv:
        DATA.write_text(text, "utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
