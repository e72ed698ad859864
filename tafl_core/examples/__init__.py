"""The example runner: the ```tafl block syntax, its run through the engine and the verdict.

`check_block` is the one place that decides whether an example holds; pytest, `tafl check`,
the pre-commit hook, the site build, the rule sheets and the browser board all use it or
the run beneath it.
"""

from .check import IdIndex, Problem, Verdict, check_block, check_text, duplicate_ids, filled_text
from .run import Execution, Failure, Refusal, execute
from .syntax import Block, BlockError, FoundBlock, find_blocks, parse_block

__all__ = [
    "Block",
    "BlockError",
    "Execution",
    "Failure",
    "FoundBlock",
    "IdIndex",
    "Problem",
    "Refusal",
    "Verdict",
    "check_block",
    "check_text",
    "duplicate_ids",
    "execute",
    "filled_text",
    "find_blocks",
    "parse_block",
]
