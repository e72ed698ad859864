"""The perft figures of the new variants, counted a second time by `tests/slow_perft.py`."""

import tomllib
from pathlib import Path

import pytest

from tests.slow_perft import Game

DATA = tomllib.loads((Path(__file__).parent.parent / "data" / "perft.toml").read_text("utf-8"))
NEW = {
    "brandub-7",
    "tablut-9",
    "fetlar-11",
    "berserk-11",
    "brandub-7-opentafl",
    "tawlbwrdd-11",
}
CASES = [(c["variant"], c["depth"], c["nodes"]) for c in DATA["perft"] if c["variant"] in NEW]


@pytest.mark.parametrize(("slug", "depth", "nodes"), CASES)
def test_slow_generator_agrees(slug, depth, nodes):
    assert Game(slug).perft(depth) == nodes


def test_slow_generator_knows_copenhagen_depth_two():
    """Sanity check against the figure two independent implementations agreed on."""
    assert Game("copenhagen-11").perft(2) == 6788
