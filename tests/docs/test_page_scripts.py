"""The site's own JavaScript (docs/javascripts): small files, each one listed in mkdocs.yml."""

from __future__ import annotations

from pathlib import Path

import yaml

from tafl_core.lines import split_lines
from tests.site_support import ROOT

SCRIPTS = ROOT / "docs" / "javascripts"
#: The longest a script may grow: one job a file, readable in one sitting.
MAX_LINES = 400
#: Scripts the pages do not list: started by another script.
NOT_LISTED = {"tafl-python-worker.js"}


def listed() -> list[str]:
    """The page scripts of mkdocs.yml's extra_javascript, in their order."""

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), Loader=Loader)
    return [str(entry) for entry in config["extra_javascript"]]


def test_no_script_is_longer_than_the_limit() -> None:
    long = {
        path.name: n
        for path in sorted(SCRIPTS.glob("*.js"))
        if (n := len(split_lines(path.read_text("utf-8")))) > MAX_LINES
    }
    assert not long, f"Skripte mit mehr als {MAX_LINES} Zeilen: {long}"


def test_every_script_is_listed_once_and_the_board_namespace_opens_first() -> None:
    names = listed()
    files = {f"javascripts/{p.name}" for p in SCRIPTS.glob("*.js") if p.name not in NOT_LISTED}
    assert len(names) == len(set(names))
    assert files <= set(names), f"nicht in mkdocs.yml: {sorted(files - set(names))}"
    own = [n for n in names if (SCRIPTS / Path(n).name).exists()]  # tafl-runtime.js: built
    board = [n for n in own if "TaflBoard" in (SCRIPTS / Path(n).name).read_text("utf-8")]
    opener = "javascripts/tafl-engine-files.js"
    assert board and board[0] == opener, board
