"""One language for the `tafl` command's option names: English, the former German
spellings still read but hidden from --help (README, "Die Kommandozeile")."""

from __future__ import annotations

import argparse

import pytest

from tafl_cli.main import build_parser
from tafl_cli.parsing import OLD_SPELLINGS

#: Every long option `tafl … --help` shows. A new option is added here in English.
ENGLISH_OPTIONS = {
    "--address",
    "--coverage",
    "--depth",
    "--exercises",
    "--format",
    "--game",
    "--goal",
    "--help",
    "--highlight",
    "--json",
    "--level",
    "--list",
    "--move",
    "--number",
    "--out",
    "--position",
    "--proofs",
    "--quiet",
    "--refutations",
    "--rules",
    "--scale",
    "--seed",
    "--start",
    "--strict",
    "--targets",
    "--time",
    "--title",
    "--turn",
    "--write",
}


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _shown(parser: argparse.ArgumentParser) -> set[str]:
    """The long options a parser's --help lists."""
    return {
        name
        for action in parser._actions
        if action.help is not argparse.SUPPRESS
        for name in action.option_strings
        if name.startswith("--")
    }


def test_help_shows_only_the_english_names() -> None:
    shown: set[str] = set()
    for name, parser in _subparsers().items():
        options = _shown(parser)
        assert not options & set(OLD_SPELLINGS.values()), name
        for old in OLD_SPELLINGS.values():
            assert old not in parser.format_help(), (name, old)
        shown |= options
    assert shown == ENGLISH_OPTIONS


def test_every_old_spelling_is_hidden_somewhere() -> None:
    hidden = {
        name
        for parser in _subparsers().values()
        for action in parser._actions
        if action.help is argparse.SUPPRESS
        for name in action.option_strings
    }
    assert set(OLD_SPELLINGS.values()) <= hidden


CASES = [
    (["solve", "brandub-7", "--goal", "schlagen"], "goal", "schlagen"),
    (["solve", "brandub-7", "--refutations"], "refutations", True),
    (["suggest", "brandub-7", "--time", "1,5"], "time", 1.5),
    (["otn", "--game", "x.otg", "--number", "3"], "number", 3),
    (["otn", "--game", "x.otg", "--list"], "list", True),
    (["sheet", "brandub-7", "--address", "example.org"], "address", "example.org"),
    (["sheet", "brandub-7", "--exercises"], "exercises", True),
]


@pytest.mark.parametrize(("argv", "dest", "value"), CASES)
def test_old_and_new_spelling_read_the_same(argv: list[str], dest: str, value: object) -> None:
    new = build_parser().parse_args(argv)
    old_argv = [OLD_SPELLINGS.get(word, word) for word in argv]
    assert old_argv != argv
    old = build_parser().parse_args(old_argv)
    assert getattr(new, dest) == getattr(old, dest) == value
    assert vars(new) == vars(old)


@pytest.mark.parametrize(("argv", "dest", "value"), CASES)
def test_defaults_without_the_option(argv: list[str], dest: str, value: object) -> None:
    args = build_parser().parse_args(argv[:2] if argv[0] != "otn" else argv[:3])
    assert getattr(args, dest) != value
