"""Match runner: two playing levels against each other, results with 95 % intervals.

Each pair of games starts from the same opening, a few seeded random turns
(--opening plies), with the levels' colours swapped, so both levels play both sides of
every opening. Turns come from `tafl_core.search.suggest` with a seed per game and ply;
without --zeit only the levels' node budgets limit the search, so a match is
reproducible move for move (the same command gives the same games). A game that reaches
--max-plies half-moves without an ending counts as a draw ("Zuglimit").

    python -m tafl_tools.match --variant brandub-7 --levels 3,1 --games 10
    python -m tafl_tools.match --variant copenhagen-11 --levels 5,1 \
        --games 400 --jobs 2 --json --out data/matches/copenhagen-11-5-1.json

    python -m tafl_tools.match --plan --jobs 2   # the published set
    python -m tafl_tools.computer_page          # then the page's tables

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
import sys
from pathlib import Path
from typing import IO

from tafl_core import all_variants, variant
from tafl_tools.match_games import (
    ci,
    is_complete,
    journal_from_file,
    match_doc,
    pct,
    play_match,
    read_journal,
    report,
    wilson,
)

ROOT = Path(__file__).resolve().parent.parent

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
    parser = argparse.ArgumentParser(
        prog="python -m tafl_tools.match", description=__doc__.splitlines()[0]
    )
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
