"""The legend: every piece and mark a variant's diagrams use, drawn as in the diagrams."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from tafl_core import Kind, Move, Piece, Position, RuleSet, Side, parse_ascii
from tafl_core.outcome import Reason
from tafl_core.rules import KingJump
from tafl_core.variants import Variant

from . import svg as draw
from .arrows import forbidden_arrow, last_move_arrows, move_arrows, origin_tints
from .ending import Ending
from .layout import BOARD, FONT, GRID, LABEL, SQUARE, Layout, f

#: Icons are strips of three squares (a1, b1, c1) of an 11×11 board; only the strip is shown.
_N = 11
_A1, _B1, _C1 = 0, 1, 2
ICON_W, ICON_H = 3 * SQUARE, SQUARE


@dataclass(frozen=True)
class LegendItem:
    """One line of the legend: a key for tests, the German label, the picture's parts."""

    key: str
    label: str
    parts: Callable[[Layout], list[str]]
    rows: float = 1.0  # height of the picture in squares (a numbered chain needs more)


def _strip(letters: str) -> Position:
    """An 11×11 position whose first rank starts with `letters` ('.' for empty)."""
    rows = [". " * _N] * (_N - 1)
    rank1 = " ".join(letters.ljust(_N, "."))
    return parse_ascii("\n".join([*rows, rank1]), _N)


def _piece(letter: str) -> Callable[[Layout], list[str]]:
    def parts(lay: Layout) -> list[str]:
        pos = _strip(f".{letter}.")
        return draw._piece_shape(lay, _B1, pos.piece_at(_B1))  # type: ignore[arg-type]

    return parts


def _nothing(lay: Layout, pos: Position) -> list[str]:
    return []


_PIECES = {
    Piece(Side.ATTACKERS, Kind.MAN): ("angreifer", "Angreifer"),
    Piece(Side.DEFENDERS, Kind.MAN): ("verteidiger", "Verteidiger"),
    Piece(Side.DEFENDERS, Kind.KING): ("koenig", "König"),
    Piece(Side.ATTACKERS, Kind.COMMANDER): ("kommandant-a", "Kommandant der Angreifer"),
    Piece(Side.DEFENDERS, Kind.COMMANDER): ("kommandant-v", "Kommandant der Verteidiger"),
    Piece(Side.ATTACKERS, Kind.VARIEGATED): ("bunter-a", "Bunter der Angreifer"),
    Piece(Side.DEFENDERS, Kind.VARIEGATED): ("bunter-v", "Bunter der Verteidiger"),
    Piece(Side.ATTACKERS, Kind.KNIGHT): ("ritter-a", "Ritter der Angreifer"),
    Piece(Side.DEFENDERS, Kind.KNIGHT): ("ritter-v", "Ritter der Verteidiger"),
}


def variant_pieces(what: RuleSet | Variant) -> list[Piece]:
    """The pieces a legend shows: a variant's pieces in play (`Variant.pieces`, e.g. Berserk's
    commanders only for the attackers) or the piece kinds a rule set gives meaning to."""
    return what.pieces()


def legend_items(rules: RuleSet, pieces: list[Piece] | None = None) -> list[LegendItem]:
    """The legend of a rule set: its pieces (or `pieces`), then the marks its diagrams use."""
    items = []
    for piece in pieces if pieces is not None else rules.pieces():
        key, label = _PIECES[piece]
        items.append(LegendItem(key, label, _piece(piece.letter)))

    def move(lay: Layout, pos: Position) -> list[str]:
        return move_arrows(lay, pos, [Move(_A1, _C1)])

    def tint(lay: Layout, pos: Position) -> list[str]:
        return origin_tints(lay, [_A1], "from")

    items.append(LegendItem("zug", "Zug, Startfeld eingefärbt", _both("A", tint, move)))
    jumping = [
        word
        for word, rule in (
            ("Kommandant", rules.commander_jump),
            ("Ritter", rules.knight_jump),
            ("König", rules.king_jump is not KingJump.NONE),
        )
        if rule
    ]
    if jumping:

        def jump(lay: Layout, pos: Position) -> list[str]:
            return move_arrows(lay, pos, [Move(_A1, _C1, True)])

        label = (
            "Sprung eines Kommandanten"
            if jumping == ["Kommandant"]
            else f"Sprung ({', '.join(jumping[:-1])} oder {jumping[-1]})"
            if len(jumping) > 1
            else f"Sprung ({jumping[0]})"
        )
        items.append(LegendItem("sprung", label, _both("CV", tint, jump), 1.6))
    if rules.berserker:

        def chain(lay: Layout, pos: Position) -> list[str]:
            return move_arrows(lay, pos, [Move(_A1, _B1), Move(_B1, _C1)])

        items.append(
            LegendItem("lauf", "Berserker-Lauf, Schritte nummeriert", _both("A", tint, chain), 1.6)
        )

    def forbidden(lay: Layout, pos: Position) -> list[str]:
        return forbidden_arrow(lay, pos, Move(_A1, _C1))

    items.append(LegendItem("verboten", "Verbotener Zug", _both("A", tint, forbidden)))

    def last_tint(lay: Layout, pos: Position) -> list[str]:
        return origin_tints(lay, [_A1], "from") + origin_tints(lay, [_C1], "to")

    def last(lay: Layout, pos: Position) -> list[str]:
        return last_move_arrows(lay, pos, [Move(_A1, _C1)])

    items.append(
        LegendItem("letzter-zug", "Letzter Zug (im Bild danach)", _both("..A", last_tint, last))
    )

    def captured(lay: Layout) -> list[str]:
        pos = _strip("...")
        ghost = Piece(Side.DEFENDERS, Kind.MAN)
        return draw._piece_shape(lay, _B1, ghost, ghost=True) + draw._captures(lay, pos, [_B1])

    items.append(LegendItem("geschlagen", "Geschlagene Figur", captured))
    if rules.variegated:
        items.append(
            LegendItem(
                "umgedreht",
                "Umgedrehter Bunter",
                _both(".B.", _nothing, lambda lay, pos: draw._flips(lay, pos, [_B1])),
            )
        )
    items.append(
        LegendItem("ziel", "Erlaubtes Zielfeld", lambda lay: draw._targets(lay, [_A1, _B1, _C1]))
    )
    items.append(
        LegendItem("markiert", "Hervorgehobenes Feld", lambda lay: draw._highlights(lay, [_B1]))
    )
    if rules.throne or rules.corners:
        what = " oder ".join(
            w for w, on in (("Thron", rules.throne), ("Eckfeld", rules.corners)) if on
        )
        items.append(
            LegendItem(
                "sperrfeld", f"Sperrfeld ({what})", lambda lay: draw.restricted_marks(lay, [_B1])
            )
        )

    def ending(lay: Layout) -> list[str]:
        pos = _strip("A.A")
        mark = Ending(Reason.ENCIRCLEMENT, (_A1, _C1), (_B1,))
        out = draw._area(lay, [_B1])
        for s, piece in pos.pieces().items():
            out += draw._piece_shape(lay, s, piece)
        return out + draw._frames(lay, pos, mark, {})

    items.append(LegendItem("spielende", "Entscheidet die Partie", ending))
    return items


