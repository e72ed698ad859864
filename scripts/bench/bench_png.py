"""Benchmark of the diagram PNGs: cairosvg with cairo's own PNG writer against
diagrams.svg_to_png (cairosvg draws, each board once and each diagram over a copy of it;
diagrams/png.py packs the file), on the same SVGs.

The SVGs are the diagrams a site build draws: every variant's start, and seeded random
positions after a move of each variant (with the move marked), at the scales the site uses
(2 for the setup images, 1.5 for the examples). Prints CPU ms per PNG (best of three runs
over all of them), the mean file size, and the largest difference of a colour value
between the two PNGs (0 or 1: Pillow and cairo round the edge pixels' colours a little
differently). Not a test: figures depend on the machine. On the 2-core machine at scale
1.5: cairo 30.6 ms, svg_to_png 17.6 ms (23.0 ms before the boards were drawn once).

    .venv/bin/python scripts/bench/bench_png.py [--positions 8] [--runs 3]
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from diagrams import position_svg, svg_to_png  # noqa: E402
from tafl_core import Board, all_variants  # noqa: E402


def sample_svgs(positions: int, seed: int = 0) -> list[str]:
    """Start diagrams and diagrams after a random move, every variant with a start."""
    out = []
    for slug, v in sorted(all_variants().items()):
        if not v.has_setup:
            continue
        out.append(position_svg(v.start(), v.rules))
        rng = random.Random(f"{seed}-{slug}")
        for _ in range(positions):
            board = Board(v)
            for _ply in range(rng.randrange(4, 30)):
                moves = board.legal_moves()
                if not moves or board.outcome is not None:
                    break
                board.push(rng.choice(moves))
            moves = board.legal_moves()
            if moves and board.outcome is None:
                move = rng.choice(moves)
                board.push(move)
                out.append(position_svg(board.position(), v.rules, moves=[move]))
    return out


def cpu_ms(draw: Callable[[str, float], bytes], svgs: list[str], scale: float, runs: int) -> float:
    """Best CPU time of `runs` passes, in ms per PNG."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        for svg in svgs:
            draw(svg, scale)
        best = min(best, time.process_time() - start)
    return 1000 * best / len(svgs)


def cairo_writer(svg: str, scale: float) -> bytes:
    """The PNG as cairosvg writes it (cairo's writer, through libpng)."""
    import cairosvg

    data = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    assert isinstance(data, bytes)
    return data


def largest_difference(svgs: list[str], scale: float) -> int:
    """The largest difference of one colour value between the two PNGs of any SVG."""
    from PIL import Image, ImageChops

    worst = 0
    for svg in svgs:
        ours = Image.open(io.BytesIO(svg_to_png(svg, scale)))
        theirs = Image.open(io.BytesIO(cairo_writer(svg, scale)))
        assert ours.size == theirs.size and ours.mode == theirs.mode == "RGBA"
        for band in ImageChops.difference(ours, theirs).split():
            worst = max(worst, *(value for value, n in enumerate(band.histogram()) if n))
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=8, help="random positions a variant")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    svgs = sample_svgs(args.positions)
    print(f"{len(svgs)} Diagramme")
    for scale in (2.0, 1.5):
        before = cpu_ms(cairo_writer, svgs, scale, args.runs)
        after = cpu_ms(svg_to_png, svgs, scale, args.runs)
        size_before = sum(len(cairo_writer(s, scale)) for s in svgs) / len(svgs)
        size_after = sum(len(svg_to_png(s, scale)) for s in svgs) / len(svgs)
        print(
            f"Maßstab {scale}: cairo {before:.1f} ms, {size_before / 1000:.1f} kB · "
            f"svg_to_png {after:.1f} ms, {size_after / 1000:.1f} kB · "
            f"größte Farbabweichung {largest_difference(svgs, scale)}"
        )


if __name__ == "__main__":
    main()
