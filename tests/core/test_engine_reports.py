"""The engine reports what happened as data: captures with their rule, refusals with facts.

Each position below is built so that the quoted rule text alone decides which piece is
taken and by which rule; the expected squares and rules are written down from the rule,
not read from the engine.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tafl_core import Kind, MoveError, Piece, Side, all_variants, parse_ascii, variant
from tafl_core.board import Board
from tafl_core.captures import Capture, CaptureRule
from tafl_core.legality import REASONS
from tafl_core.outcome import Outcome, Reason
from tafl_core.rules import Hostility, RuleSet
from tafl_core.turns import TurnRecord, play_turn
from tafl_core.wording import events
from tests.rules_helpers import ATT, DEF, make

A = Piece(Side.ATTACKERS, Kind.MAN)
V = Piece(Side.DEFENDERS, Kind.MAN)
K = Piece(Side.DEFENDERS, Kind.KING)


def turn(board: Board, *steps: str) -> TurnRecord:
    """Play one turn and return its record."""
    return play_turn(board, list(steps))


def squares(board: Board, *names: str) -> list[int]:
    return [board.square(n) for n in names]


def only_capture(record: TurnRecord) -> Capture:
    assert len(record.captures) == 1, record.captures
    return record.captures[0]


# -- captures, one position per rule ------------------------------------------------


def test_custodial():
    # "Eine Figur ist geschlagen, wenn ein Gegner sie mit seinem Zug zwischen sich und
    # einer zweiten gegnerischen Figur einschließt" – c2 between b2 and the mover on d2.
    b = make(
        "copenhagen-11",
        """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . K
2 . A V . . . .
1 . . . A . . .
  a b c d e f g
""",
    )
    record = turn(b, "d1-d2")
    c = only_capture(record)
    assert (c.square, c.piece, c.rule) == (b.square("c2"), V, CaptureRule.CUSTODIAL)
    assert c.closing == tuple(squares(b, "d2", "b2"))
    assert record.captured == [b.square("c2")]
    assert record.captured_pieces == {b.square("c2"): V}


def test_hostile_square():
    # Copenhagen: "Die Eckfelder sind für beide Seiten feindlich" – b1 between the corner
    # a1 and the mover on c1.
    b = make(
        "copenhagen-11",
        """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . A . . . K
2 . . . . . . .
1 . V . . . . .
  a b c d e f g
""",
    )
    c = only_capture(turn(b, "c3-c1"))
    assert (c.square, c.piece, c.rule) == (b.square("b1"), V, CaptureRule.HOSTILE_SQUARE)
    assert c.closing == tuple(squares(b, "c1", "a1"))


def test_king_enclosed_on_four_sides():
    # Copenhagen: "Der König wird gefangen, wenn ihn vier Angreifer umschließen" – b3
    # with attackers on a3, b4, b2; the fourth closes c3.
    b = make(
        "copenhagen-11",
        """
7 . . . . . . .
6 . . A . . . .
5 . . . . . . .
4 . A . . . . .
3 A K . . . . .
2 . A . . . . .
1 . . . . . . .
  a b c d e f g
""",
    )
    record = turn(b, "c6-c3")
    c = only_capture(record)
    assert (c.square, c.piece, c.rule) == (b.square("b3"), K, CaptureRule.KING)
    assert c.closing[0] == b.square("c3")
    assert set(c.closing) == set(squares(b, "a3", "b4", "b2", "c3"))
    assert b.outcome == Outcome(ATT, Reason.KING_CAPTURED)


def test_weak_king_between_two_attackers():
    # Tyr: the king "wird wie jede andere Figur von zwei Seiten geschlagen" – c5 between
    # b5 and the mover on d5.
    b = make(
        "tyr-11",
        """
7 . . . . . . .
6 . . . . . . .
5 . A K . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . A . . .
1 . . . . . . .
  a b c d e f g
""",
    )
    c = only_capture(turn(b, "d2-d5"))
    assert (c.square, c.piece, c.rule) == (b.square("c5"), K, CaptureRule.KING)


def test_commander_captures_the_king_on_the_edge():
    # Berserk: "Am Rand fangen ihn zwei Kommandanten" – the king on a3, a commander on a2,
    # the second commander lands on a4.
    b = make(
        "berserk-11",
        """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . C . . . .
