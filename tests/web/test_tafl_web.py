"""tafl_web without a browser: the answers the live board shows, checked against the rules."""

from __future__ import annotations

import json
import zipfile
from io import BytesIO

from tafl_core import Board, variant
from tafl_core.examples.syntax import parse_block
from tafl_docs.browser_runtime import engine_zip, integrity, lock
from tafl_docs.playable import board_data, playable
from tafl_web import Session, api

# The rule text: a man is captured between two enemies on a line (custodial capture).
CAPTURE = """\
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . K . . . . .
 8 . . . . . . . V . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . . . A V . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . A . . . . .
   a b c d e f g h i j k"""


def pieces(view: dict) -> dict[str, str]:
    return {sq["name"]: sq["piece"] for sq in view["squares"] if sq["piece"]}


def targets(view: dict) -> list[str]:
    return sorted(sq["name"] for sq in view["squares"] if sq["target"])


def test_tap_marks_the_engines_targets() -> None:
    s = Session("copenhagen-11")
    view = s.tap("d1")
    board = Board(variant("copenhagen-11"))
    assert targets(view) == sorted(board.name(t) for t in board.targets("d1"))
    # A man of the start row slides along the file or the rank, never onto the corner a1.
    assert "a1" not in targets(view) and "d2" in targets(view)


def test_capture_between_two_attackers_is_announced() -> None:
    s = Session("copenhagen-11", grid=CAPTURE)
    s.tap("f1")
    view = s.tap("f4")
    assert "e4" not in pieces(view)
    assert view["message"] == (
        "Angreifer: f1-f4. Geschlagen ist der Verteidiger auf e4. Am Zug: Verteidiger."
    )
    assert view["turn"] == "Verteidiger"
    assert view["moves"] == ["1. Angreifer: f1-f4"]


def test_illegal_attempt_explains_in_german_without_codes() -> None:
    s = Session("copenhagen-11", grid=CAPTURE)
    view = s.move("f1-g2")
    assert view["message"].startswith("Nicht erlaubt")
    assert "waagerecht oder senkrecht" in view["message"]
    assert "nicht-gerade" not in view["message"]
    assert pieces(view)["f1"] == "A"


def test_undo_restores_the_position() -> None:
    s = Session("copenhagen-11", grid=CAPTURE)
    start = pieces(s.view())
    s.move("f1-f4")
    view = s.undo()
    assert pieces(view) == start
    assert view["turn"] == "Angreifer" and not view["can_undo"]


def test_berserker_chain_with_commander_jump() -> None:
    grid = "\n".join(
        [
            "15 . . . . . . . . . . . . . . .",
            "14 . A . . . . . . . . . . . . .",
            "13 . . V . . . . . . . . . . . .",
            "12 . . . . . . . . . . . K . . .",
            "11 . . . . . . . . . . . . . . .",
            "10 . . . . . A . . . . . . . . .",
            " 9 . . . . . V . . . . . . . . .",
            " 8 . C . . . . V . . . . . . . .",
            " 7 . . . . . . . V . . . . . V .",
            " 6 . . . . . . . A . . . . . . .",
            " 5 . . . . . . . . . . . . . . .",
            " 4 . . . . . . . . . . . . . . .",
            " 3 . . . . . . . . . . . . A . .",
            " 2 . . . . . . . . . . . . . . .",
            " 1 . . . . . . . . . . . . . . .",
            "   a b c d e f g h i j k l m n o",
        ]
    )
    s = Session("tyr-15", grid=grid)
    s.tap("b8")
    view = s.tap("f8")
    assert view["chain"] and view["turn"] == "Angreifer"
    assert "f9" not in pieces(view)
    assert "h8" in targets(view)  # the commander may jump the defender on g8
    view = s.tap("h8")
    assert "h7" not in pieces(view) and pieces(view)["g8"] == "V"
    if view["chain"]:
        view = s.end_turn()
    assert view["turn"] == "Verteidiger"
    assert view["moves"] == ["1. Angreifer: b8-f8, f8^h8"]
    assert "=" in s.export()["game"]  # OTN marks the chain step


def test_edge_fort_ends_the_game_in_german() -> None:
    grid = "\n".join(
        [
            "11 . . . . . . . . . . .",
            "10 . . . . . . . . . . .",
            " 9 . A . . . . . . V . .",
            " 8 . . . . . . . . . . .",
            " 7 . . . . . . . . . . .",
            " 6 . . . . . . . . A . .",
            " 5 . . . . . . V . . . .",
            " 4 . . . . . A . . . . .",
            " 3 . . . A . . . . . . .",
            " 2 . . A . V V . A . . .",
            " 1 . . A V . K . . . . .",
            "   a b c d e f g h i j k",
        ]
    )
    s = Session("copenhagen-11", grid=grid, turn="defenders")
    view = s.move("g5-g1")
    assert view["outcome"] == "Verteidiger gewinnen durch Randfestung"
    assert view["message"] == (
        "Verteidiger: g5-g1. Der König steht in einer Randfestung, die nicht zu brechen ist – "
        "die Verteidiger gewinnen."
    )
    assert s.tap("c1")["message"].startswith("Die Partie ist bereits entschieden")


