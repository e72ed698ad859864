"""Every bad input has one answer: an exit status and one German message, never a traceback.

The table lists each kind of bad input (impossible positions, wrong encodings, binary files,
broken notation …) with the exit status and a fragment of the message the command must give.
The expected messages are written from what the rules ask for, not copied from the code.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tafl_cli.main import main
from tafl_core import (
    Board,
    Move,
    MoveError,
    PositionError,
    SquareError,
    TaflError,
    parse_ascii,
    variant,
)
from tafl_core.otn import move_record

EMPTY_ROW = ". . . . . . . . . . ."


def grid(**squares: str) -> str:
    """An 11×11 grid (top rank first) with the given pieces, e.g. grid(f6="K", a1="A")."""
    rows = [list(EMPTY_ROW.replace(" ", "")) for _ in range(11)]
    for name, letter in squares.items():
        file, rank = ord(name[0]) - ord("a"), int(name[1:])
        rows[11 - rank][file] = letter
    return "\n".join(" ".join(row) for row in rows) + "\n"


#: name -> file content (str: UTF-8 text, bytes: written as is)
FILES: dict[str, str | bytes] = {
    "king_on_corner.txt": grid(a1="K", d4="A", e5="V"),
    "empty.txt": "\n".join([EMPTY_ROW] * 11),
    "no_king.txt": grid(d4="A", e5="V"),
    "attacker_on_corner.txt": grid(a1="A", f6="K", e5="V"),
    "defender_on_throne.txt": grid(f6="V", e2="K", d4="A"),
    "unicode_label.txt": "²" + grid(f6="K", d4="A", e5="V")[1:],
    "otn_unicode.txt": "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/²/",
    "latin1.txt": grid(f6="K", d4="A").replace(".", "ä", 1).encode("latin-1"),
    "binary.txt": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    "bom.txt": "\ufeff" + grid(f6="K", d4="A", e5="V"),
    "tabs.txt": grid(f6="K", d4="A", e5="V").replace(" ", "\t"),
    "comment.txt": "# Stellung aus Beispiel 3\n" + grid(f6="K", d4="A", e5="V"),
    "latin1.md": "Größe\n```tafl\nVariante: copenhagen-11\nStellung: Start\n```\n".encode(
        "latin-1"
    ),
    "slow_key.md": "```tafl\nVariante: copenhagen-11\nStellung: Start\nZug"
    + " " * 40_000
    + "\n```\n",
}

BIG = "1" * 5000

# (id, argv with {name} for the path of a file above, exit status, fragment of the output)
CASES: list[tuple[str, list[str], int, str]] = [
    # wrong results
    (
        "two steps without berserker rule (play)",
        ["play", "copenhagen-11", "f2-f3,e7-e9"],
        2,
        "ohne Berserker-Regel besteht ein Zug aus genau einem Schritt",
    ),
    (
        "two steps without berserker rule (render)",
        ["render", "copenhagen-11", "f2-f3,e7-e9"],
        2,
        "ohne Berserker-Regel besteht ein Zug aus genau einem Schritt",
    ),
    (
        "king already on a corner",
        ["play", "copenhagen-11", "--position", "{king_on_corner.txt}"],
        0,
        "Ergebnis: Verteidiger gewinnen (Flucht)",
    ),
    (
        "king on a corner may not walk off again",
        [
            "play",
            "copenhagen-11",
            "--position",
            "{king_on_corner.txt}",
            "--turn",
            "Verteidiger",
            "a1-a2",
        ],
        2,
        "bereits entschieden",
    ),
    ("empty board", ["play", "copenhagen-11", "--position", "{empty.txt}"], 2, "fehlt der König"),
    ("no king", ["play", "copenhagen-11", "--position", "{no_king.txt}"], 2, "fehlt der König"),
    (
        "attacker on a restricted corner",
        ["play", "copenhagen-11", "--position", "{attacker_on_corner.txt}"],
        2,
        "auf dem Eckfeld a1 steht ein Angreifer; dort darf nur der König stehen",
    ),
    (
        "defender on the throne",
        ["play", "copenhagen-11", "--position", "{defender_on_throne.txt}"],
        2,
        "auf dem Thron f6 steht ein Verteidiger",
    ),
    ("perft depth 0", ["perft", "copenhagen-11", "0"], 2, "erlaubt sind 1 bis 8, nicht 0"),
    ("perft depth -1", ["perft", "copenhagen-11", "-1"], 2, "'-1' ist keine ganze Zahl"),
    ("otn empty move", ["otn", "copenhagen-11", "--move", ""], 2, "--move braucht einen"),
    ("otn strict alone", ["otn", "copenhagen-11", "--strict"], 2, "--strict gilt nur zusammen"),
    (
        "otn start with position",
        ["otn", "copenhagen-11", "--start", "--position", "{bom.txt}"],
        2,
        "nicht zusammen mit --position",
    ),
    ("otn rules without dim", ["otn", "--rules", "esc:c"], 2, "der erste Eintrag muss 'dim:'"),
    ("otn rules no file", ["otn", "--rules", "regeln"], 2, "weder eine Datei noch ein OTN"),
    # tracebacks and raw messages
    (
        "scale 1e9",
        ["render", "copenhagen-11", "--out", "{out.png}", "--scale", "1e9"],
        2,
        "--scale",
    ),
    (
        "scale inf",
        ["render", "copenhagen-11", "--out", "{out.png}", "--scale", "inf"],
        2,
        "--scale",
    ),
    ("scale 70", ["render", "copenhagen-11", "--out", "{out.png}", "--scale", "70"], 2, "bis 8"),
    ("scale 50", ["render", "copenhagen-11", "--out", "{out.png}", "--scale", "50"], 2, "bis 8"),
    ("scale 1e-9", ["render", "copenhagen-11", "--out", "{out.png}", "--scale", "1e-9"], 2, "0,1"),
    ("fullwidth digit", ["perft", "copenhagen-11", "３"], 2, "keine ganze Zahl"),
    ("arabic digits in a move", ["play", "copenhagen-11", "d١-d٢"], 2, "ist kein Zug"),
    ("arabic digits in dim", ["otn", "--rules", "dim:١١"], 2, "keine Brettgröße"),
    (
        "superscript two as rank label",
        ["play", "copenhagen-11", "--position", "{unicode_label.txt}"],
        2,
        "unbekanntes Zeichen '²'",
    ),
    (
        "superscript two in an OTN position",
        ["play", "copenhagen-11", "--position", "{otn_unicode.txt}"],
        2,
        "'²' ist kein OTN-Figurenzeichen",
    ),
    ("superscript two in an OTN move", ["otn", "copenhagen-11", "--move", "d²-d3"], 2, "kein OTN"),
    ("5000-digit depth", ["perft", "copenhagen-11", BIG], 2, "keine ganze Zahl"),
    ("5000-digit square", ["play", "copenhagen-11", f"d{BIG}-d2"], 2, "zu lang"),
    ("5000-digit dim", ["otn", "--rules", f"dim:{BIG}"], 2, "keine Brettgröße"),
    (
        "Latin-1 position file",
        ["play", "copenhagen-11", "--position", "{latin1.txt}"],
        2,
        "latin1.txt:1: die Datei ist nicht UTF-8-kodiert",
    ),
    (
        "binary position file",
        ["play", "copenhagen-11", "--position", "{binary.txt}"],
        2,
        "binary.txt: das ist keine Textdatei",
    ),
    (
        "missing position file",
        ["play", "copenhagen-11", "--position", "{missing.txt}"],
        2,
        "missing.txt: die Datei gibt es nicht",
    ),
    ("Latin-1 Markdown file", ["check", "{latin1.md}"], 1, "latin1.md:1: FEHLER: die Datei ist"),
    ("missing Markdown file", ["check", "{missing.md}"], 1, "gibt es nicht"),
    ("invalid int value", ["perft", "copenhagen-11", "zwei"], 2, "Argument TIEFE: 'zwei'"),
    ("unrecognized arguments", ["variants", "--bunt"], 2, "unbekannte Angaben: --bunt"),
    ("play without arguments", ["play"], 2, "es fehlt: VARIANTE ("),
    ("unknown command", ["spiel"], 2, "unbekannt: 'spiel'"),
    ("BOM in a grid", ["play", "copenhagen-11", "--position", "{bom.txt}"], 0, "Am Zug: Angreifer"),
    ("tabs in a grid", ["play", "copenhagen-11", "--position", "{tabs.txt}"], 0, "Am Zug"),
    ("comment line", ["play", "copenhagen-11", "--position", "{comment.txt}"], 0, "Am Zug"),
    (
        "grammar: dative plural",
        ["play", "copenhagen-11", "f4-f3"],
        2,
        "gehört nicht den Angreifern, die am Zug sind",
    ),
    # slow paths
    (
        "move with 100 kB of spaces",
        ["play", "copenhagen-11", " " * 50_000 + "d1-d3" + " " * 50_000],
        0,
        "1. Angreifer: d1-d3",
    ),
    (
        "bad move with 100 kB of spaces",
        ["play", "copenhagen-11", " " * 50_000 + "d1-d3x" + " " * 50_000],
        2,
        "'d1-d3x' ist kein Zug",
    ),
    (
        "move with 100 kB of spaces inside",
        ["play", "copenhagen-11", "d1" + " " * 100_000 + "-d3"],
        2,
        "ist zu lang",
    ),
    (
        "OTN record of 4,000 characters given where the file belongs",
        ["otn", "brandub-7", "--position", "/5" * 2000 + "/"],
        2,
        "--position erwartet eine Datei, keinen OTN-Datensatz",
    ),
    (
        "empty turn between commas",
        ["play", "copenhagen-11", " , "],
        2,
        "Zug 1: ein Zug braucht mindestens einen Schritt",
    ),
    (
        "key line with 40,000 spaces",
        ["check", "{slow_key.md}"],
        1,
        "Zeile ohne Schlüsselwort: 'Zug'",
    ),
]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    """Write the input files; map every name (also of missing files) to its path."""
    paths = {}
    for name, content in FILES.items():
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        paths[name] = str(path)
    for name in ("missing.txt", "missing.md", "out.png"):
        paths[name] = str(tmp_path / name)
    return paths


@pytest.mark.parametrize(
    ("argv", "status", "fragment"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_bad_input_table(
    capsys: pytest.CaptureFixture[str],
    files: dict[str, str],
    argv: list[str],
    status: int,
    fragment: str,
) -> None:
    args = [files[a[1:-1]] if a.startswith("{") and a.endswith("}") else a for a in argv]
    try:
        code = main(args)
    except SystemExit as exc:  # argparse's own errors and --help
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert code == status, out + err
    assert fragment in out + err
    assert "Traceback" not in out + err
    if status == 2:
        lines = [line for line in err.splitlines() if line and not line.startswith(" ")]
        assert lines[-1].startswith(("tafl: Fehler: ", "tafl ")), err
        assert len(err) < 600, "the message must not echo a huge input"


def test_help_is_german(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["perft", "--help"], ["play", "--help"], ["otn", "--help"]):
        with pytest.raises(SystemExit):
            main(argv)
        out = capsys.readouterr().out
        assert out.startswith("Aufruf: tafl")
        assert "diese Hilfe zeigen" in out
        for english in ("usage", "positional arguments", "options:", "show this help"):
            assert english not in out


def test_every_command_and_option_is_described() -> None:
    from tafl_cli.main import build_parser

    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert {"variants", "show", "play", "perft", "render", "check", "otn"} <= set(commands)
    for command, sub in commands.items():
        assert sub.description, f"tafl {command} has no description"
        for action in sub._actions:
            assert action.help, f"tafl {command}: {action.dest} is not described"


def test_perft_prints_each_depth_and_ctrl_c_ends_with_130() -> None:
    """Depth 1 appears while depth 8 is still running; Ctrl-C then gives one line and 130."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tafl_cli.main", "perft", "copenhagen-11", "8"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # as from a terminal: a pytest-xdist worker ignores SIGINT, and a child would inherit it
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()  # blocks until depth 1 is printed (flushed)
    assert first.startswith("perft(1) = 116")
    assert proc.stdout.readline().startswith("perft(2) = ")  # depth 3 and on are running now
    os.kill(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert err == "tafl: abgebrochen (Strg+C)\n"  # one line, nothing else
    assert "Traceback" not in out + err


# -- the Python API --------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda b: b.push(Move(3, 999)),
        lambda b: b.is_legal(Move(999, 1000)),
        lambda b: b.targets(999),
        lambda b: b.push(Move(-1, 5)),
        lambda b: b.name(999),
        lambda b: b.name(-1),
    ],
    ids=["push-999", "is_legal-999", "targets-999", "push-negative", "name-999", "name-negative"],
)
def test_squares_off_the_board_raise_square_error(call) -> None:  # type: ignore[no-untyped-def]
    board = Board(variant("copenhagen-11"))
    with pytest.raises(SquareError, match="liegt nicht auf dem 11×11-Brett"):
        call(board)