3 K . . . . . .
2 C . . . . . .
1 . . . . . . .
  a b c d e f g
""",
    )
    c = only_capture(turn(b, "c4-a4"))
    assert (c.square, c.piece, c.rule) == (b.square("a3"), K, CaptureRule.COMMANDER)
    assert c.closing == tuple(squares(b, "a4", "a2"))


def test_linnaean_capture():
    # Tablut after Linnaeus: with the king on the throne and attackers on his three other
    # sides, "der Thron zählt gegen den vierten Verteidiger als feindlich" – e6 falls when
    # an attacker lands on e7.
    b = make(
        "tablut-9",
        """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . A
6 . . . . V . . . .
5 . . . A K A . . .
4 . . . . A . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
""",
    )
    c = only_capture(turn(b, "i7-e7"))
    assert (c.square, c.piece, c.rule) == (b.square("e6"), V, CaptureRule.LINNAEAN)
    assert c.closing == tuple(squares(b, "e7", "e5"))


WALL = """
7 . . . . . . .
6 . . . . . . .
5 . A . . . . .
4 . . . . . K .
3 . . . . . . .
2 . . A A A . .
1 . . V V V A .
  a b c d e f g
"""


def test_shieldwall():
    # Copenhagen: "Eine Reihe aus zwei oder mehr Figuren am Rand, jede mit einem Gegner
    # direkt vor sich, wird geschlagen, wenn ein gegnerischer Zug beide Enden der Reihe
    # schließt" – c1, d1, e1, closed by f1 and the mover on b1.
    b = make("copenhagen-11", WALL)
    record = turn(b, "b5-b1")
    taken = {c.square: (c.piece, c.rule) for c in record.captures}
    assert taken == {b.square(s): (V, CaptureRule.SHIELDWALL) for s in ("c1", "d1", "e1")}
    assert {c.closing for c in record.captures} == {tuple(squares(b, "b1", "f1"))}
    assert record.shieldwall_squares() == squares(b, "b1", "c1", "d1", "e1", "f1")
    assert record.by_rule(CaptureRule.CUSTODIAL) == []


def test_shieldwall_with_the_king_in_the_row():
    # "Ein König in der Reihe wird nicht genommen, die Verteidiger neben ihm aber schon":
    # the wall c1–g1 is closed; d1 and f1 fall, the whole wall is reported for drawing.
    b = make(
        "copenhagen-11",
        """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . A . .
3 . . . . . . . . .
2 . . . A A A . . .
1 . . A V K V . . .
  a b c d e f g h i
""",
    )
    record = turn(b, "g4-g1")
    assert [(c.square, c.rule) for c in record.captures] == [
        (b.square("d1"), CaptureRule.SHIELDWALL),
        (b.square("f1"), CaptureRule.SHIELDWALL),
    ]
    assert record.shieldwall_squares() == squares(b, "c1", "d1", "e1", "f1", "g1")


def test_shieldwall_closed_by_a_corner():
    # "eine Ecke kann ein Ende schließen": b1 and c1 between the corner a1 and d1.
    b = make(
        "copenhagen-11",
        """
7 . . . . . . .
6 . . . . . . .
5 . . . A . . .
4 . . . . . . K
3 . . . . . . .
2 . A A . . . .
1 . V V . . . .
  a b c d e f g
""",
    )
    record = turn(b, "d5-d1")
    assert {(c.square, c.rule) for c in record.captures} == {
        (b.square("b1"), CaptureRule.SHIELDWALL),
        (b.square("c1"), CaptureRule.SHIELDWALL),
    }
    assert record.shieldwall_squares() == squares(b, "a1", "b1", "c1", "d1")


def test_knight():
    # Berserk: "Der Ritter springt über eine gegnerische Figur und schlägt sie dabei".
    b = make(
        "berserk-11",
        """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . A K . . .
3 . . r . . . .
2 . . . . . . .
1 . . . . . A .
  a b c d e f g
