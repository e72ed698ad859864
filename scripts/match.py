"""Match runner: two playing levels against each other, results with 95 % intervals.

Each pair of games starts from the same opening, a few seeded random turns
(--opening plies), with the levels' colours swapped, so both levels play both sides of
every opening. Turns come from `tafl_core.search.suggest` with a seed per game and ply;
without --zeit only the levels' node budgets limit the search, so a match is
reproducible move for move (the same command gives the same games). A game that reaches
--max-plies half-moves without an ending counts as a draw ("Zuglimit").

    PYTHONPATH=$PWD python scripts/match.py --variant brandub-7 --levels 3,1 --games 10
    PYTHONPATH=$PWD python scripts/match.py --variant copenhagen-11 --levels 5,1 \
        --games 400 --jobs 2 --json --out data/matches/copenhagen-11-5-1.json

    PYTHONPATH=$PWD python scripts/match.py --plan --jobs 2   # the published set
    PYTHONPATH=$PWD python scripts/computer_page.py          # then the page's tables

--jobs N plays the games on N processes; every game's opening and seeds depend on its
number only, so the games are the same for any N. With --out every finished game is also
appended to a journal (OUT.teil) and a lock (.OUT.lock) is held: a stopped match started
again with the same command resumes where it stopped, and a second run of the same match
refuses to start. --plan plays every published match whose file in data/matches/ is
missing (one file per match, VARIANTE-A-B.json); several --plan runs may work side by side.
--stand shows the games so far of the matches still being played; --zwischenstand writes
the file of each unfinished planned match from its journal ("planned" above "games"), and
--plan goes on with such a match (also in a fresh clone, where the journal is missing: it
starts again from the file's games).

Printed: wins of each level (and draws), the first level's score rate with its Wilson
95 % interval, the same split by the side it played, the attackers' win rate over all
games (a balance figure), average length and time per turn of each level.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import math
import random
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tafl_core import Board, Side, all_variants, variant  # noqa: E402
from tafl_core.search import LEVELS, suggest  # noqa: E402
from tafl_core.search.turns import list_turns, play, text  # noqa: E402
from tafl_core.turns import play_turn_text  # noqa: E402

#: The time budget that stands for "none": the node budgets alone limit the search.
NO_CLOCK = 3600.0


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of the proportion k/n (95 % for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Game:
    """One game: its opening, who played which side, the turns and the result."""

    number: int
    a_side: Side
    opening: list[str]
    turns: list[str] = field(default_factory=list)
    winner: Side | None = None
    reason: str = "Zuglimit"

    def a_result(self) -> float:
        """1 when the first level won, 0 when it lost, 0.5 for a draw."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner is self.a_side else 0.0


def opening(slug: str, plies: int, rng: random.Random) -> list[str]:
    """`plies` random turns from the start (re-drawn until the game is still open)."""
    while True:
        board = Board(variant(slug))
        out = []
        for _ in range(plies):
            turns = list_turns(board)
            if not turns:
                break
            turn = rng.choice(turns)
            out.append(text(board, turn))
            play(board, turn)
        if board.outcome is None:
            return out


def play_game(
    slug: str,
    number: int,
    levels: tuple[int, int],
    a_side: Side,
    first: list[str],
    max_plies: int,
    seconds: float,
    clock: dict[int, list[float]],
) -> Game:
    """Play one game from the opening; the first level plays `a_side`."""
    game = Game(number, a_side, first)
    board = Board(variant(slug))
    for turn in first:
        play_turn_text(board, turn)
    for ply in range(len(first), max_plies):
        if board.outcome is not None:
            break
        level = levels[0] if board.turn is a_side else levels[1]
        got = suggest(board, level, seed=number * 1000 + ply, seconds=seconds)
        clock.setdefault(level, []).append(got.seconds)
        game.turns.append(got.move)
        play_turn_text(board, got.move)
    if board.outcome is not None:
        game.winner = board.outcome.winner
        game.reason = board.outcome.reason.value
    return game


