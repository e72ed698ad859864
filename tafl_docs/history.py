"""The rule changes of the repository's history: which card or variant file changed when.

Read from Git at build time for the generated page "Regeländerungen" (`gen_pages.py`).
Each commit that touched a variant file (`tafl_core/data/variants/*.toml`) or a card
(`docs/varianten/*.md`) gives one record per variant, taken from the change itself, not
from the (English) commit message: for a variant file the rule parameters whose value
changed (with the old and new value in the cards' German), a changed setup, or a new
variant; for a card the numbered rules (§) and other rule sections whose text changed
(`changes_page` writes the German line). A commit may add its own sentence for readers with
a trailer line `Regeländerung: …` in its message; it then leads that commit's lines.

Without Git or without history (a copy from an archive) the page says so and the build goes
on. The result is cached by the commit it was read at (`HEAD`) and this module's source.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from tafl_core.params import PARAM, label
from tafl_core.rules import RuleSet
from tafl_core.variants import load_variant_text
from tafl_core.wording.rules import rule_value
from tafl_docs import cache, rule_numbers

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = "tafl_core/data/variants"
CARDS = "docs/varianten"
#: The trailer a commit message may carry: one German sentence for readers.
TRAILER = re.compile(r"^Regeländerung:[ \t]*(.+)$", re.MULTILINE)
_RECORD, _FIELD = "\x1e", "\x1f"
#: The card sections besides the numbered rules whose changes count as rule changes.
RULE_SECTIONS = ("Startaufstellung und Spielfiguren", "Quellenlage", "Regeltext und Quellen")


@dataclass(frozen=True)
class RuleChange:
    """One line of the page: a commit's change to one variant (its card or its file)."""

    commit: str
    date: str
    slug: str
    items: tuple[Item, ...]


@dataclass(frozen=True)
class History:
    """The rule changes, newest first, and whether the history was complete."""

    changes: tuple[RuleChange, ...]
    available: bool
    shallow: bool = False


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(root), *args], capture_output=True, text=True, check=True
    )
    return done.stdout


