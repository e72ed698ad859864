"""Why a step is illegal: a reason code and the facts for each case (the German is in wording)."""

from __future__ import annotations

from .context import RuleContext
from .errors import MoveError
from .movegen import continuations, jump_targets, jumpers, slide_targets
from .moves import Move
from .pieces import Piece, Side
from .position import Position
from .wording import events

#: Reason codes of a refused step with their German meaning; the example blocks' German
#: words for them (after "Illegal:") in REFUSAL_WORDS.
REASONS = events.REASONS
REFUSAL_WORDS = events.REFUSAL_WORDS


def refuse(
    ctx: RuleContext,
    reason: str,
    frm: int,
    to: int,
    *,
    square: int = -1,
    piece: Piece | None = None,
    obstacle: Piece | None = None,
    jump: bool = False,
) -> MoveError:
    """The MoveError of a refused step, its sentence made from the code and the facts."""
    why = events.refusal(
        reason, ctx.rules, frm=frm, to=to, square=square, piece=piece, obstacle=obstacle, jump=jump
    )
    name = ctx.geo.name
    return MoveError(
        f"{name(frm)}-{name(to)}: {why}",
        reason,
        why=why,
        frm=frm,
        to=to,
        square=square,
        piece=piece,
        obstacle=obstacle,
        jump=jump,
    )


def check_step(ctx: RuleContext, pos: Position, move: Move) -> Move:
    """Return the legal form of `move` (jump flag set) or raise MoveError with the reason."""
    bits = ctx.geo.bits
    frm, to = move.frm, move.to
    fb, tb = bits[frm], bits[to]
    occ = pos.att | pos.dfn
    piece = pos.piece_at(frm)
    if not occ & fb:
        raise refuse(ctx, "no-piece", frm, to, square=frm)
    own = pos.att if pos.turn is Side.ATTACKERS else pos.dfn
    if not own & fb:
        raise refuse(ctx, "wrong-side", frm, to, square=frm, piece=piece)
    if pos.chain >= 0 and frm != pos.chain:
        raise refuse(
            ctx,
            "berserker",
            frm,
            to,
            square=pos.chain,
            piece=piece,
            obstacle=pos.piece_at(pos.chain),
        )
    if frm == to:
        raise refuse(ctx, "null-move", frm, to, piece=piece)
    is_king = bool(pos.king & fb)
    legal = None
    if slide_targets(ctx, pos, frm, is_king, occ) & tb and move.jump is not True:
        legal = Move(frm, to)
    elif jumpers(ctx, pos, fb) and jump_targets(ctx, pos, frm) & tb:
        legal = Move(frm, to, True)
    if legal is None:
        raise _why_not(ctx, pos, frm, to, is_king, piece)
    if pos.chain >= 0 and legal not in continuations(ctx, pos):
        raise refuse(ctx, "berserker", frm, to, piece=piece, jump=legal.jump)
    return legal


def _why_not(
    ctx: RuleContext, pos: Position, frm: int, to: int, is_king: bool, piece: Piece | None
) -> MoveError:
    """The refusal of a step that is neither slide nor jump, with its facts."""
    geo = ctx.geo
    n = geo.n
    bits = geo.bits
    occ = pos.att | pos.dfn
    df = to % n - frm % n
    dr = to // n - frm // n
    if df and dr:
        return refuse(ctx, "not-straight", frm, to, piece=piece)
    if occ & bits[to]:
        return refuse(ctx, "occupied", frm, to, square=to, piece=piece, obstacle=pos.piece_at(to))
    step = (1 if df > 0 else -1) if df else (n if dr > 0 else -n)
    # a jump over exactly one piece
    if jumpers(ctx, pos, bits[frm]) and abs(df) + abs(dr) == 2 and occ & bits[frm + step]:
        mid = frm + step
        over = pos.piece_at(mid)
        own = pos.att if pos.att & bits[frm] else pos.dfn
        if pos.king & bits[mid] or pos.cmd & bits[mid] or pos.kni & bits[mid] or own & bits[mid]:
            return refuse(ctx, "jump", frm, to, square=mid, piece=piece, obstacle=over, jump=True)
        if not is_king and ctx.restricted & bits[to]:
            return refuse(ctx, "restricted-square", frm, to, square=to, piece=piece, jump=True)
        if is_king and ctx.king_barred & bits[to]:
            return refuse(ctx, "restricted-square", frm, to, square=to, piece=piece, jump=True)
        if is_king and not ctx.restricted & (bits[frm] | bits[to]):
            return refuse(ctx, "jump", frm, to, square=mid, piece=piece, obstacle=over, jump=True)
    s = frm + step
    while s != to:
        if occ & bits[s]:
            return refuse(ctx, "blocked", frm, to, square=s, piece=piece, obstacle=pos.piece_at(s))
        if not is_king and ctx.nonking_block & bits[s]:
            return refuse(ctx, "restricted-square", frm, to, square=s, piece=piece)
        s += step
    if is_king and ctx.king_barred & bits[to]:
        return refuse(ctx, "restricted-square", frm, to, square=to, piece=piece)
    if not is_king and ctx.restricted & bits[to]:
        return refuse(ctx, "restricted-square", frm, to, square=to, piece=piece)
    return refuse(ctx, "jump", frm, to, piece=piece, jump=True)
