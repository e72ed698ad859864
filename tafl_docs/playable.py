"""The "Ausprobieren" part of an example figure: a button and what the live board needs.

The wrapper is `hidden`; the page's JavaScript (docs/javascripts/tafl-board-init.js) shows it,
so without JavaScript every page reads exactly as before. The data travel in a <template>,
never a <script>: Material's instant navigation runs every script of a page it shows.
"""

from __future__ import annotations

import html
import json

from tafl_core.examples.run import Execution


def board_data(ex: Execution) -> dict[str, object]:
    """Variant slug, start grid, side to move and the documented turns of an example."""
    block = ex.block
    return {
        "variant": block.variant.slug,
        "grid": block.position.to_ascii(),
        "turn": block.position.turn.value,
        "turns": [list(turn.steps) for turn in block.turns],
    }


def playable(ex: Execution) -> str:
    """HTML of the hidden "Ausprobieren" control with its board data as JSON."""
    data = html.escape(json.dumps(board_data(ex), ensure_ascii=False), quote=False)
    title = ex.block.caption or ex.block.variant.name
    return (
        '<div class="tafl-ausprobieren" hidden>'
        '<button type="button" class="md-button tafl-ausprobieren-knopf" '
        f'aria-label="Ausprobieren: {html.escape(title, quote=True)}">Ausprobieren</button>'
        f'<template class="tafl-brett-daten">{data}</template>'
        "</div>"
    )
