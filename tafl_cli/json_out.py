"""The JSON documents of `--json`: English keys, English values (as in the variant data).

The format is documented on the site page "tafl_core aus Python benutzen" (docs/python.md).
"""

from __future__ import annotations

import json
from dataclasses import fields
from enum import Enum
from typing import Any

from tafl_core import Board, Outcome, Side, Variant
from tafl_core.rules import RuleSet
from tafl_core.turns import TurnRecord


def dumps(document: object) -> str:
    """The document as indented UTF-8 JSON text."""
    return json.dumps(document, ensure_ascii=False, indent=2)


def rules_json(rules: RuleSet) -> dict[str, Any]:
    """Every rule parameter with the value of the variant data files (bool, int, string)."""
    out: dict[str, Any] = {}
    for f in fields(RuleSet):
        value = getattr(rules, f.name)
        out[f.name] = value.value if isinstance(value, Enum) else value
    return out


def variant_json(v: Variant) -> dict[str, Any]:
    """A variant: slug, name, size, rules, start grid rows (or null and why it is missing)."""
    return {
        "slug": v.slug,
        "name": v.name,
        "size": v.rules.size,
        "rules": rules_json(v.rules),
        "setup": v.start().to_ascii(coordinates=False).splitlines() if v.has_setup else None,
        "setup_missing": v.setup_missing or None,
    }


def outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    """null while the game goes on; else winner ('attackers', 'defenders', null) and reason."""
    if outcome is None:
        return None
    return {
        "winner": outcome.winner.value if outcome.winner else None,
        "reason": outcome.reason.value,
    }


def game_json(v: Variant, board: Board, turns: list[dict[str, Any]]) -> dict[str, Any]:
    """The result of `tafl play`: the turns played, the position, side to move and outcome."""
    return {
        "variant": v.slug,
        "turns": turns,
        "position": board.pos.to_ascii(coordinates=False).splitlines(),
        "to_move": None if board.outcome is not None else board.turn.value,
        "outcome": outcome_json(board.outcome),
    }


def turn_json(board: Board, side: Side, record: TurnRecord) -> dict[str, Any]:
    """One turn: the side that played it, its steps, captured and flipped squares."""
    return {
        "side": side.value,
        "steps": [board.move_text(m) for m in record.moves],
        "captured": [board.name(s) for s in record.captured],
        "flipped": [board.name(s) for s in record.flipped],
    }
