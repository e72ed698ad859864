"""Mine proven puzzles from recorded games and seeded self-play.

Every candidate position is judged by the solver (`tafl_core.solver.solve`): a "win in N"
puzzle is kept only when the side to move wins within N own turns, cannot win faster, and has
at most `--cooked` solving first turns (more teach nothing); a "prevent the win" puzzle only
when the opponent threatens to win at once and at most `--cooked` turns stop it. The result is
a JSON list that `tafl_tools.write_puzzle_pages` turns into the pages under docs/aufgaben/;
the pages' blocks are then checked like every other example.

    python -m tafl_tools.mine_puzzles copenhagen-11 --games data/games/copenhagen_games.csv \
        --want 30 --out /tmp/cph.json
    python -m tafl_tools.mine_puzzles tablut-9 --selfplay 200 --want 10 --out /tmp/tab.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tafl_core.board import Board
from tafl_core.errors import TaflError
from tafl_core.pieces import Kind, Side
from tafl_core.position import Position
from tafl_core.solver import Goal, GoalKind, solve
from tafl_core.solver.expand import turns
from tafl_core.turns import play_turn_text
from tafl_core.variants import Variant, variant

#: The German theme of a puzzle, by the way the game ends (the engine's reason codes).
THEMES = {
    "escape": "Flucht",
    "king-captured": "Königsfang",
    "edge-fort": "Randfestung",
    "encirclement": "Umzingelung",
    "no-moves": "Zugunfähigkeit",
    "repetition": "Zugwiederholung",
}


@dataclass
class Puzzle:
    """A proven puzzle: where it came from and what it asks."""

    variant: str
    grid: str
    side: str  # "Angreifer" | "Verteidiger"
    kind: str  # "win" | "save"
    depth: int
    moves: list[str]
    theme: str
    source: str


def game_positions(
    slug: str, path: Path, skip: int, first_game: int = 1
) -> Iterator[tuple[Board, str]]:
    """Positions of the recorded games (after `skip` half-moves), with their origin."""
    var = variant(slug)
    for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
        if number < first_game:
            continue
        record = line.partition(",")[0].split()  # the moves column of the CSV
        board = Board(var)
        for ply, text in enumerate(record):
            if ply >= skip:
                yield board, f"Partie {number} der Sammlung, nach {_moves(ply)}"
            try:
                play_turn_text(board, text.split("x")[0])  # one step, without its capture marks
            except TaflError:
                break
            if board.outcome is not None:
                break


def selfplay_positions(slug: str, games: int, seed: int, skip: int) -> Iterator[tuple[Board, str]]:
    """Positions of seeded semi-random games: captures and wins preferred half of the time.

    A variant without a sourced start position (Odin) starts from a seeded random placement
    of its sourced piece counts, the king on the centre square; the origin says so.
    """
    var = variant(slug)
    for game in range(games):
        rng = random.Random(seed * 100_003 + game)
        board = Board(var) if var.has_setup else Board(var, _random_start(var, rng))
        for ply in range(300):
            if board.outcome is not None:
                break
            if ply >= skip:
                start = "" if var.has_setup else " aus zufälliger Aufstellung"
                yield board, f"Zufallspartie{start} mit Startwert {seed}-{game}, nach {_moves(ply)}"
            options = []
            lively = []
            for played in turns(board):
                text = played.text(board)
                options.append(text)
                if played.captured or board.outcome is not None:
                    lively.append(text)
            if not options:
                break
            pick = rng.choice(lively if lively and rng.random() < 0.5 else options)
            play_turn_text(board, pick)


def _random_start(var: Variant, rng: random.Random) -> Position:
    """The variant's sourced piece counts on random squares, the king on the centre."""
    pos = var.empty()
    n = pos.size
    centre = (n // 2) * n + n // 2
    counts = var.piece_counts() or Counter()
    free = [s for s in range(n * n) if s != centre and not _restricted(var, s)]
    rng.shuffle(free)
    for piece, count in sorted(counts.items(), key=lambda pc: pc[0].letter):
        for _ in range(count):
            square = centre if piece.kind is Kind.KING else free.pop()
            pos.set_piece(square, piece)
    return pos


def _restricted(var: Variant, square: int) -> bool:
    """The corners: no random piece is put there (the centre is the king's)."""
    n = var.rules.size
    row, col = divmod(square, n)
    return row in (0, n - 1) and col in (0, n - 1)


def _moves(ply: int) -> str:
    """'12 Halbzügen' in words a player reads: '6 Zügen jeder Seite' is wrong for odd plies."""
    return "1 Halbzug" if ply == 1 else f"{ply} Halbzügen"


def judge(board: Board, slug: str, source: str, cooked: int, deep: bool) -> Puzzle | None:
    """The puzzle this position makes, if any (win in 1, win in 2, or prevent the win)."""
    fresh = Board(variant(slug), board.pos.copy())
    if fresh.outcome is not None or fresh.berserker_open:
        return None
    side = fresh.turn
    win1 = solve(fresh, Goal(GoalKind.WIN, side), 1)
    if win1.moves:
        if len(win1.moves) > cooked:
            return None
        return _puzzle(fresh, slug, side, "win", 1, list(win1.moves), source)
    threat = _opponent_wins_at_once(fresh)
    if threat:
        save = solve(fresh, Goal(GoalKind.SAVE, side), 1)
        if 1 <= len(save.moves) <= cooked:
            return Puzzle(
                slug,
                fresh.pos.to_ascii(),
                side.german,
                "save",
                1,
                list(save.moves),
                "Abwehr",
                source,
            )
        return None
    if not deep or not _promising(fresh):
        return None
    win2 = solve(fresh, Goal(GoalKind.WIN, side), 2)
    if win2.depth == 2 and 1 <= len(win2.moves) <= cooked:
        return _puzzle(fresh, slug, side, "win", 2, list(win2.moves), source, win2.tree)
    return None


def _promising(board: Board) -> bool:
    """A cheap filter before the costly win-in-2 proof (it only picks where to look).

    Defenders: the king stands within two squares of the edge. Attackers: at least two of
    them stand beside the king, or one does while the king is on the edge.
    """
    pos = board.pos
    king = pos.king_square()
    if king < 0:
        return board.turn is Side.ATTACKERS
    n = pos.size
    row, col = divmod(king, n)
    edge_distance = min(row, col, n - 1 - row, n - 1 - col)
    if board.turn is Side.DEFENDERS:
        return edge_distance <= 2
    beside = 0
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        r, c = row + dr, col + dc
        if 0 <= r < n and 0 <= c < n and pos.att >> (r * n + c) & 1:
            beside += 1
    return beside >= 2 or (beside == 1 and edge_distance == 0)


def _opponent_wins_at_once(board: Board) -> bool:
    """Would the side not to move win with one turn if it were its turn?"""
    pos = board.pos.copy()
    pos.turn = board.turn.other
    other = Board(board.rules, pos)
    if other.outcome is not None:
        return False
    return bool(solve(other, Goal(GoalKind.WIN, other.turn), 1).moves)


def _puzzle(
    board: Board,
    slug: str,
    side: Side,
    kind: str,
    depth: int,
    moves: list[str],
    source: str,
    tree: dict[str, Any] | None = None,
) -> Puzzle:
    """A win puzzle, its theme read off the ending its first solution reaches."""
    theme = _theme(board, moves[0], tree)
    return Puzzle(slug, board.pos.to_ascii(), side.german, kind, depth, moves, theme, source)


def _theme(board: Board, first: str, tree: dict[str, Any] | None) -> str:
    """How the game ends along the first solution (and the proof's defence)."""
    line = [first]
    if tree is not None:
        node = tree["solutions"][first]
        while "reply" in node and node.get("solutions"):
            line.append(node["reply"])
            nxt = sorted(node["solutions"])[0]
            line.append(nxt)
            node = node["solutions"][nxt]
    probe = Board(board.rules, board.pos.copy())
    for text in line:
        play_turn_text(probe, text)
    if probe.outcome is None:
        return "Sieg"
    return THEMES.get(probe.outcome.reason.value, "Sieg")


def main(argv: list[str] | None = None) -> int:
    """Mine puzzles for one variant and write them as JSON."""
    ap = argparse.ArgumentParser(
        prog="python -m tafl_tools.mine_puzzles", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("variant")
    ap.add_argument("--games", type=Path, help="CSV of recorded games (hnefatafl-rs format)")
    ap.add_argument("--first-game", type=int, default=1, help="first game of the CSV to read")
    ap.add_argument("--selfplay", type=int, default=0, help="number of seeded self-play games")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip", type=int, default=12, help="half-moves to skip at the start")
    ap.add_argument("--want", type=int, default=10)
    ap.add_argument("--per-game", type=int, default=1, help="puzzles at most per game")
    ap.add_argument("--cooked", type=int, default=3, help="most solving first turns allowed")
    ap.add_argument("--max-win1", type=float, default=0.3, help="share of win-in-1 puzzles")
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    if args.games:
        source = game_positions(args.variant, args.games, args.skip, args.first_game)
    else:
        source = selfplay_positions(args.variant, args.selfplay, args.seed, args.skip)
    found: list[Puzzle] = []
    seen: set[str] = set()
    per_game: dict[str, int] = {}
    kinds: dict[str, int] = {}
    start = time.monotonic()
    for board, origin in source:
        if len(found) >= args.want or time.monotonic() - start > args.seconds:
            break
        game = origin.split(", nach")[0]
        if per_game.get(game, 0) >= args.per_game:
            continue
        key = board.pos.to_ascii() + board.turn.value
        if key in seen:
            continue
        seen.add(key)
        win1_full = kinds.get("win1", 0) >= max(1, int(args.want * args.max_win1))
        save_full = kinds.get("save", 0) >= max(1, int(args.want * args.max_win1))
        puzzle = judge(board, args.variant, origin, args.cooked, deep=True)
        if puzzle is None:
            continue
        label = "save" if puzzle.kind == "save" else f"win{puzzle.depth}"
        if (label == "win1" and win1_full) or (label == "save" and save_full):
            continue
        kinds[label] = kinds.get(label, 0) + 1
        per_game[game] = per_game.get(game, 0) + 1
        found.append(puzzle)
        print(f"{len(found):3} {label:5} {puzzle.theme:14} {origin}", file=sys.stderr)
    args.out.write_text(json.dumps([asdict(p) for p in found], ensure_ascii=False, indent=1))
    print(f"{len(found)} puzzles in {time.monotonic() - start:.0f} s: {kinds}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
