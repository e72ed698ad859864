"""The one verdict on an example block: does it hold, and if not, why (file and line).

Every driver calls `check_block` (pytest, `tafl check`, the pre-commit hook, the site build,
the rule sheets), so a block fails everywhere or nowhere. A block fails when its fence is
never closed, its head or body cannot be read, its `Danach: ?` is still open, or the engine
contradicts an expectation. With `fill_in`, an open `Danach: ?` of an otherwise correct
block is not a failure but yields the grid to write (`tafl check --write`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..lines import ending, split_keepends
from .claim import judge_claim
from .run import Execution, Failure, execute
from .syntax import Block, BlockError, FoundBlock, find_blocks, parse_block
from .task import Proof, Prover, judge, solve_directly


@dataclass(frozen=True)
class Problem:
    """Why a block fails, at a line of its file."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass
class Verdict:
    """The result of checking one found block."""

    path: str
    found: FoundBlock
    block: Block | None = None  # None when the block cannot be read
    execution: Execution | None = None  # None when the block was not played
    problems: list[Problem] = field(default_factory=list)
    fill: list[str] | None = None  # with fill_in: the grid lines for its 'Danach: ?'
    proof: Proof | None = None  # an exercise: what the engine proved about its task
    answer_fill: str | None = None  # with fill_in: the value for its open 'Lösung:'

    @property
    def ok(self) -> bool:
        """Whether the block holds."""
        return not self.problems

    @property
    def where(self) -> str:
        """'path:line' of the opening fence."""
        return f"{self.path}:{self.found.line}"

    def report(self) -> str:
        """German report: one 'path:line: message' paragraph per problem."""
        return "\n".join(str(p) for p in self.problems)


def check_block(
    found: FoundBlock, path: str, *, fill_in: bool = False, prover: Prover | None = None
) -> Verdict:
    """Read, play and judge one block found in the file `path`.

    An exercise (a block with `Aufgabe:`) is proven by `prover` (default: the solver
    itself; the site passes one that caches proofs) and its `Lösung:` compared with it.
    """
    verdict = Verdict(path, found)
    if not found.closed:
        verdict.problems.append(Problem(path, found.line, "der ```tafl-Block wird nie geschlossen"))
        return verdict
    if found.info_error is not None:
        verdict.problems.append(Problem(path, found.line, found.info_error))
        return verdict
    try:
        block = parse_block(found.body, path, found.first_body_line, found.id)
    except BlockError as exc:
        verdict.problems.append(Problem(path, exc.line, str(exc)))
        return verdict
    verdict.block = block
    ex = execute(block)
    verdict.execution = ex
    failures = list(ex.failures)
    if block.task is not None:
        answer = block.answer
        judged = judge(
            block.variant,
            block.position,
            block.task.value,
            block.task.line,
            answer.value if answer else None,
            answer.line if answer else None,
            prover or solve_directly,
            fill_in=fill_in,
        )
        verdict.proof = judged.proof
        failures += [Failure(line, message) for line, message in judged.failures]
        if not failures:
            verdict.answer_fill = judged.fill
    if block.claims and not ex.aborted:
        failures += _claim_failures(block, ex, prover or solve_directly)
    if block.after is not None and block.after.value is None and not ex.aborted:
        grid = ex.after.to_ascii().splitlines()
        if fill_in and not failures:
            verdict.fill = [found.indent + g for g in grid]
        else:
            failures.append(_open_grid(block.after.line, grid))
    verdict.problems += [Problem(path, f.line, f.message) for f in failures]
    return verdict


def _claim_failures(block: Block, ex: Execution, prover: Prover) -> list[Failure]:
    """The claims the solver refutes in the position after the block's turns."""
    if ex.outcome is not None:
        return [
            Failure(
                block.claims[0].line,
                f"nach dem letzten Zug ist die Partie entschieden ({ex.outcome.german()}); "
                "eine 'Behauptung' braucht eine Stellung, in der weitergespielt wird",
            )
        ]
    out = []
    for claim in block.claims:
        why = judge_claim(block.variant, ex.after, claim.value, prover)
        if why is not None:
            out.append(
                Failure(claim.line, f"die Behauptung '{claim.value.text}' stimmt nicht: {why}")
            )
    return out


def check_text(
    text: str, path: str, *, fill_in: bool = False, prover: Prover | None = None
) -> list[Verdict]:
    """The verdict on every ```tafl block of a Markdown text, in order."""
    return [check_block(found, path, fill_in=fill_in, prover=prover) for found in find_blocks(text)]


def filled_text(text: str, verdicts: Iterable[Verdict]) -> str:
    """The text with each verdict's grid written under its 'Danach: ?' (which loses the '?')
    and each open 'Lösung:' of an exercise filled in with the proven answer.

    Every other character stays as it was; the lines written end like the 'Danach' line
    (CRLF in a CRLF file), so a file is written back byte for byte but for the filled lines.
    """
    lines = split_keepends(text)
    fills = [
        (v.block.after.line, v.fill)
        for v in verdicts
        if v.fill is not None and v.block is not None and v.block.after is not None
    ]
    answers = {
        v.block.answer.line: v.answer_fill
        for v in verdicts
        if v.answer_fill is not None and v.block is not None and v.block.answer is not None
    }
    for line_no, value in answers.items():
        old = lines[line_no - 1]
        end = ending(old)
        head = old[: len(old) - len(end)].partition(":")[0]
        lines[line_no - 1] = f"{head}: {value}{end}"
    for line_no, grid in sorted(fills, reverse=True):
        old = lines[line_no - 1]
        end = ending(old) or _file_ending(lines)
        lines[line_no - 1] = old.replace("?", "").rstrip() + end
        lines[line_no:line_no] = [g + end for g in grid]
    return "".join(lines)


def _file_ending(lines: list[str]) -> str:
    """The line ending of a file's first line that has one ('\n' when none has)."""
    return next((e for line in lines if (e := ending(line))), "\n")


class IdIndex:
    """The block ids seen so far (across files), to find one id given twice."""

    def __init__(self) -> None:
        self.first: dict[str, str] = {}  # id -> 'path:line' of the block that has it

    def claim(self, path: str, found: FoundBlock) -> Problem | None:
        """Note the block's id; a Problem when an earlier block already has it."""
        if found.id is None:
            return None
        where = f"{path}:{found.line}"
        earlier = self.first.setdefault(found.id, where)
        if earlier == where:
            return None
        return Problem(
            path,
            found.line,
            f"die id '{found.id}' hat schon das Beispiel in {earlier}; "
            "jede id darf auf der Website nur einmal vorkommen",
        )


def duplicate_ids(blocks: Iterable[tuple[str, FoundBlock]]) -> list[Problem]:
    """A problem for every block whose id an earlier block (in any file) already has."""
    index = IdIndex()
    return [p for path, found in blocks if (p := index.claim(path, found)) is not None]


def _open_grid(line: int, grid: list[str]) -> Failure:
    return Failure(
        line,
        "'Danach: ?' ist noch offen; tatsächliche Stellung (mit 'tafl check --write' eintragen):\n"
        + "\n".join(grid),
    )
