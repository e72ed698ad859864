"""API hardening: typed inputs, German refusals, bounded echo.

Property tests generate each class of bad input, not just one example:

1. wrong values of the right shape (a text for an enum or a bool, a float or bool for a
   number, a contradictory rule set) at every public entry of `tafl_core`;
2. malformed calls into the browser bridge (`tafl_web.api`): every answer German JSON;
3. long inputs: every message quotes at most a short excerpt;
4. `--turn ''` and `tafl check` on a device file or an empty file.

What is expected comes from the documented contract (docs/python.md), not
from the code: an `ArgumentError` for a wrong type (a `TaflError` and a `TypeError`), a
`RulesError` for contradictory rules, the exact enum value as text converted to the member.
"""

from __future__ import annotations

import json
import re
from dataclasses import fields
from enum import Enum
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tafl_cli.main import main
from tafl_core import (
    Board,
    Move,
    Position,
    RuleSet,
    Side,
    TaflError,
    Variant,
    parse_ascii,
    variant,
)
from tafl_core.errors import ArgumentError, RulesError
from tafl_core.otn import parse_move_record, parse_position, read_rules, record_to_move
from tafl_core.perft import perft
from tafl_core.rules import (
    Escape,
    Hostility,
    KingCapture,
    KingJump,
    NoMoves,
    Repetition,
    ThronePass,
)
from tafl_core.turns import play_turn
from tafl_web import api

FAST = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

#: Fragments of Python's own (English) exception texts; none may reach a reader.
ENGLISH = re.compile(
    r"Traceback|object has no attribute|is not a valid|too many values|not enough values"
    r"|unpack|subscriptable|has no len|cannot be interpreted|invalid literal|positional arg"
    r"|keyword argument|NoneType|Expecting |not supported between|object is not"
    r"|out of range|must be (?:str|int|real)|embedded null|(?:Key|Value|Type|Attribute|Index)Error",
)

#: The enum of each RuleSet field that is neither `size` nor a bool (from the docs' table).
ENUM_FIELDS: dict[str, type[Enum]] = {
    "first": Side,
    "throne_pass": ThronePass,
    "throne_hostile_attackers": Hostility,
    "throne_hostile_defenders": Hostility,
    "king_capture": KingCapture,
    "king_jump": KingJump,
    "escape": Escape,
    "repetition": Repetition,
    "no_moves": NoMoves,
}
BOOL_FIELDS = [f.name for f in fields(RuleSet) if f.name != "size" and f.name not in ENUM_FIELDS]
SIZES = [5, 7, 9, 11, 13, 15, 17, 19]


def german(text: str) -> None:
    """text carries no English Python exception text."""
    assert not ENGLISH.search(text), text


# -- strategies -------------------------------------------------------------------------

#: Values that are no bool but look like one (0, 1, 'true', 'no', None, 1.0).
not_bool = st.one_of(
    st.integers(-2, 2),
    st.sampled_from(["true", "false", "yes", "no", "ja", "nein", "", "0", "1"]),
    st.none(),
    st.floats(allow_nan=False),
)
#: Values that are no whole number but look like one (11.0, True, '11', None).
not_int = st.one_of(
    st.booleans(),
    st.floats(allow_nan=False).filter(lambda x: True),
    st.integers(5, 19).map(float),
    st.integers(5, 19).map(str),
    st.none(),
    st.lists(st.integers(), max_size=2),
)


def not_member(kind: type[Enum]) -> st.SearchStrategy[object]:
    """Values that are neither a member of kind nor exactly a member's value."""
    values = {m.value for m in kind}
    spellings = st.sampled_from([m.value for m in kind]).flatmap(
        lambda v: st.sampled_from(
            [v.upper(), v.capitalize(), f" {v}", f"{v} ", v.replace("-", "_")]
        )
    )
    other_members = st.sampled_from(
        [m for e in (Side, Escape, Hostility, KingCapture, Repetition) if e is not kind for m in e]
    )
    return st.one_of(
        spellings.filter(lambda s: s not in values),
        st.text(max_size=12).filter(lambda s: s not in values),
        other_members.filter(lambda m: m.value not in values),
        st.booleans(),
        st.integers(),
        st.none(),
    )


@st.composite
def wrong_rule_value(draw: st.DrawFn) -> tuple[str, object]:
    """A RuleSet field with a value of the wrong type."""
    name = draw(st.sampled_from(["size", *BOOL_FIELDS, *ENUM_FIELDS]))
    if name == "size":
        return name, draw(not_int)
    if name in ENUM_FIELDS:
        return name, draw(not_member(ENUM_FIELDS[name]))
    return name, draw(not_bool)


