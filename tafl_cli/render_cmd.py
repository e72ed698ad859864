"""The `tafl render` subcommand: SVG or PNG of a start, a position or the position after moves."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tafl_core import Position, variant
from tafl_core.errors import SquareError, VariantDataError
from tafl_core.text import short
from tafl_core.turns import TurnRecord

from .errors import CliError
from .files import write_bytes
from .parsing import decimal
from .positions import add_game_arguments, game_board, play_moves

#: Bounds of --scale: at 8 an 11×11 diagram is about 4,000 pixels wide (a few MB of PNG).
MIN_SCALE = 0.1
MAX_SCALE = 8.0


def register(sub: Any) -> None:
    """Add the render subcommand."""
    p = sub.add_parser(
        "render",
        help="Diagramm (SVG oder PNG) einer Startaufstellung, Stellung oder Zugfolge zeichnen",
        description="Zeichnet die Startaufstellung einer Variante, eine gegebene Stellung oder "
        "die Stellung nach Zügen als SVG (Standard, auf die Standardausgabe) oder PNG. "
        "Der letzte Zug wird als Pfeil gezeichnet, geschlagene Figuren werden markiert.",
    )
    add_game_arguments(p)
    p.add_argument(
        "--out",
        metavar="DATEI",
        help="Ausgabedatei, .svg oder .png (ohne: SVG auf die Standardausgabe)",
    )
    p.add_argument(
        "--scale",
        metavar="FAKTOR",
        type=decimal(MIN_SCALE, MAX_SCALE),
        default=1.0,
        help="Maßstab für PNG, 0,1 bis 8 (Standard 1 = 1 Pixel je Einheit des SVG)",
    )
    p.add_argument(
        "--targets",
        metavar="FELD",
        help="Punkte auf die Zielfelder der Figur auf FELD (nach den Zügen)",
    )
    p.add_argument(
        "--highlight",
        metavar="FELD,FELD",
        help="Felder hervorheben, durch Komma getrennt, z. B. f6,e5",
    )
    p.add_argument("--title", metavar="TEXT", help="eigener Titel statt des erzeugten")
    p.set_defaults(handler=cmd_render)


def _squares(text: str, pos: Position) -> list[int]:
    """Square numbers of a comma-separated list such as 'f6,e5'."""
    out = []
    for part in text.split(","):
        if part.strip():
            out.append(pos.geo.parse(part))
    return out


def cmd_render(args: argparse.Namespace) -> int:
    """Render the requested diagram to a file or standard output."""
    # the drawings load in about 0.35 s: only `tafl render` pays for them
    from diagrams import position_svg, svg_to_png
    from diagrams.options import turn_options

    v = variant(args.variant)
    out_path = Path(args.out) if args.out else None
    kind = out_path.suffix.lower() if out_path else ".svg"
    if kind not in (".svg", ".png"):
        raise CliError(f"--out '{short(args.out)}': die Datei muss auf .svg oder .png enden")
    try:
        board = game_board(v, args.position, args.turn)
    except VariantDataError as exc:
        if args.position:
            raise
        raise VariantDataError(
            f"{exc} Eine eigene Stellung lässt sich mit --position DATEI zeichnen."
        ) from None
    played = play_moves(board, args.moves)
    turn: TurnRecord | None = played[-1][1] if played else None
    pos = board.position()
    try:
        highlights = _squares(args.highlight, pos) if args.highlight else []
    except SquareError as exc:
        raise SquareError(f"--highlight: {exc}") from None
    targets: list[int] = []
    if args.targets:
        try:
            square = pos.geo.parse(args.targets)
        except SquareError as exc:
            raise SquareError(f"--targets: {exc}") from None
        if pos.piece_at(square) is None:
            raise CliError(f"--targets: auf {pos.geo.name(square)} steht keine Figur")
        targets = board.targets(square)
        highlights.append(square)
        if not targets:
            print(
                f"tafl: Hinweis: die Figur auf {pos.geo.name(square)} hat jetzt keine Zielfelder "
                f"(am Zug: {pos.turn.german})",
                file=sys.stderr,
            )
    svg = position_svg(
        pos,
        v.rules,
        targets=targets,
        variant_name=v.name,
        title=args.title,
        **turn_options(turn, highlights=highlights),
    )
    if kind == ".png":
        try:
            data = svg_to_png(svg, args.scale)
        except RuntimeError as exc:
            raise CliError(str(exc)) from None
        assert out_path is not None
        write_bytes(out_path, data)
    elif out_path is not None:
        write_bytes(out_path, svg.encode("utf-8"))
    else:
        sys.stdout.write(svg)
    return 0
