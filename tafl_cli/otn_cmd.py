"""The `tafl otn` subcommand: OpenTafl notation for rules, positions and moves."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from tafl_core import Side, TaflError, Variant, parse_ascii, variant
from tafl_core.otn import (
    MoveKind,
    OtnError,
    parse_move_record,
    parse_position,
    position_record,
    read_rules,
    record_to_move,
    rules_string,
    unexpressible,
)
from tafl_core.otn.game import open_game, write_game, write_move_list
from tafl_core.text import short
from tafl_core.wording.rules import describe

from .errors import CliError
from .files import read_text
from .parsing import GermanRawHelpFormatter, add_option
from .positions import add_variant_argument, game_board, parse_side

USAGE = """\
Beispiele:
  tafl otn copenhagen-11                 Regelstring und was OTN nicht ausdrücken kann
  tafl otn copenhagen-11 --start         nur der Stellungsdatensatz der Startaufstellung
  tafl otn --position stellung.txt       ASCII-Raster <-> OTN-Stellungsdatensatz
  tafl otn --rules 'dim:7 ks:w ...'      einen OTN-Regelstring lesen (auch Datei oder '-')
  tafl otn copenhagen-11 --move d1-d3    einen Zugdatensatz lesen und auf der Startaufstellung
                                         (oder --position) prüfen
  tafl otn --game partie.otg             eine OpenTafl-Partie (.otg) prüfen und ausgeben
  tafl otn copenhagen-11 --game data/games/copenhagen_games.csv --number 7
                                         Partie 7 einer Zugliste als OpenTafl-Partie
  tafl otn --game partie.otg --list     eine Partie als einfache Zugliste ausgeben
"""


def register(sub: Any) -> None:
    """Add `tafl otn`."""
    p = sub.add_parser(
        "otn",
        help="OpenTafl-Notation: Regelstring, Stellungen und Züge umwandeln",
        description="OpenTafl-Notation (OTN) schreiben und lesen. Stellungsdatensätze "
        "beginnen mit Reihe 1 (unten).",
        epilog=USAGE,
        formatter_class=GermanRawHelpFormatter,
    )
    add_variant_argument(p, optional=True)
    p.add_argument("--start", action="store_true", help="nur die Startaufstellung als OTN")
    p.add_argument(
        "--position",
        metavar="DATEI",
        help="Stellung umwandeln: OTN-Datensatz -> Raster, Raster -> OTN ('-' = Standardeingabe)",
    )
    p.add_argument(
        "--turn",
        metavar="SEITE",
        help="Seite am Zug für --position/--move: Angreifer oder Verteidiger",
    )
    p.add_argument(
        "--rules",
        metavar="TEXT|DATEI",
        help="einen OTN-Regelstring lesen (Text, der mit 'dim:' beginnt, eine Datei oder '-')",
    )
    p.add_argument("--strict", action="store_true", help="mit --rules: keine Näherungen zulassen")
    p.add_argument("--move", metavar="ZUG", help="einen OTN-Zugdatensatz lesen")
    p.add_argument(
        "--game",
        metavar="DATEI",
        help="eine Partie lesen (OpenTafl-.otg oder Zugliste, '-' = Standardeingabe), jeden "
        "Zug mit der Engine prüfen und als .otg ausgeben",
    )
    add_option(
        p,
        "--number",
        metavar="N",
        type=int,
        help="mit --game: die Partie in Zeile N einer Datei mit einer Partie je Zeile",
    )
    add_option(p, "--list", action="store_true", help="mit --game: als einfache Zugliste ausgeben")
    p.set_defaults(handler=cmd_otn)


def _check_options(args: argparse.Namespace) -> None:
    """Refuse option combinations that would be silently ignored."""
    if args.game is None:
        if args.number is not None or args.list:
            raise CliError("--number und --list gelten nur zusammen mit --game")
    else:
        extra = [
            name
            for name, on in (
                ("--start", args.start),
                ("--position", args.position is not None),
                ("--turn", args.turn is not None),
                ("--rules", args.rules is not None),
                ("--move", args.move is not None),
                ("--strict", args.strict),
            )
            if on
        ]
        if extra:
            raise CliError(f"--game steht für sich allein, nicht zusammen mit {', '.join(extra)}")
    given = {
        "VARIANTE": args.variant is not None,
        "--start": args.start,
        "--position": args.position is not None,
        "--turn": args.turn is not None,
        "--move": args.move is not None,
    }
    if args.rules is not None:
        extra = [name for name, on in given.items() if on]
        if extra:
            raise CliError(f"--rules steht für sich allein, nicht zusammen mit {', '.join(extra)}")
    elif args.strict:
        raise CliError("--strict gilt nur zusammen mit --rules")
    if args.move is not None and not args.move.strip():
        raise CliError("--move braucht einen Zugdatensatz, z. B. --move d1-d3")
    if args.start and (args.position is not None or args.move is not None):
        raise CliError(
            "--start zeigt die Startaufstellung; nicht zusammen mit --position oder --move"
        )
    if args.turn is not None and args.position is None and args.move is None:
        raise CliError("--turn gilt nur zusammen mit --position oder --move")


def _rules_text(source: str) -> str:
    """The rules string itself, or the content of a file ('-' = standard input)."""
    if source == "-" or _is_file(source):
        return read_text(source)
    if ":" in source:
        return source
    raise CliError(
        f"--rules '{short(source)}' ist weder eine Datei noch ein OTN-Regelstring "
        "(der beginnt mit 'dim:', z. B. 'dim:11 esc:c')"
    )


def cmd_otn(args: argparse.Namespace) -> int:
    """Dispatch the otn modes."""
    _check_options(args)
    if args.game is not None:
        return _show_game(args)
    if args.rules is not None:
        return _import_rules(args)
    if args.move is not None:
        if not args.variant:
            raise CliError("tafl otn --move braucht eine Variante (für die Brettgröße)")
        return _show_move(args, variant(args.variant))
    if args.position:
        return _convert_position(args)
    if not args.variant:
        raise CliError("tafl otn braucht eine Variante, --position, --rules oder --move")
    v = variant(args.variant)
    if args.start:
        print(position_record(v.start()))
        return 0
    print(rules_string(v))
    if not v.has_setup:
        print(f"(ohne 'start:': für {v.name} ist keine Startaufstellung belegt)")
    missing = unexpressible(v.rules)
    if missing:
        print()
        print("In OTN nicht (oder nur ungenau) ausdrückbar:")
        for sentence in missing:
            print(f"- {sentence}")
    return 0


#: An OTN position record given where a file name belongs: '/5/2t2/…/'.
_RECORD = re.compile(r"(/[0-9A-Za-z]+)+/")


def _convert_position(args: argparse.Namespace) -> int:
    """OTN record -> grid, grid -> OTN record."""
    if _RECORD.fullmatch(args.position) and not Path(args.position).exists():
        raise CliError(
            "--position erwartet eine Datei, keinen OTN-Datensatz "
            "(den Datensatz in eine Datei schreiben oder mit '-' über die Standardeingabe geben)"
        )
    text = read_text(args.position)
    v = variant(args.variant) if args.variant else None
    turn = (
        parse_side(args.turn) if args.turn is not None else v.rules.first if v else Side.ATTACKERS
    )
    size = v.rules.size if v else None
    if text.strip().startswith("/"):
        pos = parse_position(text, turn)
        if size is not None and pos.size != size:
            raise OtnError(
                f"die OTN-Stellung ist {pos.size}×{pos.size}, die Variante verlangt {size}×{size}"
            )
        print(pos.to_ascii())
    else:
        pos = parse_ascii(text, size)
        print(position_record(pos))
    return 0


def _import_rules(args: argparse.Namespace) -> int:
    """Read a rules string and show the engine's rule set, start and approximations."""
    result = read_rules(_rules_text(args.rules), strict=args.strict)
    if result.name:
        print(result.name)
        print()
    rows = describe(result.rules, only_applying=True)
    width = max(len(label) for _, label, _ in rows)
    for _, label, value in rows:
        print(f"  {label:<{width}}  {value}")
    print()
    if result.position is not None:
        print("Startaufstellung:")
        print(result.position.to_ascii())
    else:
        print("Keine Startaufstellung im Regelstring.")
    if result.notes:
        print()
        print("Näherungen der Engine:")
        for note in result.notes:
            print(f"- {note}")
    return 0


