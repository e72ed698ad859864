"""The `tafl` example block syntax: finding ```tafl fences in Markdown and parsing the
hand-written German format into a Block.

A block names a variant, a position and optionally turns and expectations::

    Variante: copenhagen-11
    Titel: Zwei Verteidiger fallen mit einem Zug
    Am Zug: Angreifer
    Stellung:
    11 . . . . . . . . . . .
    ...
       a b c d e f g h i j k
    Zug: d2-d5
    Geschlagen: d6, e5
    Ergebnis: offen

Every error names the line (absolute in the file when the block knows its start).

The opening fence may carry a short id (```` ```tafl id=kurz-name ````) by which other
parts of the site (the rule sheets) pick the example.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from ..context import context
from ..errors import MoveError, PositionError, TaflError, UnknownVariantError
from ..geometry import geometry
from ..judge import check_given
from ..legality import REFUSAL_WORDS
from ..lines import split_lines
from ..moves import parse_move_text
from ..outcome import Reason
from ..pieces import Side, side_from_word
from ..position import Position, parse_ascii
from ..text import MAX_BLOCK, MAX_LINE, is_number, short
from ..turns import parse_turn_text
from ..variants import Variant, variant
from .claim import Claim, ClaimError, parse_claim
from .task import Answer, Task, TaskError, parse_answer, parse_task

#: Keywords (lower case) and what they take.
KEYS = {
    "variante": "Kürzel der Variante, z. B. copenhagen-11",
    "titel": "Bildunterschrift",
    "am zug": "Angreifer oder Verteidiger",
    "stellung": "'Start' oder das Raster in den folgenden Zeilen",
    "zug": "ein Zug; Schritte eines Berserker-Laufs mit Komma getrennt",
    "geschlagen": "Felder der geschlagenen Figuren des letzten Zugs, oder 'keine'",
    "umgedreht": "Felder der umgedrehten Bunten des letzten Zugs, oder 'keine'",
    "danach": "das Raster nach dem letzten Zug in den folgenden Zeilen ('?' = ausfüllen lassen)",
    "ergebnis": "'offen', '<Seite> gewinnen (<Grund>)' oder 'Remis (<Grund>)'",
    "illegal": "Grundklasse, warum der letzte Schritt verboten ist",
    "ziele": "'Ziele f6: f7, f8' – erlaubte Zielfelder der Figur auf f6, oder 'keine'",
    "berserker": "'offen' oder 'geschlossen' nach dem letzten Schritt",
    "markiert": "Felder, die das Diagramm hervorhebt",
    "aufgabe": "eine Aufgabe, die die Engine entscheidet, z. B. 'Verteidiger gewinnen in 2'",
    "lösung": "alle lösenden ersten Züge, mit ';' getrennt, 'ja'/'nein' oder Felder ('?' = "
    "ausfüllen lassen)",
    "behauptung": "was die Stellung nach dem letzten Zug erlaubt, von der Engine bewiesen, "
    "z. B. 'Verteidiger gewinnen nicht in 1'",
}

#: The German reason words of 'Ergebnis: … (<Grund>)', one per Reason (the block's own
#: vocabulary; the engine's reasons are codes, not these words).
OUTCOME_WORDS: dict[str, Reason] = {
    "Flucht": Reason.ESCAPE,
    "Randfestung": Reason.EDGE_FORT,
    "Königsfang": Reason.KING_CAPTURED,
    "Umzingelung": Reason.ENCIRCLEMENT,
    "Zugwiederholung": Reason.REPETITION,
    "Zugunfähigkeit": Reason.NO_MOVES,
}
_OUTCOME_BY_WORD = {word.lower(): reason for word, reason in OUTCOME_WORDS.items()}

_KEY_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")
_SQUARE = re.compile(r"[a-s][0-9]{1,2}")
_NONE_WORDS = {"keine", "keiner", "nichts", "-", "—"}


class BlockError(TaflError):
    """A block that cannot be read; `line` is the line in the file (or in the block)."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


T = TypeVar("T")

#: An expected outcome: "offen", or (winner or None for a draw, reason).
OutcomeValue = str | tuple[Side | None, Reason]


@dataclass
class Expect(Generic[T]):
    """One expectation with the line it was written on."""

    line: int
    value: T


@dataclass
class Turn:
    """One turn: one step, or several steps of one piece (berserker chain)."""

    line: int
    steps: list[str]


