"""Benchmark of the test suite: wall time of one `pytest` run and its slowest tests.

    python scripts/bench/bench_tests.py [--runs 1] [--warm] [--ci] [-- PYTEST ARGS]
    python scripts/bench/bench_tests.py --venv

Runs `python -m pytest -q --durations=20 -p no:cacheprovider` (by default with `-n auto
--maxschedchunk 1`, as `make test` does; pass other arguments after `--`, e.g.
`-- -p no:xdist` for one process)
and prints the wall time, the load average before and after (the figure means little on a
busy machine: measure again when the load is above the number of cores) and pytest's
20 slowest tests. Each run gets an empty diagram cache (a fresh TAFL_CACHE_DIR), as a fresh
clone has; `--warm` keeps the repository's cache instead. `--ci` sets CI=true, as `.ci/run`
does (axe on every page, the full rule coverage). A benchmark, not a test: no time limit is
asserted anywhere.

`--venv` instead times making the test virtualenv in a temporary folder, as `make test` does
on a fresh clone, once with pip (`pip install -e '.[docs,test]'`, pip's own cache) and once
with uv from PyPI as the Makefile makes it (`make VENV=… …/.test-installed`: a venv without
pip, uv put into it by Python's pip, then `uv pip install`), with an empty uv cache.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


#: The project with everything the tests need, installed as the Makefile does.
EDITABLE = ["-e", ".[docs,test]"]


def run(pytest_args: list[str], warm: bool, ci: bool = False) -> tuple[float, str]:
    """Seconds of one pytest run and its output."""
    env = dict(os.environ)
    if ci:
        env["CI"] = "true"
    with tempfile.TemporaryDirectory(prefix="tafl-bench-cache-") as cache:
        if not warm:
            env["TAFL_CACHE_DIR"] = cache
        start = time.perf_counter()
        command = [sys.executable, "-m", "pytest", "-q", "--durations=20", "-p", "no:cacheprovider"]
        result = subprocess.run(
            [*command, *pytest_args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        seconds = time.perf_counter() - start
    return seconds, result.stdout + result.stderr


def venv_seconds(tool: str) -> float:
    """Seconds to make a venv with every test dependency, with `tool` (pip or uv)."""
    with tempfile.TemporaryDirectory(prefix="tafl-bench-venv-") as folder:
        venv = Path(folder) / "venv"
        env = dict(os.environ, UV_CACHE_DIR=str(Path(folder) / "uv-cache"))
        python = str(venv / "bin" / "python")
        start = time.perf_counter()
        if tool == "pip":
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            subprocess.run([python, "-m", "pip", "install", "-q", *EDITABLE], cwd=ROOT, check=True)
        else:  # the Makefile's own recipe
            target = f"{venv}/.test-installed"
            make = ["make", "--no-print-directory", f"VENV={venv}", f"PYTHON={sys.executable}"]
            subprocess.run([*make, target], cwd=ROOT, env=env, check=True)
        return time.perf_counter() - start


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--warm", action="store_true", help="keep the diagram cache")
    parser.add_argument("--ci", action="store_true", help="CI=true, as .ci/run sets it")
    parser.add_argument("--venv", action="store_true", help="time the venv: pip, then uv")
    parser.add_argument("pytest_args", nargs="*", help="after --: arguments for pytest")
    args = parser.parse_args(argv)
    if args.venv:
        for tool in ("pip", "uv"):
            before = load()
            seconds = venv_seconds(tool)
            print(f"venv mit {tool}: {seconds:.0f} s  (Last vorher {before}, nachher {load()})")
        return 0
    pytest_args = args.pytest_args or ["-n", "auto", "--maxschedchunk", "1"]
    print(f"{os.cpu_count()} CPUs; {'CI=true ' if args.ci else ''}pytest {' '.join(pytest_args)}")
    for number in range(1, args.runs + 1):
        before = load()
        seconds, out = run(pytest_args, args.warm, args.ci)
        summary = [line for line in out.splitlines() if re.search(r"\d+ (passed|failed)", line)]
        print(f"\nLauf {number}: {seconds:.0f} s  (Last vorher {before}, nachher {load()})")
        print(summary[-1] if summary else out[-2000:])
        for line in out.splitlines():
            if line.startswith(("FAILED ", "ERROR ")):
                print(line)
        block = re.search(r"=+ slowest 20 durations =+\n(.*?)(?:\n\n|\n=)", out, re.S)
        if block:
            print(block.group(1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