@st.composite
def any_rules(draw: st.DrawFn) -> RuleSet:
    """A RuleSet of valid types with arbitrary values (often contradictory)."""
    values: dict[str, object] = {"size": draw(st.sampled_from(SIZES))}
    for name in BOOL_FIELDS:
        values[name] = draw(st.booleans())
    for name, kind in ENUM_FIELDS.items():
        values[name] = draw(st.sampled_from(list(kind)))
    return RuleSet(**values)  # type: ignore[arg-type]


#: Anything that is not a str.
not_text = st.one_of(
    st.integers(),
    st.floats(allow_nan=False),
    st.booleans(),
    st.none(),
    st.binary(max_size=5),
    st.lists(st.text(max_size=3), max_size=2),
    st.just(Side.ATTACKERS),
)


# -- 1. wrong values of the right shape ---------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"escape": "Corner"}, "escape"),
        ({"escape": Side.ATTACKERS}, "escape"),
        ({"throne": "no"}, "throne"),
        ({"throne": 1}, "throne"),
        ({"size": 11.0}, "size"),
        ({"size": True}, "size"),
        ({"size": "11"}, "size"),
        ({"first": "Angreifer"}, "first"),
    ],
    ids=str,
)
def test_issue_examples_of_wrong_rule_values(changes: dict[str, object], field: str) -> None:
    """The issue's examples: each refused with ArgumentError naming the parameter."""
    with pytest.raises(ArgumentError, match=field) as caught:
        RuleSet(**{"size": 11, **changes})  # type: ignore[arg-type]
    assert isinstance(caught.value, TaflError) and isinstance(caught.value, TypeError)
    german(str(caught.value))


@FAST
@given(wrong_rule_value())
def test_every_rule_field_refuses_a_wrong_type(case: tuple[str, object]) -> None:
    """Any RuleSet field given a value of the wrong type raises ArgumentError (German)."""
    name, value = case
    values: dict[str, object] = {"size": 11, name: value}
    with pytest.raises(ArgumentError) as caught:
        RuleSet(**values)  # type: ignore[arg-type]
    assert name in str(caught.value)
    german(str(caught.value))


@FAST
@given(
    st.sampled_from(sorted(ENUM_FIELDS)).flatmap(
        lambda name: st.tuples(st.just(name), st.sampled_from(list(ENUM_FIELDS[name])))
    )
)
def test_an_enum_value_as_exact_text_is_its_member(case: tuple[str, Enum]) -> None:
    """The documented choice: the exact value text ('corner') means the member, nothing else."""
    name, member = case
    given_text = RuleSet(**{"size": 11, name: member.value})  # type: ignore[arg-type]
    assert getattr(given_text, name) is member
    assert given_text == RuleSet(**{"size": 11, name: member})  # type: ignore[arg-type]


def test_a_text_escape_value_is_not_misread() -> None:
    """The issue's worst case: escape 'edge' as text stays edge escape (not corner)."""
    rules = RuleSet(size=7, escape="edge")  # type: ignore[arg-type]
    assert rules.escape is Escape.EDGE
    with pytest.raises(ArgumentError):
        RuleSet(size=7, escape="Edge")  # type: ignore[arg-type]


@FAST
@given(any_rules())
def test_board_refuses_exactly_the_rules_check_finds_contradictory(rules: RuleSet) -> None:
    """A RuleSet whose check() names problems cannot become a Board (RulesError)."""
    pos = Position(rules.size, rules.first)
    centre = pos.geo.centre
    pos.set_piece(centre, parse_ascii("K" + " ." * 4 + "\n" + ". . . . .\n" * 4, 5).piece_at(20))
    if rules.check():
        with pytest.raises(RulesError) as caught:
            Board(rules, pos)
        german(str(caught.value))
    else:
        try:
            Board(rules, pos)
        except RulesError as exc:  # pragma: no cover - the failure message
            pytest.fail(f"sound rules refused: {exc}")
        except TaflError:
            pass  # e.g. a king already escaped is decided, not refused; nothing else matters


def test_issue_example_contradictory_rules_in_python() -> None:
    """A throne rule without a throne, built in Python, is refused by Board."""
    with pytest.raises(RulesError, match="throne"):
        Board(RuleSet(size=11, throne_reentry=False), variant("copenhagen-11").start())


