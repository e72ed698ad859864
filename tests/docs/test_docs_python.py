"""Python code blocks in docs/ run with pytest-examples; printed output is checked."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_examples import CodeExample, EvalExample, find_examples

DOCS = Path(__file__).resolve().parents[2] / "docs"
EXAMPLES = [e for e in find_examples(DOCS) if not e.prefix.startswith("pycon")]


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_python_example(example: CodeExample, eval_example: EvalExample) -> None:
    """Run the block; its `#>` lines must equal what it prints."""
    if eval_example.update_examples:
        eval_example.run_print_update(example)
    else:
        eval_example.run_print_check(example)


def test_python_examples_exist() -> None:
    """The Python page keeps its examples (an empty list would test nothing)."""
    assert len(EXAMPLES) >= 4
