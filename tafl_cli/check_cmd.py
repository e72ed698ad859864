"""`tafl check`: run the docs' example blocks against the engine, without pytest."""

from __future__ import annotations

import argparse
import codecs
import os
import re
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tafl_core.examples import IdIndex, Verdict, check_text, filled_text, find_blocks
from tafl_core.examples.task import Prover
from tafl_core.examples.wins import unstated_win

from .errors import InputFileError
from .files import os_message, read_text, shown_path, write_bytes
from .parsing import add_option


def register(sub: Any) -> None:
    """Add the check subcommand."""
    p = sub.add_parser(
        "check",
        help="tafl-Beispielblöcke in Markdown-Dateien gegen die Engine prüfen",
        description="Prüft jeden ```tafl-Block der angegebenen Dateien und Ordner (Ordner "
        "mit allen .md-Dateien darin); Fehler nennen Datei, Zeile und Grund. Eine Datei, "
        "die sich nicht lesen lässt, wird gemeldet, die übrigen werden weiter geprüft. "
        "Exit-Code 1, sobald ein Block oder eine Datei fehlschlägt. Ein Hinweis (kein "
        "Fehler) meldet ein Beispiel, nach dessen letztem Zug die Seite am Zug sofort "
        "gewinnen kann, ohne dass der Block es sagt ('Behauptung: … gewinnen in 1').",
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
        help="bei 'Danach: ?' das tatsächliche Raster, bei 'Lösung: ?' die bewiesene "
        "Lösung in den Block schreiben",
    )
    add_option(
        p,
        "--proofs",
        action="store_true",
        help="die Beweise der Aufgaben dieser Seiten in data/beweise/ erneuern (fehlende "
        "berechnen, nicht mehr gebrauchte entfernen; mit dem Ordner docs auch die Dateien "
        "gelöschter Seiten) und die Aufgaben mit ihnen prüfen",
    )
    p.add_argument(
        "--coverage",
        action="store_true",
        help="statt die Blöcke zu prüfen: für jede Variante jede andere Regeleinstellung "
        "ausprobieren und melden, welche Regel einer Regelkarte kein Beispiel dieser Variante "
        "festlegt (dauert etwa eine Minute; mit einem Ordner als PFAD die Seiten darin); "
        "Exit-Code 1, sobald eine Regel ohne Beispiel bleibt",
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
        self.total = self.failed = self.written = self.answered = self.bad_paths = 0
        self.notes = 0

    def note(self, path: str, line: int, message: str) -> None:
        """A hint that does not fail the check (a win the block leaves unstated)."""
        self.notes += 1
        if self.github:
            where = f"file={_escape(path, True)},line={line}"
            print(f"::warning {where}::{_escape(message, False)}")
        else:
            print(f"{path}:{line}: HINWEIS: {message}")

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
        if self.answered:
            line += (
                f", {self.answered} "
                + ("Lösung" if self.answered == 1 else "Lösungen")
                + " eingetragen"
            )
        if self.notes:
            line += (
                "; "
                + ("1 Hinweis" if self.notes == 1 else f"{self.notes} Hinweise")
                + " auf einen Sofortsieg, den der Block nicht nennt"
            )
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
        try:
            mode = path.stat().st_mode
        except (OSError, ValueError) as exc:  # ValueError: a NUL character in the name
            report.bad_paths += 1
            why = os_message(exc, with_name=False) if isinstance(exc, OSError) else ""
            if not why or isinstance(exc, FileNotFoundError):
                why = "diese Datei oder diesen Ordner gibt es nicht"
            report.error(shown_path(raw), None, why)
            continue
        if stat.S_ISDIR(mode):
            # regular files only: a pipe or device named *.md would block or make no sense
            yield from sorted(p for p in path.rglob("*.md") if p.is_file())
        elif stat.S_ISREG(mode):
            yield path
        else:
            report.bad_paths += 1
            report.error(
                shown_path(raw),
                None,
                "das ist keine gewöhnliche Datei (sondern etwa ein Gerät oder eine Pipe); "
                "geprüft werden Markdown-Dateien und Ordner",
            )


_DOCS_DIR = re.compile(r"^docs_dir:[ \t]*['\"]?([^'\"#\s]+)", re.MULTILINE)


def docs_root(path: Path) -> Path | None:
    """The docs folder a Markdown file belongs to: the `docs_dir` of the nearest mkdocs.yml
    above it (when the file lies inside that folder), else its nearest ancestor named `docs`."""
    here = path.resolve()
    for folder in here.parents:
        config = folder / "mkdocs.yml"
        if config.is_file():
            try:
                found = _DOCS_DIR.search(config.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError):
                found = None
            root = (folder / (found.group(1) if found else "docs")).resolve()
            if root in here.parents:
                return root
            break
    return next((folder for folder in here.parents if folder.name == "docs"), None)


def _shown(path: Path) -> Path:
    """path relative to the current folder where that is shorter (as the user gave paths)."""
    try:
        relative = Path(os.path.relpath(path))
    except ValueError:  # another drive on Windows
        return path
    return relative if len(str(relative)) < len(str(path)) else path


def _other_ids(checked: list[Path], ids: IdIndex) -> None:
    """Note the block ids of the Markdown files under the checked files' docs folders that
    are not checked themselves, so an id that clashes with an unchanged page is reported."""
    given = {p.resolve() for p in checked}
    roots = {root for p in checked if (root := docs_root(p)) is not None}
    for root in sorted(roots):
        for other in sorted(root.rglob("*.md")):
            if other.resolve() in given:
                continue
            try:
                text = other.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue  # not checked here; `tafl check` on that file reports it
            shown = str(_shown(other))
            for found in find_blocks(text):
                ids.claim(shown, found)


def cmd_check(args: argparse.Namespace) -> int:
    """Check every block; print failures with file and line; optionally fill in 'Danach: ?'.

    Block ids are compared with those of every other page under the same docs folder too.
    """
    if args.coverage:
        return _coverage(args.paths)
    report = Report(args.format == "github", args.quiet)
    ids = IdIndex()
    files = list(_files(args.paths, report))
    _other_ids(files, ids)
    prover = _refresh_proofs(files, args.paths) if args.proofs else None
    written = []
    for path in files:
        try:
            text = read_text(path)
        except InputFileError as exc:
            report.bad_paths += 1
            report.error(exc.path, exc.line, exc.reason)
            continue
        verdicts = check_text(text, str(path), fill_in=args.write, prover=prover)
        for verdict in verdicts:
            twice = ids.claim(verdict.path, verdict.found)
            if twice is not None:
                verdict.problems.append(twice)
            _report(verdict, report)
            if verdict.ok and verdict.execution is not None:
                found = unstated_win(verdict.execution)
                if found is not None:
                    report.note(found.path, found.line, found.message)
        if any(v.fill is not None or v.answer_fill is not None for v in verdicts):
            _write_back(path, filled_text(text, verdicts))
            written.append(path)
    if args.proofs and written:
        _refresh_proofs(written, [])  # a filled-in solution shows its answer tree: its proofs
    report.summary()
    if report.total == 0 and not report.bad_paths:
        print("tafl: Warnung: keine ```tafl-Blöcke gefunden", file=sys.stderr)
    return 1 if report.failed or report.bad_paths else 0


def _coverage(paths: list[str]) -> int:
    """`--coverage`: the rule-coverage report of the cards (`rule_coverage --karten`) for the
    pages under the one folder given; exit code 1 when a card's rule is pinned by no example."""
    if len(paths) != 1 or not Path(paths[0]).is_dir():
        given = ", ".join(shown_path(p) for p in paths)
        print(
            f"tafl: --coverage braucht genau einen Ordner mit Seiten (etwa docs), nicht: {given}",
            file=sys.stderr,
        )
        return 2
    # loaded here, not at the top: the report pulls in the docs layer, `tafl play` does not
    from tafl_docs import rule_coverage

    return rule_coverage.main(["--karten", "--docs", paths[0]], prog="tafl check --coverage")


def _refresh_proofs(files: list[Path], given: list[str]) -> Prover | None:
    """Write the proof files of the pages (`--proofs`); prints a line per changed file.

    Pages are grouped by their docs folder; the proofs lie in `data/beweise/` beside it. When
    a docs folder itself was given, files of pages that no longer exist are removed. The
    returned prover reads the refreshed proofs (for the check that follows).
    """
    from tafl_docs import proof_store

    roots: dict[Path, dict[str, str]] = {}
    for path in files:
        root = docs_root(path)
        if root is None:
            print(f"{_shown(path)}: liegt in keinem docs-Ordner, keine Beweise geschrieben")
            continue
        page = "docs/" + path.resolve().relative_to(root).as_posix()
        try:
            roots.setdefault(root, {})[page] = read_text(path)
        except InputFileError:
            continue  # the check reports it
    whole = {Path(p).resolve() for p in given}
    store = None
    for root, pages in sorted(roots.items()):
        folder = root.parent / "data" / "beweise"
        for done in proof_store.refresh(pages, folder):
            if done.changed:
                count = "1 Beweis" if done.entries == 1 else f"{done.entries} Beweise"
                print(
                    f"{_shown(done.path)}: {count}, {done.proved} neu bewiesen, "
                    f"{done.dropped} entfernt"
                )
        if root in whole:
            every = ["docs/" + p.relative_to(root).as_posix() for p in root.rglob("*.md")]
            for orphan in proof_store.orphans(every, folder):
                orphan.unlink()
                print(f"{_shown(orphan)}: entfernt (die Seite gibt es nicht mehr)")
        store = proof_store.ProofStore(folder)
    return store.prover(None) if store is not None else None


def _write_back(path: Path, text: str) -> None:
    """Write the filled-in text to path, with the byte-order mark the file had (read_text
    drops it); every other byte is the text's own (line endings kept by filled_text)."""
    try:
        with path.open("rb") as handle:
            bom = handle.read(len(codecs.BOM_UTF8)) == codecs.BOM_UTF8
    except OSError as exc:
        raise InputFileError(str(path), os_message(exc, with_name=False)) from None
    write_bytes(path, (codecs.BOM_UTF8 if bom else b"") + text.encode("utf-8"))


def _report(verdict: Verdict, report: Report) -> None:
    """Print the runner's verdict on one block and count it."""
    if verdict.fill is not None:
        report.written += 1
    if verdict.answer_fill is not None:
        report.answered += 1
    if verdict.ok:
        report.ok(verdict.where)
        return
    report.total += 1
    report.failed += 1
    for problem in verdict.problems:
        report.error(problem.path, problem.line, problem.message)
