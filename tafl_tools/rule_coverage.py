"""Rule coverage from the command line: `python -m tafl_tools.rule_coverage [--karten] …`.

A thin shell: the report itself lives in `tafl_docs.rule_coverage`, so that `tafl check
--coverage` (a floor below this package) runs the same code.
"""

from __future__ import annotations

import sys

from tafl_docs import rule_coverage


def main() -> int:
    """The report for the arguments of the command line; its exit code."""
    return rule_coverage.main(prog="python -m tafl_tools.rule_coverage")


if __name__ == "__main__":
    sys.exit(main())
