"""`tafl suggest`: the turn a playing level (1 to 5) would choose, with its line and score."""

from __future__ import annotations

import argparse
from typing import Any

from tafl_core import variant
from tafl_core.search import MAX_LEVEL, MIN_LEVEL, Suggestion, suggest
from tafl_core.search.evaluate import WIN, WIN_BOUND

from .errors import CliError
from .json_out import dumps
from .parsing import add_option, decimal, whole_number
from .positions import add_position_arguments, add_variant_argument, game_board


def register(sub: Any) -> None:
    """Add the suggest subcommand."""
    p = sub.add_parser(
        "suggest",
        help="einen Zug vorschlagen (Computergegner, Stufe 1 bis 5)",
        description="Schlägt den Zug vor, den der Computergegner der gewählten Stufe für die "
        "Seite am Zug spielen würde, mit der erwarteten Folge und der Bewertung. Ab Stufe 2 "
        "wird ein Gewinn im nächsten Zug nie übersehen und dem Gegner keiner gelassen, wenn "
        "ein Zug ihn verhindert. Gleiche Stellung, Stufe und --seed ergeben denselben Zug, "
        "solange die Bedenkzeit nicht vorher abläuft.",
    )
    add_variant_argument(p)
    add_position_arguments(p)
    p.add_argument(
        "--level",
        metavar="N",
        type=whole_number(MIN_LEVEL, MAX_LEVEL),
        default=3,
        help=f"Spielstärke {MIN_LEVEL} (schwach, oft leichtsinnig) bis {MAX_LEVEL} (stark); "
        "Vorgabe 3",
    )
    p.add_argument(
        "--seed",
        metavar="S",
        type=whole_number(0, 999_999),
        default=0,
        help="Startwert für Zufall und Gleichstand (Vorgabe 0)",
    )
    add_option(
        p,
        "--time",
        metavar="SEKUNDEN",
        type=decimal(0.05, 600),
        help="höchste Bedenkzeit in Sekunden (Vorgabe: die der Stufe)",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help='Ausgabe als JSON: {"move", "line", "score", "depth", "nodes", …}',
    )
    p.set_defaults(handler=cmd_suggest)


def cmd_suggest(args: argparse.Namespace) -> int:
    """Search and print the suggested turn (German text or JSON)."""
    v = variant(args.variant)
    board = game_board(v, args.position, args.turn)
    if board.outcome is not None:
        raise CliError(f"die Partie ist bereits entschieden: {board.outcome.german()}")
    if board.berserker_open:  # a grid or OTN file never opens a chain; kept for safety
        raise CliError("die Stellung steht mitten in einem Berserker-Lauf")
    side = board.turn
    result = suggest(board, args.level, seed=args.seed, seconds=args.time)
    if args.json:
        print(dumps(result.to_json()))
        return 0
    for line in text_lines(side.german, result):
        print(line)
    return 0


def score_words(score: int) -> str:
    """The score in words: 'Gewinn in 2 Zügen', or hundredths as '+1,25'."""
    if abs(score) >= WIN_BOUND:
        turns = (WIN - abs(score) + 1) // 2
        word = "Gewinn" if score > 0 else "Verlust"
        return f"{word} in {turns} {'Zug' if turns == 1 else 'Zügen'}"
    return f"{score / 100:+.2f}".replace(".", ",")


def text_lines(side: str, result: Suggestion) -> list[str]:
    """The German report of a suggestion."""
    how = {
        "win": "gewinnt sofort",
        "only": "der einzige Zug, der keinen sofortigen Gewinn des Gegners zulässt",
        "careless": "zufällig gewählt (Stufe 1 spielt manchmal unbedacht)",
        "search": f"Suchtiefe {result.depth}",
    }[result.how]
    seconds = f"{result.seconds:.2f}".replace(".", ",")
    return [
        f"{side} am Zug, Stufe {result.level}",
        f"Vorschlag: {result.move} ({how})",
        f"Erwartete Folge: {' '.join(result.line)}",
        f"Bewertung für die {side}: {score_words(result.score)}",
        f"Durchsuchte Stellungen: {result.nodes} in {seconds} s",
    ]
