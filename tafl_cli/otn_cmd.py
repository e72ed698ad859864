"""The `tafl otn` subcommand: OpenTafl notation for rules, positions and moves."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tafl_core import Board, Side, TaflError, parse_ascii, variant
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
from tafl_core.rules import describe

from .positions import load_position, parse_side, start_or_given

USAGE = """\
Beispiele:
  tafl otn copenhagen-11                 Regelstring und was OTN nicht ausdrücken kann
  tafl otn copenhagen-11 --start         nur der Stellungsdatensatz der Startaufstellung
  tafl otn --position stellung.txt       ASCII-Raster <-> OTN-Stellungsdatensatz
  tafl otn --rules 'dim:7 ks:n ...'      einen OTN-Regelstring lesen (auch Datei oder '-')
  tafl otn copenhagen-11 --move d1-d3    einen Zugdatensatz lesen und auf der Startaufstellung
                                         (oder --position) prüfen
"""


def register(sub: argparse._SubParsersAction) -> None:
    """Add `tafl otn`."""
    p = sub.add_parser(
        "otn",
        help="OpenTafl-Notation: Regelstring, Stellungen und Züge umwandeln",
        description="OpenTafl-Notation (OTN) schreiben und lesen. Stellungsdatensätze "
        "beginnen mit Reihe 1 (unten).",
        epilog=USAGE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("variant", nargs="?", help="Kürzel der Variante, z. B. copenhagen-11")
    p.add_argument("--start", action="store_true", help="nur die Startaufstellung als OTN")
    p.add_argument(
        "--position",
        metavar="DATEI",
        help="Stellung umwandeln: OTN-Datensatz -> Raster, Raster -> OTN ('-' = Standardeingabe)",
    )
    p.add_argument("--turn", help="Seite am Zug für --position/--move (Angreifer/Verteidiger)")
    p.add_argument(
        "--rules",
        metavar="TEXT|DATEI",
        help="einen OTN-Regelstring lesen (Text, der mit 'dim:' beginnt, eine Datei oder '-')",
    )
    p.add_argument("--strict", action="store_true", help="mit --rules: keine Näherungen zulassen")
    p.add_argument("--move", metavar="ZUG", help="einen OTN-Zugdatensatz lesen")
    p.set_defaults(handler=cmd_otn)


def _read(source: str) -> str:
    """Text of a file, or of standard input for '-'."""
    if source == "-":
        return sys.stdin.read()
    return Path(source).read_text(encoding="utf-8")


def cmd_otn(args: argparse.Namespace) -> int:
    """Dispatch the otn modes."""
    if args.rules:
        return _import_rules(args)
    if args.move:
        if not args.variant:
            raise ValueError("tafl otn --move braucht eine Variante (für die Brettgröße)")
        return _show_move(args, variant(args.variant))
    if args.position:
        return _convert_position(args)
    if not args.variant:
        raise ValueError("tafl otn braucht eine Variante, --position, --rules oder --move")
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


def _convert_position(args: argparse.Namespace) -> int:
    """OTN record -> grid, grid -> OTN record."""
    text = _read(args.position)
    v = variant(args.variant) if args.variant else None
    turn = parse_side(args.turn) if args.turn else v.rules.first if v else Side.ATTACKERS
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
    source = args.rules
    text = source if source.lstrip().startswith("dim:") else _read(source)
    result = read_rules(text, strict=args.strict)
    if result.name:
        print(result.name)
        print()
    rows = describe(result.rules)
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


def _show_move(args: argparse.Namespace, v) -> int:  # type: ignore[no-untyped-def]
    """Parse a move record; check it on the start (or --position) when possible."""
    rec = parse_move_record(args.move, v.rules.size)
    if rec.kind is MoveKind.RESIGN:
        print("Aufgabe")
        return 0
    turn = parse_side(args.turn) if args.turn else None
    board = None
    if args.position:
        board = Board(v, load_position(args.position, v, turn))
        where = "auf der gegebenen Stellung"
    elif v.has_setup:
        board = Board(v, start_or_given(None, v, turn))
        where = "auf der Startaufstellung"
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