def _both(
    letters: str,
    below: Callable[[Layout, Position], list[str]],
    above: Callable[[Layout, Position], list[str]],
) -> Callable[[Layout], list[str]]:
    """Parts of a picture: marks under the pieces, the pieces, marks over them."""

    def parts(lay: Layout) -> list[str]:
        pos = _strip(letters)
        out = below(lay, pos)
        for s, piece in pos.pieces().items():
            out += draw._piece_shape(lay, s, piece)
        return out + above(lay, pos)

    return parts


def icon_svg(item: LegendItem, *, height: float = 30, style: str = "") -> str:
    """The picture of one legend item as a small decorative SVG (its label is beside it)."""
    lay = Layout(_N)
    x, y = lay.corner(_A1)
    extra = (item.rows - 1) * SQUARE
    w, h = ICON_W, ICON_H + extra
    lines = "".join(f"M{f(x + i * SQUARE)} {f(y - extra)}v{f(h)}" for i in (1, 2))
    body = "\n".join(item.parts(lay))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{f(x)} {f(y - extra)} {f(w)} {f(h)}"'
        f' width="{f(height * w / ICON_H)}" height="{f(height * h / ICON_H)}"'
        f' aria-hidden="true" focusable="false" data-legend="{item.key}"'
        + (f' style="{style}"' if style else "")
        + ">"
        f'<rect x="{f(x)}" y="{f(y - extra)}" width="{f(w)}" height="{f(h)}" fill="{BOARD}"'
        f' stroke="{GRID}"/><path d="{lines}" stroke="{GRID}"/>\n{body}</svg>'
    )


def legend_svg(rules: RuleSet, pieces: list[Piece] | None = None, *, title: str = "Legende") -> str:
    """The whole legend as one SVG document: a picture and a German label per line."""
    items = legend_items(rules, pieces)
    gap = 8
    y = 0.0
    rows = []
    for item in items:
        h = ICON_H + (item.rows - 1) * SQUARE
        icon = icon_svg(item, height=ICON_H).replace(' aria-hidden="true" focusable="false"', "")
        icon = icon.replace("<svg ", f'<svg x="0" y="{f(y)}" ', 1)
        rows.append(icon)
        rows.append(
            f'<text x="{f(ICON_W + 12)}" y="{f(y + h / 2 + 5)}" font-size="15"'
            f' fill="{LABEL}">{escape(item.label)}</text>'
        )
        y += h + gap
    width = ICON_W + 12 + 380
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {f(width)} {f(y)}"'
        f' width="{f(width)}" height="{f(y)}" role="img" font-family="{FONT}">'
        f"<title>{escape(title)}</title>"
        f"<desc>{escape('; '.join(i.label for i in items))}.</desc>\n"
        + "\n".join(rows)
        + "\n</svg>\n"
    )


def legend_html(rules: RuleSet, pieces: list[Piece] | None = None) -> str:
    """The legend as an HTML list of pictures and labels, in columns where there is room."""
    lines = [
        '<div class="tafl-legende">',
        "<p><strong>Zeichen in den Diagrammen</strong></p>",
        '<ul style="columns: 15rem; column-gap: 1.5rem; margin: 0; padding: 0;">',
    ]
    for item in legend_items(rules, pieces):
        lines.append(
            '<li style="list-style: none; margin: 0 0 0.3em; break-inside: avoid;'
            ' display: flex; align-items: center; gap: 0.6em;">'
            f"{icon_svg(item, style='flex: none')}"
            f"<span>{escape(item.label)}</span></li>"
        )
    lines += ["</ul>", "</div>"]
    return "\n".join(lines)
