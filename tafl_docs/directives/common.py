"""What every directive uses: the error, argument checks, variant lookup, rule names."""

from __future__ import annotations

from collections.abc import Iterable

from tafl_core.rules import (
    LABELS,
    KingJump,
    RuleSet,
)
from tafl_core.variants import Variant, all_variants
from tafl_docs.catalogue import MECHANIC_OF, ordered_variants
from tafl_docs.markdown import (
    Context,
    md_link,
)


class DirectiveError(Exception):
    """A directive that cannot be expanded; the message is German and names the cause."""


def get_variant(slug: str) -> Variant:
    """A variant by slug, or a DirectiveError listing the known slugs."""
    found = all_variants().get(slug)
    if found is None:
        known = ", ".join(v.slug for v in ordered_variants())
        raise DirectiveError(f"unbekannte Variante '{slug}' (bekannt: {known})")
    return found


def one_slug(args: list[str], name: str) -> str:
    if len(args) != 1:
        raise DirectiveError(
            f"{name} erwartet genau eine Variante, z. B. [[tafl:{name} copenhagen-11]]"
        )
    return args[0]


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


def short_name(v: Variant) -> str:
    """A compact name for table headers."""
    return v.name.replace(" Hnefatafl", "")


def square_names(v: Variant, squares: Iterable[int]) -> str:
    """Square names such as 'a1, k1'."""
    geo = v.empty().geo
    return ", ".join(geo.name(s) for s in squares)


def throne_square(v: Variant) -> str:
    """Name of the centre square."""
    geo = v.empty().geo
    return geo.name(geo.centre)


def corner_squares(v: Variant) -> str:
    """Names of the four corners, in the order a1, last file 1, a-top, last-top."""
    geo = v.empty().geo
    return square_names(v, sorted(geo.corners))


def rule_label(ctx: Context, name: str) -> str:
    target = MECHANIC_OF.get(name)
    label = LABELS[name]
    return md_link(ctx, label, target) if target else label
