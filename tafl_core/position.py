"""A position: pieces as int bitboards, the side to move and an open berserker chain."""

from __future__ import annotations

from .errors import ArgumentError, PositionError
from .geometry import FILES, SIZES, Geometry, geometry, size_refused
from .lines import split_lines
from .pieces import EMPTY, LETTER_TO_PIECE, PIECE_TO_LETTER, Kind, Piece, Side
from .text import MAX_GRID, check_length, is_number, short
from .typed import describe, need_enum, need_int, need_text

Key = tuple[int, int, int, int, int, int, bool]


class Position:
    """Pieces by side and kind as bitboards; `chain` is the square that may continue (-1: none)."""

    __slots__ = ("att", "chain", "cmd", "dfn", "geo", "king", "kni", "turn", "var")

    def __init__(self, size: int, turn: Side = Side.ATTACKERS) -> None:
        """An empty board; size a whole number (odd, 5 to 19), turn a Side or its value."""
        self.geo: Geometry = geometry(size)
        self.att = 0  # every piece on the attackers' side
        self.dfn = 0  # every piece on the defenders' side, the king included
        self.king = 0
        self.cmd = 0  # commanders of both sides
        self.var = 0  # variegated men of both sides
        self.kni = 0  # knights of both sides
        self.turn = need_enum(turn, Side, "die Seite am Zug")
        self.chain = -1

    @property
    def size(self) -> int:
        """Board width n."""
        return self.geo.n

    def copy(self) -> Position:
        """An independent copy."""
        p = Position.__new__(Position)
        p.geo, p.att, p.dfn, p.king = self.geo, self.att, self.dfn, self.king
        p.cmd, p.var, p.kni = self.cmd, self.var, self.kni
        p.turn, p.chain = self.turn, self.chain
        return p

    def key(self) -> Key:
        """What makes two positions the same for repetition (pieces and side to move)."""
        return (
            self.att,
            self.dfn,
            self.king,
            self.cmd,
            self.var,
            self.kni,
            self.turn is Side.ATTACKERS,
        )

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Position)
            and self.geo.n == other.geo.n
            and self.key() == other.key()
            and self.chain == other.chain
        )

    def __hash__(self) -> int:
        return hash((self.geo.n, self.key(), self.chain))

    def piece_at(self, s: int) -> Piece | None:
        """The piece on square s, or None (SquareError when s is no square of this board)."""
        b = self.geo.bits[self.geo.check(s)]
        if self.att & b:
            side = Side.ATTACKERS
        elif self.dfn & b:
            side = Side.DEFENDERS
        else:
            return None
        if self.king & b:
            return Piece(side, Kind.KING)
        if self.cmd & b:
            return Piece(side, Kind.COMMANDER)
        if self.var & b:
            return Piece(side, Kind.VARIEGATED)
        if self.kni & b:
            return Piece(side, Kind.KNIGHT)
        return Piece(side, Kind.MAN)

    def set_piece(self, s: int, piece: Piece | None) -> None:
        """Put a piece on square s (None empties it); a square off the board raises
        SquareError, anything but a Piece of the grid's letters (or None) ArgumentError."""
        b = self.geo.bits[self.geo.check(s)]
        if piece is not None and (
            not isinstance(piece, Piece) or piece not in LETTER_TO_PIECE.values()
        ):
            raise ArgumentError(
                "die Figur muss None sein oder ein Piece, das es im Raster gibt "
                f"(A V K C c B b R r), nicht {describe(piece)}"
            )
        self.remove(b)
        if piece is None:
            return
        if piece.side is Side.ATTACKERS:
            self.att |= b
        else:
            self.dfn |= b
        if piece.kind is Kind.KING:
            self.king |= b
        elif piece.kind is Kind.COMMANDER:
            self.cmd |= b
        elif piece.kind is Kind.VARIEGATED:
            self.var |= b
        elif piece.kind is Kind.KNIGHT:
            self.kni |= b

    def slide(self, frm_bit: int, to_bit: int) -> None:
        """Move whatever stands on frm_bit to the empty to_bit (side and kind kept)."""
        mask = frm_bit | to_bit
        if self.att & frm_bit:
            self.att ^= mask
        else:
            self.dfn ^= mask
        if self.king & frm_bit:
            self.king ^= mask
        elif self.cmd & frm_bit:
            self.cmd ^= mask
        elif self.var & frm_bit:
            self.var ^= mask
        elif self.kni & frm_bit:
            self.kni ^= mask

    def pieces(self) -> dict[int, Piece]:
        """Every occupied square with its piece, in square order."""
        out = {}
        for s in self.geo.squares(self.att | self.dfn):
            piece = self.piece_at(s)
            assert piece is not None
            out[s] = piece
        return out

    def remove(self, mask: int) -> None:
        """Take every piece on the squares of mask off the board."""
        keep = ~mask
        self.att &= keep
        self.dfn &= keep
        self.king &= keep
        self.cmd &= keep
        self.var &= keep
        self.kni &= keep

    def king_square(self) -> int:
        """Square of the king, -1 if there is none."""
        return self.king.bit_length() - 1 if self.king else -1

    def counts(self) -> dict[str, int]:
        """Number of pieces per grid letter."""
        out = dict.fromkeys(PIECE_TO_LETTER.values(), 0)
        for piece in self.pieces().values():
            out[piece.letter] += 1
        return out

    def to_ascii(self, coordinates: bool = True) -> str:
        """The grid: top rank first, '.' for empty squares, rank labels and file letters."""
        n = self.size
        width = len(str(n))
        lines = []
        for r in range(n - 1, -1, -1):
            cells = []
            for f in range(n):
                piece = self.piece_at(r * n + f)
                cells.append(EMPTY if piece is None else piece.letter)
            row = " ".join(cells)
            lines.append(f"{r + 1:>{width}} {row}" if coordinates else row)
        if coordinates:
            lines.append(" " * width + " " + " ".join(FILES[:n]))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_ascii()

    def __repr__(self) -> str:
        return f"<Position {self.size}x{self.size} {self.turn.value} to move>"


