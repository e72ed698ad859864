"""Plain move lists: the games of data/games/*_games.csv (hnefatafl-rs), read and written.

One game a line: ``from-to`` steps with ``xSQ`` per captured piece (the king is not listed),
optionally ``timeout`` as last word, then comma-separated columns ending in the result
(``Black`` = attackers win, ``White`` = defenders win, ``Draw``, ``Ongoing``). Every step is
played on the engine while reading; its capture marks must name what the engine takes.
"""

from __future__ import annotations

import re

from ..board import Board
from ..errors import MoveError, TaflError
from ..geometry import geometry
from ..moves import Move
from ..outcome import Outcome, Reason
from ..pieces import Kind, Side
from ..position import Position
from ..text import short
from ..variants import all_variants
from ..wording import events
from .errors import OtnError
from .moves import Capture, MoveKind, MoveRecord
from .pieces import piece_letter
from .record import MAX_GAME, TIMEOUT, GameMove, GameRecord, _where
from .write_rules import rules_string

#: Results of the move lists and their OpenTafl ``result`` tag values.
_LIST_RESULTS = {"Black": "1", "White": "-1", "Draw": "0", "Ongoing": "?", "": "?"}

_LIST_STEP = re.compile(r"^([a-s][0-9]{1,2})-([a-s][0-9]{1,2})((?:[x/][a-s][0-9]{1,2})*)$")


def read_move_list(
    text: str, variant: str, *, stop_at_end: bool = False, first_line: int = 1
) -> GameRecord:
    """One game of a plain move list (a line of ``data/games/*_games.csv``, or moves alone).

    Moves are ``from-to`` with ``xSQ`` per captured piece (the king is not listed; a list
    must name exactly what the engine takes). With ``stop_at_end`` moves after the
    engine's end of the game are left out (the ``termination`` tag says how many);
    otherwise they are an error. ``first_line`` is the number of the text's first line
    in its file (for the messages).
    """
    if not isinstance(text, str):
        raise OtnError("die Zugliste muss ein Text sein")
    if len(text) > MAX_GAME:
        raise OtnError(f"die Zugliste ist zu lang (mehr als {MAX_GAME} Zeichen)")
    var = all_variants().get(variant)
    if var is None:
        raise OtnError(f"unbekannte Variante '{short(variant)}'")
    tags: dict[str, str] = {"variant": var.slug}
    words: list[tuple[int, str]] = []
    columns = label = ""
    column_line = first_line
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), first_line):
        if columns and line.strip():
            raise OtnError(f"Zeile {number}: nach den Spalten des Ergebnisses folgt nichts mehr")
        moves_part, comma, rest = line.partition(",")
        words.extend((number, w) for w in moves_part.split())
        if comma:
            columns, column_line = rest.strip() or ",", number
    if columns:
        label = columns.rsplit(",", 1)[-1].strip()
        if label not in _LIST_RESULTS:
            raise OtnError(
                f"Zeile {column_line}: unbekanntes Ergebnis '{short(label)}' "
                "(erwartet Black, White, Draw oder Ongoing)"
            )
        tags["result"] = _LIST_RESULTS[label]
        tags["list-columns"] = columns
    board = Board(var)
    size = var.rules.size
    geo = geometry(size)
    moves: list[GameMove] = []
    for index, (number, word) in enumerate(words):
        where = f"Zeile {number}, Zug {index + 1} ('{short(word)}')"
        if word == "timeout":
            if index != len(words) - 1:
                raise OtnError(f"{where}: 'timeout' steht nur am Ende")
            tags["termination"] = TIMEOUT
            break
        if board.outcome is not None:
            ended = events.outcome_by(board.outcome)
            if stop_at_end:
                tags["termination"] = (
                    f"{ended}; die Aufzeichnung hat danach noch {len(words) - index} Züge"
                )
                break
            raise OtnError(f"{where}: die Partie ist schon zu Ende ({ended})")
        m = _LIST_STEP.match(word)
        if not m:
            raise OtnError(f"{where}: kein Zug (erwartet z. B. 'd1-d3' oder 'g3-e3xe2')")
        try:
            frm, to = geo.parse(m.group(1)), geo.parse(m.group(2))
            listed = {geo.parse(sq) for sq in re.split(r"[x/]", m.group(3))[1:]}
        except TaflError as exc:
            raise OtnError(f"{where}: {exc}") from None
        if board.berserker_open:
            board.end_turn()
        move = Move(frm, to)
        try:
            move = board.check(move)
        except MoveError as exc:
            raise OtnError(f"{where}: nicht erlaubt – {exc.why or exc}") from None
        before = board.pos.copy()
        board.push_unchecked(move)  # board.check() above took it
        taken = [s for s in board.captured + board.flipped if not before.king & geo.bits[s]]
        if set(taken) != listed:
            names = ", ".join(geo.name(s) for s in sorted(taken)) or "nichts"
            raise OtnError(f"{where}: die Engine schlägt hier {names} (ohne den König)")
        moves.append(GameMove(_otn(before, move, board), line=number))
    if tags.get("result") not in (None, "?") and board.outcome is not None:
        engine = _result(board.outcome)
        if engine != tags["result"] and "termination" not in tags:
            raise OtnError(
                f"das Ergebnis '{label}' passt nicht zum Ende der Engine "
                f"({events.outcome_by(board.outcome)})"
            )
    if stop_at_end and board.outcome is not None:
        tags["result"] = _result(board.outcome)
    tags["rules"] = rules_string(var)
    return GameRecord(tags, var.slug, var.rules, None, moves)


