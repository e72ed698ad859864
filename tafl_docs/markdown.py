"""Markdown helpers of the generated page parts: links, tables, boxes, admonitions."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Context:
    """The page a directive stands on: its source path (relative to docs/) and its URL."""

    src_path: str
    page_url: str = ""

    def link(self, target: str) -> str:
        """Relative Markdown link from this page to a docs/ source file."""
        return posixpath.relpath(target, posixpath.dirname(self.src_path) or ".")

    def url(self, target: str) -> str:
        """Relative URL from this page's address to a file of the built site (raw HTML)."""
        url = self.page_url
        base = url.rstrip("/") if url.endswith("/") else posixpath.dirname(url)
        return posixpath.relpath(target, base or ".")


def md_link(ctx: Context, text: str, target: str) -> str:
    """A Markdown link from the page `ctx` to a docs/ source file."""
    return f"[{text}]({ctx.link(target)})"


def cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    """A Markdown table (cells made safe with `cell`)."""
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return out


def wrapped(css_class: str, lines: list[str]) -> list[str]:
    """Lines inside a <div> with a class, still parsed as Markdown (md_in_html)."""
    return [f'<div class="{css_class}" markdown>', "", *lines, "", "</div>"]


def region(css_class: str, label: str, lines: list[str]) -> list[str]:
    """Lines in a scrollable, keyboard-reachable <div> region with an accessible name."""
    return [
        f'<div class="{css_class}" markdown role="region" tabindex="0" aria-label="{label}">',
        "",
        *lines,
        "",
        "</div>",
    ]


def admonition(kind: str, title: str, body: Iterable[str], collapsible: bool = False) -> list[str]:
    """An admonition (collapsible: a closed `???` box) with the body lines indented."""
    head = "???" if collapsible else "!!!"
    out = [f'{head} {kind} "{title}"', ""]
    out += [("    " + line) if line else "" for line in body]
    return out
