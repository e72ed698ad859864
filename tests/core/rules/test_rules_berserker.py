"""Berserker rule (Tyr, Odin).

Rule texts: Tyr 5.5 "Schlägt eine Figur, darf sie im selben Zug weiterziehen, solange sie
dabei erneut schlägt; der König darf einen solchen Lauf auch mit seiner Flucht (Erreichen des
Randes) abschließen." Design §4.3: continuing is optional; jumps may be chain steps (see
test_rules_commander); repetition is counted between turns, not inside a chain.

The claims are example blocks at the bottom-left of each variant's own board, checked by
the example runner; claims about the board's turn interface use 7×7 positions.
"""

import pytest

from tafl_core import MoveError
from tests.rules_helpers import DEF, holds, make

BERSERK = ["tyr-11", "tyr-15", "odin-11"]
NO_BERSERK = ["copenhagen-11", "seeschlacht-11", "simples-tafl-11", "standard-tablut-9"]

# c1-c3 takes c4 (against c5); from c3 the same attacker can take f3 by c3-e3 (against g3).
CHAIN = """
7 . . . . . . .
6 . . . . . K .
5 . . A . . . .
4 . . V . . . .
3 . . . . . V A
2 . . . . . . .
1 . . A . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", BERSERK)
def test_capture_opens_a_continuation(slug):
    first = {
        "tyr-11": """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3
Geschlagen: c4
Berserker: offen
""",
        "tyr-15": """
Variante: tyr-15
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . . K . . . . . . . . .
 5 . . A . . . . . . . . . . . .
 4 . . V . . . . . . . . . . . .
 3 . . . . . V A . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . A . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c1-c3
Geschlagen: c4
Berserker: offen
""",
        "odin-11": """
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3
Geschlagen: c4
Berserker: offen
""",
    }
    holds(first[slug])
    # nothing more to capture from e3: the turn is over
    chain = {
        "tyr-11": """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3, c3-e3
Geschlagen: c4, f3
Berserker: geschlossen
""",
        "tyr-15": """
Variante: tyr-15
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . . K . . . . . . . . .
 5 . . A . . . . . . . . . . . .
 4 . . V . . . . . . . . . . . .
 3 . . . . . V A . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . A . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c1-c3, c3-e3
Geschlagen: c4, f3
Berserker: geschlossen
""",
        "odin-11": """
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3, c3-e3
Geschlagen: c4, f3
Berserker: geschlossen
""",
    }
    holds(chain[slug])


@pytest.mark.parametrize("slug", BERSERK)
def test_continuation_must_capture_and_be_the_same_piece(slug):
    # captures nothing
    no_capture = {
        "tyr-11": """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3, c3-d3
Illegal: berserker
""",
        "tyr-15": """
Variante: tyr-15
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . . K . . . . . . . . .
 5 . . A . . . . . . . . . . . .
 4 . . V . . . . . . . . . . . .
 3 . . . . . V A . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . A . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c1-c3, c3-d3
Illegal: berserker
""",
        "odin-11": """
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3, c3-d3
Illegal: berserker
""",
    }
    holds(no_capture[slug])
    # another piece
    other_piece = {
        "tyr-11": """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3, c5-b5
Illegal: berserker
""",
        "tyr-15": """
Variante: tyr-15
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . . K . . . . . . . . .
 5 . . A . . . . . . . . . . . .
 4 . . V . . . . . . . . . . . .
 3 . . . . . V A . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . A . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c1-c3, c5-b5
Illegal: berserker
""",
        "odin-11": """
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3, c5-b5
Illegal: berserker
""",
    }
    holds(other_piece[slug])
    other_man = {
        "tyr-11": """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3, g3-g2
Illegal: berserker
""",
        "tyr-15": """
Variante: tyr-15
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . . K . . . . . . . . .
 5 . . A . . . . . . . . . . . .
 4 . . V . . . . . . . . . . . .
 3 . . . . . V A . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . A . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c1-c3, g3-g2
Illegal: berserker
""",
        "odin-11": """
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3, g3-g2
Illegal: berserker
""",
    }
    holds(other_man[slug])


@pytest.mark.parametrize("slug", BERSERK)
def test_continuation_is_optional(slug):
    # the turn ends after c1-c3; the defenders move normally
    blocks = {
        "tyr-11": """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3
Zug: f6-f5
Ergebnis: offen
""",
        "tyr-15": """
Variante: tyr-15
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . . K . . . . . . . . .
 5 . . A . . . . . . . . . . . .
 4 . . V . . . . . . . . . . . .
 3 . . . . . V A . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . A . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c1-c3
Zug: f6-f5
Ergebnis: offen
""",
        "odin-11": """
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3
Zug: f6-f5
Ergebnis: offen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", BERSERK)
def test_end_turn_without_chain_is_an_error(slug):
    b = make(slug, CHAIN)
    with pytest.raises(MoveError) as exc:
        b.end_turn()
    assert exc.value.reason == "berserker"
    b.push_text("g3-g2")  # no capture: no chain
    assert not b.berserker_open
    assert b.turn is DEF


