"""Commander jump (Tyr, Odin).

Rule texts: Odin 5.6 / Tyr 5.3: a commander may jump over one directly adjacent ordinary
enemy piece onto the empty square directly behind it; not over the king or another commander.
Design §4.2: the jump never captures the jumped piece; ordinary captures from the landing
square apply; variegated men may be jumped; jumps may be berserker chain steps.
"""

import pytest

from tafl_core import Board, Move, parse_ascii, variant
from tafl_core.errors import ImpossiblePositionError
from tests.rules_helpers import holds, make, reason_of

JUMPERS = ["tyr-11", "tyr-15", "odin-11"]

# The commander on c3 may jump d3 onto e3; there it takes f3 (against g3). Attackers on d4
# and d2, the king on f6; the blocks show it at the bottom-left of the variant's own board.
JUMP = """
7 . . . . . . .
6 . . . . . K .
5 . . . . . . .
4 . . . A . . .
3 . . C V . V A
2 . . . A . . .
1 . . . . . . .
  a b c d e f g
"""


@pytest.mark.parametrize("slug", JUMPERS)
def test_commander_jumps_an_adjacent_enemy(slug):
    # landing capture applies, the jumped man d3 stays although attackers stand on d4
    # and d2 and the commander has just passed it
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
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . C V . V A . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3-e3
Geschlagen: f3
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . . V C . A . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
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
 5 . . . . . . . . . . . . . . .
 4 . . . A . . . . . . . . . . .
 3 . . C V . V A . . . . . . . .
 2 . . . A . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c3-e3
Geschlagen: f3
Danach:
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
 5 . . . . . . . . . . . . . . .
 4 . . . A . . . . . . . . . . .
 3 . . . V C . A . . . . . . . .
 2 . . . A . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
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
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . C V . V A . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3-e3
Geschlagen: f3
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . . V C . A . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", JUMPERS)
def test_jump_never_captures_the_jumped_piece(slug):
    # the card's "between itself and a friendly piece": after the jump, d3 sits between the
    # commander on e3 and the empty square c3 - never a trap
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
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . A C V . . . . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3^e3
Geschlagen: keine
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . A . V C . . . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
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
 5 . . . . . . . . . . . . . . .
 4 . . . A . . . . . . . . . . .
 3 . A C V . . . . . . . . . . .
 2 . . . A . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c3^e3
Geschlagen: keine
Danach:
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
 5 . . . . . . . . . . . . . . .
 4 . . . A . . . . . . . . . . .
 3 . A . V C . . . . . . . . . .
 2 . . . A . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
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
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . A C V . . . . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3^e3
Geschlagen: keine
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . A . V C . . . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", JUMPERS)
def test_defenders_commander_jumps_too(slug):
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
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . c A . A V . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3^e3
Geschlagen: f3
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
 6 . . . . . K . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . c A . A V . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c3^e3
Geschlagen: f3
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
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . c A . A V . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3^e3
Geschlagen: f3
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", JUMPERS)
@pytest.mark.parametrize("over", ["K", "c"])
def test_no_jump_over_king_or_commander(slug, over):
    over_king = {
        "tyr-11": """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . V . . . . .
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . C K . . A . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3-e3
Illegal: sprung
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
 6 . . . . . V . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . A . . . . . . . . . . .
 3 . . C K . . A . . . . . . . .
 2 . . . A . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c3-e3
Illegal: sprung
""",
        "odin-11": """
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . V . . . . .
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . C K . . A . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3-e3
Illegal: sprung
""",
    }
    over_commander = {
        "tyr-11": """
Variante: tyr-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . C c . . A . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3-e3
Illegal: sprung
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
 5 . . . . . . . . . . . . . . .
 4 . . . A . . . . . . . . . . .
 3 . . C c . . A . . . . . . . .
 2 . . . A . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c3-e3
Illegal: sprung
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
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . C c . . A . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3-e3
Illegal: sprung
""",
    }
    holds((over_king if over == "K" else over_commander)[slug])


@pytest.mark.parametrize("slug", JUMPERS)
def test_no_jump_over_own_piece(slug):
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
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . C A . . . . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3-e3
Illegal: sprung
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
 5 . . . . . . . . . . . . . . .
 4 . . . A . . . . . . . . . . .
 3 . . C A . . . . . . . . . . .
 2 . . . A . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c3-e3