""",
        DEF,
    )
    record = turn(b, "c3-c5")
    c = only_capture(record)
    assert (c.square, c.piece, c.rule) == (b.square("c4"), A, CaptureRule.KNIGHT)
    assert c.closing == (b.square("c5"),)


def test_a_flipped_piece_is_no_capture():
    # Odin: an enclosed variegated man "wechselt die Seite" instead of being taken.
    b = make(
        "odin-11",
        """
7 . . . . . . .
6 . . . . . . .
5 . . . . K . .
4 . . . . . . .
3 . . . . . . .
2 . A b . . . .
1 . . . A . . .
  a b c d e f g
""",
    )
    record = turn(b, "d1-d2")
    assert record.captures == [] and record.captured == []
    assert record.flipped == [b.square("c2")]


def test_berserker_chain_collects_the_captures_of_every_step():
    # Tyr: c2-c5 takes d5 (between c5 and e5), c5-c8 takes d8 (between c8 and e8).
    b = make(
        "tyr-11",
        """
9 . . . . . . . . .
8 . . . V A . . . .
7 . . . . . . . . .
6 . . . . . . . K .
5 . . . V A . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . A . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
""",
    )
    record = turn(b, "c2-c5", "c5-c8")
    assert [(c.square, c.rule) for c in record.captures] == [
        (b.square("d5"), CaptureRule.CUSTODIAL),
        (b.square("d8"), CaptureRule.CUSTODIAL),
    ]


def test_every_capture_rule_has_a_german_text():
    texts = {events.capture_text(rule) for rule in CaptureRule}
    assert len(texts) == len(CaptureRule) and all(texts)


# -- refusals as data ----------------------------------------------------------------


def refusal(board: Board, move: str) -> MoveError:
    with pytest.raises(MoveError) as info:
        board.parse_move(move)
    return info.value


CORNER = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 A . . . . . K
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
"""


def test_refusal_onto_a_restricted_square_carries_its_facts():
    b = make("copenhagen-11", CORNER)
    exc = refusal(b, "a3-a1")
    assert exc.reason == "restricted-square"
    assert (exc.frm, exc.to, exc.square) == tuple(squares(b, "a3", "a1", "a1"))
    assert exc.piece == A and not exc.jump
    assert exc.why == "nur der König darf auf dem Eckfeld a1 stehen"
    assert str(exc) == "a3-a1: nur der König darf auf dem Eckfeld a1 stehen"


def test_refusal_names_the_blocking_piece():
    b = make("copenhagen-11", CORNER.replace("5 . . . . . . .", "5 V . . . . . ."))
    exc = refusal(b, "a3-a6")
    assert exc.reason == "blocked"
    assert exc.square == b.square("a5") and exc.obstacle == V
    assert exc.why == "auf a5 steht eine Figur im Weg"


def test_refusal_of_a_jump_over_the_king():
    # Berserk: "Über den König ... darf nicht gesprungen werden".
    b = make(
        "berserk-11",
        """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . C K . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  a b c d e f g
""",
    )
    exc = refusal(b, "c4-e4")
    assert exc.reason == "jump" and exc.jump
    assert exc.square == b.square("d4") and exc.obstacle == K
    assert exc.piece == Piece(Side.ATTACKERS, Kind.COMMANDER)
    assert exc.why == "über den König darf nicht gesprungen werden"


def test_refusal_of_the_wrong_side():
    b = make("copenhagen-11", CORNER, DEF)
    exc = refusal(b, "a3-a4")
    assert exc.reason == "wrong-side" and exc.piece == A
    assert exc.why == "die Figur auf a3 gehört nicht den Verteidigern, die am Zug sind"


def test_malformed_text_has_no_prefix_to_cut():
    b = make("copenhagen-11", CORNER)
    exc = refusal(b, "a3")
    assert exc.reason == "malformed" and exc.why == str(exc) and exc.frm == -1


def test_second_step_without_the_berserker_rule():
    # A defect once found: a second step in copenhagen-11 is refused as a turn of
    # exactly one step, with the facts of the step.
    b = Board(variant("copenhagen-11"))
    with pytest.raises(MoveError) as info:
        play_turn(b, ["d1-d2", "d2-d3"])
    exc = info.value
    assert exc.reason == "berserker"
    assert exc.why.startswith("ohne Berserker-Regel besteht ein Zug aus genau einem Schritt")
    assert str(exc) == f"Schritt 'd2-d3': {exc.why}"
    assert (exc.frm, exc.to) == (b.square("d2"), b.square("d3"))


