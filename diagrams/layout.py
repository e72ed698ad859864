"""Sizes, colours and square positions shared by every part of a diagram."""

from __future__ import annotations

from collections.abc import Iterable

from tafl_core import Kind, Piece

# -- layout (user units of the viewBox) ------------------------------------------

SQUARE = 40.0
LEFT = 30.0  # least margin with the rank numbers (grows with the numbers on big boards)
BOTTOM = 30.0  # least margin with the file letters
TOP = 12.0
RIGHT = 12.0
PIECE_R = 0.36 * SQUARE
KING_R = 0.42 * SQUARE
LABEL_SIZE = 0.4 * SQUARE  # least size of the coordinates
#: Coordinates as a share of the picture's width: 11 CSS px when a board is drawn 322 px
#: wide (90 % of the column of a 390 px phone), on every board size.
LABEL_SHARE = 0.0355

FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif"
FILES = "abcdefghijklmnopqrs"

# -- colours: the board brings its own frame, so it reads on light and dark pages --

FRAME = "#c9ad7f"
FRAME_EDGE = "#4a3520"
BOARD = "#f2e4c4"
GRID = "#8c7250"
LABEL = "#2e2012"
HATCH = "#7d6443"
DARK = "#262626"  # attackers, and marks on light pieces
DARK_EDGE = "#000000"
LIGHT = "#fcfbf5"  # defenders, and marks on dark pieces
ARROW = "#1c56b5"
MOVED = "#6f9be0"  # tint of the squares a move left and reached
HALO = "#ffffff"
CAPTURE = "#c3232b"
FORBIDDEN = "#c3232b"
HIGHLIGHT = "#f5c431"
HIGHLIGHT_EDGE = "#8a6500"
ENDING = "#6a1b9a"  # the squares that end the game
ENDING_AREA = "#b48ad6"


def f(x: float) -> str:
    """A number with at most two decimals and no trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def pts(points: Iterable[tuple[float, float]]) -> str:
    """SVG points list."""
    return " ".join(f"{f(x)},{f(y)}" for x, y in points)


def radius(piece: Piece) -> float:
    """Radius of a piece's disc."""
    return KING_R if piece.kind is Kind.KING else PIECE_R


class Layout:
    """Where squares lie in the picture, and how big marks are drawn on this board."""

    def __init__(self, n: int) -> None:
        self.n = n
        #: coordinates: a fixed share of the picture's width (big boards are drawn smaller),
        #: the left and bottom margins wide enough for them
        label, left = LABEL_SIZE, LEFT
        for _ in range(3):  # the width depends on the margin, the margin on the label
            label = round(max(LABEL_SIZE, LABEL_SHARE * (left + n * SQUARE + RIGHT)), 1)
            left = round(max(LEFT, 1.3 * label + 7), 1)
        self.label = label
        self.left = left
        self.bottom = max(BOTTOM, 1.45 * label)
        self.x0 = left
        self.y0 = TOP
        self.width = left + n * SQUARE + RIGHT
        self.height = TOP + n * SQUARE + self.bottom
        #: big boards are drawn smaller on a page: marks and lines grow with them
        self.k = max(1.0, n / 11)

    def corner(self, s: int) -> tuple[float, float]:
        """Top-left corner of square s (a1 is bottom-left)."""
        file, rank = s % self.n, s // self.n
        return self.x0 + file * SQUARE, self.y0 + (self.n - 1 - rank) * SQUARE

    def centre(self, s: int) -> tuple[float, float]:
        """Centre of square s."""
        x, y = self.corner(s)
        return x + SQUARE / 2, y + SQUARE / 2

    def name(self, s: int) -> str:
        """Square name such as 'e5'."""
        return f"{FILES[s % self.n]}{s // self.n + 1}"
