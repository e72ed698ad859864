"""“Auf einen Blick”: the rules of a variant in about twelve short German items.

Every sentence is chosen from a rule parameter or the variant data, so the summary
cannot drift from the engine. The text is plain (no Markdown) and uses reader words
only, so the site card and the printed rule sheet can both use it.

Topics, in this order (only those the variant has): Ziel, Aufstellung, Ziehen,
Sperrfelder, Schlagen, König, Randfestung, Umzingelung, Wiederholung, Kein Zug,
Schildwall, Berserker, Kommandanten, Bunte.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tafl_core.pieces import Kind, Piece, Side
from tafl_core.rules import Escape, Hostility, KingCapture, NoMoves, Repetition, RuleSet, ThronePass
from tafl_core.variants import Variant

from .directives import CARD_ONLY_COUNTS


@dataclass(frozen=True)
class GlanceItem:
    """One line of “Auf einen Blick”: a topic word and one or two plain German sentences."""

    topic: str
    text: str


def at_a_glance(v: Variant) -> list[GlanceItem]:
    """The facts of “Auf einen Blick” for a variant, in play order."""
    r = v.rules
    items = [
        GlanceItem("Ziel", _goal(r)),
        GlanceItem("Aufstellung", _setup(v)),
        GlanceItem(
            "Ziehen",
            "Alle Figuren ziehen wie der Turm im Schach: beliebig weit waagerecht oder "
            "senkrecht, nur über freie Felder.",
        ),
    ]
    if r.throne or r.corners:
        items.append(GlanceItem("Sperrfelder", _restricted(v)))
    items.append(GlanceItem("Schlagen", _capture()))
    items.append(GlanceItem("König", _king(r)))
    if r.edge_fort:
        items.append(
            GlanceItem(
                "Randfestung",
                "Die Verteidiger gewinnen auch, wenn der König am Brettrand steht, ziehen kann "
                "und von einer Mauer aus Verteidigern umschlossen ist, die nie geschlagen werden "
                "kann und in der kein Angreifer steht.",
            )
        )
    if r.encirclement:
        items.append(
            GlanceItem(
                "Umzingelung",
                "Die Angreifer gewinnen auch, wenn sie alle Verteidiger samt König so "
                "einschließen, dass keiner von ihnen den Brettrand noch erreichen kann.",
            )
        )
    items.append(GlanceItem("Wiederholung", _repetition(r)))
    items.append(GlanceItem("Kein Zug", _no_moves(r)))
    items += _specials(r)
    return items


def _goal(r: RuleSet) -> str:
    target = (
        "eines der vier Eckfelder"
        if r.escape is Escape.CORNER
        else "ein beliebiges Feld am Brettrand"
    )
    return (
        f"Die Verteidiger gewinnen, sobald ihr König {target} erreicht. "
        "Die Angreifer gewinnen, sobald sie den König gefangen haben."
    )


def _counts(v: Variant) -> Counter[Piece] | None:
    """Pieces of the start position, or the counts a source names when no squares are known."""
    if v.has_setup:
        return Counter(v.start().pieces().values())
    if v.slug in CARD_ONLY_COUNTS:
        return Counter({Piece(s, k): n for s, k, n in CARD_ONLY_COUNTS[v.slug]})
    return None


def _side_text(counts: Counter[Piece], side: Side) -> str:
    """e.g. '24 Angreifer (davon 8 Kommandanten und 4 Bunte)'; the king is not counted."""
    total = sum(n for p, n in counts.items() if p.side is side and p.kind is not Kind.KING)
    extras = []
    commanders = counts.get(Piece(side, Kind.COMMANDER), 0)
    if commanders:
        extras.append(f"{commanders} Kommandant" + ("en" if commanders != 1 else ""))
    variegated = counts.get(Piece(side, Kind.VARIEGATED), 0)
    if variegated:
        extras.append(f"{variegated} Bunte" if variegated != 1 else "1 Bunter")
    text = f"{total} {side.german}"
    return text + (f" (davon {' und '.join(extras)})" if extras else "")


def _setup(v: Variant) -> str:
    r = v.rules
    board = f"Gespielt wird auf {r.size}×{r.size} Feldern"
    counts = _counts(v)
    first = f"Die {r.first.german} ziehen zuerst."
    if counts is None:
        return f"{board}; eine Startaufstellung ist nicht überliefert. {first}"
    forces = (
        f"{_side_text(counts, Side.ATTACKERS)} gegen {_side_text(counts, Side.DEFENDERS)} "
        "und den König"
    )
    if not v.has_setup:
        return (
            f"{board}: {forces}; auf welchen Feldern sie anfangen, ist nicht überliefert. {first}"
        )
    return f"{board}: {forces}. {first}"


def _square(v: Variant) -> str:
    geo = v.empty().geo
    return geo.name(geo.centre)


def _restricted(v: Variant) -> str:
    r = v.rules
    places = []
    if r.throne:
        places.append(f"den Thron in der Mitte ({_square(v)})")
    if r.corners:
        places.append("die vier Eckfelder")
    text = f"Nur der König darf {' und '.join(places)} betreten."
    if r.throne:
        text += (
            " Über den leeren Thron dürfen alle Figuren hinwegziehen."
            if r.throne_pass is ThronePass.ALL
            else " Auch über den leeren Thron zieht nur er."
        )
    hostile = _hostile_squares(r)
    if hostile:
        text += f" Beim Schlagen zählen sie wie ein Gegner: {hostile}."
    return text


def _hostile_squares(r: RuleSet) -> str:
    """Which restricted squares count as an enemy in a capture, e.g. 'die Eckfelder für beide
    Seiten, der Thron für die Angreifer immer, für die Verteidiger nur, wenn er leer ist'."""
    parts = []
    if r.corners_hostile_attackers and r.corners_hostile_defenders:
        parts.append("die Eckfelder für beide Seiten")
    elif r.corners_hostile_attackers or r.corners_hostile_defenders:
        side = "Angreifer" if r.corners_hostile_attackers else "Verteidiger"
        parts.append(f"die Eckfelder für die {side}")
    if r.throne:
        ha, hd = r.throne_hostile_attackers, r.throne_hostile_defenders
        if ha is hd and ha is not Hostility.NEVER:
            only_empty = " nur, wenn er leer ist" if ha is Hostility.EMPTY else ""
            parts.append(f"der Thron für beide Seiten{only_empty}")
        else:
            sides = []
            for h, name in ((ha, "Angreifer"), (hd, "Verteidiger")):
                if h is Hostility.ALWAYS:
                    sides.append(f"für die {name} immer")
                elif h is Hostility.EMPTY:
                    sides.append(f"für die {name} nur, wenn er leer ist")
            if sides:
                parts.append("der Thron " + ", ".join(sides))
    return ", ".join(parts)