@FAST
@given(st.one_of(not_int, st.integers(max_value=-1)))
def test_perft_depth_is_a_whole_number_from_zero(depth: object) -> None:
    """A float, bool, text or negative depth raises ArgumentError."""
    board = Board(variant("brandub-7"))
    with pytest.raises(ArgumentError) as caught:
        perft(board, depth)  # type: ignore[arg-type]
    german(str(caught.value))


@FAST
@given(not_text)
def test_variant_lookup_needs_a_text(slug: object) -> None:
    """variant(11) and the like raise ArgumentError, not TypeError from len()."""
    with pytest.raises(ArgumentError) as caught:
        variant(slug)  # type: ignore[arg-type]
    german(str(caught.value))


def _entries() -> dict[str, object]:
    """Public entries of tafl_core taking one text-like argument, by name."""
    board = Board(variant("copenhagen-11"))
    return {
        "parse_ascii": parse_ascii,
        "Board.parse_move": board.parse_move,
        "Board.push_text": board.push_text,
        "Board.square": board.square,
        "Board.targets": board.targets,
        "Board.push": board.push,
        "Board.check": board.check,
        "parse_position": parse_position,
        "parse_move_record": lambda x: parse_move_record(x, 11),
        "record_to_move": lambda x: record_to_move(board, x),
        "read_rules": read_rules,
        "play_turn": lambda x: play_turn(board, x),
        "Position": Position,
        "Board": Board,
        "Board.move_text": board.move_text,
        "Board.name": board.name,
        "Position.piece_at": Position(11).piece_at,
        "Position.set_piece": lambda x: Position(11).set_piece(x, None),
        "Position.set_piece piece": lambda x: Position(11).set_piece(0, x or "K"),
        "Variant rules": lambda x: Variant("probe", "Probe", "Probe", rules=x, setup=None),
        "Variant name": lambda x: Variant("probe", x, "Probe", rules=RuleSet(size=7), setup=None),
    }


ENTRIES = sorted(_entries())


@FAST
@given(
    st.sampled_from(ENTRIES),
    st.one_of(
        not_text.filter(lambda x: not isinstance(x, int) or isinstance(x, bool)),
        st.tuples(st.integers(0, 120), st.integers(0, 120)),
        st.builds(Move, st.floats(0, 120), st.integers(0, 120)),
        st.builds(Move, st.integers(0, 120), st.integers(0, 120), st.sampled_from(["no", 1, None])),
    ),
)
def test_every_entry_refuses_a_wrong_type_with_a_tafl_error(name: str, value: object) -> None:
    """Every public entry answers a wrong type with a TaflError in German, never with
    AttributeError/TypeError from deep inside."""
    entry = _entries()[name]
    with pytest.raises(TaflError) as caught:
        entry(value)  # type: ignore[operator]
    german(str(caught.value))


@pytest.mark.parametrize(
    "call",
    [
        lambda: Position(11.0),  # type: ignore[arg-type]
        lambda: Position("11"),  # type: ignore[arg-type]
        lambda: Position(11, "Angreifer"),  # type: ignore[arg-type]
        lambda: parse_ascii(". . . . .\n" * 5, "5"),  # type: ignore[arg-type]
        lambda: parse_ascii(". . . . .\n" * 5, 5, "Verteidiger"),  # type: ignore[arg-type]
        lambda: parse_position("/5/5/5/5/5/", "defender"),  # type: ignore[arg-type]
        lambda: parse_move_record("a1-a2", "11"),  # type: ignore[arg-type]
        lambda: Board(variant("copenhagen-11"), "start"),  # type: ignore[arg-type]
        lambda: Board("copenhagen-11"),  # type: ignore[arg-type]
        lambda: Board(variant("copenhagen-11")).push(Move(3, 36, "no")),  # type: ignore[arg-type]
    ],
    ids=[
        "Position(11.0)",
        "Position('11')",
        "Position turn German word",
        "parse_ascii size text",
        "parse_ascii turn German word",
        "parse_position turn misspelt",
        "parse_move_record size text",
        "Board position text",
        "Board rules text",
        "Move jump text",
    ],
)
def test_named_wrong_types_raise_argument_error(call: object) -> None:
    """Each of these is a wrong type: ArgumentError, a German sentence."""
    with pytest.raises(ArgumentError) as caught:
        call()  # type: ignore[operator]
    german(str(caught.value))


