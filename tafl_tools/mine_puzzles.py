"""Mine proven puzzles from recorded games, computer matches and seeded random play.

Sources, in the order they are searched:

- ``--games CSV``: the recorded games of people (`data/games/`, hnefatafl-rs, MIT);
- ``--matches``: the published computer matches of the variant (`data/matches/`, the
  files with a level-5 side first);
- ``--selfplay N``: N seeded semi-random games (a variant without a sourced start position
  starts from a seeded random placement; the origin says so); with ``--placement ring`` or
  ``fort`` each starts from a seeded position built around that motif
  (`tafl_tools.motif_placements`: an encirclement or an edge fort one or two turns short).

In a recorded game or a match the miner looks where something happened: before a turn that
shows a motif (a berserker chain, a jump, a capture by shieldwall: a "capture" puzzle on the
piece that turn took) and before the end of the game (the winner's last turn: win in 1; two
and four half-moves earlier: win in 2 and 3; the loser's last turn: prevent the win). In
random play every position is a candidate, as before.

Every candidate is judged by the solver (`tafl_core.solver.solve`): a puzzle is kept only
when the side to move reaches its goal within N own turns, not faster, with at most
`--cooked` solving first turns. Its main line, motifs, ending and difficulty are read off the
proof (`tafl_tools.puzzle_grade`). The result is a JSON list; `python -m
tafl_tools.write_puzzle_pages --add FILE` merges it into `data/puzzles/puzzles.json` and
writes the pages. The commands that made the committed file are in `data/puzzles/README.md`.

    nice -n 10 python -m tafl_tools.mine_puzzles copenhagen-11 \\
        --games data/games/copenhagen_games.csv --matches --want 40 --out /tmp/cph.json
    python -m tafl_tools.mine_puzzles --regrade data/puzzles/puzzles.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tafl_core.board import Board
from tafl_core.captures import CaptureRule, classify
from tafl_core.errors import TaflError
from tafl_core.moves import Move
from tafl_core.pieces import Kind, Side
from tafl_core.position import Position, parse_ascii
from tafl_core.solver import Goal, GoalKind, Solution, solve
from tafl_core.solver.expand import turns
from tafl_core.turns import TurnRecord, play_turn_text
from tafl_core.variants import Variant, variant
from tafl_tools.motif_placements import SHAPES, place
from tafl_tools.puzzle_grade import ENDINGS, read_proof
from tafl_tools.write_puzzle_pages import FIELDS

ROOT = Path(__file__).resolve().parent.parent
MATCH_DIR = ROOT / "data" / "matches"
#: The origins a puzzle can have (the pages name them in German).
ORIGINS = ("game", "match", "random", "setup", "motif")


@dataclass
class Puzzle:
    """A proven puzzle: where it came from, what it asks, what its proof shows."""

    variant: str
    kind: str  # "win" | "save" | "capture"
    side: str  # "Angreifer" | "Verteidiger"
    depth: int
    theme: str
    source: str
    origin: str  # one of ORIGINS
    grid: str
    moves: list[str]  # the solving first turns, the main line's first
    target: str | None = None  # the piece to capture ("capture" puzzles)
    motifs: list[str] = field(default_factory=list)
    line: list[str] = field(default_factory=list)
    difficulty: float = 0.0


@dataclass
class Candidate:
    """A position worth asking the solver about, and what to ask."""

    board: Board
    source: str
    origin: str
    ask: str  # "win" | "save" | "capture"
    depth: int = 1
    target: int = -1
    themed: bool = False  # a motif or a rare ending happened here in the game


# -- the games ------------------------------------------------------------------------------


def recorded_games(slug: str, path: Path) -> Iterator[tuple[str, str, list[str]]]:
    """(origin, label, turns) of every game of a hnefatafl-rs CSV."""
    for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
        record = line.partition(",")[0].split()  # the moves column of the CSV
        yield "game", f"Partie {number} der Sammlung", [t.split("x")[0] for t in record]


def match_games(slug: str, folder: Path = MATCH_DIR) -> Iterator[tuple[str, str, list[str]]]:
    """(origin, label, turns) of every published match game of the variant, level 5 first."""
    files = sorted(folder.glob(f"{slug}-[0-9]-[0-9].json"))
    files.sort(key=lambda p: (not p.stem.endswith(("-5-1", "-5-2", "-5-3", "-5-4")), p.name))
    for path in files:
        doc = json.loads(path.read_text("utf-8"))
        if doc["variant"] != slug:
            continue
        a, b = doc["levels"]
        for rec in doc["records"]:
            label = f"Computerpartie Stufe {a} gegen Stufe {b}, Partie {rec['game'] + 1}"
            yield "match", label, list(rec["opening"]) + list(rec["turns"])


def game_candidates(
    slug: str,
    origin: str,
    label: str,
    record: list[str],
    deepest: int,
    jumps: bool = False,
    motifs: bool = False,
) -> Iterator[Candidate]:
    """The candidates of one game: before each turn with a motif, and before its end.

    With `jumps`, also every position where a jump would take a piece (whether or not the
    game played it); with `motifs`, every piece a jump, a chain or a shieldwall would take.
    """
    targets = _motif_targets if motifs else _jump_targets
    var = variant(slug)
    board = Board(var)
    before: list[Position] = []
    for ply, text in enumerate(record):
        pos = board.pos.copy()
        if (jumps or motifs) and board.outcome is None and not board.berserker_open:
            where = f"{label}, nach {_moves(ply)}"
            for square in targets(Board(var, pos.copy())):
                yield Candidate(Board(var, pos.copy()), where, origin, "capture", 1, square, True)
        try:
            rec = play_turn_text(board, text)
        except TaflError:
            return
        before.append(pos)
        where = f"{label}, nach {_moves(ply)}"
        target = _motif_target(rec)
        if target >= 0:
            yield Candidate(Board(var, pos.copy()), where, origin, "capture", 1, target, True)
        if board.outcome is not None:
            break
    if board.outcome is None or board.outcome.winner is None:
        return
    rare = board.outcome.reason.value in ("edge-fort", "encirclement")
    end = len(before) - 1
    for depth in range(1, deepest + 1):
        ply = end - 2 * (depth - 1)
        if ply >= 0:
            where = f"{label}, nach {_moves(ply)}"
            yield Candidate(Board(var, before[ply].copy()), where, origin, "win", depth, -1, rare)
    if end >= 1:
        where = f"{label}, nach {_moves(end - 1)}"
        yield Candidate(Board(var, before[end - 1].copy()), where, origin, "save")


def _motif_target(rec: TurnRecord) -> int:
    """The square of a piece a turn took by its motif (-1 when it shows none).

    A chain: a piece its second or later step took; a jump: a piece taken at its landing or
    jumped over; a shieldwall: a man of the wall.
    """
    for capture in rec.captures:
        if capture.rule is CaptureRule.SHIELDWALL:
            return capture.square
    if len(rec.moves) > 1:
        first_step = set(_step_captures(rec, 0))
        for square in rec.captured:
            if square not in first_step:
                return square
    if any(m.jump for m in rec.moves) and rec.captured:
        return rec.captured[0]
    return -1


def _step_captures(rec: TurnRecord, step: int) -> list[int]:
    """The squares the step `step` of a turn took (the record keeps them in order)."""
    landing = rec.moves[step].to
    return [c.square for c in rec.captures if c.closing[:1] == (landing,)]


def selfplay_candidates(
    slug: str,
    games: int,
    seed: int,
    skip: int,
    motifs: bool = False,
    placement: str = "",
    plies: int = 300,
    deepest: int = 2,
    first: int = 0,
) -> Iterator[Candidate]:
    """Positions of seeded semi-random games: captures and wins preferred half of the time.

    Every position is asked for a win (in 2 where `_promising`, else in 1) and for each
    capture a jump could make (with `motifs`: also a chain's later step or a shieldwall).

    A variant without a sourced start position (Odin) starts from a seeded random placement
    of its sourced piece counts, the king on the centre square; the origin says so. With
    `placement` 'random', every variant does (motifs its setup rarely reaches: shieldwall);
    with a shape of `tafl_tools.motif_placements` ('ring', 'fort'), each game starts from a
    position built around that motif (origin `motif`), and every position is asked for a win
    in up to `deepest` turns. A game lasts at most `plies` half-moves; the games are numbered
    from `first` (a later game alone is played again the same) to `games` - 1.
    """
    var = variant(slug)
    shaped = placement in SHAPES
    fixed = var.has_setup and not placement
    origin = "motif" if shaped else "random" if fixed else "setup"
    for game in range(first, games):
        rng = random.Random(seed * 100_003 + game)
        if shaped:
            pos, phrase = place(var, placement, rng)
            board = Board(var, pos)
            label = f"Zufallsstellung um {phrase}, Startwert {seed}-{game}"
        else:
            board = Board(var) if fixed else Board(var, _random_start(var, rng))
            start = "" if fixed else " aus zufälliger Aufstellung"
            label = f"Zufallspartie{start} mit Startwert {seed}-{game}"
        for ply in range(plies):
            if board.outcome is not None:
                break
            if ply >= skip:
                where = f"{label}, nach {_moves(ply)}" if ply or not shaped else label
                fresh = Board(var, board.pos.copy())
                depth = deepest if shaped else 2 if _promising(fresh) else 1
                yield Candidate(fresh, where, origin, "win", depth, -1, shaped)
                for target in (_motif_targets if motifs else _jump_targets)(fresh):
                    yield Candidate(fresh, where, origin, "capture", 1, target, True)
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
    beside = sum(1 for n1, _ in board.ctx.geo.steps[king] if n1 >= 0 and pos.att >> n1 & 1)
    return beside >= 2 or (beside == 1 and edge_distance == 0)


def _motif_targets(board: Board) -> list[int]:
    """Pieces a turn with a motif would take: a jump, a chain's later step, a shieldwall."""
    out = _jump_targets(board)
    first: dict[Move, set[int]] = {}
    for played in turns(board):
        if len(played.steps) == 1:
            first[played.steps[0]] = set(played.captured)
            continue
        taken_first = first.get(played.steps[0], set())
        out += [s for s in played.captured if s not in taken_first and s not in out]
    if board.rules.shieldwall:
        for move in board.legal_moves():
            why = classify(board.ctx, board.pos, move)
            walls = [s for s, (rule, _) in why.items() if rule is CaptureRule.SHIELDWALL]
            out += [s for s in walls if s not in out]
    return out


def _jump_targets(board: Board) -> list[int]:
    """Pieces a single jump of the side to move would take (a knight's or a landing's)."""
    out: list[int] = []
    for played in turns(board):
        if len(played.steps) == 1 and played.steps[0].jump and played.captured:
            out += [s for s in played.captured if s not in out]
    return out


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


# -- judging --------------------------------------------------------------------------------


def goal_of(kind: str, side: Side, target: str | None) -> Goal:
    """The solver's goal of a puzzle kind."""
    return Goal(GoalKind(kind), side, target)


def judge(c: Candidate, cooked: int, one_ending: bool = False) -> Puzzle | None:
    """The puzzle the candidate makes, if any: proven, not faster, not cooked.

    With `one_ending`, a win is kept only when every solving first turn ends the game the
    same way (no escape beside the edge fort the puzzle is named after).
    """
    board = c.board
    if board.outcome is not None or board.berserker_open:
        return None
    side = board.turn
    if c.ask != "win" and solve(board, Goal(GoalKind.WIN, side), 1).moves:
        return None  # the side wins at once: asking for less would mislead
    if c.ask == "save":
        if not _opponent_wins_at_once(board):
            return None
        sol = solve(board, Goal(GoalKind.SAVE, side), 1)
        return _made(c, sol, "save", 1, None, cooked)
    if c.ask == "capture":
        target = board.name(c.target)
        sol = solve(board, Goal(GoalKind.CAPTURE, side, target), 1)
        return _made(c, sol, "capture", 1, target, cooked)
    sol = solve(board, Goal(GoalKind.WIN, side), c.depth)
    if sol.depth is None:
        return None
    if sol.depth < c.depth:  # solvable faster: ask for that
        sol = solve(board, Goal(GoalKind.WIN, side), sol.depth)
    return _made(c, sol, "win", sol.depth or 1, None, cooked, one_ending)


def _made(
    c: Candidate,
    sol: Solution,
    kind: str,
    depth: int,
    target: str | None,
    cooked: int,
    one_ending: bool = False,
) -> Puzzle | None:
    """The puzzle of a solution (None when unsolved or cooked); the richest line first.

    A capture puzzle stands for a motif: every solving turn must show the first motif of the
    main line (the one the page names).
    """
    if not 1 <= len(sol.moves) <= cooked or sol.depth != depth:
        return None
    board = c.board
    readings = {m: read_proof(board, sol.tree, m) for m in sol.moves}
    common = set.intersection(*(set(r.motifs) for r in readings.values()))
    if kind == "capture" and not common:
        return None  # some solving turn does without the motif: it teaches something else
    if one_ending and len({r.ending for r in readings.values()}) > 1:
        return None  # the solving turns win in different ways: the theme names only one
    first = max(sol.moves, key=lambda m: (len(readings[m].motifs), -sol.moves.index(m)))
    reading = readings[first]
    if kind == "capture" and reading.motifs[0] not in common:
        return None  # the motif the page names is not what every solving turn does
    if kind == "win":
        theme = ENDINGS.get(reading.ending or "", "Sieg")
    else:
        theme = "Abwehr" if kind == "save" else "Schlagen"
    moves = [first, *[m for m in sol.moves if m != first]]
    return Puzzle(
        board.variant.slug if board.variant else "",
        kind,
        board.turn.german,
        depth,
        theme,
        c.source,
        c.origin,
        board.pos.to_ascii(),
        moves,
        target,
        reading.motifs,
        reading.line,
        reading.difficulty,
    )


def _opponent_wins_at_once(board: Board) -> bool:
    """Would the side not to move win with one turn if it were its turn?"""
    pos = board.pos.copy()
    pos.turn = board.turn.other
    other = Board(board.rules, pos)
    if other.outcome is not None:
        return False
    return bool(solve(other, Goal(GoalKind.WIN, other.turn), 1).moves)


# -- the puzzle file ------------------------------------------------------------------------


def origin_of(source: str) -> str:
    """The origin code of a puzzle's German source text."""
    if source.startswith("Partie"):
        return "game"
    if source.startswith("Computerpartie"):
        return "match"
    if source.startswith("Zufallspartie aus zufälliger Aufstellung"):
        return "setup"
    if source.startswith("Zufallsstellung um"):
        return "motif"
    return "random"


def regrade(puzzles: list[dict[str, Any]], proofs: dict[str, Any]) -> list[dict[str, Any]]:
    """Every puzzle with its origin, main line, motifs, theme and difficulty read off its proof.

    `proofs` maps proof keys (tafl_docs.proof_store) to stored entries; a proof not there is
    made now. The main line starts with the puzzle's first listed turn.
    """
    from tafl_docs.proof_store import proof_key, solution_of

    out = []
    for p in puzzles:
        var = variant(p["variant"])
        side = Side.ATTACKERS if p["side"] == "Angreifer" else Side.DEFENDERS
        pos = parse_ascii(p["grid"], var.rules.size, side)
        aim = goal_of(p["kind"], side, p.get("target"))
        entry = proofs.get(proof_key(var, pos, aim, p["depth"]))
        board = Board(var, pos)
        sol = solution_of(entry) if entry else solve(board, aim, p["depth"])
        reading = read_proof(board, sol.tree, p["moves"][0])
        q = dict(p)
        q["origin"] = origin_of(p["source"])
        q.setdefault("target", None)
        q["motifs"] = reading.motifs
        q["line"] = reading.line
        q["difficulty"] = reading.difficulty
        if p["kind"] == "win":
            q["theme"] = ENDINGS.get(reading.ending or "", "Sieg")
        out.append({f: q[f] for f in FIELDS})
    return out


def mine(args: argparse.Namespace) -> list[Puzzle]:
    """Search the sources in order until `--want` puzzles are found (or time runs out)."""
    found: list[Puzzle] = []
    seen: set[str] = set()
    per_game: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    tags_seen: Counter[str] = Counter()
    start = time.monotonic()
    limit = {"win1": args.max_win1, "save": args.max_save}
    for c in _candidates(args):
        if len(found) >= args.want or time.monotonic() - start > args.seconds:
            break
        game = c.source.split(", nach")[0]
        if args.themed_only and not c.themed:
            continue
        if per_game[game] >= args.per_game:
            continue
        label = c.ask if c.ask != "win" else f"win{c.depth}"
        if not c.themed and label in limit and kinds[label] >= int(args.want * limit[label]):
            continue
        key = c.board.pos.to_ascii() + c.board.turn.value + c.ask + str(c.target)
        if key in seen:
            continue
        seen.add(key)
        try:
            puzzle = judge(c, args.cooked, args.one_ending)
        except TaflError:
            continue
        if puzzle is None:
            continue
        if c.ask == "capture" and not puzzle.motifs:
            continue  # the motif the game showed is not what the solution does
        if args.theme and args.theme not in (puzzle.theme, *puzzle.motifs):
            continue
        if puzzle.kind == "win" and puzzle.depth < args.min_depth:
            continue
        tag = (puzzle.motifs or [puzzle.theme])[0]
        if c.themed and tags_seen[tag] >= args.per_motif:
            continue
        tags_seen[tag] += 1
        label = puzzle.kind if puzzle.kind != "win" else f"win{puzzle.depth}"
        kinds[label] += 1
        per_game[game] += 1
        found.append(puzzle)
        tags = ",".join(puzzle.motifs)
        print(
            f"{len(found):3} {label:7} {puzzle.theme:13} {puzzle.difficulty:5.2f} {tags:20} "
            f"{c.source} ({time.monotonic() - start:.0f} s)",
            file=sys.stderr,
            flush=True,
        )
    print(
        f"{len(found)} puzzles in {time.monotonic() - start:.0f} s: {dict(kinds)}", file=sys.stderr
    )
    return found


def _candidates(args: argparse.Namespace) -> Iterator[Candidate]:
    """Themed candidates of every game first, then the others, then random play."""
    records: list[tuple[str, str, list[str]]] = []
    if args.games:
        records += list(recorded_games(args.variant, args.games))
    if args.matches:
        records += list(match_games(args.variant))
    later: list[Candidate] = []
    for origin, label, record in records:
        found = game_candidates(
            args.variant, origin, label, record, args.deepest, args.jumps, args.motifs
        )
        for c in found:
            if c.themed:
                yield c
            else:
                later.append(c)
    yield from later
    if args.selfplay:
        yield from selfplay_candidates(
            args.variant,
            args.selfplay,
            args.seed,
            args.skip,
            args.motifs,
            args.placement or "",
            args.plies,
            args.deepest,
        )


def main(argv: list[str] | None = None) -> int:
    """Mine puzzles for one variant and write them as JSON (or regrade the puzzle file)."""
    ap = argparse.ArgumentParser(
        prog="python -m tafl_tools.mine_puzzles", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("variant", nargs="?")
    ap.add_argument("--games", type=Path, help="CSV of recorded games (hnefatafl-rs format)")
    ap.add_argument("--matches", action="store_true", help="the match games in data/matches/")
    ap.add_argument("--jumps", action="store_true", help="every capture a jump could make")
    ap.add_argument("--motifs", action="store_true", help="random play: every motif capture")
    ap.add_argument("--themed-only", action="store_true", help="only where a motif is possible")
    ap.add_argument("--selfplay", type=int, default=0, help="number of seeded self-play games")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--placement",
        nargs="?",
        const="random",
        choices=("random", *SHAPES),
        help="self-play from random placements (random) or from positions built around a motif",
    )
    ap.add_argument("--skip", type=int, default=12, help="half-moves to skip in self-play")
    ap.add_argument("--plies", type=int, default=300, help="half-moves per self-play game")
    ap.add_argument("--deepest", type=int, default=2, help="deepest win asked before an end")
    ap.add_argument("--min-depth", type=int, default=1, help="keep only wins in at least N")
    ap.add_argument("--want", type=int, default=10)
    ap.add_argument("--per-game", type=int, default=2, help="puzzles at most per game")
    ap.add_argument("--per-motif", type=int, default=8, help="themed puzzles at most per motif")
    ap.add_argument("--cooked", type=int, default=3, help="most solving first turns allowed")
    ap.add_argument(
        "--one-ending", action="store_true", help="wins: every solving turn ends the same way"
    )
    ap.add_argument("--max-win1", type=float, default=0.4, help="share of win-in-1 puzzles")
    ap.add_argument("--max-save", type=float, default=0.2, help="share of prevent puzzles")
    ap.add_argument("--theme", help="keep only puzzles with this theme or motif (e.g. Umzingelung)")
    ap.add_argument("--seconds", type=float, default=900)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--regrade", type=Path, help="fill origin, line, motifs, difficulty in FILE")
    args = ap.parse_args(argv)
    if args.regrade:
        from tafl_docs.proof_store import read_folder

        proofs: dict[str, Any] = {}
        for entries in read_folder().values():
            proofs.update(entries)
        puzzles = regrade(json.loads(args.regrade.read_text("utf-8")), proofs)
        text = json.dumps(puzzles, ensure_ascii=False, indent=1) + "\n"
        args.regrade.write_text(text, "utf-8")
        return 0
    if not args.variant or not args.out:
        ap.error("VARIANT und --out sind nötig (oder --regrade DATEI)")
    found = mine(args)
    args.out.write_text(json.dumps([asdict(p) for p in found], ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