@dataclass
class Block:
    """A parsed example block (squares as ints of the variant's board)."""

    path: str
    line: int  # line of the first body line in the file
    variant: Variant
    position: Position
    from_start: bool
    caption: str | None = None
    id: str | None = None  # the id of the opening fence ('```tafl id=…'), if any
    turns: list[Turn] = field(default_factory=list)
    captured: Expect[list[int]] | None = None
    flipped: Expect[list[int]] | None = None
    after: Expect[Position | None] | None = None  # value: Position, or None for '?'
    after_grid_lines: tuple[int, int] | None = None  # (first, last) line of the Danach grid
    outcome: Expect[OutcomeValue] | None = None
    illegal: Expect[str] | None = None  # value: reason code (legality.REASONS)
    targets: list[Expect[tuple[int, list[int]]]] = field(default_factory=list)
    berserker: Expect[bool] | None = None  # value: whether the chain is open
    highlights: list[int] = field(default_factory=list)
    task: Expect[Task] | None = None  # an exercise: its 'Aufgabe:' line
    answer: Expect[Answer] | None = None  # its 'Lösung:' line
    answer_raw: str = ""  # the 'Lösung:' value as written
    claims: list[Expect[Claim]] = field(default_factory=list)  # its 'Behauptung:' lines

    @property
    def where(self) -> str:
        """'path:line' of the block."""
        return f"{self.path}:{self.line}"


