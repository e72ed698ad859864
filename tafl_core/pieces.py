"""Sides, piece kinds and the letters of the ASCII grid."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class Side(Enum):
    """The two parties."""

    ATTACKERS = "attackers"
    DEFENDERS = "defenders"

    #: Members are singletons: hashed by identity in C, not by name in Python (Enum's
    #: default), since pieces and sides key the engine's hottest dictionaries.
    __hash__ = object.__hash__

    @property
    def other(self) -> Side:
        """The opposing side."""
        return Side.DEFENDERS if self is Side.ATTACKERS else Side.ATTACKERS

    @property
    def german(self) -> str:
        """German name of the side."""
        return "Angreifer" if self is Side.ATTACKERS else "Verteidiger"


class Kind(Enum):
    """Piece kinds."""

    MAN = "man"
    KING = "king"
    COMMANDER = "commander"
    VARIEGATED = "variegated"
    KNIGHT = "knight"

    __hash__ = object.__hash__  # as Side's

    @property
    def german(self) -> str:
        """German name of the kind."""
        return {
            Kind.MAN: "Stein",
            Kind.KING: "König",
            Kind.COMMANDER: "Kommandant",
            Kind.VARIEGATED: "Bunter",
            Kind.KNIGHT: "Ritter",
        }[self]


class Piece(NamedTuple):
    """A piece: its side and its kind."""

    side: Side
    kind: Kind

    @property
    def letter(self) -> str:
        """The grid letter of this piece."""
        return PIECE_TO_LETTER[self]

    @property
    def german(self) -> str:
        """German description, e.g. 'Kommandant der Angreifer'."""
        if self.kind is Kind.KING:
            return "König"
        if self.kind is Kind.MAN:
            return _MAN_NAMES[self.side]
        return f"{self.kind.german} der {self.side.german}"


_MAN_NAMES = {Side.ATTACKERS: "Angreifer", Side.DEFENDERS: "Verteidiger"}

#: Grid letters: A attacker, V defender (Verteidiger), K king, C/c commander of the
#: attackers/defenders, B/b variegated man ("Bunter") on the attackers'/defenders' side,
#: R/r knight ("Ritter") of the attackers/defenders.
LETTER_TO_PIECE: dict[str, Piece] = {
    "A": Piece(Side.ATTACKERS, Kind.MAN),
    "V": Piece(Side.DEFENDERS, Kind.MAN),
    "K": Piece(Side.DEFENDERS, Kind.KING),
    "C": Piece(Side.ATTACKERS, Kind.COMMANDER),
    "c": Piece(Side.DEFENDERS, Kind.COMMANDER),
    "B": Piece(Side.ATTACKERS, Kind.VARIEGATED),
    "b": Piece(Side.DEFENDERS, Kind.VARIEGATED),
    "R": Piece(Side.ATTACKERS, Kind.KNIGHT),
    "r": Piece(Side.DEFENDERS, Kind.KNIGHT),
}
PIECE_TO_LETTER: dict[Piece, str] = {p: ch for ch, p in LETTER_TO_PIECE.items()}
EMPTY = "."


#: Words that name a side (German and English, lower case).
SIDE_WORDS: dict[str, Side] = {
    "angreifer": Side.ATTACKERS,
    "attackers": Side.ATTACKERS,
    "verteidiger": Side.DEFENDERS,
    "defenders": Side.DEFENDERS,
}


def side_from_word(text: str) -> Side | None:
    """The side a word such as 'Angreifer' or 'defenders' names, or None."""
    return SIDE_WORDS.get(text.strip().lower())
