"""OpenTafl notation: reference records from the specification, round trips, errors, CLI.

Expected strings and values are written by hand from opentafl-notation-spec.txt
(jslater89/OpenTafl) and from the variants' rule cards, never taken from tafl_core.otn.
"""

from __future__ import annotations

from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tafl_cli.main import main
from tafl_cli.positions import load_position
from tafl_core import Board, Kind, Move, Piece, Position, RuleSet, Side, all_variants, variant
from tafl_core.geometry import geometry
from tafl_core.movegen import step_effect
from tafl_core.otn import (
    MoveKind,
    OtnError,
    move_record,
    parse_move_record,
    parse_position,
    parse_rules,
    position_record,
    read_rules,
    record_to_move,
    rules_equal_fields,
    rules_string,
    unexpressible,
)
from tafl_core.rules import Escape, Hostility, KingCapture, Repetition, ThronePass

COPENHAGEN_START = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
BRANDUB_START = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
SEA_BATTLE_9_START = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"

A, V, K = (
    Piece(Side.ATTACKERS, Kind.MAN),
    Piece(Side.DEFENDERS, Kind.MAN),
    Piece(Side.DEFENDERS, Kind.KING),
)
CA = Piece(Side.ATTACKERS, Kind.COMMANDER)


def sq(name: str, n: int = 11) -> int:
    """Square number of a name on an n×n board (a1 = 0, rank * n + file)."""
    return (int(name[1:]) - 1) * n + "abcdefghijklmnopqrs".index(name[0])


def build(n: int, pieces: dict[str, Piece], turn: Side = Side.ATTACKERS) -> Position:
    """A position from square names."""
    pos = Position(n, turn)
    for name, piece in pieces.items():
        pos.set_piece(sq(name, n), piece)
    return pos


# -- position records -------------------------------------------------------------


def test_copenhagen_start_is_the_spec_record() -> None:
    assert position_record(variant("copenhagen-11").start()) == COPENHAGEN_START


def test_copenhagen_record_reads_back_as_the_start() -> None:
    assert parse_position(COPENHAGEN_START) == variant("copenhagen-11").start()


def test_brandub_start_squares() -> None:
    pos = parse_position(BRANDUB_START)
    assert pos.size == 7
    pieces = {geometry(7).name(s): p for s, p in pos.pieces().items()}
    attackers = {"d1", "d2", "a4", "b4", "f4", "g4", "d6", "d7"}
    defenders = {"d3", "c4", "e4", "d5"}
    assert set(pieces) == attackers | defenders | {"d4"}
    assert all(pieces[s] == A for s in attackers)
    assert all(pieces[s] == V for s in defenders)
    assert pieces["d4"] == K
    assert position_record(pos) == BRANDUB_START


def test_rank_one_comes_first() -> None:
    # king on a1 (first row of the record), attacker on g7 (last row)
    pos = parse_position("/K6/7/7/7/7/7/6t/")
    assert pos.piece_at(sq("a1", 7)) == K
    assert pos.piece_at(sq("g7", 7)) == A
    assert position_record(build(7, {"a1": K, "g7": A})) == "/K6/7/7/7/7/7/6t/"


def test_top_first_reading_for_starti() -> None:
    pos = parse_position("/K6/7/7/7/7/7/6t/", top_first=True)
    assert pos.piece_at(sq("a7", 7)) == K
    assert pos.piece_at(sq("g1", 7)) == A


def test_special_piece_letters() -> None:
    pos = build(
        7,
        {
            "a1": CA,
            "b1": Piece(Side.DEFENDERS, Kind.COMMANDER),
            "c1": Piece(Side.ATTACKERS, Kind.VARIEGATED),
            "d1": Piece(Side.DEFENDERS, Kind.VARIEGATED),
            "e1": K,
        },
    )
    assert position_record(pos) == "/cCmMK2/7/7/7/7/7/7/"
    assert parse_position("/cCmMK2/7/7/7/7/7/7/") == pos


def test_side_to_move_is_given_not_recorded() -> None:
    assert parse_position(BRANDUB_START, Side.DEFENDERS).turn is Side.DEFENDERS


