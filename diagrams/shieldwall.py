"""The squares of a shieldwall capture: the captured row on the edge and what closes it."""

from __future__ import annotations

from collections.abc import Iterable

from tafl_core.geometry import Geometry


def shieldwall_rows(geo: Geometry, captured: Iterable[int]) -> list[int]:
    """Runs of two or more captured squares along one edge, with the square at each end.

    One move can only take two neighbouring pieces on the same edge line through a
    shieldwall, so such a run is the captured row; the squares beyond its two ends hold
    the pieces (or the corner) that closed it.
    """
    n = geo.n
    taken = set(captured)
    lines = [[r * n + c for c in range(n)] for r in (0, n - 1)] + [
        [r * n + c for r in range(n)] for c in (0, n - 1)
    ]
    marked: set[int] = set()
    for line in lines:
        run: list[int] = []
        for i, s in enumerate([*line, -1]):
            if s in taken:
                run.append(i)
                continue
            if len(run) >= 2:
                lo, hi = run[0] - 1, run[-1] + 1
                marked.update(line[j] for j in range(max(lo, 0), min(hi, n - 1) + 1))
            run = []
    return sorted(marked)