def test_documented_turns_play_step_by_step() -> None:
    s = Session("copenhagen-11", grid=CAPTURE, turns=[["f1-f4"]])
    assert s.view()["documented"] == 1
    view = s.play_next()
    assert "e4" not in pieces(view) and view["documented"] == 0
    assert s.reset()["documented"] == 1


def test_export_is_a_block_the_site_accepts() -> None:
    s = Session("copenhagen-11", grid=CAPTURE)
    s.move("f1-f4")
    out = s.export()
    body = out["block"].removeprefix("```tafl\n").removesuffix("\n```")
    block = parse_block(body)
    assert block.position.turn.german == "Verteidiger"
    assert block.position.piece_at(block.position.geo.parse("e4")) is None
    # OTN position records start at rank 1: the king stands on rank 9.
    assert out["otn"].split("/")[9] == "5K5"
    assert out["game"].splitlines()[-1].startswith("1. f1-f4")


def test_odin_starts_empty_in_editing_mode() -> None:
    s = Session("odin-11")
    view = s.view()
    assert view["editing"] and not pieces(view)
    assert "keine Startaufstellung" in view["note"]
    s.place("f6", "K")
    s.place("a6", "A")
    view = s.set_turn("defenders")
    assert pieces(view) == {"f6": "K", "a6": "A"} and view["turn"] == "Verteidiger"
    view = s.set_editing(False)
    assert not view["editing"]
    assert "f7" in targets(s.tap("f6"))
    s.tap("f7")
    rules, line = s.export()["game"].splitlines()
    # The built position goes into the OTN start (rank 1 first), the defenders move first.
    assert "start:/11/11/11/11/11/t4K5/11/11/11/11/11/" in rules and "atkf:n" in rules
    assert line.startswith("1. ... Kf6-f7")


def test_build_without_npm_fails_in_german(tmp_path, monkeypatch) -> None:
    import pytest
    from mkdocs.exceptions import PluginError

    from tafl_docs import browser_runtime

    monkeypatch.setattr(browser_runtime.shutil, "which", lambda name: None)
    with pytest.raises(PluginError, match="braucht der Bau das Programm npm"):
        browser_runtime.tarball(lock(), cache=tmp_path)


def test_tampered_tarball_is_refused_and_removed(tmp_path) -> None:
    import pytest
    from mkdocs.exceptions import PluginError

    from tafl_docs import browser_runtime

    pin = lock()
    bad = tmp_path / f"pyodide-{pin['version']}.tgz"
    bad.write_bytes(b"not the pinned package")
    with pytest.raises(PluginError, match="Prüfsumme"):
        browser_runtime.tarball(pin, cache=tmp_path)
    assert not bad.exists()


def test_svg_leaves_the_square_attributes_to_the_tap_layer() -> None:
    svg = Session("copenhagen-11").view()["svg"]
    assert "data-square=" not in svg and "data-piece=" not in svg and "data-target=" not in svg


def test_api_bridge_speaks_json() -> None:
    key = api.create(json.dumps({"variant": "copenhagen-11", "grid": CAPTURE}))
    answer = json.loads(api.call(key, "tap", json.dumps(["f1"])))
    assert "f4" in targets(answer)
    assert "error" in json.loads(api.call(key, "_restart"))


def test_example_data_round_trips() -> None:
    from tafl_core.examples.run import execute

    block = parse_block(f"Variante: copenhagen-11\nStellung:\n{CAPTURE}\nZug: f1-f4\n")
    ex = execute(block)
    data = board_data(ex)
    assert data["turns"] == [["f1-f4"]] and data["turn"] == "attackers"
    html = playable(ex)
    assert "hidden" in html and ">Ausprobieren</button>" in html
    assert Session(data["variant"], data["grid"], data["turn"]).view()["squares"][5]["piece"] == "A"


def test_engine_zip_holds_the_engine_from_this_checkout() -> None:
    names = zipfile.ZipFile(BytesIO(engine_zip())).namelist()
    for needed in ("tafl_core/board.py", "diagrams/svg.py", "tafl_web/session.py"):
        assert needed in names
    assert "tafl_core/data/variants/tyr-15.toml" in names
    assert not any("__pycache__" in n for n in names)
    assert engine_zip() == engine_zip()  # reproducible


def test_lock_pins_version_and_sha512() -> None:
    pin = lock()
    assert pin["package"] == "pyodide" and pin["version"].count(".") == 2
    assert pin["integrity"].startswith("sha512-")
    assert integrity(b"") == (
        "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="
    )


