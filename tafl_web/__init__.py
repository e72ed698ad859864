"""The engine as the reader's browser uses it (on Pyodide): one Session per board."""

from .session import Session

__all__ = ["Session"]
