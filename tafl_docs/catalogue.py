"""The site's catalogue: variant order and which page explains which topic.

The data lives in `tafl_docs/data/catalogue.toml`; this module reads it once and offers
the variants in site order. A rule parameter's page follows from its topic
(tafl_core.params). Paths are relative to docs/.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tafl_core.params import PARAMS
from tafl_core.variants import Variant, all_variants

CATALOGUE_FILE = Path(__file__).with_name("data") / "catalogue.toml"


@dataclass(frozen=True)
class Catalogue:
    """Variant order, parameter topic → mechanics page, glance topic → mechanics page and
    the pages a variant's rule sheet may take (where more than one)."""

    order: tuple[str, ...]
    topic_pages: Mapping[str, str]
    glance_pages: Mapping[str, str]
    sheet_pages: Mapping[str, int]

    def mechanic_of(self) -> dict[str, str]:
        """Rule parameter → the mechanics page of its topic (parameters with a page)."""
        return {p.name: self.topic_pages[p.topic] for p in PARAMS if p.topic in self.topic_pages}


def _strings(raw: object, key: str) -> dict[str, str]:
    if not isinstance(raw, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in raw.items()
    ):
        raise ValueError(f"{CATALOGUE_FILE}: [{key}] muss Namen auf Seitenpfade abbilden")
    return dict(raw)


def _counts(raw: object, key: str) -> dict[str, int]:
    if not isinstance(raw, dict) or not all(
        isinstance(k, str) and type(v) is int and v > 0 for k, v in raw.items()
    ):
        raise ValueError(f"{CATALOGUE_FILE}: [{key}] muss Varianten auf Seitenzahlen abbilden")
    return dict(raw)


def load(path: Path = CATALOGUE_FILE) -> Catalogue:
    """Read a catalogue file (raises ValueError naming the file on a malformed entry)."""
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    order = data.get("order")
    if not isinstance(order, list) or not all(isinstance(s, str) for s in order):
        raise ValueError(f"{path}: 'order' muss eine Liste von Varianten-Slugs sein")
    return Catalogue(
        order=tuple(order),
        topic_pages=_strings(data.get("topic_pages"), "topic_pages"),
        glance_pages=_strings(data.get("glance_pages"), "glance_pages"),
        sheet_pages=_counts(data.get("sheet_pages", {}), "sheet_pages"),
    )


@cache
def catalogue() -> Catalogue:
    """The site's catalogue (read once)."""
    return load()


def variant_order() -> tuple[str, ...]:
    """The variant slugs in the site's order (as the catalogue lists them)."""
    return catalogue().order


#: Order of the variants in navigation, comparison matrix and lists.
ORDER: tuple[str, ...] = variant_order()
#: Where each rule parameter is explained (paths relative to docs/).
MECHANIC_OF: Mapping[str, str] = catalogue().mechanic_of()
#: The mechanics page that explains each topic of “Auf einen Blick” in full.
GLANCE_PAGES: Mapping[str, str] = catalogue().glance_pages


def ordered_variants() -> list[Variant]:
    """All variants, in the site's order (unknown extra ones at the end)."""
    found = all_variants()
    slugs = [s for s in ORDER if s in found] + [s for s in found if s not in ORDER]
    return [found[s] for s in slugs]


def sheet_page_limit(slug: str) -> int:
    """How many A4 pages a variant's rule sheet may take (one unless the catalogue says more)."""
    return catalogue().sheet_pages.get(slug, 1)


def card_path(v: Variant) -> str:
    """The card of a variant, relative to docs/."""
    return f"varianten/{v.slug}.md"
