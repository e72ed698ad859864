"""The `[[tafl:...]]` directives: parts of the German pages generated from the engine's data.

A directive stands alone on its own line (it may be indented, e.g. inside an admonition)
and is replaced by Markdown or HTML. `expand(markdown, ctx)` replaces every directive of a
page and returns the new text with the problems found (each with its line number); the
MkDocs plugin turns those problems into warnings, which `mkdocs build --strict` refuses.
The directives themselves live in the modules of this package, one per kind.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from tafl_core.lines import split_lines
from tafl_core.text import short
from tafl_docs.directives.common import DirectiveError
from tafl_docs.directives.comparison import d_vergleich
from tafl_docs.directives.differences import d_anders
from tafl_docs.directives.facts import d_figuren, d_grunddaten
from tafl_docs.directives.overview import d_uebersicht, d_variantenwahl
from tafl_docs.directives.reference import (
    d_gilt_in,
    d_otn,
    d_quellen,
    d_regeln,
    d_varianten_je,
    d_varianten_mit,
)
from tafl_docs.directives.setup import d_aufeinenblick, d_aufstellung, d_legende
from tafl_docs.markdown import Context, admonition

__all__ = ["DIRECTIVES", "Context", "DirectiveError", "Problem", "expand", "render"]


DIRECTIVE_LINE = re.compile(r"^(?P<indent>[ \t]*)\[\[tafl:(?P<body>[^\[\]]*)\]\][ \t]*$")
_FENCE = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,})")
_INLINE_CODE = re.compile(r"(`+).*?\1")


@dataclass(frozen=True)
class Problem:
    """A directive that failed: 1-based line in the page's Markdown and a German message."""

    line: int
    message: str


DIRECTIVES: dict[str, Callable[[Context, list[str]], list[str]]] = {
    "legende": d_legende,
    "variantenwahl": d_variantenwahl,
    "grunddaten": d_grunddaten,
    "figuren": d_figuren,
    "aufstellung": d_aufstellung,
    "aufeinenblick": d_aufeinenblick,
    "regeln": d_regeln,
    "otn": d_otn,
    "quellen": d_quellen,
    "varianten-mit": d_varianten_mit,
    "gilt-in": d_gilt_in,
    "varianten-je": d_varianten_je,
    "vergleich": d_vergleich,
    "uebersicht": d_uebersicht,
    "anders": d_anders,
}


def render(body: str, ctx: Context) -> list[str]:
    """Lines of Markdown for one directive body such as 'grunddaten copenhagen-11'."""
    words = body.split()
    if not words:
        raise DirectiveError("leere Direktive")
    name, args = words[0], words[1:]
    handler = DIRECTIVES.get(name)
    if handler is None:
        raise DirectiveError(
            f"unbekannte Direktive '{short(name)}' (bekannt: {', '.join(DIRECTIVES)})"
        )
    return handler(ctx, args)


def expand(markdown: str, ctx: Context) -> tuple[str, list[Problem]]:
    """Replace every directive line; report failures and stray directives by line."""
    out: list[str] = []
    problems: list[Problem] = []
    fence: str | None = None
    for number, line in enumerate(split_lines(markdown), 1):
        m = _FENCE.match(line)
        if fence is not None:
            mark = m.group("fence") if m is not None else ""
            if mark and line.strip() == mark and mark[0] == fence[0] and len(mark) >= len(fence):
                fence = None
            out.append(line)
            continue
        if m:
            fence = m.group("fence")
            out.append(line)
            continue
        d = DIRECTIVE_LINE.match(line)
        if d:
            indent = d.group("indent")
            try:
                lines = render(d.group("body"), ctx)
            except DirectiveError as exc:
                problems.append(
                    Problem(number, f"[[tafl:{short(d.group('body').strip())}]]: {exc}")
                )
                lines = admonition("failure", "Fehler in der Direktive", [str(exc)])
            except Exception as exc:  # the engine failed: report it like a bad directive
                # German only (no Python text on the page or in the warning); the name for a report
                why = f"interner Fehler ({type(exc).__name__}), bitte melden"
                problems.append(
                    Problem(number, f"[[tafl:{short(d.group('body').strip())}]]: {why}")
                )
                lines = admonition("failure", "Fehler in der Direktive", [why])
            out += [(indent + x) if x else "" for x in ["", *lines, ""]]
            continue
        if "[[tafl:" in _INLINE_CODE.sub("", line):
            problems.append(
                Problem(
                    number,
                    "eine [[tafl:...]]-Direktive muss allein auf ihrer Zeile stehen "
                    "(oder als Code in Backticks, wenn sie nur gezeigt werden soll)",
                )
            )
        out.append(line)
    return "\n".join(out) + ("\n" if markdown.endswith("\n") else ""), problems
