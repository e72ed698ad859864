"""The generated page "Regeländerungen": the rule changes of the history, newest first.

`tafl_docs.history` reads them from Git; this module writes them as one German page, one
line per variant and day (several commits of a day to the same variant are one line), each
with links to the card and, when a repository is configured, to the commits.
"""

from __future__ import annotations

from collections.abc import Mapping

from tafl_docs.history import History, RuleChange, group_by_date
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


def _merged(changes: list[RuleChange]) -> list[tuple[str, list[str], list[str]]]:
    """(slug, texts, commits) per variant of one day, in the order they first appear."""
    rows: dict[str, tuple[list[str], list[str]]] = {}
    for change in changes:
        texts, commits = rows.setdefault(change.slug, ([], []))
        if change.text not in texts:
            texts.append(change.text)
        if change.commit not in commits:
            commits.append(change.commit)
    return [(slug, texts, commits) for slug, (texts, commits) in rows.items()]


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
        for slug, texts, commits in _merged(changes):
            name = names.get(slug, slug)
            link = f"[{name}](varianten/{slug}.md)" if slug in names else name
            refs = ""
            if repo is not None:
                shown = ", ".join(f"[{c[:7]}]({repo.commit(c)})" for c in commits)
                refs = f" ({shown})"
            lines.append(f"- **{link}:** {' '.join(texts)}{refs}")
        lines.append("")
    return "\n".join(lines)
