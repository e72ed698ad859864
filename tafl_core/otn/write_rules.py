"""Writing OTN rules strings, and naming what OTN cannot express of a rule set."""

from __future__ import annotations

from ..pieces import Side
from ..position import Position
from ..rules import (
    Escape,
    Hostility,
    KingCapture,
    KingJump,
    NoMoves,
    Repetition,
    RuleSet,
    ThronePass,
)
from ..variants import Variant
from .keys import ATT_LETTERS, DFN_LETTERS, LIST_DEFAULTS
from .position import position_record


def _letters(side: Side, rules: RuleSet) -> str:
    """All OTN letters of a side ('m' added when the rule set has variegated men)."""
    base = ATT_LETTERS if side is Side.ATTACKERS else DFN_LETTERS
    if rules.variegated:
        base += "m" if side is Side.ATTACKERS else "M"
    return base


def _tfr(repetition: Repetition) -> str:
    return {
        Repetition.NONE: "i",
        Repetition.MOVER_LOSES: "l",
        # OTN has no "defenders lose"; OpenTafl's own Copenhagen uses "w" (see unexpressible).
        Repetition.DEFENDERS_LOSE: "w",
        Repetition.DRAW: "d",
    }[repetition]


def rules_string(variant: Variant, start: Position | None = None) -> str:
    """The OTN rules string of a variant: ``dim`` first, ``start`` last (when sourced).

    With `start`, the game begins from that position instead: ``start:`` records it and
    ``atkf`` says whether its side to move is the attackers.
    """
    rules = variant.rules
    first = rules.first if start is None else start.turn
    parts = [f"dim:{rules.size}", *_game_entries(rules, first), *_corner_entries(rules)]
    parts += _throne_entries(rules)
    parts += _special_rule_entries(rules)
    if start is not None:
        parts.append("start:" + position_record(start))
    elif variant.has_setup:
        parts.append("start:" + position_record(variant.start()))
    return " ".join(parts)


def _game_entries(rules: RuleSet, first: Side) -> list[str]:
    """Who begins, the escape, encirclement, repetition, the king and the commanders."""
    parts = [f"atkf:{'y' if first is Side.ATTACKERS else 'n'}"]
    if rules.escape is Escape.EDGE:
        parts.append("esc:e")
    if not rules.encirclement:
        parts.append("surf:n")
    parts.append(f"tfr:{_tfr(rules.repetition)}")
    if not rules.king_armed:
        parts.append("ka:n")
    if rules.king_capture is KingCapture.TWO_SIDES:
        parts.append("ks:w")  # OpenTafl's serializer; the spec keeps "n" as a legacy alias
    elif rules.king_capture is KingCapture.STRONG_NEAR_THRONE:
        parts.append("ks:c")
    if rules.commander_jump:
        parts.append("cj:j")
    if rules.knight_jump:
        parts.append("nj:c")
    if rules.king_jump is not KingJump.NONE:
        parts.append("kj:r" if rules.king_jump is KingJump.RESTRICTED else "kj:j")
    return parts


def _corner_entries(rules: RuleSet) -> list[str]:
    """'cor:' without corners, else 'corh' when the hostility is not OTN's default."""
    if not rules.corners:
        return ["cor:"]
    corh = ""
    if rules.corners_hostile_attackers:
        corh += _letters(Side.ATTACKERS, rules)
    if rules.corners_hostile_defenders:
        corh += _letters(Side.DEFENDERS, rules)
    return [f"corh:{corh}"] if corh != LIST_DEFAULTS["corh"] else []


def _throne_entries(rules: RuleSet) -> list[str]:
    """'cen:' without throne, else who passes it, who stands on it, its hostility and 'linc'."""
    if not rules.throne:
        return ["cen:"]
    everyone = _letters(Side.ATTACKERS, rules) + _letters(Side.DEFENDERS, rules)
    parts = [
        f"cenp:{everyone if rules.throne_pass is ThronePass.ALL else 'K'}",
        f"cens:{'K' if rules.throne_reentry else ''}",
    ]
    cenh = cenhe = ""
    for side, mode in (
        (Side.ATTACKERS, rules.throne_hostile_attackers),
        (Side.DEFENDERS, rules.throne_hostile_defenders),
    ):
        if mode is Hostility.ALWAYS:
            cenh += _letters(side, rules)
        if mode is not Hostility.NEVER:
            cenhe += _letters(side, rules)
    if cenh != LIST_DEFAULTS["cenh"]:
        parts.append(f"cenh:{cenh}")
    if cenhe != LIST_DEFAULTS["cenhe"]:
        parts.append(f"cenhe:{cenhe}")
    if rules.linnaean_capture:
        parts.append("linc:y")
    return parts


def _special_rule_entries(rules: RuleSet) -> list[str]:
    """Shieldwall, edge fort and berserker."""
    parts = []
    if rules.shieldwall:
        parts.append("sw:s")
    if rules.edge_fort:
        parts.append("efe:y")
    if rules.berserker:
        parts.append("ber:c")
    return parts