def summary(
    slug: str, levels: tuple[int, int], games: list[Game], clock: dict[int, list[float]]
) -> dict[str, Any]:
    """The figures of a match as a JSON-able document."""
    n = len(games)
    a_score = sum(g.a_result() for g in games)
    a_wins = sum(1 for g in games if g.a_result() == 1.0)
    b_wins = sum(1 for g in games if g.a_result() == 0.0)
    by_side = {}
    for side in Side:
        part = [g for g in games if g.a_side is side]
        s = sum(g.a_result() for g in part)
        by_side[side.value] = {
            "games": len(part),
            "a_score": s,
            "a_rate": s / len(part) if part else None,
            "a_ci": wilson(s, len(part)),
        }
    att = sum(1 for g in games if g.winner is Side.ATTACKERS)
    dfn = sum(1 for g in games if g.winner is Side.DEFENDERS)
    return {
        "variant": slug,
        "levels": list(levels),
        "games": n,
        "a_wins": a_wins,
        "b_wins": b_wins,
        "draws": n - a_wins - b_wins,
        "a_score": a_score,
        "a_rate": a_score / n if n else None,
        "a_ci": wilson(a_score, n),
        "a_by_side": by_side,
        "attackers_wins": att,
        "defenders_wins": dfn,
        "attackers_rate": att / n if n else None,
        "attackers_ci": wilson(att, n),
        "defenders_rate": dfn / n if n else None,
        "defenders_ci": wilson(dfn, n),
        "reasons": {
            r: sum(1 for g in games if g.reason == r) for r in sorted({g.reason for g in games})
        },
        "mean_plies": sum(len(g.opening) + len(g.turns) for g in games) / n if n else 0,
        "seconds_per_turn": {
            str(lv): {
                "mean": sum(t) / len(t),
                "max": max(t),
            }
            for lv, t in sorted(clock.items())
        },
        "records": [game_record(g) for g in games],
    }


def game_record(game: Game) -> dict[str, Any]:
    """A game as the match file and the journal keep it."""
    return {
        "game": game.number,
        "a_side": game.a_side.value,
        "opening": game.opening,
        "turns": game.turns,
        "winner": game.winner.value if game.winner else None,
        "reason": game.reason,
    }


def game_from_record(rec: dict[str, Any]) -> Game:
    """The game of a record written by `game_record`."""
    game = Game(rec["game"], Side(rec["a_side"]), rec["opening"], rec["turns"])
    game.winner = Side(rec["winner"]) if rec["winner"] else None
    game.reason = rec["reason"]
    return game


def pct(x: float | None) -> str:
    """A rate as a German percentage."""
    return "–" if x is None else f"{100 * x:.0f} %"


def ci(pair: tuple[float, float]) -> str:
    """A Wilson interval in percent."""
    return f"[{100 * pair[0]:.0f} %, {100 * pair[1]:.0f} %]"


def report(doc: dict[str, Any]) -> list[str]:
    """The German text report of a match."""
    a, b = doc["levels"]
    if a == b:
        a, b = f"{a} (A)", f"{b} (B)"
    side_words = {"attackers": "als Angreifer", "defenders": "als Verteidiger"}
    lines = [
        f"{doc['variant']}: Stufe {a} gegen Stufe {b}, {doc['games']} Partien",
        f"  Siege Stufe {a}: {doc['a_wins']}, Siege Stufe {b}: {doc['b_wins']}, "
        f"Remis: {doc['draws']}",
        f"  Punkte Stufe {a}: {pct(doc['a_rate'])} {ci(doc['a_ci'])} (Wilson, 95 %)",
    ]
    for side, part in doc["a_by_side"].items():
        lines.append(
            f"    {side_words[side]}: {pct(part['a_rate'])} {ci(part['a_ci'])} "
            f"aus {part['games']} Partien"
        )
    lines.append(
        f"  Angreifer gewinnen {pct(doc['attackers_rate'])} {ci(doc['attackers_ci'])}, "
        f"Verteidiger {doc['defenders_wins']} von {doc['games']}"
    )
    lines.append(f"  Enden: {doc['reasons']}; im Mittel {doc['mean_plies']:.0f} Halbzüge")
    for lv, t in doc["seconds_per_turn"].items():
        lines.append(
            f"  Stufe {lv}: {t['mean']:.3f} s je Zug im Mittel, höchstens {t['max']:.2f} s"
        )
    return lines


