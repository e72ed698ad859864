"""The rule-parameter table: every `RuleSet` field declared once, with what it means.

Each `Param` holds a field's German label, its topic (a key such as "sperrfelder"; the
site maps topics to its pages), a docstring-like `doc`, and what the parameter needs:

- `requires`: the condition without which the parameter means nothing (no throne: no
  throne rules). `applies(name, rules)` tests it; where it fails the site shows
  "entfällt: …" (`Requirement.missing`) and `tafl show` leaves the row out.
- `value_needs`: single values that need more than the parameter itself (corner escape
  needs corners).

`RuleSet.check` derives every consistency problem from these two entries: a parameter
that does not apply must keep its default, and a value with a need must have it met.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from .pieces import Kind
from .rule_values import Escape, KingCapture, KingJump


class Rules(Protocol):
    """What the requirements read of a `RuleSet`: structural, so that this table needs no
    import of `rules.py` (which reads the table)."""

    @property
    def throne(self) -> bool: ...
    @property
    def corners(self) -> bool: ...
    @property
    def king_capture(self) -> KingCapture: ...
    @property
    def berserker(self) -> bool: ...


@dataclass(frozen=True)
class Requirement:
    """A condition on the rule set that a parameter (or one of its values) depends on."""

    holds: Callable[[Rules], bool]
    #: why the parameter does not apply, as the site says after "entfällt: "
    missing: str
    #: what `RuleSet.check` asks for, e.g. "einen Thron (throne = true)"
    needed: str


@dataclass(frozen=True)
class Param:
    """One `RuleSet` field and what it means."""

    name: str
    #: German label (rule tables, `tafl show`)
    label: str
    #: topic key: brett, ziehen, sperrfelder, koenig, flucht, schildwall, randfestung,
    #: umzingelung, berserker, sonderfiguren, wiederholung, zugunfaehigkeit
    topic: str
    #: what the parameter means (English, like a docstring)
    doc: str
    requires: Requirement | None = None
    #: values that need a requirement beyond `requires`: (value, requirement)
    value_needs: tuple[tuple[object, Requirement], ...] = ()
    #: the kind of piece the rule speaks of alone: on a board without such a piece (and no
    #: piece changes its kind) the parameter changes nothing, whatever its value
    piece: Kind | None = None


THRONE = Requirement(lambda r: r.throne, "kein Thron", "einen Thron (throne = true)")
CORNERS = Requirement(lambda r: r.corners, "keine Eckfelder", "Eckfelder (corners = true)")
RESTRICTED = Requirement(
    lambda r: r.throne or r.corners,
    "keine Sperrfelder",
    "Sperrfelder (throne oder corners = true)",
)
KING_FOUR_SIDES = Requirement(
    lambda r: r.king_capture is KingCapture.FOUR_SIDES,
    # true for every other king_capture: two sides, and strong only near the throne
    "gilt nur, wenn der König überall von vier Seiten gefangen wird",
    'den Königsfang von vier Seiten (king_capture = "four-sides")',
)
BERSERKER = Requirement(
    lambda r: r.berserker, "keine Berserker-Regel", "die Berserker-Regel (berserker = true)"
)

#: Topic keys in the order of the rule tables.
TOPICS: tuple[str, ...] = (
    "brett",
    "ziehen",
    "sperrfelder",
    "koenig",
    "flucht",
    "schildwall",
    "randfestung",
    "umzingelung",
    "berserker",
    "sonderfiguren",
    "wiederholung",
    "zugunfaehigkeit",
)

#: Every parameter, in the order of the `RuleSet` fields (and of the rule tables).
PARAMS: tuple[Param, ...] = (
    Param(
        "size",
        "Brettgröße",
        "brett",
        "Squares per side of the square board; the throne is its centre square.",
    ),
    Param("first", "Erster Zug", "ziehen", "The side that makes the first move."),
    Param(
        "throne",
        "Thron (Mittelfeld als Sperrfeld)",
        "sperrfelder",
        "The centre square is the throne, a restricted square: only the king may stop on it.",
    ),
    Param(
        "corners",
        "Eckfelder als Sperrfelder",
        "sperrfelder",
        "The four corner squares are restricted squares: only the king may enter them.",
    ),
    Param(
        "throne_pass",
        "Wer den leeren Thron überqueren darf",
        "sperrfelder",
        "Who may move across the empty throne: every piece, or only the king.",
        requires=THRONE,
    ),
    Param(
        "throne_reentry",
        "König darf auf den Thron zurückkehren",
        "sperrfelder",
        "Whether the king may return to the throne after leaving it; when false, nobody "
        "enters the throne once the king has left it.",
        requires=THRONE,
    ),
    Param(
        "throne_hostile_attackers",
        "Thron feindlich für Angreifer",
        "sperrfelder",
        "When the throne acts as an enemy piece in the capture of an attacker: never, "
        "only while empty, or always.",
        requires=THRONE,
    ),
    Param(
        "throne_hostile_defenders",
        "Thron feindlich für Verteidiger",
        "sperrfelder",
        "When the throne acts as an enemy piece in the capture of a defender (and, with "
        "the king captured on four sides, closes in the king beside it): never, only while "
        "empty, or always.",
        requires=THRONE,
    ),
    Param(
        "linnaean_capture",
        "Schlag gegen den besetzten Thron (Linné-Regel)",
        "sperrfelder",
        "A defender beside the king on his throne is captured against the occupied throne "
        "when attackers stand on the king's three other sides (OpenTafl 'linc').",
        requires=THRONE,
    ),
    Param(
        "corners_hostile_attackers",
        "Ecken feindlich für Angreifer",
        "sperrfelder",
        "Whether a corner square acts as an enemy piece in the capture of an attacker.",
        requires=CORNERS,
    ),
    Param(
        "corners_hostile_defenders",
        "Ecken feindlich für Verteidiger",
        "sperrfelder",
        "Whether a corner square acts as an enemy piece in the capture of a defender "
        "(and, with the board edge counting, closes in the king).",
        requires=CORNERS,
    ),
    Param(
        "king_armed",
        "König bewaffnet (schlägt mit)",
        "koenig",
        "Whether the king takes part in captures, as the moving piece or as the one "
        "closing the other side.",
    ),
    Param(
        "king_capture",
        "Königsfang",
        "koenig",
        "How the king is captured: between two enemies like any piece; only when enclosed "
        "on four sides (hostile squares count as sides); or strong only on and beside the "
        "throne (four attackers on it, three and the throne beside it, two elsewhere).",
        value_needs=((KingCapture.STRONG_NEAR_THRONE, THRONE),),
    ),
    Param(
        "king_edge_counts",
        "Brettrand zählt beim Königsfang als Seite",
        "koenig",
        "With the king captured on four sides: the board edge counts as one of the sides, "
        "so three attackers capture him on the edge.",
        requires=KING_FOUR_SIDES,
    ),
    Param(
        "escape",
        "Fluchtziel des Königs",
        "flucht",
        "Where the king escapes to, winning for the defenders: any edge square, or a corner.",
        value_needs=((Escape.CORNER, CORNERS),),
    ),
    Param(
        "shieldwall",
        "Schildwall",
        "schildwall",
        "A row of two or more pieces on the edge, each with an enemy in front of it, is "
        "captured when a move closes the row at both ends (a corner closes too); a king "
        "in the row stays. This engine's shieldwall needs the corners.",
        value_needs=((True, CORNERS),),
    ),
    Param(
        "edge_fort",
        "Randfestung",
        "randfestung",
        "The defenders also win when the king stands on the edge, able to move and without "
        "attackers inside, behind a wall of defenders that can never be broken.",
    ),
    Param(
        "encirclement",
        "Umzingelung",
        "umzingelung",
        "The attackers also win when no defender can reach the edge any more.",
    ),
    Param(
        "berserker",
        "Berserker-Regel",
        "berserker",
        "A piece that captures (or flips a variegated man) may move on, as long as every "
        "further move captures (or flips) again; one turn may thus have several steps.",
    ),
    Param(
        "berserker_king_escape",
        "König darf Berserker-Lauf mit Flucht beenden",
        "berserker",
        "The king may end a berserker sequence with his escape.",
        requires=BERSERKER,
    ),
    Param(
        "commander_jump",
        "Kommandanten springen",
        "sonderfiguren",
        "A commander may jump over an adjacent enemy (not a king or commander, nor a "
        "knight where knights jump) to the empty square behind it; the jump captures nothing.",
        piece=Kind.COMMANDER,
    ),
    Param(
        "commander_king_capture",
        "Zwei Kommandanten fangen den König",
        "sonderfiguren",
        "Two attacking commanders (or one and a corner) capture the king between them, "
        "except on and beside the throne.",
        piece=Kind.COMMANDER,
    ),
    Param(
        "knight_jump",
        "Ritter springen und schlagen dabei",
        "sonderfiguren",
        "A knight may jump over an adjacent ordinary enemy to the empty square behind it "
        "and captures it by doing so.",
        piece=Kind.KNIGHT,
    ),
    Param(
        "king_jump",
        "König springt",
        "sonderfiguren",
        "Whether the king may jump over an adjacent ordinary attacker: never, only from "
        "or onto a restricted square, or anywhere (like a commander); the jump captures "
        "nothing.",
        value_needs=((KingJump.RESTRICTED, RESTRICTED),),
    ),
    Param(
        "variegated",
        "Bunte (wechseln beim Einschließen die Seite)",
        "sonderfiguren",
        "Variegated men are not captured when enclosed but change sides, again and again.",
        piece=Kind.VARIEGATED,
    ),
    Param(
        "repetition",
        "Dritte Stellungswiederholung",
        "wiederholung",
        "What the third occurrence of a position with the same side to move means: "
        "nothing, the defenders lose, the side that caused it loses, or a draw.",
    ),
    Param(
        "no_moves",
        "Kein erlaubter Zug",
        "zugunfaehigkeit",
        "What happens to the side to move when it has no legal move: it loses, or a draw.",
    ),
)

PARAM: dict[str, Param] = {p.name: p for p in PARAMS}


def label(name: str) -> str:
    """German label of a parameter."""
    return PARAM[name].label


def applies(name: str, rules: Rules) -> bool:
    """Whether parameter `name` means anything in `rules` (no throne: no throne rules)."""
    need = PARAM[name].requires
    return need is None or need.holds(rules)


def of_topic(topic: str) -> tuple[Param, ...]:
    """The parameters of one topic, in table order."""
    return tuple(p for p in PARAMS if p.topic == topic)


def toml_value(value: object) -> str:
    """A value as it is written in a variant file: true, 11, "corner"."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return f'"{value.value}"'
    return str(value)


def problems(rules: Rules, defaults: Rules) -> list[str]:
    """German sentences naming every value whose requirement is not met (empty when sound).

    A parameter that does not apply must keep its value of `defaults`; a value listed in
    `value_needs` must have its requirement met.
    """
    found = []
    for p in PARAMS:
        value = getattr(rules, p.name)
        if p.requires is not None and not p.requires.holds(rules):
            if value != getattr(defaults, p.name):
                found.append(f"{p.name} = {toml_value(value)} verlangt {p.requires.needed}")
            continue
        for wanted, need in p.value_needs:
            if value == wanted and not need.holds(rules):
                found.append(f"{p.name} = {toml_value(value)} verlangt {need.needed}")
    return found
