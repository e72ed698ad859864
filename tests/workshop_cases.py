"""Blocks for the workshop's verdict-equality tests: good ones taken from the pages, and
broken ones made from them (unknown key, wrong capture, open 'Danach: ?', illegal move,
wrong 'Lösung:', unclosed block, and the safety cases).

Each case is the editor's whole text (the block with its fences, as `block_source` shows it
under an example); `tafl check` reads the same text as a file of its own, so both name the
same lines.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tafl_core.examples import find_blocks
from tafl_docs.example_source import block_source
from tests.site_support import ROOT


@dataclass(frozen=True)
class Case:
    """One editor text and what it is."""

    name: str
    text: str


def _blocks(page: str) -> list[str]:
    """Every block of a page as the source box shows it (fences included, no id)."""
    markdown = (ROOT / page).read_text(encoding="utf-8")
    out = []
    for found in find_blocks(markdown):
        located = block_source(markdown, found.first_body_line)
        if located is not None and found.closed:
            out.append(located[1])
    return out


def _first(page: str, needs: str, unless: str = "\x00") -> str:
    """The first block of `page` that contains `needs` (and not `unless`)."""
    return next(b for b in _blocks(page) if needs in b and unless not in b)


def _other_capture(block: str) -> str:
    """The block with its 'Geschlagen:' changed to a square that did not fall."""
    return re.sub(r"^Geschlagen: .*$", "Geschlagen: a1", block, count=1, flags=re.M)


def _open_after(block: str) -> str:
    """The block with its 'Danach:' grid replaced by an open 'Danach: ?'."""
    lines = block.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("Danach:"))
    end = at + 1
    while end < len(lines) and re.match(r"^\s*(\d+ |[a-z](?: [a-z])+$)", lines[end]):
        end += 1
    return "\n".join([*lines[:at], "Danach: ?", *lines[end:]])


def _wrong_answer(block: str) -> str:
    """An exercise with a first turn that does not solve it as its 'Lösung:'."""
    return re.sub(r"^Lösung: .*$", "Lösung: a1-a1", block, count=1, flags=re.M)


def cases() -> list[Case]:
    """The cases, good and broken (more than 20; exercises among them)."""
    schlagen = "docs/mechaniken/schlagen.md"
    capture = _first(schlagen, "Geschlagen: e4")
    after = _first("docs/mechaniken/schildwall.md", "Danach:\n", "Danach: ?")
    brandub = _blocks("docs/aufgaben/brandub-7.md")
    win1 = next(b for b in brandub if "gewinnen in 1" in b)
    save = next(b for b in brandub if "verhindern den Sieg" in b)
    quiz = _first("docs/lernpfad/02-schlagen.md", "Aufgabe: Welche Steine fallen")
    legal = _first("docs/lernpfad/01-ziehen.md", "erlaubt?")
    claim = _first("docs/lernpfad/01-ziehen.md", "Behauptung: Verteidiger drohen zu gewinnen")
    good = [
        Case("schlagen", capture),
        Case("sonderfiguren", _first("docs/mechaniken/sonderfiguren.md", "Danach:\n")),
        Case("odin", _first("docs/varianten/odin-11.md", "Zug:")),
        Case("danach", after),
        Case("thron", _first("docs/mechaniken/koenig.md", "Zug:")),
        Case("flucht", _first("docs/mechaniken/flucht.md", "Ergebnis:")),
        Case("sperrfelder", _first("docs/mechaniken/sperrfelder.md", "Illegal:")),
        Case("berserker", _first("docs/mechaniken/berserker.md", "Zug:")),
        Case("ziele", _first("docs/mechaniken/ziehen.md", "Ziele")),
        Case("aufgabe-1", win1),
        Case("aufgabe-verhindern", save),
        Case("quiz-fallen", quiz),
        Case("quiz-erlaubt", legal),
        Case("behauptung", claim),
    ]
    broken = [
        Case("unbekannter-schluessel", capture.replace("Zug:", "Farbe: rot\nZug:", 1)),
        Case("falscher-schlag", _other_capture(capture)),
        Case("offenes-danach", _open_after(after)),
        Case("verbotener-zug", re.sub(r"^Zug: .*$", "Zug: a1-a2", capture, count=1, flags=re.M)),
        Case("falsche-loesung", _wrong_answer(win1)),
        Case("offene-loesung", re.sub(r"^Lösung: .*$", "Lösung: ?", win1, count=1, flags=re.M)),
        Case("nicht-geschlossen", capture.rsplit("\n", 1)[0]),
        Case(
            "unbekannte-variante",
            re.sub(r"^Variante: .*$", "Variante: xyz", capture, count=1, flags=re.M),
        ),
        Case("tiefe-9", re.sub(r"in 1$", "in 9", win1, count=1, flags=re.M)),
        Case(
            "skript-titel",
            re.sub(
                r"^Titel: .*$", "Titel: <script>alert(1)</script>", capture, count=1, flags=re.M
            ),
        ),
        Case("kein-block", "Variante: brandub-7\n"),
        Case("falsche-behauptung", claim.replace("drohen zu gewinnen", "gewinnen in 1", 1)),
        Case(
            "falsches-ergebnis", after.replace("Danach:", "Ergebnis: Angreifer gewinnen\nDanach:")
        ),
    ]
    return good + broken


#: A line `tafl check` prints for a file: a problem (message follows) or ok.
_LINE = re.compile(r"^(?P<file>[^\s:]+\.md):(?P<line>\d+): (?:FEHLER: (?P<msg>.*)|ok)$")


def run_check(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """`tafl check` (the command, as a contributor runs it) over `folder`."""
    return subprocess.run(
        [sys.executable, "-m", "tafl_cli.main", "check", *options, "."],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )


def cli_verdicts(output: str) -> dict[str, list[tuple[int, str]]]:
    """`tafl check`'s printed problems per file: (line, message with its following lines)."""
    found: dict[str, list[tuple[int, str]]] = {}
    current: list[str] | None = None
    for raw in output.splitlines():
        m = _LINE.match(raw)
        if m:
            name = m["file"].removeprefix("./")
            found.setdefault(name, [])
            current = None
            if m["msg"] is not None:
                found[name].append((int(m["line"]), m["msg"]))
                current = [m["msg"]]
            continue
        if current is not None and not re.match(r"^\d+ Beispiel", raw):
            line, _ = found[name][-1]
            current.append(raw)
            found[name][-1] = (line, "\n".join(current))
    return found
