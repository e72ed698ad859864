"""OpenTafl notation (OTN): rules strings, position records and move records.

The specification is ``opentafl-notation-spec.txt`` in the public repository
``jslater89/OpenTafl``; this module follows it and names every deviation.

* Position records list the ranks from rank 1 (the bottom rank, the one holding
  ``a1``) upwards, as OpenTafl's serializer writes them (row ``y`` is rank ``y + 1``).
  Letters: lowercase attackers, uppercase defenders; ``t`` man, ``k`` king,
  ``c`` commander, ``m`` mercenary (OpenTafl's side-switching piece, used here for
  the variegated man; it is not in the cited version of the specification),
  ``n`` knight and ``g`` guard (both unknown to this engine).
* Rules strings: ``dim:`` first, ``start:`` last. The specification's examples write
  Copenhagen and Fetlar with ``atkf:n`` ("defenders go first"); the rules and
  OpenTafl's own engine have the attackers first, and so does this module, which
  therefore always writes ``atkf`` explicitly. ``start:`` is left out when a
  variant has no sourced setup (the specification demands it; the reader accepts
  its absence). Where the specification's defaults contradict its prose (``cenp``,
  ``cens``), the keys are always written when the board has a throne.
* Move records: ``[piece]<from><-|^|=|^=><to>[x<captures>][+|-|++|--]`` or ``---``.
  ``=`` marks a step that continues a berserker chain (the same piece moving again
  in the same turn), ``^`` a commander's jump.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from enum import Enum

from .board import Board
from .errors import SquareError, TaflError
from .geometry import geometry
from .movegen import step_effect
from .moves import Move
from .pieces import Kind, Piece, Side
from .position import Position
from .rules import (
    Escape,
    Hostility,
    KingCapture,
    NoMoves,
    Repetition,
    RuleSet,
    ThronePass,
)
from .variants import Variant


class OtnError(TaflError):
    """An OTN text that cannot be read, or that this engine cannot represent."""


# -- pieces -------------------------------------------------------------------

_KIND_LETTER = {Kind.MAN: "t", Kind.KING: "k", Kind.COMMANDER: "c", Kind.VARIEGATED: "m"}
_LETTER_KIND = {v: k for k, v in _KIND_LETTER.items()}
#: OTN letters this engine has no piece for, with a German name.
_FOREIGN = {"n": "Ritter (Knight)", "g": "Wächter (Guard)"}


def piece_letter(piece: Piece) -> str:
    """OTN letter of a piece: lowercase for attackers, uppercase for defenders."""
    ch = _KIND_LETTER[piece.kind]
    return ch if piece.side is Side.ATTACKERS else ch.upper()


def letter_piece(ch: str) -> Piece:
    """The engine piece of an OTN letter; OtnError for letters the engine lacks."""
    low = ch.lower()
    side = Side.ATTACKERS if ch.islower() else Side.DEFENDERS
    if low in _FOREIGN:
        raise OtnError(f"die Figur '{ch}' ({_FOREIGN[low]}) kennt diese Engine nicht")
    kind = _LETTER_KIND.get(low)
    if kind is None or not ch.isalpha():
        raise OtnError(f"'{ch}' ist kein OTN-Figurenzeichen (t, c, n, k, m, g)")
    if kind is Kind.KING and side is Side.ATTACKERS:
        raise OtnError("einen König der Angreifer ('k') kennt diese Engine nicht")
    return Piece(side, kind)


# -- positions ----------------------------------------------------------------


def position_record(pos: Position) -> str:
    """The OTN position record, rank 1 first, e.g. ``/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/``."""
    n = pos.size
    rows = []
    for r in range(n):
        row = []
        empty = 0
        for f in range(n):
            piece = pos.piece_at(r * n + f)
            if piece is None:
                empty += 1
                continue
            if empty:
                row.append(str(empty))
                empty = 0
            row.append(piece_letter(piece))
        if empty:
            row.append(str(empty))
        rows.append("".join(row))
    return "/" + "/".join(rows) + "/"


_ROW_TOKEN = re.compile(r"\d+|[A-Za-z]|.")


def parse_position(
    record: str, turn: Side = Side.ATTACKERS, *, top_first: bool = False
) -> Position:
    """A position from an OTN position record (rank 1 first; ``top_first`` for ``starti:``).

    The side to move is not part of the record; pass it as ``turn``.
    """
    text = record.strip()
    if not text.startswith("/") or not text.endswith("/") or len(text) < 2:
        raise OtnError(
            f"Stellung '{_short(text)}': ein OTN-Stellungsdatensatz beginnt und endet mit '/'"
        )
    rows = text[1:-1].split("/")
    n = len(rows)
    if n % 2 == 0 or not 5 <= n <= 19:
        raise OtnError(
            f"Stellung '{_short(text)}': {n} Reihen ergeben keine erlaubte Brettgröße "
            f"(ungerade, 5 bis 19)"
        )
    pos = Position(n, turn)
    kings = 0
    for index, row in enumerate(rows):
        rank = index + 1 if not top_first else n - index
        where = f"Reihe {index + 1} des Datensatzes ('{row}', Rang {rank})"
        if not row:
            raise OtnError(f"Stellung: {where} ist leer")
        col = 0
        for token in _ROW_TOKEN.findall(row):
            if token.isdigit():
                count = int(token)
                if count == 0:
                    raise OtnError(f"Stellung: {where}: die Zahl 0 ist keine Anzahl leerer Felder")
                col += count
                continue
            if col >= n:
                raise OtnError(f"Stellung: {where} hat mehr als {n} Felder")
            try:
                piece = letter_piece(token)
            except OtnError as exc:
                raise OtnError(f"Stellung: {where}: {exc}") from None
            if piece.kind is Kind.KING:
                kings += 1
            pos.set_piece((rank - 1) * n + col, piece)
            col += 1
        if col != n:
            raise OtnError(f"Stellung: {where} hat {col} Felder statt {n}")
    if kings > 1:
        raise OtnError("Stellung: mehr als ein König")
    return pos


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- move records -------------------------------------------------------------


class MoveKind(Enum):
    """OTN move types."""

    SLIDE = "-"
    JUMP = "^"
    BERSERK = "="
    BERSERK_JUMP = "^="
    RESIGN = "---"

    @property
    def jump(self) -> bool:
        """Whether the step is a jump."""
        return self in (MoveKind.JUMP, MoveKind.BERSERK_JUMP)

    @property
    def berserk(self) -> bool:
        """Whether the step continues a berserker chain."""
        return self in (MoveKind.BERSERK, MoveKind.BERSERK_JUMP)


@dataclass(frozen=True)
class Capture:
    """One entry of a capture list: square and, for special pieces only, the OTN letter."""

    square: int
    letter: str = ""


@dataclass(frozen=True)
class MoveRecord:
    """A parsed OTN move record; squares are engine ints (a1 = 0). Resignation: frm = to = -1."""

    kind: MoveKind
    frm: int = -1
    to: int = -1
    letter: str = ""
    captures: tuple[Capture, ...] = ()
    mark: str = ""

    @property
    def move(self) -> Move:
        """The engine step of this record."""
        if self.kind is MoveKind.RESIGN:
            raise OtnError("eine Aufgabe ('---') ist kein Zug")
        return Move(self.frm, self.to, self.kind.jump)

    def text(self, size: int) -> str:
        """The record as OTN text."""
        if self.kind is MoveKind.RESIGN:
            return "---"
        geo = geometry(size)
        caps = "/".join(c.letter + geo.name(c.square) for c in self.captures)
        return (
            f"{self.letter}{geo.name(self.frm)}{self.kind.value}{geo.name(self.to)}"
            + (f"x{caps}" if caps else "")
            + self.mark
        )


_SQ = r"[a-s]\d{1,2}"
_MOVE_RECORD = re.compile(
    rf"^(?P<letter>[tcnkmgTCNKMG]?)(?P<frm>{_SQ})(?P<type>\^=|\^|=|-)(?P<to>{_SQ})"
    rf"(?:x(?P<caps>[tcnkmgTCNKMG]?{_SQ}(?:/[tcnkmgTCNKMG]?{_SQ})*))?"
    r"(?P<mark>\+\+|--|\+|-)?$"
)
_CAPTURE = re.compile(rf"^([tcnkmgTCNKMG]?)({_SQ})$")


def parse_move_record(text: str, size: int) -> MoveRecord:
    """Parse an OTN move record such as ``Ne6^=e8xce7/ne9/f8/d8`` or ``---`` (resignation).

    Piece letters are checked only for form; squares must lie on the size×size board.
    """
    t = text.strip()
    if t == "---":
        return MoveRecord(MoveKind.RESIGN)
    m = _MOVE_RECORD.match(t)
    if not m:
        raise OtnError(
            f"'{text}' ist kein OTN-Zugdatensatz (erwartet z. B. 'e5-e8xe9', 'ce6^e8', "
            f"'Ke1-a1--' oder '---')"
        )
    geo = geometry(size)

    def square(name: str, part: str) -> int:
        try:
            return geo.parse(name)
        except SquareError as exc:
            raise OtnError(f"Zug '{text}', {part}: {exc}") from None

    caps = []
    if m.group("caps"):
        for entry in m.group("caps").split("/"):
            cm = _CAPTURE.match(entry)
            assert cm is not None
            caps.append(Capture(square(cm.group(2), f"Schlagliste '{entry}'"), cm.group(1)))
    return MoveRecord(
        kind=MoveKind(m.group("type")),
        frm=square(m.group("frm"), "Startfeld"),
        to=square(m.group("to"), "Zielfeld"),
        letter=m.group("letter"),
        captures=tuple(caps),
        mark=m.group("mark") or "",
    )


def move_record(
    board_before: Board,
    move: Move,
    *,
    captured: Iterable[int] | None = None,
    mark: str | None = None,
) -> str:
    """The OTN record of `move` played on `board_before` (the board is not changed).

    ``captured`` (squares) defaults to what the engine captures; a flipped variegated
    man is listed like a capture, under its letter before the flip, since OTN has no
    flip notation. ``mark`` defaults to the computed info symbol: ``++`` king captured,
    ``--`` king escaped, ``+`` after an attackers' step that leaves the king capturable
    by their next step, ``-`` after a defenders' step that leaves the king an escape
    square reachable in one step; pass ``""`` for none. A step inside an open berserker
    chain is written with ``=`` (``^=`` for a jump).
    """
    pos = board_before.pos
    geo = pos.geo
    piece = pos.piece_at(move.frm)
    if piece is None:
        raise OtnError(f"auf {geo.name(move.frm)} steht keine Figur")
    letter = "" if piece.kind is Kind.MAN else piece_letter(piece)
    chain = pos.chain >= 0
    if move.jump:
        kind = MoveKind.BERSERK_JUMP if chain else MoveKind.JUMP
    else:
        kind = MoveKind.BERSERK if chain else MoveKind.SLIDE
    if captured is None:
        taken, flipped = step_effect(board_before.ctx, pos, move)
        squares = geo.squares(taken | flipped)
    else:
        squares = sorted(captured)
    caps = []
    for s in squares:
        victim = pos.piece_at(s)
        caps.append(
            Capture(s, "" if victim is None or victim.kind is Kind.MAN else piece_letter(victim))
        )
    if mark is None:
        mark = _info_symbol(board_before, move)
    elif mark not in ("", "+", "-", "++", "--"):
        raise OtnError(f"'{mark}' ist kein OTN-Infozeichen (+, -, ++, --)")
    return MoveRecord(kind, move.frm, move.to, letter, tuple(caps), mark).text(pos.size)


def _info_symbol(board_before: Board, move: Move) -> str:
    """The computed info symbol of `move` (see move_record)."""
    from .outcome import Reason

    board = Board(board_before.rules, board_before.pos)
    mover = board.turn
    board.push_unchecked(move)
    outcome = board.outcome
    if outcome is not None:
        if outcome.reason is Reason.KING_CAPTURED:
            return "++"
        if outcome.reason is Reason.ESCAPE:
            return "--"
        return ""
    ctx = board.ctx
    pos = board.pos.copy()
    pos.chain = -1
    pos.turn = mover
    k = pos.king_square()
    if k < 0:
        return ""
    if mover is Side.DEFENDERS:
        from .movegen import slide_targets

        reach = slide_targets(ctx, pos, k, True, pos.att | pos.dfn)
        return "-" if reach & ctx.escape else ""
    from .movegen import generate

    for step in generate(ctx, pos):
        taken, _ = step_effect(ctx, pos, step)
        if taken & pos.king:
            return "+"
    return ""


def record_to_move(board: Board, record: MoveRecord | str, *, verify: bool = True) -> Move:
    """The legal engine step of an OTN move record on `board` (MoveError when illegal).

    With ``verify`` the piece letter, the berserk marker and a given capture list are
    compared with the engine; a mismatch raises OtnError naming the part.
    """
    size = board.pos.size
    rec = parse_move_record(record, size) if isinstance(record, str) else record
    move = board.check(rec.move)
    if not verify:
        return move
    pos = board.pos
    geo = pos.geo
    text = rec.text(size)
    piece = pos.piece_at(move.frm)
    assert piece is not None
    expected = "" if piece.kind is Kind.MAN else piece_letter(piece)
    if (rec.letter and rec.letter != piece_letter(piece)) or (not rec.letter and expected):
        raise OtnError(
            f"Zug '{text}': auf {geo.name(move.frm)} steht '{piece_letter(piece)}' "
            f"({piece.german}), der Datensatz nennt '{rec.letter or 't'}'"
        )
    if rec.kind.berserk != (pos.chain >= 0):
        why = (
            "es ist kein Berserker-Lauf offen" if pos.chain < 0 else "ein Berserker-Lauf ist offen"
        )
        raise OtnError(f"Zug '{text}': '{rec.kind.value}' passt nicht, {why}")
    if rec.captures:
        taken, flipped = step_effect(board.ctx, pos, move)
        listed = {c.square for c in rec.captures}
        actual = set(geo.squares(taken | flipped))
        if listed != actual:
            names = ", ".join(geo.name(s) for s in sorted(actual)) or "nichts"
            raise OtnError(f"Zug '{text}': die Engine schlägt hier {names}")
    return move


# -- rules strings ------------------------------------------------------------

#: Keys of the specification (and of later OpenTafl versions: name, spd, *re).
_KNOWN_KEYS = {
    "dim", "name", "esc", "surf", "atkf", "tfr", "ka", "ks", "kj", "nj", "cj",
    "cor", "cen", "afor", "dfor", "corh", "cenh", "cenhe", "aforh", "dforh",
    "corp", "cenp", "aforp", "dforp", "cors", "cens", "afors", "dfors",
    "corre", "cenre", "aforre", "dforre", "sw", "swf", "efe", "ber", "spd",
    "start", "starti",
}  # fmt: skip

_CHOICES = {
    "esc": "ce",
    "surf": "yn",
    "atkf": "yn",
    "tfr": "idwl",
    "ka": "ynah",
    "ks": "ynscmw",
    "kj": "nrjc",
    "nj": "nrjc",
    "cj": "nrjc",
    "sw": "nws",
    "swf": "yn",
    "efe": "yn",
    "ber": "ncm",
}

#: OTN defaults of the piece-type lists (the serializer's values).
_LIST_DEFAULTS = {
    "corh": "tcnkTCNK",
    "cenh": "tcnk",
    "cenhe": "tcnkTCNK",
    "corp": "K",
    "cenp": "tcnkTCNK",
    "cors": "K",
    "cens": "K",
}

_ATT_LETTERS = "tcnk"
_DFN_LETTERS = "TCNK"


def _letters(side: Side, rules: RuleSet) -> str:
    """All OTN letters of a side ('m' added when the rule set has variegated men)."""
    base = _ATT_LETTERS if side is Side.ATTACKERS else _DFN_LETTERS
    if rules.variegated:
        base += "m" if side is Side.ATTACKERS else "M"
    return base


def _tfr(repetition: Repetition) -> str:
    return {
        Repetition.NONE: "i",
        Repetition.MOVER_LOSES: "l",
        # OTN has no "defenders lose"; OpenTafl's own Copenhagen uses "w" (see unexpressible).
        Repetition.DEFENDERS_LOSE: "w",
    }[repetition]


def rules_string(variant: Variant) -> str:
    """The OTN rules string of a variant: ``dim`` first, ``start`` last (when sourced)."""
    rules = variant.rules
    parts = [f"dim:{rules.size}", f"atkf:{'y' if rules.first is Side.ATTACKERS else 'n'}"]
    if rules.escape is Escape.EDGE:
        parts.append("esc:e")
    if not rules.encirclement:
        parts.append("surf:n")
    parts.append(f"tfr:{_tfr(rules.repetition)}")
    if not rules.king_armed:
        parts.append("ka:n")
    if rules.king_capture is KingCapture.TWO_SIDES:
        parts.append("ks:n")
    if rules.commander_jump:
        parts.append("cj:j")
    if rules.corners:
        corh = ""
        if rules.corners_hostile_attackers:
            corh += _letters(Side.ATTACKERS, rules)
        if rules.corners_hostile_defenders:
            corh += _letters(Side.DEFENDERS, rules)
        if corh != _LIST_DEFAULTS["corh"]:
            parts.append(f"corh:{corh}")
    else:
        parts.append("cor:")
    if rules.throne:
        everyone = _letters(Side.ATTACKERS, rules) + _letters(Side.DEFENDERS, rules)
        parts.append(f"cenp:{everyone if rules.throne_pass is ThronePass.ALL else 'K'}")
        parts.append("cens:K")
        cenh = cenhe = ""
        for side, mode in (
            (Side.ATTACKERS, rules.throne_hostile_attackers),
            (Side.DEFENDERS, rules.throne_hostile_defenders),
        ):
            if mode is Hostility.ALWAYS:
                cenh += _letters(side, rules)
            if mode is not Hostility.NEVER:
                cenhe += _letters(side, rules)
        if cenh != _LIST_DEFAULTS["cenh"]:
            parts.append(f"cenh:{cenh}")
        if cenhe != _LIST_DEFAULTS["cenhe"]:
            parts.append(f"cenhe:{cenhe}")
    else:
        parts.append("cen:")
    if rules.shieldwall:
        parts.append("sw:s")
    if rules.edge_fort:
        parts.append("efe:y")
    if rules.berserker:
        parts.append("ber:c")
    if variant.has_setup:
        parts.append("start:" + position_record(variant.start()))
    return " ".join(parts)


def unexpressible(rules: RuleSet) -> list[str]:
    """German sentences naming what of this rule set OTN cannot express (or only vaguely)."""
    out = []
    if rules.repetition is Repetition.DEFENDERS_LOSE:
        out.append(
            "Dritte Stellungswiederholung – Verteidiger verlieren: OTN kennt nur „ignorieren“, "
            "„Remis“, „wer die Wiederholung herbeiführt, gewinnt“ (w) und „… verliert“ (l). "
            "Der Regelstring schreibt wie OpenTafls eigenes Copenhagen „tfr:w“; das stimmt "
            "nur, wenn die Angreifer die dritte Wiederholung herbeiführen."
        )
    if rules.no_moves is NoMoves.LOSES:
        out.append(
            "Keine legalen Züge – Niederlage: OTN hat dafür keinen Schlüssel; "
            "ein anderes Programm entscheidet nach eigener Regel."
        )
    else:
        out.append(
            "Keine legalen Züge – Remis: OTN hat dafür keinen Schlüssel; "
            "ein anderes Programm entscheidet nach eigener Regel."
        )
    if rules.king_edge_counts:
        out.append(
            "Brettrand zählt beim Königsfang als Seite: OTN kennt nur den König, der von "
            "vier Seiten (ks:y) oder von zwei Seiten (ks:n) eingeschlossen werden muss; "
            "der Regelstring sagt ks:y, am Rand ist der König dort also nicht zu fangen."
        )
    if rules.shieldwall:
        out.append(
            "Schildwall: sw:s (Ecken dürfen schließen) und swf:y (nur der schließende Zug "
            "schlägt) stehen in OTN; dass der König in der Reihe nicht geschlagen wird und "
            "eine Reihe aus mindestens zwei Figuren besteht, legt OTN nicht fest."
        )
    if rules.edge_fort:
        out.append(
            "Randfestung: efe:y verlangt nur einen König am Rand mit Zugmöglichkeit und "
            "ohne Gegner in der Festung; dass kein Verteidiger der Mauer je geschlagen "
            "werden kann, verlangt OTN nicht ausdrücklich."
        )
    if rules.berserker:
        text = (
            "Berserker-Regel: ber:c sagt nur, dass der weitere Zug schlagen muss; dass das "
            "Weiterziehen freiwillig ist und Wiederholungen nur zwischen den Zügen zählen, "
            "legt OTN nicht fest"
        )
        if rules.variegated:
            text += ", ebenso wenig, dass das Umdrehen eines Bunten als Schlag zählt"
        out.append(text + ".")
    if rules.berserker_king_escape:
        out.append(
            "König beendet den Berserker-Lauf mit einer Flucht: dafür hat OTN keinen "
            "Schlüssel; nach ber:c müsste auch dieser Zug schlagen."
        )
    if rules.commander_jump:
        out.append(
            "Kommandanten-Sprung: cj:j („springt über Gegner, ohne zu schlagen“) steht in "
            "OTN; dass nur über genau einen benachbarten Gegner gesprungen wird, nie über "
            "König oder Kommandanten, nie auf ein Sperrfeld, und dass vom Landefeld aus "
            "normal geschlagen wird, legt OTN nicht fest."
        )
    if rules.variegated:
        out.append(
            "Bunte (wechseln beim Einschließen die Seite): die zitierte OTN-Fassung kennt "
            "keine solche Figur; erst spätere OpenTafl-Versionen haben den Söldner „m“, der "
            "hier dafür steht. Einen Regelschlüssel gibt es nicht – die Regel folgt nur aus "
            "m-Figuren in der Startaufstellung –, und dass alle Schläge und Umdrehungen eines "
            "Zuges gemeinsam entschieden werden, legt OTN nicht fest."
        )
    return out


# -- reading rules strings ----------------------------------------------------


@dataclass
class OtnRules:
    """A read rules string: rule set, start position (or None), name and German notes.

    ``notes`` lists every place where the engine had to approximate the OTN rules.
    """

    rules: RuleSet
    position: Position | None
    name: str = ""
    notes: list[str] = field(default_factory=list)


def _split_entries(text: str) -> list[tuple[str, str, str]]:
    """(key, value, raw token) for every whitespace-separated entry."""
    out = []
    for token in text.split():
        if ":" not in token:
            raise OtnError(
                f"Regelstring: der Eintrag '{_short(token)}' hat keine Form 'schlüssel:wert'"
            )
        key, value = token.split(":", 1)
        out.append((key, value, token))
    return out


def read_rules(text: str, *, strict: bool = False) -> OtnRules:
    """Read an OTN rules string into an engine rule set, with notes on approximations.

    Unknown keys, repeated keys, malformed values and a misplaced ``dim``/``start``
    raise OtnError naming the entry. Values the engine cannot represent are
    approximated and named in ``notes``; with ``strict`` they raise OtnError instead.
    """
    entries = _split_entries(text)
    if not entries:
        raise OtnError("der Regelstring ist leer")
    if entries[0][0] != "dim":
        raise OtnError(
            f"Regelstring: der erste Eintrag muss 'dim:' sein, nicht '{_short(entries[0][2])}'"
        )
    config: dict[str, str] = {}
    for i, (key, value, token) in enumerate(entries):
        if key not in _KNOWN_KEYS:
            raise OtnError(f"Regelstring: unbekannter Schlüssel '{key}' in '{_short(token)}'")
        if key in config:
            raise OtnError(f"Regelstring: der Schlüssel '{key}' steht zweimal")
        if key in ("start", "starti") and i != len(entries) - 1:
            raise OtnError(f"Regelstring: '{key}:' muss der letzte Eintrag sein")
        config[key] = value
    if "start" in config and "starti" in config:
        raise OtnError("Regelstring: 'start:' und 'starti:' schließen einander aus")
    notes: list[str] = []

    def approx(message: str) -> None:
        if strict:
            raise OtnError(f"Regelstring (streng, ohne Näherung): {message}")
        notes.append(message)

    dim_text = config["dim"]
    if not dim_text.isdigit():
        raise OtnError(f"Regelstring: 'dim:{dim_text}' ist keine Brettgröße")
    size = int(dim_text)
    if size % 2 == 0 or not 5 <= size <= 19:
        raise OtnError(
            f"Regelstring: 'dim:{size}' – die Engine kennt ungerade Brettgrößen 5 bis 19"
        )
    for key, allowed in _CHOICES.items():
        if key in config and (len(config[key]) != 1 or config[key] not in allowed):
            raise OtnError(
                f"Regelstring: '{key}:{config[key]}' – erlaubt sind {', '.join(allowed)}"
            )

    def get(key: str, default: str) -> str:
        return config.get(key, default)

    position = None
    if "start" in config or "starti" in config:
        top = "starti" in config
        try:
            position = parse_position(config["starti" if top else "start"], top_first=top)
        except OtnError as exc:
            raise OtnError(f"Regelstring, '{'starti' if top else 'start'}:': {exc}") from None
        if position.size != size:
            raise OtnError(f"Regelstring: 'start:' hat {position.size} Reihen, 'dim:' sagt {size}")
    values: dict[str, object] = {"size": size}
    values["first"] = Side.ATTACKERS if get("atkf", "y") == "y" else Side.DEFENDERS
    values["escape"] = Escape.CORNER if get("esc", "c") == "c" else Escape.EDGE
    values["encirclement"] = get("surf", "y") == "y"
    tfr = get("tfr", "d")
    if tfr == "d":
        approx(
            "Remis bei dritter Wiederholung (tfr:d, auch OTN-Vorgabe) kennt die Engine nicht; "
            "Wiederholungen werden ignoriert"
        )
    elif tfr == "w":
        approx(
            "„wer die dritte Wiederholung herbeiführt, gewinnt“ (tfr:w) kennt die Engine nicht; "
            "sie nimmt wie bei Copenhagen an, dass die Verteidiger verlieren"
        )
    values["repetition"] = {
        "i": Repetition.NONE,
        "d": Repetition.NONE,
        "l": Repetition.MOVER_LOSES,
        "w": Repetition.DEFENDERS_LOSE,
    }[tfr]
    ka = get("ka", "y")
    if ka in "ah":
        approx(
            f"ka:{ka} (König nur als {'Amboss' if ka == 'a' else 'Hammer'}) kennt die Engine "
            f"nicht; der König schlägt voll mit"
        )
    values["king_armed"] = ka != "n"
    ks = get("ks", "y")
    if ks in "cm":
        approx(
            f"ks:{ks} (spätere OpenTafl-Königsstärke) kennt die Engine nicht; "
            f"der König wird von vier Seiten gefangen"
        )
    values["king_capture"] = KingCapture.TWO_SIDES if ks in "nw" else KingCapture.FOUR_SIDES
    if get("kj", "n") != "n":
        approx(
            f"kj:{config['kj']} (springender König) kennt die Engine nicht; der König springt nicht"
        )
    # commanders: OTN's default cj:j applies when the record has commanders or names cj
    has_commanders = position is not None and position.cmd != 0
    cj = config.get("cj", "j" if has_commanders else "n")
    if cj == "c":
        approx(
            "cj:c (Kommandant schlägt den übersprungenen Stein) kennt die Engine nicht; "
            "der Sprung schlägt nicht"
        )
    elif cj == "r":
        approx(
            "cj:r (Sprünge nur auf Sonderfelder) kennt die Engine nicht; "
            "der Kommandant springt über Gegner"
        )
    values["commander_jump"] = cj != "n"
    values["variegated"] = position is not None and position.var != 0
    sw = get("sw", "n")
    if sw == "w":
        approx(
            "sw:w (Ecken schließen keinen Schildwall) kennt die Engine nicht; "
            "Ecken dürfen schließen"
        )
    values["shieldwall"] = sw != "n"
    if get("swf", "y") == "n" and sw != "n":
        approx(
            "swf:n (jeder Zug schließt den Schildwall) kennt die Engine nicht; "
            "nur der schließende Zug schlägt"
        )
    values["edge_fort"] = get("efe", "n") == "y"
    ber = get("ber", "n")
    if ber == "m":
        approx(
            "ber:m (Berserker darf ohne Schlag weiterziehen) kennt die Engine nicht; "
            "jeder weitere Zug muss schlagen"
        )
    values["berserker"] = ber != "n"
    for key in ("afor", "dfor"):
        if config.get(key):
            approx(f"{key}:{config[key]} (Festungsfelder) kennt die Engine nicht; ignoriert")
    spd = config.get("spd", "-1")
    if spd not in ("-1", ""):
        approx(f"spd:{spd} (Reichweitenbegrenzung) kennt die Engine nicht; ignoriert")
    for key in ("corre", "cenre", "aforre", "dforre"):
        if key in config and not _all_letters(config[key], _ATT_LETTERS + _DFN_LETTERS):
            approx(f"{key}:{config[key]} (Wiederbetreten) kennt die Engine nicht; ignoriert")
    for key in ("corh", "cenh", "cenhe", "corp", "cenp", "cors", "cens",
                "aforh", "dforh", "aforp", "dforp", "afors", "dfors",
                "corre", "cenre", "aforre", "dforre"):  # fmt: skip
        if key in config:
            bad = [ch for ch in config[key] if ch.lower() not in "tcnkmg"]
            if bad:
                raise OtnError(
                    f"Regelstring: '{key}:{config[key]}' – '{bad[0]}' ist kein Figurenzeichen"
                )
    geo = geometry(size)
    corners = _special_squares(config, "cor", set(geo.corners), geo, approx)
    throne = _special_squares(config, "cen", {geo.centre}, geo, approx)
    values["corners"] = corners
    values["throne"] = throne
    if corners:
        corh = get("corh", _LIST_DEFAULTS["corh"])
        values["corners_hostile_attackers"] = _side_in(corh, Side.ATTACKERS, "corh", approx)
        values["corners_hostile_defenders"] = _side_in(corh, Side.DEFENDERS, "corh", approx)
        if get("cors", "K") != "K":
            approx(
                f"cors:{config['cors']} – auf Eckfeldern darf in der Engine nur der König stehen"
            )
    if throne:
        cenh = get("cenh", _LIST_DEFAULTS["cenh"])
        cenhe = get("cenhe", _LIST_DEFAULTS["cenhe"])
        for side, name in ((Side.ATTACKERS, "throne_hostile_attackers"),
                           (Side.DEFENDERS, "throne_hostile_defenders")):  # fmt: skip
            occupied = _side_in(cenh, side, "cenh", approx)
            empty = _side_in(cenhe, side, "cenhe", approx)
            if occupied and not empty:
                approx(
                    f"ein Thron, der den {side.german}n nur besetzt feindlich ist, "
                    f"kennt die Engine nicht; er ist immer feindlich"
                )
            values[name] = (
                Hostility.ALWAYS if occupied else Hostility.EMPTY if empty else Hostility.NEVER
            )
        cenp = get("cenp", _LIST_DEFAULTS["cenp"])
        passing = set("tcTC") & set(cenp)
        if len(passing) == 4:
            values["throne_pass"] = ThronePass.ALL
        else:
            if passing:
                approx(
                    f"cenp:{cenp} – die Engine lässt entweder alle Figuren oder nur den "
                    f"König über den leeren Thron; hier nur den König"
                )
            values["throne_pass"] = ThronePass.KING
        if get("cens", "K") != "K":
            approx(f"cens:{config['cens']} – auf dem Thron darf in der Engine nur der König stehen")
    rules = RuleSet(**values)  # type: ignore[arg-type]
    problems = rules.check()
    if problems:
        raise OtnError(
            "Regelstring: die Engine kann diese Regeln nicht spielen: " + "; ".join(problems)
        )
    if position is not None:
        position.turn = rules.first
    notes.append(
        "Was bei Zugunfähigkeit gilt, sagt OTN nicht; die Engine nimmt an, dass die Seite "
        "ohne legalen Zug verliert"
    )
    return OtnRules(rules, position, config.get("name", "").replace("_", " "), notes)


def parse_rules(text: str) -> tuple[RuleSet, Position | None]:
    """Import an OTN rules string: (rule set, start position or None).

    See read_rules for the approximation notes and a strict mode.
    """
    result = read_rules(text)
    return result.rules, result.position


def _all_letters(value: str, letters: str) -> bool:
    """Whether value names every letter of letters."""
    return set(letters) <= set(value)


def _special_squares(config: dict[str, str], key: str, default: set[int], geo, approx) -> bool:  # type: ignore[no-untyped-def]
    """Whether the corners ('cor') or the throne ('cen') exist, from a space list."""
    if key not in config or config[key] == "default":
        return True
    raw = [s for s in config[key].split(",") if s]
    squares = set()
    for name in raw:
        try:
            squares.add(geo.parse(name))
        except SquareError as exc:
            raise OtnError(f"Regelstring: '{key}:{config[key]}': {exc}") from None
    if not squares:
        return False
    if squares != default:
        approx(f"{key}:{config[key]} – die Engine kennt nur die Standardfelder; sie gelten hier")
    return True


def _side_in(letters: str, side: Side, key: str, approx) -> bool:  # type: ignore[no-untyped-def]
    """Whether a piece-type list names `side` (decided by its ordinary man 't'/'T').

    The engine decides hostility per side; a list naming only some of the side's
    pieces this engine has (man, commander, and for defenders the king) is noted.
    """
    core = "tc" if side is Side.ATTACKERS else "TCK"
    hits = [ch in letters for ch in core]
    result = core[0] in letters
    if any(hits) and not all(hits):
        approx(
            f"{key}:{letters} nennt nur einen Teil der Figuren der {side.german}; die Engine "
            f"unterscheidet nur nach Seiten ({side.german}: {'ja' if result else 'nein'})"
        )
    return result


def rules_equal_fields(a: RuleSet, b: RuleSet) -> list[str]:
    """Names of the RuleSet fields in which a and b differ."""
    return [f.name for f in fields(RuleSet) if getattr(a, f.name) != getattr(b, f.name)]


__all__ = [
    "Capture",
    "MoveKind",
    "MoveRecord",
    "OtnError",
    "OtnRules",
    "letter_piece",
    "move_record",
    "parse_move_record",
    "parse_position",
    "parse_rules",
    "piece_letter",
    "position_record",
    "read_rules",
    "record_to_move",
    "rules_equal_fields",
    "rules_string",
    "unexpressible",
]