def parse_ascii(text: str, size: int | None = None, turn: Side = Side.ATTACKERS) -> Position:
    """Read a grid (coordinates optional, checked when present); errors name the line.

    Cells may be separated by spaces or tabs; a leading byte-order mark and lines
    starting with '#' (comments) are ignored. `size` is None or a whole number, `turn` a
    Side or its value; other types raise ArgumentError.
    """
    need_text(text, "die Stellung")
    if size is not None and need_int(size, "die Brettgröße") not in SIZES:
        raise PositionError(size_refused(size))
    turn = need_enum(turn, Side, "die Seite am Zug")
    check_length(text, MAX_GRID, "die Stellung", PositionError)
    raw_lines = split_lines(text.removeprefix("\ufeff"))
    numbered = [
        (i + 1, line.rstrip())
        for i, line in enumerate(raw_lines)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not numbered:
        raise PositionError("die Stellung ist leer")
    file_line = None
    last_no, last = numbered[-1]
    tokens = last.split()
    # 'a' is no piece letter, so a last line starting with it is the file-letter line
    if tokens and tokens[0].startswith("a"):
        file_line = (last_no, "".join(tokens))
        numbered = numbered[:-1]
    n = size if size is not None else len(numbered)
    if len(numbered) != n:
        raise PositionError(
            f"die Stellung hat {_rows(len(numbered))}, das {n}×{n}-Brett braucht {n}",
            numbered[-1][0] if numbered else None,
        )
    if n not in SIZES:
        raise PositionError(f"{_rows(n)}: das ist keine erlaubte Brettgröße (ungerade, 5 bis 19)")
    if file_line is not None and file_line[1] != FILES[:n]:
        raise PositionError(
            f"Linienbeschriftung '{' '.join(file_line[1])}' passt nicht zum {n}×{n}-Brett "
            f"(erwartet '{' '.join(FILES[:n])}')",
            file_line[0],
        )
    pos = Position(n, turn)
    for index, (line_no, line) in enumerate(numbered):
        rank = n - index
        body = line.strip()
        head = body.split(maxsplit=1)
        if head and is_number(head[0]):
            label = int(head[0])
            if label != rank:
                raise PositionError(
                    f"Reihenbeschriftung {label} steht, wo Reihe {rank} erwartet wird", line_no
                )
            body = head[1] if len(head) > 1 else ""
        cells = "".join(body.split())
        if len(cells) != n:
            raise PositionError(
                f"Reihe {rank} hat {len(cells)} Felder statt {n}: '{short(body)}'", line_no
            )
        for f, ch in enumerate(cells):
            if ch == EMPTY:
                continue
            piece = LETTER_TO_PIECE.get(ch)
            if piece is None:
                allowed = " ".join([EMPTY, *LETTER_TO_PIECE])
                raise PositionError(
                    f"unbekanntes Zeichen {_quote(ch)} auf {FILES[f]}{rank} (erlaubt: {allowed})",
                    line_no,
                )
            pos.set_piece((rank - 1) * n + f, piece)
    if bin(pos.king).count("1") > 1:
        raise PositionError("die Stellung hat mehr als einen König")
    return pos


def _quote(ch: str) -> str:
    """A character quoted for a message; invisible ones by their code point."""
    return f"'{ch}'" if ch.isprintable() else f"U+{ord(ch):04X}"


def _rows(n: int) -> str:
    """'1 Reihe', '3 Reihen'."""
    return f"{n} Reihe" if n == 1 else f"{n} Reihen"