@pytest.mark.parametrize(
    ("record", "fragment"),
    [
        ("3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3", "'/'"),
        ("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/", "6 Reihen"),
        ("/3t4/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "Reihe 1"),
        ("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t2/", "6 Felder statt 7"),
        ("/3x3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "'x'"),
        ("/3G3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "Wächter"),
        ("/3k3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "König der Angreifer"),
        ("/3K3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "mehr als ein König"),
        ("/3t3//3T3/ttTKTtt/3T3/3t3/3t3/", "leer"),
        ("/0t6/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "0"),
    ],
)
def test_bad_position_records(record: str, fragment: str) -> None:
    with pytest.raises(OtnError, match=None) as info:
        parse_position(record)
    assert fragment in str(info.value)


# -- move records ------------------------------------------------------------------


def names(n: int, squares: list[int]) -> list[str]:
    geo = geometry(n)
    return [geo.name(s) for s in squares]


def test_move_record_capture() -> None:
    rec = parse_move_record("e5-e8xe9", 11)
    assert (rec.letter, rec.kind, rec.mark) == ("", MoveKind.SLIDE, "")
    assert names(11, [rec.frm, rec.to]) == ["e5", "e8"]
    assert [(c.letter, geometry(11).name(c.square)) for c in rec.captures] == [("", "e9")]
    assert rec.text(11) == "e5-e8xe9"


def test_move_record_commander_jump() -> None:
    rec = parse_move_record("ce6^e8", 11)
    assert (rec.letter, rec.kind) == ("c", MoveKind.JUMP)
    assert names(11, [rec.frm, rec.to]) == ["e6", "e8"]
    assert rec.move == Move(sq("e6"), sq("e8"), True)
    assert rec.text(11) == "ce6^e8"


def test_move_record_berserk_jump_with_captures() -> None:
    rec = parse_move_record("Ne6^=e8xce7/ne9/f8/d8", 11)
    assert (rec.letter, rec.kind) == ("N", MoveKind.BERSERK_JUMP)
    assert [(c.letter, geometry(11).name(c.square)) for c in rec.captures] == [
        ("c", "e7"),
        ("n", "e9"),
        ("", "f8"),
        ("", "d8"),
    ]
    assert rec.text(11) == "Ne6^=e8xce7/ne9/f8/d8"


def test_move_record_king_escapes() -> None:
    rec = parse_move_record("Ke1-a1--", 11)
    assert (rec.letter, rec.kind, rec.mark) == ("K", MoveKind.SLIDE, "--")
    assert names(11, [rec.frm, rec.to]) == ["e1", "a1"]
    assert rec.text(11) == "Ke1-a1--"


@pytest.mark.parametrize(
    ("text", "kind", "mark"),
    [
        ("Ne8=e4xe3", MoveKind.BERSERK, ""),
        ("Ke5-e1-", MoveKind.SLIDE, "-"),
        ("a3-e3+", MoveKind.SLIDE, "+"),
        ("e3-e4++", MoveKind.SLIDE, "++"),
        ("c6-c8", MoveKind.SLIDE, ""),
        ("---", MoveKind.RESIGN, ""),
    ],
)
def test_more_spec_move_records(text: str, kind: MoveKind, mark: str) -> None:
    rec = parse_move_record(text, 11)
    assert (rec.kind, rec.mark) == (kind, mark)
    assert rec.text(11) == text


def test_file_c_and_k_are_not_piece_letters() -> None:
    assert parse_move_record("c6-c8", 11).letter == ""
    rec = parse_move_record("k11-k5", 11)
    assert rec.letter == ""
    assert names(11, [rec.frm, rec.to]) == ["k11", "k5"]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("e5e8", "kein OTN-Zugdatensatz"),
        ("e5-e8x", "kein OTN-Zugdatensatz"),
        ("Xe5-e8", "kein OTN-Zugdatensatz"),
        ("e5-e8+++", "kein OTN-Zugdatensatz"),
        ("e5-e12", "Zielfeld"),
        ("l5-e5", "Startfeld"),
        ("e5-e8xe13", "Schlagliste"),
    ],
)
def test_bad_move_records(text: str, fragment: str) -> None:
    with pytest.raises(OtnError) as info:
        parse_move_record(text, 11)
    assert fragment in str(info.value)


def test_writing_a_capture() -> None:
    v = variant("copenhagen-11")
    pos = build(11, {"e5": A, "e9": V, "e10": A, "h2": K})
    board = Board(v, pos)
    assert move_record(board, Move(sq("e5"), sq("e8"))) == "e5-e8xe9"
    assert board.pos == pos  # unchanged


def test_writing_an_escape() -> None:
    board = Board(variant("copenhagen-11"), build(11, {"e1": K, "h5": A}, Side.DEFENDERS))
    assert move_record(board, Move(sq("e1"), sq("a1"))) == "Ke1-a1--"


def test_writing_a_threat_to_escape() -> None:
    board = Board(variant("copenhagen-11"), build(11, {"e5": K, "h5": A}, Side.DEFENDERS))
    # from e1 the king reaches the corner a1 next turn
    assert move_record(board, Move(sq("e5"), sq("e1"))) == "Ke5-e1-"
    assert move_record(board, Move(sq("e5"), sq("e1")), mark="") == "Ke5-e1"


def test_writing_a_king_capture_and_a_threat() -> None:
    v = variant("simples-tafl-11")  # king captured on two sides
    board = Board(v, build(11, {"e5": K, "e4": A, "a6": A, "j9": V}))
    assert move_record(board, Move(sq("a6"), sq("e6"))) == "a6-e6xKe5++"
    board = Board(v, build(11, {"e5": K, "e3": A, "a6": A, "j9": V}))
    # after e3-e4 the attacker on a6 can close e6 next turn
    assert move_record(board, Move(sq("e3"), sq("e4"))) == "e3-e4+"


def test_writing_jumps_and_berserker_steps() -> None:
    v = variant("tyr-11")
    board = Board(v, build(11, {"e6": CA, "e7": V, "b2": K}))
    assert move_record(board, Move(sq("e6"), sq("e8"), True)) == "ce6^e8"
    pos = build(11, {"e5": A, "e9": V, "e10": A, "g8": V, "h8": A, "b2": K})
    board = Board(v, pos)
    first = Move(sq("e5"), sq("e8"))
    assert move_record(board, first) == "e5-e8xe9"
    board.push(first)
    assert board.berserker_open
    assert move_record(board, Move(sq("e8"), sq("f8"))) == "e8=f8xg8"


def test_reading_moves_against_the_engine() -> None:
    v = variant("copenhagen-11")
    board = Board(v, build(11, {"e5": A, "e9": V, "e10": A, "h2": K}))
    assert record_to_move(board, "e5-e8xe9") == Move(sq("e5"), sq("e8"))
    assert record_to_move(board, "e5-e8") == Move(sq("e5"), sq("e8"))  # no list: not checked
    with pytest.raises(OtnError, match="e9"):
        record_to_move(board, "e5-e8xe10")
    with pytest.raises(OtnError, match="Berserker"):
        record_to_move(board, "e5=e8xe9")
    with pytest.raises(OtnError, match="'t'"):
        record_to_move(board, "Ke5-e8xe9")
    board = Board(v, build(11, {"e1": K, "h5": A}, Side.DEFENDERS))
    with pytest.raises(OtnError, match="König"):
        record_to_move(board, "e1-a1")


# -- rules strings -----------------------------------------------------------------

#: OTN defaults as the specification states them (serializer values for cenp).
SPEC_DEFAULTS = {
    "esc": "c",
    "surf": "y",
    "atkf": "y",
    "tfr": "d",
    "ka": "y",
    "ks": "s",
    "cj": "j",
    "cor": "default",
    "cen": "default",
    "corh": "tcnkTCNK",
    "cenh": "tcnk",
    "cenhe": "tcnkTCNK",
    "cenp": "tcnkTCNK",
    "cens": "K",
    "sw": "n",
    "swf": "y",
    "efe": "n",
    "ber": "n",
}


def effective(text: str) -> dict[str, str]:
    """The entries of a rules string with the specification's defaults filled in."""
    tokens = text.split()
    assert tokens[0].startswith("dim:")
    entries = dict(t.split(":", 1) for t in tokens)
    if "start" in entries:
        assert tokens[-1].startswith("start:")
    return {**SPEC_DEFAULTS, **entries}


def has(letters: str, wanted: str) -> bool:
    return all(ch in letters for ch in wanted)


def lacks(letters: str, unwanted: str) -> bool:
    return not any(ch in letters for ch in unwanted)


def test_copenhagen_rules_string() -> None:
    text = rules_string(variant("copenhagen-11"))
    assert text.startswith("dim:11 ")
    assert text.endswith(" start:" + COPENHAGEN_START)
    e = effective(text)
    assert e["atkf"] == "y"  # the rules: attackers first (the spec's example says atkf:n)
    assert (e["esc"], e["surf"], e["ka"], e["ks"]) == ("c", "y", "y", "s")
    assert (e["sw"], e["swf"], e["efe"], e["ber"]) == ("s", "y", "y", "n")
    assert (e["cor"], e["cen"]) == ("default", "default")
    assert has(e["corh"], "tcTCK")
    assert has(e["cenh"], "tc") and lacks(e["cenh"], "TCK")  # occupied throne: attackers only
    assert has(e["cenhe"], "tcTCK")  # empty throne: everybody
    assert has(e["cenp"], "tcTC")  # everybody passes the empty throne
    assert e["cens"] == "K"
    assert e["tfr"] == "w"  # OpenTafl's own choice for Copenhagen; see unexpressible()


@pytest.mark.parametrize(
    ("slug", "expected"),
    [
        ("copenhagen-13", {"dim": "13", "atkf": "y", "sw": "s", "efe": "y", "esc": "c"}),
        (
            "seeschlacht-11",
            {"esc": "e", "ka": "n", "ks": "s", "cor": "", "cen": "", "surf": "y", "tfr": "w"},
        ),
        (
            "simples-tafl-11",
            {"esc": "e", "ks": "w", "cor": "", "cen": "", "surf": "y", "tfr": "l", "ber": "n"},
        ),
        (
            "standard-tablut-9",
            {"dim": "9", "esc": "c", "surf": "n", "tfr": "i", "ks": "s", "cens": "K", "sw": "n"},
        ),
        (
            "tyr-11",
            {"esc": "e", "surf": "n", "tfr": "l", "ks": "w", "cj": "j", "ber": "c", "cor": ""},
        ),
        ("tyr-15", {"dim": "15", "esc": "e", "cj": "j", "ber": "c", "cen": ""}),
        ("odin-11", {"esc": "e", "ks": "w", "cj": "j", "ber": "c", "tfr": "l", "surf": "n"}),
        (
            "brandub-7-opentafl",
            {"dim": "7", "esc": "c", "ks": "w", "ka": "y", "cenh": "", "cenhe": "", "surf": "n"},
        ),
        (
            "tawlbwrdd-11",
            {"esc": "e", "ks": "w", "ka": "y", "cor": "", "cen": "", "surf": "y", "tfr": "d"},
        ),
    ],
)
def test_rules_string_values(slug: str, expected: dict[str, str]) -> None:
    e = effective(rules_string(variant(slug)))
    assert {k: e[k] for k in expected} == expected


@pytest.mark.parametrize("slug", sorted(all_variants()))
def test_king_strength_is_written_as_opentafl_writes_it(slug: str) -> None:
    """'ks:w' / 'ks:c' as OpenTafl's serializer writes them, never the legacy 'ks:n' / 'ks:y'."""
    entries = dict(t.split(":", 1) for t in rules_string(variant(slug)).split())
    assert entries.get("ks") in (None, "w", "c")
    if variant(slug).rules.king_capture is KingCapture.TWO_SIDES:
        assert entries["ks"] == "w"


def test_legacy_king_strength_letters_are_still_read() -> None:
    """The spec keeps 'y' = 's' and 'n' = 'w' for backward compatibility."""
    for legacy, current in (("n", "w"), ("y", "s")):
        old = read_rules(f"dim:7 ks:{legacy} cenhe: cenh: start:{BRANDUB_START}", strict=True)
        new = read_rules(f"dim:7 ks:{current} cenhe: cenh: start:{BRANDUB_START}", strict=True)
        assert old.rules == new.rules


def test_tablut_throne_blocks_and_is_always_hostile() -> None:
    e = effective(rules_string(variant("standard-tablut-9")))
    assert lacks(e["cenp"], "tcTC")
    assert has(e["cenh"], "tcTCK") and has(e["cenhe"], "tcTCK")


def test_odin_has_no_start_entry() -> None:
    assert "start:" not in rules_string(variant("odin-11"))


#: RuleSet fields that an OTN rules string loses, per variant (from the rule cards).
LOST = {
    "standard-tablut-9": {"king_edge_counts", "no_moves"},
    "tyr-11": {"berserker_king_escape"},
    "tyr-15": {"berserker_king_escape"},
    "odin-11": {"berserker_king_escape", "variegated"},
}
#: A word the explanation of each lost field must contain.
LOST_WORD = {
    "king_edge_counts": "Brettrand",
    "no_moves": "Kein erlaubter Zug",
    "berserker_king_escape": "Flucht",
    "variegated": "Bunte",
}


@pytest.mark.parametrize("slug", sorted(all_variants()))
def test_round_trip_every_variant(slug: str) -> None:
    v = variant(slug)
    rules, start = parse_rules(rules_string(v))
    lost = LOST.get(slug, set())
    for f in fields(RuleSet):
        if f.name not in lost:
            assert getattr(rules, f.name) == getattr(v.rules, f.name), f.name
        else:
            assert getattr(rules, f.name) != getattr(v.rules, f.name), f.name
    if v.has_setup:
        assert start == v.start()
        assert start is not None and start.turn is v.rules.first
    else:
        assert start is None
    sentences = " ".join(unexpressible(v.rules))
    for name in lost:
        assert LOST_WORD[name] in sentences, name


def test_defenders_lose_repetition_is_called_unexpressible() -> None:
    for slug in ("copenhagen-11", "seeschlacht-11"):
        assert any("Verteidiger verlieren" in s for s in unexpressible(variant(slug).rules))
    assert not any("Verteidiger verlieren" in s for s in unexpressible(variant("tyr-11").rules))


def test_spec_brandub_rules_import() -> None:
    rules, start = parse_rules(f"dim:7 ks:n cenhe: cenh: start:{BRANDUB_START}")
    assert rules.size == 7 and rules.first is Side.ATTACKERS
    assert rules.throne and rules.corners
    assert rules.throne_hostile_attackers is Hostility.NEVER
    assert rules.throne_hostile_defenders is Hostility.NEVER
    assert rules.throne_pass is ThronePass.ALL
    assert rules.king_capture is KingCapture.TWO_SIDES
    assert rules.escape is Escape.CORNER
    assert rules.corners_hostile_attackers and rules.corners_hostile_defenders
    assert start == parse_position(BRANDUB_START)


def test_spec_sea_battle_rules_import() -> None:
    rules, _ = parse_rules(f"dim:9 esc:e ka:n cen: cenhe: cor: start:{SEA_BATTLE_9_START}")
    assert not rules.throne and not rules.corners
    assert not rules.king_armed
    assert rules.escape is Escape.EDGE
    assert rules.king_capture is KingCapture.FOUR_SIDES


def test_spec_copenhagen_string_means_defenders_first() -> None:
    rules, start = parse_rules(f"dim:11 atkf:n sw:s efe:y start:{COPENHAGEN_START}")
    assert rules.first is Side.DEFENDERS
    assert start is not None and start.turn is Side.DEFENDERS
    assert rules.shieldwall and rules.edge_fort and rules.encirclement


def test_approximations_are_noted_or_refused() -> None:
    text = f"dim:7 ks:m cenhe: cenh: start:{BRANDUB_START}"  # ks:m has no engine value
    result = read_rules(text)
    assert result.rules.king_capture is KingCapture.FOUR_SIDES
    assert any("ks:m" in note for note in result.notes)
    with pytest.raises(OtnError, match="ks:m"):
        read_rules(text, strict=True)
    exact = read_rules(f"dim:7 tfr:i ks:n cenhe: cenh: start:{BRANDUB_START}", strict=True)
    assert exact.rules.repetition is Repetition.NONE


def test_draw_by_repetition_is_read_exactly() -> None:
    """OTN's default 'tfr:d' (third repetition is a draw) is a rule of the engine now."""
    result = read_rules(f"dim:7 ks:n cenhe: cenh: start:{BRANDUB_START}", strict=True)
    assert result.rules.repetition is Repetition.DRAW


#: OpenTafl's serializer output for its Tablut class (research, more_variants.md §4).
OPENTAFL_TABLUT = (
    "dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: "
    "cenhe:tcnkTCNK linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"
)


def test_opentafl_tablut_string_is_read() -> None:
    """OpenTafl's Tablut: ks:c, an empty 'cens' list and the Linnaean capture 'linc:y'."""
    result = read_rules(OPENTAFL_TABLUT, strict=True)
    assert result.rules.king_capture is KingCapture.STRONG_NEAR_THRONE
    assert result.rules.throne_reentry is False
    assert result.rules.repetition is Repetition.DRAW
    assert result.rules.escape.value == "edge" and not result.rules.corners
    assert result.rules.linnaean_capture
    assert not any("linc" in note for note in result.notes)


def test_opentafl_tablut_string_reads_as_tablut_after_linnaeus_but_for_encirclement() -> None:
    """The research names one difference: OpenTafl keeps encirclement on (OTN default surf:y)."""
    result = read_rules(OPENTAFL_TABLUT)
    tablut = variant("tablut-9")
    assert rules_equal_fields(result.rules, tablut.rules) == ["encirclement"]
    assert result.rules.encirclement and not tablut.rules.encirclement
    assert result.position is not None
    assert result.position.pieces() == tablut.start().pieces()


def test_linnaean_capture_is_written_only_where_it_holds() -> None:
    assert "linc:y" in rules_string(variant("tablut-9")).split()
    for slug in sorted(all_variants()):
        if not variant(slug).rules.linnaean_capture:
            assert "linc" not in rules_string(variant(slug)), slug


def test_linnaean_capture_without_throne_is_noted_and_ignored() -> None:
    text = "dim:9 esc:e cor: cen: linc:y"
    result = read_rules(text)
    assert not result.rules.linnaean_capture and not result.rules.throne
    assert any("linc:y" in note for note in result.notes)
    with pytest.raises(OtnError, match="linc"):
        read_rules(text, strict=True)
    assert not read_rules("dim:9 esc:e cor: linc:n").rules.linnaean_capture


#: OpenTafl's own serializer output for its Brandub and Tawlbwrdd classes
#: (more_variants.md §3 and §5, "engine" strings).
OPENTAFL_BRANDUB = (
    "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
)
OPENTAFL_TAWLBWRDD = (
    "dim:11 name:Tawlbwrdd esc:e atkf:y ks:w nj:n cj:n cor: cen: start:/4ttt4/4t1t4/5t5/5T5/"
    "tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/"
)


def test_opentafl_brandub_string_gives_the_opentafl_form() -> None:
    """§3 (b): two attackers everywhere, throne never hostile, corners hostile to all."""
    result = read_rules(OPENTAFL_BRANDUB, strict=True)
    rules = result.rules
    assert rules.king_capture is KingCapture.TWO_SIDES and rules.king_armed
    assert rules.throne_hostile_attackers is Hostility.NEVER
    assert rules.throne_hostile_defenders is Hostility.NEVER
    assert rules.corners_hostile_attackers and rules.corners_hostile_defenders
    assert rules.escape is Escape.CORNER and not rules.encirclement
    assert rules.repetition is Repetition.DRAW  # OpenTafl: third repetition is a draw
    assert rules == variant("brandub-7-opentafl").rules
    assert result.position == variant("brandub-7-opentafl").start()


def test_opentafl_tawlbwrdd_string_gives_the_bell_diamond_card() -> None:
    """§5: no throne or corners, weak armed king, edge escape, encirclement, draw."""
    result = read_rules(OPENTAFL_TAWLBWRDD, strict=True)
    rules = result.rules
    assert not rules.throne and not rules.corners
    assert rules.king_capture is KingCapture.TWO_SIDES and rules.king_armed
    assert rules.escape is Escape.EDGE and rules.encirclement
    assert rules.repetition is Repetition.DRAW
    assert rules == variant("tawlbwrdd-11").rules
    assert result.position == variant("tawlbwrdd-11").start()


def test_strict_accepts_every_variant_but_the_defenders_lose_ones() -> None:
    for v in all_variants().values():
        if v.rules.repetition is Repetition.DEFENDERS_LOSE:
            with pytest.raises(OtnError, match="tfr:w"):
                read_rules(rules_string(v), strict=True)
        elif v.rules.commander_king_capture:
            # OTN has no key for it; OpenTafl applies it in a wider zone than Nielsen
            with pytest.raises(OtnError, match="Kommandanten"):
                read_rules(rules_string(v), strict=True)
        else:
            read_rules(rules_string(v), strict=True)


def test_opentafl_berserk_string_reads_as_nielsens_berserk_but_for_the_first_move() -> None:
    # OpenTafl's serializer output for its Berserk class (research, more_variants.md §2)
    text = (
        "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/"
        "t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/"
    )
    result = read_rules(text)
    berserk = variant("berserk-11")
    # Nielsen: attackers first; OpenTafl lets the defenders begin – the only difference
    assert rules_equal_fields(result.rules, berserk.rules) == ["first"]
    assert result.rules.first is Side.DEFENDERS
    assert result.position is not None
    # the knight 'N' on e5 (OpenTafl's Coord(4,4)), the commanders on b6, f2, j6, f10
    assert result.position.pieces() == berserk.start().pieces()
    assert any("Kommandanten" in note for note in result.notes)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "leer"),
        ("dim:11 foo:y", "'foo'"),
        ("dim:11 ka:x", "ka:x"),
        ("dim:11 efe", "'efe'"),
        ("esc:e dim:11", "'dim:'"),
        (f"dim:11 start:{COPENHAGEN_START} esc:e", "'start:'"),
        ("dim:11 esc:c esc:e", "'esc'"),
        ("dim:12", "dim:12"),
        ("dim:eleven", "dim:eleven"),
        (f"dim:9 start:{COPENHAGEN_START}", "'dim:'"),
        ("dim:7 start:/3t3/3t3/", "start"),
        ("dim:11 cor:z99", "cor:z99"),
        ("dim:11 corh:tx", "'x'"),
        ("dim:11 cor: sw:s", "Eckfelder"),
    ],
)
def test_rules_errors_name_the_part(text: str, fragment: str) -> None:
    with pytest.raises(OtnError) as info:
        parse_rules(text)
    assert fragment in str(info.value)


def test_commanders_in_start_get_the_default_jump() -> None:
    rules, _ = parse_rules("dim:7 cor: cen: esc:e start:/c6/7/7/3K3/7/7/7/")
    assert rules.commander_jump
    rules, _ = parse_rules("dim:7 cor: cen: esc:e cj:n start:/c6/7/7/3K3/7/7/7/")
    assert not rules.commander_jump
    rules, _ = parse_rules("dim:7 cor: cen: esc:e start:/t6/7/7/3K3/7/7/7/")
    assert not rules.commander_jump


# -- property: random play round-trips ----------------------------------------------

WITH_SETUP = sorted(slug for slug, v in all_variants().items() if v.has_setup)


@st.composite
def played_boards(draw: st.DrawFn) -> tuple[Board, list[tuple[Board, Move, str]]]:
    """A board after random legal play, with (board before, step, record) of every step."""
    slug = draw(st.sampled_from([*WITH_SETUP, "odin-on-tyr"]))
    if slug == "odin-on-tyr":
        # Odin's rules on the Tyr setup, some men turned into commanders and variegated men
        v = variant("tyr-11")
        start = v.start()
        men = [s for s, p in start.pieces().items() if p.kind is Kind.MAN]
        for s in draw(st.lists(st.sampled_from(men), max_size=8, unique=True)):
            kind = draw(st.sampled_from([Kind.COMMANDER, Kind.VARIEGATED]))
            start.set_piece(s, Piece(start.piece_at(s).side, kind))  # type: ignore[union-attr]
        board = Board(variant("odin-11").rules, start)
    else:
        board = Board(variant(slug))
    steps = []
    # half of the games prefer jumps and capturing steps, to reach chains and flips
    greedy = draw(st.booleans())
    for _ in range(draw(st.integers(0, 50))):
        if board.outcome is not None:
            break
        if board.berserker_open and draw(st.booleans()):
            board.end_turn()
            continue
        moves = board.legal_moves()
        if not moves:
            break
        if greedy:
            sharp = [m for m in moves if m.jump or any(step_effect(board.ctx, board.pos, m))]
            moves = sharp or moves
        move = moves[draw(st.integers(0, len(moves) - 1))]
        before = Board(board.rules, board.pos)
        steps.append((before, move, move_record(before, move)))
        board.push_unchecked(move)
    return board, steps


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_boards())
def test_random_positions_round_trip(played: tuple[Board, list]) -> None:
    board, _ = played
    pos = board.position()
    record = position_record(pos)
    back = parse_position(record, pos.turn)
    assert back.key() == pos.key()
    assert position_record(back) == record
    assert parse_position(" \n" + record + "\n", pos.turn).key() == pos.key()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_boards())
