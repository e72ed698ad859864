"""OTN piece letters: lowercase attackers, uppercase defenders."""

from __future__ import annotations

from ..pieces import Kind, Piece, Side
from .errors import OtnError

_KIND_LETTER = {
    Kind.MAN: "t",
    Kind.KING: "k",
    Kind.COMMANDER: "c",
    Kind.VARIEGATED: "m",
    Kind.KNIGHT: "n",
}
_LETTER_KIND = {v: k for k, v in _KIND_LETTER.items()}
#: OTN letters this engine has no piece for, with a German name.
_FOREIGN = {"g": "Wächter (Guard)"}


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
