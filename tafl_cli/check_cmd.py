"""`tafl check`: run the docs' example blocks against the engine, without pytest."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tafl_core.block_run import Failure, execute
from tafl_core.blocks import BlockError, find_blocks, parse_block


def register(sub: argparse._SubParsersAction) -> None:
    """Add the check subcommand."""
    p = sub.add_parser(
        "check",
        help="tafl-Beispielblöcke in Markdown-Dateien gegen die Engine prüfen",
        description="Prüft jeden ```tafl-Block; Fehler nennen Datei, Zeile und Grund. "
        "Exit-Code 1, sobald ein Block fehlschlägt.",
    )
    p.add_argument(
        "paths", nargs="*", default=["docs"], help="Dateien oder Ordner (Standard: docs)"
    )
    p.add_argument(
        "--write",
        action="store_true",
        help="bei 'Danach: ?' das tatsächliche Raster in den Block schreiben",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="nur Fehler ausgeben")
    p.set_defaults(handler=cmd_check)


def _files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out += sorted(path.rglob("*.md"))
        elif path.is_file():
            out.append(path)
        else:
            raise FileNotFoundError(f"'{raw}' gibt es nicht")
    return out


def cmd_check(args: argparse.Namespace) -> int:
    """Check every block; print failures with file and line; optionally fill in 'Danach: ?'."""
    total = failed = written = 0
    for path in _files(args.paths):
        text = path.read_text(encoding="utf-8")
        replacements: list[tuple[int, list[str]]] = []
        for found in find_blocks(text):
            total += 1
            where = f"{path}:{found.line}"
            if not found.closed:
                failed += 1
                print(f"{where}: FEHLER: der ```tafl-Block wird nie geschlossen")
                continue
            try:
                block = parse_block(found.body, str(path), found.first_body_line)
            except BlockError as exc:
                failed += 1
                print(f"{path}:{exc.line}: FEHLER: {exc}")
                continue
            ex = execute(block)
            if block.after is not None and block.after.value is None:
                grid = ex.after.to_ascii().splitlines()
                if args.write and not ex.failures:
                    replacements.append((block.after.line, [found.indent + g for g in grid]))
                    written += 1
                else:
                    ex.failures.append(_ask(block.after.line, grid))
            if ex.ok:
                if not args.quiet:
                    print(f"{where}: ok")
            else:
                failed += 1
                for f in ex.failures:
                    print(f"{path}:{f.line}: FEHLER: {f.message}")
        if replacements:
            lines = text.splitlines(keepends=True)
            for line_no, grid in sorted(replacements, reverse=True):
                old = lines[line_no - 1]
                lines[line_no - 1] = old.replace("?", "").rstrip() + "\n"
                lines[line_no:line_no] = [g + "\n" for g in grid]
            path.write_text("".join(lines), encoding="utf-8")
    print(f"{total} Beispiele geprüft, {total - failed} in Ordnung, {failed} fehlerhaft", end="")
    print(f", {written} Raster eingetragen" if written else "")
    if total == 0:
        print("tafl: Warnung: keine ```tafl-Blöcke gefunden", file=sys.stderr)
    return 1 if failed else 0


def _ask(line: int, grid: list[str]) -> Failure:
    return Failure(
        line,
        "'Danach: ?' ist noch offen; tatsächliche Stellung (mit 'tafl check --write' eintragen):\n"
        + "\n".join(grid),
    )
