"""Perft of opening positions against numbers from independent implementations."""

import tomllib
from pathlib import Path

import pytest

from tafl_core import Board, variant
from tafl_core.perft import perft

DATA = tomllib.loads((Path(__file__).parent.parent / "data" / "perft.toml").read_text("utf-8"))
CASES = [(c["variant"], c["depth"], c["nodes"]) for c in DATA["perft"]]


@pytest.mark.parametrize(("slug", "depth", "nodes"), CASES)
def test_perft(slug, depth, nodes):
    board = Board(variant(slug))
    assert perft(board, depth) == nodes
    assert board.position() == variant(slug).start()  # perft leaves the board as it was
