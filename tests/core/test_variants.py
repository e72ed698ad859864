"""Every variant loads; starting positions match the cards' piece tables.

Expected counts written by hand from the cards and design §4.8: Copenhagen 11: 24 attackers,
12 defenders and the king ("24 Angreifern gegen 12 Verteidiger und ihren König");
Seeschlacht 11 and Simples Tafl: 12 defenders + king against 24 attackers; Tyr 15: 20
defenders + king against 40 attackers (canonical setup without commanders, whose squares no
source gives); Tyr 11: 12 + king against 24; Copenhagen 13: 32/16/1 (one implementation);
Standard-Tablut 9: "16 Angreifer gegen 8 Verteidiger und den König". Odin has no sourced
setup.
"""

import re

import pytest

from tafl_core import (
    Board,
    Kind,
    Piece,
    RuleSet,
    Side,
    UnknownVariantError,
    VariantDataError,
    all_variants,
    variant,
)
from tafl_core.rules import Escape, Hostility, KingCapture, NoMoves, Repetition
from tafl_core.variants import load_variant_text
from tests.symmetry import mirror_file, rotate, transformed

SLUGS = [
    "berserk-11",
    "brandub-7",
    "brandub-7-opentafl",
    "copenhagen-11",
    "copenhagen-13",
    "fetlar-11",
    "odin-11",
    "seeschlacht-11",
    "simples-tafl-11",
    "standard-tablut-9",
    "tablut-9",
    "tawlbwrdd-11",
    "tyr-11",
    "tyr-15",
]

# slug: (size, attackers, defenders without the king, kings)
COUNTS = {
    "copenhagen-11": (11, 24, 12, 1),
    "copenhagen-13": (13, 32, 16, 1),
    "seeschlacht-11": (11, 24, 12, 1),
    "simples-tafl-11": (11, 24, 12, 1),
    "tyr-11": (11, 24, 12, 1),
    "tyr-15": (15, 40, 20, 1),
    "standard-tablut-9": (9, 16, 8, 1),
    # more_variants.md: Fetlar A=24 V=12 K=1, Tablut A=16 V=8 K=1, Brandub A=8 V=4 K=1
    "fetlar-11": (11, 24, 12, 1),
    "tablut-9": (9, 16, 8, 1),
    "brandub-7": (7, 8, 4, 1),
    # §3 (the same cross in both Brandub forms) and §5 (Bell diamond): A=8 V=4 K=1, A=24 V=12 K=1
    "brandub-7-opentafl": (7, 8, 4, 1),
    "tawlbwrdd-11": (11, 24, 12, 1),
    # Nielsen, Berserk rule 1: 24 attackers (4 commanders), 12 defenders (1 knight), king
    "berserk-11": (11, 24, 12, 1),
}


# special pieces of a sourced setup (Nielsen, Berserk rule 1: 4 commanders, 1 knight)
SPECIAL_COUNTS = {"berserk-11": {"C": 4, "r": 1}}


def test_all_variants_present():
    assert sorted(all_variants()) == SLUGS


@pytest.mark.parametrize("slug", SLUGS)
def test_variant_loads(slug):
    v = variant(slug)
    assert v.slug == slug
    assert isinstance(v.rules, RuleSet)
    assert v.rules.check() == []
    assert v.rules.first is Side.ATTACKERS  # every card: "Die Angreifer ziehen zuerst"


@pytest.mark.parametrize(("slug", "expected"), COUNTS.items())
def test_starting_counts(slug, expected):
    size, attackers, defenders, kings = expected
    pos = variant(slug).start()
    counts = pos.counts()
    assert pos.size == size
    specials = SPECIAL_COUNTS.get(slug, {})
    assert counts["A"] + counts["C"] + counts["R"] + counts["B"] == attackers
    assert counts["V"] + counts["c"] + counts["r"] + counts["b"] == defenders
    assert counts["K"] == kings
    # special pieces only where a source places them
    for letter in "CcBbRr":
        assert counts[letter] == specials.get(letter, 0), letter
    assert pos.turn is Side.ATTACKERS


