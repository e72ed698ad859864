"""Engine subcommands: variants, show, play, perft."""

from __future__ import annotations

import argparse
import time
from typing import Any

from tafl_core import all_variants, variant
from tafl_core.perft import perft
from tafl_core.wording.rules import describe
from tafl_core.wording.turns import turn_line

from .json_out import dumps, game_json, turn_json, variant_json
from .parsing import whole_number
from .positions import (
    add_game_arguments,
    add_position_arguments,
    add_variant_argument,
    game_board,
    play_moves,
)

#: Deepest perft the command accepts (depth 5 of an 11×11 opening already takes minutes).
MAX_PERFT_DEPTH = 8

_JSON_HELP = "Ausgabe als JSON (Format: siehe Seite „tafl_core aus Python benutzen“)"


def register(sub: Any) -> None:
    """Add the engine subcommands."""
    p = sub.add_parser(
        "variants",
        help="alle Varianten auflisten",
        description="Listet jede Variante mit Kürzel und Namen auf.",
    )
    p.add_argument("--json", action="store_true", help=_JSON_HELP)
    p.set_defaults(handler=cmd_variants)

    p = sub.add_parser(
        "show",
        help="Regeln und Startaufstellung einer Variante zeigen",
        description="Zeigt die Regeln, die in einer Variante gelten, und ihre Startaufstellung.",
    )
    add_variant_argument(p)
    p.add_argument("--json", action="store_true", help=_JSON_HELP)
    p.set_defaults(handler=cmd_show)

    p = sub.add_parser(
        "play",
        help="Züge auf die Startaufstellung oder eine Stellung anwenden",
        description="Führt Züge aus und zeigt danach Stellung, Schläge und Ergebnis. Ein "
        "verbotener Zug bricht mit einer Erklärung ab.",
    )
    add_game_arguments(p)
    p.add_argument("--json", action="store_true", help=_JSON_HELP)
    p.set_defaults(handler=cmd_play)

    p = sub.add_parser(
        "perft",
        help="Blätter des Zugbaums bis zur Tiefe zählen",
        description="Zählt für jede Tiefe von 1 bis TIEFE, wie viele Zugfolgen es von der "
        "Stellung aus gibt (jeder Schritt eines Berserker-Laufs zählt als eigener Halbzug). "
        "Jede Tiefe wird ausgegeben, sobald sie fertig ist; Strg+C bricht ab.",
    )
    add_variant_argument(p)
    p.add_argument(
        "depth",
        metavar="TIEFE",
        type=whole_number(1, MAX_PERFT_DEPTH),
        help=f"größte Tiefe in Halbzügen, 1 bis {MAX_PERFT_DEPTH}",
    )
    add_position_arguments(p)
    p.set_defaults(handler=cmd_perft)


def cmd_variants(args: argparse.Namespace) -> int:
    """List the variants."""
    vs = all_variants()
    if args.json:
        print(dumps([variant_json(v) for v in vs.values()]))
        return 0
    for v in vs.values():
        setup = "Startaufstellung belegt" if v.has_setup else "keine belegte Startaufstellung"
        print(f"{v.slug:<20} {v.name}  ({setup})")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """Print a variant's rules and start."""
    v = variant(args.variant)
    if args.json:
        print(dumps(variant_json(v)))
        return 0
    print(v.name)
    print()
    rows = describe(v.rules, only_applying=True)  # no throne: no throne rows
    width = max(len(label) for _, label, _ in rows)
    for _, label, value in rows:
        print(f"  {label:<{width}}  {value}")
    print()
    if v.has_setup:
        print("Startaufstellung:")
        print(v.start().to_ascii())
        counts = {k: c for k, c in v.start().counts().items() if c}
        print("Figuren: " + ", ".join(f"{k}={c}" for k, c in counts.items()))
    else:
        print(f"Keine belegte Startaufstellung: {v.setup_missing}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Apply moves and report position, captures and outcome."""
    v = variant(args.variant)
    board = game_board(v, args.position, args.turn)
    played = play_moves(board, args.moves)
    if args.json:
        print(dumps(game_json(v, board, [turn_json(board, side, rec) for side, rec in played])))
        return 0
    for i, (side, record) in enumerate(played, 1):
        print(turn_line(i, side, record, board.pos.geo))
    print(board.pos.to_ascii())
    if board.outcome is None:
        print(f"Am Zug: {board.turn.german}")
    else:
        print(f"Ergebnis: {board.outcome.german()}")
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    """Count perft leaves depth by depth, printing each as soon as it is done."""
    v = variant(args.variant)
    board = game_board(v, args.position, args.turn)
    if board.outcome is not None:
        print(f"Die Partie ist bereits entschieden: {board.outcome.german()}")
    for depth in range(1, args.depth + 1):
        t0 = time.perf_counter()
        n = perft(board, depth)
        secs = time.perf_counter() - t0
        line = f"perft({depth}) = {n:_}".replace("_", ".") + f"  ({secs:.2f} s)"
        print(line, flush=True)
    return 0