def test_the_value_text_of_a_side_is_accepted() -> None:
    """As for RuleSet: 'defenders' (the exact value) means Side.DEFENDERS."""
    assert Position(7, "defenders").turn is Side.DEFENDERS  # type: ignore[arg-type]
    assert parse_ascii(". . . . .\n" * 5, 5, "defenders").turn is Side.DEFENDERS  # type: ignore[arg-type]


# -- 2. the browser bridge -----------------------------------------------------------------

SQUARES = ["a1", "d1", "f6", "k11", "z9", "", "d1-d3"]
json_scalar = st.one_of(
    st.sampled_from(SQUARES),
    st.sampled_from(["A", "V", "K", "C", ".", "Angreifer", "defenders", "Attackers"]),
    st.text(max_size=8),
    st.integers(-3, 200),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, allow_infinity=False),
)
json_value = st.recursive(json_scalar, lambda inner: st.lists(inner, max_size=3), max_leaves=6)
METHODS = [*api.ACTIONS, "_restart", "board", "__init__", "view ", "otn_game", "nope"]


def _check_answer(text: str) -> dict[str, object]:
    """A bridge answer: JSON, German, no internal error."""
    answer = json.loads(text)
    assert isinstance(answer, dict)
    for key in ("message", "error"):
        value = answer.get(key, "")
        assert isinstance(value, str)
        german(value)
        assert "interner Fehler" not in value and "Fehler in der Engine" not in value, value
    return answer


@FAST
@given(
    st.lists(
        st.tuples(
            st.sampled_from(METHODS),
            st.one_of(
                st.lists(json_value, max_size=3).map(json.dumps),
                st.sampled_from(["", "[", "{}", "null", "5", '"tap"', "[[[[", "\u2028"]),
            ),
        ),
        min_size=1,
        max_size=6,
    ),
    st.sampled_from(["copenhagen-11", "tyr-11", "odin-11", "brandub-7"]),
)
def test_any_sequence_of_bridge_calls_answers_german_json(
    calls: list[tuple[str, str]], slug: str
) -> None:
    """Random actions with random arguments: always a JSON answer in German, no exception."""
    key = api.create(json.dumps({"variant": slug}))
    for method, args in calls:
        _check_answer(api.call(key, method, args))


TEXTS = st.one_of(
    st.sampled_from(
        [
            *("a1", "d1", "d3", "f6", "f4", "k11", "e5", "d4", "A", "V", "K", "C", "c", "R", "."),
            *("Angreifer", "Verteidiger", "attackers", "defenders", "d1-d3", "f4-d4", "d1-d3-d5"),
        ]
    ),
    st.text(max_size=6),
)


@st.composite
def well_formed_call(draw: st.DrawFn) -> tuple[str, str]:
    """An action with the right number and types of arguments (values may still be wrong)."""
    method = draw(st.sampled_from(sorted(api.ACTIONS)))
    args = [draw(st.booleans() if kind is bool else TEXTS) for kind in api.ACTIONS[method]]
    return method, json.dumps(args)


@FAST
@given(
    st.lists(well_formed_call(), min_size=1, max_size=12),
    st.sampled_from(["copenhagen-11", "tyr-11", "odin-11", "brandub-7", "berserk-11"]),
)
def test_any_well_formed_play_answers_german_json(calls: list[tuple[str, str]], slug: str) -> None:
    """Deeper into the board: well-formed actions in any order (taps, moves, editing, undo)
    never raise and always answer in German."""
    key = api.create(json.dumps({"variant": slug}))
    for method, args in calls:
        _check_answer(api.call(key, method, args))


@pytest.mark.parametrize(
    ("method", "args"),
    [
        ("tap", "[]"),
        ("tap", '["a1", "a2"]'),
        ("tap", "[5]"),
        ("move", '["d1", "d3"]'),
        ("set_turn", '["Angreifer!"]'),
        ("place", '["a1", "Z"]'),
        ("place", '["a1"]'),
        ("set_editing", '["ja"]'),
        ("tap", "{"),
        ("_restart", "[]"),
        ("board", "[]"),
    ],
    ids=str,
)
def test_malformed_bridge_calls_get_a_german_error(method: str, args: str) -> None:
    """Wrong arity, wrong types, bad JSON, unknown or private actions: a German `error`."""
    key = api.create(json.dumps({"variant": "copenhagen-11"}))
    answer = _check_answer(api.call(key, method, args))
    assert answer.get("error"), answer


