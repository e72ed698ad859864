"""How long each stage of a site build took: one INFO line at its end.

The plugin starts the clock (`start`, which opens the span "Seiten": everything until
`close_span("Seiten")` at the start of on_post_build, when the pages are written) and times
the browser runtime (`stage`). The modules add their own stages: the rule sheets
(`sheet_files`), the example blocks and their proofs (`fence`, `add` with a note) and the
PNGs at the end (`fence.write_assets`). `line()` gives each stage without the stages inside
it, for example (CPU: this process and its finished workers, which a busy machine does
not inflate as much as the wall-clock times)

    tafl: Bau 41,2 s (CPU 63,0 s) · Regelblätter 3,1 s · Seiten 20,3 s · Beispiele 8,1 s ·
    Beweise 0,4 s (404 aus dem Vorrat, 0 neu) · PNG 2,0 s (1116 gezeichnet, 0 aus dem Cache) ·
    Laufzeit 0,9 s · übrige 7,4 s
"""

from __future__ import annotations

import resource
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

#: Stages in the order of the line; each one's own time excludes the stages listed inside it.
ORDER = ("Regelblätter", "Seiten", "Beispiele", "Beweise", "PNG", "Laufzeit")
INSIDE = {"Seiten": ("Regelblätter", "Beispiele"), "Beispiele": ("Beweise",)}


@dataclass
class Clock:
    """The stages of one build: seconds and a note each."""

    begun: float = field(default_factory=time.perf_counter)
    cpu: float = field(default_factory=lambda: cpu_seconds())
    seconds: dict[str, float] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    spans: dict[str, float] = field(default_factory=dict)

    def add(self, name: str, seconds: float, note: str | None = None) -> None:
        """Add time to a stage (and set its note)."""
        self.seconds[name] = self.seconds.get(name, 0.0) + seconds
        if note is not None:
            self.notes[name] = note

    def own(self, name: str) -> float:
        """A stage's time without the stages inside it."""
        inner = sum(self.seconds.get(n, 0.0) for n in INSIDE.get(name, ()))
        return max(0.0, self.seconds.get(name, 0.0) - inner)

    def line(self) -> str:
        """The log line: total, each stage met in this build, the rest."""
        total = time.perf_counter() - self.begun
        parts = [f"Bau {seconds(total)} (CPU {seconds(cpu_seconds() - self.cpu)})"]
        shown = 0.0
        for name in ORDER:
            if name in self.seconds:
                own = self.own(name)
                shown += own
                note = f" ({self.notes[name]})" if name in self.notes else ""
                parts.append(f"{name} {seconds(own)}{note}")
        parts.append(f"übrige {seconds(max(0.0, total - shown))}")
        return "tafl: " + " · ".join(parts)


def cpu_seconds() -> float:
    """CPU time of this process and of its child processes that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def seconds(value: float) -> str:
    """'8,1 s' (German decimal comma)."""
    return f"{value:.1f} s".replace(".", ",")


_clock = Clock()


def start() -> None:
    """A new build begins (and with it the span of the pages)."""
    global _clock
    _clock = Clock()
    open_span("Seiten")


def add(name: str, seconds: float, note: str | None = None) -> None:
    """Add time (and a note) to a stage of the current build."""
    _clock.add(name, seconds, note)


@contextmanager
def stage(name: str) -> Iterator[None]:
    """Time the block as (part of) a stage."""
    begun = time.perf_counter()
    try:
        yield
    finally:
        _clock.add(name, time.perf_counter() - begun)


def open_span(name: str) -> None:
    """A stage that runs across several MkDocs events begins."""
    _clock.spans[name] = time.perf_counter()


def close_span(name: str) -> None:
    """…and ends (nothing when it never began)."""
    begun = _clock.spans.pop(name, None)
    if begun is not None:
        _clock.add(name, time.perf_counter() - begun)


def line() -> str:
    """The log line of the current build."""
    return _clock.line()
