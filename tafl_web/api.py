"""The bridge the page's JavaScript calls: JSON strings in, JSON strings out.

Every argument is checked before a board sees it: `create` takes a JSON object with known
keys of the right types, `call` only the board's public actions (`ACTIONS`) with the right
number and types of arguments. A refusal is always German: `create` raises a `BridgeError`
(a TaflError), `call` answers `{"error": …}` (with the board's view when there is a board,
its `message` saying the same), never a Python exception's English text.
"""

from __future__ import annotations

import json
from typing import Any

from tafl_core import TaflError
from tafl_core.text import short

from .exercise import ExerciseSession
from .replay import ReplaySession
from .session import Session, SessionError

_sessions: dict[int, Session] = {}

#: The board actions the page may call, with the types of their arguments.
ACTIONS: dict[str, tuple[type, ...]] = {
    "view": (),
    "tap": (str,),
    "move": (str,),
    "end_turn": (),
    "undo": (),
    "reset": (),
    "play_next": (),
    "set_editing": (bool,),
    "place": (str, str),
    "set_turn": (str,),
    "clear": (),
    "export": (),
    # against the computer (tafl_web.worker reads search_state)
    "take_back": (str,),
    "search_state": (),
    # exercises only (tafl_web.exercise; 'tip', not 'hint': Session.hint is the status hint)
    "tip": (),
    "reveal": (),
    "retry": (),
    "answer": (str,),
    # recorded games only (tafl_web.replay)
    "replay_next": (),
    "replay_back": (),
    "replay_start": (),
    "replay_end": (),
    "replay_goto": (int,),
    "replay_branch": (int,),
    "replay_main": (),
}

#: The options of `create`: the types each may have (None: the key may be left out).
_OPTIONS: dict[str, tuple[type, ...]] = {
    "variant": (str,),
    "grid": (str, type(None)),
    "turn": (str, type(None)),
    "turns": (list, type(None)),
    "editing": (bool, type(None)),
    "aufgabe": (dict, type(None)),  # an exercise: its task and proof (tafl_web.exercise)
    "partie": (str, type(None)),  # a recorded game to replay (tafl_web.replay)
}

#: German names of the JSON types, for messages.
_JSON_TYPES: dict[type, str] = {
    str: "Text",
    bool: "true oder false",
    int: "Zahl",
    float: "Zahl",
    list: "Liste",
    dict: "Objekt",
    type(None): "null",
}


class BridgeError(SessionError):
    """A malformed call from the page (bad JSON, unknown action, wrong arguments)."""


def _json_type(value: object) -> str:
    """The German name of a JSON value's type."""
    return _JSON_TYPES.get(type(value), "unbekannter Typ")


def _load(text: object, what: str) -> Any:
    """JSON text as Python values; BridgeError (German) when it is no JSON text."""
    if not isinstance(text, str):
        raise BridgeError(f"{what} muss JSON-Text sein, nicht {_json_type(text)}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise BridgeError(f"{what} ist kein gültiges JSON: '{short(text)}'") from None


def _options(options: object) -> dict[str, Any]:
    """The checked options of `create` (known keys, right types, turns a list of lists)."""
    data = _load(options, "der Text der Optionen")
    if not isinstance(data, dict):
        raise BridgeError(
            f"die Optionen des Bretts müssen ein Objekt sein, nicht {_json_type(data)}"
        )
    for key, value in data.items():
        kinds = _OPTIONS.get(key)
        if kinds is None:
            raise BridgeError(f"unbekannte Option '{short(key)}' (bekannt: {', '.join(_OPTIONS)})")
        if type(value) not in kinds:
            wanted = " oder ".join(_JSON_TYPES[k] for k in kinds)
            raise BridgeError(f"Option '{key}' muss {wanted} sein, nicht {_json_type(value)}")
    if "variant" not in data:
        raise BridgeError("die Option 'variant' (Kürzel der Variante) fehlt")
    for turn in data.get("turns") or []:
        if type(turn) is not list or not all(type(step) is str for step in turn):
            raise BridgeError("Option 'turns' muss eine Liste von Listen von Zügen (Texten) sein")
    return data


def create(options: str) -> int:
    """A new board from JSON options (variant, grid, turn, turns, editing); returns its id.

    Bad options raise BridgeError, a variant or position the engine refuses its TaflError;
    both with a German message.
    """
    data = _options(options)
    key = len(_sessions) + 1
    if data.get("aufgabe") is not None:
        _sessions[key] = ExerciseSession(
            data["variant"],
            data["aufgabe"],
            grid=data.get("grid"),
            turn=data.get("turn"),
            prefix=f"live{key}",
        )
        return key
    if data.get("partie") is not None:
        _sessions[key] = ReplaySession(data["variant"], data["partie"], prefix=f"live{key}")
        return key
    session = Session(
        data["variant"],
        grid=data.get("grid"),
        turn=data.get("turn"),
        turns=data.get("turns"),
        editing=bool(data.get("editing")),
        prefix=f"live{key}",
    )
    _sessions[key] = session
    return key


def _arguments(method: object, args: object) -> list[Any]:
    """The checked arguments of an action: known name, right number, right types."""
    if not isinstance(method, str) or method not in ACTIONS:
        name = short(method) if isinstance(method, str) else _json_type(method)
        raise BridgeError(f"unbekannte Aktion '{name}'")
    values = _load(args, f"der Text der Angaben zu '{method}'")
    if not isinstance(values, list):
        raise BridgeError(f"die Angaben zu '{method}' müssen eine Liste sein")
    kinds = ACTIONS[method]
    if len(values) != len(kinds):
        raise BridgeError(f"'{method}' braucht {len(kinds)} Angabe(n), nicht {len(values)}")
    for number, (value, kind) in enumerate(zip(values, kinds, strict=True), 1):
        if type(value) is not kind:
            raise BridgeError(
                f"'{method}': Angabe {number} muss {_JSON_TYPES[kind]} sein, "
                f"nicht {_json_type(value)}"
            )
    return values


def call(key: int, method: str, args: str = "[]") -> str:
    """Call a board action; the answer (or a German error) as JSON.

    An error answer carries `error`; when the board exists it is its view with the
    same German sentence in `message`, so the page can show it as any other answer.
    """
    session = _sessions.get(key) if type(key) is int else None
    if session is None:
        return json.dumps({"error": "dieses Brett gibt es nicht (mehr)"}, ensure_ascii=False)
    try:
        values = _arguments(method, args)
        if not hasattr(session, method):
            raise BridgeError(f"'{method}' gibt es auf diesem Brett nicht")
        answer: Any = getattr(session, method)(*values)
    except TaflError as exc:
        return _refusal(session, f"Das geht nicht: {exc}")
    except Exception:  # a bug: a German answer all the same, never a traceback
        return _refusal(session, "Das ging schief (ein Programmfehler); bitte melden.")
    return json.dumps(answer, ensure_ascii=False)


def _refusal(session: Session, message: str) -> str:
    """The board's view with `message` as its message and as `error`."""
    try:
        answer = session.view()
    except Exception:  # the board itself is broken: the message alone
        answer = {}
    answer["message"] = message
    answer["error"] = message
    return json.dumps(answer, ensure_ascii=False)
