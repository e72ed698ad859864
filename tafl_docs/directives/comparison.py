"""Rule comparison: the matrix of all variants and two variants point by point (`vergleich`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields

from tafl_core.pieces import Kind, Side
from tafl_core.rules import (
    Hostility,
    KingCapture,
    KingJump,
    RuleSet,
    value_text,
)
from tafl_core.variants import Variant
from tafl_docs.catalogue import MECHANIC_OF, card_path, ordered_variants
from tafl_docs.directives.common import DirectiveError, get_variant, rule_label, short_name
from tafl_docs.markdown import (
    Context,
    german_list,
    md_link,
    table,
)
from tafl_docs.pieces import (
    piece_counts,
    side_summary,
)

#: Short value texts for the wide comparison matrix (keys: the engine's value texts).
_SHORT = {
    "von 2 Seiten (wie jede Figur)": "2 Seiten",
    "von 4 Seiten (feindliche Felder zählen mit)": "4 Seiten",
    value_text(KingCapture.STRONG_NEAR_THRONE): (
        "am Thron 4, daneben 3 und der Thron, sonst 2 Seiten"
    ),
    "jedes Randfeld": "Rand",
    "ein Eckfeld": "Ecke",
    "alle Figuren": "alle",
    "nur der König": "König",
    "Verursacher verliert": "Verursacher verliert",
    value_text(KingJump.RESTRICTED): "nur an Sperrfeldern",
}


#: Rules that only apply when another rule holds: the comparison shows "—" otherwise.
_APPLIES: dict[str, Callable[[RuleSet], bool]] = {
    "throne_pass": lambda r: r.throne,
    "throne_reentry": lambda r: r.throne,
    "throne_hostile_attackers": lambda r: r.throne,
    "throne_hostile_defenders": lambda r: r.throne,
    "linnaean_capture": lambda r: r.throne,
    "corners_hostile_attackers": lambda r: r.corners,
    "corners_hostile_defenders": lambda r: r.corners,
    "king_edge_counts": lambda r: r.king_capture is KingCapture.FOUR_SIDES,
    "berserker_king_escape": lambda r: r.berserker,
}

#: Why a rule does not apply, for the list of one variant's rules.
_NOT_APPLICABLE_WHY = {
    "throne_pass": "entfällt: kein Thron",
    "throne_reentry": "entfällt: kein Thron",
    "throne_hostile_attackers": "entfällt: kein Thron",
    "throne_hostile_defenders": "entfällt: kein Thron",
    "linnaean_capture": "entfällt: kein Thron",
    "corners_hostile_attackers": "entfällt: keine Eckfelder",
    "corners_hostile_defenders": "entfällt: keine Eckfelder",
    "king_edge_counts": "entfällt: der König wird von zwei Seiten gefangen",
    "berserker_king_escape": "entfällt: keine Berserker-Regel",
}

NOT_APPLICABLE = "—"


def applies(name: str, r: RuleSet) -> bool:
    """Whether rule parameter `name` means anything in rule set `r` (no throne: no throne rules)."""
    test = _APPLIES.get(name)
    return test is None or test(r)


def rule_value(name: str, r: RuleSet, short: bool = False) -> str:
    """German value of one rule, or "—" where the rule does not apply."""
    if not applies(name, r):
        return NOT_APPLICABLE
    text = value_text(getattr(r, name))
    return _SHORT.get(text, text) if short else text


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
    if r.king_edge_counts:
        return "von vier Seiten" + _closers(["Angreifer", *hostile, "der Brettrand"])
    # A king beside a corner stands on the edge, where he cannot be captured at all.
    inner = [h for h in hostile if h != "ein Eckfeld"]
    return "von vier Seiten" + _closers(["Angreifer", *inner]) + "; am Brettrand gar nicht"


def _closers(sides: list[str], last: str = "und") -> str:
    """'; als Seite zählen A, B und C' or ' durch Angreifer' when attackers alone close in."""
    if sides == ["Angreifer"]:
        return " durch Angreifer"
    return "; als Seite zählen " + german_list(sides, last)


def _setup_cell(v: Variant) -> str:
    counts = piece_counts(v)
    if counts is None:
        return "nicht belegt"
    att = sum(n for p, n in counts.items() if p.side is Side.ATTACKERS)
    dfn = sum(n for p, n in counts.items() if p.side is Side.DEFENDERS and p.kind is not Kind.KING)
    return f"{att} : {dfn} + König"


def d_vergleich(ctx: Context, args: list[str]) -> list[str]:
    """The full matrix (no argument) or a comparison of two variants (two slugs)."""
    if not args:
        return vergleich_matrix(ctx)
    if len(args) == 2:
        return vergleich_zwei(ctx, get_variant(args[0]), get_variant(args[1]))
    raise DirectiveError("vergleich erwartet keine oder genau zwei Varianten")


def differs(values: Iterable[str]) -> bool:
    """Whether a row really differs: two different values where the rule applies."""
    return len({v for v in values if v != NOT_APPLICABLE}) > 1


def vergleich_matrix(ctx: Context) -> list[str]:
    """Every rule (rows) across every variant (columns), in a scroll box with a fixed label.

    Bold marks only rows whose values differ where the rule applies; "—" marks a rule that
    does not apply (no throne, no corners, no berserker rule, king captured on two sides).
    """
    vs = ordered_variants()
    header = ["Regel"] + [md_link(ctx, short_name(v), card_path(v)) for v in vs]
    setups = [_setup_cell(v) for v in vs]
    figures = "Figuren (Angreifer : Verteidiger)"
    rows = [[f"**{figures}**" if differs(setups) else figures, *setups]]
    for f in fields(RuleSet):
        values = [rule_value(f.name, v.rules, short=True) for v in vs]
        label = rule_label(ctx, f.name)
        if differs(values):
            label = f"**{label}**"
        rows.append([label, *values])
    label = "Regelvergleich aller Varianten (seitlich verschiebbar)"
    return [
        f'<div class="tafl-matrix" markdown role="region" tabindex="0" aria-label="{label}">',
        "",
        *table(header, rows),
        "",
        "</div>",
    ]


#: Topics of the point-by-point comparison of two rule sets, as on the Copenhagen card.
TOPICS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Brett und Figuren", ("size", "first")),
    (
        "Thron und Ecken",
        (
            "throne",
            "corners",
            "throne_pass",
            "throne_reentry",
            "throne_hostile_attackers",
            "throne_hostile_defenders",
            "linnaean_capture",
            "corners_hostile_attackers",
            "corners_hostile_defenders",
        ),
    ),
    ("König", ("king_armed", "king_capture", "king_edge_counts", "escape")),
    ("Schildwall", ("shieldwall",)),
    ("Randfestung", ("edge_fort",)),
    ("Umzingelung", ("encirclement",)),
    (
        "Berserker und Sonderfiguren",
        ("berserker", "berserker_king_escape", "commander_jump", "variegated"),
    ),
    ("Zugwiederholung", ("repetition",)),
    ("Zugunfähigkeit", ("no_moves",)),
)

#: Label of the derived row "what closes in the king" in the comparison of two variants.
KING_SIDES_LABEL = "Wie der König gefangen wird"


def vergleich_zwei(ctx: Context, a: Variant, b: Variant) -> list[str]:
    """Point-by-point comparison of two rule sets: the differences, then what is equal.

    Besides the rule parameters it compares what closes in the king (derived from the
    king's capture, the hostile squares and the edge), so a difference such as "a corner
    counts as a side" shows even where the hostility parameters themselves are equal.
    """
    header = ["Regel", md_link(ctx, a.name, card_path(a)), md_link(ctx, b.name, card_path(b))]
    rows = [["Startaufstellung", _setup_long(a), _setup_long(b)]]
    same = []
    for _topic, names in TOPICS:
        for name in names:
            va, vb = rule_value(name, a.rules), rule_value(name, b.rules)
            if va != vb:
                rows.append([rule_label(ctx, name), va, vb])
            elif va != NOT_APPLICABLE:
                same.append(f"{rule_label(ctx, name)}: {va}")
            if name == "king_capture":
                ka, kb = king_sides_text(a.rules), king_sides_text(b.rules)
                if ka != kb:
                    label = md_link(ctx, KING_SIDES_LABEL, MECHANIC_OF["king_capture"])
                    rows.append([label, ka, kb])
    label = f"Vergleich {a.name} und {b.name}"
    out = [
        f'<div class="tafl-vergleich" markdown role="region" tabindex="0" aria-label="{label}">',
        "",
        *table(header, rows),
        "",
        "</div>",
    ]
    if same:
        out += ["", "Gleich geregelt sind: " + "; ".join(same) + "."]
    return out


def _setup_long(v: Variant) -> str:
    counts = piece_counts(v)
    if counts is None:
        return f"{v.rules.size}×{v.rules.size}; keine Startaufstellung belegt"
    return (
        f"{v.rules.size}×{v.rules.size}: {side_summary(counts, Side.ATTACKERS)} gegen "
        f"{side_summary(counts, Side.DEFENDERS)} und den König"
    )