def test_replay_keeps_the_last_chain_open_like_the_example() -> None:
    # Berserker rule: after a capture the same piece may capture again in the same turn.
    grid = "\n".join(
        [
            "11 . . . . . . . . . . .",
            "10 . A . . . . . . . . .",
            " 9 . . . . . K . . . A .",
            " 8 . . V . . . . . . . .",
            " 7 . . . . . . . . . . .",
            " 6 . . . . A . . A . . .",
            " 5 . . . . V . . V . . .",
            " 4 A . . . . . . . . . .",
            " 3 . . . . . . . . . . .",
            " 2 . . . . . . . . V . .",
            " 1 . . . . . . . . . . .",
            "   a b c d e f g h i j k",
        ]
    )
    s = Session("tyr-11", grid=grid, turns=[["a4-e4"]])
    view = s.play_next()
    assert "e5" not in pieces(view)
    assert view["chain"] and view["turn"] == "Angreifer"
    assert "Zug beenden" not in view["message"]


def test_an_impossible_built_position_keeps_the_editing_mode() -> None:
    # Copenhagen has a king; a board with only an attacker cannot be played from.
    s = Session("copenhagen-11")
    s.clear()
    s.place("d4", "A")
    view = s.set_editing(False)
    assert view["editing"], "play must not start without a king"
    assert "König" in view["message"]
    assert pieces(view) == {"d4": "A"}
    s.place("f6", "K")
    view = s.set_editing(False)
    assert not view["editing"] and view["turn"] == "Angreifer"


def test_berserk_knight_jump_is_announced_in_words() -> None:
    # Nielsen, Berserk 5b: the knight's jump takes the piece jumped over
    s = Session("berserk-11")
    s.tap("a5")
    s.tap("d5")
    s.tap("e5")
    view = s.tap("c5")
    assert "e5-c5, Sprung über d5" in view["message"]
    assert "Geschlagen ist der Angreifer auf d5." in view["message"]
    assert "^" not in view["message"]
    letters = [p["letter"] for p in s.palette()]
    assert "r" in letters and "R" in letters


# -- the status line's task, OTN move pairs, the replay question --------------------------------


def test_a_fresh_example_board_gives_the_examples_step_as_task() -> None:
    s = Session("copenhagen-11", grid=CAPTURE, turns=[["f1-f4"]])
    assert s.view()["hint"] == "Tippe f1 an, dann f4 – der Zug des Beispiels."


def test_a_free_board_suggests_a_legal_step() -> None:
    s = Session("copenhagen-11")
    hint = s.view()["hint"]
    frm, to = hint.removeprefix("Tippe zum Beispiel ").removesuffix(".").split(" an, dann ")
    board = Board(variant("copenhagen-11"))
    assert to in [board.name(t) for t in board.targets(frm)]
    # once something is said (a played step), the task stays out of the way
    assert s.move(f"{frm}-{to}")["hint"] == ""


def test_move_pairs_are_numbered_as_otn_numbers_them() -> None:
    s = Session("copenhagen-11")
    for text in ("d1-d3", "f4-h4", "d3-d2"):
        view = s.move(text)
        assert not view["message"].startswith(("Nicht", "Kein")), view["message"]
    assert view["move_pairs"] == ["1. d1-d3 f4-h4", "2. d3-d2"]
    # the same numbering as the exported OTN game (the moves there carry capture marks)
    assert [line.split()[0] for line in s.export()["game"].splitlines()[1:]] == ["1.", "2."]


def test_a_game_the_defenders_open_starts_with_an_ellipsis() -> None:
    s = Session("copenhagen-11", turn="defenders")
    s.move("f4-h4")
    view = s.move("d1-d3")
    assert view["move_pairs"] == ["1. ... f4-h4", "2. d1-d3"]


def test_replay_asks_before_it_drops_own_turns() -> None:
    s = Session("copenhagen-11", grid=CAPTURE, turns=[["f1-f4"]])
    assert s.view()["replay_question"] == ""
    # the example's own step, tapped by hand, is no own turn
    s.tap("f1")
    view = s.tap("f4")
    assert view["replay_question"] == "" and view["documented"] == 0
    s.undo()
    view = s.move("f1-g1")
    assert "der selbst gespielte Zug geht dabei verloren" in view["replay_question"]
    view = s.play_next()
    assert view["move_pairs"] == ["1. f1-f4"] and "e4" not in pieces(view)


def test_the_runtime_keeps_what_the_engine_imports() -> None:
    """The cut-down standard library holds every module the engine may import and leaves
    out the development tools."""
    from tafl_docs import browser_runtime as br

    source = "import json, os.path as p\nfrom . import sibling\n    from .x import (a,\n  b)\n"
    found = br.imports_of(source, "pkg.mod", False)
    assert {"json", "os", "os.path", "pkg.sibling", "pkg.x", "pkg.x.a", "pkg.x.b"} <= found
    imports = br.engine_imports()
    assert {"tomllib", "json", "dataclasses", "tafl_core.rules"} <= imports
    assert not any(br._skipped(name) for name in imports if not name.startswith("tafl"))
