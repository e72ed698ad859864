"""Rules as German sentences: the only code that turns a rule set into reader text.

Two forms of the same facts:

- short: value texts of single parameters (rule tables, `tafl show`), the short matrix
  texts, the Grunddaten rows (`king_text`, `escape_text`, `restricted_text`), the piece
  notes, the comparison row `king_sides_text` and the facts of the overview cards;
- long: the plain sentences of “Auf einen Blick” (`glance` and its parts), which the site
  card and the printed rule sheet share.

`tests/core/test_wording.py` checks, for every variant and topic, that both forms state the
same facts. The text is plain (no Markdown); callers add links.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..params import PARAM, PARAMS, applies, label
from ..pieces import Kind, Piece, Side
from ..rule_values import (
    Escape,
    Hostility,
    KingCapture,
    KingJump,
    NoMoves,
    Repetition,
    ThronePass,
)
from .lists import and_list
from .nouns import counted

if TYPE_CHECKING:  # only types: the engine modules never import wording
    from ..rules import RuleSet
    from ..variants import Variant

# -- values of single parameters ---------------------------------------------------------

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

#: Shorter value texts for the wide comparison matrix (where they differ from the long ones).
_SHORT_TEXT: dict[object, str] = {
    KingCapture.TWO_SIDES: "2 Seiten",
    KingCapture.FOUR_SIDES: "4 Seiten",
    KingCapture.STRONG_NEAR_THRONE: "am Thron 4, daneben 3 und der Thron, sonst 2 Seiten",
    Escape.EDGE: "Rand",
    Escape.CORNER: "Ecke",
    ThronePass.ALL: "alle",
    ThronePass.KING: "König",
    KingJump.RESTRICTED: "nur an Sperrfeldern",
}

#: The value of a parameter that does not apply (matrix, comparison).
NOT_APPLICABLE = "—"


def value_text(value: object, short: bool = False) -> str:
    """German text of one parameter value (`short`: the comparison matrix's form)."""
    if isinstance(value, bool):
        return "ja" if value else "nein"
    if isinstance(value, int):
        return f"{value}×{value}"
    if short and value in _SHORT_TEXT:
        return _SHORT_TEXT[value]
    return _VALUE_TEXT[value]


def rule_value(name: str, r: RuleSet, short: bool = False) -> str:
    """German value of one rule, or "—" where the rule does not apply."""
    if not applies(name, r):
        return NOT_APPLICABLE
    return value_text(getattr(r, name), short)


def not_applicable_text(name: str) -> str:
    """Why a rule does not apply, e.g. "entfällt: kein Thron" (only for a rule with a need)."""
    need = PARAM[name].requires
    if need is None:
        raise ValueError(f"'{name}' gilt in jedem Regelwerk")
    return f"entfällt: {need.missing}"


def describe(r: RuleSet, only_applying: bool = False) -> list[tuple[str, str, str]]:
    """(field name, German label, German value) for every parameter, in table order.

    `only_applying` leaves out the parameters that mean nothing here (no throne: no
    throne rules), as `tafl show` prints them.
    """
    return [
        (p.name, p.label, value_text(getattr(r, p.name)))
        for p in PARAMS
        if not only_applying or applies(p.name, r)
    ]


def condition_text(name: str, value: object) -> str:
    """A parameter with a value, e.g. "Fluchtziel des Königs: ein Eckfeld"."""
    return f"{label(name)}: {value_text(value)}"


def german_list(items: list[str], last: str = "und") -> str:
    """'a', 'a und b', 'a, b und c'."""
    return and_list(items, last)


# -- short forms: Grunddaten, piece table, comparison, overview ----------------------------


def board_text(r: RuleSet) -> str:
    """The board, e.g. '11×11 Felder'."""
    return f"{r.size}×{r.size} Felder"


def king_text(r: RuleSet) -> str:
    """The king's rules in one German phrase (Grunddaten row, piece table)."""
    parts = ["bewaffnet (schlägt mit)" if r.king_armed else "unbewaffnet (schlägt nicht mit)"]
    if r.king_capture is KingCapture.TWO_SIDES:
        parts.append("schwach: wird wie jede Figur von zwei Seiten gefangen")
    elif r.king_capture is KingCapture.STRONG_NEAR_THRONE:
        parts.append(
            "stark nur am Thron: auf dem Thron von vier Seiten, daneben von drei Seiten und "
            "dem Thron, sonst wie jede Figur von zwei Seiten"
        )
    else:
        text = "stark: wird erst von vier Seiten gefangen"
        if r.throne or r.corners:
            text += ", feindliche Felder zählen als Seite"
        if r.commander_king_capture:
            text += (
                "; zwei Kommandanten fangen ihn auch zwischen sich, außer auf dem Thron und daneben"
            )
        if r.king_edge_counts:
            text += "; der Brettrand zählt als Seite"
        elif r.escape is Escape.CORNER:  # with edge escape the edge already wins
            if r.commander_king_capture:
                text += "; am Brettrand fangen ihn nur Kommandanten"
            else:
                text += "; am Brettrand nicht zu fangen"
        parts.append(text)
    return "; ".join(parts)


def king_sides_text(r: RuleSet) -> str:
    """What closes in the king, derived from king capture, hostile squares and the edge."""
    hostile = []
    if r.throne and r.throne_hostile_defenders is not Hostility.NEVER:
        hostile.append("der leere Thron")
    if r.corners and r.corners_hostile_defenders:
        hostile.append("ein Eckfeld")
    if r.king_capture is KingCapture.TWO_SIDES:
        return "wie jede Figur von zwei Seiten" + _closers(["Angreifer", *hostile], "oder")
    if r.king_capture is KingCapture.STRONG_NEAR_THRONE:
        return (
            "auf dem Thron von vier Angreifern, neben dem Thron von drei Angreifern und dem "
            "Thron, sonst wie jede Figur von zwei Seiten"
            + _closers(["Angreifer", *hostile], "oder")
        )
    commanders = (
        "; zwischen zwei Kommandanten schon von zwei Seiten, außer auf dem Thron und daneben"
        if r.commander_king_capture
        else ""
    )
    if r.king_edge_counts:
        return "von vier Seiten" + _closers(["Angreifer", *hostile, "der Brettrand"]) + commanders
    # A king beside a corner stands on the edge, where four sides cannot close him in.
    inner = [h for h in hostile if h != "ein Eckfeld"]
    edge = "nur durch Kommandanten" if r.commander_king_capture else "gar nicht"
    return f"von vier Seiten{_closers(['Angreifer', *inner])}{commanders}; am Brettrand {edge}"


def _closers(sides: list[str], last: str = "und") -> str:
    """'; als Seite zählen A, B und C' or ' durch Angreifer' when attackers alone close in."""
    if sides == ["Angreifer"]:
        return " durch Angreifer"
    return "; als Seite zählen " + german_list(sides, last)


def escape_text(r: RuleSet) -> str:
    """Where the king escapes to."""
    if r.escape is Escape.CORNER:
        return "ein Eckfeld (Eckflucht)"
    return "jedes Randfeld (Kantenflucht)"


def _throne_square(v: Variant) -> str:
    geo = v.empty().geo
    return geo.name(geo.centre)


def _corner_squares(v: Variant) -> str:
    geo = v.empty().geo
    return ", ".join(geo.name(s) for s in sorted(geo.corners))


def restricted_text(v: Variant) -> str:
    """Throne and restricted squares in one phrase."""
    r = v.rules
    parts = []
    if r.throne:
        if r.throne_pass is ThronePass.ALL:
            rule = "nur der König darf darauf stehen; leer dürfen ihn alle Figuren überqueren"
        else:
            rule = "nur der König darf darauf stehen oder ihn überqueren"
        if not r.throne_reentry:
            rule += "; hat der König ihn verlassen, betritt ihn niemand mehr"
        parts.append(f"Thron auf {_throne_square(v)} ({rule})")
    if r.corners:
        parts.append(f"Eckfelder {_corner_squares(v)} (nur der König darf sie betreten)")
    return "; ".join(parts) if parts else "keine (kein Thron, keine Sperrfelder)"


#: Special rules worth naming in the key facts, with their German names.
SPECIAL_RULES: tuple[tuple[str, str], ...] = (
    ("shieldwall", "Schildwall"),
    ("edge_fort", "Randfestung"),
    ("encirclement", "Umzingelung"),
    ("linnaean_capture", "Schlag gegen den besetzten Thron"),
    ("berserker", "Berserker-Regel"),
    ("commander_jump", "Kommandanten mit Sprung"),
    ("commander_king_capture", "Königsfang durch zwei Kommandanten"),
    ("knight_jump", "Ritter"),
    ("king_jump", "springender König"),
    ("variegated", "Bunte"),
)


def rule_in_force(r: RuleSet, name: str) -> bool:
    """Whether a special rule is switched on (an enum such as king_jump: not 'none')."""
    value = getattr(r, name)
    return value is not KingJump.NONE if isinstance(value, KingJump) else bool(value)


def special_rules(r: RuleSet) -> list[tuple[str, str]]:
    """(field name, German name) of every special rule in force, in `SPECIAL_RULES` order."""
    return [(name, german) for name, german in SPECIAL_RULES if rule_in_force(r, name)]


def kinds_in_play(counts: Counter[Piece] | None) -> set[Kind] | None:
    """The piece kinds a start (or a source's counts) has; None when nothing is known."""
    return None if counts is None else {p.kind for p, n in counts.items() if n > 0}


def played(name: str, kinds: set[Kind] | None) -> bool:
    """Whether a special rule concerns pieces in play (`kinds`; None: assume it does)."""
    kind = PARAM[name].piece
    return kinds is None or kind is None or kind in kinds


def special_rule_names(r: RuleSet, kinds: set[Kind] | None = None) -> list[str]:
    """German names of the special rules in force (with `kinds`: only those about pieces
    in play – Tyr 15×15's start has no commanders, so its overview does not name them)."""
    return [german for name, german in special_rules(r) if played(name, kinds)]


def overview_facts(r: RuleSet, kinds: set[Kind] | None = None) -> list[str]:
    """The facts of a variant's overview card: board, escape, king, special rules (those
    about a piece kind only when `kinds`, the kinds in play, has it)."""
    king = {
        KingCapture.FOUR_SIDES: "König von 4 Seiten",
        KingCapture.TWO_SIDES: "König von 2 Seiten",
        KingCapture.STRONG_NEAR_THRONE: "König am Thron stark",
    }[r.king_capture]
    escape = "Eckflucht" if r.escape is Escape.CORNER else "Kantenflucht"
    return [f"{r.size}×{r.size}", escape, king, *special_rule_names(r, kinds)]


def side_summary(counts: Counter[Piece], side: Side, colour: str = "") -> str:
    """e.g. '24 Angreifer' or '12 Verteidiger (davon 4 Kommandanten)' (king not counted);
    `colour` an adjective before the side: '24 dunkle Angreifer'."""
    total = sum(n for p, n in counts.items() if p.side is side and p.kind is not Kind.KING)
    extras = []
    for kind in (Kind.COMMANDER, Kind.KNIGHT, Kind.VARIEGATED):
        n = counts.get(Piece(side, kind), 0)
        if n:
            extras.append(counted(kind, n))
    text = f"{total} {colour + ' ' if colour else ''}{side.german}"
    return text + (f" (davon {', '.join(extras)})" if extras else "")


def piece_name(piece: Piece) -> str:
    """'König (Verteidiger)', 'Angreifer (Stein)', 'Kommandant der Verteidiger' …"""
    if piece.kind is Kind.KING:
        return "König (Verteidiger)"
    if piece.kind is Kind.MAN:
        return f"{piece.side.german} (Stein)"
    word = {Kind.COMMANDER: "Kommandant", Kind.KNIGHT: "Ritter"}.get(piece.kind, "Bunter")
    return f"{word} der {piece.side.german}"


def piece_note(r: RuleSet, piece: Piece) -> str:
    """What is special about a piece, for the piece table."""
    if piece.kind is Kind.KING:
        parts = [king_text(r), f"einzige Figur, die fliehen kann: Ziel {escape_text(r)}"]
        if r.throne:
            parts.append("darf als einzige Figur auf dem Thron stehen")
        if r.corners:
            parts.append("darf als einzige Figur die Eckfelder betreten")
        if r.berserker_king_escape:
            parts.append("darf einen Berserker-Lauf mit der Flucht an den Rand beenden")
        if r.king_jump is KingJump.RESTRICTED:
            parts.append(
                "darf über einen direkt benachbarten gewöhnlichen Gegner springen, aber nur "
                "von einem Sperrfeld aus oder auf eines; der Sprung schlägt nicht"
            )
        elif r.king_jump is KingJump.FREE:
            parts.append(
                "darf über einen direkt benachbarten gewöhnlichen Gegner springen; "
                "der Sprung schlägt nicht"
            )
        return "; ".join(parts)
    if piece.kind is Kind.MAN:
        return "gewöhnlicher Stein"
    if piece.kind is Kind.COMMANDER:
        if r.commander_jump:
            never = "König, Kommandant noch Ritter" if r.knight_jump else "König noch Kommandant"
            note = (
                "darf statt zu ziehen über einen direkt benachbarten Gegner (weder "
                f"{never}) auf das freie Feld dahinter springen; der Sprung schlägt nicht"
            )
            if r.commander_king_capture and piece.side is Side.ATTACKERS:
                note += (
                    "; zwei Kommandanten (oder einer und ein Eckfeld) fangen den König "
                    "zwischen sich, außer auf dem Thron und daneben"
                )
            return note
        return "Kommandant (ohne Sprungregel)"
    if piece.kind is Kind.KNIGHT:
        if r.knight_jump:
            return (
                "zieht wie ein Stein oder springt über einen direkt benachbarten gewöhnlichen "
                "Gegner auf das freie Feld dahinter und schlägt ihn damit"
            )
        return "Ritter (ohne Sprungregel)"
    if r.variegated:
        return "wird eingeschlossen nicht geschlagen, sondern wechselt die Seite (auch mehrfach)"
    return "Bunter (ohne Seitenwechsel-Regel)"


def missing_pieces_notes(r: RuleSet, kinds: set[Kind]) -> list[str]:
    """Sentences for rules about pieces the given start (its piece kinds) does not contain."""
    notes = []
    if r.commander_jump and Kind.COMMANDER not in kinds:
        notes.append(
            "Die Regeln kennen Kommandanten mit Sprung, die belegte Startaufstellung enthält "
            "aber keine; wo sie stehen, nennt keine Quelle."
        )
    if r.variegated and Kind.VARIEGATED not in kinds:
        notes.append("Die Regeln kennen Bunte, die belegte Startaufstellung enthält aber keine.")
    return notes


def berserker_trigger(r: RuleSet) -> str:
    """What lets a piece move on under the berserker rule, as a verb phrase after "wer"."""
    return "schlägt oder einen Bunten umdreht" if r.variegated else "schlägt"


def berserker_pieces_note(r: RuleSet, rule_name: str) -> str:
    """The piece table's note on the berserker rule; `rule_name` may be a link."""
    trigger = berserker_trigger(r)
    return (
        f"Für alle Figuren gilt die {rule_name}: wer {trigger}, darf mit derselben Figur "
        f"weiterziehen, wenn sie wieder {trigger}."
    )


# -- long forms: “Auf einen Blick” ---------------------------------------------------------

#: How every piece moves (the engine has no parameter for it).
MOVING = "Wie der Turm im Schach: beliebig weit geradeaus, nie über andere Figuren."

#: The ordinary capture (the engine has no parameter for it).
CAPTURING = (
    "Wer einen Gegner mit seinem Zug zwischen zwei eigene Figuren nimmt, schlägt ihn; "
    "wer selbst dazwischen zieht, bleibt stehen."
)

EDGE_FORT = (
    "Die Verteidiger gewinnen auch, wenn der König am Rand steht und noch ziehen kann, "
    "ihn eine Mauer aus Verteidigern umgibt, die nie fallen kann, und innerhalb der "
    "Mauer kein Angreifer steht."
)

ENCIRCLEMENT = "Die Angreifer gewinnen auch, wenn kein Verteidiger mehr den Rand erreichen kann."

SHIELDWALL = (
    "Zwei oder mehr Figuren am Rand, jede mit einem Gegner davor, fallen zusammen, "
    "wenn ein Zug die Reihe an beiden Enden geschlossen hat (auch eine Ecke "
    "schließt); ein König darin bleibt stehen."
)

#: The restricted squares of a variant without throne and corners (the differences box).
NO_RESTRICTED_SQUARES = (
    "Es gibt keine; auf dem Mittelfeld und in den Ecken darf jede Figur stehen, und kein Feld "
    "zählt beim Schlagen als Gegner."
)

VARIEGATED = (
    "Ein eingeschlossener Bunter wird nicht geschlagen, sondern wechselt die Seite, auch mehrmals."
)


def glance(v: Variant, counts: Counter[Piece] | None) -> list[tuple[str, str]]:
    """(topic, text) of “Auf einen Blick”, in play order; `counts`: the pieces, if known."""
    r = v.rules
    items = [
        ("Ziel", goal_sentence(r)),
        ("Aufstellung", setup_sentence(v, counts)),
        ("Ziehen", MOVING),
    ]
    if r.throne or r.corners:
        items.append(("Sperrfelder", restricted_sentences(v)))
    items.append(("Schlagen", CAPTURING))
    items.append(("König", king_sentences(r)))
    if r.edge_fort:
        items.append(("Randfestung", EDGE_FORT))
    if r.encirclement:
        items.append(("Umzingelung", ENCIRCLEMENT))
    items.append(("Wiederholung", repetition_sentence(r)))
    items.append(("Kein Zug", no_moves_sentence(r)))
    items += special_sentences(r, kinds_in_play(counts))
    return items


def goal_sentence(r: RuleSet) -> str:
    """Who wins how."""
    target = "ein Eckfeld" if r.escape is Escape.CORNER else "ein beliebiges Randfeld"
    return (
        f"Die Verteidiger gewinnen, wenn ihr König {target} erreicht, die Angreifer, "
        "wenn sie ihn fangen."
    )


def first_move(r: RuleSet, verb: str = "ziehen zuerst") -> str:
    """Who moves first: 'Die Angreifer ziehen zuerst.' (`verb`: 'beginnen' reads shorter)."""
    return f"Die {r.first.german} {verb}."


def forces_text(counts: Counter[Piece], *, colours: bool = False) -> str:
    """The forces: '24 Angreifer gegen 12 Verteidiger und den König'; with `colours` each
    side's colour in the diagrams: '24 dunkle Angreifer gegen 12 helle Verteidiger und den
    hellen König' (the colour as an adjective: no second bracket after '(davon …)')."""
    dark, light, king = ("dunkle", "helle", "hellen König") if colours else ("", "", "König")
    attackers = side_summary(counts, Side.ATTACKERS, dark)
    return f"{attackers} gegen {side_summary(counts, Side.DEFENDERS, light)} und den {king}"


def setup_sentence(v: Variant, counts: Counter[Piece] | None) -> str:
    """Board, forces (`counts`; where they stand only with a sourced setup), first mover."""
    r = v.rules
    board = board_text(r)
    first = first_move(r, "beginnen")
    if counts is None:
        return f"{board}; eine Startaufstellung ist nicht überliefert. {first}"
    forces = forces_text(counts)
    if not v.has_setup:
        return f"{board}: {forces}; ihre Startfelder sind nicht überliefert. {first}"
    return f"{board}: {forces}. {first}"


def restricted_sentences(v: Variant) -> str:
    """Throne and corners: who enters and passes them, whom they help capture."""
    r = v.rules
    places = []
    if r.throne:
        places.append(f"dem Thron ({_throne_square(v)})")
    if r.corners:
        places.append("den Ecken")
    text = f"Auf {' und '.join(places)} darf nur der König stehen bleiben"
    if r.throne:
        text += (
            "; über den leeren Thron dürfen alle ziehen."
            if r.throne_pass is ThronePass.ALL
            else ", und auch über den leeren Thron zieht nur er."
        )
        if not r.throne_reentry:
            text += (
                " Hat der König den Thron verlassen, darf ihn niemand mehr betreten, auch er nicht."
            )
    else:
        text += "."
    hostile = hostile_squares_text(r)
    if hostile:
        text += f" Beim Schlagen {hostile}."
    if r.throne and r.linnaean_capture:
        text += (
            " Ist der König auf dem Thron von drei Angreifern umstellt, fällt ein Verteidiger "
            "an seiner vierten Seite auch gegen den Thron."
        )
    return text


def hostile_squares_text(r: RuleSet) -> str:
    """Which restricted squares act as an enemy in a capture, and against whom, as the rest
    of a sentence after "Beim Schlagen " ('' when none does), e.g. "wirken die Ecken gegen
    beide Seiten wie ein Gegner, der Thron gegen Angreifer immer und gegen Verteidiger nur,
    wenn er leer ist"."""
    ha, hd = r.throne_hostile_attackers, r.throne_hostile_defenders
    if not r.throne:
        ha = hd = Hostility.NEVER
    corners_all = r.corners and r.corners_hostile_attackers and r.corners_hostile_defenders
    if corners_all and ha is hd is Hostility.ALWAYS:
        return "wirken Thron und Ecken gegen beide Seiten wie ein Gegner"
    parts: list[tuple[str, bool, str]] = []  # (subject, plural, against whom)
    if corners_all:
        parts.append(("die Ecken", True, "gegen beide Seiten"))
    elif r.corners and (r.corners_hostile_attackers or r.corners_hostile_defenders):
        side = "Angreifer" if r.corners_hostile_attackers else "Verteidiger"
        parts.append(("die Ecken", True, f"nur gegen {side}"))
    if ha is hd is Hostility.EMPTY:
        parts.append(("der leere Thron", False, "gegen beide Seiten"))
    else:
        against = []
        for h, name in ((ha, "Angreifer"), (hd, "Verteidiger")):
            if h is Hostility.ALWAYS:
                against.append(f"gegen {name} immer")
            elif h is Hostility.EMPTY:
                against.append(f"gegen {name} nur, wenn er leer ist")
        if against:
            parts.append(("der Thron", False, " und ".join(against)))
    if not parts:
        return ""
    (subject, plural, whom), rest = parts[0], parts[1:]
    text = f"{'wirken' if plural else 'wirkt'} {subject} {whom} wie ein Gegner"
    return text + "".join(f", {s} {w}" for s, _, w in rest)


def king_sentences(r: RuleSet) -> str:
    """The king: armed or not, how and where he is captured."""
    armed = (
        "Der König schlägt mit."
        if r.king_armed
        else "Der König ist unbewaffnet: Er schlägt nicht und hilft nicht beim Schlagen."
    )
    if r.king_capture is KingCapture.TWO_SIDES:
        return f"{armed} Er fällt wie jede Figur zwischen zwei Gegnern, auch am Rand."
    if r.king_capture is KingCapture.STRONG_NEAR_THRONE:
        return (
            f"{armed} Auf dem Thron fällt er erst, wenn ihn Angreifer von vier Seiten "
            "einschließen, direkt neben dem Thron bei drei Angreifern und dem Thron als "
            "vierter Seite; überall sonst, auch am Rand, fällt er wie jede Figur zwischen zwei "
            "Gegnern."
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
        capture += f"; {german_list(helpers)} daneben {verb} mit"
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


def king_jump_sentence(r: RuleSet) -> str:
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


def repetition_sentence(r: RuleSet) -> str:
    """What the third repetition of a position means."""
    if r.repetition is Repetition.DEFENDERS_LOSE:
        return "Tritt dieselbe Stellung zum dritten Mal ein, verlieren die Verteidiger."
    if r.repetition is Repetition.MOVER_LOSES:
        return "Wer dieselbe Stellung zum dritten Mal herbeiführt, verliert."
    if r.repetition is Repetition.DRAW:
        return "Tritt dieselbe Stellung zum dritten Mal ein, endet die Partie unentschieden."
    return "Stellungen dürfen sich beliebig oft wiederholen."


def no_moves_sentence(r: RuleSet) -> str:
    """What happens to a side that cannot move."""
    if r.no_moves is NoMoves.LOSES:
        return "Wer nicht ziehen kann, verliert."
    return "Kann der Spieler am Zug nicht ziehen, endet die Partie unentschieden."


def special_sentences(r: RuleSet, kinds: set[Kind] | None = None) -> list[tuple[str, str]]:
    """(topic, text) of the special rules in force: shieldwall, berserker, jumps, variegated;
    the rules about a piece kind only when `kinds` (the kinds in play; None: all) has it."""
    out = []
    if r.shieldwall:
        out.append(("Schildwall", SHIELDWALL))
    if r.berserker:
        trigger = berserker_trigger(r)
        text = (
            f"Wer {trigger}, darf mit derselben Figur weiterziehen, solange jeder weitere Zug "
            f"wieder {trigger}."
        )
        if r.berserker_king_escape:
            text += " Der König darf einen solchen Berserker-Lauf mit der Flucht beenden."
        out.append(("Berserker", text))
    never = (
        "weder König, Kommandant noch Ritter" if r.knight_jump else "weder König noch Kommandant"
    )
    if r.commander_jump and played("commander_jump", kinds):
        out.append(
            (
                "Kommandanten",
                f"Ein Kommandant darf über einen angrenzenden Gegner ({never}) auf das freie "
                "Feld dahinter springen; der übersprungene Stein bleibt stehen.",
            )
        )
    if r.knight_jump and played("knight_jump", kinds):
        out.append(
            (
                "Ritter",
                f"Der Ritter darf ebenso über einen angrenzenden Gegner ({never}) springen "
                "und schlägt ihn damit.",
            )
        )
    if r.king_jump is not KingJump.NONE:
        out.append(("Königssprung", king_jump_sentence(r)))
    if r.variegated and played("variegated", kinds):
        out.append(("Bunte", VARIEGATED))
    return out
