"""The board's game and position as text: a ```tafl block, OTN records."""

from __future__ import annotations

from tafl_core import Board, Position, Side
from tafl_core.errors import TaflError
from tafl_core.otn import move_record, position_record, rules_string
from tafl_core.variants import Variant

from .history import Turn, numbered_pairs


def otn_game(variant: Variant, start: Position, turns: list[Turn]) -> str:
    """The game in OTN: rules string, then one numbered line per turn pair."""
    replay = Board(variant.rules, start)
    records: list[tuple[Side, str]] = []
    for turn in turns:
        texts = []
        for move in turn.moves:
            texts.append(move_record(replay, move))
            replay.push(move)
        if replay.berserker_open:
            replay.end_turn()
        records.append((turn.side, " ".join(texts)))
    return "\n".join([rules_string(variant, start), *numbered_pairs(records)])


def export(variant: Variant, start: Position, pos: Position, turns: list[Turn]) -> dict[str, str]:
    """The position shown as a ```tafl block and OTN position record; the game in OTN."""
    block = "\n".join(
        [
            "```tafl",
            f"Variante: {variant.slug}",
            f"Am Zug: {pos.turn.german}",
            "Stellung:",
            pos.to_ascii(),
            "```",
        ]
    )
    try:
        game = otn_game(variant, start, turns)
    except TaflError as exc:  # an edited position the engine cannot play from
        game = f"(keine Partie: {exc})"
    return {"block": block, "otn": position_record(pos), "game": game}
