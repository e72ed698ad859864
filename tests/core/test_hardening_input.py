"""Input hardening: impossible positions, files written back byte for byte,
line numbers as editors count them, the build refusing what `tafl check` refuses.

The property tests generate each class of bad input (not only one example); the
expected answers follow from the rules, not from the code.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tafl_cli.main import main
from tafl_core import Board, Position, TaflError, all_variants, variant
from tafl_core.context import context
from tafl_core.errors import ImpossiblePositionError, VariantDataError
from tafl_core.examples import check_text, find_blocks
from tafl_core.examples.syntax import parse_block
from tafl_core.judge import pieces_allowed, problems
from tafl_core.pieces import LETTER_TO_PIECE, Kind, Piece, Side
from tafl_core.rules import KingJump
from tafl_core.variants import load_variant_text
from tafl_web.session import Session

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

WITH_SETUP = sorted(slug for slug, v in all_variants().items() if v.has_setup)
KING = Piece(Side.DEFENDERS, Kind.KING)
ATTACKER = Piece(Side.ATTACKERS, Kind.MAN)


def _empty_ordinary(slug: str, pos: Position) -> list[int]:
    """Empty squares of pos that are not restricted (throne, corners) in the variant."""
    ctx = context(variant(slug).rules)
    return [
        s
        for s in range(pos.size * pos.size)
        if pos.piece_at(s) is None and not ctx.restricted >> s & 1
    ]


# -- 1. positions that cannot occur ----------------------------------------------------------


@SETTINGS
@given(slug=st.sampled_from(WITH_SETUP), data=st.data())
def test_a_second_king_is_refused_naming_both_squares(slug: str, data: st.DataObject) -> None:
    v = variant(slug)
    pos = v.start()
    s = data.draw(st.sampled_from(_empty_ordinary(slug, pos)))
    pos.set_piece(s, KING)
    with pytest.raises(ImpossiblePositionError) as caught:
        Board(v, pos)
    message = str(caught.value)
    assert "Könige" in message
    assert pos.geo.name(s) in message and pos.geo.name(v.start().king_square()) in message
    with pytest.raises(ImpossiblePositionError):  # rules alone judge it the same
        Board(v.rules, pos)


@SETTINGS
@given(slug=st.sampled_from(WITH_SETUP), data=st.data())
def test_a_piece_the_variant_lacks_is_refused(slug: str, data: st.DataObject) -> None:
    v = variant(slug)
    # neither a kind its rules know nor a piece of its start (Berserk keeps a defenders'
    # commander: the commander rule gives it meaning; the board's editor offers it too)
    allowed = {*v.rules.pieces(), *v.pieces()}
    lacking = [p for p in LETTER_TO_PIECE.values() if p not in allowed]
    if not lacking:
        return
    piece = data.draw(st.sampled_from(lacking))
    pos = v.start()
    s = data.draw(st.sampled_from(_empty_ordinary(slug, pos)))
    pos.set_piece(s, piece)
    with pytest.raises(ImpossiblePositionError) as caught:
        Board(v, pos)
    assert pos.geo.name(s) in str(caught.value)
    assert piece.german in str(caught.value)


@pytest.mark.parametrize("slug", sorted(all_variants()))
def test_every_piece_the_editor_offers_may_be_played(slug: str) -> None:
    v = variant(slug)
    ctx = context(v.rules)
    for entry in Session(slug).palette():
        pos = v.empty()
        pos.set_piece(pos.geo.parse("b3"), KING)
        pos.set_piece(pos.geo.parse("f4"), LETTER_TO_PIECE[entry["letter"]])
        assert not [p for p in problems(ctx, pos, None, pieces_allowed(v)) if "gibt es" in p]


def test_commanders_where_there_are_none() -> None:
    v = variant("copenhagen-11")
    pos = v.start()
    pos.set_piece(pos.geo.parse("c3"), Piece(Side.ATTACKERS, Kind.COMMANDER))
    with pytest.raises(ImpossiblePositionError, match="Kommandant der Angreifer auf c3"):
        Board(v.rules, pos)


_NO_FLIP_NO_JUMP = [
    slug
    for slug, v in all_variants().items()
    if v.rules.king_jump is KingJump.NONE and not v.rules.variegated
]


@SETTINGS
@given(slug=st.sampled_from(_NO_FLIP_NO_JUMP), data=st.data())
def test_a_king_already_enclosed_is_refused(slug: str, data: st.DataObject) -> None:
    """Four attackers around the king: the last of them to arrive would have taken him
    (whatever the king capture), and the king cannot have walked into a closed ring."""
    v = variant(slug)
    n = v.rules.size
    ctx = context(v.rules)
    inner = [
        s
        for s in range(n * n)
        if 0 < s % n < n - 1
        and 0 < s // n < n - 1
        and not any(ctx.restricted >> m & 1 for m in (s - 1, s + 1, s - n, s + n))
    ]
    k = data.draw(st.sampled_from(inner))
    pos = v.empty(data.draw(st.sampled_from([Side.ATTACKERS, Side.DEFENDERS])))
    pos.set_piece(k, KING)
    for m in (k - 1, k + 1, k - n, k + n):
        pos.set_piece(m, ATTACKER)
    with pytest.raises(ImpossiblePositionError) as caught:
        Board(v, pos)
    assert f"König auf {pos.geo.name(k)} ist schon geschlagen" in str(caught.value)
    # one side open: the king may have walked in, the position can occur
    pos.set_piece(data.draw(st.sampled_from([k - 1, k + 1, k - n, k + n])), None)
    assert not [p for p in problems(ctx, pos) if "König" in p]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slug=st.sampled_from(WITH_SETUP), seed=st.integers(0, 2**32 - 1))
def test_positions_of_real_games_are_never_judged_impossible(slug: str, seed: int) -> None:
    v = variant(slug)
    board = Board(v)
    rng = random.Random(seed)
    for _ in range(60):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
        if board.outcome is not None:  # a captured king ends the game: no position to judge
            break
        pos = board.position()
        assert problems(board.ctx, pos, v.start(), pieces_allowed(v)) == []


def test_a_king_enclosed_on_the_throne_by_four_attackers() -> None:
    v = variant("standard-tablut-9")
    pos = v.empty(Side.DEFENDERS)
    pos.set_piece(pos.geo.parse("e5"), KING)
    for name in ("d5", "f5", "e4", "e6"):
        pos.set_piece(pos.geo.parse(name), ATTACKER)
    with pytest.raises(ImpossiblePositionError, match="König auf e5 ist schon geschlagen"):
        Board(v.rules, pos)


def _variant_text(slug: str) -> str:
    root = Path(__file__).resolve().parents[2] / "tafl_core" / "data" / "variants"
    return (root / f"{slug}.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("letter", ["A", "V"])
def test_a_variant_file_with_a_piece_on_the_throne_fails_on_load(letter: str) -> None:
    text = _variant_text("brandub-7").replace("A A V K V A A", f"A A V {letter} V A A")
    text = text.replace(". . . V . . .\n. . . A", ". . . K . . .\n. . . A", 1)
    with pytest.raises(VariantDataError, match="Thron d4"):
        load_variant_text(text, "brandub-7.toml")


def test_a_variant_file_with_two_kings_fails_on_load() -> None:
    text = _variant_text("brandub-7").replace(
        '. . . A . . .\n. . . A . . .\n"""', '. . . A . . .\n. . . A . . K\n"""'
    )
    with pytest.raises(VariantDataError, match=r"Könige|mehr als einen König"):
        load_variant_text(text, "brandub-7.toml")


def test_every_shipped_setup_is_possible() -> None:
    for v in all_variants().values():
        if v.has_setup:
            assert problems(context(v.rules), v.start(), v.start(), v.pieces()) == []


def test_a_block_with_a_commander_the_variant_lacks_names_the_square() -> None:
    rows = [". " * 10 + "." for _ in range(11)]
    grid = [list(r.split()) for r in rows]
    grid[5][5] = "K"
    grid[8][2] = "C"  # c3
    body = "Variante: copenhagen-11\nStellung:\n" + "\n".join(" ".join(r) for r in grid)
    with pytest.raises(TaflError, match="Kommandant der Angreifer auf c3"):
        parse_block(body, "x.md", 1)


def test_the_cli_refuses_a_commander_the_variant_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [["."] * 7 for _ in range(7)]
    rows[3][3] = "K"
    rows[0][0 + 2] = "C"  # c7
    path = tmp_path / "pos.txt"
    path.write_text("\n".join(" ".join(r) for r in rows) + "\n", encoding="utf-8")
    code = main(["play", "brandub-7", "--position", str(path)])
    out, err = capsys.readouterr()
    assert code == 2
    assert "c7" in err and "Kommandant" in err and "Traceback" not in out + err


@SETTINGS
@given(slug=st.sampled_from(WITH_SETUP), data=st.data())
def test_the_editor_does_not_start_a_game_with_two_kings(slug: str, data: st.DataObject) -> None:
    session = Session(slug)
    session.set_editing(True)
    pos = variant(slug).start()
    s = data.draw(st.sampled_from(_empty_ordinary(slug, pos)))
    session.place(pos.geo.name(s), "K")
    view = session.set_editing(False)
    assert session.editing
    assert "So kann nicht gespielt werden" in view["message"]
    assert pos.geo.name(s) in view["message"]


@pytest.mark.parametrize(
    ("start", "fragment"),
    [
        ("/7/7/3t3/2tKt2/3t3/7/7/", "König auf d4 ist schon geschlagen"),
        ("/7/7/7/3t3/7/7/K6/", "Thron d4"),
    ],
)
def test_an_otn_start_is_judged_like_any_given_position(start: str, fragment: str) -> None:
    from tafl_core.otn import OtnError, read_rules

    with pytest.raises(OtnError, match=fragment):
        read_rules(f"dim:7 esc:c start:{start}")


# -- 2. files written back byte for byte -----------------------------------------------------

_OPEN_BLOCK = [
    "```tafl",
    "Variante: brandub-7",
    "Stellung: Start",
    "Zug: d1-c1",
    "Danach: ?",
    "```",
]


def _write_and_fill(tmp_path: Path, data: bytes) -> bytes:
    path = tmp_path / "seite.md"
    path.write_bytes(data)
    assert main(["check", "-q", "--write", str(path)]) == 0
    return path.read_bytes()


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    bom=st.booleans(),
    endings=st.lists(st.sampled_from(["\n", "\r\n"]), min_size=11, max_size=11),
    final=st.booleans(),
    prose=st.lists(st.text(alphabet="abc äß\t\u2028\x0c\r", max_size=8), min_size=3, max_size=3),
)
def test_check_write_keeps_every_other_byte(
    tmp_path: Path, bom: bool, endings: list[str], final: bool, prose: list[str]
) -> None:
    prose = [p.replace("\r", "") for p in prose]
    lines = [f"Text {prose[0]}", "", *_OPEN_BLOCK, "", f"Mehr {prose[1]}", f"Ende {prose[2]}"]
    text = "".join(line + end for line, end in zip(lines, endings, strict=True))
    if not final:
        text = text.removesuffix(endings[-1])
    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")
    written = _write_and_fill(tmp_path, data)
    danach = lines.index("Danach: ?")
    own = endings[danach]
    prefix = (b"\xef\xbb\xbf" if bom else b"") + "".join(
        line + end for line, end in zip(lines[:danach], endings, strict=False)
    ).encode("utf-8")
    suffix = "".join(
        line + end for line, end in zip(lines[danach + 1 :], endings[danach + 1 :], strict=True)
    )
    if not final:
        suffix = suffix.removesuffix(endings[-1])
    assert written.startswith(prefix)
    assert written.endswith(suffix.encode("utf-8"))
    filled = written[len(prefix) : len(written) - len(suffix.encode("utf-8"))].decode("utf-8")
    filled_lines = filled.split(own)
    assert filled_lines[0] == "Danach:"
    assert filled_lines[-1] == ""
    assert len(filled_lines) == 1 + 7 + 1 + 1  # 'Danach:', 7 ranks, the file letters, ''
    assert all("\r" not in x and "\n" not in x for x in filled_lines)
    # filled once, the file is complete: a second run changes nothing
    assert _write_and_fill(tmp_path, written) == written


def test_check_write_keeps_crlf_and_bom(tmp_path: Path) -> None:
    text = "\r\n".join(["# Seite", *_OPEN_BLOCK, ""])
    written = _write_and_fill(tmp_path, b"\xef\xbb\xbf" + text.encode())
    assert written.startswith(b"\xef\xbb\xbf# Seite\r\n")
    assert b"\n" not in written.replace(b"\r\n", b"")
    assert written.endswith(b"```\r\n")


# -- 3. lines counted as editors count them ---------------------------------------------------

_SEPARATORS = ["\u2028", "\u2029", "\x85", "\x0c", "\x0b", "\x1c", "\x1d", "\x1e", "\r"]


@SETTINGS
@given(
    seps=st.lists(st.sampled_from(_SEPARATORS), min_size=1, max_size=5),
    before=st.integers(0, 4),
)
def test_block_lines_are_counted_at_newlines_only(seps: list[str], before: int) -> None:
    prose = ["Absatz " + "".join(seps) + " Ende"] + ["Text"] * before
    bad = [
        "```tafl",
        "Variante: brandub-7",
        "Stellung: Start",
        "Zug: d1-c1",
        "Geschlagen: d2",  # wrong: nothing is taken
        "```",
    ]
    text = "\n".join([*prose, *bad, ""])
    fence_line = len(prose) + 1  # as an editor shows it: '\n' ends a line, nothing else
    found = find_blocks(text)
    assert [f.line for f in found] == [fence_line]
    verdict = check_text(text, "seite.md")[0]
    assert [p.line for p in verdict.problems] == [fence_line + 4]


def test_separator_inside_a_block_keeps_the_lines_of_the_block() -> None:
    text = "```tafl\nVariante: brandub-7\nTitel: a\u2028b\nStellung: Start\nZug: d1-d1\n```\n"
    verdict = check_text(text, "seite.md")[0]
    assert [p.line for p in verdict.problems] == [5]


def test_example_source_box_names_the_editor_line() -> None:
    from tafl_docs.example_source import block_source

    text = "a\u2028b\x0cc\n\n```tafl\nVariante: brandub-7\nStellung: Start\n```\n"
    located = block_source(text, 4)
    assert located is not None
    assert located[0] == 3
    assert located[1].splitlines()[0] == "```tafl"


def test_directive_problems_name_the_editor_line() -> None:
    from tafl_docs.directives import Context, expand

    text = "a\u2028b\u2029c\x85d\n\n[[tafl:unbekannt]]\n"
    out, found = expand(text, Context(src_path="x.md", page_url="x/"))
    assert [p.line for p in found] == [3]
    assert out.endswith("\n")


# -- 4. the build refuses what `tafl check` refuses ------------------------------------------


def _build_page(text: str, caplog: pytest.LogCaptureFixture) -> list[str]:
    """Convert one page through the plugin's hooks as MkDocs does; its warnings."""
    import logging
    from types import SimpleNamespace

    import markdown
    from mkdocs.config import load_config

    from tafl_docs.plugin import TaflPlugin

    cfg = load_config(str(Path(__file__).resolve().parents[2] / "mkdocs.yml"))
    plugin = TaflPlugin()
    plugin.on_config(cfg)
    plugin.fence.set_page("seite.md", text, "seite/")
    md = markdown.Markdown(extensions=cfg.markdown_extensions, extension_configs=cfg.mdx_configs)
    with caplog.at_level(logging.WARNING):
        caplog.clear()
        html = md.convert(text)
        page = SimpleNamespace(title="Seite", file=SimpleNamespace(src_uri="seite.md"))
        plugin.on_page_content(html, page=page, config=cfg, files=None)  # type: ignore[arg-type]
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


