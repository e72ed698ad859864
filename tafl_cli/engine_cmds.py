"""Engine subcommands: variants, show, play, perft."""

from __future__ import annotations

import argparse
import json
import time

from tafl_core import Board, all_variants, variant
from tafl_core.perft import perft
from tafl_core.rules import describe
from tafl_core.turns import play_turn

from .positions import add_game_arguments, parse_side, start_or_given


def register(sub: argparse._SubParsersAction) -> None:
    """Add the engine subcommands."""
    p = sub.add_parser("variants", help="alle Varianten auflisten")
    p.add_argument("--json", action="store_true", help="maschinenlesbare Ausgabe")
    p.set_defaults(handler=cmd_variants)

    p = sub.add_parser("show", help="Regeln und Startaufstellung einer Variante zeigen")
    p.add_argument("variant", help="Kürzel der Variante, z. B. copenhagen-11")
    p.add_argument("--json", action="store_true", help="maschinenlesbare Ausgabe")
    p.set_defaults(handler=cmd_show)

    p = sub.add_parser("play", help="Züge auf die Startaufstellung oder eine Stellung anwenden")
    add_game_arguments(p)
    p.add_argument("--json", action="store_true", help="maschinenlesbare Ausgabe")
    p.set_defaults(handler=cmd_play)

    p = sub.add_parser("perft", help="Blätter des Zugbaums bis zur Tiefe zählen")
    p.add_argument("variant")
    p.add_argument("depth", type=int)
    p.set_defaults(handler=cmd_perft)


def cmd_variants(args: argparse.Namespace) -> int:
    """List the variants."""
    vs = all_variants()
    if args.json:
        print(json.dumps([_variant_json(v) for v in vs.values()], ensure_ascii=False, indent=2))
        return 0
    for v in vs.values():
        setup = "Startaufstellung belegt" if v.has_setup else "keine belegte Startaufstellung"
        print(f"{v.slug:<20} {v.name}  ({setup})")
    return 0


def _variant_json(v) -> dict:  # type: ignore[no-untyped-def]
    return {
        "slug": v.slug,
        "name": v.name,
        "size": v.rules.size,
        "rules": {name: value for name, _, value in describe(v.rules)},
        "setup": v.start().to_ascii(coordinates=False).splitlines() if v.has_setup else None,
        "setup_missing": v.setup_missing or None,
    }


def cmd_show(args: argparse.Namespace) -> int:
    """Print a variant's rules and start."""
    v = variant(args.variant)
    if args.json:
        print(json.dumps(_variant_json(v), ensure_ascii=False, indent=2))
        return 0
    print(v.name)
    print()
    width = max(len(label) for _, label, _ in describe(v.rules))
    for _, label, value in describe(v.rules):
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
    turn = parse_side(args.turn) if args.turn else None
    board = Board(v, start_or_given(args.position, v, turn))
    turns = []
    for turn_text in args.moves:
        side = board.turn.german
        played = play_turn(board, [s for s in turn_text.split(",") if s.strip()])
        turns.append(
            {
                "side": side,
                "steps": [board.move_text(m) for m in played.moves],
                "captured": [board.name(s) for s in played.captured],
                "flipped": [board.name(s) for s in played.flipped],
            }
        )
    outcome = board.outcome
    if args.json:
        print(
            json.dumps(
                {
                    "variant": v.slug,
                    "turns": turns,
                    "position": board.pos.to_ascii(coordinates=False).splitlines(),
                    "to_move": board.turn.value,
                    "outcome": None
                    if outcome is None
                    else {
                        "winner": outcome.winner.value if outcome.winner else None,
                        "reason": outcome.reason.value,
                    },
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return 0
    for i, t in enumerate(turns, 1):
        caps = ", ".join(t["captured"]) or "nichts"
        line = f"{i}. {t['side']}: {', '.join(t['steps'])}  geschlagen: {caps}"
        if t["flipped"]:
            line += f"  umgedreht: {', '.join(t['flipped'])}"
        print(line)
    print(board.pos.to_ascii())
    if outcome is None:
        print(f"Am Zug: {board.turn.german}")
    else:
        print(f"Ergebnis: {outcome.german()}")
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    """Count perft leaves with timing."""
    v = variant(args.variant)
    board = Board(v)
    for depth in range(1, args.depth + 1):
        t0 = time.perf_counter()
        n = perft(board, depth)
        secs = time.perf_counter() - t0
        print(f"perft({depth}) = {n:,}".replace(",", ".") + f"  ({secs:.2f} s)")
    return 0
