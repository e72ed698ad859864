"""“Was ist hier anders als in Copenhagen?” (`anders SLUG`): a card's box of differences.

Cyningstan opens each rule set with what is peculiar to it; players who know Copenhagen
(the tournament rules most clubs play) read here first what changes. The box compares the
variant's rule set with Copenhagen 11×11 parameter by parameter (tafl_core.params: the
labels, in the order of the rule tables) and names the values in their short forms
(tafl_core.wording.rules), each rule linked to the page that explains it.

Left out, so the box lists only what a player notices: a rule that does not apply to the
variant at all (no throne: no throne rules; the missing throne is the difference), and a
sub-rule Copenhagen lacks that is switched off here as well (no berserker run to end).
The king's capture gets the derived row of the comparison page (what closes him in), when
the parameters alone do not show the difference.
"""

from __future__ import annotations

from tafl_core.variants import Variant
from tafl_core.wording.rules import NOT_APPLICABLE, king_sides_text, rule_value
from tafl_docs.catalogue import MECHANIC_OF, card_path
from tafl_docs.directives.common import get_variant, one_slug, rule_label
from tafl_docs.directives.comparison import KING_SIDES_LABEL, compared_params
from tafl_docs.markdown import Context, admonition, md_link

#: The variant every other card is compared with.
REFERENCE = "copenhagen-11"
#: The box's title (also the text the tests look for).
TITLE = "Was ist hier anders als in Copenhagen?"


def differences(v: Variant, ref: Variant) -> list[tuple[str, str, str]]:
    """(parameter name, value here, value in `ref`) for every rule a player notices as
    different; the king's derived row has the name "king_sides"."""
    rows = []
    for name in compared_params():
        here, there = rule_value(name, v.rules, short=True), rule_value(name, ref.rules, short=True)
        if here in (there, NOT_APPLICABLE):
            continue
        if there == NOT_APPLICABLE and here == "nein":
            continue
        rows.append((name, here, there))
    names = {n for n, _, _ in rows}
    if "king_capture" not in names:
        ka, kb = king_sides_text(v.rules), king_sides_text(ref.rules)
        if ka != kb:
            rows.append(("king_sides", ka, kb))
    return rows


def d_anders(ctx: Context, args: list[str]) -> list[str]:
    """The box “Was ist hier anders als in Copenhagen?” for one variant's card."""
    v = get_variant(one_slug(args, "anders"))
    ref = get_variant(REFERENCE)
    link = md_link(ctx, ref.name, card_path(ref))
    if v.slug == ref.slug:
        return []
    rows = differences(v, ref)
    if not rows:
        body = [f"Die Regeln sind dieselben wie in {link}; anders ist nur die Aufstellung."]
    else:
        missing, added, items = [], [], []
        for name, here, there in rows:
            if name == "king_sides":
                label = md_link(ctx, KING_SIDES_LABEL, MECHANIC_OF["king_capture"])
            else:
                label = rule_label(ctx, name)
            if (here, there) == ("nein", "ja"):
                missing.append(label)
            elif here == "ja" and there in ("nein", NOT_APPLICABLE):
                added.append(label)
            else:
                shown = "entfällt" if there == NOT_APPLICABLE else there
                items.append(f"- **{label}:** {here} (in Copenhagen: {shown})")
        # switched-off and switched-on rules in one line each: a short box to read
        if added:
            items.insert(0, f"- **Nur hier:** {', '.join(added)}.")
        if missing:
            items.insert(0, f"- **Gibt es hier nicht:** {', '.join(missing)}.")
        body = [
            f"Wer {link} kennt, lernt hier nur das um; alles andere gilt wie dort.",
            "",
            *items,
        ]
    return admonition("tip tafl-anders", TITLE, body)
