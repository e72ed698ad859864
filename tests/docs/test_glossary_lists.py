"""The glossary names every variant where a rule applies (issue 33, item 5).

The lists are made from the variant data by the directives `gilt-in` and `varianten-je`;
this test expands the glossary page and checks each entry against a rule test written here,
so an entry that loses a variant (a hand-typed list, a wrong condition) fails.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tafl_core.rules import Escape, KingCapture, RuleSet
from tafl_docs.catalogue import ordered_variants
from tafl_docs.directives import Context, expand

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossar.md"
_LINK = re.compile(r"\]\(varianten/([a-z0-9-]+)\.md\)")


def entries() -> dict[str, str]:
    """Each term of the expanded glossary with its definition text."""
    text, problems = expand(GLOSSARY.read_text(encoding="utf-8"), Context("glossar.md", "glossar/"))
    assert not problems
    found: dict[str, str] = {}
    term = ""
    for line in text.splitlines():
        if line and not line.startswith((" ", ":", "#")):
            term = line.strip()
            found[term] = ""
        elif term:
            found[term] += line + "\n"
    return found


def linked(text: str) -> set[str]:
    return set(_LINK.findall(text))


def having(test: Callable[[RuleSet], bool]) -> set[str]:
    return {v.slug for v in ordered_variants() if test(v.rules)}


#: term -> (the line's lead, the rule the named variants have)
LISTS: dict[str, tuple[str, Callable[[RuleSet], bool]]] = {
    "Berserker-Regel": ("Gilt in", lambda r: r.berserker),
    "Bunter (Mehrzahl: Bunte)": ("Gilt in", lambda r: r.variegated),
    "Eckflucht": ("Gilt in", lambda r: r.escape is Escape.CORNER),
    "Kantenflucht": ("Gilt in", lambda r: r.escape is Escape.EDGE),
    "Linné-Regel": ("Gilt in", lambda r: r.linnaean_capture),
    "Randfestung": ("Gilt in", lambda r: r.edge_fort),
    "Schildwall": ("Gilt in", lambda r: r.shieldwall),
    "Umzingelung": ("Gilt in", lambda r: r.encirclement),
    "Thron": ("Einen Thron haben", lambda r: r.throne),
    "Schwacher König, starker König": (
        "Schwach",
        lambda r: r.king_capture is KingCapture.TWO_SIDES,
    ),
}


@pytest.mark.parametrize("term", sorted(LISTS))
def test_the_entry_names_exactly_the_variants_with_the_rule(term: str) -> None:
    lead, test = LISTS[term]
    text = entries()[term]
    line = next(x for x in text.splitlines() if x.strip().startswith(lead + ":"))
    assert linked(line) == having(test), (term, line)


def test_thron_names_the_variants_without_one_too() -> None:
    text = entries()["Thron"]
    line = next(x for x in text.splitlines() if x.strip().startswith("Ohne Thron"))
    assert linked(line) == having(lambda r: not r.throne)
    assert "tawlbwrdd-11" in linked(line)  # the finding of issue 33


@pytest.mark.parametrize("term", ["Zugwiederholung", "Zugunfähigkeit"])
def test_rules_every_variant_has_name_every_variant_once(term: str) -> None:
    items = [x for x in entries()[term].splitlines() if x.strip().startswith("- ")]
    slugs = [s for item in items for s in _LINK.findall(item)]
    assert sorted(slugs) == sorted(v.slug for v in ordered_variants())


def test_no_hand_typed_variant_list_is_left() -> None:
    """A definition names variants only through the generated lines (or in its prose about
    where a piece comes from): no '(Copenhagen, Fetlar, …)' list."""
    source = GLOSSARY.read_text(encoding="utf-8")
    assert not re.search(r"\((?:[A-Z][\w-]+(?: [A-Z][\w-]+)*, ){2,}", source)
