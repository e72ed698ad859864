"""The glossary tooltips (``includes/abbreviations.md``), with their variant lists from the data.

Material shows a tooltip wherever a glossary word stands in a page; pymdownx.snippets appends
``includes/abbreviations.md`` to every page. A tooltip that names the variants with a rule
("Berserker-Regel … (Berserk, Tyr und Odin)") must not go stale when a variant is added or
changed, so the file is generated here from the rule data: ``python -m tafl_docs.abbreviations``
writes it, and ``tests/docs/test_abbreviations.py`` fails when the file and the data disagree.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tafl_core import RuleSet
from tafl_core.rules import Escape
from tafl_core.wording.lists import and_list

from .catalogue import ordered_variants

#: The generated file (a snippet appended to every page; see mkdocs.yml).
ABBREVIATIONS_FILE = Path(__file__).resolve().parent.parent / "includes" / "abbreviations.md"


@dataclass(frozen=True)
class Term:
    """Words that get one tooltip; `where` (a rule test) appends the variants that have it."""

    words: tuple[str, ...]
    text: str
    where: Callable[[RuleSet], bool] | None = None


def family(name: str) -> str:
    """A variant's short name in a list: 'Copenhagen Hnefatafl 13×13' -> 'Copenhagen'."""
    name = re.sub(r"\s*\([^)]*\)", "", name)
    name = re.sub(r"\s*\d+×\d+", "", name)
    return name.replace(" Hnefatafl", "").strip()


def german_list(items: list[str]) -> str:
    """'a', 'a und b', 'a, b und c'."""
    return and_list(items)


def variants_with(where: Callable[[RuleSet], bool]) -> list[str]:
    """Short names of the variants whose rules pass `where`, in catalogue order, once each."""
    names: list[str] = []
    for v in ordered_variants():
        name = family(v.name)
        if where(v.rules) and name not in names:
            names.append(name)
    return names


_THRONE = (
    "Das Mittelfeld des Bretts. Nur der König darf darauf stehen bleiben; je nach Variante ist "
    "es ein feindliches Feld."
)
_SHIELDWALL = (
    "Eine Reihe eigener Figuren am Brettrand, die ein Gegner mit einem Zug als Ganzes schlägt, "
    "wenn er beide Enden schließt"
)
_COMMANDER = "über einen direkt benachbarten Gegner (weder König noch Kommandant) springen"
_VARIEGATED = "eingeschlossen nicht geschlagen werden, sondern die Seite wechseln"
_ARMED = "Ein König, der beim Schlagen mitwirkt, als Hammer wie als Amboss."
_UNARMED = "Ein König, der beim Schlagen nicht mitwirkt."
_WEAK = "Ein König, der wie jede Figur schon zwischen zwei Gegnern gefangen ist."
_STRONG = "Ein König, der erst von vier Seiten eingeschlossen gefangen ist."

