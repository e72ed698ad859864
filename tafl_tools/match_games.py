"""One match between two levels: its games (seeded, on N processes), journal and figures.

The games and records of `tafl_tools.match` (the command, the published plan and its locks
live there): `play_match` plays the games, appending each to a journal so that a stopped
match resumes; `match_doc`/`summary` give the figures with Wilson 95 % intervals, `report`
prints them.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tafl_core import Board, Side, variant
from tafl_core.search import LEVELS, suggest
from tafl_core.search.turns import list_turns, play, text
from tafl_core.turns import play_turn_text

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
        """Count a finished game, append it to the journal, print a progress line."""
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
