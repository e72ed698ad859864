"""Rule comparison: the matrix of all variants and two variants point by point (`vergleich`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from html import escape

from tafl_core.params import TOPICS, of_topic
from tafl_core.pieces import Kind, Side
from tafl_core.rules import RuleSet
from tafl_core.variants import Variant
from tafl_core.wording.rules import NOT_APPLICABLE, king_sides_text, rule_value, side_summary
from tafl_docs.catalogue import MECHANIC_OF, card_path, ordered_variants
from tafl_docs.directives.common import DirectiveError, get_variant, rule_label, short_name
from tafl_docs.markdown import Context, md_link, region, table
from tafl_docs.pieces import piece_counts


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


#: Where the matrix's long words may break (the cells break only at soft hyphens: the
#: stylesheet sets `hyphens: manual`, and browsers do not all know German hyphenation).
#: A word this long without a break would overflow its cell on a phone (390 px).
BREAKS = {"Stellungswiederholung": "Stellungs\u00adwiederholung"}

#: Longest word a matrix cell holds without a soft hyphen (tests/docs check the matrix).
LONGEST_WORD = 16


def breakable(text: str) -> str:
    """`text` with soft hyphens in the long words of `BREAKS`."""
    for word, broken in BREAKS.items():
        text = text.replace(word, broken)
    return text


def vergleich_matrix(ctx: Context) -> list[str]:
    """Every rule (rows) across every variant (columns), in a scroll box with a fixed label
    column and header row, and above it the picker of two variants to show side by side.

    Bold marks only rows whose values differ where the rule applies; "—" marks a rule that
    does not apply (no throne, no corners, no berserker rule, king not captured on
    four sides). The picker (docs/javascripts/tafl-vergleich.js) only shows and hides the
    columns of this table, and with two variants chosen marks the rows where those two
    differ (class `tafl-zeile-anders`; the bold of all variants then gives way); without
    JavaScript every column shows.
    """
    vs = ordered_variants()
    header = ["Regel"] + [md_link(ctx, short_name(v), card_path(v)) for v in vs]
    setups = [_setup_cell(v) for v in vs]
    figures = "Figuren (Angreifer : Verteidiger)"
    rows = [[f"**{figures}**" if differs(setups) else figures, *setups]]
    for f in fields(RuleSet):
        values = [rule_value(f.name, v.rules, short=True) for v in vs]
        label = breakable(rule_label(ctx, f.name))
        values = [breakable(value) for value in values]
        if differs(values):
            label = f"**{label}**"
        rows.append([label, *values])
    label = "Regelvergleich der Varianten (Kopfzeile und Regelspalte bleiben stehen)"
    return [*picker(vs), "", *region("tafl-matrix", label, table(header, rows))]


#: The pair the picker shows first: the rule sets players confuse most.
PICKER_DEFAULT = ("copenhagen-11", "fetlar-11")


def picker(vs: list[Variant]) -> list[str]:
    """The form that picks two variants (by their column) or all; hidden until the script
    that shows and hides the columns has started."""

    def options(chosen: str) -> str:
        return "".join(
            f'<option value="{i}"{" selected" if v.slug == chosen else ""}>'
            f"{escape(v.name)}</option>"
            for i, v in enumerate(vs, 1)
        )

    first, second = PICKER_DEFAULT
    return [
        '<form class="tafl-vergleichswahl" hidden>',
        '<label for="tafl-vergleich-a">Vergleiche</label>',
        f'<select id="tafl-vergleich-a">{options(first)}</select>',
        '<label for="tafl-vergleich-b">mit</label>',
        f'<select id="tafl-vergleich-b">{options(second)}</select>',
        '<span class="tafl-vergleich-schalter">',
        '<label><input type="checkbox" id="tafl-vergleich-unterschiede"> nur Unterschiede</label>',
        '<label><input type="checkbox" id="tafl-vergleich-alle"> alle Varianten</label>',
        "</span>",
        "</form>",
    ]


def compared_params() -> list[str]:
    """Every rule parameter, grouped by topic in the order of the parameter table.

    The comparison of two variants follows `tafl_core.params` (topic of each parameter,
    topics in `TOPICS` order), so a new parameter shows without a list to update here.
    """
    return [p.name for topic in TOPICS for p in of_topic(topic)]


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
    for name in compared_params():
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
    out = region("tafl-vergleich", label, table(header, rows))
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