def test_set_turn_takes_the_side_by_its_german_name() -> None:
    """The board's side menu may send 'Angreifer' (it once got "'Angreifer' is not a valid
    Side"): it is understood, as are the codes."""
    key = api.create(json.dumps({"variant": "copenhagen-11", "editing": True}))
    answer = _check_answer(api.call(key, "set_turn", '["Verteidiger"]'))
    assert answer["side"] == "defenders" and "error" not in answer
    answer = _check_answer(api.call(key, "set_turn", '["attackers"]'))
    assert answer["side"] == "attackers"


def test_an_unknown_board_gets_a_german_error() -> None:
    """A board id that was never created (or no number at all)."""
    for key in (10**6, "1", None, True):
        assert _check_answer(api.call(key, "view"))["error"]  # type: ignore[arg-type]


@FAST
@given(
    st.one_of(
        st.dictionaries(
            st.sampled_from(["variant", "grid", "turn", "turns", "editing", "Variant", "x"]),
            json_value,
            max_size=4,
        ).map(json.dumps),
        st.sampled_from(["", "{", "[]", "null", "5", '"copenhagen-11"']),
        st.just(5),
        st.none(),
    )
)
def test_create_with_bad_options_raises_a_german_tafl_error(options: object) -> None:
    """create() either opens a board or raises a TaflError with a German message."""
    try:
        key = api.create(options)  # type: ignore[arg-type]
    except TaflError as exc:
        german(str(exc))
    else:
        _check_answer(api.call(key, "view"))


# -- 3. bounded echo --------------------------------------------------------------------

LONG = st.integers(300, 3000).flatmap(
    lambda n: st.sampled_from(["x", "ä", "1", "-", " ", "#"]).map(lambda ch: "q" + ch * n)
)
LIMIT = 300  # characters of a message line that quotes a long input
EXCERPT = 100  # a message may quote fewer characters of the input than this


def briefly(message: str, text: str) -> bool:
    """Whether message quotes at most a short excerpt of text (text: one character repeated
    after a leading 'q')."""
    return text[1] * EXCERPT not in message


def _raisers(text: str) -> list[object]:
    """Calls that read text and refuse it."""
    board = Board(variant("copenhagen-11"))
    return [
        lambda: variant(text),
        lambda: board.parse_move(text),
        lambda: board.square(text),
        lambda: parse_ascii(text, 11),
        lambda: parse_position("/" + text + "/"),
        lambda: parse_move_record(text[:150], 11),
        lambda: read_rules("dim:11 " + text[:500] + ":x"),
        lambda: read_rules("dim:" + text),
        lambda: play_turn(board, ["d1-d3", text]),
    ]


@FAST
@given(LONG, st.integers(0, 8))
def test_engine_messages_quote_long_input_briefly(text: str, index: int) -> None:
    """A long argument is refused with a message of bounded length."""
    with pytest.raises(TaflError) as caught:
        _raisers(text)[index]()  # type: ignore[operator]
    assert briefly(str(caught.value), text), str(caught.value)[:500]


@FAST
@given(LONG, st.sampled_from(["tap", "move", "set_turn", "place"]))
def test_bridge_messages_quote_long_input_briefly(text: str, method: str) -> None:
    """The board's messages stay short whatever the page sends."""
    key = api.create(json.dumps({"variant": "copenhagen-11"}))
    args = [text, text] if method == "place" else [text]
    answer = _check_answer(api.call(key, method, json.dumps(args)))
    assert briefly(str(answer.get("message", "")), text)
    assert briefly(str(answer.get("error", "")), text)


CLI_CASES = [
    ["show", "{}"],
    ["play", "copenhagen-11", "{}"],
    ["play", "copenhagen-11", "--turn", "{}"],
    ["play", "copenhagen-11", "--position", "{}"],
    ["render", "copenhagen-11", "--highlight", "{}"],
    ["otn", "--rules", "{}"],
    ["otn", "copenhagen-11", "--move", "{}"],
    ["{}"],
    ["play", "copenhagen-11", "d1-d3", "{}"],
    ["check", "{}"],
]


