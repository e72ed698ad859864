"""The bridge the page's JavaScript calls: JSON strings in, JSON strings out."""

from __future__ import annotations

import json
from typing import Any

from tafl_core import TaflError

from .session import Session

_sessions: dict[int, Session] = {}


def create(options: str) -> int:
    """A new board from JSON options (variant, grid, turn, turns, editing); returns its id."""
    data = json.loads(options)
    session = Session(
        data["variant"],
        grid=data.get("grid"),
        turn=data.get("turn"),
        turns=data.get("turns"),
        editing=bool(data.get("editing")),
        prefix=f"live{len(_sessions) + 1}",
    )
    key = len(_sessions) + 1
    _sessions[key] = session
    return key


def call(key: int, method: str, args: str = "[]") -> str:
    """Call a public Session method; the answer (or a German error) as JSON."""
    session = _sessions[key]
    if method.startswith("_") or not hasattr(session, method):
        return json.dumps({"error": f"unbekannte Aktion {method}"})
    try:
        answer: Any = getattr(session, method)(*json.loads(args))
    except (TaflError, KeyError, ValueError, IndexError) as exc:
        answer = session.view()
        answer["message"] = f"Das geht nicht: {exc}"
    return json.dumps(answer, ensure_ascii=False)
