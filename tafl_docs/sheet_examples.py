"""The examples a rule sheet ("Regelblatt") shows: picked from the cards, executed, drawn.

Each variant names two to four ```tafl examples of its card by their `Titel:` – the rules
players most often get wrong. They are parsed and executed through the same engine path as
the site's examples (`tafl_core.examples.run.execute`), so a sheet never shows an example the
engine contradicts; a pick that is missing or fails is a `SheetError` naming file and title.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tafl_core.examples.run import Execution, execute
from tafl_core.examples.syntax import BlockError, find_blocks, parse_block
from tafl_core.moves import Move
from tafl_core.pieces import Kind, Piece, Side

#: Per variant: (file relative to docs/, exact title of the example), in sheet order.
PICKS: dict[str, tuple[tuple[str, str], ...]] = {
    "copenhagen-11": (
        (
            "varianten/copenhagen-11.md",
            "Der Angreifer zieht über den leeren Thron f6 nach f9 – "
            "anhalten dürfte er auf f6 nicht.",
        ),
        (
            "varianten/copenhagen-11.md",
            "Leerer Thron – jetzt ist f6 feindlich, und der Verteidiger auf f7 fällt.",
        ),
        (
            "varianten/copenhagen-11.md",
            "Der König auf f1 ist von drei Seiten umstellt – und wird doch nicht geschlagen.",
        ),
        (
            "varianten/copenhagen-11.md",
            "g1 schließt den Schildwall – d1 und f1 fallen, der König auf e1 bleibt.",
        ),
    ),
    "copenhagen-13": (
        (
            "varianten/copenhagen-13.md",
            "Drei Angreifer und der leere Thron g7 fangen den König auf g8.",
        ),
        (
            "varianten/copenhagen-13.md",
            "Der König auf g1 ist von drei Angreifern umstellt und bleibt doch im Spiel.",
        ),
        (
            "varianten/copenhagen-13.md",
            "a9 schließt den Schildwall an der a-Linie – a6 und a8 fallen, "
            "der König auf a7 bleibt.",
        ),
        (
            "varianten/copenhagen-13.md",
            "Die Ecke m13 schließt die Zange – der Verteidiger auf m12 fällt.",
        ),
    ),
    "standard-tablut-9": (
        (
            "varianten/standard-tablut-9.md",
            "Der Angreifer auf e2 darf nicht über den leeren Thron e5 ziehen.",
        ),
        (
            "varianten/standard-tablut-9.md",
            "Der König sitzt auf dem Thron – trotzdem fällt der Verteidiger auf e6 "
            "gegen den Thron.",
        ),
        (
            "varianten/standard-tablut-9.md",
            "Am Rand zählt die Kante als vierte Seite – der König auf e1 fällt.",
        ),
        (
            "varianten/standard-tablut-9.md",
            "Der König erreicht den Rand bei e9 – das ist noch kein Sieg.",
        ),
    ),
    "seeschlacht-11": (
        (
            "varianten/seeschlacht-11.md",
            "Ein Angreifer darf auf dem Mittelfeld f6 stehen bleiben.",
        ),
        (
            "varianten/seeschlacht-11.md",
            "Das Frachtschiff zieht nach e7 – der Angreifer auf e8 bleibt stehen.",
        ),
        (
            "varianten/seeschlacht-11.md",
            "Drei Angreifer um f7 genügen nicht; das Mittelfeld f6 ist kein Thron.",
        ),
        (
            "varianten/seeschlacht-11.md",
            "Das Frachtschiff erreicht d11 am Rand und ist entkommen.",
        ),
    ),
    "simples-tafl-11": (
        (
            "varianten/simples-tafl-11.md",
            "Der Verteidiger zieht selbst zwischen zwei Angreifer – er bleibt stehen.",
        ),
        (
            "varianten/simples-tafl-11.md",
            "Der König steht auf dem Mittelfeld, doch das schützt ihn nicht – "
            "zwei Angreifer genügen.",
        ),
        (
            "varianten/simples-tafl-11.md",
            "Der König läuft auf f1 – ein gewöhnliches Randfeld genügt zur Flucht.",
        ),
        (
            "varianten/simples-tafl-11.md",
            "Die leere Ecke a1 ist nicht feindlich – der Verteidiger auf a2 überlebt.",
        ),
    ),
    "tyr-11": (
        (
            "varianten/tyr-11.md",
            "Zwei Angreifer auf f7 und f5 fangen den König auf dem Mittelfeld.",
        ),
        (
            "varianten/tyr-11.md",
            "Ein Berserker-Lauf: c2-c5 schlägt d5, c5-c8 schlägt d8 – beides in einem Zug.",
        ),
        (
            "varianten/tyr-11.md",
            "Ein zweiter Schritt ohne Schlag ist im Lauf nicht erlaubt.",
        ),
        (
            "varianten/tyr-11.md",
            "Der Kommandant springt von c5 über d5 nach e5; d5 bleibt stehen, e6 fällt gegen e7.",
        ),
    ),
    "tyr-15": (
        (
            "varianten/tyr-15.md",
            "Der Kommandant springt von e8 über f8 nach g8 – der Verteidiger auf f8 bleibt stehen.",
        ),
        (
            "varianten/tyr-15.md",
            "Über den König darf kein Kommandant springen.",
        ),
        (
            "varianten/tyr-15.md",
            "Ein Sprung, der nichts schlägt, setzt den Lauf nicht fort – "
            "nur c7 (Schlag auf b7) wäre erlaubt.",
        ),
        (
            "varianten/tyr-15.md",
            "Der König schlägt h7, dann c7 und läuft als dritten Schritt auf den Rand d15.",
        ),
    ),
    "odin-11": (
        (
            "varianten/odin-11.md",
            "Kein Thron: Der König auf dem Mittelfeld f6 fällt zwischen dem Angreifer f5 "
            "und dem Bunten der Angreifer auf f7.",
        ),
        (
            "varianten/odin-11.md",
            "Der Angreifer zieht nach e6 – der Bunte auf e5 wechselt zu den Angreifern, "
            "statt geschlagen zu werden.",
        ),
        (
            "varianten/odin-11.md",
            "Der Bunte zieht selbst zwischen zwei Angreifer – er bleibt ein Verteidiger.",
        ),
        (
            "varianten/odin-11.md",
            "Über einen Bunten der eigenen Seite springt der Kommandant nicht.",
        ),
    ),
    "brandub-7": (
        (
            "varianten/brandub-7.md",
            "Neben dem Thron – drei Angreifer und der Thron d4 fangen den König auf d5.",
        ),
        (
            "varianten/brandub-7.md",
            "Der König auf d5 steht neben dem Thron – zwischen c5 und e5 fällt er nicht.",
        ),
        (
            "varianten/brandub-7.md",
            "Der König auf b1 fällt zwischen der Ecke a1 und dem Angreifer auf c1.",
        ),
    ),
    "tablut-9": (
        ("varianten/tablut-9.md", "Der König darf nicht auf den Thron e5 zurückkehren."),
        (
            "varianten/tablut-9.md",
            "Neben dem Thron – drei Angreifer und der Thron e5 fangen den König auf e6.",
        ),
        (
            "varianten/tablut-9.md",
            "Abseits des Throns fällt der König auf c6 zwischen b6 und d6.",
        ),
        (
            "varianten/tablut-9.md",
            "Der König zieht von c6 an den Rand nach c9 und gewinnt.",
        ),
    ),
    "fetlar-11": (
        (
            "varianten/fetlar-11.md",
            "Drei Angreifer und der leere Thron f6 fangen den König auf f7.",
        ),
        (
            "varianten/fetlar-11.md",
            "Der König auf f1 ist von drei Seiten umstellt – und wird doch nicht geschlagen.",
        ),
        (
            "varianten/fetlar-11.md",
            "Kein Schildwall: g1 schließt die Reihe am Rand, aber weder d1 noch f1 fallen.",
        ),
    ),
    "brandub-7-opentafl": (
        (
            "varianten/brandub-7-opentafl.md",
            "Auch auf dem Thron genügen zwei Angreifer – der König auf d4 fällt "
            "zwischen c4 und e4.",
        ),
        (
            "varianten/brandub-7-opentafl.md",
            "Leerer Thron, aber nicht feindlich – der Verteidiger auf d5 bleibt stehen.",
        ),
        (
            "varianten/brandub-7-opentafl.md",
            "Der König auf b1 fällt zwischen der Ecke a1 und dem Angreifer auf c1.",
        ),
    ),
    "tawlbwrdd-11": (
        (
            "varianten/tawlbwrdd-11.md",
            "Das Mittelfeld schützt den König nicht – er fällt zwischen f7 und f5.",
        ),
        (
            "varianten/tawlbwrdd-11.md",
            "Die leere Ecke k1 ist nicht feindlich – der Verteidiger auf k2 bleibt stehen.",
        ),
        (
            "varianten/tawlbwrdd-11.md",
            "Der König zieht von d7 an den Rand nach a7 und gewinnt.",
        ),
        (
            "varianten/tawlbwrdd-11.md",
            "Der Angreifer auf g8 schließt den Ring – König und Verteidiger kommen nicht mehr "
            "an den Rand.",
        ),
    ),
    "berserk-11": (
        (
            "varianten/berserk-11.md",
            "Der Kommandant springt über d4 nach e4: d4 bleibt stehen, f4 fällt zwischen ihm "
            "und dem Angreifer auf g4.",
        ),
        (
            "varianten/berserk-11.md",
            "Der Ritter schlägt im Sprung d5 und zieht im selben Zug weiter nach c4, wo er c3 "
            "gegen den Verteidiger auf c2 schlägt.",
        ),
        (
            "varianten/berserk-11.md",
            "Zwei Kommandanten nehmen den König auf e1 zwischen sich – am Rand genügt das.",
        ),
        (
            "varianten/berserk-11.md",
            "Direkt neben dem Thron helfen auch zwei Kommandanten nicht – der König auf f5 "
            "bleibt stehen.",
        ),
    ),
}

#: The site's Markdown sources, when this package runs from a checkout.
DOCS_DIR = Path(__file__).resolve().parent.parent / "docs"


class SheetError(Exception):
    """A rule sheet that cannot be made; the message is German and names the cause."""


@dataclass(frozen=True)
class SheetExample:
    """One picked example, executed: its title, the drawn SVG and a short German note."""

    title: str
    svg: str
    note: str


def picked(slug: str, docs_dir: Path = DOCS_DIR) -> list[Execution]:
    """The executed examples picked for a variant; SheetError if one is missing or fails."""
    out = []
    texts: dict[str, str] = {}
    for rel, title in PICKS.get(slug, ()):
        path = docs_dir / rel
        if rel not in texts:
            try:
                texts[rel] = path.read_text(encoding="utf-8")
            except OSError:
                raise SheetError(
                    f"docs/{rel}: Datei nicht gefunden – das Regelblatt von {slug} "
                    "braucht die Beispiele der Regelkarte"
                ) from None
        out.append(_run(texts[rel], f"docs/{rel}", title))
    return out


def _run(text: str, path: str, title: str) -> Execution:
    """Parse and execute the example with this exact title."""
    for found in find_blocks(text):
        try:
            block = parse_block(found.body, path, found.first_body_line)
        except BlockError:
            continue  # the site build reports broken blocks; here only the pick matters
        if (block.caption or "").strip() != title:
            continue
        ex = execute(block)
        if not ex.ok:
            raise SheetError(f"{path}: das Beispiel „{title}“ stimmt nicht:\n{ex.report()}")
        return ex
    raise SheetError(
        f"{path}: kein Beispiel mit dem Titel „{title}“ (Auswahl für das Regelblatt in "
        "tafl_docs/sheet_examples.py)"
    )


def draw(ex: Execution, id_prefix: str) -> SheetExample:
    """One diagram per example: the final position with the last turn's arrows and marks."""
    from diagrams import position_svg

    block = ex.block
    name = block.variant.name
    geo = ex.after.geo
    if ex.illegal is not None:
        frm, to, _reason, message = ex.illegal
        moves = [*ex.last_moves, Move(frm, to)] if frm >= 0 else ex.last_moves
        svg = position_svg(
            ex.before,
            block.variant.rules,
            moves=moves,
            highlights=block.highlights,
            variant_name=name,
            id_prefix=id_prefix,
        )
        note = f"verboten: {message}"
    elif not block.turns:
        targets = sorted({t for ts in ex.targets.values() for t in ts})
        svg = position_svg(
            ex.after,
            block.variant.rules,
            highlights=block.highlights,
            targets=targets,
            variant_name=name,
            id_prefix=id_prefix,
        )
        note = ""
    else:
        svg = position_svg(
            ex.after,
            block.variant.rules,
            moves=ex.last_moves,
            captured=ex.captured,
            captured_pieces=ex.captured_pieces,
            flipped=ex.flipped,
            highlights=block.highlights,
            variant_name=name,
            id_prefix=id_prefix,
        )
        parts = []
        king = Piece(Side.DEFENDERS, Kind.KING)
        men = [s for s in ex.captured if ex.captured_pieces.get(s) != king]
        if men:
            parts.append("geschlagen: " + ", ".join(geo.name(s) for s in men))
        if len(men) < len(ex.captured) and ex.outcome is None:
            parts.append("der König ist gefangen")
        if ex.flipped:
            parts.append("wechselt die Seite: " + ", ".join(geo.name(s) for s in ex.flipped))
        if ex.outcome is not None:
            parts.append(ex.outcome.german())
        note = "; ".join(parts) if parts else "nichts geschlagen"
    return SheetExample(title=block.caption or "", svg=svg, note=note)