def unexpressible(rules: RuleSet) -> list[str]:
    """German sentences naming what of this rule set OTN cannot express (or only vaguely)."""
    out = []
    if rules.repetition is Repetition.DEFENDERS_LOSE:
        out.append(
            "Dritte Stellungswiederholung – Verteidiger verlieren: Dafür hat OTN keinen Wert. "
            "Der Regelstring schreibt wie OpenTafls eigenes Copenhagen „tfr:w“. Nach OpenTafls "
            "Beschreibung der Notation heißt das „wer die dritte Wiederholung herbeiführt, "
            "gewinnt“ – richtig nur, wenn die Angreifer sie herbeiführen. OpenTafls Programm "
            "(Version 0.4.8, hier gegen diese Engine gespielt) wertet umgekehrt: Wer die dritte "
            "Wiederholung herbeiführt, verliert – richtig nur, wenn die Verteidiger sie "
            "herbeiführen. Ein anderes Programm kann den String also so oder so lesen."
        )
    if rules.no_moves is NoMoves.LOSES:
        out.append(
            "Kein erlaubter Zug – Niederlage: OTN hat dafür keinen Schlüssel; "
            "ein anderes Programm entscheidet nach eigener Regel."
        )
    else:
        out.append(
            "Kein erlaubter Zug – Remis: OTN hat dafür keinen Schlüssel; "
            "ein anderes Programm entscheidet nach eigener Regel."
        )
    if rules.king_edge_counts:
        out.append(
            "Brettrand zählt beim Königsfang als Seite: der Regelstring schreibt den König, "
            "der von vier Seiten eingeschlossen werden muss (ks:s, der Vorgabewert); am Rand "
            "ist er dort also nicht zu fangen. OpenTafls neuere Stufe ks:m (am Rand fangbar) "
            "liest diese Engine noch nicht."
        )
    if rules.shieldwall:
        out.append(
            "Schildwall: sw:s (Ecken dürfen schließen) und swf:y (nur der schließende Zug "
            "schlägt) stehen in OTN; dass der König in der Reihe nicht geschlagen wird und "
            "eine Reihe aus mindestens zwei Figuren besteht, legt OTN nicht fest."
        )
    if rules.edge_fort:
        out.append(
            "Randfestung: efe:y verlangt nur einen König am Rand mit Zugmöglichkeit und "
            "ohne Gegner in der Festung; dass kein Verteidiger der Mauer je geschlagen "
            "werden kann, verlangt OTN nicht ausdrücklich."
        )
    if rules.berserker:
        text = (
            "Berserker-Regel: ber:c heißt in OTN, dass der Berserker weiterziehen muss, "
            "solange er schlagen kann; hier darf er nach jedem Schlag auch aufhören (der "
            "Lauf ist freiwillig). Dass Wiederholungen nur zwischen den Zügen zählen, legt "
            "OTN nicht fest"
        )
        if rules.variegated:
            text += ", ebenso wenig, dass das Umdrehen eines Bunten als Schlag zählt"
        out.append(text + ".")
    if rules.berserker_king_escape:
        out.append(
            "König beendet den Berserker-Lauf mit einer Flucht: dafür hat OTN keinen "
            "Schlüssel; nach ber:c müsste auch dieser Zug schlagen."
        )
    if rules.commander_jump:
        out.append(
            "Kommandanten-Sprung: cj:j („springt über Gegner, ohne zu schlagen“) steht in "
            "OTN; dass nur über genau einen benachbarten Gegner gesprungen wird, nie über "
            + (
                "König, Kommandanten oder Ritter"
                if rules.knight_jump
                else "König oder Kommandanten"
            )
            + ", nie auf ein Sperrfeld, und dass vom Landefeld aus "
            "normal geschlagen wird, legt OTN nicht fest."
        )
    if rules.knight_jump:
        out.append(
            "Ritter: nj:c („springt über Gegner und schlägt ihn“) steht in OTN; dass nur "
            "über genau einen benachbarten gewöhnlichen Stein gesprungen wird, nie auf ein "
            "Sperrfeld, und dass niemand über einen Ritter springt, legt OTN nicht fest."
        )
    if rules.king_jump is KingJump.RESTRICTED:
        out.append(
            "König springt nur von einem Sperrfeld oder auf eines: kj:r steht in OTN; dass "
            "der Sprung nicht schlägt, nur über einen gewöhnlichen Stein geht und der König "
            "vom Landefeld aus normal schlägt, legt OTN nicht fest."
        )
    if rules.commander_king_capture:
        out.append(
            "Zwei Kommandanten fangen den König: dafür hat OTN keinen Schlüssel; OpenTafl "
            "wendet die Regel immer an, wenn Kommandanten im Spiel sind, auch neben dem "
            "Thron, solange das Paar nicht über den Thron hinweg schließt."
        )
    if rules.variegated:
        out.append(
            "Bunte (wechseln beim Einschließen die Seite): die zitierte OTN-Fassung kennt "
            "keine solche Figur; erst spätere OpenTafl-Versionen haben den Söldner „m“, der "
            "hier dafür steht. Einen Regelschlüssel gibt es nicht – die Regel folgt nur aus "
            "m-Figuren in der Startaufstellung –, und dass alle Schläge und Umdrehungen eines "
            "Zuges gemeinsam entschieden werden, legt OTN nicht fest."
        )
    return out
