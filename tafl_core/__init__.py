"""tafl_core: a rules engine for Hnefatafl variants, every variant as data."""

from .board import Board
from .errors import (
    ArgumentError,
    MoveError,
    PositionError,
    RulesError,
    SquareError,
    TaflError,
    UnknownVariantError,
    VariantDataError,
)
from .moves import Move
from .outcome import Outcome, Reason
from .pieces import Kind, Piece, Side
from .position import Position, parse_ascii
from .rules import RuleSet
from .turns import TurnRecord, parse_turn_text, play_turn, play_turn_text, turn_label, turn_text
from .variants import Variant, all_variants, variant

__all__ = [
    "ArgumentError",
    "Board",
    "Kind",
    "Move",
    "MoveError",
    "Outcome",
    "Piece",
    "Position",
    "PositionError",
    "Reason",
    "RuleSet",
    "RulesError",
    "Side",
    "SquareError",
    "TaflError",
    "TurnRecord",
    "UnknownVariantError",
    "Variant",
    "VariantDataError",
    "all_variants",
    "parse_ascii",
    "parse_turn_text",
    "play_turn",
    "play_turn_text",
    "turn_label",
    "turn_text",
    "variant",
]
