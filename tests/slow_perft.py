"""A slow, obviously-correct move counter for plain tafl variants, independent of the engine.

It knows only what the new variants need: rook moves ray by ray, the throne and the corners
as restricted squares, custodial capture with hostile squares, the three king captures,
the Linnaean capture (a defender against the throne the hemmed-in king sits on),
and the game ending by escape or king capture; for Berserk also the jumps of commanders
(C), the knight (r, its jump takes) and the king (only from or onto a restricted square),
two commanders capturing the king, and berserker chains (while a chain is open, every
capturing continuation and ending the turn each count as one ply, as in the engine's
perft). It shares nothing with `tafl_core` but the rule values, which it reads as plain
strings from the variant's TOML file.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

VARIANTS = Path(__file__).resolve().parent.parent / "tafl_core" / "data" / "variants"
DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))


class Game:
    """Rules and start position of one variant, read from its TOML file."""

    def __init__(self, slug: str) -> None:
        data = tomllib.loads((VARIANTS / f"{slug}.toml").read_text("utf-8"))
        self.rules = data["rules"]
        rows = [row.split() for row in data["setup"]["grid"].strip().splitlines()]
        self.n = len(rows)
        n = self.n
        # square (file, rank) with rank 0 at the bottom: the grid's last row is rank 1
        self.start = {
            (f, n - 1 - i): ch
            for i, row in enumerate(rows)
            for f, ch in enumerate(row)
            if ch != "."
        }
        c = n // 2
        self.throne = (c, c) if self.rules.get("throne") else None
        self.corners = (
            {(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)} if self.rules.get("corners") else set()
        )

    def rule(self, key: str, default: object) -> object:
        return self.rules.get(key, default)

    def side(self, ch: str) -> str:
        return "A" if ch in "ACRB" else "D"

    def jumps(self, board: dict, sq: tuple[int, int], ch: str) -> list[tuple]:
        """(from, to, 'jump') over one adjacent ordinary enemy man onto the empty square behind."""
        king = ch == "K"
        if not (
            (ch in "Cc" and self.rule("commander_jump", False))
            or (ch in "Rr" and self.rule("knight_jump", False))
            or (king and self.rule("king_jump", "none") != "none")
        ):
            return []
        special = self.corners | ({self.throne} if self.throne else set())
        out = []
        for dx, dy in DIRS:
            mid = (sq[0] + dx, sq[1] + dy)
            land = (sq[0] + 2 * dx, sq[1] + 2 * dy)
            over = board.get(mid)
            if over is None or self.side(over) == self.side(ch) or over in "KCcRr":
                continue
            if not self.on(land) or land in board:
                continue
            if not king and land in special:
                continue
            if king and land == self.throne and not self.rule("throne_reentry", True):
                continue
            restricted = king and self.rule("king_jump", "none") == "restricted"
            if restricted and sq not in special and land not in special:
                continue
            out.append((sq, land, "jump"))
        return out

    def on(self, sq: tuple[int, int]) -> bool:
        return 0 <= sq[0] < self.n and 0 <= sq[1] < self.n

    def moves(self, board: dict, turn: str) -> list[tuple]:
        """Every (from, to) or (from, to, 'jump') of the side to move."""
        out = []
        for sq, ch in board.items():
            if self.side(ch) != turn:
                continue
            out += self.piece_moves(board, sq)
        return out

    def piece_moves(self, board: dict, sq: tuple[int, int]) -> list[tuple]:
        """Every slide and jump of the piece on sq."""
        ch = board[sq]
        out = self.jumps(board, sq, ch)
        king = ch == "K"
        for dx, dy in DIRS:
            t = (sq[0] + dx, sq[1] + dy)
            while self.on(t) and t not in board:
                if t == self.throne:
                    if not king and self.rule("throne_pass", "all") != "all":
                        break
                    if king and self.rule("throne_reentry", True):
                        out.append((sq, t))
                elif t in self.corners:
                    if king:
                        out.append((sq, t))
                else:
                    out.append((sq, t))
                t = (t[0] + dx, t[1] + dy)
        return out

    def hostile(self, sq: tuple[int, int], victim_side: str, board: dict) -> bool:
        """Whether the empty or occupied special square sq acts as an enemy of victim_side."""
        if sq in self.corners:
            key = "corners_hostile_attackers" if victim_side == "A" else "corners_hostile_defenders"
            return bool(self.rule(key, False)) and sq not in board
        if sq == self.throne:
            key = "throne_hostile_attackers" if victim_side == "A" else "throne_hostile_defenders"
            mode = self.rule(key, "never")
            return mode == "always" or (mode == "empty" and sq not in board)
        return False

    def enemy_of(self, sq: tuple[int, int], victim_side: str, board: dict) -> bool:
        """A piece of the other side (the king only when armed) or a hostile square."""
        ch = board.get(sq)
        if ch is not None and self.side(ch) != victim_side:
            return ch != "K" or bool(self.rule("king_armed", True))
        return self.hostile(sq, victim_side, board)

    def king_needs_four(self, sq: tuple[int, int]) -> bool:
        mode = self.rule("king_capture", "two-sides")
        if mode == "four-sides":
            return True
        if mode == "strong-near-throne" and self.throne is not None:
            return abs(sq[0] - self.throne[0]) + abs(sq[1] - self.throne[1]) <= 1
        return False

    def play(self, board: dict, move: tuple) -> tuple[dict, str | None, int]:
        """The board after the move, the winner ('A', 'D') or None, and the number taken."""
        frm, to = move[0], move[1]
        board = dict(board)
        ch = board.pop(frm)
        board[to] = ch
        me = self.side(ch)
        captures = []
        if len(move) == 3 and ch in "Rr" and self.rule("knight_jump", False):
            captures.append(((frm[0] + to[0]) // 2, (frm[1] + to[1]) // 2))
        if not (ch == "K" and not self.rule("king_armed", True)):
            for dx, dy in DIRS:
                v = (to[0] + dx, to[1] + dy)
                far = (to[0] + 2 * dx, to[1] + 2 * dy)
                victim = board.get(v)
                if victim is None or self.side(victim) == me:
                    continue
                if victim == "K" and self.king_needs_four(v):
                    if all(
                        self.king_side_closed(v, d, board) for d in DIRS
                    ) or self.commanders_take_king(ch, v, far, board):
                        captures.append(v)
                    continue
                if self.on(far) and (
                    self.enemy_of(far, self.side(victim), board) or self.linnaean(me, far, board)
                ):
                    captures.append(v)
        winner = None
        for v in captures:
            if board[v] == "K":
                winner = "A"
            del board[v]
        taken = len(captures)
        if ch == "K":
            escape = self.rule("escape", "edge")
            if (escape == "corner" and to in self.corners) or (
                escape == "edge" and (to[0] in (0, self.n - 1) or to[1] in (0, self.n - 1))
            ):
                winner = "D"
        return board, winner, taken

    def linnaean(self, mover: str, far: tuple, board: dict) -> bool:
        """An attacker takes a defender against the throne if the king sits there and
        attackers hold the king's three other sides."""
        if mover != "A" or not self.rule("linnaean_capture", False):
            return False
        if far != self.throne or board.get(far) != "K":
            return False
        around = [board.get((far[0] + dx, far[1] + dy)) for dx, dy in DIRS]
        return sum(ch is not None and self.side(ch) == "A" for ch in around) == 3

    def commanders_take_king(self, mover: str, k: tuple, far: tuple, board: dict) -> bool:
        """An attacking commander beside the king, and beyond him another or a hostile corner.

        Never on the throne or next to it.
        """
        if mover != "C" or not self.rule("commander_king_capture", False):
            return False
        if self.throne is not None and abs(k[0] - self.throne[0]) + abs(k[1] - self.throne[1]) <= 1:
            return False
        if not self.on(far):
            return False
        if board.get(far) == "C":
            return True
        return far in self.corners and bool(self.rule("corners_hostile_defenders", False))

    def king_side_closed(self, k: tuple[int, int], d: tuple[int, int], board: dict) -> bool:
        """One side of a strong king: an attacker, a square hostile to him, or the throne."""
        sq = (k[0] + d[0], k[1] + d[1])
        if not self.on(sq):
            return bool(self.rule("king_edge_counts", False))
        if board.get(sq) == "A":
            return True
        if sq == self.throne and self.rule("king_capture", "") == "strong-near-throne":
            return True
        return self.hostile(sq, "D", board)

    def count(self, board: dict, turn: str, depth: int, chain: tuple | None = None) -> int:
        """Number of step sequences of length depth; a decided game has no continuation.

        With `chain` (the square of a piece that has just captured) only its capturing
        continuations are moves, and ending the turn is one more choice.
        """
        if depth == 0:
            return 1
        other = "D" if turn == "A" else "A"
        total = 0
        for move, after, winner in self.steps(board, turn, chain):
            if winner is not None:
                total += 1 if depth == 1 else 0
            elif self.rule("berserker", False) and after[1] and self.steps(after[0], turn, move[1]):
                total += self.count(after[0], turn, depth - 1, move[1])
            else:
                total += self.count(after[0], other, depth - 1)
        if chain is not None:
            total += self.count(board, other, depth - 1)
        return total

    def steps(self, board: dict, turn: str, chain: tuple | None) -> list[tuple]:
        """(move, (board after, number taken), winner) of every legal step."""
        moves = self.moves(board, turn) if chain is None else self.piece_moves(board, chain)
        out = []
        for move in moves:
            after, winner, taken = self.play(board, move)
            escape = (
                board[move[0]] == "K"
                and winner == "D"
                and bool(self.rule("berserker_king_escape", False))
            )
            if chain is None or taken or escape:
                out.append((move, (after, taken), winner))
        return out

    def perft(self, depth: int) -> int:
        first = "A" if self.rule("first", "attackers") == "attackers" else "D"
        return self.count(self.start, first, depth)
