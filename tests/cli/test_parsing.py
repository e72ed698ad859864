"""argparse's own messages in German (tafl_cli.parsing)."""

from __future__ import annotations

import argparse
import inspect

import pytest

from tafl_cli.parsing import _MESSAGES, decimal, german_message, whole_number


def test_every_translated_template_is_one_argparse_uses() -> None:
    source = inspect.getsource(argparse)
    for english, _ in _MESSAGES:
        assert english in source, f"argparse no longer says {english!r}"


@pytest.mark.parametrize(
    ("english", "german"),
    [
        ("the following arguments are required: VARIANTE, TIEFE", "es fehlt: VARIANTE, TIEFE"),
        ("unrecognized arguments: --bunt x", "unbekannte Angaben: --bunt x"),
        ("argument --out: expected one argument", "Argument --out: hier fehlt ein Wert"),
        (
            "argument BEFEHL: invalid choice: 'spiel' (choose from 'play', 'show')",
            "Argument BEFEHL: unbekannt: 'spiel' (möglich: 'play', 'show')",
        ),
        ("argument TIEFE: invalid int value: 'x'", "Argument TIEFE: ungültiger Wert 'x'"),
        (
            "ambiguous option: --p could match --position, --png",
            "mehrdeutig: --p passt zu --position, --png",
        ),
        ("something argparse may say one day", "something argparse may say one day"),
    ],
)
def test_messages_are_translated_inside_out(english: str, german: str) -> None:
    assert german_message(english) == german


@pytest.mark.parametrize("text", ["0", "9", "-1", "1.5", "３", "٣", "", "1" * 50])
def test_whole_number_takes_ascii_digits_in_range_only(text: str) -> None:
    parse = whole_number(1, 8)
    with pytest.raises(argparse.ArgumentTypeError):
        parse(text)


@pytest.mark.parametrize(("text", "value"), [("1", 1), ("8", 8), (" 3 ", 3)])
def test_whole_number_accepts(text: str, value: int) -> None:
    assert whole_number(1, 8)(text) == value


@pytest.mark.parametrize(("text", "value"), [("2", 2.0), ("1,5", 1.5), ("0.1", 0.1), ("8", 8.0)])
def test_decimal_accepts_german_and_english_decimal_marks(text: str, value: float) -> None:
    assert decimal(0.1, 8)(text) == value


@pytest.mark.parametrize("text", ["1e9", "inf", "nan", "-1", "0.05", "8.5", "１", "1,2,3", ""])
def test_decimal_refuses_everything_else(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        decimal(0.1, 8)(text)