@pytest.mark.parametrize("slug", BERSERK)
def test_no_chain_when_nothing_more_can_be_captured(slug):
    blocks = {
        "tyr-11": """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . . A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3
Geschlagen: c4
Berserker: geschlossen
""",
        "tyr-15": """
Variante: tyr-15
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . . K . . . . . . . . .
 5 . . A . . . . . . . . . . . .
 4 . . V . . . . . . . . . . . .
 3 . . . . . . A . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . A . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c1-c3
Geschlagen: c4
Berserker: geschlossen
""",
        "odin-11": """
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . . A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3
Geschlagen: c4
Berserker: geschlossen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", NO_BERSERK)
def test_no_berserker_rule_elsewhere(slug):
    blocks = {
        "copenhagen-11": """
Variante: copenhagen-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3
Geschlagen: c4
Berserker: geschlossen
""",
        "seeschlacht-11": """
Variante: seeschlacht-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3
Geschlagen: c4
Berserker: geschlossen
""",
        "simples-tafl-11": """
Variante: simples-tafl-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . V . . . . . . . .
 3 . . . . . V A . . . .
 2 . . . . . . . . . . .
 1 . . A . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3
Geschlagen: c4
Berserker: geschlossen
""",
        "standard-tablut-9": """
Variante: standard-tablut-9
Stellung:
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . K . . .
5 . . A . . . . . .
4 . . V . . . . . .
3 . . . . . V A . .
2 . . . . . . . . .
1 . . A . . . . . .
  a b c d e f g h i
Zug: c1-c3
Geschlagen: c4
Berserker: geschlossen
""",
    }
    holds(blocks[slug])


# The king takes c4 with d2-d4 (against b4); he may then run to the edge without capturing.


@pytest.mark.parametrize("slug", BERSERK)
def test_king_ends_a_chain_by_escaping(slug):
    first = {
        "tyr-11": """
Variante: tyr-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 A . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . V A . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . K . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: d2-d4
Geschlagen: c4
Berserker: offen
""",
        "tyr-15": """
Variante: tyr-15
Am Zug: Verteidiger
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 A . . . . . . . . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . V A . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . K . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: d2-d4
Geschlagen: c4
Berserker: offen
""",
        "odin-11": """
Variante: odin-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 A . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . V A . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . K . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: d2-d4
Geschlagen: c4
Berserker: offen
""",
    }
    holds(first[slug])
    # a step that neither captures nor escapes is refused
    no_escape = {
        "tyr-11": """
Variante: tyr-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 A . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . V A . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . K . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: d2-d4, d4-d5
Illegal: berserker
""",
        "tyr-15": """
Variante: tyr-15
Am Zug: Verteidiger
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 A . . . . . . . . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . V A . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . K . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: d2-d4, d4-d5
Illegal: berserker
""",
        "odin-11": """
Variante: odin-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 A . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . V A . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . K . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: d2-d4, d4-d5
Illegal: berserker
""",
    }
    holds(no_escape[slug])
    # the run to the right edge ends the chain with the escape
    escape = {
        "tyr-11": """
Variante: tyr-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 A . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . V A . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . K . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: d2-d4, d4-k4
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "tyr-15": """
Variante: tyr-15
Am Zug: Verteidiger
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 A . . . . . . . . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . V A . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . K . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: d2-d4, d4-o4
Ergebnis: Verteidiger gewinnen (Flucht)
""",
        "odin-11": """
Variante: odin-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 A . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . . . . . . . . .
 4 . V A . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . K . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: d2-d4, d4-k4
Ergebnis: Verteidiger gewinnen (Flucht)
""",
    }
    holds(escape[slug])


@pytest.mark.parametrize("slug", BERSERK)
def test_ordinary_piece_cannot_end_a_chain_on_the_edge(slug):
    # a defender man has no escape: nothing else to capture, so the turn is over
    blocks = {
        "tyr-11": """
Variante: tyr-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 A . . . . . . . . . .
 5 . . . . . K . . . . .
 4 . V A . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . V . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: d2-d4
Geschlagen: c4
Berserker: geschlossen
""",
        "tyr-15": """
Variante: tyr-15
Am Zug: Verteidiger
Stellung:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 A . . . . . . . . . . . . . .
 5 . . . . . K . . . . . . . . .
 4 . V A . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . V . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: d2-d4
Geschlagen: c4
Berserker: geschlossen
""",
        "odin-11": """
Variante: odin-11
Am Zug: Verteidiger
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 A . . . . . . . . . .
 5 . . . . . K . . . . .
 4 . V A . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . V . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: d2-d4
Geschlagen: c4
Berserker: geschlossen
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", BERSERK)
def test_repetition_is_not_counted_inside_a_chain(slug):
    b = make(slug, CHAIN)
    b.push_text("c1-c3")
    assert b.berserker_open
    assert b.occurrences() == 0  # the position inside the turn is not recorded
    b.end_turn()
    assert b.occurrences() == 1
