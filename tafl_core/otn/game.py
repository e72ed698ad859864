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

The plain move lists of ``data/games/`` are read and written by `move_list`, the record
itself, its engine check and its replay live in `record`; this module re-exports both, so
``tafl_core.otn.game`` is the one place to import from.

Every move is replayed on the engine while reading; a record that does not fit raises
OtnError naming the line (and the move) and the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..text import short
from ..variants import all_variants
from .errors import OtnError
from .move_list import read_move_list, read_move_lists, write_move_list
from .moves import parse_move_record
from .position import parse_position, position_record
from .read_rules import read_rules
from .record import (
    MAX_GAME,
    TIMEOUT,
    GameMove,
    GameRecord,
    PlayedTurn,
    _record,
    check_game,
    replay,
)
from .write_rules import rules_string

__all__ = [
    "TIMEOUT",
    "GameMove",
    "GameRecord",
    "PlayedTurn",
    "check_game",
    "is_game_record",
    "open_game",
    "read_game",
    "read_move_list",
    "read_move_lists",
    "replay",
    "write_game",
    "write_move_list",
]

# -- reading .otg -------------------------------------------------------------------

_TAG = re.compile(r"^\[([A-Za-z0-9_-]+):(.*)\]$")
_MAIN = re.compile(r"^([0-9]+)\.$")
_VARIATION = re.compile(r"^([0-9]+[a-z](?:\.[0-9]+\.[0-9]+[a-z])*)\.([0-9]+)\.([0-9]+)([a-z])\.?$")
_PLACEHOLDER = re.compile(r"^\.{3,}$")
#: How deep variations may nest (variations of variations …).
MAX_NESTING = 30


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
        if parent.count(".") // 2 >= MAX_NESTING:
            raise OtnError(
                f"Zeile {number}: Varianten sind höchstens {MAX_NESTING} Ebenen tief verschachtelt"
            )
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
