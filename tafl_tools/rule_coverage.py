"""Rule coverage from the command line: `python -m tafl_tools.rule_coverage [--karten] …`.

A thin shell: the report itself lives in `tafl_docs.rule_coverage`, so that `tafl check
--coverage` (a floor below this package) runs the same code.
"""

from __future__ import annotations

import sys

from tafl_docs.rule_coverage import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