def _show_game(args: argparse.Namespace) -> int:
    """Read a game record or move list (every move checked) and print it in the other form."""
    if args.variant is not None:
        variant(args.variant)  # an unknown variant is named before the file is read
    record = open_game(read_text(args.game), args.variant, args.number)
    if args.list:
        print(write_move_list(record))
    else:
        print(write_game(record), end="")
    return 0


def _show_move(args: argparse.Namespace, v: Variant) -> int:
    """Parse a move record; check it on the start (or --position) when possible."""
    rec = parse_move_record(args.move, v.rules.size)
    if rec.kind is MoveKind.RESIGN:
        print("Aufgabe")
        return 0
    board = None
    if args.position or v.has_setup:
        board = game_board(v, args.position, args.turn)
    where = "auf der gegebenen Stellung" if args.position else "auf der Startaufstellung"
    geo = v.empty().geo
    caps = ", ".join((c.letter + geo.name(c.square)) for c in rec.captures) or "keine"
    print(f"Figur: {rec.letter or 't (gewöhnlicher Stein)'}")
    print(f"Zug: {geo.name(rec.frm)} -> {geo.name(rec.to)} ({_KIND_TEXT[rec.kind]})")
    print(f"Geschlagen laut Datensatz: {caps}")
    if rec.mark:
        print(f"Info: {rec.mark} ({_MARK_TEXT[rec.mark]})")
    if board is None:
        return 0
    try:
        record_to_move(board, rec)
    except TaflError as exc:
        print(f"Passt nicht {where}: {exc}")
        return 1
    print(f"Passt {where}: legal, Figur und Schlagliste stimmen mit der Engine überein.")
    return 0


_KIND_TEXT = {
    MoveKind.SLIDE: "Zug",
    MoveKind.JUMP: "Sprung",
    MoveKind.BERSERK: "Berserker-Zug",
    MoveKind.BERSERK_JUMP: "Berserker-Sprung",
}
_MARK_TEXT = {
    "+": "König kann geschlagen werden",
    "-": "König hat einen Fluchtweg",
    "++": "König gefangen, Partie zu Ende",
    "--": "König entkommen, Partie zu Ende",
}


def _is_file(name: str) -> bool:
    """Whether name is an existing file (False for names the system cannot even look up)."""
    try:
        return Path(name).is_file()
    except (OSError, ValueError):
        return False
