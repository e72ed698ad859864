"""The generated page "Regeländerungen": the rule changes of the history, newest first.

`tafl_docs.history` reads them from Git; this module writes them as one German page, one
line per variant and day (several commits of a day to the same variant are one line), each
with links to the card and, when a repository is configured, to the commits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tafl_core.wording.lists import and_list
from tafl_docs.history import History, Item, RuleChange, group_by_date
from tafl_docs.repository import Repository

MONTHS = (
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
)

INTRO = [
    "# Regeländerungen",
    "",
    "Hier steht, wann sich die Regeln einer Variante auf dieser Website geändert haben,",
    "neueste zuerst. **Regeln geändert** heißt: Das Spiel selbst ist anders geworden, und",
    "das Spielbrett, die Beispiele und die Aufgaben folgen der neuen Regel. **Text",
    "überarbeitet** heißt: Die Regel ist gleich geblieben, ihre Erklärung auf der",
    "Regelkarte wurde neu gefasst, ergänzt oder berichtigt. Die Nummern (§) sind die, die",
    "die Regel am jeweiligen Tag hatte.",
    "",
    "Die Liste entsteht bei jedem Bau der Website aus der Versionsgeschichte des Projekts;",
    "niemand schreibt sie von Hand.",
    "",
]


def german_date(iso: str) -> str:
    """`2026-12-03` as `3. Dezember 2026`."""
    year, month, day = (int(part) for part in iso.split("-"))
    return f"{day}. {MONTHS[month - 1]} {year}"


#: Fixed sentences of the kinds that name nothing.
_FIXED = {
    "new-variant": "Variante aufgenommen.",
    "dropped-variant": "Variante entfernt.",
    "new-card": "Regelkarte aufgenommen.",
    "dropped-card": "Regelkarte entfernt.",
    "setup": "Startaufstellung geändert.",
    "facts": "Angaben zur Variante überarbeitet (Herkunft, Quellen oder Namen).",
}


_NUMBERED = ("text", "added", "dropped")


def _rule_number(name: str) -> int:
    """The number of "§ 3 „Schlagen“" (0 for a name without one), for ordering."""
    digits = name.removeprefix("§").strip().split(" ", 1)[0]
    return int(digits) if digits.isdigit() else 0


def describe(items: Sequence[Item]) -> str:
    """One German line for the items of a change (several commits' items may be joined)."""

    def named(kind: str) -> list[str]:
        found = [what for k, what in items if k == kind]
        return sorted(found, key=_rule_number) if kind in _NUMBERED else found

    out = named("note")
    out += [_FIXED[k] for k in ("new-variant", "new-card") if named(k)]
    if named("rule"):
        out.append(f"Regeln geändert – {'; '.join(named('rule'))}.")
    if named("setup"):
        out.append(_FIXED["setup"])
    if named("text"):
        out.append(f"Text von {and_list(named('text'))} überarbeitet.")
    sections = named("section")
    if sections:
        noun = "Abschnitt" if len(sections) == 1 else "Abschnitte"
        out.append(f"{noun} {and_list(sections)} überarbeitet.")
    out += [f"{what}." for what in named("renamed")]
    if named("added"):
        out.append(f"{and_list(named('added'))} hinzugekommen.")
    if named("dropped"):
        out.append(f"{and_list(named('dropped'))} entfallen.")
    out += [_FIXED[k] for k in ("facts", "dropped-card", "dropped-variant") if named(k)]
    return " ".join(out)


def _merged(changes: list[RuleChange]) -> list[tuple[str, list[Item], list[str]]]:
    """(slug, items, commits) per variant of one day, in the order they first appear;
    an item named by several commits of the day counts once."""
    rows: dict[str, tuple[list[Item], list[str]]] = {}
    for change in changes:
        items, commits = rows.setdefault(change.slug, ([], []))
        items.extend(i for i in change.items if i not in items)
        if change.commit not in commits:
            commits.append(change.commit)
    return [(slug, items, commits) for slug, (items, commits) in rows.items()]


def page(history: History, names: Mapping[str, str], repo: Repository | None) -> str:
    """Markdown of regelaenderungen.md; `names` maps variant slugs to their names."""
    lines = list(INTRO)
    if not history.available:
        lines += [
            "Diese Kopie der Website wurde ohne Versionsgeschichte gebaut; die Liste fehlt",
            "deshalb. Im Repository des Projekts steht sie vollständig.",
        ]
        return "\n".join(lines) + "\n"
    if history.shallow:
        lines += [
            '!!! note "Unvollständig"',
            "",
            "    Diese Kopie kennt nur einen Teil der Versionsgeschichte; ältere Änderungen",
            "    fehlen in der Liste.",
            "",
        ]
    for date, changes in group_by_date(history.changes):
        lines += [f"## {german_date(date)}", ""]
        for slug, items, commits in _merged(changes):
            name = names.get(slug, slug)
            link = f"[{name}](varianten/{slug}.md)" if slug in names else name
            refs = ""
            if repo is not None:
                shown = ", ".join(f"[{c[:7]}]({repo.commit(c)})" for c in commits)
                refs = f" ({shown})"
            lines.append(f"- **{link}:** {describe(items)}{refs}")
        lines.append("")
    return "\n".join(lines)