Illegal: sprung
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
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . C A . . . . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3-e3
Illegal: sprung
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", JUMPERS)
def test_jump_needs_an_empty_landing_square(slug):
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
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . C V V . A . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3-e3
Illegal: besetzt
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
 5 . . . . . . . . . . . . . . .
 4 . . . A . . . . . . . . . . .
 3 . . C V V . A . . . . . . . .
 2 . . . A . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c3-e3
Illegal: besetzt
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
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . C V V . A . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3-e3
Illegal: besetzt
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", JUMPERS)
def test_jump_only_over_one_adjacent_piece(slug):
    b = make(slug, JUMP.replace("3 . . C V . V A", "3 . . C . V . A"))
    assert not b.is_legal(Move(b.square("c3"), b.square("f3"), True))
    assert reason_of(b, "c3-f3") == "blocked"  # e3 stands in the way
    b = make(slug, JUMP.replace("3 . . C V . V A", "3 . . C V V . A"))
    assert not b.is_legal(Move(b.square("c3"), b.square("f3"), True))


@pytest.mark.parametrize("slug", JUMPERS)
def test_commander_also_slides(slug):
    # along its file and rank as any piece, and the jump onto e3
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
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . C V . V A . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ziele c3: a3, b3, c1, c2, c4, c5, c6, c7, c8, c9, c10, c11, e3
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
 5 . . . . . . . . . . . . . . .
 4 . . . A . . . . . . . . . . .
 3 . . C V . V A . . . . . . . .
 2 . . . A . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Ziele c3: a3, b3, c1, c2, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, e3
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
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . C V . V A . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Ziele c3: a3, b3, c1, c2, c4, c5, c6, c7, c8, c9, c10, c11, e3
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", ["copenhagen-11", "seeschlacht-11", "simples-tafl-11"])
def test_no_commander_elsewhere(slug):
    # these variants have no commanders: a position with one cannot occur and is refused,
    # naming the square (it does not silently play as an ordinary man)
    grid = """
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . C V . V A . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
"""
    with pytest.raises(ImpossiblePositionError, match="c3"):
        Board(variant(slug).rules, parse_ascii(grid))


def test_commander_may_jump_a_variegated_man():
    holds("""
Variante: odin-11
Stellung:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . C b . . . . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: c3-e3
Geschlagen: keine
Umgedreht: keine
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . A . . . . . . .
 3 . . . b C . . . . . .
 2 . . . A . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""")


@pytest.mark.parametrize("slug", JUMPERS)
def test_jump_as_berserker_chain_step(slug):
    # c1-c3 takes c4 (against c5); then the commander jumps d3 onto e3 and takes f3
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
 3 . . . V . V A . . . .
 2 . . . . . . . . . . .
 1 . . C . . . . . . . .
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
 3 . . . V . V A . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . C . . . . . . . . . . . .
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
 3 . . . V . V A . . . .
 2 . . . . . . . . . . .
 1 . . C . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3
Geschlagen: c4
Berserker: offen
""",
    }
    holds(first[slug])
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
 3 . . . V . V A . . . .
 2 . . . . . . . . . . .
 1 . . C . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3, c3^e3
Geschlagen: c4, f3
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . V C . A . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
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
 3 . . . V . V A . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . C . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: c1-c3, c3^e3
Geschlagen: c4, f3
Danach:
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
 4 . . . . . . . . . . . . . . .
 3 . . . V C . A . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
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
 3 . . . V . V A . . . .
 2 . . . . . . . . . . .
 1 . . C . . . . . . . .
   a b c d e f g h i j k
Zug: c1-c3, c3^e3
Geschlagen: c4, f3
Danach:
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . K . . . . .
 5 . . A . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . V C . A . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
""",
    }
    holds(blocks[slug])


@pytest.mark.parametrize("slug", JUMPERS)
def test_commander_is_captured_like_a_man(slug):
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
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . V C . . V . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g3-e3
Geschlagen: d3
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
 6 . . . . . K . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . V C . . V . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Zug: g3-e3
Geschlagen: d3
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
 6 . . . . . K . . . . .
 5 . . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . V C . . V . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k
Zug: g3-e3
Geschlagen: d3
""",
    }
    holds(blocks[slug])
