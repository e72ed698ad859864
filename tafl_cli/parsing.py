"""An argparse parser that accepts options between positional arguments (e.g. between moves)."""

from __future__ import annotations

import argparse


class IntermixedParser(argparse.ArgumentParser):
    """Subcommand parser: `tafl play tyr-11 --position F d3-d5` works like the ordered form."""

    _inside = False

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[no-untyped-def,override]
        """Parse with parse_known_intermixed_args (guarded against its inner recursion)."""
        if self._inside:
            return super().parse_known_args(args, namespace)
        self._inside = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._inside = False