def test_every_reason_code_is_documented():
    assert set(REASONS) == {
        "no-piece",
        "wrong-side",
        "null-move",
        "not-straight",
        "occupied",
        "blocked",
        "restricted-square",
        "jump",
        "berserker",
        "game-over",
    }


# -- the berserker refusal names only rules the variant has -----------------------------

CHAIN = """
9 . . . . . . . . .
8 . . . . . . . K .
7 . . . . . . . . .
6 . . . V A . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . V A . . . .
2 . . . . . . . . .
1 . . A . . . . . .
  a b c d e f g h i
"""


def chain_refusal(slug: str, **changes: object) -> MoveError:
    """The refusal of c3-c5 after c1-c3 has taken d3 (c3-c6 would take d6, c3-c5 takes nothing)."""
    pos = parse_ascii(CHAIN, turn=ATT)
    rules = replace(variant(slug).rules, size=pos.size, **changes)
    b = Board(rules, pos)
    b.push_text("c1-c3")
    assert b.berserker_open
    with pytest.raises(MoveError) as info:
        b.push_text("c3-c5")
    return info.value


@pytest.mark.parametrize("slug", ["tyr-11", "tyr-15", "berserk-11"])
def test_berserker_refusal_without_variegated_men_does_not_say_flip(slug):
    # Only Odin has variegated men that are flipped ("umdrehen"); Tyr and Berserk do not.
    assert not variant(slug).rules.variegated
    exc = chain_refusal(slug)
    assert exc.reason == "berserker"
    assert "umdrehen" not in exc.why
    assert exc.why == "im Berserker-Lauf muss jeder weitere Zug schlagen"
    assert str(exc) == "c3-c5: im Berserker-Lauf muss jeder weitere Zug schlagen"


def test_berserker_refusal_in_odin_says_flip():
    assert variant("odin-11").rules.variegated
    exc = chain_refusal("odin-11")
    assert exc.why == "im Berserker-Lauf muss jeder weitere Zug schlagen oder umdrehen"


@pytest.mark.parametrize("escape", [True, False])
def test_berserker_refusal_mentions_the_kings_escape_only_with_that_rule(escape):
    rules = replace(variant("tyr-11").rules, berserker_king_escape=escape)
    text = events.refusal("berserker", rules, piece=K)
    assert ("flieht" in text) is escape
    # a man never escapes, whatever the rule
    assert "flieht" not in events.refusal("berserker", rules, piece=A)


def test_ending_a_turn_without_the_berserker_rule_does_not_speak_of_a_chain():
    b = Board(variant("copenhagen-11"))
    with pytest.raises(MoveError) as info:
        b.end_turn()
    assert "Berserker-Lauf" not in info.value.why
    b = Board(variant("tyr-11"))
    with pytest.raises(MoveError) as info:
        b.end_turn()
    assert info.value.why == "es ist kein Berserker-Lauf offen, der beendet werden könnte"


def test_king_jump_names_only_the_restricted_squares_the_variant_has():
    rules = variant("berserk-11").rules
    text = events.refusal("jump", rules, piece=K, obstacle=A)
    assert text == "der König springt nur von einem Sperrfeld (Thron oder Eckfeld) oder auf eines"
    no_throne = replace(rules, throne=False)
    assert "Thron" not in events.refusal("jump", no_throne, piece=K, obstacle=A)


def test_outcome_text():
    assert Outcome(DEF, Reason.ESCAPE).german() == "Verteidiger gewinnen (Flucht)"
    assert Outcome(None, Reason.REPETITION).german() == "Remis (Zugwiederholung)"
    assert events.outcome_by(Outcome(DEF, Reason.EDGE_FORT)) == (
        "Verteidiger gewinnen durch Randfestung"
    )