def run_game(
    task: tuple[str, tuple[int, int], int, int, int, int, float],
) -> tuple[Game, dict[int, list[float]]]:
    """Play game number `g` of a match (its opening and seeds depend on `g` alone)."""
    slug, levels, seed, plies, g, max_plies, seconds = task
    pair_rng = random.Random(f"{seed}:{slug}:{g // 2}")
    first = opening(slug, plies, pair_rng)
    a_side = Side.ATTACKERS if g % 2 == 0 else Side.DEFENDERS
    clock: dict[int, list[float]] = {}
    game = play_game(slug, g, levels, a_side, first, max_plies, seconds, clock)
    return game, clock


def play_match(
    slug: str,
    levels: tuple[int, int],
    games: int,
    *,
    seed: int = 1,
    plies: int = 4,
    max_plies: int = 300,
    seconds: float | None = None,
    jobs: int = 1,
    quiet: bool = False,
    journal: Path | None = None,
) -> dict[str, Any]:
    """Play a match and return its figures (`summary`), on `jobs` processes.

    Every game's opening and seeds depend on its number only, so the games are the same
    for any `jobs` (without a time budget). With `journal` every finished game is appended
    to that file as it ends, and the games found there are not played again: a stopped
    match resumes.
    """
    started = time.perf_counter()
    a = levels[0]
    log = None
    played, clock = read_journal(journal, games) if journal is not None else ([], {})
    if journal is not None:
        journal.parent.mkdir(parents=True, exist_ok=True)
        log = journal.open("a", encoding="utf-8")
    done = {g.number for g in played}
    tasks = [
        (slug, levels, seed, plies, g, max_plies, seconds or NO_CLOCK)
        for g in range(games)
        if g not in done
    ]

    def note(game: Game, times: dict[int, list[float]]) -> None:
        played.append(game)
        for lv, t in times.items():
            clock.setdefault(lv, []).extend(t)
        if log is not None:
            rec = {**game_record(game), "clock": {str(lv): t for lv, t in times.items()}}
            log.write(json.dumps(rec, ensure_ascii=False) + "\n")
            log.flush()
        # progress on standard error, also with --json
        if quiet:
            return
        who = "–" if game.winner is None else game.winner.value
        role = "Angreifer" if game.a_side is Side.ATTACKERS else "Verteidiger"
        print(
            f"  Partie {game.number + 1}: Stufe {a} {role}, Sieger {who} ({game.reason}), "
            f"{len(game.opening) + len(game.turns)} Halbzüge",
            file=sys.stderr,
            flush=True,
        )

    try:
        if jobs > 1:
            import multiprocessing

            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                for game, times in pool.imap_unordered(run_game, tasks):
                    note(game, times)
        else:
            for task in tasks:
                note(*run_game(task))
    finally:
        if log is not None:
            log.close()
    doc = match_doc(slug, levels, games, played, clock, seed, plies, max_plies, seconds)
    doc["seconds"] = round(time.perf_counter() - started, 1)
    return doc


def match_doc(
    slug: str,
    levels: tuple[int, int],
    planned: int,
    played: list[Game],
    clock: dict[int, list[float]],
    seed: int = 1,
    plies: int = 4,
    max_plies: int = 300,
    seconds: float | None = None,
) -> dict[str, Any]:
    """The JSON document of a match: `summary` of the games played, the number planned
    (more than played: a match published part-way, see --zwischenstand) and the settings."""
    played = sorted(played, key=lambda g: g.number)
    doc = summary(slug, levels, played, clock)
    doc["planned"] = planned
    doc["settings"] = {
        "seed": seed,
        "opening_plies": plies,
        "max_plies": max_plies,
        "seconds": seconds,
        "levels": {str(lv): asdict(LEVELS[lv]) for lv in sorted(set(levels))},
    }
    return doc


