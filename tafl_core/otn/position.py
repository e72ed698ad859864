"""OTN position records: ranks from rank 1 upwards, digits for runs of empty squares."""

from __future__ import annotations

import re

from ..pieces import Kind, Side
from ..position import Position
from ..text import MAX_OTN_POSITION, check_length
from ..text import short as _short
from ..typed import need_bool, need_enum, need_text
from .errors import OtnError
from .pieces import letter_piece, piece_letter


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


_ROW_TOKEN = re.compile(r"[0-9]+|[A-Za-z]|.", re.DOTALL)


def parse_position(
    record: str, turn: Side = Side.ATTACKERS, *, top_first: bool = False
) -> Position:
    """A position from an OTN position record (rank 1 first; ``top_first`` for ``starti:``).

    The side to move is not part of the record; pass it as ``turn``.
    """
    need_text(record, "der OTN-Stellungsdatensatz")
    turn = need_enum(turn, Side, "die Seite am Zug")
    need_bool(top_first, "top_first")
    check_length(record, MAX_OTN_POSITION, "der OTN-Stellungsdatensatz", OtnError)
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
        where = f"Reihe {index + 1} des Datensatzes ('{_short(row)}', Rang {rank})"
        if not row:
            raise OtnError(f"Stellung: {where} ist leer")
        col = 0
        for token in _ROW_TOKEN.findall(row):
            if token[0] in "0123456789":
                if len(token) > 2:
                    raise OtnError(f"Stellung: {where}: '{_short(token)}' sind zu viele Felder")
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