def _capture() -> str:
    return (
        "Eine Figur ist geschlagen, wenn der Gegner sie mit seinem Zug von zwei "
        "gegenüberliegenden Seiten einschließt, waagerecht oder senkrecht. Wer selbst zwischen "
        "zwei Gegner zieht, bleibt stehen."
    )


def _king(r: RuleSet) -> str:
    armed = (
        "Der König schlägt mit."
        if r.king_armed
        else "Der König ist unbewaffnet: Er schlägt nicht und hilft auch nicht beim Schlagen."
    )
    if r.king_capture is KingCapture.TWO_SIDES:
        return f"{armed} Er wird wie jede andere Figur von zwei Seiten geschlagen."
    helpers = []
    if r.throne and r.throne_hostile_defenders is not Hostility.NEVER:
        empty = r.throne_hostile_defenders is Hostility.EMPTY
        helpers.append("ein leerer Thron neben ihm" if empty else "der Thron neben ihm")
    if r.king_edge_counts:
        if r.corners and r.corners_hostile_defenders:
            helpers.append("ein Eckfeld")
        helpers.append("der Brettrand")
    capture = "Gefangen ist er erst, wenn ihn Angreifer von allen vier Seiten einschließen"
    if helpers:
        verb = "zählt" if len(helpers) == 1 else "zählen"
        joined = ", ".join(helpers[:-1]) + (" und " if len(helpers) > 1 else "") + helpers[-1]
        capture += f"; {joined} {verb} dabei wie ein Angreifer"
    capture += "."
    if not r.king_edge_counts and r.escape is Escape.CORNER:
        capture += " Am Brettrand kann er nicht gefangen werden."
    return f"{armed} {capture}"


def _repetition(r: RuleSet) -> str:
    third = "Entsteht dieselbe Stellung mit demselben Spieler am Zug zum dritten Mal, "
    if r.repetition is Repetition.DEFENDERS_LOSE:
        return third + "verlieren die Verteidiger."
    if r.repetition is Repetition.MOVER_LOSES:
        return third + "verliert, wer sie mit seinem Zug herbeigeführt hat."
    return "Stellungen dürfen sich beliebig oft wiederholen; eine Regel dagegen gibt es nicht."


def _no_moves(r: RuleSet) -> str:
    if r.no_moves is NoMoves.LOSES:
        return "Wer am Zug ist und keinen erlaubten Zug hat, verliert."
    return "Hat der Spieler am Zug keinen erlaubten Zug, endet die Partie unentschieden."


def _specials(r: RuleSet) -> list[GlanceItem]:
    out = []
    if r.shieldwall:
        out.append(
            GlanceItem(
                "Schildwall",
                "Stehen mindestens zwei Figuren nebeneinander am Brettrand und vor jeder ein "
                "Gegner, schlägt der Gegner die ganze Reihe, wenn er mit seinem Zug ein Ende "
                "schließt und das andere schon geschlossen ist, auch durch ein Eckfeld. "
                "Ein König in der Reihe bleibt stehen.",
            )
        )
    if r.berserker:
        trigger = "schlägt oder einen Bunten umdreht" if r.variegated else "schlägt"
        text = (
            f"Wer mit einem Zug {trigger}, darf mit derselben Figur sofort weiterziehen, "
            f"wenn auch dieser Zug {trigger}."
        )
        if r.berserker_king_escape:
            text += " Der König darf eine solche Zugfolge mit seiner Flucht beenden."
        out.append(GlanceItem("Berserker", text))
    if r.commander_jump:
        out.append(
            GlanceItem(
                "Kommandanten",
                "Ein Kommandant darf statt zu ziehen über einen direkt benachbarten Gegner, der "
                "weder König noch Kommandant ist, auf das freie Feld dahinter springen. Der "
                "übersprungene Stein wird dabei nicht geschlagen.",
            )
        )
    if r.variegated:
        out.append(
            GlanceItem(
                "Bunte",
                "Ein eingeschlossener Bunter wird nicht geschlagen, sondern wechselt auf seinem "
                "Feld die Seite, auch mehrmals in einer Partie.",
            )
        )
    return out