def parse_block(
    text: str, path: str = "<block>", first_line: int = 1, block_id: str | None = None
) -> Block:
    """Parse the body of a ```tafl block; first_line is the file line of its first body line,
    `block_id` the id its opening fence gives it."""
    if len(text) > MAX_BLOCK:
        raise BlockError(
            f"der Block ist zu lang ({len(text)} Zeichen, höchstens {MAX_BLOCK})", first_line
        )
    lines = split_lines(text)
    entries: list[tuple[int, str, str | None, str, list[tuple[int, str]]]] = []
    i = 0
    while i < len(lines):
        raw = lines[i]
        lineno = first_line + i
        i += 1
        if not raw.strip() or raw.strip().startswith("#"):
            continue
        if len(raw.rstrip()) > MAX_LINE:
            raise BlockError(
                f"die Zeile ist zu lang ({len(raw.rstrip())} Zeichen, höchstens {MAX_LINE})",
                lineno,
            )
        parts = key_line(raw)
        if parts is None:
            raise BlockError(
                f"Zeile ohne Schlüsselwort: '{short(raw.strip())}' (erwartet z. B. 'Zug: d2-d4'; "
                "ein Raster gehört direkt unter 'Stellung:' oder 'Danach:')",
                lineno,
            )
        word, square, value = parts
        key = word.lower()
        if key not in KEYS:
            known = ", ".join(k.capitalize() for k in KEYS)
            raise BlockError(
                f"unbekanntes Schlüsselwort '{short(word)}' (bekannt: {known})", lineno
            )
        grid: list[tuple[int, str]] = []
        if key in ("stellung", "danach") and not value:
            while i < len(lines) and _looks_like_grid(lines[i]):
                grid.append((first_line + i, lines[i]))
                i += 1
        entries.append((lineno, key, square, value, grid))

    def single(key: str) -> tuple[int, str, str | None, str, list[tuple[int, str]]] | None:
        found = [e for e in entries if e[1] == key]
        if len(found) > 1:
            raise BlockError(f"'{key.capitalize()}' steht mehrfach im Block", found[1][0])
        return found[0] if found else None

    head = single("variante")
    if head is None:
        raise BlockError(
            "die Angabe 'Variante:' fehlt (z. B. 'Variante: copenhagen-11')", first_line
        )
    try:
        var = variant(head[3])
    except UnknownVariantError as exc:
        raise BlockError(str(exc), head[0]) from None
    n = var.rules.size

    side_entry = single("am zug")
    turn = var.rules.first
    if side_entry is not None:
        side = side_from_word(side_entry[3])
        if side is None:
            raise BlockError(
                f"'Am Zug: {short(side_entry[3])}' – erwartet 'Angreifer' oder 'Verteidiger'",
                side_entry[0],
            )
        turn = side
    task_entry = single("aufgabe")
    task = None
    if task_entry is not None:
        try:
            task = parse_task(task_entry[3], geometry(n))
        except TaskError as exc:
            raise BlockError(str(exc), task_entry[0]) from None
        if task.side is not None:
            if side_entry is not None and task.side is not turn:
                raise BlockError(
                    f"'Am Zug: {turn.german}' passt nicht zur Aufgabe: am Zug sind die "
                    f"{task.side.german} ('Am Zug' weglassen oder angleichen)",
                    side_entry[0],
                )
            turn = task.side

    pos_entry = single("stellung")
    if pos_entry is None:
        raise BlockError("die Angabe 'Stellung:' fehlt ('Start' oder ein Raster)", first_line)
    from_start = pos_entry[3].lower() == "start"
    if from_start:
        if not var.has_setup:
            raise BlockError(
                f"'Stellung: Start' geht nicht: {var.name} hat keine belegte Startaufstellung",
                pos_entry[0],
            )
        position = var.start()
        position.turn = turn
    elif pos_entry[3]:
        raise BlockError(
            f"nach 'Stellung:' steht '{short(pos_entry[3])}' – erwartet 'Start' oder das Raster "
            "in den folgenden Zeilen",
            pos_entry[0],
        )
    else:
        position = _grid(pos_entry[4], n, turn, pos_entry[0], "Stellung")
        try:
            check_given(context(var.rules), position, var)
        except PositionError as exc:
            raise BlockError(f"Stellung: {exc}", pos_entry[0]) from None

    block = Block(
        path=path,
        line=first_line,
        variant=var,
        position=position,
        from_start=from_start,
        id=block_id,
    )
    caption = single("titel")
    block.caption = caption[3] if caption else None
    answer_entry = single("lösung")
    if task_entry is not None and task is not None:
        block.task = Expect(task_entry[0], task)
        if answer_entry is not None:
            try:
                answer = parse_answer(answer_entry[3], task, position.geo)
            except TaskError as exc:
                raise BlockError(str(exc), answer_entry[0]) from None
            block.answer = Expect(answer_entry[0], answer)
            block.answer_raw = answer_entry[3]
    elif answer_entry is not None:
        raise BlockError("'Lösung:' gehört zu einer 'Aufgabe:'; die fehlt hier", answer_entry[0])

    for lineno, key, square, value, grid in entries:
        if square is not None and key != "ziele":
            raise BlockError(f"'{key.capitalize()}' nimmt kein Feld vor dem Doppelpunkt", lineno)
        if key == "zug":
            try:
                steps = parse_turn_text(value)
            except MoveError:
                raise BlockError("'Zug:' ohne Zug (erwartet z. B. 'Zug: d2-d4')", lineno) from None
            for step in steps:
                try:
                    parse_move_text(step, position.geo)
                except MoveError as exc:
                    raise BlockError(f"{exc} ({var.name})", lineno) from None
            block.turns.append(Turn(lineno, steps))
        elif key in ("geschlagen", "umgedreht"):
            squares = _squares(value, n, lineno, var)
            if key == "geschlagen":
                block.captured = Expect(lineno, squares)
            else:
                block.flipped = Expect(lineno, squares)
        elif key == "danach":
            if value == "?":
                block.after = Expect(lineno, None)
            elif value:
                raise BlockError("nach 'Danach:' folgt das Raster in den nächsten Zeilen", lineno)
            else:
                block.after = Expect(lineno, _grid(grid, n, turn, lineno, "Danach"))
                block.after_grid_lines = (grid[0][0], grid[-1][0]) if grid else None
        elif key == "ergebnis":
            block.outcome = Expect(lineno, _outcome(value, lineno))
        elif key == "illegal":
            reason = REFUSAL_WORDS.get(value.strip().lower())
            if reason is None:
                known = ", ".join(REFUSAL_WORDS)
                raise BlockError(
                    f"unbekannte Grundklasse '{short(value)}' (bekannt: {known})", lineno
                )
            block.illegal = Expect(lineno, reason)
        elif key == "ziele":
            if square is None:
                raise BlockError("'Ziele' braucht ein Feld: 'Ziele f6: f7, f8'", lineno)
            sq = _square(square.lower(), n, lineno, var)
            block.targets.append(Expect(lineno, (sq, _squares(value, n, lineno, var))))
        elif key == "berserker":
            word = value.lower()
            if word not in ("offen", "geschlossen"):
                raise BlockError(
                    f"'Berserker: {short(value)}' – erwartet 'offen' oder 'geschlossen'", lineno
                )
            block.berserker = Expect(lineno, word == "offen")
        elif key == "markiert":
            block.highlights = _squares(value, n, lineno, var)
        elif key == "behauptung":
            try:
                block.claims.append(Expect(lineno, parse_claim(value, position.geo)))
            except ClaimError as exc:
                raise BlockError(str(exc), lineno) from None
    if block.illegal is not None and not block.turns:
        raise BlockError("'Illegal:' braucht einen Zug, der verboten sein soll", block.illegal.line)
    if block.illegal is not None and (block.after or block.captured or block.outcome):
        raise BlockError(
            "ein Block mit 'Illegal:' kann nicht zugleich 'Danach', 'Geschlagen' oder "
            "'Ergebnis' für den verbotenen Zug erwarten",
            block.illegal.line,
        )
    if block.illegal is not None and block.claims:
        raise BlockError(
            "eine 'Behauptung' gilt der Stellung nach dem letzten Zug; in einem Block mit "
            "'Illegal:' wird der letzte Zug nicht gespielt",
            block.claims[0].line,
        )
    if block.task is not None and block.claims:
        raise BlockError(
            "eine Aufgabe beweist ihre Lösung selbst; 'Behauptung' gehört in ein Beispiel, "
            "nicht in denselben Block",
            block.claims[0].line,
        )
    if block.task is not None:
        played = [
            e.line
            for e in (
                block.captured,
                block.flipped,
                block.after,
                block.outcome,
                block.illegal,
                block.berserker,
            )
            if e
        ]
        played += [t.line for t in block.turns] + [t.line for t in block.targets]
        if played:
            raise BlockError(
                "eine Aufgabe beginnt in der gezeigten Stellung: 'Zug', 'Geschlagen', "
                "'Umgedreht', 'Danach', 'Ergebnis', 'Illegal', 'Ziele' und 'Berserker' "
                "gehören nicht in denselben Block",
                min(played),
            )
    needs_turn = [e for e in (block.captured, block.flipped, block.after, block.berserker) if e]
    if needs_turn and not block.turns:
        raise BlockError("diese Erwartung braucht mindestens einen 'Zug:'", needs_turn[0].line)
    return block