def _result(outcome: Outcome) -> str:
    """The OpenTafl result tag of an outcome: 1 attackers, -1 defenders, 0 draw."""
    if outcome.winner is None:
        return "0"
    return "1" if outcome.winner is Side.ATTACKERS else "-1"


def _otn(before: Position, move: Move, board: Board) -> MoveRecord:
    """The OTN record of a step just played on board (captures from the engine)."""
    piece = before.piece_at(move.frm)
    assert piece is not None
    caps = []
    for s in sorted(board.captured + board.flipped):
        victim = before.piece_at(s)
        letter = "" if victim is None or victim.kind is Kind.MAN else piece_letter(victim)
        caps.append(Capture(s, letter))
    mark = ""
    if board.outcome is not None and board.outcome.reason is Reason.KING_CAPTURED:
        mark = "++"
    elif board.outcome is not None and board.outcome.reason is Reason.ESCAPE:
        mark = "--"
    letter = "" if piece.kind is Kind.MAN else piece_letter(piece)
    kind = MoveKind.JUMP if move.jump else MoveKind.SLIDE
    return MoveRecord(kind, move.frm, move.to, letter, tuple(caps), mark)


def write_move_list(record: GameRecord) -> str:
    """The main line as a plain move list (``d1-d3 g3-e3xe2 …``) with its columns."""
    size = record.size
    geo = geometry(size)
    board = record.board()
    words = []
    for gm in record.moves:
        rec = gm.record
        if rec.kind is MoveKind.RESIGN or rec.kind.jump or rec.kind.berserk:
            raise OtnError(
                f"{_where(gm, size)}: eine einfache Zugliste kennt keine Sprünge, "
                "Berserker-Züge oder Aufgaben"
            )
        caps = "".join(
            f"x{geo.name(c.square)}"
            for c in rec.captures
            if not board.pos.king & geo.bits[c.square]
        )
        board.push(rec.move)
        words.append(f"{geo.name(rec.frm)}-{geo.name(rec.to)}{caps}")
    if record.tags.get("termination") == TIMEOUT:
        words.append("timeout")
    columns = record.tags.get("list-columns", "0,0,Ongoing")
    label = {v: k for k, v in _LIST_RESULTS.items() if k}.get(record.tags.get("result", "?"))
    if label and label != "Ongoing":
        columns = columns.rpartition(",")[0] + "," + label
    return " ".join(words) + "," + columns


def read_move_lists(text: str, variant: str, *, stop_at_end: bool = False) -> list[GameRecord]:
    """Every game of a move-list file, one a line (errors name the file's line)."""
    games = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        games.append(read_move_list(line, variant, stop_at_end=stop_at_end, first_line=number))
    return games