_GOOD = ["```tafl", "Variante: brandub-7", "Stellung: Start", "```"]


@pytest.mark.parametrize("before", [0, 2])
def test_the_build_warns_of_an_unclosed_block_at_the_end(
    before: int, caplog: pytest.LogCaptureFixture
) -> None:
    text = "\n".join(["Text"] * before + [*_GOOD, "", *_GOOD[:-1]]) + "\n"
    cli = check_text(text, "docs/seite.md")
    assert [v.ok for v in cli] == [True, False]
    warnings = _build_page(text, caplog)
    line = before + len(_GOOD) + 2
    assert any(f"docs/seite.md:{line}" in w and "nie geschlossen" in w for w in warnings)
    assert len(warnings) == 1


def test_the_build_stays_quiet_on_good_blocks(caplog: pytest.LogCaptureFixture) -> None:
    text = "\n".join(["````markdown", *_GOOD, "````", "", *_GOOD, ""])
    assert _build_page(text, caplog) == []


# -- 6. the session's move list stays right while it is kept step by step ---------------------


@settings(max_examples=25, deadline=None)
@given(
    slug=st.sampled_from(["tyr-11", "berserk-11", "brandub-7"]),
    ops=st.lists(st.sampled_from(["move", "move", "move", "undo", "end", "reset"]), max_size=40),
    seed=st.integers(0, 1000),
)
def test_the_move_list_matches_the_turns_after_any_steps(
    slug: str, ops: list[str], seed: int
) -> None:
    session = Session(slug)
    rng = random.Random(seed)
    for op in ops:
        board = session.board
        if op == "move" and board.outcome is None and board.legal_moves():
            session.move(board.move_text(rng.choice(board.legal_moves())))
        elif op == "undo":
            session.undo()
        elif op == "end":
            session.end_turn()
        elif op == "reset":
            session.reset()
        geo = session.board.pos.geo
        # moves are counted in pairs (glossary "Zug"): a new number with the first turn and
        # with every attackers' turn, the defenders' answer shares it
        expected, number = [], 0
        for t in session.turns:
            number += number == 0 or t.side is Side.ATTACKERS
            expected.append(
                f"{number}. {t.side.german}: " + ", ".join(m.text(geo) for m in t.moves)
            )
        assert session.view()["moves"] == expected