def key_line(line: str) -> tuple[str, str | None, str] | None:
    """(keyword, square or None, value) of a line such as 'Ziele f6: f7, f8', else None.

    The keyword is one or more words of letters ('Am Zug'); values are stripped. Plain
    string operations only, so the time is linear in the line's length.
    """
    head, colon, value = line.partition(":")
    if not colon:
        return None
    words = head.split()
    square = None
    if len(words) > 1 and _SQUARE.fullmatch(words[-1].lower()):
        square = words.pop()
    if not words or not all(_KEY_WORD.fullmatch(w) for w in words):
        return None
    return " ".join(words), square, value.strip()


def _looks_like_grid(line: str) -> bool:
    """Whether a line belongs to a grid: single-character cells, optional rank label."""
    tokens = line.split()
    if not tokens or key_line(line) is not None:
        return False
    if is_number(tokens[0]):
        tokens = tokens[1:]
    return all(len(t) == 1 for t in tokens) or (len(tokens) == 1 and ":" not in tokens[0])


def _grid(grid: list[tuple[int, str]], n: int, turn: Side, key_line: int, what: str) -> Position:
    if not grid:
        raise BlockError(f"unter '{what}:' fehlt das Raster", key_line)
    try:
        return parse_ascii("\n".join(line for _, line in grid), n, turn)
    except PositionError as exc:
        line = grid[exc.line - 1][0] if exc.line else key_line
        raise BlockError(f"{what}: {exc}", line) from None


def _square(text: str, n: int, line: int, var: Variant) -> int:
    try:
        return geometry(n).parse(text)
    except TaflError as exc:
        raise BlockError(f"{exc} ({var.name})", line) from None


def _squares(value: str, n: int, line: int, var: Variant) -> list[int]:
    words = [w for w in re.split(r"[,\s]+", value.strip()) if w]
    if not words:
        raise BlockError("hier fehlen die Felder (oder 'keine')", line)
    if len(words) == 1 and words[0].lower() in _NONE_WORDS:
        return []
    out = []
    for w in words:
        if not _SQUARE.fullmatch(w.lower()):
            raise BlockError(f"'{short(w)}' ist kein Feldname (erwartet z. B. 'd5')", line)
        out.append(_square(w.lower(), n, line, var))
    return sorted(set(out))