def read_journal(journal: Path, games: int) -> tuple[list[Game], dict[int, list[float]]]:
    """The games (numbers below `games`) and turn times written to a journal so far."""
    played: list[Game] = []
    clock: dict[int, list[float]] = {}
    if not journal.exists():
        return played, clock
    for raw in journal.read_text(encoding="utf-8").splitlines():
        if not raw.strip():
            continue
        rec = json.loads(raw)
        game = game_from_record(rec)
        if game.number < games:
            played.append(game)
            for lv, t in rec.get("clock", {}).items():
                clock.setdefault(int(lv), []).extend(t)
    return played, clock


def is_complete(path: Path) -> bool:
    """Whether the match file `path` holds every game it planned (older files: always)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    return bool(doc["games"] >= doc.get("planned", doc["games"]))


def journal_from_file(path: Path, part: Path) -> None:
    """Start the journal of a match published part-way from its file's game records, so
    that a fresh clone resumes it (journals are not committed)."""
    if part.exists():
        return
    doc = json.loads(path.read_text(encoding="utf-8"))
    with part.open("w", encoding="utf-8") as log:
        for rec in doc["records"]:
            log.write(json.dumps({**rec, "clock": {}}, ensure_ascii=False) + "\n")


#: The two variants measured in full (each level against the ones below it).
MAIN_VARIANTS = ("copenhagen-11", "brandub-7")
#: Where the published match files go (one per match: VARIANTE-A-B.json).
MATCH_DIR = ROOT / "data" / "matches"


def plan() -> list[tuple[str, tuple[int, int], int]]:
    """The published set: (variant, levels, games), the long runs first.

    Copenhagen 11×11 and Brandub 7×7: level 5 against level 1 in 400 games, against
    levels 2, 3, 4 and each level against the one below in 40; every other variant:
    level 3 against itself (balance) in 20 games and level 5 against level 1 in 10 (not
    Odin: it has no sourced start position).
    The main variants also get level 3 against itself in 40 games.
    """
    out: list[tuple[str, tuple[int, int], int]] = [(s, (5, 1), 400) for s in MAIN_VARIANTS]
    for slug in sorted(MAIN_VARIANTS, key=lambda s: variant(s).rules.size):  # quick ones first
        out += [(slug, (a, a - 1), 40) for a in (2, 3, 4)]
        out += [(slug, (5, b), 40) for b in (4, 3, 2)]
        out.append((slug, (3, 3), 40))
    for slug, v in all_variants().items():
        # a variant without a sourced start position (Odin) has no games to play
        if slug not in MAIN_VARIANTS and v.has_setup:
            out += [(slug, (3, 3), 20), (slug, (5, 1), 10)]
    return out


def match_path(slug: str, levels: tuple[int, int], folder: Path = MATCH_DIR) -> Path:
    """The file of one match."""
    return folder / f"{slug}-{levels[0]}-{levels[1]}.json"


def lock_path(out: Path) -> Path:
    """The lock file of a match being written to `out` (held while it is played)."""
    return out.with_name(f".{out.stem}.lock")


def take_lock(lock: IO[str]) -> bool:
    """Hold the lock file `lock` (open) for this process; False if another run holds it."""
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def journal_path(out: Path) -> Path:
    """The journal of a match being written to `out` (deleted when the match is done)."""
    return out.with_name(out.name + ".teil")


def publish_partial(folder: Path = MATCH_DIR) -> list[Path]:
    """Write the file of every planned match that has a journal, from the games played so
    far ("games" < "planned"); the journal stays, so the match can go on."""
    written = []
    for slug, levels, games in plan():
        path = match_path(slug, levels, folder)
        part = journal_path(path)
        if not part.exists() or (path.exists() and is_complete(path)):
            continue
        played, clock = read_journal(part, games)
        if not played:
            continue
        doc = match_doc(slug, levels, games, played, clock)
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    return written


def progress(folder: Path = MATCH_DIR) -> list[str]:
    """One line per match still being played: games so far from its journal, the score."""
    lines = []
    for part in sorted(folder.glob("*.teil")):
        played, _ = read_journal(part, sys.maxsize)
        n = len(played)
        won = sum(1 for g in played if g.winner is not None and g.winner is g.a_side)
        drawn = sum(1 for g in played if g.winner is None)
        score = won + drawn / 2
        lines.append(
            f"{part.name}: {n} Partien, {won} / {drawn} / {n - won - drawn}, "
            f"Punkte {pct(score / n if n else None)} {ci(wilson(score, n))}"
        )
    return lines


def run_plan(jobs: int, folder: Path, only: str | None, short: bool = False) -> None:
    """Play every match of `plan()` whose file is missing (so a stopped run resumes).

    Several runs may share the plan: a lock file per match keeps them from playing the
    same match at once.

    `only`: these variants (comma-separated); `short`: without the 400-game matches.
    """
    for slug, levels, games in plan():
        if only is not None and slug not in only.split(","):
            continue
        if short and games >= 400:
            continue
        path = match_path(slug, levels, folder)
        if path.exists() and is_complete(path):
            continue
        print(f"{slug} {levels[0]}-{levels[1]}: {games} Partien → {path}", file=sys.stderr)
        part = journal_path(path)
        folder.mkdir(parents=True, exist_ok=True)
        with lock_path(path).open("w") as lock:
            if not take_lock(lock):
                print("  wird schon von einem anderen Lauf gespielt", file=sys.stderr)
                continue
            if path.exists() and is_complete(path):  # finished meanwhile by another run
                continue
            if path.exists():  # published part-way: go on from its games
                journal_from_file(path, part)
            doc = play_match(slug, levels, games, jobs=jobs, quiet=True, journal=part)
            path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            part.unlink()
        print("\n".join(report(doc)), file=sys.stderr, flush=True)


def main() -> None:
    """Parse the arguments, play the match and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="brandub-7")
    parser.add_argument("--levels", default="3,1", help="A,B: the two levels, e.g. 5,1")
    parser.add_argument("--games", type=int, default=10, help="number of games (even: pairs)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opening", type=int, default=4, help="random plies before play")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--zeit", type=float, default=None, help="time budget per turn (s)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (same games for any N)")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    parser.add_argument("--out", type=Path, default=None, help="write to this file")
    parser.add_argument(
        "--plan",
        action="store_true",
        help="every published match (plan()) whose file in --ordner is missing",
    )
    parser.add_argument("--ordner", type=Path, default=MATCH_DIR, help="folder of --plan")
    parser.add_argument("--nur", default=None, help="--plan for these variants only (a,b)")
    parser.add_argument("--ohne-lange", action="store_true", help="--plan without 400 games")
    parser.add_argument("--stand", action="store_true", help="progress of unfinished matches")
    parser.add_argument(
        "--zwischenstand",
        action="store_true",
        help="write the files of unfinished planned matches from their journals",
    )
    args = parser.parse_args()
    if args.stand:
        print("\n".join(progress(args.ordner)) or "keine laufenden Wettkämpfe")
        return
    if args.zwischenstand:
        for path in publish_partial(args.ordner):
            print(path, file=sys.stderr)
        return
    if args.plan:
        run_plan(args.jobs, args.ordner, args.nur, args.ohne_lange)
        return
    a, b = (int(x) for x in args.levels.split(","))
    lock = None
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        lock = lock_path(args.out).open("w")
        if not take_lock(lock):
            sys.exit(f"match.py: {args.out} wird schon von einem anderen Lauf gespielt")
    doc = play_match(
        args.variant,
        (a, b),
        args.games,
        seed=args.seed,
        plies=args.opening,
        max_plies=args.max_plies,
        seconds=args.zeit,
        jobs=args.jobs,
        journal=journal_path(args.out) if args.out is not None else None,
    )
    text_out = (
        json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
        if args.json
        else "\n".join(report(doc)) + "\n"
    )
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text_out, encoding="utf-8")
        journal_path(args.out).unlink(missing_ok=True)
        print("\n".join(report(doc)), file=sys.stderr)
    else:
        sys.stdout.write(text_out)


if __name__ == "__main__":
    main()
