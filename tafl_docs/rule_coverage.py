"""Rule coverage: which rule of which variant no example of the site pins down.

    python -m tafl_tools.rule_coverage [--variant SLUG ...] [--param NAME ...] [--sample N]
                                       [--seed S] [--json] [--egal] [--karten] [--docs DIR]

For every variant data file (`tafl_core/data/variants/*.toml`) and every rule parameter of
`tafl_core/params.py` except the board size, every other value the parameter can take (the
other bool; every other member of its enum in `tafl_core/rule_values.py`) is written into a
scratch copy of the file's text, in memory, and loaded with `load_variant_text`, the loader of
the real files. A change the loader refuses (`RuleSet.check`: a value that contradicts
another rule, or a start the changed rules do not allow) is skipped as *refused*. Otherwise
the scratch variant stands in for the real one while every example block of `docs/` whose
`Variante:` is that variant runs through `check_block`, the one example runner; the change
is *caught* when at least one block fails. Exercises (`Aufgabe:`, each a solver proof) are
run only for a change no other block catches and that matters (see below).

A change no block catches is tested for relevance. First the turns of every example of the
same board size, of any variant, are replayed on both rule sets (the situations the site
illustrates: a ring, a wall, a fort); then seeded random games are played side by side,
from the variant's start (when sourced) and from the positions of its own examples (before
and after their turns). The games prefer
capturing moves and now and then move the last piece back (repetitions); each ply, up to
`rule_play.PROBES` legal moves are also tried on both rule sets without being played. When legal
moves, captures, flips, the open berserker chain or the outcome ever differ, the change is
*relevant*, and without a failing example *unpinned*: a reader could learn the other value
from the site and no example would contradict him. When no difference appears, the change
"cannot matter" and is not counted (`--egal` lists these). Typical cases: pieces the variant
does not have (commanders, knights, Bunte), an edge fort where the king escapes at any edge,
a throne hostile to attackers also while the armed king sits on it. A rule about one kind of
piece (`Param.piece` in the parameter table) is judged so without games when no board they
would start from has such a piece: no move changes a piece's kind, so the games would go the
same under both rule sets (tests/tools/test_rule_coverage.py plays them once to show it).
The games are a search, not a proof: a rule that only bites in a rare position may be judged
"cannot matter".

What this covers (issue 24, item 3): a parameter is pinned for a variant only by examples
*of that variant*; with `--karten` only by those on its card or on a mechanics page (the
learning path and the Aufgaben pages still supply positions). So "0 unpinned" means every rule
the card states (its "Auf einen Blick" lines and the rule list are generated from these
parameters) is shown by at least one example of that variant that fails under every other
value that matters. The table's last column counts the variant's examples (on its own card in
brackets). Rules the engine has no parameter for (e.g. "safe between two enemies", which
no value can switch off), and the board size, are not covered; their examples are written
by hand.

Output: per variant caught/relevant (and the number of its examples), then every unpinned
(variant, parameter, value) in plain words; `--json` prints the same as JSON. Exit code 1
when any relevant change is unpinned, 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from importlib import resources
from pathlib import Path

from tafl_core.errors import TaflError, VariantDataError
from tafl_core.examples import (
    Block,
    BlockError,
    FoundBlock,
    check_block,
    find_blocks,
    parse_block,
)
from tafl_core.params import PARAM, PARAMS, toml_value
from tafl_core.pieces import Kind
from tafl_core.position import Position
from tafl_core.rules import ENUMS
from tafl_core.variants import Variant, all_variants, load_variant_text

from .proof_store import committed_prover
from .rule_play import difference, kinds_on_boards, replayed

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

#: Random games per starting position: (games, plies) from the variant's start and from
#: each example position.
START_GAMES = (24, 160)
EXAMPLE_GAMES = (3, 60)
#: At most this many example positions start random games (a seeded sample when more).
EXAMPLE_STARTS = 60

_EXERCISE = re.compile(r"^\s*aufgabe\s*:", re.IGNORECASE | re.MULTILINE)
_VARIANTE = re.compile(r"^\s*variante\s*:\s*(\S+)", re.IGNORECASE | re.MULTILINE)
_CLAIM = re.compile(r"^\s*behauptung\s*:", re.IGNORECASE | re.MULTILINE)


def _cost(found: FoundBlock) -> int:
    """How dear a block is to check: 0 turns only, 1 with a claim, 2 an exercise (each
    claim and exercise is a solver proof)."""
    if _EXERCISE.search(found.body):
        return 2
    return 1 if _CLAIM.search(found.body) else 0


@dataclass(frozen=True)
class Change:
    """One parameter of one variant set to another value."""

    slug: str
    param: str
    value: object

    @property
    def text(self) -> str:
        """The value as the data file writes it."""
        return toml_value(self.value)

    def words(self, original: object) -> str:
        """The change in plain words."""
        return f"{self.slug}: {self.param} = {self.text} statt {toml_value(original)}"


@dataclass
class Result:
    """What happened to one change."""

    change: Change
    original: object
    status: str  # refused | caught | unpinned | irrelevant
    failed: list[str] = field(default_factory=list)  # 'path:line' of the first block that failed
    #: refused: the loader's message; unpinned: the first difference seen; irrelevant
    #: without games: why none could differ
    why: str = ""


@dataclass
class VariantReport:
    """The results of one variant."""

    slug: str
    examples: int  # blocks of this variant under docs/
    on_card: int  # of which on its own card
    results: list[Result] = field(default_factory=list)

    def count(self, status: str) -> int:
        """How many changes ended with `status`."""
        return sum(r.status == status for r in self.results)

    @property
    def relevant(self) -> int:
        """Changes that matter: caught ones and unpinned ones."""
        return self.count("caught") + self.count("unpinned")


def data_text(slug: str) -> str:
    """The text of a variant's data file (read, never written)."""
    entry = resources.files("tafl_core") / "data" / "variants" / f"{slug}.toml"
    return entry.read_text(encoding="utf-8")


