"""The German report of a played turn (`tafl_core.wording.turns`) and the piece names it
uses (`tafl_core.wording.nouns`).

The expected sentences are written here from the grammar, not copied from the code: every
piece name is masculine; 'Stein', 'König', 'Ritter' and the side names decline strongly
(den Ritter), 'Kommandant' weakly (den Kommandanten), 'Bunter' like an adjective (ein
Bunter, der Bunte, den Bunten, die Bunten; after a number: zwei Bunte).
"""

from __future__ import annotations

import pytest

from tafl_core import Board, Kind, Piece, Side, all_variants, parse_ascii, play_turn_text
from tafl_core.geometry import Geometry, geometry
from tafl_core.outcome import Outcome, Reason
from tafl_core.turns import TurnRecord
from tafl_core.wording import events
from tafl_core.wording.lists import and_list
from tafl_core.wording.nouns import Case, counted, piece_phrase
from tafl_core.wording.turns import (
    pieces_phrase,
    side_wins,
    turn_line,
    turn_note,
    turn_status,
    winner_clause,
)

A, V = Side.ATTACKERS, Side.DEFENDERS
G = geometry(11)

#: (piece, nominative with 'der', accusative with 'den', with 'ein', with 'einen', plural)
FORMS = [
    (Piece(A, Kind.MAN), "der Angreifer", "den Angreifer", "ein Angreifer", "einen Angreifer",
     "die Angreifer"),
    (Piece(V, Kind.MAN), "der Verteidiger", "den Verteidiger", "ein Verteidiger",
     "einen Verteidiger", "die Verteidiger"),
    (Piece(V, Kind.KING), "der König", "den König", "der König", "den König", "die Könige"),
    (Piece(A, Kind.COMMANDER), "der Kommandant der Angreifer",
     "den Kommandanten der Angreifer", "ein Kommandant der Angreifer",
     "einen Kommandanten der Angreifer", "die Kommandanten der Angreifer"),
    (Piece(V, Kind.COMMANDER), "der Kommandant der Verteidiger",
     "den Kommandanten der Verteidiger", "ein Kommandant der Verteidiger",
     "einen Kommandanten der Verteidiger", "die Kommandanten der Verteidiger"),
    (Piece(A, Kind.VARIEGATED), "der Bunte der Angreifer", "den Bunten der Angreifer",
     "ein Bunter der Angreifer", "einen Bunten der Angreifer", "die Bunten der Angreifer"),
    (Piece(V, Kind.VARIEGATED), "der Bunte der Verteidiger", "den Bunten der Verteidiger",
     "ein Bunter der Verteidiger", "einen Bunten der Verteidiger",
     "die Bunten der Verteidiger"),
    (Piece(A, Kind.KNIGHT), "der Ritter der Angreifer", "den Ritter der Angreifer",
     "ein Ritter der Angreifer", "einen Ritter der Angreifer", "die Ritter der Angreifer"),
    (Piece(V, Kind.KNIGHT), "der Ritter der Verteidiger", "den Ritter der Verteidiger",
     "ein Ritter der Verteidiger", "einen Ritter der Verteidiger", "die Ritter der Verteidiger"),
]  # fmt: skip


@pytest.mark.parametrize(("piece", "nom", "acc", "a_nom", "an_acc", "plural"), FORMS)
def test_piece_phrase(
    piece: Piece, nom: str, acc: str, a_nom: str, an_acc: str, plural: str
) -> None:
    assert piece_phrase(piece) == nom
    assert piece_phrase(piece, Case.ACC) == acc
    assert piece_phrase(piece, definite=False) == a_nom
    assert piece_phrase(piece, Case.ACC, definite=False) == an_acc
    assert piece_phrase(piece, plural=True) == plural
    assert piece_phrase(piece, Case.ACC, plural=True) == plural


#: The articles of a masculine noun, and the noun's endings by declension class.
MASCULINE = {"nom": "der ", "acc": "den ", "a_nom": "ein ", "an_acc": "einen ", "plural": "die "}
#: name of the kind -> (nominative after 'der', after 'den', after 'ein', after 'einen')
STEMS = {
    "Stein": ("Stein", "Stein", "Stein", "Stein"),
    "König": ("König", "König", "König", "König"),
    "Ritter": ("Ritter", "Ritter", "Ritter", "Ritter"),
    "Kommandant": ("Kommandant", "Kommandanten", "Kommandant", "Kommandanten"),  # weak noun
    "Bunter": ("Bunte", "Bunten", "Bunter", "Bunten"),  # adjective as noun
}


