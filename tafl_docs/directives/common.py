"""What every directive uses: the error, argument checks, variant lookup, rule names."""

from __future__ import annotations

from tafl_core.params import label
from tafl_core.text import short
from tafl_core.variants import Variant, all_variants
from tafl_docs.catalogue import MECHANIC_OF, ordered_variants
from tafl_docs.markdown import Context, md_link


class DirectiveError(Exception):
    """A directive that cannot be expanded; the message is German and names the cause."""


def get_variant(slug: str) -> Variant:
    """A variant by slug, or a DirectiveError listing the known slugs."""
    found = all_variants().get(slug)
    if found is None:
        known = ", ".join(v.slug for v in ordered_variants())
        raise DirectiveError(f"unbekannte Variante '{short(slug)}' (bekannt: {known})")
    return found


def one_slug(args: list[str], name: str) -> str:
    """The one variant slug a directive takes (a DirectiveError otherwise)."""
    if len(args) != 1:
        raise DirectiveError(
            f"{name} erwartet genau eine Variante, z. B. [[tafl:{name} copenhagen-11]]"
        )
    return args[0]


def short_name(v: Variant) -> str:
    """A compact name for table headers."""
    return v.name.replace(" Hnefatafl", "")


def rule_label(ctx: Context, name: str) -> str:
    """A rule's German label, linked to the page that explains it (where there is one)."""
    target = MECHANIC_OF.get(name)
    text = label(name)
    return md_link(ctx, text, target) if target else text