def test_reasons_are_codes_and_the_german_words_come_from_wording():
    """Reason values are stable codes (used by the JSON output and the SVG's data-ending);
    the reader's words are made in wording.events only."""
    import inspect
    import re

    for reason in Reason:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", reason.value), reason
        assert reason.german() == events.reason_word(reason)
        assert reason.german() in Outcome(DEF, reason).german()
    assert Reason.KING_CAPTURED.value == "king-captured"
    assert Reason.KING_CAPTURED.german() == "Königsfang"
    source = inspect.getsource(Reason)
    for word in ("Flucht", "Randfestung", "Königsfang", "Umzingelung", "Zugwiederholung"):
        assert word not in source


def test_a_refused_step_keeps_the_steps_played_before_it():
    # Tyr: c2-c5 takes d5 and opens the chain; c5-c4 takes nothing and is refused.
    b = make(
        "tyr-11",
        """
9 . . . . . . . . .
8 . . . V A . . . .
7 . . . . . . . . .
6 . . . . . . . K .
5 . . . V A . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . A . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
""",
    )
    record = TurnRecord()
    with pytest.raises(MoveError) as info:
        play_turn(b, ["c2-c5", "c5-c4"], record=record)
    assert info.value.reason == "berserker"
    assert [m.text(b.pos.geo) for m in record.moves] == ["c2-c5"]
    assert record.captured == [b.square("d5")]


def test_a_step_after_the_end_of_the_game_is_refused_as_such():
    # Brandub: the king escapes to the corner a7 and the game is over; no step follows.
    b = make(
        "brandub-7",
        """
7 . . . . . . .
6 K . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . A
1 . . . . . . .
  a b c d e f g
""",
        DEF,
    )
    with pytest.raises(MoveError) as info:
        play_turn(b, ["a6-a7", "g2-g3"])
    assert info.value.reason == "game-over"
    assert info.value.why == "die Partie ist bereits entschieden (Verteidiger gewinnen (Flucht))"


def _allowed(rules: RuleSet) -> set[CaptureRule]:
    """The capture rules a rule set can report, read from its parameters."""
    allowed = {CaptureRule.CUSTODIAL, CaptureRule.KING}
    hostile = (
        rules.corners_hostile_attackers
        or rules.corners_hostile_defenders
        or rules.throne_hostile_attackers is not Hostility.NEVER
        or rules.throne_hostile_defenders is not Hostility.NEVER
    )
    for rule, on in (
        (CaptureRule.HOSTILE_SQUARE, hostile),
        (CaptureRule.SHIELDWALL, rules.shieldwall),
        (CaptureRule.COMMANDER, rules.commander_king_capture),
        (CaptureRule.LINNAEAN, rules.linnaean_capture),
        (CaptureRule.KNIGHT, rules.knight_jump),
    ):
        if on:
            allowed.add(rule)
    return allowed


def test_random_games_report_every_capture_by_a_rule_the_variant_has():
    rng = random.Random(20)
    for var in all_variants().values():
        if not var.has_setup:
            continue
        allowed = _allowed(var.rules)
        b = Board(var)
        for _ in range(150):
            if b.outcome is not None:
                break
            record = TurnRecord()
            while b.legal_moves():
                record.step(b, rng.choice(b.legal_moves()))
                if not b.berserker_open or b.outcome is not None:
                    break
            if b.berserker_open:
                b.end_turn()
            assert [c.square for c in record.captures] == record.captured
            assert {c.square: c.piece for c in record.captures} == record.captured_pieces
            assert {c.rule for c in record.captures} <= allowed, var.slug


def test_an_impossible_chain_names_the_berserker_rule_only_where_the_variant_has_it():
    from tafl_core.context import context
    from tafl_core.judge import problems

    for slug in ("copenhagen-11", "tyr-11"):
        v = variant(slug)
        pos = v.start().copy()
        pos.chain = pos.geo.parse("f6")  # the king's square: not a piece of the side to move
        (text,) = problems(context(v.rules), pos)
        assert "f6" in text
        if v.rules.berserker:
            assert "Berserker-Lauf der Figur auf f6 ist nicht möglich" in text
        else:
            assert "Berserker-Lauf" not in text
            assert "ohne Berserker-Regel" in text