def test_every_piece_of_every_variant_is_named_as_a_masculine_noun() -> None:
    """Every piece kind in play in any variant, in every phrase a report uses, carries the
    masculine article and the form of its declension class; the reply sentence of the
    solver and the captured phrase of a report say it too."""
    seen = set()
    for v in all_variants().values():
        for piece in v.pieces():
            seen.add(piece.kind)
            word = "Stein" if piece.kind is Kind.MAN else piece.kind.german
            der, den, ein, einen = STEMS[word]
            if piece.kind is Kind.MAN:  # a man is called by his side
                der = den = ein = einen = piece.side.german
            if piece.kind is Kind.KING:
                ein, einen = der, den  # there is one king: always 'der König'
            nom = piece_phrase(piece)
            assert nom.startswith(MASCULINE["nom"] + der), (v.slug, nom)
            acc = piece_phrase(piece, Case.ACC)
            assert acc.startswith(MASCULINE["acc"] + den), (v.slug, acc)
            if piece.kind is not Kind.KING:
                assert piece_phrase(piece, definite=False).startswith(MASCULINE["a_nom"] + ein)
                indef = piece_phrase(piece, Case.ACC, definite=False)
                assert indef.startswith(MASCULINE["an_acc"] + einen), (v.slug, indef)
            assert piece_phrase(piece, plural=True).startswith(MASCULINE["plural"])
            taken, plural = pieces_phrase(G, [(G.parse("e5"), piece)], Case.ACC)
            assert taken == f"{acc} auf e5" and not plural
            reply = events.reply_sentence(v.rules, piece, [(0, 1)], 0, None)
            subject = "der" if piece.kind is Kind.KING else "ein"
            assert reply.startswith(f"Darauf zieht {subject} {ein}"), (v.slug, reply)
    assert seen == set(Kind)  # every kind is in play somewhere


def test_the_old_wrong_article_is_gone() -> None:
    rules = all_variants()["odin-11"].rules
    reply = events.reply_sentence(rules, Piece(A, Kind.VARIEGATED), [(0, 1)], 0, None)
    assert reply == "Darauf zieht ein Bunter der Angreifer von a1 nach b1."


def test_counted() -> None:
    assert counted(Kind.VARIEGATED, 1) == "1 Bunter"
    assert counted(Kind.VARIEGATED, 2) == "2 Bunte"
    assert counted(Kind.COMMANDER, 4) == "4 Kommandanten"
    assert counted(Kind.KNIGHT, 2) == "2 Ritter"


def test_pieces_phrase_groups_by_piece() -> None:
    e5, d6, b7 = G.parse("e5"), G.parse("d6"), G.parse("b7")
    man, bunter = Piece(V, Kind.MAN), Piece(V, Kind.VARIEGATED)
    assert pieces_phrase(G, [(d6, man), (b7, man)]) == ("die Verteidiger auf d6 und b7", True)
    assert pieces_phrase(G, [(e5, man), (d6, bunter), (b7, bunter)], Case.ACC) == (
        "den Verteidiger auf e5 und die Bunten der Verteidiger auf d6 und b7",
        True,
    )


def test_list_joiner() -> None:
    assert and_list([]) == ""
    assert and_list(["a"]) == "a"
    assert and_list(["a", "b"]) == "a und b"
    assert and_list(["a", "b", "c"]) == "a, b und c"
    assert and_list(["a", "b", "c"], "oder") == "a, b oder c"


def test_winner_clause() -> None:
    assert winner_clause(Outcome(V, Reason.ESCAPE)) == "die Verteidiger gewinnen"
    assert winner_clause(Outcome(None, Reason.REPETITION)) == "die Partie endet unentschieden"
    assert side_wins(A) == "die Angreifer gewinnen"


GRID = """
. . . . . . .
. A . . . . .
. V . . . . .
. . A . . . .
. . . . . . .
. . . . . . K
. . . . . . .
"""


def _played(text: str) -> tuple[TurnRecord, Geometry]:
    board = Board(all_variants()["brandub-7"].rules, parse_ascii(GRID, 7, A))
    return play_turn_text(board, text), board.pos.geo


def test_a_quiet_turn_in_every_form() -> None:
    record, geo = _played("c4-c3")
    assert turn_line(1, A, record, geo) == "1. Angreifer: c4-c3  geschlagen: nichts"
    assert turn_note(record, geo, None) == "Nichts wird geschlagen."
    assert turn_status(A, record, geo, None) == "Angreifer: c4-c3."


def test_a_capture_in_every_form() -> None:
    record, geo = _played("c4-b4")
    assert record.captured == [geo.parse("b5")]
    assert turn_line(3, A, record, geo) == "3. Angreifer: c4-b4  geschlagen: b5"
    assert turn_status(A, record, geo, None) == (
        "Angreifer: c4-b4. Geschlagen ist der Verteidiger auf b5."
    )
    assert turn_status(A, record, geo, None, explain=True) == (
        "Angreifer: c4-b4. Geschlagen: der Verteidiger auf b5 "
        "(zwischen zwei Gegnern eingeschlossen)."
    )
    assert turn_status(A, record, geo, None, answer=True) == (
        "Die Angreifer antworten: c4-b4. Geschlagen ist der Verteidiger auf b5."
    )
    assert turn_note(record, geo, None) == "Geschlagen ist der Verteidiger auf b5."
    ended = Outcome(A, Reason.NO_MOVES)
    assert turn_note(record, geo, ended) == (
        "Geschlagen ist der Verteidiger auf b5. "
        "Die Verteidiger können nicht mehr ziehen – die Angreifer gewinnen."
    )
