"""`tafl check`: run the docs' example blocks against the engine, without pytest."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tafl_core.block_run import Failure, execute
from tafl_core.blocks import BlockError, find_blocks, parse_block

from .errors import InputFileError
from .files import read_text


def register(sub: Any) -> None:
    """Add the check subcommand."""
    p = sub.add_parser(
        "check",
        help="tafl-Beispielblöcke in Markdown-Dateien gegen die Engine prüfen",
        description="Prüft jeden ```tafl-Block der angegebenen Dateien und Ordner (Ordner "
        "mit allen .md-Dateien darin); Fehler nennen Datei, Zeile und Grund. Eine Datei, "
        "die sich nicht lesen lässt, wird gemeldet, die übrigen werden weiter geprüft. "
        "Exit-Code 1, sobald ein Block oder eine Datei fehlschlägt.",
    )
    p.add_argument(
        "paths",
        nargs="*",
        default=["docs"],
        metavar="PFAD",
        help="Dateien oder Ordner, relativ zum aktuellen Ordner (Standard: docs)",
    )
    p.add_argument(
        "--write",
        action="store_true",
        help="bei 'Danach: ?' das tatsächliche Raster in den Block schreiben",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="nur Fehler ausgeben")
    p.add_argument(
        "--format",
        choices=("text", "github"),
        default="text",
        help="'github': Fehler als Anmerkungen für GitHub Actions (::error file=…,line=…::…)",
    )
    p.set_defaults(handler=cmd_check)


class Report:
    """Prints results as text lines or GitHub workflow annotations, and counts them."""

    def __init__(self, github: bool, quiet: bool) -> None:
        self.github = github
        self.quiet = quiet or github
        self.total = self.failed = self.written = self.bad_paths = 0

    def ok(self, where: str) -> None:
        """A block whose expectations all hold."""
        self.total += 1
        if not self.quiet:
            print(f"{where}: ok")

    def error(self, path: str, line: int | None, message: str) -> None:
        """One error at path (and line, when known)."""
        if self.github:
            where = f"file={_escape(path, True)}" + (f",line={line}" if line else "")
            print(f"::error {where}::{_escape(message, False)}")
        else:
            print(f"{path}:{line}: FEHLER: {message}" if line else f"{path}: FEHLER: {message}")

    def summary(self) -> None:
        """The closing count line."""
        examples = "1 Beispiel" if self.total == 1 else f"{self.total} Beispiele"
        line = (
            f"{examples} geprüft, {self.total - self.failed} in Ordnung, {self.failed} fehlerhaft"
        )
        if self.written:
            line += f", {self.written} Raster eingetragen"
        if self.bad_paths:
            line += "; " + (
                "1 Pfad nicht lesbar"
                if self.bad_paths == 1
                else f"{self.bad_paths} Pfade nicht lesbar"
            )
        print(line)


def _escape(text: str, in_property: bool) -> str:
    """Escape text for a workflow command (GitHub's rules for data and for properties)."""
    out = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if in_property:
        out = out.replace(":", "%3A").replace(",", "%2C")
    return out


def _files(paths: list[str], report: Report) -> Iterator[Path]:
    """Every Markdown file under the given paths; a missing path is reported."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(path.rglob("*.md"))
        elif path.is_file():
            yield path
        else:
            report.bad_paths += 1
            report.error(raw, None, "diese Datei oder diesen Ordner gibt es nicht")


def cmd_check(args: argparse.Namespace) -> int:
    """Check every block; print failures with file and line; optionally fill in 'Danach: ?'."""
    report = Report(args.format == "github", args.quiet)
    for path in _files(args.paths, report):
        try:
            text = read_text(path)
        except InputFileError as exc:
            report.bad_paths += 1
            report.error(exc.path, exc.line, exc.reason)
            continue
        replacements = _check_file(path, text, args.write, report)
        if replacements:
            _write_grids(path, text, replacements)
    report.summary()
    if report.total == 0 and not report.bad_paths:
        print("tafl: Warnung: keine ```tafl-Blöcke gefunden", file=sys.stderr)
    return 1 if report.failed or report.bad_paths else 0


def _check_file(path: Path, text: str, write: bool, report: Report) -> list[tuple[int, list[str]]]:
    """Check the blocks of one file; return the grids to fill in for 'Danach: ?'."""
    replacements: list[tuple[int, list[str]]] = []
    for found in find_blocks(text):
        where = f"{path}:{found.line}"
        if not found.closed:
            report.total += 1
            report.failed += 1
            report.error(str(path), found.line, "der ```tafl-Block wird nie geschlossen")
            continue
        try:
            block = parse_block(found.body, str(path), found.first_body_line)
        except BlockError as exc:
            report.total += 1
            report.failed += 1
            report.error(str(path), exc.line, str(exc))
            continue
        ex = execute(block)
        if block.after is not None and block.after.value is None:
            grid = ex.after.to_ascii().splitlines()
            if write and not ex.failures:
                replacements.append((block.after.line, [found.indent + g for g in grid]))
                report.written += 1
            else:
                ex.failures.append(_ask(block.after.line, grid))
        if ex.ok:
            report.ok(where)
            continue
        report.total += 1
        report.failed += 1
        for f in ex.failures:
            report.error(str(path), f.line, f.message)
    return replacements


def _write_grids(path: Path, text: str, replacements: list[tuple[int, list[str]]]) -> None:
    """Put each grid under its 'Danach: ?' line (which loses the '?')."""
    lines = text.splitlines(keepends=True)
    for line_no, grid in sorted(replacements, reverse=True):
        old = lines[line_no - 1]
        lines[line_no - 1] = old.replace("?", "").rstrip() + "\n"
        lines[line_no:line_no] = [g + "\n" for g in grid]
    path.write_text("".join(lines), encoding="utf-8")


def _ask(line: int, grid: list[str]) -> Failure:
    return Failure(
        line,
        "'Danach: ?' ist noch offen; tatsächliche Stellung (mit 'tafl check --write' eintragen):\n"
        + "\n".join(grid),
    )
