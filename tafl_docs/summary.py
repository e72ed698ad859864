"""“Auf einen Blick”: the rules of a variant in about twelve short German items.

Every sentence is chosen from a rule parameter or the variant data, so the summary
cannot drift from the engine; only the sentences on moving and on ordinary capture are
fixed, because the engine plays them the same way in every variant (it has no
parameter for them). The text is plain (no Markdown) and uses reader words
only, so the site card and the printed rule sheet can both use it. The items are short
on purpose: on the site the whole list and the setup diagram fit two phone screens.

Topics, in this order (only those the variant has): Ziel, Aufstellung, Ziehen,
Sperrfelder, Schlagen, König, Randfestung, Umzingelung, Wiederholung, Kein Zug,
Schildwall, Berserker, Kommandanten, Ritter, Königssprung, Bunte.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tafl_core.pieces import Piece, Side
from tafl_core.rules import (
    Escape,
    Hostility,
    KingCapture,
    KingJump,
    NoMoves,
    Repetition,
    RuleSet,
    ThronePass,
)
from tafl_core.variants import Variant
from tafl_docs.pieces import CARD_ONLY_COUNTS, side_summary


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
            "Wie der Turm im Schach: beliebig weit geradeaus, nie über andere Figuren.",
        ),
    ]
    if r.throne or r.corners:
        items.append(GlanceItem("Sperrfelder", _restricted(v)))
    items.append(
        GlanceItem(
            "Schlagen",
            "Wer einen Gegner mit seinem Zug zwischen zwei eigene Figuren nimmt, schlägt ihn; "
            "wer selbst dazwischen zieht, bleibt stehen.",
        )
    )
    items.append(GlanceItem("König", _king(r)))
    if r.edge_fort:
        items.append(
            GlanceItem(
                "Randfestung",
                "Die Verteidiger gewinnen auch, wenn der König am Rand, zugfähig und ohne "
                "Angreifer bei sich, hinter einer Mauer steht, die nie fallen kann.",
            )
        )
    if r.encirclement:
        items.append(
            GlanceItem(
                "Umzingelung",
                "Die Angreifer gewinnen auch, wenn kein Verteidiger mehr den Rand erreichen kann.",
            )
        )
    items.append(GlanceItem("Wiederholung", _repetition(r)))
    items.append(GlanceItem("Kein Zug", _no_moves(r)))
    items += _specials(r)
    return items


def _goal(r: RuleSet) -> str:
    target = "ein Eckfeld" if r.escape is Escape.CORNER else "ein beliebiges Randfeld"
    return (
        f"Die Verteidiger gewinnen, wenn ihr König {target} erreicht, die Angreifer, "
        "wenn sie ihn fangen."
    )


def _counts(v: Variant) -> Counter[Piece] | None:
    """Pieces of the start position, or the counts a source names when no squares are known."""
    if v.has_setup:
        return Counter(v.start().pieces().values())
    if v.slug in CARD_ONLY_COUNTS:
        return Counter({Piece(s, k): n for s, k, n in CARD_ONLY_COUNTS[v.slug]})
    return None


def _setup(v: Variant) -> str:
    r = v.rules
    board = f"{r.size}×{r.size} Felder"
    first = f"Die {r.first.german} beginnen."
    counts = _counts(v)
    if counts is None:
        return f"{board}; eine Startaufstellung ist nicht überliefert. {first}"
    forces = (
        f"{side_summary(counts, Side.ATTACKERS)} gegen {side_summary(counts, Side.DEFENDERS)} "
        "und den König"
    )
    if not v.has_setup:
        return f"{board}: {forces}; ihre Startfelder sind nicht überliefert. {first}"
    return f"{board}: {forces}. {first}"


def _restricted(v: Variant) -> str:
    r = v.rules
    geo = v.empty().geo
    places = []
    if r.throne:
        places.append(f"Thron ({geo.name(geo.centre)})")
    if r.corners:
        places.append("Ecken")
    text = f"{' und '.join(places)} betritt nur der König"
    if r.throne:
        text += (
            "; über den leeren Thron dürfen alle ziehen."
            if r.throne_pass is ThronePass.ALL
            else ", auch über den leeren Thron zieht nur er."
        )
        if not r.throne_reentry:
            text += (
                " Hat der König den Thron verlassen, darf ihn niemand mehr betreten, auch er nicht."
            )
    else:
        text += "."
    hostile = _hostile_squares(r)
    if hostile:
        text += f" Beim Schlagen {hostile}."
    if r.throne and r.linnaean_capture:
        text += (
            " Ist der König auf dem Thron von drei Angreifern umstellt, fällt ein Verteidiger "
            "an seiner vierten Seite auch gegen den Thron."
        )
    return text


def _hostile_squares(r: RuleSet) -> str:
    """Which restricted squares act as an enemy in a capture, and for whom."""
    ha, hd = r.throne_hostile_attackers, r.throne_hostile_defenders
    if not r.throne:
        ha = hd = Hostility.NEVER
    corners_all = r.corners_hostile_attackers and r.corners_hostile_defenders
    if corners_all and ha is hd is Hostility.ALWAYS:
        return "zählen Thron und Ecken für beide Seiten als Gegner"
    parts = []
    if corners_all:
        parts.append("die Ecken für alle")
    elif r.corners_hostile_attackers or r.corners_hostile_defenders:
        side = "Angreifer" if r.corners_hostile_attackers else "Verteidiger"
        parts.append(f"die Ecken für {side}")
    throne = []
    if ha is hd is Hostility.EMPTY:
        parts.append("der leere Thron für beide Seiten")
        ha = hd = Hostility.NEVER
    for h, name in ((ha, "Angreifer"), (hd, "Verteidiger")):
        if h is Hostility.ALWAYS:
            throne.append(f"für {name} immer")
        elif h is Hostility.EMPTY:
            throne.append(f"für {name} nur leer")
    if throne:
        parts.append("der Thron " + ", ".join(throne))
    if not parts:
        return ""
    return "zählen als Gegner: " + ", ".join(parts)


def _king(r: RuleSet) -> str:
    armed = (
        "Der König schlägt mit."
        if r.king_armed
        else "Der König ist unbewaffnet: Er schlägt nicht und hilft nicht beim Schlagen."
    )
    if r.king_capture is KingCapture.TWO_SIDES:
        return f"{armed} Er fällt wie jede Figur zwischen zwei Gegnern."
    if r.king_capture is KingCapture.STRONG_NEAR_THRONE:
        return (
            f"{armed} Auf dem Thron fällt er erst, wenn ihn Angreifer von vier Seiten "
            "einschließen, direkt neben dem Thron bei drei Angreifern und dem Thron als "
            "vierter Seite; überall sonst fällt er wie jede Figur zwischen zwei Gegnern."
        )
    helpers = []
    if r.throne and r.throne_hostile_defenders is not Hostility.NEVER:
        empty = r.throne_hostile_defenders is Hostility.EMPTY
        helpers.append("ein leerer Thron" if empty else "der Thron")
    if r.king_edge_counts:
        if r.corners and r.corners_hostile_defenders:
            helpers.append("eine Ecke")
        helpers.append("der Brettrand")
    capture = "Er fällt erst, wenn ihn Angreifer von vier Seiten einschließen"
    if helpers:
        verb = "zählt" if len(helpers) == 1 else "zählen"
        joined = ", ".join(helpers[:-1]) + (" und " if len(helpers) > 1 else "") + helpers[-1]
        capture += f"; {joined} daneben {verb} mit"
    capture += "."
    if r.commander_king_capture:
        capture += (
            " Zwei Kommandanten fangen ihn schon zwischen sich, einer auch gegen eine Ecke – "
            "nur nicht auf dem Thron und daneben."
        )
    if not r.king_edge_counts and r.escape is Escape.CORNER:
        capture += (
            " Am Rand fangen ihn nur Kommandanten."
            if r.commander_king_capture
            else " Am Rand ist er sicher."
        )
    return f"{armed} {capture}"


def _king_jump(r: RuleSet) -> str:
    """The king's jump in one sentence."""
    where = (
        ", aber nur von einem Sperrfeld aus oder auf eines"
        if r.king_jump is KingJump.RESTRICTED
        else ""
    )
    return (
        f"Der König darf über einen angrenzenden gewöhnlichen Angreifer springen{where}; "
        "der Sprung selbst schlägt nicht."
    )