@pytest.mark.parametrize("case", CLI_CASES, ids=" ".join)
@settings(max_examples=4, deadline=None)
@given(text=LONG.map(lambda s: s.replace("\0", "")))
def test_cli_messages_quote_long_arguments_briefly(case: list[str], text: str) -> None:
    """A 100 kB argument gave 100 kB of output; now every error line is short."""
    argv = [a.replace("{}", text) for a in case]
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse's own errors
            status = int(exc.code or 0)
    assert status in (1, 2)
    assert briefly(out.getvalue() + err.getvalue(), text), err.getvalue()[:500]
    german(err.getvalue())


BLOCKS = [
    "Variante: {}\nStellung: Start",
    "Variante: copenhagen-11\nStellung: Start\n{}: 1",
    "Variante: copenhagen-11\nAm Zug: {}\nStellung: Start",
    "Variante: copenhagen-11\nStellung: {}",
    "Variante: copenhagen-11\nStellung: Start\nZug: {}",
    "Variante: copenhagen-11\nStellung: Start\nZug: d1-d3\nIllegal: {}",
    "Variante: copenhagen-11\nStellung: Start\nZug: d1-d3\nBerserker: {}",
    "Variante: copenhagen-11\nStellung: Start\nZug: d1-d3\nGeschlagen: {}",
    "Variante: copenhagen-11\nStellung: Start\nZiele f6: {}",
    "Variante: copenhagen-11\nStellung: Start\nZug: d1-d3\nErgebnis: {}",
    "Variante: copenhagen-11\nStellung: Start\nZug: d1-d3, {}",
]


@FAST
@given(LONG.map(lambda s: s[:1900]), st.sampled_from(BLOCKS))
def test_block_reports_quote_a_long_line_briefly(text: str, body: str) -> None:
    """tafl check, pytest and the build report a block's bad line as a short excerpt."""
    from tafl_core.examples import check_text

    block = "```tafl\n" + body.replace("{}", text) + "\n```\n"
    (verdict,) = check_text(block, "probe.md")
    assert not verdict.ok
    assert briefly(verdict.report(), text), verdict.report()[:500]
    german(verdict.report())


@pytest.mark.parametrize(
    "body",
    ["{}", "grunddaten {}", "uebersicht {}", "varianten-mit {}", "varianten-mit throne={}"],
)
def test_a_long_directive_line_is_quoted_briefly(body: str) -> None:
    """A page with a long bad directive line gave a 10 kB build warning."""
    from tafl_docs.directives import expand
    from tafl_docs.markdown import Context

    line = "[[tafl:" + body.replace("{}", "x" * 10_000) + "]]"
    out, problems = expand(f"{line}\n", Context("varianten/probe.md"))
    assert problems
    assert all(briefly(p.message, "qx") for p in problems), problems[0].message[:500]
    assert briefly(out, "qx")
    german(out + " ".join(p.message for p in problems))


# -- 4. small ones --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "copenhagen-11", "--turn", ""],
        ["play", "copenhagen-11", "--position", ""],
        ["render", "copenhagen-11", "--out", ""],
        ["render", "copenhagen-11", "--highlight", " "],
        ["render", "copenhagen-11", "--targets", ""],
        ["otn", "copenhagen-11", "--position", ""],
    ],
    ids=" ".join,
)
def test_an_empty_option_value_is_refused(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """`--turn ''` used to be taken as 'no side given' (and `--out ''` as standard output)."""
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert f"{argv[2]}: der Wert ist leer" in err
    german(err)


def test_check_on_a_device_names_it_correctly(capsys: pytest.CaptureFixture[str]) -> None:
    """/dev/null exists; it is no regular file (not 'gibt es nicht')."""
    if not Path("/dev/null").exists():
        pytest.skip("no /dev/null here")
    assert main(["check", "/dev/null"]) == 1
    out = capsys.readouterr().out
    assert "gibt es nicht" not in out and "keine gewöhnliche Datei" in out


def test_check_on_an_empty_file_finds_no_blocks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty Markdown file is fine: no blocks, nothing wrong."""
    empty = tmp_path / "leer.md"
    empty.write_bytes(b"")
    assert main(["check", str(empty)]) == 0
    assert "0 Beispiele geprüft" in capsys.readouterr().out


def test_check_skips_a_pipe_in_a_folder_and_names_a_given_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A named pipe 'x.md' would block the reader: in a folder it is skipped, given by
    name it is reported as no regular file."""
    import os

    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    pipe = tmp_path / "x.md"
    os.mkfifo(pipe)
    assert main(["check", str(tmp_path)]) == 0
    assert main(["check", str(pipe)]) == 1
    assert "keine gewöhnliche Datei" in capsys.readouterr().out