class _Blobs:
    """Reads file versions (`commit:path`) through one `git cat-file --batch` process."""

    def __init__(self, root: Path) -> None:
        self._proc = subprocess.Popen(
            ["git", "-C", str(root), "cat-file", "--batch"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )

    def read(self, spec: str) -> str | None:
        """The file's text at `commit:path`, or None where it did not exist."""
        assert self._proc.stdin and self._proc.stdout
        self._proc.stdin.write(spec.encode() + b"\n")
        self._proc.stdin.flush()
        header = self._proc.stdout.readline().decode().split()
        if len(header) < 3 or header[1] == "missing":
            return None
        size = int(header[2])
        data = self._proc.stdout.read(size)
        self._proc.stdout.read(1)
        return data.decode("utf-8", errors="replace")

    def close(self) -> None:
        """Ends the git process."""
        if self._proc.stdin:
            self._proc.stdin.close()
        self._proc.wait()


@dataclass(frozen=True)
class _Section:
    number: int | None
    title: str
    body: str

    @property
    def name(self) -> str:
        quoted = f"„{self.title}“"
        return quoted if self.number is None else f"{rule_numbers.label(self.number)} {quoted}"


def _sections(markdown: str) -> dict[str, _Section]:
    """The card's numbered rules (key "§:title") and its other rule-relevant sections
    (key "##:title", see RULE_SECTIONS) with their text."""
    lines = markdown.splitlines()
    out: dict[str, _Section] = {}
    for rule, end in rule_numbers.spans(markdown):
        body = "\n".join(lines[rule.line + 1 : end]).strip()
        out[f"§:{rule.text}"] = _Section(rule.number, rule.text, body)
    prose = [(i, line) for i, line, is_prose in rule_numbers.outside_fences(lines) if is_prose]
    heads = [(i, line[3:]) for i, line in prose if re.match(r"^## (?!#)", line)]
    for n, (index, raw) in enumerate(heads):
        end = heads[n + 1][0] if n + 1 < len(heads) else len(lines)
        title = rule_numbers.heading_text(raw)
        if title in RULE_SECTIONS:
            out[f"##:{title}"] = _Section(None, title, "\n".join(lines[index + 1 : end]).strip())
    return out


#: One part of a change: its kind and what it names, e.g. ("text", "§ 3 „Schlagen“").
Item = tuple[str, str]


def card_change(old: str | None, new: str | None) -> list[Item]:
    """What changed on a card (old/new text; None: the file did not exist)."""
    if old is None:
        return [("new-card", "")]
    if new is None:
        return [("dropped-card", "")]
    before, after = _sections(old), _sections(new)
    added = [k for k in after if k not in before]
    dropped = [k for k in before if k not in after]
    items: list[Item] = []
    for key in list(added):
        same = [k for k in dropped if before[k].number == after[key].number is not None]
        if same:
            added.remove(key)
            dropped.remove(same[0])
            old_title = before[same[0]].title
            items.append(("renamed", f"{after[key].name} neu gefasst (vorher „{old_title}“)"))
    for key in after:
        if key in before and before[key].body != after[key].body:
            items.append(("text" if key.startswith("§:") else "section", after[key].name))
    items += [("added", after[k].name) for k in added]
    items += [("dropped", before[k].name) for k in dropped]
    return items


def _rules_of(text: str, origin: str) -> RuleSet | None:
    try:
        return load_variant_text(text, origin).rules
    except Exception:  # an old file this engine no longer reads: compare the raw tables
        return None


def variant_change(old: str | None, new: str | None, origin: str) -> list[Item]:
    """What changed in a variant file: rules with old and new value, setup, other facts."""
    if new is None:
        return [("dropped-variant", "")]
    if old is None:
        return [("new-variant", "")]
    try:
        raw_old, raw_new = tomllib.loads(old), tomllib.loads(new)
    except tomllib.TOMLDecodeError:
        return [("facts", "")]
    rules_old = raw_old.get("rules", {})
    rules_new = raw_new.get("rules", {})
    parsed_old, parsed_new = _rules_of(old, origin), _rules_of(new, origin)
    items: list[Item] = []
    for name in (n for n in PARAM if rules_old.get(n) != rules_new.get(n)):
        if parsed_old is not None and parsed_new is not None:
            was, now = rule_value(name, parsed_old), rule_value(name, parsed_new)
            if was != now:
                items.append(("rule", f"{label(name)}: {was} → {now}"))
        else:
            items.append(("rule", label(name)))
    if raw_old.get("setup", {}).get("grid") != raw_new.get("setup", {}).get("grid"):
        items.append(("setup", ""))
    if not items and raw_old != raw_new:
        items.append(("facts", ""))
    return items


def _commits(root: Path) -> list[tuple[str, str, str, list[str]]]:
    """(hash, date, message, changed paths) of every commit touching rules, newest first."""
    out = _git(
        root,
        "log",
        "--no-renames",
        "--date=short",
        f"--format={_RECORD}%H{_FIELD}%ad{_FIELD}%B{_FIELD}",
        "--name-only",
        "--",
        f"{VARIANTS}/*.toml",
        f"{CARDS}/*.md",
    )
    commits = []
    for record in out.split(_RECORD)[1:]:
        sha, date, message, files = record.split(_FIELD)
        paths = [p for p in files.split("\n") if p.strip()]
        commits.append((sha, date, message, paths))
    return commits


def _slug(path: str) -> str:
    return Path(path).stem


def read(root: Path = ROOT) -> History:
    """The rule changes of the repository at `root` (empty and unavailable without Git)."""
    try:
        head = _git(root, "rev-parse", "HEAD").strip()
        shallow = _git(root, "rev-parse", "--is-shallow-repository").strip() == "true"
    except (OSError, subprocess.CalledProcessError):
        return History((), available=False)
    digest = cache.key("history", head, Path(__file__).read_bytes())
    stored = cache.cache_dir() / f"{digest}.history.json"
    if stored.exists():
        data = json.loads(stored.read_text(encoding="utf-8"))
        kept = tuple(
            RuleChange(c["commit"], c["date"], c["slug"], tuple((k, w) for k, w in c["items"]))
            for c in data["changes"]
        )
        return History(kept, True, data["shallow"])
    changes = list(_changes(root))
    stored.parent.mkdir(parents=True, exist_ok=True)
    payload = {"changes": [asdict(c) for c in changes], "shallow": shallow}
    stored.write_text(json.dumps(payload, ensure_ascii=False), encoding="utf-8")
    return History(tuple(changes), True, shallow)


def _changes(root: Path) -> Iterable[RuleChange]:
    blobs = _Blobs(root)
    try:
        for sha, date, message, paths in _commits(root):
            trailer = TRAILER.search(message)
            found: dict[str, list[Item]] = {}
            for path in paths:
                old = blobs.read(f"{sha}^:{path}")
                new = blobs.read(f"{sha}:{path}")
                if path.startswith(VARIANTS):
                    items = variant_change(old, new, path)
                else:
                    items = card_change(old, new)
                if items:
                    found.setdefault(_slug(path), []).extend(items)
            for slug, items in found.items():
                if trailer:
                    items = [("note", trailer.group(1).strip()), *items]
                yield RuleChange(sha, date, slug, tuple(items))
    finally:
        blobs.close()


def group_by_date(changes: Sequence[RuleChange]) -> list[tuple[str, list[RuleChange]]]:
    """The changes grouped by day, newest day first (the order of the history)."""
    groups: list[tuple[str, list[RuleChange]]] = []
    for change in changes:
        if groups and groups[-1][0] == change.date:
            groups[-1][1].append(change)
        else:
            groups.append((change.date, [change]))
    return groups


def fingerprint() -> str:
    """A short hash of this module's source (for tests of the cache key)."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]
