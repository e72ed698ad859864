"""The rule set: every rule of every variant as one explicit parameter.

What each parameter means, what it needs and its German label: `params.py`; the German
sentences about rules: `wording/rules.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from . import params
from .errors import RulesError, VariantDataError
from .geometry import SIZES, size_refused
from .pieces import LETTER_TO_PIECE, Kind, Piece, Side
from .rule_values import (
    Escape,
    Hostility,
    KingCapture,
    KingJump,
    NoMoves,
    Repetition,
    ThronePass,
)
from .typed import need_bool, need_enum, need_int

__all__ = [
    "Escape",
    "Hostility",
    "KingCapture",
    "KingJump",
    "NoMoves",
    "Repetition",
    "RuleSet",
    "ThronePass",
    "from_mapping",
]


#: The enum of each RuleSet field that is neither the size nor a bool.
ENUMS: dict[str, type[Enum]] = {
    "first": Side,
    "throne_pass": ThronePass,
    "throne_hostile_attackers": Hostility,
    "throne_hostile_defenders": Hostility,
    "king_capture": KingCapture,
    "king_jump": KingJump,
    "escape": Escape,
    "repetition": Repetition,
    "no_moves": NoMoves,
}


@dataclass(frozen=True)
class RuleSet:
    """All rule parameters of a variant; the engine reads nothing else."""

    size: int
    first: Side = Side.ATTACKERS
    throne: bool = False
    corners: bool = False
    throne_pass: ThronePass = ThronePass.ALL
    throne_reentry: bool = True
    throne_hostile_attackers: Hostility = Hostility.NEVER
    throne_hostile_defenders: Hostility = Hostility.NEVER
    linnaean_capture: bool = False
    corners_hostile_attackers: bool = False
    corners_hostile_defenders: bool = False
    king_armed: bool = True
    king_capture: KingCapture = KingCapture.TWO_SIDES
    king_edge_counts: bool = False
    escape: Escape = Escape.EDGE
    shieldwall: bool = False
    edge_fort: bool = False
    encirclement: bool = False
    berserker: bool = False
    berserker_king_escape: bool = False
    commander_jump: bool = False
    commander_king_capture: bool = False
    knight_jump: bool = False
    king_jump: KingJump = KingJump.NONE
    variegated: bool = False
    repetition: Repetition = Repetition.NONE
    no_moves: NoMoves = NoMoves.LOSES

    def __post_init__(self) -> None:
        """Check every value's type: size a whole number, enums their member, the rest bool.

        An enum field takes its member or exactly its value as text (``"corner"``), which
        is converted to the member; anything else raises ArgumentError (a TaflError). An
        unsupported size raises RulesError. Whether the values fit together is `check()`'s
        question; `Board` refuses a rule set for which it finds problems.
        """
        size = need_int(self.size, "RuleSet: 'size'")
        if size not in SIZES:
            raise RulesError(f"RuleSet: {size_refused(size)}")
        for f in fields(self):
            if f.name == "size":
                continue
            value = getattr(self, f.name)
            enum = ENUMS.get(f.name)
            if enum is None:
                need_bool(value, f"RuleSet: '{f.name}'")
            elif not isinstance(value, enum):
                object.__setattr__(self, f.name, need_enum(value, enum, f"RuleSet: '{f.name}'"))

    def check(self) -> list[str]:
        """Inconsistencies between parameters, as German sentences (empty when sound).

        Derived from the parameter table (`params.PARAMS`): a parameter that does not
        apply keeps its default, and a value that needs another rule has it.
        """
        problems = params.problems(self, RuleSet(size=self.size))
        return problems

    def pieces(self) -> list[Piece]:
        """The piece kinds these rules give meaning to, in grid-letter order (A V K C c B b R r).

        Men of both sides and the king always; commanders, variegated men and knights of
        both sides when their rule is on. `Variant.pieces` narrows this to the pieces in play.
        """
        special = {
            Kind.COMMANDER: self.commander_jump,
            Kind.VARIEGATED: self.variegated,
            Kind.KNIGHT: self.knight_jump,
        }
        return [p for p in LETTER_TO_PIECE.values() if special.get(p.kind, True)]


def from_mapping(data: dict[str, object]) -> RuleSet:
    """Build a RuleSet from plain TOML values; unknown keys or values raise VariantDataError."""
    kinds = {f.name: f.type for f in fields(RuleSet)}
    enums = ENUMS
    values: dict[str, object] = {}
    for key, raw in data.items():
        if key not in kinds:
            raise VariantDataError(f"unbekannter Regelparameter '{key}'")
        if key in enums:
            try:
                values[key] = enums[key](raw)
            except ValueError:
                allowed = ", ".join(e.value for e in enums[key])
                raise VariantDataError(
                    f"'{raw}' ist kein Wert für '{key}' (erlaubt: {allowed})"
                ) from None
        elif key == "size":
            if not isinstance(raw, int) or isinstance(raw, bool):
                raise VariantDataError("'size' muss eine ganze Zahl sein")
            values[key] = raw
        else:
            if not isinstance(raw, bool):
                raise VariantDataError(f"'{key}' muss true oder false sein")
            values[key] = raw
    if "size" not in values:
        raise VariantDataError("der Regelparameter 'size' fehlt")
    return RuleSet(**values)  # type: ignore[arg-type]
