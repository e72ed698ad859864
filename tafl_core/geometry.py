"""Board geometry: square numbering, names, rays and neighbour tables as int bitboards."""

from __future__ import annotations

from functools import cache

from .errors import SquareError
from .text import MAX_SQUARE, is_number, short
from .typed import need_int, need_text

FILES = "abcdefghijklmnopqrs"

# Directions as (file step, rank step): north, east, south, west.
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))


#: The board sizes the engine plays: odd, 5 to 19.
SIZES = range(5, 20, 2)


def size_refused(n: int) -> str:
    """Why `n` is no board size, e.g. 'Brettgröße -1 wird nicht unterstützt (…)'."""
    return f"Brettgröße {n} wird nicht unterstützt (ungerade, 5 bis 19)"


class Geometry:
    """Precomputed tables for an n x n board; square = rank * n + file, a1 = 0."""

    def __init__(self, n: int) -> None:
        need_int(n, "die Brettgröße")
        if n not in SIZES:
            raise SquareError(size_refused(n))
        self.n = n
        self.count = n * n
        self.bits: tuple[int, ...] = tuple(1 << s for s in range(self.count))
        self.full = (1 << self.count) - 1
        self.centre = (n // 2) * n + n // 2
        self.corners = (0, n - 1, n * (n - 1), n * n - 1)
        self.corner_mask = sum(self.bits[s] for s in self.corners)
        self.edge_mask = sum(self.bits[s] for s in range(self.count) if self.is_edge(s))
        rays: list[tuple[int, int, int, int]] = []
        steps: list[tuple[tuple[int, int], ...]] = []
        for s in range(self.count):
            f, r = s % n, s // n
            per_dir = []
            nb = []
            for df, dr in DIRECTIONS:
                mask = 0
                ff, rr = f + df, r + dr
                while 0 <= ff < n and 0 <= rr < n:
                    mask |= 1 << (rr * n + ff)
                    ff += df
                    rr += dr
                per_dir.append(mask)
                n1 = (r + dr) * n + (f + df) if 0 <= f + df < n and 0 <= r + dr < n else -1
                n2 = (
                    (r + 2 * dr) * n + (f + 2 * df)
                    if 0 <= f + 2 * df < n and 0 <= r + 2 * dr < n
                    else -1
                )
                nb.append((n1, n2))
            rays.append(tuple(per_dir))  # type: ignore[arg-type]
            steps.append(tuple(nb))
        #: rays[s] = (north, east, south, west) masks, excluding s itself.
        self.rays: tuple[tuple[int, int, int, int], ...] = tuple(rays)
        #: steps[s][d] = (neighbour, square beyond it) in direction d, -1 when off the board.
        self.steps: tuple[tuple[tuple[int, int], ...], ...] = tuple(steps)

    def is_edge(self, s: int) -> bool:
        """Whether square s lies on the board's edge."""
        f, r = s % self.n, s // self.n
        return f in (0, self.n - 1) or r in (0, self.n - 1)

    def check(self, s: int) -> int:
        """s itself when it is a square of this board; SquareError otherwise (no wrap-around)."""
        if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < self.count:
            raise SquareError(
                f"Feldnummer {short(repr(s))} liegt nicht auf dem {self.n}×{self.n}-Brett "
                f"(0 bis {self.count - 1})"
            )
        return s

    def name(self, s: int) -> str:
        """Name of square s, e.g. 'f6'; SquareError when s is not on the board."""
        self.check(s)
        return f"{FILES[s % self.n]}{s // self.n + 1}"

    def parse(self, text: str) -> int:
        """Square number of a name like 'f6'; raises SquareError with the reason."""
        t = need_text(text, "der Feldname").strip().lower()
        if len(t) > MAX_SQUARE or len(t) < 2 or t[0] not in FILES or not is_number(t[1:]):
            raise SquareError(f"'{short(text)}' ist kein Feldname (erwartet z. B. 'f6')")
        f = FILES.index(t[0])
        r = int(t[1:]) - 1
        if f >= self.n or not 0 <= r < self.n:
            last = f"{FILES[self.n - 1]}{self.n}"
            raise SquareError(
                f"Feld '{short(text.strip())}' liegt nicht auf dem "
                f"{self.n}×{self.n}-Brett (a1–{last})"
            )
        return r * self.n + f

    def squares(self, mask: int) -> list[int]:
        """The squares of a bitboard in ascending order."""
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out


def geometry(n: int) -> Geometry:
    """The shared Geometry of an n x n board (n checked before the cache: 11.0 is no size)."""
    return _geometry(need_int(n, "die Brettgröße"))


@cache
def _geometry(n: int) -> Geometry:
    """The cached Geometry of an n x n board."""
    return Geometry(n)
