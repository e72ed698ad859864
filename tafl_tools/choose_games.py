"""Choose recorded games for the "Partien" pages and write the pages (docs/partien/).

    python -m tafl_tools.choose_games

Every game of data/games/*_games.csv is replayed by the engine (`tafl_core.otn.game`); for
each thing worth watching (an escape, a king captured, an edge fort, an encirclement, a
shieldwall capture) the shortest decided game of at least MIN_TURNS turns that shows it is
chosen (ties: the earlier line). The choices go to data/games/chosen.json, the pages to
docs/partien/; both are committed, and tests/docs/test_games_pages.py replays every choice.
"""

from __future__ import annotations

import html
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from tafl_core.captures import CaptureRule
from tafl_core.otn.game import GameRecord, PlayedTurn, read_move_list, replay, write_game
from tafl_core.outcome import Reason
from tafl_core.turns import turn_text
from tafl_core.variants import variant
from tafl_core.wording.turns import move_numbers, pieces_phrase, side_wins, squares

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "games"
OUT = ROOT / "docs" / "partien"
CHOSEN = DATA / "chosen.json"
#: Games shorter than this (turns of both sides) are left out: they show a blunder.
MIN_TURNS = 20

#: variant slug -> the games file
FILES = {"copenhagen-11": "copenhagen_games.csv", "brandub-7": "brandubh_games.csv"}
#: what a game may show, in page order, with its heading
FEATURES = {
    "flucht": "Flucht",
    "koenigsfang": "Königsfang",
    "randfestung": "Randfestung",
    "umzingelung": "Umzingelung",
    "schildwall": "Schildwall",
}
_ENDINGS = {
    Reason.ESCAPE: "flucht",
    Reason.KING_CAPTURED: "koenigsfang",
    Reason.EDGE_FORT: "randfestung",
    Reason.ENCIRCLEMENT: "umzingelung",
}


@dataclass
class Choice:
    """A chosen game: where it is, what it shows and at which turn (1-based)."""

    variant: str
    feature: str
    line: int
    turns: int
    moment: int
    heading: str
    headline: str
    title: str
    move: str
    captured: list[str]
    result: str


def features(turns: list[PlayedTurn]) -> dict[str, int]:
    """What a replayed game shows: feature -> the turn (1-based) that shows it."""
    found: dict[str, int] = {}
    for number, turn in enumerate(turns, 1):
        if turn.record.by_rule(CaptureRule.SHIELDWALL) and "schildwall" not in found:
            found["schildwall"] = number
    last = turns[-1] if turns else None
    if last is not None and last.outcome is not None and last.outcome.reason in _ENDINGS:
        found[_ENDINGS[last.outcome.reason]] = len(turns)
    return found


def decided(game: GameRecord, turns: list[PlayedTurn]) -> bool:
    """A game the rules end, whose record agrees and does not go on afterwards."""
    return bool(turns) and turns[-1].outcome is not None and _won_as_recorded(game)


def _won_as_recorded(game: GameRecord) -> bool:
    """The record names a winner and does not say the game was cut short."""
    return "termination" not in game.tags and game.tags.get("result") in ("1", "-1")


def may_be_chosen(game: GameRecord) -> bool:
    """What `decided` and MIN_TURNS ask that the record says before it is replayed: a
    winner, no termination, at least MIN_TURNS steps (a turn has one step or more)."""
    return len(game.moves) >= MIN_TURNS and _won_as_recorded(game)


def choose(slug: str) -> list[tuple[Choice, GameRecord]]:
    """The chosen games of one variant, one per feature it has."""
    lines = (DATA / FILES[slug]).read_text("utf-8").splitlines()
    best: dict[str, tuple[int, int, GameRecord, list[PlayedTurn], int]] = {}
    for number, line in enumerate(lines, 1):
        game = read_move_list(line, slug, stop_at_end=True, first_line=number)
        if not may_be_chosen(game):
            continue  # not replayed: a third of the games
        turns = replay(game)
        if len(turns) < MIN_TURNS or not decided(game, turns):
            continue
        for feature, moment in features(turns).items():
            known = best.get(feature)
            if known is None or len(turns) < known[0]:
                best[feature] = (len(turns), number, game, turns, moment)
    chosen = []
    for feature in FEATURES:
        if feature not in best:
            continue
        _, number, game, turns, moment = best[feature]
        chosen.append((describe(slug, feature, number, game, turns, moment), game))
    return chosen


