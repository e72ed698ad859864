"""One example runner: every driver reaches the same verdict, turns are replayed by the
engine's own turn function, an aborted turn is control flow, blocks carry ids.

Each test here fails on the code before the runner package (four drivers with four
verdicts, a replay loop of its own, decisions by searching German messages)."""

from __future__ import annotations

import logging
from html import unescape
from pathlib import Path

import pytest

from tafl_cli.main import main
from tafl_core.examples import FoundBlock, check_block, check_text, find_blocks, parse_block
from tafl_core.examples.run import execute
from tafl_core.examples.syntax import BlockError

ROOT = Path(__file__).resolve().parents[2]

START_BLOCK = """\
Variante: copenhagen-11
Stellung: Start
Zug: d1-d3
Danach: ?
"""

OPEN_GRID_PAGE = f"# Offen\n\n```tafl\n{START_BLOCK}```\n"


def found(body: str, line: int = 3, info: str = "") -> FoundBlock:
    """The block as find_blocks sees it in a page."""
    fence = f"```tafl {info}".rstrip()
    (block,) = find_blocks(f"{fence}\n{body}```\n")
    block.line = line
    return block


# -- 'Danach: ?' fails in every driver ---------------------------------------------------


def test_open_grid_fails_the_runner_verdict() -> None:
    verdict = check_block(found(START_BLOCK), "docs/x.md")
    assert not verdict.ok
    assert "'Danach: ?' ist noch offen" in verdict.report()
    assert verdict.report().startswith("docs/x.md:7: ")  # the 'Danach' line of the file


def test_open_grid_fails_the_pytest_item() -> None:
    from tests.docs.test_docs_examples import test_docs_example

    with pytest.raises(pytest.fail.Exception, match="'Danach: \\?' ist noch offen"):
        test_docs_example("docs/x.md", found(START_BLOCK))


def test_open_grid_fails_tafl_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "offen.md"
    page.write_text(OPEN_GRID_PAGE, encoding="utf-8")
    assert main(["check", str(page)]) == 1
    assert "'Danach: ?' ist noch offen" in capsys.readouterr().out


