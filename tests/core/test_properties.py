"""Property tests: random legal games in every variant.

- random legal games never crash and every step keeps the engine's invariants;
- pop() restores the position, outcome, captured and flipped lists exactly;
- the ASCII grid round-trips;
- mirroring a position left-right or rotating it by 90° maps its legal moves and the
  captures of each move accordingly (every variant's rules are symmetric);
- piece counts fall only by the captured pieces; flips keep them.

Tyr and Odin also start from hand-built positions with commanders and variegated men (test
positions only: no source gives their squares).
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tafl_core import Board, Move, all_variants, parse_ascii, variant
from tests.symmetry import mirror_file, rotate, transformed

# Tyr 11×11's canonical squares with special pieces put on some of them (Odin's counts from
# its card: king, 6 men, 4 commanders, 2 variegated against 12 men, 8 commanders, 4
# variegated). A test position, not a setup.
SPECIAL_11 = """
C . . B . . . B . . C
. . . . . . . . . . .
. . A . . C . . A . .
A . . A . c . A . . A
. . . . b V c . . . .
. . C c V K V c C . .
. . . . c V b . . . .
A . . A . V . A . . A
. . A . . C . . A . .
. . . . . . . . . . .
C . . B . . . B . . C
"""

STARTS = [
    ("copenhagen-11", None),
    ("copenhagen-13", None),
    ("seeschlacht-11", None),
    ("simples-tafl-11", None),
    ("standard-tablut-9", None),
    ("tyr-11", None),
    ("tyr-15", None),
    # Tyr has no variegated men: its test position has ordinary men there
    ("tyr-11", SPECIAL_11.replace("B", "A").replace("b", "V")),
    ("odin-11", SPECIAL_11),
]

SETTINGS = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def new_board(index: int) -> Board:
    slug, grid = STARTS[index]
    v = variant(slug)
    if grid is None:
        return Board(v)
    return Board(v.rules, parse_ascii(grid, turn=v.rules.first))


def state(board: Board) -> tuple:
    pos = board.position()
    return (
        pos.key(),
        pos.chain,
        board.outcome,
        list(board.captured),
        list(board.flipped),
        board.occurrences(),
        len(board.moves),
        board.berserker_open,
    )


def side_counts(board: Board) -> tuple[int, int]:
    pos = board.pos
    return pos.att.bit_count(), pos.dfn.bit_count()


def random_step(board: Board, data) -> str:
    """Play one random legal step (or end an open chain); return what was done."""
    moves = board.legal_moves()
    options = len(moves) + (1 if board.berserker_open else 0)
    assert options > 0 or board.outcome is not None
    i = data.draw(st.integers(0, options - 1))
    if i == len(moves):
        board.end_turn()
        return "end"
    board.push(moves[i])
    return "move"


@SETTINGS
@given(st.integers(0, len(STARTS) - 1), st.data())
def test_random_games(index, data):
    board = new_board(index)
    steps = data.draw(st.integers(1, 40))
    for _ in range(steps):
        if board.outcome is not None:
            assert board.legal_moves() == []
            break
        before = state(board)
        att0, dfn0 = side_counts(board)
        total0 = att0 + dfn0
        what = random_step(board, data)
        after = state(board)
        # pieces leave only by capture; flips move a man from one side to the other
        att1, dfn1 = side_counts(board)
        assert att1 + dfn1 == total0 - len(board.captured)
        if what == "end":
            assert board.captured == [] and board.flipped == []
        pos = board.position()
        for s in board.flipped:
            assert pos.piece_at(s).kind.value == "variegated"
        assert not set(board.captured) & set(board.flipped)
        # undo restores everything, redo gives the same result
        move = board.moves[-1] if what == "move" else None
        board.pop()
        assert state(board) == before
        if move is None:
            board.end_turn()
        else:
            board.push(move)
        assert state(board) == after
        # ASCII round trip
        again = parse_ascii(pos.to_ascii(), turn=pos.turn)
        assert again.key() == pos.key()
        again = parse_ascii(pos.to_ascii(coordinates=False), turn=pos.turn)
        assert again.key() == pos.key()
        # the turn passes unless a berserker chain stays open
        if board.outcome is None and not board.berserker_open:
            assert board.turn is not before_turn(before)


def before_turn(st_: tuple):
    from tafl_core import Side

    # the position key ends with 'attackers to move'
    return Side.ATTACKERS if st_[0][-1] else Side.DEFENDERS


def _effects(board: Board) -> dict[Move, tuple[frozenset, frozenset]]:
    out = {}
    for m in board.legal_moves():
        board.push(m)
        out[m] = (frozenset(board.captured), frozenset(board.flipped))
        board.pop()
    return out


@SETTINGS
@given(st.integers(0, len(STARTS) - 1), st.data(), st.sampled_from(["mirror", "rotate"]))
def test_symmetry(index, data, how):
    board = new_board(index)
    for _ in range(data.draw(st.integers(0, 12))):
        if board.outcome is not None:
            break
        random_step(board, data)
    if board.outcome is not None:
        return
    geo = board.pos.geo
    f = mirror_file if how == "mirror" else rotate
    square_map = [f(geo, s) for s in range(geo.count)]
    image = Board(replace(board.rules), transformed(board.pos, square_map))
    assert image.pos.chain == (square_map[board.pos.chain] if board.pos.chain >= 0 else -1)
    original = _effects(board)
    mapped = {
        Move(square_map[m.frm], square_map[m.to], m.jump): (
            frozenset(square_map[s] for s in cap),
            frozenset(square_map[s] for s in flip),
        )
        for m, (cap, flip) in original.items()
    }
    assert _effects(image) == mapped


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=2, max_value=9).map(lambda k: 2 * k + 1),
    st.data(),
)
def test_ascii_round_trip_of_random_grids(size, data):
    letters = st.sampled_from(list(".AVCcBb"))
    rows = [[data.draw(letters) for _ in range(size)] for _ in range(size)]
    if data.draw(st.booleans()):
        r, c = data.draw(st.integers(0, size - 1)), data.draw(st.integers(0, size - 1))
        rows[r][c] = "K"
    grid = "\n".join(" ".join(row) for row in rows)
    pos = parse_ascii(grid)
    assert pos.to_ascii(coordinates=False) == grid
    assert parse_ascii(pos.to_ascii()) == pos


@settings(max_examples=40, deadline=None)
@given(slug=st.sampled_from(sorted(all_variants())), seed=st.integers(0, 10_000))
def test_fast_generation_equals_per_piece_targets(slug: str, seed: int) -> None:
    """The table-driven generator yields exactly the union of every piece's own targets."""
    import random

    from tafl_core.movegen import piece_targets

    v = all_variants()[slug]
    if not v.has_setup:
        return
    board = Board(v)
    rng = random.Random(seed)
    for _ in range(60):
        if board.outcome is not None:
            break
        if board.berserker_open:
            board.end_turn()
            continue
        fast = board.legal_moves()
        own = [s for s, p in board.pos.pieces().items() if p.side is board.turn]
        slow = [m for s in own for m in piece_targets(board.ctx, board.pos, s)]
        assert sorted(fast) == sorted(slow)
        assert len(fast) == len(set(fast)) == board.count_moves()
        board.push_unchecked(rng.choice(fast))
