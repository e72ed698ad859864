"""“Was ist hier anders als in Copenhagen?” (`anders SLUG`): a card's box of differences.

Cyningstan opens each rule set with what is peculiar to it; players who know Copenhagen
(the tournament rules most clubs play) read here first what changes. The box compares the
variant's rule set with Copenhagen 11×11 parameter by parameter (`differences`,
tafl_core.params) and says each change in the reader's words, never with a parameter label:

- the board size in one line;
- the special rules Copenhagen has and this variant lacks ("Gibt es hier nicht") and those
  it adds ("Dazu kommen"; a rule about a piece the start does not have is left out), named
  as “Auf einen Blick” and the Grunddaten name them;
- every other topic with a difference (Ziel, Sperrfelder, König, Wiederholung, Kein Zug)
  as this variant's sentence of “Auf einen Blick” (tafl_core.wording.rules), linked to its
  mechanics page.

Left out, so the box lists only what a player notices: a rule that does not apply to the
variant at all (no throne: no throne rules; the missing throne is the difference), and a
sub-rule Copenhagen lacks that is switched off here as well (no berserker run to end).
The king's capture gets the derived row of the comparison page (what closes him in), when
the parameters alone do not show the difference.
"""

from __future__ import annotations

from tafl_core.params import PARAM
from tafl_core.variants import Variant
from tafl_core.wording.rules import (
    NO_RESTRICTED_SQUARES,
    NOT_APPLICABLE,
    first_move,
    goal_sentence,
    kinds_in_play,
    king_sentences,
    king_sides_text,
    no_moves_sentence,
    played,
    repetition_sentence,
    restricted_sentences,
    rule_value,
    special_rules,
)
from tafl_docs.catalogue import GLANCE_PAGES, MECHANIC_OF, card_path
from tafl_docs.directives.common import get_variant, one_slug
from tafl_docs.directives.comparison import compared_params
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


#: The topic of “Auf einen Blick” that states a parameter's rule (the special rules, which
#: the box names instead, and the board size are not here).
_GLANCE_TOPIC = {
    "first": "Aufstellung",
    "escape": "Ziel",
    "sperrfelder": "Sperrfelder",
    "koenig": "König",
    "wiederholung": "Wiederholung",
    "zugunfaehigkeit": "Kein Zug",
}


def _topic(name: str) -> str | None:
    """The glance topic of a differing row's parameter (None: a special rule or the board)."""
    if name == "king_sides":
        return "König"
    return _GLANCE_TOPIC.get(name) or _GLANCE_TOPIC.get(PARAM[name].topic)


def topic_sentence(v: Variant, topic: str) -> str:
    """This variant's sentence of one topic, as “Auf einen Blick” says it."""
    r = v.rules
    if topic == "Sperrfelder":
        return restricted_sentences(v) if r.throne or r.corners else NO_RESTRICTED_SQUARES
    sentences = {
        "Aufstellung": lambda: first_move(r),
        "Ziel": lambda: goal_sentence(r),
        "König": lambda: king_sentences(r),
        "Wiederholung": lambda: repetition_sentence(r),
        "Kein Zug": lambda: no_moves_sentence(r),
    }
    return sentences[topic]()


def special_changes(v: Variant, ref: Variant) -> tuple[list[str], list[str]]:
    """(special rules `ref` has and `v` lacks, those `v` adds) as parameter names; a rule
    about a piece kind counts only where that kind is in play; one that a topic sentence of
    the box states (the capture against the occupied throne: Sperrfelder) is left to it."""

    def named(w: Variant) -> set[str]:
        kinds = kinds_in_play(w.piece_counts())
        return {n for n, _ in special_rules(w.rules) if played(n, kinds) and _topic(n) is None}

    here, there = named(v), named(ref)
    order = [n for n, _ in special_rules(v.rules)] + [n for n, _ in special_rules(ref.rules)]
    missing = [n for n in dict.fromkeys(order) if n in there and n not in here]
    added = [n for n in dict.fromkeys(order) if n in here and n not in there]
    return missing, added


def _special_link(ctx: Context, name: str, v: Variant) -> str:
    german = dict(special_rules(v.rules))[name]
    return md_link(ctx, german, MECHANIC_OF[name])


def box_lines(ctx: Context, v: Variant, ref: Variant) -> list[str]:
    """The items of the box: board, missing and added special rules, changed topics."""
    items = []
    if v.rules.size != ref.rules.size:
        items.append(
            f"- **Brett:** {v.rules.size}×{v.rules.size} Felder statt "
            f"{ref.rules.size}×{ref.rules.size}."
        )
    missing, added = special_changes(v, ref)
    if missing:
        names = ", ".join(_special_link(ctx, n, ref) for n in missing)
        items.append(f"- **Gibt es hier nicht:** {names}.")
    if added:
        names = ", ".join(_special_link(ctx, n, v) for n in added)
        items.append(f"- **Dazu kommen:** {names}.")
    topics = {_topic(name) for name, _, _ in differences(v, ref)}
    for topic in ("Ziel", "Aufstellung", "Sperrfelder", "König", "Wiederholung", "Kein Zug"):
        if topic in topics:
            page = GLANCE_PAGES.get(topic)
            label = md_link(ctx, topic, page) if page else topic
            items.append(f"- **{label}:** {topic_sentence(v, topic)}")
    return items


def d_anders(ctx: Context, args: list[str]) -> list[str]:
    """The box “Was ist hier anders als in Copenhagen?” for one variant's card."""
    v = get_variant(one_slug(args, "anders"))
    ref = get_variant(REFERENCE)
    link = md_link(ctx, ref.name, card_path(ref))
    if v.slug == ref.slug:
        return []
    items = box_lines(ctx, v, ref)
    if not items:
        body = [f"Die Regeln sind dieselben wie in {link}; anders ist nur die Aufstellung."]
    else:
        body = [f"Wer {link} kennt, lernt hier nur das um; alles andere gilt wie dort.", "", *items]
    return admonition("tip tafl-anders", TITLE, body)