#: Every tooltip, in the order of the file.
TERMS: tuple[Term, ...] = (
    Term(("Thron", "Throns"), _THRONE),
    Term(
        ("Sperrfeld",),
        "Ein Feld, auf dem nur der König stehen bleiben darf: der Thron und, je nach Variante, "
        "die vier Eckfelder.",
    ),
    Term(
        ("Sperrfelder",),
        "Felder, auf denen nur der König stehen bleiben darf: der Thron und, je nach Variante, "
        "die vier Eckfelder.",
    ),
    Term(
        ("feindliches Feld", "feindliche Feld"),
        "Ein leeres Sperrfeld, das beim Schlagen wie eine gegnerische Figur zählt.",
    ),
    Term(
        ("feindliche Felder",),
        "Leere Sperrfelder, die beim Schlagen wie gegnerische Figuren zählen.",
    ),
    Term(("Schildwall", "Schildwalls"), _SHIELDWALL, lambda r: r.shieldwall),
    Term(
        ("Randfestung",),
        "Der König steht am Rand, kann ziehen und ist von Verteidigern eingemauert, die nie "
        "geschlagen werden können: Die Verteidiger gewinnen",
        lambda r: r.edge_fort,
    ),
    Term(
        ("Umzingelung",),
        "Die Angreifer schließen den König und alle Verteidiger so ein, dass keiner von ihnen "
        "mehr den Brettrand erreichen kann: Die Angreifer gewinnen",
        lambda r: r.encirclement,
    ),
    Term(
        ("Kantenflucht",),
        "Der König gewinnt, sobald er irgendein Randfeld erreicht",
        lambda r: r.escape is Escape.EDGE,
    ),
    Term(
        ("Eckflucht",),
        "Der König gewinnt erst, wenn er eines der vier Eckfelder erreicht",
        lambda r: r.escape is Escape.CORNER,
    ),
    Term(
        ("Berserker-Regel",),
        "Wer schlägt, darf mit derselben Figur im selben Zug weiterziehen, solange sie dabei "
        "erneut schlägt",
        lambda r: r.berserker,
    ),
    Term(
        ("Berserker-Lauf",),
        "Eine Folge von Schlagzügen derselben Figur innerhalb eines Zuges (Berserker-Regel).",
    ),
    Term(
        ("Kommandant",),
        f"Sonderfigur, die {_COMMANDER} darf, ohne ihn zu schlagen",
        lambda r: r.commander_jump,
    ),
    Term(
        ("Kommandanten",),
        f"Sonderfiguren, die {_COMMANDER} dürfen, ohne ihn zu schlagen",
        lambda r: r.commander_jump,
    ),
    Term(
        ("Bunter",),
        "Sonderfigur (Variegated Man), die eingeschlossen nicht geschlagen wird, sondern die "
        "Seite wechselt",
        lambda r: r.variegated,
    ),
    Term(
        ("Bunte", "Bunten"),
        f"Sonderfiguren (Variegated Men), die {_VARIEGATED}",
        lambda r: r.variegated,
    ),
    Term(("bewaffnete König", "bewaffneter König"), _ARMED),
    Term(("unbewaffnete König", "unbewaffneter König"), _UNARMED),
    Term(("schwacher König", "schwache König"), _WEAK),
    Term(("starker König", "starke König"), _STRONG),
    Term(
        ("Zugwiederholung",),
        "Die dritte gleiche Stellung mit derselben Seite am Zug; je nach Variante erlaubt, "
        "remis oder verloren.",
    ),
    Term(
        ("Zugunfähigkeit",),
        "Eine Seite hat keinen erlaubten Zug mehr; je nach Variante verliert sie oder die "
        "Partie endet remis.",
    ),
    Term(("OTN",), "OpenTafl-Notation: Textformat für Regeln, Stellungen und Züge."),
    Term(
        ("Linné-Regel",),
        "Ist der König auf dem Thron von drei Angreifern umstellt, fällt ein Verteidiger an "
        "seiner vierten Seite gegen den Thron",
        lambda r: r.linnaean_capture,
    ),
)


def tooltip(term: Term) -> str:
    """The tooltip text of a term, with its variant list when it has a rule test."""
    if term.where is None:
        return term.text
    names = variants_with(term.where)
    inner = german_list(names) if names else "in keiner Variante dieser Seite"
    if term.words[0] == "Berserker-Regel" and variants_with(lambda r: r.variegated):
        odin = german_list(variants_with(lambda r: r.berserker and r.variegated))
        inner += f"; in {odin} zählt auch das Umdrehen eines Bunten"
    return f"{term.text} ({inner})."


def render() -> str:
    """The whole abbreviations file."""
    lines = [f"*[{word}]: {tooltip(term)}" for term in TERMS for word in term.words]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the file (``--check``: only report whether it is current)."""
    args = sys.argv[1:] if argv is None else argv
    text = render()
    current = ABBREVIATIONS_FILE.read_text(encoding="utf-8") if ABBREVIATIONS_FILE.exists() else ""
    if "--check" in args:
        if current != text:
            print(f"{ABBREVIATIONS_FILE} ist veraltet: python -m tafl_docs.abbreviations")
            return 1
        return 0
    ABBREVIATIONS_FILE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