def test_open_grid_fails_the_pre_commit_hook(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import yaml

    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    program, *args = hook["entry"].split()
    assert program == "tafl"
    page = tmp_path / "offen.md"
    page.write_text(OPEN_GRID_PAGE, encoding="utf-8")
    assert main([*args, str(page)]) == 1
    assert "'Danach: ?' ist noch offen" in capsys.readouterr().out


def test_open_grid_fails_the_site_build(caplog: pytest.LogCaptureFixture) -> None:
    """The fence logs a warning (which fails `mkdocs build --strict`) and shows the error."""
    from tafl_docs import fence

    state = fence.FenceState()
    state.set_page("mechaniken/offen.md", OPEN_GRID_PAGE, "mechaniken/offen/")
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.tafl.fence"):
        html = fence.format_tafl(START_BLOCK, "tafl", "tafl", {}, None, state=state)
    assert "Fehlerhaftes Beispiel" in html and "noch offen" in html
    assert any("docs/mechaniken/offen.md:7" in r.getMessage() for r in caplog.records)


def test_open_grid_fails_a_sheet_pick(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tafl_docs import sheet_examples

    card = tmp_path / "varianten" / "copenhagen-11.md"
    card.parent.mkdir()
    card.write_text(OPEN_GRID_PAGE.replace("```tafl", "```tafl id=offen", 1), encoding="utf-8")
    picks = tmp_path / "sheets.toml"
    picks.write_text('"copenhagen-11" = ["offen"]\n', encoding="utf-8")
    monkeypatch.setattr(sheet_examples, "PICKS_FILE", picks)
    with pytest.raises(sheet_examples.SheetError, match="noch offen"):
        sheet_examples.picked("copenhagen-11", tmp_path)


def test_write_fills_in_what_the_check_would_report(tmp_path: Path) -> None:
    from tafl_core.examples import filled_text

    verdicts = check_text(OPEN_GRID_PAGE, "x.md", fill_in=True)
    assert all(v.ok for v in verdicts) and verdicts[0].fill
    text = filled_text(OPEN_GRID_PAGE, verdicts)
    assert "Danach: ?" not in text
    assert all(v.ok for v in check_text(text, "x.md"))


# -- one turn function: the block and `tafl play` refuse with the same words ------------


def play_error(capsys: pytest.CaptureFixture[str], slug: str, turns: str) -> str:
    assert main(["play", slug, turns]) != 0
    err = capsys.readouterr().err
    return err.split("Zug 1: ", 1)[1].strip()


def test_comma_turn_without_berserker_says_what_tafl_play_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = play_error(capsys, "copenhagen-11", "d1-d2,d2-d3")
    assert "ohne Berserker-Regel" in said
    block = parse_block("Variante: copenhagen-11\nStellung: Start\nZug: d1-d2, d2-d3\n")
    ex = execute(block)
    assert [f.line for f in ex.failures] == [3]
    assert said in ex.failures[0].message


def test_example_player_says_what_tafl_play_says(capsys: pytest.CaptureFixture[str]) -> None:
    from tafl_web.session import Session

    said = play_error(capsys, "copenhagen-11", "d1-d2,d2-d3")
    why = said.split(": ", 1)[1]  # without the "Schritt 'd2-d3': " of the command line
    session = Session("copenhagen-11", turns=[["d1-d2", "d2-d3"]])
    view = session.play_next()
    assert why.rstrip(".") in view["message"]
    # the first step stays played, as the example's diagram shows it
    assert {sq["name"] for sq in view["squares"] if sq["piece"] == "A"} >= {"d2"}
    assert view["moves"] == ["1. Angreifer: d1-d2"]


def test_example_player_replays_through_the_engine_turn_function(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """'Beispiel abspielen' is no third replay loop over the step-by-step move() of the page."""
    from tafl_web import session as session_module

    def refuse(self: object, text: str) -> dict[str, object]:
        raise AssertionError("play_next must not replay the turn step by step through move()")

    monkeypatch.setattr(session_module.Session, "move", refuse)
    board = session_module.Session("copenhagen-11", turns=[["d1-d3"]])
    view = board.play_next()
    assert view["moves"] == ["1. Angreifer: d1-d3"] and view["documented"] == 0


# -- an aborted turn ends the run: one fault, one failure ---------------------------------

TYR_CHAIN = """\
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . V A . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . A . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c2-c5, c5-c6
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . A . . K . . . . .
 5 . . . . A . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
"""


def test_refused_chain_step_is_one_failure_and_nothing_else_is_compared() -> None:
    """c2-c5 captures d5 (against e5), but no chain opens: the turn is over and c5-c6
    cannot follow. The 'Danach' grid assumes c5-c6 was played: no second failure."""
    ex = execute(parse_block(TYR_CHAIN, "docs/x.md", 1))
    assert ex.aborted
    assert len(ex.failures) == 1, ex.report()
    assert ex.failures[0].line == 15
    assert "c5-c6" in ex.failures[0].message


def test_no_chain_open_is_one_failure_too() -> None:
    text = (
        "Variante: copenhagen-11\nStellung: Start\nZug: d1-d2, d2-d3\nErgebnis: offen\n"
        "Geschlagen: d9\n"
    )
    ex = execute(parse_block(text))
    assert ex.aborted and len(ex.failures) == 1, ex.report()


def test_expected_refusal_is_drawn_from_the_engine_data() -> None:
    text = TYR_CHAIN.split("Danach:")[0] + "Illegal: berserker\n"
    ex = execute(parse_block(text))
    assert ex.ok, ex.report()
    assert ex.illegal is not None and ex.illegal.step == "c5-c6"
    assert ex.illegal.error.reason == "berserker"
    assert len(ex.last_moves) == 1  # the chain's first step was played


# -- block ids ----------------------------------------------------------------------------


def test_block_id_is_read_from_the_info_string() -> None:
    page = "# A\n\n```tafl id=leerer-thron\nVariante: copenhagen-11\nStellung: Start\n```\n"
    (block,) = find_blocks(page)
    assert block.id == "leerer-thron" and block.info_error is None
    verdict = check_block(block, "docs/a.md")
    assert verdict.ok and verdict.block is not None and verdict.block.id == "leerer-thron"


@pytest.mark.parametrize(
    ("info", "fragment"),
    [
        ("id=Gross", "keine gültige id"),
        ("id=", "keine gültige id"),
        ("id=a--b", "keine gültige id"),
        ("name=x", "unbekannte Angabe 'name=x'"),
        ("id=a id=b", "mehr als eine id"),
    ],
)
def test_bad_block_head_is_a_german_error_with_file_and_line(info: str, fragment: str) -> None:
    verdict = check_block(
        found("Variante: copenhagen-11\nStellung: Start\n", 12, info), "docs/a.md"
    )
    assert not verdict.ok
    assert verdict.report().startswith("docs/a.md:12: ")
    assert fragment in verdict.report()


def test_an_id_given_twice_names_both_places(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = "Variante: copenhagen-11\nStellung: Start\n"
    (tmp_path / "a.md").write_text(f"# A\n\n```tafl id=zweimal\n{body}```\n", encoding="utf-8")
    (tmp_path / "b.md").write_text(f"# B\n\n\n```tafl id=zweimal\n{body}```\n", encoding="utf-8")
    assert main(["check", "-q", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{tmp_path / 'b.md'}:4: FEHLER: die id 'zweimal' hat schon das Beispiel in " in out
    assert f"{tmp_path / 'a.md'}:3" in out
    assert "2 Beispiele geprüft, 1 in Ordnung, 1 fehlerhaft" in out


def test_an_id_given_twice_fails_the_site_build(caplog: pytest.LogCaptureFixture) -> None:
    from tafl_docs import fence

    body = "Variante: copenhagen-11\nStellung: Start\n"
    state = fence.FenceState()
    state.set_page("a.md", f"```tafl id=doppelt-im-bau\n{body}```\n", "a/")
    assert "Fehlerhaftes Beispiel" not in fence.format_tafl(
        body, "tafl", "tafl", {}, None, state=state
    )
    state.set_page("b.md", f"# B\n\n```tafl id=doppelt-im-bau\n{body}```\n", "b/")
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.tafl.fence"):
        html = fence.format_tafl(body, "tafl", "tafl", {}, None, state=state)
    assert "Fehlerhaftes Beispiel" in html
    said = "docs/b.md:3: die id 'doppelt-im-bau' hat schon das Beispiel in docs/a.md:1"
    assert said in unescape(html)
    assert any(said in r.getMessage() for r in caplog.records)
    # a page converted twice in one build is no duplicate of itself
    again = fence.FenceState()
    for _ in range(2):
        again.set_page("a.md", f"```tafl id=doppelt-im-bau\n{body}```\n", "a/")
        html = fence.format_tafl(body, "tafl", "tafl", {}, None, state=again)
        assert "Fehlerhaftes Beispiel" not in html


def superfences_settings() -> dict[str, object]:
    """The site's pymdownx.superfences settings from mkdocs.yml (tags left unread)."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader)
    for entry in config["markdown_extensions"]:
        if isinstance(entry, dict) and "pymdownx.superfences" in entry:
            return dict(entry["pymdownx.superfences"] or {})
    return {}


def test_an_id_does_not_change_the_rendered_example() -> None:
    """Readers see no id: the figure and the source box are those of the block without it,
    with the site's superfences settings (the plugin adds the ```tafl fence to them)."""
    import markdown

    from tafl_docs import fence

    body = "Variante: copenhagen-11\nTitel: Ein Zug.\nStellung: Start\nZug: d1-d3\n"
    pages = [f"# A\n\n```tafl{head}\n{body}```\n" for head in ("", " id=ein-zug")]
    out = []
    for text in pages:
        state = fence.FenceState()
        state.set_page("mechaniken/a.md", text, "mechaniken/a/")
        settings = superfences_settings()
        settings["custom_fences"] = [{"name": "tafl", "class": "tafl", "format": state.formatter()}]
        out.append(
            markdown.markdown(
                text,
                extensions=["pymdownx.superfences"],
                extension_configs={"pymdownx.superfences": settings},
            )
        )
    assert "tafl-beispiel" in out[0]
    assert out[1] == out[0]
    assert "id=ein-zug" not in out[1]


# -- the outcome words of a block: one table, not the engine's display values ------------


def test_every_reason_has_one_block_word_and_the_site_says_it() -> None:
    from tafl_core.examples.syntax import OUTCOME_WORDS
    from tafl_core.outcome import Outcome, Reason
    from tafl_core.pieces import Side

    assert sorted(OUTCOME_WORDS.values(), key=lambda r: r.value) == sorted(
        Reason, key=lambda r: r.value
    )
    for word, reason in OUTCOME_WORDS.items():
        block = parse_block(
            f"Variante: copenhagen-11\nStellung: Start\nErgebnis: Verteidiger gewinnen ({word})\n"
        )
        assert block.outcome is not None
        assert block.outcome.value == (Side.DEFENDERS, reason)
        # the reader's sentence and the block's word are the same word
        assert word in Outcome(Side.DEFENDERS, reason).german()


def test_outcome_words_do_not_come_from_reason_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """A block word is looked up in the syntax table: the engine's Reason stays free to
    carry codes instead of German display words."""
    from tafl_core.examples import syntax

    source = Path(syntax.__file__).read_text(encoding="utf-8")
    assert ".value" not in source.split("def _outcome(", 1)[1].split("\ndef ", 1)[0]
    with pytest.raises(BlockError, match=r"unbekannter Grund 'sieg'.*Flucht, Randfestung"):
        parse_block("Variante: copenhagen-11\nStellung: Start\nErgebnis: Remis (Sieg)\n")


# -- the old modules are gone -------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    ["tafl_core/blocks.py", "tafl_core/block_run.py", "diagrams/turn.py", "diagrams/shieldwall.py"],
)
def test_old_copies_are_gone(path: str) -> None:
    assert not (ROOT / path).exists()
