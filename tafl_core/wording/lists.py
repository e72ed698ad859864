"""German lists: 'a', 'a und b', 'a, b und c' (the one joiner every sentence uses)."""

from __future__ import annotations

from collections.abc import Sequence


def and_list(items: Sequence[str], last: str = "und") -> str:
    """'a', 'a und b', 'a, b und c'; `last` is the word before the last item ('oder')."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]
