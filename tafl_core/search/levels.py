"""The playing levels 1 to 5: how deep, how long and how carelessly each one searches."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """The settings of one level.

    `depth`: deepest iteration of the iterative deepening (whole turns). `nodes`: the node
    budget (deterministic: the same position, seed and level give the same answer while
    the time budget is not reached). `seconds`: the time budget, a safety net for slow
    machines. `quiescence`: extra plies of captures and escape threats after the horizon.
    `noise`: the spread of the seeded random amount added to each first turn's score.
    `careless`: the chance of playing a random legal turn. `safe`: whether immediate wins
    and the opponent's immediate wins are checked before the search (level 2 and up).
    """

    number: int
    depth: int
    nodes: int
    seconds: float
    quiescence: int
    noise: int
    careless: float
    safe: bool


#: The levels by number. Level 1 plays legal but often careless turns; from level 2 up
#: no win in one turn is missed and none is left to the opponent when it can be prevented.
LEVELS: dict[int, Level] = {
    1: Level(1, 1, nodes=1_000, seconds=0.5, quiescence=0, noise=300, careless=0.3, safe=False),
    2: Level(2, 1, nodes=3_000, seconds=0.5, quiescence=2, noise=60, careless=0.0, safe=True),
    3: Level(3, 2, nodes=10_000, seconds=1.0, quiescence=3, noise=0, careless=0.0, safe=True),
    4: Level(4, 3, nodes=20_000, seconds=2.0, quiescence=4, noise=0, careless=0.0, safe=True),
    5: Level(5, 10, nodes=36_000, seconds=2.8, quiescence=6, noise=0, careless=0.0, safe=True),
}

MIN_LEVEL = 1
MAX_LEVEL = 5

#: The German name of each level, as the free board's chooser and the pages show it.
LEVEL_NAMES: dict[int, str] = {
    1: "Anfänger",
    2: "Leicht",
    3: "Mittel",
    4: "Fortgeschritten",
    5: "Stark",
}

#: The level the free board offers first: a weak one.
DEFAULT_LEVEL = 2
