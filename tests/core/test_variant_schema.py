"""Every key of a variant data file is schema-checked.

A typo in `[setup]` (`confidance`) was accepted silently, an unknown key in `[[sources]]`
raised a raw TypeError, a number where a text belongs went through. Each such file now raises
VariantDataError naming the file, the table and the key.
"""

from __future__ import annotations

import pytest

from tafl_core import VariantDataError, all_variants
from tafl_core.variants import load_variant_text

ORIGIN = "probe-7.toml"

HEAD = """\
slug = "probe-7"
name = "Probe 7×7"
original_name = "Probe"
{top}
[rules]
size = 7
{rules}
[setup]
missing = "keine Quelle"
{setup}
[[sources]]
key = "Quelle"
title = "Ein Titel"
{source}
"""


def _text(top: str = "", rules: str = "", setup: str = "", source: str = "") -> str:
    return HEAD.format(top=top, rules=rules, setup=setup, source=source)


def test_the_probe_file_itself_loads() -> None:
    v = load_variant_text(_text(), ORIGIN)
    assert (v.slug, v.name, v.rules.size, v.setup) == ("probe-7", "Probe 7×7", 7, None)
    assert [(s.key, s.title, s.url) for s in v.sources] == [("Quelle", "Ein Titel", "")]


# (case, file text, words the message must contain besides the file name)
BAD = [
    ("typo in [setup]", _text(setup='confidance = "hoch"'), ["'confidance'", "[setup]"]),
    ("unknown key in [[sources]]", _text(source='titel = "x"'), ["'titel'", "[[sources]]"]),
    ("unknown top-level key", _text(top='nmae = "x"'), ["'nmae'"]),
    ("the dead card key", _text(top='card = "000_x.txt"'), ["'card'"]),
    ("unknown rule", _text(rules="thron = true"), ["'thron'", "[rules]"]),
    ("number for a text", _text(top="family = 5"), ["'family'", "Text"]),
    ("date for a text", _text(top="date = 2020-10-01"), ["'date'", "Text"]),
    ("text for a yes/no rule", _text(rules='throne = "ja"'), ["'throne'", "[rules]"]),
    ("list for a rule value", _text(rules="escape = ['edge']"), ["'escape'", "[rules]"]),
    ("number for the grid", _text(setup="grid = 5"), ["'grid'", "[setup]"]),
    ("number for a source url", _text(source="url = 3"), ["'url'", "[[sources]]"]),
    (
        "table where the sources list belongs",
        _text(top="sources = { key = 'k', title = 't' }").split("[[sources]]")[0],
        ["'sources'", "Liste"],
    ),
    (
        "texts where the source tables belong",
        _text(top="sources = ['Nielsen']").split("[[sources]]")[0],
        ["[[sources]]", "Tabelle"],
    ),
    ("source without title", _text().replace('title = "Ein Titel"\n', ""), ["'title'"]),
    ("variant without name", _text().replace('name = "Probe 7×7"\n', ""), ["'name'"]),
    (
        "variant without setup",
        _text().replace('[setup]\nmissing = "keine Quelle"\n', ""),
        ["'setup'"],
    ),
    (
        "counts for a piece that does not exist",
        _text(setup="counts.attackers = { king = 1 }"),
        ["'king'", "counts"],
    ),
    (
        "counts of a third side",
        _text(setup="counts.neutral = { man = 1 }"),
        ["'neutral'", "counts"],
    ),
    (
        "text for a count",
        _text(setup="counts.defenders = { man = '6' }"),
        ["'man'", "counts"],
    ),
]


@pytest.mark.parametrize(("text", "words"), [(t, w) for _, t, w in BAD], ids=[c for c, _, _ in BAD])
def test_bad_file_raises_variant_data_error_naming_file_and_key(
    text: str, words: list[str]
) -> None:
    with pytest.raises(VariantDataError) as exc:
        load_variant_text(text, ORIGIN)
    message = str(exc.value)
    assert message.startswith(f"{ORIGIN}: ")
    for word in words:
        assert word in message


def test_rules_table_of_the_wrong_type() -> None:
    text = (
        _text()
        .replace("[rules]\nsize = 7\n", "")
        .replace('original_name = "Probe"\n', 'original_name = "Probe"\nrules = 7\n')
    )
    with pytest.raises(VariantDataError, match=r"^probe-7\.toml: 'rules' muss Tabelle sein"):
        load_variant_text(text, ORIGIN)


def test_counts_and_grid_do_not_go_together() -> None:
    grid = "\n".join([". . . . . . ."] * 3 + [". . . K . . ."] + [". . . . . . ."] * 3)
    text = _text(setup="counts.defenders = { king = 1 }").replace(
        'missing = "keine Quelle"', f'grid = """\n{grid}\n"""'
    )
    with pytest.raises(VariantDataError, match=r"^probe-7\.toml: .*'counts'.*'grid'"):
        load_variant_text(text, ORIGIN)


def test_every_shipped_file_passes_the_schema() -> None:
    assert len(all_variants()) == 14
