"""One translation from a played turn to a drawing, and the browser board without copies of
the engine's knowledge: the sheets draw a refused step as the site does, the board gets side
codes from Python and reads moves and OTN through the engine's parsers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from diagrams import position_svg
from diagrams.options import steps_options, turn_options
from diagrams.panels import example_panels
from tafl_core import Board, all_variants, variant
from tafl_core.otn.read_rules import parse_rules
from tafl_core.otn.write_rules import rules_string
from tafl_core.pieces import LETTER_TO_PIECE
from tafl_core.turns import play_turn
from tafl_docs import sheet_examples
from tafl_web.session import Session

ROOT = Path(__file__).resolve().parents[2]
NS = "{http://www.w3.org/2000/svg}"

REFUSED_PICKS = [
    (slug, block_id)
    for slug, ids in sheet_examples.picks().items()
    for block_id, ex in zip(ids, sheet_examples.picked(slug), strict=True)
    if ex.illegal is not None
]


def arrows(svg: str) -> dict[str, str]:
    """data-move -> data-kind of every step drawn in an SVG."""
    root = ET.fromstring(svg)
    return {
        g.get("data-move", ""): g.get("data-kind", "") for g in root.iter() if g.get("data-move")
    }


def test_five_sheet_examples_show_a_refused_step() -> None:
    # Tablut, Standard-Tablut, Odin, and a run that captures nothing on Tyr 11 and Tyr 15
    assert len(REFUSED_PICKS) == 5


@pytest.mark.parametrize(("slug", "block_id"), REFUSED_PICKS)
def test_sheet_draws_a_refused_step_as_forbidden_like_the_site(slug: str, block_id: str) -> None:
    ids = sheet_examples.picks()[slug]
    ex = sheet_examples.picked(slug)[ids.index(block_id)]
    assert ex.illegal is not None
    refused = ex.illegal.move.text(ex.before.geo)
    drawn = arrows(sheet_examples.draw(ex, "t").svg)
    assert drawn[refused] == "forbidden", drawn
    assert list(drawn.values()).count("forbidden") == 1
    # the site's diagram of the same example draws the same steps the same way
    ((_, options),) = example_panels(ex)
    site = position_svg(ex.before, ex.block.variant.rules, **options)
    assert arrows(site) == drawn


def test_turn_options_are_the_turn_record() -> None:
    v = variant("copenhagen-11")
    board = Board(v.rules, v.start())
    record = play_turn(board, ["d1-d3"])
    options = turn_options(record, highlights=[5])
    assert options["moves"] == tuple(record.moves)
    assert options["captured"] == () and options["highlights"] == [5]
    trail = turn_options(record, arrows="last_moves")
    assert "moves" not in trail and trail["last_moves"] == tuple(record.moves)
    assert turn_options(None, highlights=[3, 3]) == {"highlights": [3]}
    assert steps_options(record.moves, refused=record.moves[0])["forbidden"] == record.moves[0]


def test_live_board_and_render_draw_a_turn_alike() -> None:
    """Session.view and `tafl render` both draw through turn_options: same arrows."""
    session = Session("copenhagen-11")
    svg = session.move("d1-d3")["svg"]
    v = variant("copenhagen-11")
    board = Board(v.rules, v.start())
    record = play_turn(board, ["d1-d3"])
    rendered = position_svg(board.pos, v.rules, **turn_options(record))
    assert arrows(svg) == arrows(rendered) == {"d1-d3": "step"}


# -- the browser board: codes from Python, parsing by the engine ---------------------------


def test_board_view_gives_side_codes_and_names() -> None:
    view = Session("copenhagen-11").view()
    assert view["side"] == "attackers" and view["turn"] == "Angreifer"
    assert view["sides"] == [
        {"code": "attackers", "name": "Angreifer"},
        {"code": "defenders", "name": "Verteidiger"},
    ]


def test_board_script_maps_no_display_word_to_a_side_code() -> None:
    script = "\n".join(
        path.read_text(encoding="utf-8") for path in (ROOT / "docs/javascripts").glob("tafl-*.js")
    )
    assert '"Angreifer"' not in script and '"Verteidiger"' not in script
    assert "view.side" in script


@pytest.mark.parametrize("text", ["f1-f4-f5", "f1", "z1-z2"])
def test_a_malformed_move_is_refused_in_the_engines_german(text: str) -> None:
    view = Session("copenhagen-11").move(text)
    assert view["message"].startswith("Kein Zug: ")
    assert "unpack" not in view["message"] and "values" not in view["message"]


def test_jump_notation_is_read_by_the_engine() -> None:
    s = Session("berserk-11")
    view = s.move(" a5-d5 ")
    assert view["moves"] == ["1. Angreifer: a5-d5"]


def test_otn_start_is_written_by_the_otn_writer() -> None:
    v = variant("copenhagen-11")
    start = v.start()
    start.turn = start.turn.other
    text = rules_string(v, start)
    rules, read_start = parse_rules(text)
    assert read_start is not None and read_start.pieces() == start.pieces()
    assert rules.first is start.turn
    assert text.count("start:") == 1 and text.count("atkf:") == 1
    assert rules_string(v) == rules_string(v, v.start())


def test_session_has_no_regex_for_moves_or_otn() -> None:
    source = (ROOT / "tafl_web/session.py").read_text(encoding="utf-8")
    assert not re.search(r"re\.(split|sub)\(", source)


@pytest.mark.parametrize("slug", sorted(all_variants()))
def test_editor_palette_offers_the_pieces_of_rules_and_start(slug: str) -> None:
    v = variant(slug)
    offered = {LETTER_TO_PIECE[p["letter"]] for p in Session(slug).palette()}
    assert set(v.pieces()) <= offered
    assert offered <= set(v.rules.pieces()) | set(v.pieces())
    assert {p["name"] for p in Session(slug).palette()} == {p.german for p in offered}
