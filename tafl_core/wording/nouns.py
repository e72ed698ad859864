"""The piece names of German sentences, with article, case and number.

Every piece name is masculine; they decline differently: 'Stein', 'König', 'Ritter' and
the side names ('Angreifer', 'Verteidiger': a man of that side) are strong nouns,
'Kommandant' is a weak noun ('den Kommandanten'), 'Bunter' is an adjective used as a
noun ('ein Bunter', 'der Bunte', 'den Bunten', 'die Bunten').
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from ..pieces import Kind, Piece


class Case(Enum):
    """The grammatical case a piece phrase stands in."""

    NOM = "Nominativ"
    ACC = "Akkusativ"


class _Noun(NamedTuple):
    """Forms of a piece noun after an article: (definite, indefinite) singular, plural."""

    nom: str  # after 'der'
    acc: str  # after 'den'
    indef_nom: str  # after 'ein'
    indef_acc: str  # after 'einen'
    plural: str  # after 'die'
    bare_plural: str  # after a number: 'zwei Bunte'


_NOUNS = {
    Kind.MAN: _Noun("Stein", "Stein", "Stein", "Stein", "Steine", "Steine"),
    Kind.KING: _Noun("König", "König", "König", "König", "Könige", "Könige"),
    Kind.COMMANDER: _Noun(
        "Kommandant", "Kommandanten", "Kommandant", "Kommandanten", "Kommandanten", "Kommandanten"
    ),
    Kind.VARIEGATED: _Noun("Bunte", "Bunten", "Bunter", "Bunten", "Bunten", "Bunte"),
    Kind.KNIGHT: _Noun("Ritter", "Ritter", "Ritter", "Ritter", "Ritter", "Ritter"),
}


def _noun(piece: Piece | None) -> tuple[_Noun, str]:
    """The noun of a piece and what follows it ('der Angreifer' for a special piece)."""
    if piece is None:
        return _NOUNS[Kind.MAN], ""
    if piece.kind is Kind.MAN:
        name = piece.side.german  # a man is called by his side: 'der Angreifer'
        return _Noun(name, name, name, name, name, name), ""
    if piece.kind is Kind.KING:
        return _NOUNS[Kind.KING], ""
    return _NOUNS[piece.kind], f" der {piece.side.german}"


def piece_phrase(
    piece: Piece | None, case: Case = Case.NOM, *, definite: bool = True, plural: bool = False
) -> str:
    """A piece with its article: 'der Bunte der Angreifer', 'einen Kommandanten der
    Verteidiger', 'die Ritter der Angreifer' (None: 'der Stein'). The king is always 'der
    König': there is one."""
    noun, tail = _noun(piece)
    if plural:
        return f"die {noun.plural}{tail}"
    if piece is not None and piece.kind is Kind.KING:
        definite = True
    if definite:
        return f"der {noun.nom}{tail}" if case is Case.NOM else f"den {noun.acc}{tail}"
    return f"ein {noun.indef_nom}{tail}" if case is Case.NOM else f"einen {noun.indef_acc}{tail}"


def counted(kind: Kind, n: int) -> str:
    """A number of pieces of a kind, without article: '1 Bunter', '2 Bunte', '4 Kommandanten'."""
    noun = _NOUNS[kind]
    return f"{n} {noun.indef_nom if n == 1 else noun.bare_plural}"
