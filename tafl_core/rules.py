"""The rule set: every rule of every variant as one explicit parameter."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from .errors import VariantDataError
from .pieces import LETTER_TO_PIECE, Kind, Piece, Side


class Hostility(Enum):
    """When a restricted square is hostile to a side's pieces."""

    NEVER = "never"
    EMPTY = "empty"
    ALWAYS = "always"


class ThronePass(Enum):
    """Who may pass over the empty throne (only the king may ever stop on it)."""

    ALL = "all"
    KING = "king"


class KingCapture(Enum):
    """How the king is captured."""

    TWO_SIDES = "two-sides"
    FOUR_SIDES = "four-sides"
    STRONG_NEAR_THRONE = "strong-near-throne"


class Escape(Enum):
    """Where the king escapes to."""

    EDGE = "edge"
    CORNER = "corner"


class KingJump(Enum):
    """Whether the king may jump over an adjacent enemy man."""

    NONE = "none"
    RESTRICTED = "restricted"
    FREE = "free"


class Repetition(Enum):
    """What the third occurrence of a position (same side to move) means."""

    NONE = "none"
    DEFENDERS_LOSE = "defenders-lose"
    MOVER_LOSES = "mover-loses"
    DRAW = "draw"


class NoMoves(Enum):
    """What happens to a side that cannot move."""

    LOSES = "loses"
    DRAW = "draw"


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

    def check(self) -> list[str]:
        """Inconsistencies between parameters, as German sentences (empty when sound)."""
        problems = []
        if self.escape is Escape.CORNER and not self.corners:
            problems.append("Eckflucht verlangt Eckfelder (corners = true)")
        if not self.throne and (
            self.throne_hostile_attackers is not Hostility.NEVER
            or self.throne_hostile_defenders is not Hostility.NEVER
        ):
            problems.append("ein feindlicher Thron verlangt einen Thron (throne = true)")
        if not self.corners and (self.corners_hostile_attackers or self.corners_hostile_defenders):
            problems.append("feindliche Ecken verlangen Eckfelder (corners = true)")
        if self.king_edge_counts and self.king_capture is not KingCapture.FOUR_SIDES:
            problems.append("king_edge_counts gilt nur für den Königsfang von vier Seiten")
        if self.king_capture is KingCapture.STRONG_NEAR_THRONE and not self.throne:
            problems.append("der Königsfang „stark am Thron“ verlangt einen Thron (throne = true)")
        if not self.throne_reentry and not self.throne:
            problems.append("throne_reentry = false verlangt einen Thron (throne = true)")
        if self.linnaean_capture and not self.throne:
            problems.append("linnaean_capture = true verlangt einen Thron (throne = true)")
        if self.berserker_king_escape and not self.berserker:
            problems.append("berserker_king_escape verlangt die Berserker-Regel")
        if self.king_jump is KingJump.RESTRICTED and not (self.throne or self.corners):
            problems.append(
                'king_jump = "restricted" verlangt Sperrfelder (throne oder corners = true)'
            )
        if self.shieldwall and not self.corners:
            problems.append("der Schildwall dieser Engine setzt Eckfelder voraus")
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


#: German label of every parameter, in the order of the rule-comparison table.
LABELS: dict[str, str] = {
    "size": "Brettgröße",
    "first": "Erster Zug",
    "throne": "Thron (Mittelfeld als Sperrfeld)",
    "corners": "Eckfelder als Sperrfelder",
    "throne_pass": "Wer den leeren Thron überqueren darf",
    "throne_reentry": "König darf auf den Thron zurückkehren",
    "throne_hostile_attackers": "Thron feindlich für Angreifer",
    "throne_hostile_defenders": "Thron feindlich für Verteidiger",
    "linnaean_capture": "Schlag gegen den besetzten Thron (Linné-Regel)",
    "corners_hostile_attackers": "Ecken feindlich für Angreifer",
    "corners_hostile_defenders": "Ecken feindlich für Verteidiger",
    "king_armed": "König bewaffnet (schlägt mit)",
    "king_capture": "Königsfang",
    "king_edge_counts": "Brettrand zählt beim Königsfang als Seite",
    "escape": "Fluchtziel des Königs",
    "shieldwall": "Schildwall",
    "edge_fort": "Randfestung",
    "encirclement": "Umzingelung",
    "berserker": "Berserker-Regel",
    "berserker_king_escape": "König darf Berserker-Lauf mit Flucht beenden",
    "commander_jump": "Kommandanten springen",
    "commander_king_capture": "Zwei Kommandanten fangen den König",
    "knight_jump": "Ritter springen und schlagen dabei",
    "king_jump": "König springt",
    "variegated": "Bunte (wechseln beim Einschließen die Seite)",
    "repetition": "Dritte Stellungswiederholung",
    "no_moves": "Keine legalen Züge",
}

_VALUE_TEXT: dict[object, str] = {
    Side.ATTACKERS: "Angreifer",
    Side.DEFENDERS: "Verteidiger",
    Hostility.NEVER: "nie",
    Hostility.EMPTY: "nur wenn leer",
    Hostility.ALWAYS: "immer",
    ThronePass.ALL: "alle Figuren",
    ThronePass.KING: "nur der König",
    KingCapture.TWO_SIDES: "von 2 Seiten (wie jede Figur)",
    KingCapture.FOUR_SIDES: "von 4 Seiten (feindliche Felder zählen mit)",
    KingCapture.STRONG_NEAR_THRONE: (
        "auf dem Thron von 4 Seiten, neben dem Thron von 3 Seiten und dem Thron, sonst von 2 Seiten"
    ),
    Escape.EDGE: "jedes Randfeld",
    Escape.CORNER: "ein Eckfeld",
    KingJump.NONE: "nein",
    KingJump.RESTRICTED: "nur von einem Sperrfeld oder auf ein Sperrfeld",
    KingJump.FREE: "ja, wie ein Kommandant",
    Repetition.NONE: "erlaubt",
    Repetition.DEFENDERS_LOSE: "Verteidiger verlieren",
    Repetition.MOVER_LOSES: "Verursacher verliert",
    Repetition.DRAW: "Remis",
    NoMoves.LOSES: "Niederlage",
    NoMoves.DRAW: "Remis",
}


def value_text(value: object) -> str:
    """German text of one parameter value."""
    if isinstance(value, bool):
        return "ja" if value else "nein"
    if isinstance(value, int):
        return f"{value}×{value}"
    return _VALUE_TEXT[value]


def describe(rules: RuleSet) -> list[tuple[str, str, str]]:
    """(field name, German label, German value) for every parameter."""
    return [(f.name, LABELS[f.name], value_text(getattr(rules, f.name))) for f in fields(RuleSet)]


def from_mapping(data: dict[str, object]) -> RuleSet:
    """Build a RuleSet from plain TOML values; unknown keys or values raise VariantDataError."""
    kinds = {f.name: f.type for f in fields(RuleSet)}
    enums: dict[str, type[Enum]] = {
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