def describe(
    slug: str, feature: str, number: int, game: GameRecord, turns: list[PlayedTurn], moment: int
) -> Choice:
    """The headline and caption of a chosen game, from what the engine recorded."""
    turn = turns[moment - 1]
    geo = variant(slug).empty().geo
    move = turn_text(turn.record.moves, geo)
    captured = [geo.name(s) for s in sorted(turn.record.captured)]
    last = turns[-1]
    assert last.outcome is not None
    winner = last.outcome.winner
    side = turn.side.german
    target = geo.name(turn.record.moves[-1].to)
    # counted as on every board: the attackers' turn and the answer share a number
    at = f"Zug {move_numbers([t.side for t in turns])[moment - 1]} der {side}"
    watch = f"Achte auf {at}: {move}"
    if feature == "flucht":
        heading = f"Flucht über {target}"
        headline = f"{watch} bringt den König auf das Fluchtfeld {target}."
        title = f"{at}: {move} – der König erreicht ein Fluchtfeld."
    elif feature == "koenigsfang":
        king = next(c for c in turn.record.captures if c.rule is CaptureRule.KING)
        heading = f"Der König fällt auf {geo.name(king.square)}"
        headline = f"{watch} schließt den König auf {geo.name(king.square)} ein."
        title = f"{at}: {move} – der König ist gefangen."
    elif feature == "randfestung":
        where = geo.name(turn.after.king_square())
        heading = f"Randfestung um den König auf {where}"
        headline = (
            f"Achte auf {at}: Nach {move} steht der König auf {where} in einer "
            "Randfestung, die die Angreifer nicht mehr brechen können."
        )
        title = f"{at}: {move} – die Festung um den König auf {where} ist fertig."
    elif feature == "umzingelung":
        heading = "Umzingelung"
        headline = f"{watch} schließt den Ring: kein Verteidiger erreicht mehr den Rand."
        title = f"{at}: {move} schließt den Ring."
    else:
        walls = turn.record.by_rule(CaptureRule.SHIELDWALL)
        fallen, _ = pieces_phrase(geo, [(c.square, c.piece) for c in walls])
        names = squares(geo, [c.square for c in walls])
        heading = "Schildwall am Rand"
        headline = (
            f"Achte auf {at}: Mit {move} schließen die {side} eine Reihe am Rand, "
            f"{fallen} fallen auf einmal."
        )
        title = f"{at}: {move} schließt den Schildwall – {names} fallen."
    result = side_wins(winner)
    return Choice(
        slug, feature, number, len(turns), moment, heading, headline, title, move, captured, result
    )


def block(choice: Choice, turns: list[PlayedTurn]) -> str:
    """The ```tafl block of the moment: the position before it, the turn, what it did."""
    turn = turns[choice.moment - 1]
    lines = [
        "```tafl",
        f"Variante: {choice.variant}",
        f"Titel: {choice.title}",
        f"Am Zug: {turn.side.german}",
        "Stellung:",
        turn.before.to_ascii(),
        f"Zug: {choice.move}",
        f"Geschlagen: {', '.join(choice.captured) or 'keine'}",
    ]
    if choice.moment == choice.turns:
        outcome = turns[-1].outcome
        assert outcome is not None and outcome.winner is not None
        lines.append(f"Ergebnis: {outcome.winner.german} gewinnen ({outcome.reason.german()})")
    lines.append("```")
    return "\n".join(lines)


def player(choice: Choice, game: GameRecord) -> str:
    """The hidden "Partie nachspielen" control with the game as an OpenTafl record."""
    data = {
        "variant": choice.variant,
        "partie": write_game(game),
        "moment": choice.moment,
    }
    text = html.escape(json.dumps(data, ensure_ascii=False), quote=False)  # not a <script>
    label = html.escape(f"Partie nachspielen: {FEATURES[choice.feature]}", quote=True)
    return (
        f'<div class="tafl-partie" data-partie="{choice.variant}-{choice.line}" hidden>'
        f'<button type="button" class="md-button tafl-partie-knopf" aria-label="{label}">'
        "Partie nachspielen</button>"
        f'<template class="tafl-partie-daten">{text}</template>'
        "</div>"
    )


