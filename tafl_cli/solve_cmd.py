"""`tafl solve`: every first turn that reaches a goal within N own turns, proven."""

from __future__ import annotations

import argparse
from typing import Any

from tafl_core import Board, variant
from tafl_core.errors import SquareError
from tafl_core.solver import MAX_DEPTH, Goal, GoalKind, Solution, solve
from tafl_core.text import short

from .errors import CliError
from .json_out import dumps
from .parsing import add_option, whole_number
from .positions import add_position_arguments, add_variant_argument, game_board

#: --goal words and their goal kinds.
GOAL_WORDS = {
    "gewinnen": GoalKind.WIN,
    "schlagen": GoalKind.CAPTURE,
    "verhindern": GoalKind.SAVE,
    "erreichen": GoalKind.REACH,
}

_GOAL_HELP = (
    "gewinnen (Vorgabe) | schlagen (eine beliebige Figur) | schlagen:FELD (die Figur auf "
    "FELD) | verhindern (den Gewinn des Gegners im nächsten Zug) | erreichen:FELD (eine "
    "eigene Figur steht auf FELD) | erreichen:FELD:König (der König steht auf FELD)"
)


def register(sub: Any) -> None:
    """Add the solve subcommand."""
    p = sub.add_parser(
        "solve",
        help="alle Züge finden, die ein Ziel in N Zügen erzwingen",
        description="Sucht vollständig alle ersten Züge der Seite am Zug, die das Ziel "
        "spätestens mit ihrem N-ten eigenen Zug erzwingen, gleich wie der Gegner antwortet, "
        "und die kleinste solche Zahl N. Ein Berserker-Lauf zählt als ein Zug.",
    )
    add_variant_argument(p)
    add_position_arguments(p)
    p.add_argument(
        "--depth",
        metavar="N",
        type=whole_number(1, MAX_DEPTH),
        default=1,
        help=f"höchstens so viele eigene Züge, 1 bis {MAX_DEPTH} (Vorgabe 1)",
    )
    add_option(p, "--goal", metavar="ZIEL", default="gewinnen", help=_GOAL_HELP)
    add_option(
        p,
        "--refutations",
        action="store_true",
        help="auch für jeden anderen Zug die Antwort des Gegners zeigen, die ihn widerlegt",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help='Ausgabe als JSON: {"moves": [...], "depth": N oder null, "tree": {...}, "nodes": …}',
    )
    p.set_defaults(handler=cmd_solve)


def parse_goal(text: str, board: Board) -> Goal:
    """The goal of `--goal` for the side to move; CliError names what is wrong."""
    parts = [p.strip() for p in text.split(":")]
    word = parts[0].lower()
    kind = GOAL_WORDS.get(word)
    if kind is None:
        raise CliError(
            f"--goal: unbekanntes Ziel '{short(parts[0])}' (möglich: gewinnen, schlagen, "
            "verhindern, erreichen)"
        )
    side = board.turn
    extra = parts[1:]
    king = False
    if kind is GoalKind.REACH and len(extra) == 2 and extra[1].lower() in ("könig", "koenig"):
        king = True
        extra = extra[:1]
    if kind in (GoalKind.WIN, GoalKind.SAVE) and extra:
        raise CliError(f"--goal: '{word}' hat kein Zielfeld")
    if len(extra) > 1 or (kind is GoalKind.REACH and not extra):
        form = (
            "erreichen:FELD oder erreichen:FELD:König"
            if kind is GoalKind.REACH
            else ("schlagen oder schlagen:FELD")
        )
        raise CliError(f"--goal: erwartet {form}, nicht '{short(text)}'")
    target = None
    if extra:
        try:
            square = board.square(extra[0])
        except SquareError as exc:
            raise CliError(f"--goal: {exc}") from None
        target = board.name(square)
        if kind is GoalKind.CAPTURE:
            piece = board.pos.piece_at(square)
            if piece is None or piece.side is side:
                raise CliError(
                    f"--goal: auf {target} steht keine Figur der {side.other.german}, "
                    "die geschlagen werden könnte"
                )
    return Goal(kind, side, target, king)


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve the goal and print the solving turns (German text or JSON)."""
    v = variant(args.variant)
    board = game_board(v, args.position, args.turn)
    goal = parse_goal(args.goal, board)
    if board.berserker_open:  # a grid or OTN file never opens a chain; kept for safety
        raise CliError("die Stellung steht mitten in einem Berserker-Lauf")
    solution = solve(board, goal, args.depth)
    if args.json:
        print(
            dumps(
                {
                    "moves": list(solution.moves),
                    "depth": solution.depth,
                    "tree": solution.tree,
                    "nodes": solution.nodes,
                }
            )
        )
        return 0
    for line in text_lines(board, goal, args.depth, solution, args.refutations):
        print(line)
    return 0


def _turns(n: int) -> str:
    return "1 Zug" if n == 1 else f"{n} Zügen"


def _task(goal: Goal, depth: int) -> str:
    """'gewinnen in höchstens 2 Zügen' and the like."""
    within = f"in höchstens {_turns(depth)}" if depth > 1 else "im nächsten Zug"
    if goal.kind is GoalKind.WIN:
        return f"gewinnen {within}"
    if goal.kind is GoalKind.CAPTURE:
        what = f"die Figur auf {goal.target}" if goal.target else "eine Figur"
        return f"{what} schlagen {within}"
    if goal.kind is GoalKind.REACH:
        who = "mit dem König " if goal.king else ""
        return f"{who}{goal.target} erreichen {within}"
    return "den Gewinn des Gegners im nächsten Zug verhindern"


def text_lines(
    board: Board, goal: Goal, depth: int, solution: Solution, refutations: bool
) -> list[str]:
    """The German report of a solution: task, result, solving lines, refutations."""
    tree = solution.tree
    texts: list[str] = tree["texts"]
    lines = [f"{goal.side.german} am Zug, Ziel: {_task(goal, depth)}"]
    if board.outcome is not None:
        lines.append(f"Die Partie ist bereits entschieden: {board.outcome.german()}")
        return lines
    if solution.depth is None:
        lines.append("Keine Lösung: kein Zug erzwingt das Ziel.")
    else:
        count = len(solution.moves)
        lines.append(
            f"Lösbar in {_turns(solution.depth)}; lösende erste Züge ({count}): "
            + "; ".join(solution.moves)
        )
        lines.append("")
        _lines(tree["solutions"], texts, "  ", lines)
    if refutations and tree["refutations"]:
        lines.append("")
        lines.append("Widerlegungen der anderen Züge:")
        for move, (reply, why) in tree["refutations"].items():
            answer = f" → {reply}" if reply else ""
            lines.append(f"  {move}{answer}: {texts[why]}")
    lines.append("")
    lines.append(f"Durchsuchte Stellungen: {solution.nodes}")
    return lines


def _lines(solutions: dict[str, Any], texts: list[str], indent: str, out: list[str]) -> None:
    """The solving lines of a tree level, indented."""
    for move, node in solutions.items():
        if "reply" not in node:
            out.append(f"{indent}{move}: {texts[node['done']]}")
            continue
        out.append(f"{indent}{move} → {node['reply']}")
        if "done" in node:
            out.append(f"{indent}    {texts[node['done']]}")
        else:
            _lines(node["solutions"], texts, indent + "    ", out)
