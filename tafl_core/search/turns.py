"""Whole turns as tuples of steps: listing them, playing them and taking them back.

A turn is one step, or under the berserker rule a chain of steps of one piece; the
solver's `expand.turns` is the one place that knows how chains branch. Here a turn is
stored as a tuple of `Move`s so that it can be sorted, remembered in the transposition
table and played again later: after its last step an open chain is ended
(`Board.end_turn`), exactly as `expand.turns` yields the "stop here" turn.
"""

from __future__ import annotations

from contextlib import closing

from ..board import Board
from ..moves import Move
from ..pieces import Side
from ..solver.expand import turns as expand_turns
from ..turns import turn_text

#: One whole turn: its steps in order.
Turn = tuple[Move, ...]


def list_turns(board: Board) -> list[Turn]:
    """Every turn of the side to move (the board is left as it was).

    Under the berserker rule a chain opens only after a step that captures or flips, and
    every capture takes a piece next to the landing square, the piece jumped over, or
    (shieldwall) men on the edge. Only such steps are played to look for chains; every
    other step is a whole turn by itself.
    """
    if board.outcome is not None:
        return []
    if not board.rules.berserker:
        return [(m,) for m in board.legal_moves()]
    if board.pos.chain >= 0:
        with closing(expand_turns(board)) as each:
            return [tuple(played.steps) for played in each]
    ctx = board.ctx
    pos = board.pos
    bits = ctx.geo.bits
    enemy = pos.dfn if pos.turn is Side.ATTACKERS else pos.att
    near = ctx.expand(enemy) | (ctx.geo.edge_mask if board.rules.shieldwall else 0)
    out: list[Turn] = []
    for m in board.legal_moves():
        if not (m.jump or bits[m.to] & near):
            out.append((m,))
            continue
        board.push_unchecked(m)
        try:
            if board.pos.chain >= 0:
                with closing(expand_turns(board)) as each:
                    out.extend((m, *played.steps) for played in each)
            else:
                out.append((m,))
        finally:
            board.pop()
    return out


def play(board: Board, turn: Turn) -> int:
    """Play `turn` on the board; returns the stack height to give to `undo`."""
    mark = len(board._stack)
    for step in turn:
        board.push_unchecked(step)
    if board.pos.chain >= 0 and board.outcome is None:
        board.end_turn()
    return mark


def undo(board: Board, mark: int) -> None:
    """Take back everything played since `play` returned `mark`."""
    stack = board._stack
    while len(stack) > mark:
        board.pop()


def text(board: Board, turn: Turn) -> str:
    """The turn in the notation of `tafl play`: steps comma-joined ('d4-d6,d6-f6')."""
    return turn_text(turn, board.pos.geo)
