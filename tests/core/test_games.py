"""Game records: OpenTafl .otg and the plain move lists of data/games, read, written, replayed.

Expectations come from the files themselves (the move lists' own ``from-to`` steps replayed
with plain ``Board.push_text``, never through tafl_core.otn.game), from hand-written records
and from the format of opentafl-notation-spec.txt, section 4.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tafl_cli.main import main
from tafl_core import Board, Kind, variant
from tafl_core.otn import OtnError
from tafl_core.otn.game import (
    check_game,
    open_game,
    read_game,
    read_move_list,
    read_move_lists,
    replay,
    write_game,
    write_move_list,
)

DATA = Path(__file__).resolve().parents[2] / "data" / "games"
BRANDUB_RULES = (
    "dim:7 atkf:y surf:n tfr:i ks:c cenp:tcnkTCNK cens:K start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
)

#: Copenhagen games of the file that go on after the third repetition of a position
#: (found by replaying the file's steps: game line -> the first move after the end).
REPEATED = {298: 50, 443: 23, 509: 66, 513: 38, 550: 33, 697: 96, 827: 32, 898: 51, 907: 30,
            978: 119, 1542: 36}  # fmt: skip

HAND = f"""[event:Übungspartie]
[annotator:Hand]
[rules:{BRANDUB_RULES}]

