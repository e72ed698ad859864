"""mypy --strict on every package (the files and settings in pyproject.toml), as a test.

`make test` runs it inside pytest rather than before it: under pytest-xdist it runs on one
worker while the others run the engine tests and the site is built, instead of holding up
every test (about 3.5 s of CPU on a fresh clone, with no mypy cache; 9 s while the other
worker and the site build share the two cores).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_strict() -> None:
    """No type error in the packages pyproject.toml names (mypy checks every module of five
    packages strictly); it runs first, on one worker, overlapping the other tests."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