def _repetition(r: RuleSet) -> str:
    if r.repetition is Repetition.DEFENDERS_LOSE:
        return "Die dritte gleiche Stellung verlieren die Verteidiger."
    if r.repetition is Repetition.MOVER_LOSES:
        return "Wer die dritte gleiche Stellung herbeiführt, verliert."
    if r.repetition is Repetition.DRAW:
        return "Tritt dieselbe Stellung zum dritten Mal ein, endet die Partie unentschieden."
    return "Stellungen dürfen sich beliebig oft wiederholen."


def _no_moves(r: RuleSet) -> str:
    if r.no_moves is NoMoves.LOSES:
        return "Wer nicht ziehen kann, verliert."
    return "Kann der Spieler am Zug nicht ziehen, endet die Partie unentschieden."


def _specials(r: RuleSet) -> list[GlanceItem]:
    out = []
    if r.shieldwall:
        out.append(
            GlanceItem(
                "Schildwall",
                "Zwei oder mehr Figuren am Rand, jede mit einem Gegner davor, fallen zusammen, "
                "wenn ein Zug die Reihe an beiden Enden geschlossen hat (auch eine Ecke "
                "schließt); ein König darin bleibt stehen.",
            )
        )
    if r.berserker:
        trigger = "schlägt oder einen Bunten umdreht" if r.variegated else "schlägt"
        text = (
            f"Wer {trigger}, darf mit derselben Figur weiterziehen, solange jeder weitere Zug "
            f"wieder {trigger}."
        )
        if r.berserker_king_escape:
            text += " Der König darf so eine Zugfolge mit der Flucht beenden."
        out.append(GlanceItem("Berserker", text))
    never = (
        "nicht König, Kommandant oder Ritter" if r.knight_jump else "nicht König, nicht Kommandant"
    )
    if r.commander_jump:
        out.append(
            GlanceItem(
                "Kommandanten",
                f"Ein Kommandant darf über einen angrenzenden Gegner ({never}) auf das freie "
                "Feld dahinter springen; der übersprungene Stein bleibt stehen.",
            )
        )
    if r.knight_jump:
        out.append(
            GlanceItem(
                "Ritter",
                f"Der Ritter darf ebenso über einen angrenzenden Gegner ({never}) springen "
                "und schlägt ihn damit.",
            )
        )
    if r.king_jump is not KingJump.NONE:
        out.append(GlanceItem("Königssprung", _king_jump(r)))
    if r.variegated:
        out.append(
            GlanceItem(
                "Bunte",
                "Ein eingeschlossener Bunter wird nicht geschlagen, sondern wechselt die Seite, "
                "auch mehrmals.",
            )
        )
    return out
