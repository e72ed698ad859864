"""The error of the OTN readers and writers."""

from __future__ import annotations

from ..errors import TaflError


class OtnError(TaflError):
    """An OTN text that cannot be read, or that this engine cannot represent."""