def with_rule(text: str, key: str, value: object) -> str:
    """The data file text with `key = value` in its [rules] table (replaced or added)."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.strip() == "[rules]")
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("[")),
        len(lines),
    )
    pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
    new = f"{key} = {toml_value(value)}"
    for i in range(start + 1, end):
        if pattern.match(lines[i]):
            lines[i] = new
            return "\n".join(lines)
    lines.insert(start + 1, new)
    return "\n".join(lines)


def other_values(param: str, value: object) -> list[object]:
    """Every value of a parameter but `value`: the other bool, or the other enum members."""
    enum = ENUMS.get(param)
    if enum is None:
        return [not value]
    members: list[Enum] = list(enum)
    return [m for m in members if m is not value]


def changes(slug: str) -> list[tuple[Change, object]]:
    """Every change of one variant, with the original value, in parameter order."""
    rules = all_variants()[slug].rules
    out = []
    for p in PARAMS:
        if p.name == "size":
            continue
        original = getattr(rules, p.name)
        out += [(Change(slug, p.name, v), original) for v in other_values(p.name, original)]
    return out


@contextmanager
def substituted(changed: Variant) -> Iterator[None]:
    """Let the changed variant stand in for the real one while examples are looked up."""
    registry = all_variants()
    real = registry[changed.slug]
    registry[changed.slug] = changed
    try:
        yield
    finally:
        registry[changed.slug] = real


def collect(docs: Path = DOCS) -> dict[str, list[tuple[str, FoundBlock]]]:
    """Every block under docs/, by the slug its `Variante:` line names (read once)."""
    by_slug: dict[str, list[tuple[str, FoundBlock]]] = {}
    for path in sorted(docs.rglob("*.md")):
        rel = path.relative_to(docs.parent).as_posix() if docs.parent in path.parents else str(path)
        for found in find_blocks(path.read_text(encoding="utf-8")):
            m = _VARIANTE.search(found.body)
            if m:
                by_slug.setdefault(m.group(1).lower(), []).append((rel, found))
    return by_slug


def on_cards(path: str) -> bool:
    """Whether a page is a rule card or a mechanics page (issue 24, item 3)."""
    return "/varianten/" in f"/{path}" or "/mechaniken/" in f"/{path}"


def failing(blocks: Sequence[tuple[str, FoundBlock]], *, first: bool = False) -> list[str]:
    """'path:line' of every block that fails with the variants as they are looked up now.

    With `first`, only the first failing block (a change is caught by one). Blocks with
    claims and then exercises (each a solver proof) are checked last: they cost most.
    """
    out: list[str] = []
    for path, found in sorted(blocks, key=lambda pb: _cost(pb[1])):
        if first and out:
            break
        try:
            verdict = check_block(found, path, prover=committed_prover())
        except TaflError as exc:  # a changed rule the engine refuses in a position
            out.append(f"{path}:{found.line} ({exc})")
            continue
        if not verdict.ok:
            out.append(f"{path}:{found.line}")
    return out


def example_positions(blocks: Sequence[tuple[str, FoundBlock]]) -> list[Position]:
    """The positions of the blocks before and (while the game goes on) after their turns."""
    out = []
    for path, found in blocks:
        if _EXERCISE.search(found.body):  # no turns; its proof is not needed here
            block = _parsed(path, found)
            out += [block.position] if block is not None else []
            continue
        verdict = check_block(found, path, prover=committed_prover())
        if verdict.block is not None:
            out.append(verdict.block.position)
        if verdict.execution is not None and verdict.execution.outcome is None:
            out.append(verdict.execution.after)
    return out


def _parsed(path: str, found: FoundBlock) -> Block | None:
    """The block as read (not played, not proven); None when it cannot be read."""
    if not found.closed or found.info_error is not None:
        return None
    try:
        return parse_block(found.body, path, found.first_body_line, found.id)
    except BlockError:
        return None


def parsed_by_size(
    blocks: dict[str, list[tuple[str, FoundBlock]]],
) -> dict[int, list[Block]]:
    """Every readable block of every variant, read under the real rules, by board size."""
    out: dict[int, list[Block]] = {}
    for found_blocks in blocks.values():
        for path, found in found_blocks:
            block = _parsed(path, found)
            if block is not None:
                out.setdefault(block.variant.rules.size, []).append(block)
    return out


def run_variant(
    slug: str,
    blocks: Sequence[tuple[str, FoundBlock]],
    *,
    params: Sequence[str] | None = None,
    sample: int | None = None,
    seed: int = 0,
    replays: Sequence[Block] = (),
    positions: Sequence[tuple[str, FoundBlock]] | None = None,
) -> VariantReport:
    """Every change of one variant against the blocks of that variant.

    `replays`: parsed blocks of every variant with the same board size, whose turns are
    replayed on both rule sets when no example catches a change (see `replayed`).
    Exercises (`Aufgabe:`, each a solver proof) are checked only for a change that no
    other block catches and that the replays or games show to matter. A change of a rule
    about one kind of piece (`Param.piece`) is irrelevant without playing when no board the
    games would start from has such a piece. `positions`: the
    blocks whose positions start random games (default: `blocks`).
    """
    card = f"varianten/{slug}.md"
    report = VariantReport(slug, len(blocks), sum(p.endswith(card) for p, _ in blocks))
    todo = [(c, o) for c, o in changes(slug) if params is None or c.param in params]
    if sample is not None and sample < len(todo):
        todo = sorted(random.Random(f"{seed}-{slug}").sample(todo, sample), key=todo.index)
    text = data_text(slug)
    original = all_variants()[slug]
    plain = [b for b in blocks if not _EXERCISE.search(b[1].body)]
    exercises = [b for b in blocks if _EXERCISE.search(b[1].body)]
    broken = failing(blocks)
    if broken:
        raise SystemExit(f"{slug}: Beispiele scheitern schon ohne Änderung: {', '.join(broken)}")
    starts: list[Position] | None = None
    kinds: set[Kind] = set()  # of the boards `starts` and `replays` begin with
    for number, (change, value) in enumerate(todo):
        result = Result(change, value, "caught")
        report.results.append(result)
        try:
            changed = load_variant_text(with_rule(text, change.param, change.value), f"{slug}*")
        except VariantDataError as exc:
            result.status, result.why = "refused", str(exc)
            continue
        with substituted(changed):
            result.failed = failing(plain, first=True)
        if result.failed:
            continue
        if starts is None:
            own = example_positions(blocks if positions is None else positions)
            if len(own) > EXAMPLE_STARTS:
                own = random.Random(f"{seed}-{slug}").sample(own, EXAMPLE_STARTS)
            starts = ([original.start()] if original.has_setup else []) + own
            kinds = kinds_on_boards(original, starts, replays)
        kind = PARAM[change.param].piece
        if kind is not None and kind not in kinds:  # what the games would show, unplayed
            result.status, result.why = "irrelevant", f"kein {kind.german} auf einem Brett"
            continue
        head, rest = starts[: int(original.has_setup)], starts[int(original.has_setup) :]
        why = (
            replayed(original, changed, replays, random.Random(seed + number))
            or difference(original, changed, head, seed + number, START_GAMES)
            or difference(original, changed, rest, seed + number, EXAMPLE_GAMES)
        )
        if not why:
            result.status = "irrelevant"
            continue
        with substituted(changed):  # exercises last: each is a solver proof
            result.failed = failing(exercises, first=True)
        if not result.failed:
            result.status, result.why = "unpinned", why
    return report


def variant_report(
    slug: str,
    blocks: dict[str, list[tuple[str, FoundBlock]]],
    parsed: dict[int, list[Block]],
    *,
    karten: bool,
    params: Sequence[str] | None = None,
    sample: int | None = None,
    seed: int = 0,
) -> VariantReport:
    """One variant's report as the command computes it: `blocks` from `collect()`, `parsed`
    from `parsed_by_size(blocks)`; with `karten` only the card and mechanics pages pin."""
    return run_variant(
        slug,
        [b for b in blocks.get(slug, []) if not karten or on_cards(b[0])],
        params=params,
        sample=sample,
        seed=seed,
        replays=parsed.get(all_variants()[slug].rules.size, []),
        positions=blocks.get(slug, []),
    )


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """Run the coverage for the chosen variants; exit code 1 when anything is unpinned.

    `prog` is the command named in usage and error lines (default: the script's name)."""
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", help="nur diese Variante (mehrfach)")
    parser.add_argument("--param", action="append", help="nur dieser Parameter (mehrfach)")
    parser.add_argument("--sample", type=int, help="nur N zufällige Änderungen je Variante")
    parser.add_argument("--seed", type=int, default=0, help="Startwert der Zufallspartien")
    parser.add_argument("--json", action="store_true", help="Ergebnis als JSON")
    parser.add_argument(
        "--egal", action="store_true", help="auch die Änderungen nennen, die nichts ändern"
    )
    parser.add_argument("--docs", type=Path, default=DOCS, help="Ordner der Seiten (docs/)")
    parser.add_argument(
        "--karten",
        action="store_true",
        help="nur Beispiele der Regelkarten und Mechanik-Seiten legen Regeln fest",
    )
    args = parser.parse_args(argv)
    began = time.perf_counter()
    blocks = collect(args.docs)
    slugs = args.variant or list(all_variants())
    parsed = parsed_by_size(blocks)
    reports = [
        variant_report(
            s,
            blocks,
            parsed,
            karten=args.karten,
            params=args.param,
            sample=args.sample,
            seed=args.seed,
        )
        for s in slugs
    ]
    seconds = time.perf_counter() - began
    unpinned = [r for rep in reports for r in rep.results if r.status == "unpinned"]
    if args.json:
        print(json.dumps(_as_json(reports, seconds), ensure_ascii=False, indent=2))
    else:
        _print(reports, unpinned, seconds, args.egal)
    return 1 if unpinned else 0


def _as_json(reports: Sequence[VariantReport], seconds: float) -> dict[str, object]:
    return {
        "seconds": round(seconds, 1),
        "variants": {
            rep.slug: {
                "examples": rep.examples,
                "on_card": rep.on_card,
                "caught": rep.count("caught"),
                "relevant": rep.relevant,
                "refused": rep.count("refused"),
                "irrelevant": [
                    f"{r.change.param}={r.change.text}"
                    for r in rep.results
                    if r.status == "irrelevant"
                ],
                "unpinned": [
                    {
                        "param": r.change.param,
                        "value": r.change.text.strip('"'),
                        "original": toml_value(r.original).strip('"'),
                        "difference": r.why,
                    }
                    for r in rep.results
                    if r.status == "unpinned"
                ],
            }
            for rep in reports
        },
    }


def _print(
    reports: Sequence[VariantReport], unpinned: Sequence[Result], seconds: float, egal: bool
) -> None:
    width = max(len(rep.slug) for rep in reports)
    print(f"{'Variante':<{width}}  gefangen/relevant  verweigert  egal  Beispiele (Karte)")
    for rep in reports:
        print(
            f"{rep.slug:<{width}}  {rep.count('caught'):>8}/{rep.relevant:<8}  "
            f"{rep.count('refused'):>10}  {rep.count('irrelevant'):>4}  "
            f"{rep.examples:>9} ({rep.on_card})"
        )
    caught = sum(rep.count("caught") for rep in reports)
    relevant = sum(rep.relevant for rep in reports)
    print(f"{'gesamt':<{width}}  {caught:>8}/{relevant:<8}  ({seconds:.1f} s)")
    if unpinned:
        print(f"\nVon keinem Beispiel festgelegt ({len(unpinned)}):")
        for r in unpinned:
            print(f"  {r.change.words(r.original)}  [{r.why}]")
    else:
        print("\nJede relevante Regeländerung lässt mindestens ein Beispiel scheitern.")
    if egal:
        print("\nIn keiner Zufallspartie ein Unterschied (zählt nicht):")
        for rep in reports:
            for r in rep.results:
                if r.status == "irrelevant":
                    print(f"  {r.change.words(r.original)}" + (f" ({r.why})" if r.why else ""))


if __name__ == "__main__":
    sys.exit(main())