INTRO = """\
Partien, die Menschen gespielt haben, zum Nachspielen: Jede zeigt eine Regel bei der Arbeit.
Das Diagramm zeigt den entscheidenden Zug; „Partie nachspielen“ öffnet die ganze Partie auf
dem Brett, beim Zug vor diesem Moment. Mit den Pfeiltasten ← und → (oder den Knöpfen) geht es
Zug für Zug vor und zurück; bei jedem Schlag steht unter dem Brett, wie die Figur fiel, und am
Ende, wodurch die Partie entschieden ist. Die Regeln: [{name}](../varianten/{slug}.md).

??? info "Woher die Partien stammen"
    Aus der Partiensammlung, die das freie Programm hnefatafl-rs (Alan Bunbury, MIT-Lizenz)
    für seine Tests mitbringt. Ein Programm hat jede Partie mit den Regeln dieser Website
    nachgespielt und für jedes Thema die kürzeste entschiedene Partie mit mindestens
    {min_turns} Zügen ausgesucht. Die Nummer ist die Zeile in der Sammlung.
"""


def page(slug: str, chosen: list[tuple[Choice, GameRecord]]) -> str:
    """The Partien page of a variant."""
    var = variant(slug)
    parts = [
        f"# Partien: {var.name}",
        "",
        INTRO.format(name=var.name, slug=slug, min_turns=MIN_TURNS // 2),
    ]
    for choice, game in chosen:
        turns = replay(game)
        parts += [
            f"## {choice.heading}",
            "",
            f"{choice.headline} Partie {choice.line} der Sammlung, "
            f"{move_numbers([t.side for t in turns])[-1]} Züge, "
            f"{choice.result}.",
            "",
            block(choice, turns),
            "",
            player(choice, game),
            "",
        ]
    return "\n".join(parts)


INDEX = """\
# Partien

Aufgezeichnete Partien zum Nachspielen, Zug für Zug, mit einer Erklärung zu jedem Schlag:

{links}

## Eigene Partie öffnen

Eine eigene Partie vom [Spielbrett](../spielbrett.md), eine OpenTafl-Partie (`.otg`) oder
eine einfache Zugliste wie `d2-e2 d3-d2 b4-b2` hier einfügen, die Variante wählen und öffnen.
Jeder Zug wird mit den Regeln geprüft; was nicht passt, steht mit Zeile und Grund darunter.
Auf dem Spielbrett gibt „Partie kopieren“ die eigene Partie zum Einfügen aus. Nennt eine
OpenTafl-Partie andere Zugfolgen, lassen sie sich an ihrer Stelle ansehen.

<div class="tafl-partie-eigene" hidden>
<p><label for="tafl-partie-variante">Variante</label><br>
<select id="tafl-partie-variante">{options}</select></p>
<p><label for="tafl-partie-text">Partie (OpenTafl-Partie oder Zugliste)</label><br>
<textarea id="tafl-partie-text" rows="8" spellcheck="false" style="width: 100%"></textarea></p>
<p><button type="button" class="md-button tafl-partie-oeffnen">Partie öffnen</button></p>
<p class="tafl-partie-fehler" role="alert"></p>
<div class="tafl-partie-platz"></div>
</div>
"""


def index(pages: dict[str, int]) -> str:
    """The index page: the variants' pages and opening one's own game."""
    from tafl_core.variants import all_variants

    links = "\n".join(
        f"- [{variant(slug).name}]({slug}.md): {count} Partien" for slug, count in pages.items()
    )
    options = "".join(
        f'<option value="{slug}"{" selected" if slug == "copenhagen-11" else ""}>'
        f"{html.escape(var.name)}</option>"
        for slug, var in all_variants().items()
        if var.has_setup
    )
    return INDEX.format(links=links, options=options)


def main() -> int:
    """Choose the games of every variant and write their pages and data/games/chosen.json."""
    OUT.mkdir(exist_ok=True)
    record = []
    pages = {}
    for slug in FILES:
        chosen = choose(slug)
        (OUT / f"{slug}.md").write_text(page(slug, chosen), "utf-8")
        pages[slug] = len(chosen)
        record += [c.__dict__ for c, _ in chosen]
        for c, _ in chosen:
            print(f"{slug} {c.feature}: Partie {c.line}, {c.turns} Züge, Moment {c.moment}")
    (OUT / "index.md").write_text(index(pages), "utf-8")
    CHOSEN.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