@pytest.mark.parametrize("slug", COUNTS)
def test_king_starts_in_the_centre(slug):
    pos = variant(slug).start()
    n = pos.size
    assert pos.king_square() == (n // 2) * n + n // 2


@pytest.mark.parametrize("slug", COUNTS)
def test_starting_position_is_symmetric(slug):
    pos = variant(slug).start()
    geo = pos.geo
    for image in (
        transformed(pos, [mirror_file(geo, s) for s in range(geo.count)]),
        transformed(pos, [rotate(geo, s) for s in range(geo.count)]),
    ):
        # Berserk's single knight cannot be symmetric: compare sides and kings only there
        assert (image.att, image.dfn, image.king, image.cmd) == (
            pos.att,
            pos.dfn,
            pos.king,
            pos.cmd,
        )
        if not pos.kni:
            assert image == pos


def test_odin_has_no_setup():
    v = variant("odin-11")
    assert not v.has_setup
    assert v.setup_missing
    with pytest.raises(VariantDataError) as exc:
        Board(v)
    assert "Odin" in str(exc.value)
    assert isinstance(exc.value, ValueError)


def test_unknown_variant():
    with pytest.raises(UnknownVariantError) as exc:
        variant("ard-ri-7")
    assert "copenhagen-11" in str(exc.value)


# The rule parameters the cards fix (design §3/§4), stated by hand.
RULES = {
    "copenhagen-11": dict(
        king_capture=KingCapture.FOUR_SIDES,
        king_armed=True,
        escape=Escape.CORNER,
        shieldwall=True,
        edge_fort=True,
        encirclement=True,
        repetition=Repetition.DEFENDERS_LOSE,
        no_moves=NoMoves.LOSES,
        throne=True,
        corners=True,
    ),
    "seeschlacht-11": dict(
        king_capture=KingCapture.FOUR_SIDES,
        king_armed=False,
        escape=Escape.EDGE,
        encirclement=True,
        repetition=Repetition.DEFENDERS_LOSE,
        no_moves=NoMoves.LOSES,
        throne=False,
        corners=False,
    ),
    "simples-tafl-11": dict(
        king_capture=KingCapture.TWO_SIDES,
        king_armed=True,
        escape=Escape.EDGE,
        encirclement=True,
        repetition=Repetition.MOVER_LOSES,
        no_moves=NoMoves.LOSES,
        throne=False,
        corners=False,
    ),
    "tyr-15": dict(
        king_capture=KingCapture.TWO_SIDES,
        king_armed=True,
        escape=Escape.EDGE,
        berserker=True,
        berserker_king_escape=True,
        commander_jump=True,
        variegated=False,
        repetition=Repetition.MOVER_LOSES,
        no_moves=NoMoves.LOSES,
        throne=False,
    ),
    "odin-11": dict(
        king_capture=KingCapture.TWO_SIDES,
        king_armed=True,
        escape=Escape.EDGE,
        berserker=True,
        berserker_king_escape=True,
        commander_jump=True,
        variegated=True,
        repetition=Repetition.MOVER_LOSES,
        no_moves=NoMoves.LOSES,
        throne=False,
        corners=False,
    ),
    "standard-tablut-9": dict(
        king_capture=KingCapture.FOUR_SIDES,
        king_edge_counts=True,
        escape=Escape.CORNER,
        shieldwall=False,
        edge_fort=False,
        encirclement=False,
        repetition=Repetition.NONE,
        no_moves=NoMoves.DRAW,
        throne=True,
    ),
    # more_variants.md §1: Copenhagen without shieldwall and fort, repetition a draw
    "fetlar-11": dict(
        king_capture=KingCapture.FOUR_SIDES,
        king_edge_counts=False,
        escape=Escape.CORNER,
        shieldwall=False,
        edge_fort=False,
        encirclement=True,
        repetition=Repetition.DRAW,
        throne_reentry=True,
    ),
    # §4: edge escape, no corners, strong only near the throne, throne barred once left
    "tablut-9": dict(
        king_capture=KingCapture.STRONG_NEAR_THRONE,
        escape=Escape.EDGE,
        corners=False,
        throne=True,
        throne_reentry=False,
        king_armed=True,
    ),
    # §3 (a), World Tafl Federation form
    "brandub-7": dict(
        king_capture=KingCapture.STRONG_NEAR_THRONE,
        escape=Escape.CORNER,
        corners=True,
        corners_hostile_defenders=True,
        throne_reentry=True,
        king_armed=True,
    ),
    # §3 (b), OpenTafl form: two attackers everywhere, throne never hostile, corners hostile
    # to all, no encirclement, third repetition a draw (OpenTafl)
    "brandub-7-opentafl": dict(
        king_capture=KingCapture.TWO_SIDES,
        throne_hostile_attackers=Hostility.NEVER,
        throne_hostile_defenders=Hostility.NEVER,
        corners_hostile_attackers=True,
        corners_hostile_defenders=True,
        escape=Escape.CORNER,
        encirclement=False,
        repetition=Repetition.DRAW,
        king_armed=True,
    ),
    # §5, OpenTafl's engine string: no throne, no corners, weak armed king, edge escape,
    # encirclement on, repetition a draw
    "tawlbwrdd-11": dict(
        throne=False,
        corners=False,
        king_capture=KingCapture.TWO_SIDES,
        king_armed=True,
        escape=Escape.EDGE,
        encirclement=True,
        repetition=Repetition.DRAW,
    ),
}


@pytest.mark.parametrize(("slug", "expected"), RULES.items())
def test_rule_parameters(slug, expected):
    rules = variant(slug).rules
    for key, value in expected.items():
        assert getattr(rules, key) == value, key


def test_same_rules_on_other_boards():
    assert variant("copenhagen-13").rules == _resized(variant("copenhagen-11").rules, 13)
    assert variant("tyr-11").rules == _resized(variant("tyr-15").rules, 11)


def test_tawlbwrdd_is_simple_tafl_with_repetition_a_draw():
    """more_variants.md §5: OpenTafl's Tawlbwrdd rules equal Simple Tafl's on another setup."""
    from dataclasses import replace

    simple = variant("simples-tafl-11").rules
    assert variant("tawlbwrdd-11").rules == replace(simple, repetition=Repetition.DRAW)
    assert variant("tawlbwrdd-11").start() != variant("simples-tafl-11").start()


def _resized(rules, size):
    from dataclasses import replace

    return replace(rules, size=size)


# -- pieces in play (one place instead of legend, directives and palette) ---------------------


def _letters(pieces):
    return "".join(p.letter for p in pieces)


# grid letters, written from the rule cards: commanders in Berserk, Tyr (Fellhuhn) and Odin,
# a knight in Berserk, variegated men only in Odin
RULE_PIECES = {
    "copenhagen-11": "AVK",
    "brandub-7": "AVK",
    "berserk-11": "AVKCcRr",
    "tyr-11": "AVKCc",
    "tyr-15": "AVKCc",
    "odin-11": "AVKCcBb",
}


@pytest.mark.parametrize(("slug", "letters"), RULE_PIECES.items())
def test_rule_set_pieces_are_the_kinds_its_rules_name(slug, letters):
    assert _letters(variant(slug).rules.pieces()) == letters


# Nielsen, Berserk rule 1: the 4 commanders are attackers, the knight a defender; Tyr's start
# has no commanders, so its rules keep both sides' commanders; Odin's card counts name every
# special kind on both sides.
IN_PLAY = {
    "copenhagen-11": "AVK",
    "berserk-11": "AVKCr",
    "tyr-11": "AVKCc",
    "odin-11": "AVKCcBb",
}


@pytest.mark.parametrize(("slug", "letters"), IN_PLAY.items())
def test_variant_pieces_are_the_pieces_in_play(slug, letters):
    assert _letters(variant(slug).pieces()) == letters


def test_piece_counts_come_from_the_start():
    counts = variant("berserk-11").piece_counts()
    # Nielsen, Berserk rule 1: 24 attackers (4 commanders), 12 defenders (1 knight), king
    assert counts == {
        Piece(Side.ATTACKERS, Kind.MAN): 20,
        Piece(Side.ATTACKERS, Kind.COMMANDER): 4,
        Piece(Side.DEFENDERS, Kind.MAN): 11,
        Piece(Side.DEFENDERS, Kind.KNIGHT): 1,
        Piece(Side.DEFENDERS, Kind.KING): 1,
    }


def test_odin_counts_come_from_its_card():
    # Martens' card: king, 6 men, 4 commanders, 2 variegated against 12 men, 8 commanders,
    # 4 variegated; no squares are published
    v = variant("odin-11")
    assert not v.has_setup
    assert v.piece_counts() == {
        Piece(Side.DEFENDERS, Kind.KING): 1,
        Piece(Side.DEFENDERS, Kind.MAN): 6,
        Piece(Side.DEFENDERS, Kind.COMMANDER): 4,
        Piece(Side.DEFENDERS, Kind.VARIEGATED): 2,
        Piece(Side.ATTACKERS, Kind.MAN): 12,
        Piece(Side.ATTACKERS, Kind.COMMANDER): 8,
        Piece(Side.ATTACKERS, Kind.VARIEGATED): 4,
    }


def test_odin_sentence_on_the_missing_setup_agrees_with_its_counts():
    """The reason text names the counts in words; it must not drift from [setup.counts]."""
    v = variant("odin-11")
    numbers = [int(n) for n in re.findall(r"\d+", v.setup_missing.split("Anzahlen")[1])]
    counts = v.piece_counts()
    assert counts is not None
    assert numbers == [n for p, n in counts.items() if p.kind is not Kind.KING]


#: a variant file with neither a grid nor counts
NO_SETUP = """
slug = "probe-11"
name = "Probe"
original_name = "Probe"
[rules]
size = 11
commander_jump = true
[setup]
missing = "keine Quelle"
"""


def test_without_setup_or_counts_the_rules_decide():
    v = load_variant_text(NO_SETUP, "probe-11.toml")
    assert v.piece_counts() is None
    assert _letters(v.pieces()) == "AVKCc"
