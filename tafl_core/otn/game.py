"""Game records: OpenTafl's ``.otg`` files and plain move lists, read, written and replayed.

OpenTafl game record (``opentafl-notation-spec.txt``, section 4, and OpenTafl's
``GameSerializer``)::

    [event:Beispiel]
    [position:/…/]                 (optional: the game starts here instead)
    [rules:dim:11 …]               (the rules tag comes last)

    1. d1-d3 e4-e2
    [comment on d1-d3|comment on e4-e2]
    2. f1-f4 Ke6-e4
    2a.1.1a. d3-d8 e2-e3           (variation 1 off move 2a; its turn 1)
    2a.1.1a. ..... Ke6-e4          (a variation off the second move: '.....' keeps its place)

A turn line holds the steps of one turn of each side (several under the berserker rule,
``=``); its moves are addressed ``<turn><letter>`` (``2a``, ``2b``), a variation's
``<parent address>.<number>.<turn><letter>``. A comment block ``[…|…]`` after a turn
line holds one comment per move of that line (OpenTafl's placeholders get none).

Deviations: the reader also takes the free board's export (the rules string as a bare
first line, ``N. ... move`` when the defenders open) and never needs the ``rules`` tag
when a variant is given. Comments may not contain ``|`` or ``]`` (the format cannot).

Plain move lists (``data/games/*_games.csv``, from hnefatafl-rs): one game a line,
``from-to`` steps with ``xSQ`` per captured piece (the king is not listed), optionally
``timeout`` as last word, then comma-separated columns ending in the result
(``Black`` = attackers win, ``White`` = defenders win, ``Draw``, ``Ongoing``).

Every move is replayed on the engine while reading; a record that does not fit raises
OtnError naming the line (and the move) and the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..board import Board
from ..errors import MoveError, TaflError
from ..geometry import geometry
from ..movegen import step_effect
from ..moves import Move
from ..outcome import Outcome, Reason
from ..pieces import Kind, Side
from ..position import Position
from ..rules import RuleSet
from ..text import short
from ..turns import TurnRecord
from ..variants import Variant, all_variants
from ..wording import events
from .errors import OtnError
from .moves import Capture, MoveKind, MoveRecord, parse_move_record, record_to_move
from .pieces import piece_letter
from .position import parse_position, position_record
from .read_rules import read_rules, rules_equal_fields
from .write_rules import rules_string

#: The ``termination`` tag of a move list that ends with ``timeout``.
TIMEOUT = "Zeit abgelaufen"
#: Results of the move lists and their OpenTafl ``result`` tag values.
_LIST_RESULTS = {"Black": "1", "White": "-1", "Draw": "0", "Ongoing": "?", "": "?"}
MAX_GAME = 2_000_000


@dataclass
class GameMove:
    """One step of a game record with its comment and the variations that replace it."""

    record: MoveRecord
    comment: str = ""
    variations: list[list[GameMove]] = field(default_factory=list)
    line: int = field(default=0, compare=False)  # where it was read (0: not read)


@dataclass
class GameRecord:
    """A game: tags (incl. ``rules``), variant slug ('' if none fits), rules, start, moves.

    ``start`` is the position the game begins from when it is not the variant's start
    (``None``: the variant's start, or the rules string's ``start:``). ``notes`` lists
    where the engine approximates the rules string.
    """

    tags: dict[str, str]
    variant: str
    rules: RuleSet
    start: Position | None
    moves: list[GameMove]
    notes: list[str] = field(default_factory=list, compare=False)

    def board(self) -> Board:
        """A board at the start of the game."""
        if self.variant:
            var = all_variants()[self.variant]
            return Board(var, self.start) if self.start is not None else Board(var)
        if self.start is None:
            raise OtnError("die Partie hat keine Startaufstellung")
        return Board(self.rules, self.start)

    @property
    def size(self) -> int:
        """The board size."""
        return self.rules.size


# -- replay -----------------------------------------------------------------------


@dataclass
class PlayedTurn:
    """One turn of a replayed line: who moved, its steps and what they did."""

    side: Side
    moves: list[GameMove]
    record: TurnRecord
    before: Position
    after: Position
    outcome: Outcome | None
    resigned: bool = False


def _where(gm: GameMove, size: int) -> str:
    """'Zeile 7, Zug e4-e2' (without the line when the move was not read from text)."""
    text = gm.record.text(size)
    return f"Zeile {gm.line}, Zug '{text}'" if gm.line else f"Zug '{text}'"


def _step(board: Board, gm: GameMove, turn: TurnRecord | None) -> None:
    """Check one step against the engine and play it (OtnError with place and reason)."""
    rec = gm.record
    where = _where(gm, board.rules.size)
    if board.outcome is not None:
        raise OtnError(
            f"{where}: die Partie ist schon zu Ende ({events.outcome_by(board.outcome)})"
        )
    if board.berserker_open and not rec.kind.berserk:
        board.end_turn()
    try:
        move = record_to_move(board, rec)
    except MoveError as exc:
        raise OtnError(f"{where}: nicht erlaubt – {exc.why or exc}") from None
    except OtnError as exc:
        raise OtnError(f"{where}: {_strip_move(str(exc))}") from None
    _check_listed(board, rec, move, where)
    if turn is None:
        board.push(move)
    else:
        turn.step(board, move)


def _strip_move(message: str) -> str:
    """An OtnError of record_to_move without its own "Zug '…': " prefix."""
    return re.sub(r"^Zug '[^']*': ", "", message)


def _check_listed(board: Board, rec: MoveRecord, move: Move, where: str) -> None:
    """A record without a capture list where the engine captures is refused too."""
    if rec.captures:
        return  # compared by record_to_move
    taken, flipped = step_effect(board.ctx, board.pos, move)
    if taken | flipped:
        names = ", ".join(board.name(s) for s in board.pos.geo.squares(taken | flipped))
        raise OtnError(f"{where}: die Engine schlägt hier {names}, der Datensatz nennt nichts")


def check_game(record: GameRecord) -> Board:
    """Replay the main line and every variation; the board after the main line.

    OtnError names the line and the move that does not fit, and why.
    """
    board = record.board()
    _check_line(board, record.moves, record.size)
    return board


def _check_line(board: Board, line: list[GameMove], size: int) -> None:
    """Play `line` on board (left at its end), each variation checked from its place."""
    for index, gm in enumerate(line):
        for variation in gm.variations:
            depth = len(board._stack)
            _check_line(board, variation, size)
            while len(board._stack) > depth:
                board.pop()
        if gm.record.kind is MoveKind.RESIGN:
            if index != len(line) - 1:
                raise OtnError(f"{_where(line[index + 1], size)}: nach der Aufgabe folgt kein Zug")
            if board.outcome is not None:
                raise OtnError(
                    f"{_where(gm, size)}: die Partie ist schon zu Ende "
                    f"({events.outcome_by(board.outcome)})"
                )
            continue
        _step(board, gm, None)
    if board.berserker_open:
        board.end_turn()


def replay(record: GameRecord, line: list[GameMove] | None = None) -> list[PlayedTurn]:
    """The turns of the main line (or of `line`, a line from the start) with their captures."""
    board = record.board()
    turns: list[PlayedTurn] = []
    moves = record.moves if line is None else line
    for gm in moves:
        if gm.record.kind is MoveKind.RESIGN:
            pos = board.position()
            turns.append(PlayedTurn(board.turn, [gm], TurnRecord(), pos, pos, None, True))
            break
        if board.berserker_open and gm.record.kind.berserk and turns:
            last = turns[-1]
            _step(board, gm, last.record)
            last.moves.append(gm)
        else:
            if board.berserker_open:
                board.end_turn()
            side, before = board.turn, board.position()
            done = TurnRecord()
            _step(board, gm, done)
            last = PlayedTurn(side, [gm], done, before, before, None)
            turns.append(last)
        last.after = board.position()
        last.outcome = board.outcome
    return turns


# -- variants -----------------------------------------------------------------------


def _match_variant(rules: RuleSet, position: Position | None, named: str) -> Variant | None:
    """The catalogue variant of a rules string: named by the variant tag, else equal rules.

    A rules string with a start position may differ in who moves first (``atkf``): that is
    the side to move of its position (the free board writes it so), not another rule.
    """
    variants = all_variants()
    if named in variants and variants[named].rules.size == rules.size:
        return variants[named]
    allowed = [[], ["first"]] if position is not None else [[]]
    equal = [v for v in variants.values() if rules_equal_fields(v.rules, rules) in allowed]
    for v in equal:
        if position is not None and v.has_setup and v.start().key() == position.key():
            return v
    return equal[0] if equal else None


def _record(
    tags: dict[str, str], rules_text: str, position: Position | None, moves: list[GameMove]
) -> GameRecord:
    """A record from its tags: rules read, variant matched, start decided."""
    read = read_rules(rules_text)
    rules = read.rules
    var = _match_variant(rules, read.position, tags.get("variant", ""))
    start = position if position is not None else read.position
    if var is not None:
        rules = var.rules
        if start is not None and var.has_setup and start.key() == var.start().key():
            start = None
        if start is not None and start.size != rules.size:
            raise OtnError(
                f"die Stellung ist {start.size}×{start.size}, die Regeln verlangen "
                f"{rules.size}×{rules.size}"
            )
    elif start is None:
        raise OtnError("die Regeln passen zu keiner Variante und nennen keine Startaufstellung")
    tags = dict(tags)
    tags["rules"] = rules_text
    return GameRecord(tags, var.slug if var else "", rules, start, moves, read.notes)


# -- reading .otg -------------------------------------------------------------------

_TAG = re.compile(r"^\[([A-Za-z0-9_-]+):(.*)\]$")
_MAIN = re.compile(r"^([0-9]+)\.$")
_VARIATION = re.compile(r"^([0-9]+[a-z](?:\.[0-9]+\.[0-9]+[a-z])*)\.([0-9]+)\.([0-9]+)([a-z])\.?$")
_PLACEHOLDER = re.compile(r"^\.{3,}$")


@dataclass
class _Slot:
    """A read move and what its address needs: its line, index, side and letter."""

    move: GameMove
    letter: int


def read_game(text: str, *, variant: str | None = None) -> GameRecord:
    """Read an OpenTafl game record (or the free board's export); every move is replayed.

    ``variant`` (a slug) stands in for a missing ``rules`` tag.
    """
    if not isinstance(text, str):
        raise OtnError("die Partie muss ein Text sein")
    if len(text) > MAX_GAME:
        raise OtnError(f"die Partie ist zu lang (mehr als {MAX_GAME} Zeichen)")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    tags: dict[str, str] = {}
    rules_text = ""
    index = 0
    while index < len(lines):
        line = lines[index].strip()
        if not line:
            index += 1
            continue
        if line.startswith("dim:") and not rules_text:
            rules_text = line
            index += 1
            continue
        m = _TAG.match(line)
        if not m:
            break
        if m.group(1) == "rules":
            rules_text = m.group(2)
        else:
            tags[m.group(1)] = m.group(2)
        index += 1
    if not rules_text:
        if variant is None:
            raise OtnError("die Partie nennt keine Regeln (Kennzeichen [rules:…] fehlt)")
        if variant not in all_variants():
            raise OtnError(f"unbekannte Variante '{short(variant)}'")
        rules_text = rules_string(all_variants()[variant])
        tags.setdefault("variant", variant)
    try:
        pre = read_rules(rules_text)
    except OtnError as exc:
        raise OtnError(f"Regeln der Partie: {exc}") from None
    size = pre.rules.size
    position = None
    if "position" in tags:
        try:
            position = parse_position(tags.pop("position"), pre.rules.first)
        except OtnError as exc:
            raise OtnError(f"Kennzeichen [position:…]: {exc}") from None
    moves = _read_body(lines, index, size)
    record = _record(tags, rules_text, position, moves)
    check_game(record)
    return record


def _read_body(lines: list[str], first: int, size: int) -> list[GameMove]:
    """The main line with comments and variations from the turn lines."""
    main: list[GameMove] = []
    slots: dict[str, _Slot] = {}
    open_lines: dict[tuple[str, int], tuple[list[GameMove], int]] = {}  # -> line, next turn
    last: list[GameMove] | None = None
    turn = 0
    index = first
    while index < len(lines):
        number = index + 1
        line = lines[index].strip()
        index += 1
        if not line:
            continue
        if line.startswith("["):
            block = line
            while "]" not in block and index < len(lines):
                block += "\n" + lines[index]
                index += 1
            end = block.find("]")
            if end < 0:
                raise OtnError(f"Zeile {number}: der Kommentar wird nicht mit ']' geschlossen")
            if block[end + 1 :].strip():
                raise OtnError(f"Zeile {number}: nach ']' steht noch '{short(block[end + 1 :])}'")
            if last is None:
                raise OtnError(f"Zeile {number}: ein Kommentar vor dem ersten Zug")
            parts = block[1:end].split("|")
            for gm, part in zip(last, parts, strict=False):
                gm.comment = part
            if any(p for p in parts[len(last) :]):
                raise OtnError(f"Zeile {number}: der Kommentar hat mehr Teile als die Zeile Züge")
            continue
        words = line.split()
        label, tokens = words[0], words[1:]
        m = _MAIN.match(label)
        if m:
            turn += 1
            if int(m.group(1)) != turn:
                raise OtnError(f"Zeile {number}: Zugnummer {turn} erwartet, nicht '{short(label)}'")
            letter = 0
            while tokens and _PLACEHOLDER.match(tokens[0]) and turn == 1:
                tokens, letter = tokens[1:], letter + 1
            last = _moves(tokens, number, size)
            for offset, gm in enumerate(last):
                slots[f"{turn}{_letter(letter + offset)}"] = _Slot(gm, letter + offset)
            main.extend(last)
            continue
        v = _VARIATION.match(label)
        if not v:
            raise OtnError(
                f"Zeile {number}: '{short(label)}' ist weder eine Zugnummer ('3.') noch die "
                "Adresse einer Variante ('3a.1.1a.')"
            )
        parent, k, t, first_letter = v.group(1), int(v.group(2)), int(v.group(3)), v.group(4)
        if first_letter != "a":
            raise OtnError(f"Zeile {number}: die Adresse einer Zeile endet auf 'a' ('{label}')")
        placeholders = 0
        while tokens and _PLACEHOLDER.match(tokens[0]):
            tokens, placeholders = tokens[1:], placeholders + 1
        last = _moves(tokens, number, size)
        if t == 1:
            slot = slots.get(parent)
            if slot is None:
                raise OtnError(f"Zeile {number}: den Zug {parent} gibt es nicht")
            if k != len(slot.move.variations) + 1:
                raise OtnError(
                    f"Zeile {number}: Variante {k} von {parent} erwartet als Nummer "
                    f"{len(slot.move.variations) + 1}"
                )
            if placeholders != slot.letter:
                raise OtnError(
                    f"Zeile {number}: die Variante ersetzt {parent} und braucht dafür "
                    f"{slot.letter} Platzhalter '.....'"
                )
            line_moves: list[GameMove] = []
            slot.move.variations.append(line_moves)
        else:
            known = open_lines.get((parent, k))
            if known is None or known[1] != t:
                raise OtnError(f"Zeile {number}: '{label}' setzt keine gelesene Variante fort")
            line_moves = known[0]
            if placeholders:
                raise OtnError(
                    f"Zeile {number}: Platzhalter nur in der ersten Zeile einer Variante"
                )
        open_lines[(parent, k)] = (line_moves, t + 1)
        for offset, gm in enumerate(last):
            letter = placeholders + offset
            slots[f"{parent}.{k}.{t}{_letter(letter)}"] = _Slot(gm, letter)
        line_moves.extend(last)
    return main


def _letter(index: int) -> str:
    """Move letter: 0 -> 'a'."""
    return chr(ord("a") + index)


def _moves(tokens: list[str], number: int, size: int) -> list[GameMove]:
    """The move records of a turn line."""
    if not tokens:
        raise OtnError(f"Zeile {number}: eine Zugnummer ohne Züge")
    if len(tokens) > 26:
        raise OtnError(f"Zeile {number}: zu viele Züge in einer Zeile")
    moves = []
    for token in tokens:
        try:
            moves.append(GameMove(parse_move_record(token, size), line=number))
        except OtnError as exc:
            raise OtnError(f"Zeile {number}: {exc}") from None
    return moves


# -- writing .otg -------------------------------------------------------------------


def write_game(record: GameRecord) -> str:
    """The record as an OpenTafl game record (tags, rules tag last, turn lines)."""
    out = []
    for key, value in record.tags.items():
        if key in ("rules", "position"):
            continue
        out.append(_tag(key, value))
    if record.start is not None:
        out.append(_tag("position", position_record(record.start)))
    rules_text = record.tags.get("rules", "")
    if not rules_text:
        if not record.variant:
            raise OtnError("die Partie hat weder Regeln noch eine Variante")
        rules_text = rules_string(all_variants()[record.variant])
    out.append(_tag("rules", rules_text))
    out.append("")
    _write_line(out, record.moves, record.size, "", 0, 0)
    return "\n".join(out) + "\n"


def _tag(key: str, value: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9_-]+", key):
        raise OtnError(f"'{short(key)}' taugt nicht als Name eines Kennzeichens")
    if "\n" in value or "]" in value:
        raise OtnError(f"Kennzeichen '{key}': ']' und Zeilenumbrüche gehen nicht")
    return f"[{key}:{value}]"


def _write_line(
    out: list[str], line: list[GameMove], size: int, prefix: str, letter: int, side: int
) -> None:
    """Turn lines of `line`, its first step at move letter `letter` by turn-line side `side`
    (0: the side opening each turn line, 1: the other), each line followed by its variations.

    The sides alternate at every step that does not continue a berserker chain ('=');
    a turn line holds one turn of each side.
    """
    groups: list[tuple[int, int, list[tuple[GameMove, int]]]] = []  # turn, first letter, moves
    turn, pos = 1, letter
    for index, gm in enumerate(line):
        if index:
            pos += 1
            if not gm.record.kind.berserk:
                side += 1
                if side == 2:
                    turn, pos, side = turn + 1, 0, 0
        if not groups or groups[-1][0] != turn:
            groups.append((turn, pos, []))
        groups[-1][2].append((gm, side))
    for turn, first, moves in groups:
        label = f"{prefix}{turn}a." if prefix else f"{turn}."
        words = [label] + ["....."] * first + [gm.record.text(size) for gm, _ in moves]
        out.append(" ".join(words))
        if any(gm.comment for gm, _ in moves):
            for gm, _ in moves:
                if "|" in gm.comment or "]" in gm.comment:
                    raise OtnError(f"Kommentar zu {gm.record.text(size)}: '|' und ']' gehen nicht")
            out.append("[" + "|".join(gm.comment for gm, _ in moves).rstrip("|") + "]")
        for offset, (gm, gm_side) in enumerate(moves):
            address = f"{prefix}{turn}{_letter(first + offset)}"
            for k, variation in enumerate(gm.variations, 1):
                _write_line(out, variation, size, f"{address}.{k}.", first + offset, gm_side)


# -- plain move lists -----------------------------------------------------------------

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
        board.push(move)
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


def is_game_record(text: str) -> bool:
    """Whether `text` looks like an OpenTafl game record rather than a plain move list."""
    first = text.strip().split(maxsplit=1)
    return bool(first) and (first[0].startswith(("[", "dim:")) or bool(_MAIN.match(first[0])))


def open_game(text: str, variant: str | None = None, number: int | None = None) -> GameRecord:
    """A game record or a plain move list, told apart by their first word.

    A move list needs the variant; a file of several move lists (one game a line, each
    with its result columns) needs `number` (the game's line, from 1).
    """
    if not isinstance(text, str):
        raise OtnError("die Partie muss ein Text sein")
    if not text.strip():
        raise OtnError("der Text ist leer: keine Partie")
    if is_game_record(text):
        if number is not None:
            raise OtnError("eine OpenTafl-Partie enthält nur eine Partie; ohne Nummer öffnen")
        return read_game(text, variant=variant)
    if variant is None:
        raise OtnError("eine einfache Zugliste braucht die Variante (z. B. copenhagen-11)")
    lines = text.splitlines()
    rows = [n for n, line in enumerate(lines, 1) if "," in line]
    if number is not None:
        if not 1 <= number <= len(lines) or not lines[number - 1].strip():
            raise OtnError(f"eine Partie in Zeile {number} gibt es nicht ({len(lines)} Zeilen)")
        return read_move_list(lines[number - 1], variant, first_line=number)
    if len(rows) > 1:
        raise OtnError(
            f"der Text enthält {len(rows)} Partien (eine je Zeile); welche? (Nummer der Zeile)"
        )
    return read_move_list(text, variant)