1. d6-e6 c4-c6
[Die Angreifer öffnen.|Der Verteidiger weicht aus.]
1a.1.1a. d7-e7 d5-c5
[Eine andere Eröffnung.]
1a.1.2a. a4-a3 c5-d5
2. b4-c4 d5-b5
2b.1.1a. ..... e4-e5
[Statt d5-b5.]
3. c4-c5 Kd4-c4xc5
"""


def plain_replay(slug: str, line: str) -> tuple[Board, int]:
    """The file's own steps played with push_text up to the engine's end: board, steps."""
    board = Board(variant(slug))
    played = 0
    for word in line.split(",")[0].split():
        if word == "timeout" or board.outcome is not None:
            break
        board.push_text(word.split("x")[0])
        played += 1
    return board, played


#: The recorded game files, and how many parts each is checked in (the parts run in parallel
#: under pytest-xdist; all the Copenhagen games in one test took 20 s).
RECORDED = [
    ("copenhagen-11", "copenhagen_games.csv", 1752, 6),
    ("brandub-7", "brandubh_games.csv", 525, 2),
]


@pytest.mark.parametrize(
    ("slug", "name", "count", "part", "parts"),
    [
        pytest.param(slug, name, count, part, parts, id=f"{slug}-{part + 1}-von-{parts}")
        for slug, name, count, parts in RECORDED
        for part in range(parts)
    ],
)
def test_every_recorded_game_round_trips(
    slug: str, name: str, count: int, part: int, parts: int
) -> None:
    """Each game of the file (this part of its lines) is written as OTN, read back and
    replayed to the position and ending of the file's own steps.

    The file's games that go on after the engine's end (REPEATED: the third repetition of
    a position) are read up to the end, and refused with line and move when read strictly;
    every other game is read with all its steps (so a strict read takes it too: both reads
    differ only in what follows the end)."""
    lines = (DATA / name).read_text("utf-8").splitlines()
    assert len(lines) == count
    size = -(-count // parts)
    first = part * size
    mine = lines[first : first + size]
    games = read_move_lists("\n".join(mine), slug, stop_at_end=True)
    assert len(games) == len(mine) > 0
    for number, (line, game) in enumerate(zip(mine, games, strict=True), first + 1):
        listed = [w for w in line.split(",")[0].split() if w != "timeout"]
        if number in REPEATED and slug == "copenhagen-11":
            ply = REPEATED[number]
            assert len(game.moves) == ply - 1, number
            with pytest.raises(OtnError) as refused:
                read_move_list(line, slug, first_line=number)
            assert str(refused.value).startswith(f"Zeile {number}, Zug {ply} ("), number
            assert "schon zu Ende" in str(refused.value), number
            assert "Zugwiederholung" in str(refused.value), number
        else:
            assert len(game.moves) == len(listed), number
        expected, steps = plain_replay(slug, line)
        text = write_game(game)
        back = read_game(text)
        assert back.moves == game.moves, number
        assert back.variant == slug
        assert len(back.moves) == steps, number
        checked = check_game(back)
        assert checked.pos.key() == expected.pos.key(), number
        assert checked.outcome == expected.outcome, number
        if number not in REPEATED or slug != "copenhagen-11":
            again = read_move_list(write_move_list(back), slug)
            assert again.moves == game.moves, number


def test_king_is_not_in_the_list_but_in_the_otn_record() -> None:
    line = (DATA / "brandubh_games.csv").read_text("utf-8").splitlines()[7]
    assert line.split(",")[0].endswith("b6-b5xb4")
    game = read_move_list(line, "brandub-7")
    assert write_game(game).rstrip().endswith("b6-b5xb4/Kc5++")
    assert game.tags["result"] == "1"  # Black: the attackers won
    assert write_move_list(game).split(",")[0].endswith("b6-b5xb4")


def test_timeout_is_kept() -> None:
    line = (DATA / "copenhagen_games.csv").read_text("utf-8").splitlines()[42]
    assert " timeout," in line
    game = read_move_list(line, "copenhagen-11")
    assert "[termination:Zeit abgelaufen]" in write_game(game)
    assert " timeout," in write_move_list(read_game(write_game(game)))


def test_hand_written_record_with_comments_and_variations_round_trips() -> None:
    game = read_game(HAND)
    assert write_game(game) == HAND
    assert [gm.record.text(7) for gm in game.moves] == [
        "d6-e6", "c4-c6", "b4-c4", "d5-b5", "c4-c5", "Kd4-c4xc5",
    ]  # fmt: skip
    first = game.moves[0]
    assert first.comment == "Die Angreifer öffnen."
    assert [gm.record.text(7) for gm in first.variations[0]] == [
        "d7-e7", "d5-c5", "a4-a3", "c5-d5",
    ]  # fmt: skip
    assert first.variations[0][0].comment == "Eine andere Eröffnung."
    reply = game.moves[3].variations[0]
    assert [gm.record.text(7) for gm in reply] == ["e4-e5"]
    assert reply[0].comment == "Statt d5-b5."
    assert game.tags["event"] == "Übungspartie"
    assert read_game(write_game(game)) == game


def test_deeply_nested_variations_are_refused() -> None:
    lines = ["1. d6-e6 c4-c6"]
    address = "1a"
    for _ in range(40):
        lines.append(f"{address}.1.1a. d6-e6")
        address = f"{address}.1.1a"
    # rules tag, blank line, main line, then variation n on line 3 + n: the 31st is refused
    with pytest.raises(OtnError, match="Zeile 34: Varianten sind höchstens 30 Ebenen"):
        read_game(_bad("\n".join(lines) + "\n"))


def test_opentafl_layout_is_read() -> None:
    # OpenTafl writes '[|]' after every turn line and trailing spaces (saved-games/replays)
    text = f"[result:?]\n[rules:{BRANDUB_RULES}]\n\n1. d6-e6 c4-c6 \n[|]\n\n2. b4-c4 d5-b5 \n[|]\n"
    game = read_game(text)
    assert len(game.moves) == 4
    assert all(gm.comment == "" for gm in game.moves)


def test_replay_records_captures_and_the_ending() -> None:
    turns = replay(read_game(HAND))
    assert len(turns) == 6
    assert [t.side.value for t in turns[:2]] == ["attackers", "defenders"]
    assert turns[-1].record.captured == [variant("brandub-7").empty().geo.parse("c5")]
    line = (DATA / "brandubh_games.csv").read_text("utf-8").splitlines()[7]
    last = replay(read_move_list(line, "brandub-7"))[-1]
    assert last.outcome is not None and last.outcome.reason.value == "king-captured"


def _bad(body: str) -> str:
    return f"[rules:{BRANDUB_RULES}]\n\n{body}"


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        (_bad("1. d6-e6 c4-c6\n2. b4-z4 d5-b5\n"), "Zeile 4", "kein OTN-Zugdatensatz"),
        (_bad("1. d6-e6 c4-c6\n2. b4-b9 d5-b5\n"), "Zeile 4", "b9"),
        (_bad("1. d6-e6 c4-c6\n2. b4-e4 d5-b5\n"), "Zeile 4, Zug 'b4-e4'", "nicht erlaubt"),
        (_bad("1. d6-e6 c4-c6\n2. b4-c4 d5-b5xb4\n"), "Zeile 4, Zug 'd5-b5xb4'", "schlägt"),
        (_bad("1. d6-e6 c4-c6\n2. b4-c4 Kd5-b5\n"), "Zeile 4, Zug 'Kd5-b5'", "nennt 'K'"),
        (
            _bad("1. d6-e6 c4-c6\n2. b4-c4 d5-b5\n3. c4-c5 Kd4-c4\n"),
            "Zeile 5, Zug 'Kd4-c4'",
            "die Engine schlägt hier c5, der Datensatz nennt nichts",
        ),
        (_bad("1. d6-e6 c4-c6\n3. b4-c4 d5-b5\n"), "Zeile 4", "Zugnummer 2"),
        (_bad("1. d6-e6 c4-c6\n1b.1.1a. d5-c5\n"), "Zeile 4", "Platzhalter"),
        (_bad("1. d6-e6 c4-c6\n[a|b|c]\n"), "Zeile 4", "mehr Teile"),
        (
            _bad("1. d6-e6 c4-c6\n1a.1.1a. d7-e7 d5-d6\n2. b4-c4 d5-b5\n"),
            "Zeile 4, Zug 'd5-d6'",
            "nicht erlaubt – das Zielfeld d6 ist besetzt",
        ),
        (_bad("1. d6-e6 c4-c6\n1a.2.1a. d7-e7\n"), "Zeile 4", "Variante 2 von 1a"),
        (_bad("1. d6-e6 c4-c6\n2a.1.1a. d7-e7\n"), "Zeile 4", "den Zug 2a gibt es nicht"),
        (_bad("1. d6-e6 c4-c6\n[offen\n"), "Zeile 4", "nicht mit ']'"),
        ("1. d6-e6 c4-c6\n", "", "keine Regeln"),
    ],
)
def test_bad_records_name_line_and_reason(text: str, where: str, what: str) -> None:
    with pytest.raises(OtnError) as info:
        read_game(text)
    message = str(info.value)
    assert message.startswith(where)
    assert what in message


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("d2-e2 d3-d2 b4-b2 d2-d4", "Zug 4 ('d2-d4'): nicht erlaubt"),
        ("d2-e2 d3-x2", "Zug 2 ('d3-x2'): kein Zug"),
        ("d2-e2 d3-d2xd1", "Zug 2 ('d3-d2xd1'): die Engine schlägt hier nichts"),
        ("d2-e2 timeout d3-d2", "'timeout' steht nur am Ende"),
        ("d2-e2,0,0,Gelb", "unbekanntes Ergebnis 'Gelb'"),
    ],
)
def test_bad_move_lists(text: str, what: str) -> None:
    with pytest.raises(OtnError, match="Zeile 1") as info:
        read_move_list(text, "brandub-7")
    assert what in str(info.value)


def test_open_game_tells_the_forms_apart() -> None:
    csv = (DATA / "brandubh_games.csv").read_text("utf-8")
    assert open_game(HAND).moves == read_game(HAND).moves
    game = open_game(csv, "brandub-7", 8)
    assert game.moves == read_move_list(csv.splitlines()[7], "brandub-7").moves
    with pytest.raises(OtnError, match="525 Partien"):
        open_game(csv, "brandub-7")
    with pytest.raises(OtnError, match="braucht die Variante"):
        open_game("d2-e2 d3-d2")


def test_free_board_export_is_read() -> None:
    from tafl_web.session import Session

    session = Session("brandub-7")
    for step in ("d6-e6", "c4-c6", "b4-c4", "d5-b5"):
        session.move(step)
    game = read_game(session.export()["game"])
    assert game.variant == "brandub-7"
    assert [gm.record.text(7) for gm in game.moves] == ["d6-e6", "c4-c6", "b4-c4", "d5-b5"]


def test_free_board_game_opened_by_the_defenders_is_read() -> None:
    from tafl_web.session import Session

    session = Session("brandub-7")
    session.set_turn("Verteidiger")
    session.set_editing(False)
    for step in ("c4-c6", "d6-e6"):
        session.move(step)
    game = read_game(session.export()["game"])
    assert game.variant == "brandub-7"
    assert game.start is not None and game.start.turn.value == "defenders"
    assert [gm.record.text(7) for gm in game.moves] == ["c4-c6", "d6-e6"]
    assert read_game(write_game(game)) == game


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), length=st.integers(1, 40))
def test_random_games_round_trip(seed: int, length: int) -> None:
    rng = random.Random(seed)
    board = Board(variant("brandub-7"))
    words: list[str] = []
    comments = ["", "gut", "Achtung: König", "ä ö ü"]
    while len(words) < length and board.outcome is None:
        move = rng.choice(board.legal_moves())
        before = board.position()
        board.push(move)
        caps = "".join(
            f"x{board.name(s)}"
            for s in board.captured
            if getattr(before.piece_at(s), "kind", None) is not Kind.KING
        )
        words.append(board.move_text(move).replace(" ", "") + caps)
    game = read_move_list(" ".join(words), "brandub-7")
    for gm in game.moves:
        gm.comment = rng.choice(comments)
    back = read_game(write_game(game))
    assert back == game
    assert check_game(back).pos.key() == board.pos.key()


def test_cli_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "partie.otg"
    path.write_text(HAND, "utf-8")
    assert main(["otn", "--game", str(path)]) == 0
    assert capsys.readouterr().out == HAND
    assert main(["otn", "--game", str(path), "--list"]) == 0
    assert capsys.readouterr().out == "d6-e6 c4-c6 b4-c4 d5-b5 c4-c5 d4-c4xc5,0,0,Ongoing\n"
    csv = str(DATA / "copenhagen_games.csv")
    assert main(["otn", "copenhagen-11", "--game", csv, "--nummer", "298"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tafl: Fehler: Zeile 298, Zug 50 ('b6-i6')")
    assert "Traceback" not in err
    assert main(["otn", "--game", str(path), "--nummer", "2"]) == 2
    assert "ohne Nummer" in capsys.readouterr().err
    assert main(["otn", "--liste"]) == 2
    assert "nur zusammen mit --game" in capsys.readouterr().err
