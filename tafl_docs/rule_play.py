"""Two rule sets side by side: the first difference a game or an example's turns show.

Part of the rule-coverage report (`rule_coverage.py`): a rule change no example catches
counts only when it matters, that is when replayed example turns or seeded random games
show different legal moves, captures, flips, an open berserker chain or outcome.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tafl_core.board import Board
from tafl_core.errors import TaflError
from tafl_core.examples import Block
from tafl_core.movegen import step_effect
from tafl_core.moves import Move
from tafl_core.pieces import Kind
from tafl_core.position import Position
from tafl_core.variants import Variant

#: Moves per ply whose captures are compared under both rule sets without being played.
PROBES = 12
#: Chance that a random game plays a capturing move among those probed, when there is one.
CAPTURE_BIAS = 0.5
#: Chance that a random game moves the piece that just moved back again (repetitions).
BACK_AND_FORTH = 0.35


def _moves(board: Board) -> list[Move]:
    return sorted(board.legal_moves())


def _state(board: Board) -> tuple[object, ...]:
    """What a step did: the position, the open chain, captures, flips and the outcome."""
    return (
        board.pos.key(),
        board.pos.chain,
        sorted(board.captured),
        sorted(board.flipped),
        board.outcome,
    )


def _effect(board: Board) -> str:
    """What the last step did, in words (for the report)."""
    names = board.pos.geo.name
    parts = [f"geschlagen {','.join(names(s) for s in board.captured) or 'nichts'}"]
    if board.flipped:
        parts.append(f"umgedreht {','.join(names(s) for s in board.flipped)}")
    if board.berserker_open:
        parts.append("Berserker-Lauf offen")
    if board.outcome is not None:
        parts.append(board.outcome.german())
    return "; ".join(parts)


def difference(
    original: Variant,
    changed: Variant,
    starts: Sequence[Position],
    seed: int,
    games: tuple[int, int],
) -> str:
    """The first difference random games show between two rule sets ('' when none)."""
    rng = random.Random(seed)
    count, plies = games
    for start in starts:
        for _ in range(count):
            why = _one_game(original, changed, start, rng, plies)
            if why:
                return why
    return ""


def replayed(
    original: Variant, changed: Variant, blocks: Sequence[Block], rng: random.Random
) -> str:
    """The first difference the turns of example blocks show on both rule sets ('' when none).

    The blocks may belong to any variant of the same board size: their positions are the
    situations the site illustrates (a ring, a wall, a fort), which random games rarely reach.
    A position the original variant does not allow is skipped.
    """
    for block in blocks:
        try:
            a = Board(original, block.position)
        except TaflError:
            continue
        try:
            b = Board(changed, block.position)
        except TaflError as exc:
            return f"{block.where}: Stellung verweigert: {exc}"
        for turn in block.turns:
            for step in turn.steps:
                why = _compare(a, b, rng)
                if why:
                    return f"{block.where}: {why}"
                try:
                    a.push_text(step)
                except TaflError:
                    break  # the block's own refusal (or a rule of another variant)
                try:
                    b.push_text(step)
                except TaflError as exc:
                    return f"{block.where}: {step} verboten: {exc}"
                if _state(a) != _state(b):
                    return f"{block.where}: {step}: {_effect(a)} – geändert: {_effect(b)}"
            else:
                if a.berserker_open and b.berserker_open:
                    a.end_turn()
                    b.end_turn()
                continue
            break
        why = _compare(a, b, rng)
        if why:
            return f"{block.where}: {why}"
    return ""


def _compare(a: Board, b: Board, rng: random.Random) -> str:
    """A difference in the outcome, the legal moves or (probed) captures now; '' when none."""
    if a.outcome != b.outcome:
        return f"Ergebnis {_effect(a)} gegen {_effect(b)}"
    if a.outcome is not None:
        return ""
    ma, mb = _moves(a), _moves(b)
    if ma != mb:
        only = sorted(set(ma) ^ set(mb))[:3]
        return f"andere erlaubte Züge ({', '.join(m.text(a.pos.geo) for m in only)})"
    for move in rng.sample(ma, min(len(ma), PROBES)):
        if step_effect(a.ctx, a.pos, move) != step_effect(b.ctx, b.pos, move):
            return f"{move.text(a.pos.geo)} schlüge anders"
    return ""


def kinds_on_boards(
    original: Variant, starts: Sequence[Position], replays: Sequence[Block]
) -> set[Kind]:
    """The kinds of piece on the boards a change's replays and random games start from:
    `starts`, and the replayed blocks' positions that the original rules allow. No move
    changes a piece's kind, so no other kind appears in those games."""
    boards = list(starts)
    for block in replays:
        try:
            Board(original, block.position)
        except TaflError:
            continue  # `replayed` skips it too
        boards.append(block.position)
    return {piece.kind for pos in boards for piece in pos.pieces().values()}


def _one_game(
    original: Variant, changed: Variant, start: Position, rng: random.Random, plies: int
) -> str:
    """Play one random game on both rule sets; the first difference, or ''."""
    try:
        a = Board(original, start)
    except TaflError:
        return ""  # the position is not one of this variant (cannot happen for its examples)
    try:
        b = Board(changed, start)
    except TaflError as exc:
        return f"Stellung verweigert: {exc}"
    last: dict[object, Move] = {}
    for ply in range(plies):
        if a.outcome != b.outcome:
            return f"Zug {ply}: Ergebnis {_effect(a)} gegen {_effect(b)}"
        if a.outcome is not None:
            return ""
        ma, mb = _moves(a), _moves(b)
        if ma != mb:
            only = sorted(set(ma) ^ set(mb))[:3]
            names = ", ".join(m.text(a.pos.geo) for m in only)
            return f"Zug {ply}: andere erlaubte Züge ({names})"
        chain = a.berserker_open
        if chain and (not ma or rng.random() < 0.3):
            a.end_turn()
            b.end_turn()
        else:
            if not ma:
                return ""
            side = a.turn
            back = last.get(side)
            reverse = Move(back.to, back.frm, back.jump) if back is not None else None
            wanted = reverse in ma and rng.random() < BACK_AND_FORTH
            picked = reverse if wanted and reverse is not None else _pick(a, b, ma, rng)
            if isinstance(picked, str):
                return f"Zug {ply}: {picked}"
            move = picked
            a.push_unchecked(move)
            b.push_unchecked(move)
            last[side] = move
        if _state(a) != _state(b):
            return f"Zug {ply}: {_effect(a)} – geändert: {_effect(b)}"
    return ""


def _pick(a: Board, b: Board, moves: Sequence[Move], rng: random.Random) -> Move | str:
    """A random move, often a capturing one (so that chains, rings and walls arise).

    Up to `PROBES` of the moves are tried on both rule sets without being played; when one
    of them would capture or flip differently, that difference is returned as text instead.
    """
    effects: list[tuple[Move, bool]] = []
    for move in rng.sample(list(moves), min(len(moves), PROBES)):
        mine = step_effect(a.ctx, a.pos, move)
        if mine != step_effect(b.ctx, b.pos, move):
            return f"{move.text(a.pos.geo)} schlüge anders"
        effects.append((move, any(mine)))
    if rng.random() < CAPTURE_BIAS:
        for move, captures in effects:
            if captures:
                return move
    return rng.choice(moves)
