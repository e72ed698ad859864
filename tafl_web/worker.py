"""What the search Web Worker calls: the computer's turn and the analysis, JSON in and out.

The worker (docs/javascripts/tafl-python-worker.js) runs its own Pyodide next to the page's,
so a long search never stops the page. Both functions take the same request

    {"variant": slug, "grid": position | null, "turn": side | null,
     "turns": [turn texts played from that position], "level": 1..5, "seed": int}

(`grid`: the site's grid or an OTN position record; null: the variant's setup. `turns`:
each turn as "d1-d3" or a berserker chain "d1-d3,d3-f3", or as a list of its steps; they
are replayed, so repetition counts as on the reader's board) and answer a JSON object, or
`{"error": German text}` when the request or the position cannot be used.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tafl_core import Board, TaflError, parse_ascii, variant
from tafl_core.otn.position import parse_position
from tafl_core.search import suggest as search_suggest
from tafl_core.search.analysis import analyse as search_analyse
from tafl_core.search.levels import DEFAULT_LEVEL, MAX_LEVEL, MIN_LEVEL
from tafl_core.text import short
from tafl_core.turns import parse_turn_text, play_turn, turn_text

from .history import outcome_text, side_named

#: What a highlighted square of the analysis means (the page's legend and square labels).
SQUARE_KINDS: dict[str, str] = {
    "ziel": "Ziel",
    "drohung": "Drohung",
    "zug": "bester Zug",
    "schlag": "Schlag",
}
#: The keys a request may have, with the JSON types each may take.
_KEYS: dict[str, tuple[type, ...]] = {
    "variant": (str,),
    "grid": (str, type(None)),
    "turn": (str, type(None)),
    "turns": (list, type(None)),
    "level": (int,),
    "seed": (int,),
}
#: Most turns a request may replay (a long game is a few hundred).
MAX_TURNS = 5_000


class RequestError(TaflError):
    """A request the worker cannot use, in German."""


@dataclass(frozen=True)
class Request:
    """A checked request: the board after the turns, the level and the seed."""

    board: Board
    level: int
    seed: int


def _read(request: object) -> dict[str, Any]:
    """The request as a dict with known keys of the right types (RequestError otherwise)."""
    if not isinstance(request, str):
        raise RequestError("die Anfrage muss JSON-Text sein")
    try:
        data = json.loads(request)
    except (ValueError, RecursionError):
        raise RequestError(f"die Anfrage ist kein gültiges JSON: '{short(request)}'") from None
    if not isinstance(data, dict):
        raise RequestError("die Anfrage muss ein JSON-Objekt sein")
    for key, value in data.items():
        kinds = _KEYS.get(key)
        if kinds is None:
            raise RequestError(f"unbekannte Angabe '{short(str(key))}' in der Anfrage")
        if type(value) not in kinds:
            raise RequestError(f"die Angabe '{key}' hat den falschen Typ")
    if "variant" not in data:
        raise RequestError("die Angabe 'variant' (Kürzel der Variante) fehlt")
    return data


def _steps(turn: object) -> list[str]:
    """The steps of one turn: "a-b" or "a-b,b-c" as text, or a list of step texts."""
    if isinstance(turn, str):
        steps = [turn] if turn.strip() else []
    elif isinstance(turn, list) and all(isinstance(step, str) for step in turn):
        steps = [step.strip() for step in turn]
    else:
        raise RequestError("jeder Zug in 'turns' muss ein Text oder eine Liste von Texten sein")
    if not steps or not all(steps):
        raise RequestError("ein Zug in 'turns' ist leer")
    try:
        return [step for text in steps for step in parse_turn_text(text)]
    except TaflError as exc:
        raise RequestError(f"ein Zug in 'turns': {exc}") from None


def parse_request(request: str) -> Request:
    """The board the request describes (setup or grid, then its turns), level and seed."""
    data = _read(request)
    game = variant(data["variant"])
    rules = game.rules
    turn = data.get("turn")
    side = side_named(turn) if turn else rules.first
    grid = data.get("grid")
    if grid:
        if grid.strip().startswith("/"):
            start = parse_position(grid, side)
        else:
            start = parse_ascii(grid, rules.size, side)
        if start.size != rules.size:
            raise RequestError(
                f"die Stellung hat {start.size}×{start.size} Felder, "
                f"{game.name} wird auf {rules.size}×{rules.size} gespielt"
            )
    elif game.has_setup:
        start = game.start()
        start.turn = side
    else:
        raise RequestError(f"für {game.name} ist keine Startaufstellung belegt: 'grid' fehlt")
    board = Board(game, start)
    turns = data.get("turns") or []
    if len(turns) > MAX_TURNS:
        raise RequestError(f"zu viele Züge ({len(turns)}, höchstens {MAX_TURNS})")
    for number, played in enumerate(turns, 1):
        steps = _steps(played)
        try:
            play_turn(board, steps)
        except TaflError as exc:
            raise RequestError(f"Zug {number} ({short(turn_text(steps))}): {exc}") from None
    level = data.get("level", DEFAULT_LEVEL)
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise RequestError(
            f"die Stufe muss zwischen {MIN_LEVEL} und {MAX_LEVEL} liegen, nicht {level}"
        )
    return Request(board, level, data.get("seed", 0))


def _answer(value: dict[str, Any]) -> str:
    return json.dumps(value, ensure_ascii=False)


def _error(message: str) -> str:
    return _answer({"error": message})


def suggest(request: str) -> str:
    """The computer's turn for the side to move: `suggest().to_json()` plus `steps`
    (the turn's steps in order, each to be played as the reader's would be)."""
    try:
        req = parse_request(request)
        if req.board.outcome is not None:
            raise RequestError(f"die Partie ist schon entschieden ({outcome_text(req.board)})")
        found = search_suggest(req.board, req.level, seed=req.seed)
    except TaflError as exc:
        return _error(f"Der Computer kann nicht ziehen: {exc}")
    except Exception:  # a bug: a German answer all the same, never a traceback
        return _error("Der Computer kann nicht ziehen (ein Programmfehler); bitte melden.")
    answer = found.to_json()
    answer["steps"] = parse_turn_text(found.move)
    return _answer(answer)


def analyse(request: str) -> str:
    """The analysis of the position (`tafl_core.search.analysis.analyse().to_json()`) with
    `kinds`: what each kind of highlighted square means, in German."""
    try:
        req = parse_request(request)
        found = search_analyse(req.board, level=req.level, seed=req.seed)
    except TaflError as exc:
        return _error(f"Keine Analyse möglich: {exc}")
    except Exception:  # a bug: a German answer all the same, never a traceback
        return _error("Keine Analyse möglich (ein Programmfehler); bitte melden.")
    answer: dict[str, Any] = found.to_json()
    answer["kinds"] = dict(SQUARE_KINDS)
    return _answer(answer)
