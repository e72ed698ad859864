"""Judging a given position before play: impossible under the rules, or already decided."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from .captures import resolve
from .context import RuleContext
from .errors import ImpossiblePositionError
from .movegen import has_move
from .outcome import Outcome, Reason
from .pieces import LETTER_TO_PIECE, Piece, Side
from .position import Position
from .rules import KingJump, NoMoves, RuleSet
from .wording import events


class Variant(Protocol):
    """What the judgement reads of a `variants.Variant` (structural: `variants.py` imports
    this module, so this one does not import it)."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def has_setup(self) -> bool: ...
    def start(self) -> Position: ...
    def pieces(self) -> list[Piece]: ...


def problems(
    ctx: RuleContext,
    pos: Position,
    start: Position | None = None,
    pieces: Iterable[Piece] | None = None,
) -> list[str]:
    """Why no game under ctx's rules can reach pos, as German sentences (empty when possible).

    With the variant's `start`, a position with more pieces than the start is impossible too
    (pieces are only ever taken, or flipped to the other side when variegated). `pieces` are
    the pieces in play (`Variant.pieces`; without it the kinds the rules know,
    `RuleSet.pieces`): any other piece is impossible.
    """
    rules = ctx.rules
    geo = ctx.geo
    out = []
    if not pos.king:
        out.append(events.no_king())
    elif pos.king.bit_count() > 1:
        out.append(events.several_kings(rules, list(geo.squares(pos.king))))
    allowed = set(rules.pieces() if pieces is None else pieces)
    strangers: dict[Piece, list[int]] = {}
    for s, found in pos.pieces().items():
        if found not in allowed:
            strangers.setdefault(found, []).append(s)
    out += [events.piece_not_in_play(rules, ss, kind) for kind, ss in strangers.items()]
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
    if pos.king.bit_count() == 1:
        out += _king_already_taken(ctx, pos)
    return out


def _king_already_taken(ctx: RuleContext, pos: Position) -> list[str]:
    """The king enclosed as the variant captures him, where no game can leave him standing.

    Every neighbour of the king on the board holds an attacker, and an attacker landing on
    any one of them takes him (the engine's own `resolve`). The last of these squares to be
    filled cannot have been the king's (he came from a neighbour, now occupied) and an
    attacker arriving there would have taken him. Not judged where the king may jump into
    the ring or men flip sides (variegated): there such a ring can arise without a capture.
    """
    rules = ctx.rules
    if rules.king_jump is not KingJump.NONE or rules.variegated:
        return []
    k = pos.king_square()
    around = [m for m, _ in ctx.geo.steps[k] if m >= 0]
    if not around or any(not pos.att & ctx.geo.bits[m] for m in around):
        return []
    if all(resolve(ctx, pos, m)[0] & pos.king for m in around):
        return [events.king_already_taken(rules, k, around)]
    return []


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


def check_possible(
    ctx: RuleContext,
    pos: Position,
    start: Position | None = None,
    pieces: Iterable[Piece] | None = None,
) -> None:
    """Raise ImpossiblePositionError naming every problem of pos (see problems())."""
    found = problems(ctx, pos, start, pieces)
    if found:
        raise ImpossiblePositionError(events.impossible_position(found))


def pieces_allowed(variant: Variant) -> list[Piece]:
    """The pieces a given position of the variant may hold, in grid-letter order: the kinds
    its rules give meaning to (`RuleSet.pieces`) and every piece in play (`Variant.pieces`).
    The board's editor offers exactly these."""
    allowed = {*variant.rules.pieces(), *variant.pieces()}
    return [p for p in LETTER_TO_PIECE.values() if p in allowed]


def check_given(ctx: RuleContext, pos: Position, variant: Variant | None = None) -> None:
    """The one judgement of a position given to the engine (Python, file, CLI, block, editor).

    With its variant, the position is judged against the variant's start and the pieces it
    allows (`pieces_allowed`); with rules alone, against the kinds the rules know.
    """
    if variant is None:
        check_possible(ctx, pos)
        return
    start = variant.start() if variant.has_setup else None
    check_possible(ctx, pos, start, pieces_allowed(variant))


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
