"""Judging a given position before play: impossible under the rules, or already decided."""

from __future__ import annotations

from .context import RuleContext
from .errors import ImpossiblePositionError
from .movegen import has_move
from .outcome import Outcome, Reason
from .pieces import Side
from .position import Position
from .rules import NoMoves
from .wording import events


def problems(ctx: RuleContext, pos: Position, start: Position | None = None) -> list[str]:
    """Why no game under ctx's rules can reach pos, as German sentences (empty when possible).

    With the variant's `start`, a position with more pieces than the start is impossible too
    (pieces are only ever taken, or flipped to the other side when variegated).
    """
    rules = ctx.rules
    geo = ctx.geo
    out = []
    if not pos.king:
        out.append(events.no_king())
    for s in geo.squares(ctx.restricted & (pos.att | pos.dfn) & ~pos.king):
        piece = pos.piece_at(s)
        assert piece is not None
        out.append(events.not_on_restricted(rules, s, piece))
    if pos.chain >= 0:
        own = pos.att if pos.turn is Side.ATTACKERS else pos.dfn
        if not rules.berserker or not own & geo.bits[pos.chain]:
            out.append(events.impossible_chain(rules, pos.chain))
    if start is not None:
        out += _more_than_start(ctx, pos, start)
    return out


def _more_than_start(ctx: RuleContext, pos: Position, start: Position) -> list[str]:
    """Piece counts per side above those of the start (both sides together where men flip).

    Kinds are not compared: a variant may allow commanders that its canonical start lacks.
    """
    if ctx.rules.variegated:
        groups = [
            (
                "men",
                _men(pos, True) + _men(pos, False),
                _men(start, True) + _men(start, False),
            )
        ]
    else:
        groups = [
            ("attackers", _men(pos, True), _men(start, True)),
            ("defenders", _men(pos, False), _men(start, False)),
        ]
    return [events.more_than_start(what, have, most) for what, have, most in groups if have > most]


def _men(pos: Position, attackers: bool) -> int:
    """Number of pieces of one side, the king not counted."""
    return (pos.att if attackers else pos.dfn & ~pos.king).bit_count()


def check_possible(ctx: RuleContext, pos: Position, start: Position | None = None) -> None:
    """Raise ImpossiblePositionError naming every problem of pos (see problems())."""
    found = problems(ctx, pos, start)
    if found:
        raise ImpossiblePositionError(events.impossible_position(found))


def decided(ctx: RuleContext, pos: Position) -> Outcome | None:
    """The outcome of a given position that is already decided, or None while play goes on.

    Decided are a king on an escape square and a side to move without a legal step.
    Encirclement and the edge fort are judged only after a move of the side they favour
    (the rule texts say so), so a given position does not decide them.
    """
    rules = ctx.rules
    if pos.king & ctx.escape:
        return Outcome(Side.DEFENDERS, Reason.ESCAPE)
    if pos.chain < 0 and not has_move(ctx, pos, pos.turn):
        if rules.no_moves is NoMoves.LOSES:
            return Outcome(pos.turn.other, Reason.NO_MOVES)
        return Outcome(None, Reason.NO_MOVES)
    return None