def test_move_record_refuses_an_illegal_move() -> None:
    board = Board(variant("copenhagen-11"))
    # d1-a1: an attacker may not stop on the corner a1
    with pytest.raises(MoveError, match="Eckfeld a1"):
        move_record(board, Move(3, 0))


def test_a_long_argument_is_not_echoed(capsys: pytest.CaptureFixture[str]) -> None:
    """One short sentence, not the 4,000 characters given."""
    assert main(["otn", "brandub-7", "--position", "/5" * 2000 + "/"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err) < 200 and err.count("\n") == 1


@pytest.mark.parametrize("size", [-1, 0, 2, 4, 21])
def test_a_grid_for_no_board_size_names_the_size(size: int) -> None:
    """`parse_ascii(". . .", -1)` said "das -1×-1-Brett braucht -1": the size itself is the
    mistake, and the sizes the engine plays are odd, 5 to 19."""
    with pytest.raises(PositionError) as caught:
        parse_ascii(". . .", size)
    assert str(caught.value) == f"Brettgröße {size} wird nicht unterstützt (ungerade, 5 bis 19)"


def test_a_grid_of_one_row_says_reihe() -> None:
    with pytest.raises(PositionError, match="die Stellung hat 1 Reihe, das 7×7-Brett braucht 7"):
        parse_ascii(". . .", 7)


def test_pop_on_a_new_board_is_a_tafl_error() -> None:
    with pytest.raises(TaflError):
        Board(variant("copenhagen-11")).pop()