def test_random_move_records_round_trip(played: tuple[Board, list]) -> None:
    _, steps = played
    for before, move, text in steps:
        rec = parse_move_record(text, before.pos.size)
        assert rec.text(before.pos.size) == text
        assert record_to_move(before, rec) == move


# -- command line -------------------------------------------------------------------


def test_cli_prints_the_rules_string(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["otn", "copenhagen-11"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("start:" + COPENHAGEN_START)
    assert out[1] == ""
    assert any("Verteidiger verlieren" in line for line in out[2:])


@pytest.mark.parametrize(
    "slug", ["brandub-7", "brandub-7-opentafl", "tawlbwrdd-11", "fetlar-11", "tablut-9"]
)
def test_cli_rules_string_reads_back(slug: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`tafl otn SLUG` prints a rules string that `tafl otn --rules … --strict` reads back."""
    assert main(["otn", slug]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    rules, start = parse_rules(line)
    assert rules == variant(slug).rules
    assert start == variant(slug).start()
    assert main(["otn", "--rules", line, "--strict"]) == 0
    assert "Startaufstellung" in capsys.readouterr().out


def test_cli_converts_positions(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    otn_file = tmp_path / "brandub.otn"
    otn_file.write_text(BRANDUB_START + "\n", encoding="utf-8")
    assert main(["otn", "--position", str(otn_file)]) == 0
    grid = capsys.readouterr().out
    assert grid.splitlines()[3].split() == ["4", "A", "A", "V", "K", "V", "A", "A"]
    grid_file = tmp_path / "brandub.txt"
    grid_file.write_text(grid, encoding="utf-8")
    assert main(["otn", "--position", str(grid_file)]) == 0
    assert capsys.readouterr().out.strip() == BRANDUB_START


def test_position_files_may_hold_otn(tmp_path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "start.otn"
    f.write_text("\n  " + COPENHAGEN_START + "\n", encoding="utf-8")
    v = variant("copenhagen-11")
    assert load_position(str(f), v, None) == v.start()
    assert load_position(str(f), v, Side.DEFENDERS).turn is Side.DEFENDERS
    f.write_text(BRANDUB_START, encoding="utf-8")
    with pytest.raises(ValueError, match="7×7"):
        load_position(str(f), v, None)


@pytest.mark.parametrize(
    "argv",
    [
        ["otn"],
        ["otn", "nirgendwo-11"],
        ["otn", "--rules", "dim:11 foo:y"],
        ["otn", "copenhagen-11", "--move", "e5e8"],
    ],
)
def test_cli_bad_input_gives_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("tafl: Fehler: ")
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_cli_play_accepts_an_otn_position(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "start.otn"
    f.write_text(COPENHAGEN_START, encoding="utf-8")
    assert main(["play", "copenhagen-11", "d1-d3", "--position", str(f)]) == 0
    assert "Am Zug: Verteidiger" in capsys.readouterr().out
