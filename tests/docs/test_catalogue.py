"""The site's catalogue (tafl_docs/data/catalogue.toml): order, topic pages, glance pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from tafl_core.params import PARAMS
from tafl_core.variants import all_variants
from tafl_docs import catalogue
from tafl_docs.summary import at_a_glance

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_order_names_every_variant_once() -> None:
    order = catalogue.variant_order()
    assert len(order) == len(set(order))
    assert sorted(order) == sorted(all_variants())
    assert [v.slug for v in catalogue.ordered_variants()] == list(order)


def test_every_rule_topic_but_the_board_has_a_page_that_exists() -> None:
    pages = catalogue.catalogue().topic_pages
    assert {p.topic for p in PARAMS} - set(pages) == {"brett"}
    for page in pages.values():
        assert (DOCS / page).is_file(), page
    assert set(catalogue.MECHANIC_OF) == {p.name for p in PARAMS if p.topic != "brett"}


def test_every_glance_topic_has_a_page_that_exists() -> None:
    topics = {item.topic for v in all_variants().values() for item in at_a_glance(v)}
    assert topics - set(catalogue.GLANCE_PAGES) == {"Aufstellung"}
    for page in catalogue.GLANCE_PAGES.values():
        assert (DOCS / page).is_file(), page


def test_a_malformed_catalogue_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "catalogue.toml"
    bad.write_text('order = "copenhagen-11"\n[topic_pages]\n[glance_pages]\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"catalogue\.toml"):
        catalogue.load(bad)


def test_sheet_page_limits_name_known_variants_and_default_to_one() -> None:
    limits = catalogue.catalogue().sheet_pages
    assert set(limits) <= set(all_variants())
    assert catalogue.sheet_page_limit("copenhagen-11") == 1
    assert catalogue.sheet_page_limit("tyr-15") == 2


@pytest.mark.parametrize("value", ["0", '"zwei"', "true"])
def test_a_sheet_page_limit_must_be_a_positive_count(tmp_path: Path, value: str) -> None:
    bad = tmp_path / "catalogue.toml"
    bad.write_text(
        f"order = []\n[topic_pages]\n[glance_pages]\n[sheet_pages]\ntyr-15 = {value}\n",
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match="sheet_pages"):
        catalogue.load(bad)
