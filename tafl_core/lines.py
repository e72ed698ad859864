"""The one line counter: lines end at '\\n' only, as editors, Git and GitHub count them.

`str.splitlines` also splits at '\\r', '\\x0b', '\\x0c', '\\x1c'-'\\x1e', U+0085, U+2028 and
U+2029; one of them inside a Markdown page would shift every later file:line. Every
reader of a page (example blocks, their source boxes, directives) counts with these.
"""

from __future__ import annotations

import re

_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")


def split_lines(text: str) -> list[str]:
    """The lines of text without their endings ('\\n', or '\\r\\n' as one ending).

    Like `str.splitlines` for '\\n' and '\\r\\n' (no empty last line after a final newline),
    but every other character, U+2028 and a lone '\\r' included, stays inside its line.
    """
    return [line.removesuffix("\n").removesuffix("\r") for line in _LINE.findall(text)]


def split_keepends(text: str) -> list[str]:
    """The lines of text with their own endings; joined again they give text back exactly."""
    return _LINE.findall(text)


def ending(line: str) -> str:
    """The ending of a line from `split_keepends`: '\\r\\n', '\\n', or '' for a last line."""
    if line.endswith("\r\n"):
        return "\r\n"
    return "\n" if line.endswith("\n") else ""
