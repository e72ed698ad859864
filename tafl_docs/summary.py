"""“Auf einen Blick”: the rules of a variant in about twelve short German items.

The sentences come from tafl_core.wording.rules (`glance`), the one place that turns rules
into German, so the summary says what the Grunddaten and the engine say. The text is plain
(no Markdown) and uses reader words only, so the site card and the printed rule sheet can
both use it. The items are short on purpose: on the site the whole list and the setup
diagram fit two phone screens.

Topics, in this order (only those the variant has): Ziel, Aufstellung, Ziehen,
Sperrfelder, Schlagen, König, Randfestung, Umzingelung, Wiederholung, Kein Zug,
Schildwall, Berserker, Kommandanten, Ritter, Königssprung, Bunte.
"""

from __future__ import annotations

from dataclasses import dataclass

from tafl_core.variants import Variant
from tafl_core.wording.rules import glance


@dataclass(frozen=True)
class GlanceItem:
    """One line of “Auf einen Blick”: a topic word and one or two plain German sentences."""

    topic: str
    text: str


def at_a_glance(v: Variant) -> list[GlanceItem]:
    """The facts of “Auf einen Blick” for a variant, in play order (the sentences come from
    tafl_core.wording.rules; the piece counts from the setup or the data file's counts)."""
    return [GlanceItem(topic, text) for topic, text in glance(v, v.piece_counts())]
