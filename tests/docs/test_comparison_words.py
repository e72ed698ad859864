"""The Regelvergleich's cells break long words only at soft hyphens (hyphens: manual), so
every long word of the matrix must carry one, or it overflows its cell on a phone."""

from __future__ import annotations

import re

from tafl_docs.directives.comparison import LONGEST_WORD, vergleich_matrix
from tafl_docs.markdown import Context


def test_every_long_word_of_the_matrix_can_break() -> None:
    lines = vergleich_matrix(Context("regelvergleich.md", "regelvergleich/"))
    cells = [c for line in lines if line.startswith("|") for c in line.split("|")]
    text = " ".join(re.sub(r"\]\([^)]*\)", "]", c) for c in cells)  # link targets are no text
    words = re.findall(r"[^\s\-/()\[\]*:;,.|\u00ad]+(?:\u00ad[^\s\-/()\[\]*:;,.|\u00ad]+)*", text)
    too_long = sorted(
        {w for w in words if any(len(part) > LONGEST_WORD for part in w.split("\u00ad"))}
    )
    assert not too_long, f"ohne Trennstelle zu lang für eine Zelle: {too_long} (BREAKS)"