def _outcome(value: str, line: int) -> OutcomeValue:
    text = value.strip()
    low = text.lower()
    if low in ("offen", "keins", "läuft"):
        return "offen"
    parts = _outcome_parts(low)
    if parts is None:
        raise BlockError(
            f"'Ergebnis: {short(text)}' – erwartet 'offen', 'Angreifer gewinnen (Grund)', "
            "'Verteidiger gewinnen (Grund)' oder 'Remis (Grund)'",
            line,
        )
    side_word, reason_text = parts
    reason = _OUTCOME_BY_WORD.get(reason_text)
    if reason is None:
        known = ", ".join(OUTCOME_WORDS)
        raise BlockError(f"unbekannter Grund '{short(reason_text)}' (bekannt: {known})", line)
    winner = side_from_word(side_word) if side_word else None
    return (winner, reason)


def _outcome_parts(low: str) -> tuple[str | None, str] | None:
    """(side word or None for a draw, reason) of 'angreifer gewinnen (flucht)' or 'remis (…)'."""
    head, paren, rest = low.partition("(")
    reason, close, tail = rest.rpartition(")")
    if not paren or not close or tail.strip() or not reason.strip():
        return None
    words = head.split()
    if words == ["remis"]:
        return None, reason.strip()
    if len(words) == 2 and words[0] in ("angreifer", "verteidiger") and words[1] == "gewinnen":
        return words[0], reason.strip()
    return None


# possessive quantifiers: no backtracking between fence, spaces and info string
_FENCE_OPEN = re.compile(r"(?P<indent>[ \t]*+)(?P<fence>`{3,}+|~{3,}+)(?P<info>[^\n`]*+)")


#: A block id: lower-case letters, digits and single hyphens, e.g. 'leerer-thron-feindlich'.
_ID = re.compile(r"[a-z0-9äöüß]+(?:-[a-z0-9äöüß]+)*+")
MAX_ID = 60


@dataclass
class FoundBlock:
    """A ```tafl fence found in Markdown text."""

    line: int  # line of the opening fence (1-based)
    indent: str
    body: str  # dedented body text
    closed: bool
    info: str = ""  # the info string after the language, e.g. 'id=leerer-thron'
    id: str | None = None  # the block's id (None without one, or when `info` is malformed)
    info_error: str | None = None  # German reason why `info` cannot be read

    @property
    def first_body_line(self) -> int:
        """File line of the first body line."""
        return self.line + 1


def read_info(info: str) -> tuple[str | None, str | None]:
    """(id, error) of a fence's info string after the language: '' or 'id=kurz-name'."""
    block_id = None
    for token in info.split():
        key, eq, value = token.partition("=")
        if key != "id" or not eq:
            return None, (
                f"unbekannte Angabe '{short(token)}' im Kopf des Blocks (erlaubt ist nur "
                "'id=kurz-name')"
            )
        if block_id is not None:
            return None, "der Kopf des Blocks nennt mehr als eine id"
        value = value.strip("\"'")
        if len(value) > MAX_ID or not _ID.fullmatch(value):
            return None, (
                f"'id={short(value)}' ist keine gültige id (Kleinbuchstaben, Ziffern und "
                f"einzelne Bindestriche, höchstens {MAX_ID} Zeichen, z. B. 'id=leerer-thron')"
            )
        block_id = value
    return block_id, None


def without_id(fence_line: str) -> str:
    """The opening fence line as readers see it: without the block's 'id=…' attribute."""
    return re.sub(r"[ \t]+id=\S*", "", fence_line)


def find_blocks(text: str, language: str = "tafl") -> list[FoundBlock]:
    """Every fenced block whose info string starts with `language`, nested ones included."""
    lines = split_lines(text)
    out = []
    i = 0
    while i < len(lines):
        m = _FENCE_OPEN.fullmatch(lines[i])
        if not m:
            i += 1
            continue
        fence, indent = m.group("fence"), m.group("indent")
        info = m.group("info").strip()
        start = i
        i += 1
        body = []
        closed = False
        while i < len(lines):
            stripped = lines[i].strip()
            if stripped.startswith(fence[0] * len(fence)) and not stripped.strip(fence[0]):
                closed = True
                i += 1
                break
            line = lines[i]
            body.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
            i += 1
        head, *tail = info.split(maxsplit=1) or [""]
        rest = tail[0].strip() if tail else ""
        if head.lstrip("{.").rstrip("}").lower() == language:
            block_id, error = read_info(rest)
            out.append(
                FoundBlock(start + 1, indent, "\n".join(body), closed, rest, block_id, error)
            )
    return out
