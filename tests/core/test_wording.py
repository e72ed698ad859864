"""Short and long forms of the rule texts say the same thing, and both say what the rules say.

For every variant and every topic, a few facts (e.g. for the king: armed, captured on
two or four sides, who captures him on the edge) are read out of each text by the phrase
that states them, and compared with each other and with the rule set. The short forms are
the Grunddaten rows, the rule values, the piece notes, the comparison row and the overview
facts; the long form is “Auf einen Blick”. Then a few whole sentences, written from the
rule cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace

import pytest

from tafl_core import Kind, Piece, Side, Variant, all_variants, variant
from tafl_core.params import PARAMS, TOPICS, applies
from tafl_core.rules import (
    Escape,
    Hostility,
    KingCapture,
    KingJump,
    NoMoves,
    Repetition,
    RuleSet,
    ThronePass,
)
from tafl_core.wording import rules as w

SLUGS = sorted(all_variants())

Facts = dict[str, object]


def _glance(v: Variant) -> dict[str, str]:
    counts = Counter(v.start().pieces().values()) if v.has_setup else None
    return dict(w.glance(v, counts))


def _one_of(text: str, phrases: Mapping[str, object], default: object = None) -> object:
    """The meaning of the one phrase of `phrases` found in `text` (the default if none)."""
    found = {meaning for phrase, meaning in phrases.items() if phrase in text}
    assert len(found) <= 1, (text, found)
    return found.pop() if found else default


# -- the king ------------------------------------------------------------------------------


def _king_expected(r: RuleSet) -> Facts:
    four = r.king_capture is KingCapture.FOUR_SIDES
    if not four or r.escape is Escape.EDGE:
        edge = None  # two sides: like any piece; edge escape: the edge already wins
    elif r.king_edge_counts:
        edge = "edge counts"
    else:
        edge = "commanders" if r.commander_king_capture else "nobody"
    return {
        "armed": r.king_armed,
        "sides": {
            KingCapture.TWO_SIDES: 2,
            KingCapture.FOUR_SIDES: 4,
            KingCapture.STRONG_NEAR_THRONE: "throne",
        }[r.king_capture],
        "edge": edge,
        # with two sides (or the strong king away from the throne) two commanders are two enemies
        "commanders": r.commander_king_capture and four,
    }


def _king_from_grunddaten(text: str) -> Facts:
    return {
        "armed": not text.startswith("unbewaffnet"),
        "sides": _one_of(
            text,
            {
                "von zwei Seiten gefangen": 2,
                "erst von vier Seiten": 4,
                "stark nur am Thron": "throne",
            },
        ),
        "edge": _one_of(
            text,
            {
                "der Brettrand zählt als Seite": "edge counts",
                "am Brettrand nicht zu fangen": "nobody",
                "am Brettrand fangen ihn nur Kommandanten": "commanders",
            },
        ),
        "commanders": "zwei Kommandanten fangen ihn" in text,
    }


def _king_from_comparison(text: str) -> Facts:
    starts = {
        "wie jede Figur von zwei Seiten": 2,
        "auf dem Thron von vier Angreifern": "throne",
        "von vier Seiten": 4,
    }
    return {
        "sides": next(sides for start, sides in starts.items() if text.startswith(start)),
        "edge": _one_of(
            text,
            {
                "und der Brettrand": "edge counts",
                "am Brettrand gar nicht": "nobody",
                "am Brettrand nur durch Kommandanten": "commanders",
            },
        ),
        "commanders": "zwischen zwei Kommandanten" in text,
    }


def _king_from_glance(text: str) -> Facts:
    return {
        "armed": _one_of(text, {"Der König schlägt mit.": True, "unbewaffnet": False}),
        "sides": _one_of(
            text,
            {
                "Er fällt wie jede Figur zwischen zwei Gegnern, auch am Rand.": 2,
                "Er fällt erst, wenn ihn Angreifer von vier Seiten einschließen": 4,
                "Auf dem Thron fällt er erst": "throne",
            },
        ),
        "edge": _one_of(
            text,
            {
                "der Brettrand daneben": "edge counts",
                "Am Rand ist er sicher.": "nobody",
                "Am Rand fangen ihn nur Kommandanten.": "commanders",
            },
        ),
        "commanders": "Zwei Kommandanten fangen ihn" in text,
    }


def _king_helpers_expected(r: RuleSet) -> Facts:
    """With four sides: which squares beside the king count as a side."""
    return {
        "throne": r.throne and r.throne_hostile_defenders is not Hostility.NEVER,
        "corner": r.corners and r.corners_hostile_defenders and r.king_edge_counts,
    }


@pytest.mark.parametrize("slug", SLUGS)
def test_king(slug: str) -> None:
    r = variant(slug).rules
    want = _king_expected(r)
    grunddaten = _king_from_grunddaten(w.king_text(r))
    piece_table = _king_from_grunddaten(w.piece_note(r, Piece(Side.DEFENDERS, Kind.KING)))
    glance = _king_from_glance(_glance(variant(slug))["König"])
    comparison = _king_from_comparison(w.king_sides_text(r))
    assert grunddaten == want
    assert piece_table == want
    assert glance == want
    if want["edge"] is None and comparison["edge"] == "nobody":
        comparison["edge"] = None  # "am Brettrand gar nicht" is also true where the edge wins
    assert comparison == {k: want[k] for k in comparison}
    if r.king_capture is KingCapture.FOUR_SIDES:
        helpers = _king_helpers_expected(r)
        text = _glance(variant(slug))["König"]
        assert ("Thron daneben" in text or "der Thron," in text) is helpers["throne"]
        assert ("eine Ecke und" in text) is helpers["corner"]
        sides = w.king_sides_text(r)
        assert ("der leere Thron" in sides) is helpers["throne"]
        assert ("ein Eckfeld" in sides) is helpers["corner"]
        assert ("feindliche Felder zählen als Seite" in w.king_text(r)) is (r.throne or r.corners)


def test_king_on_the_edge_fails_on_the_old_berserk_text() -> None:
    """A defect once found: the old Grunddaten row said "am Brettrand nicht zu fangen"."""
    old = (
        "bewaffnet (schlägt mit); stark: wird erst von vier Seiten gefangen, feindliche Felder "
        "zählen als Seite; am Brettrand nicht zu fangen"
    )
    r = variant("berserk-11").rules
    assert _king_from_grunddaten(old) != _king_expected(r)
    assert _king_from_grunddaten(w.king_text(r)) == _king_expected(r)


# -- escape, restricted squares, hostility ----------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
def test_escape(slug: str) -> None:
    v = variant(slug)
    r = v.rules
    want = "corner" if r.escape is Escape.CORNER else "edge"
    assert _one_of(w.escape_text(r), {"ein Eckfeld": "corner", "jedes Randfeld": "edge"}) == want
    assert _one_of(w.rule_value("escape", r), {"Eckfeld": "corner", "Randfeld": "edge"}) == want
    assert (
        _one_of(" ".join(w.overview_facts(r)), {"Eckflucht": "corner", "Kantenflucht": "edge"})
        == want
    )
    note = w.piece_note(r, Piece(Side.DEFENDERS, Kind.KING))
    assert _one_of(note, {"Ziel ein Eckfeld": "corner", "Ziel jedes Randfeld": "edge"}) == want
    goal = _glance(v)["Ziel"]
    assert _one_of(goal, {"ein Eckfeld": "corner", "ein beliebiges Randfeld": "edge"}) == want


def _restricted_expected(r: RuleSet) -> Facts:
    return {
        "throne": r.throne,
        "corners": r.corners,
        "all pass": r.throne_pass is ThronePass.ALL if r.throne else None,
        "locked": (not r.throne_reentry) if r.throne else None,
    }


@pytest.mark.parametrize("slug", SLUGS)
def test_restricted_squares(slug: str) -> None:
    v = variant(slug)
    r = v.rules
    want = _restricted_expected(r)
    short = w.restricted_text(v)
    assert {
        "throne": "Thron auf" in short,
        "corners": "Eckfelder" in short,
        "all pass": _one_of(
            short, {"leer dürfen ihn alle Figuren": True, "stehen oder ihn überqueren": False}
        ),
        "locked": _one_of(short, {"betritt ihn niemand mehr": True}, False if r.throne else None),
    } == want
    glance = _glance(v)
    if not (r.throne or r.corners):
        assert "Sperrfelder" not in glance
        assert short == "keine (kein Thron, keine Sperrfelder)"
        return
    long = glance["Sperrfelder"]
    assert {
        "throne": "Thron (" in long,
        "corners": "den Ecken darf" in long or "und den Ecken" in long,
        "all pass": _one_of(
            long,
            {
                "über den leeren Thron dürfen alle": True,
                "über den leeren Thron zieht nur er": False,
            },
        ),
        "locked": _one_of(
            long, {"darf ihn niemand mehr betreten": True}, False if r.throne else None
        ),
    } == want
    assert (w.rule_value("throne_reentry", r) == "nein") is bool(want["locked"])


def _hostility_from_values(r: RuleSet) -> tuple[object, ...]:
    """(throne to attackers, throne to defenders, corners to attackers, to defenders) as words."""
    words = {"nie": "never", "nur wenn leer": "empty", "immer": "always", "ja": True, "nein": False}
    names = (
        "throne_hostile_attackers",
        "throne_hostile_defenders",
        "corners_hostile_attackers",
        "corners_hostile_defenders",
    )
    out = []
    for name in names:
        value = w.rule_value(name, r)
        out.append(words.get(value, "never" if name.startswith("throne") else False))
    return tuple(out)


def _hostility_from_glance(text: str) -> tuple[object, ...]:
    if "wirken Thron und Ecken gegen beide Seiten wie ein Gegner" in text:
        return ("always", "always", True, True)
    said = text.split("Beim Schlagen ", 1)[1] if "Beim Schlagen " in text else ""
    said = said.split(".", 1)[0]
    corners = _one_of(
        said,
        {
            "die Ecken gegen beide Seiten": (True, True),
            "die Ecken nur gegen Angreifer": (True, False),
            "die Ecken nur gegen Verteidiger": (False, True),
        },
        (False, False),
    )
    throne_part = said.split("der Thron ", 1)[1] if "der Thron " in said else ""

    def throne_to(who: str) -> object:
        if "der leere Thron gegen beide Seiten" in said:
            return "empty"
        words = {f"gegen {who} immer": "always", f"gegen {who} nur, wenn er leer ist": "empty"}
        return _one_of(throne_part, words, "never")

    throne = (throne_to("Angreifer"), throne_to("Verteidiger"))
    assert isinstance(corners, tuple)
    return (*throne, *corners)


@pytest.mark.parametrize("slug", SLUGS)
def test_hostile_squares(slug: str) -> None:
    v = variant(slug)
    r = v.rules
    want = (
        r.throne_hostile_attackers.value if r.throne else "never",
        r.throne_hostile_defenders.value if r.throne else "never",
        r.corners and r.corners_hostile_attackers,
        r.corners and r.corners_hostile_defenders,
    )
    assert _hostility_from_values(r) == want
    long = _glance(v).get("Sperrfelder", "")
    assert _hostility_from_glance(long) == want


@pytest.mark.parametrize("slug", SLUGS)
def test_linnaean_capture(slug: str) -> None:
    v = variant(slug)
    r = v.rules
    want = r.throne and r.linnaean_capture
    assert ("Schlag gegen den besetzten Thron" in w.special_rule_names(r)) is want
    assert (w.rule_value("linnaean_capture", r) == "ja") is want
    assert ("auch gegen den Thron" in _glance(v).get("Sperrfelder", "")) is want


# -- special rules and pieces ------------------------------------------------------------

#: name in the Grunddaten "Sonderregeln" row and the overview → how “Auf einen Blick” says it
_SPECIAL_IN_GLANCE: dict[str, Callable[[dict[str, str]], bool]] = {
    "Schildwall": lambda g: "Schildwall" in g,
    "Randfestung": lambda g: "Randfestung" in g,
    "Umzingelung": lambda g: "Umzingelung" in g,
    "Schlag gegen den besetzten Thron": lambda g: "gegen den Thron" in g.get("Sperrfelder", ""),
    "Berserker-Regel": lambda g: "Berserker" in g,
    "Kommandanten mit Sprung": lambda g: "Kommandanten" in g,
    "Königsfang durch zwei Kommandanten": lambda g: "Zwei Kommandanten fangen ihn" in g["König"],
    "Ritter": lambda g: "Ritter" in g,
    "springender König": lambda g: "Königssprung" in g,
    "Bunte": lambda g: "Bunte" in g,
}

#: the same special rules, as the rule set has them
_SPECIAL_IN_RULES: dict[str, Callable[[RuleSet], bool]] = {
    "Schildwall": lambda r: r.shieldwall,
    "Randfestung": lambda r: r.edge_fort,
    "Umzingelung": lambda r: r.encirclement,
    "Schlag gegen den besetzten Thron": lambda r: r.throne and r.linnaean_capture,
    "Berserker-Regel": lambda r: r.berserker,
    "Kommandanten mit Sprung": lambda r: r.commander_jump,
    "Königsfang durch zwei Kommandanten": lambda r: r.commander_king_capture,
    "Ritter": lambda r: r.knight_jump,
    "springender König": lambda r: r.king_jump is not KingJump.NONE,
    "Bunte": lambda r: r.variegated,
}


@pytest.mark.parametrize("slug", SLUGS)
def test_special_rules(slug: str) -> None:
    v = variant(slug)
    r = v.rules
    glance = _glance(v)
    want = {name for name, holds in _SPECIAL_IN_RULES.items() if holds(r)}
    assert set(w.special_rule_names(r)) == want
    assert set(w.overview_facts(r)[3:]) == want
    # what a player meets: only the rules about pieces the start has (Tyr: no commanders)
    kinds = w.kinds_in_play(v.piece_counts())
    assert kinds is not None
    about = {
        "Kommandanten mit Sprung": Kind.COMMANDER,
        "Ritter": Kind.KNIGHT,
        "Bunte": Kind.VARIEGATED,
    }
    about["Königsfang durch zwei Kommandanten"] = Kind.COMMANDER
    played = {name for name in want if about.get(name, Kind.MAN) in kinds}
    assert set(w.overview_facts(r, kinds)[3:]) == played
    assert {name for name, said in _SPECIAL_IN_GLANCE.items() if said(glance)} == played
    assert (played != want) is (slug in ("tyr-11", "tyr-15"))


@pytest.mark.parametrize("slug", SLUGS)
def test_special_pieces(slug: str) -> None:
    v = variant(slug)
    r = v.rules
    glance = _glance(v)
    commander = w.piece_note(r, Piece(Side.ATTACKERS, Kind.COMMANDER))
    knight = w.piece_note(r, Piece(Side.DEFENDERS, Kind.KNIGHT))
    variegated = w.piece_note(r, Piece(Side.ATTACKERS, Kind.VARIEGATED))
    king = w.piece_note(r, Piece(Side.DEFENDERS, Kind.KING))
    kinds = w.kinds_in_play(v.piece_counts()) or set()
    assert ("springen" in commander) is r.commander_jump
    assert ("schlägt ihn damit" in knight) is r.knight_jump
    assert ("wechselt die Seite" in variegated) is r.variegated
    # "Auf einen Blick" names a special piece only when the start has it
    assert ("Kommandanten" in glance) is (r.commander_jump and Kind.COMMANDER in kinds)
    assert ("Ritter" in glance) is (r.knight_jump and Kind.KNIGHT in kinds)
    assert ("Bunte" in glance) is (r.variegated and Kind.VARIEGATED in kinds)
    # the attackers' commanders capture the king: said in their note and in the king's item
    king_by_commanders = "fangen den König" in commander
    assert king_by_commanders is (r.commander_jump and r.commander_king_capture)
    jump = {KingJump.NONE: None, KingJump.RESTRICTED: "restricted", KingJump.FREE: "free"}
    if r.king_jump is KingJump.NONE:
        assert "springen" not in king and "Königssprung" not in glance
    else:
        restricted = "nur von einem Sperrfeld" in king
        assert ("restricted" if restricted else "free") == jump[r.king_jump]
        said = "nur von einem Sperrfeld aus" in glance["Königssprung"]
        assert ("restricted" if said else "free") == jump[r.king_jump]
        assert w.rule_value("king_jump", r, short=True) in (
            "nur an Sperrfeldern",
            "ja, wie ein Kommandant",
        )


@pytest.mark.parametrize("slug", SLUGS)
def test_berserker(slug: str) -> None:
    v = variant(slug)
    r = v.rules
    glance = _glance(v)
    assert ("Berserker" in glance) is r.berserker is (w.rule_value("berserker", r) == "ja")
    king = w.piece_note(r, Piece(Side.DEFENDERS, Kind.KING))
    escape_in_long = "mit der Flucht beenden" in glance.get("Berserker", "")
    assert ("Berserker-Lauf mit der Flucht" in king) is r.berserker_king_escape is escape_in_long
    if r.berserker:
        # what lets a piece move on: "Auf einen Blick" and the piece table's note (Odin:
        # flipping a variegated man too) say the same, and what the rules say
        flips = "einen Bunten umdreht" in glance["Berserker"]
        note = w.berserker_pieces_note(r, "Berserker-Regel")
        assert flips is r.variegated
        assert ("wer schlägt oder einen Bunten umdreht," in note) is r.variegated
        assert ("wieder schlägt oder einen Bunten umdreht" in note) is r.variegated


def test_odin_piece_note_names_the_flip() -> None:
    """Odin (berserker rule and variegated men): the old piece note spoke of captures only."""
    r = variant("odin-11").rules
    assert r.berserker and r.variegated
    note = w.berserker_pieces_note(r, "Berserker-Regel")
    assert "wer schlägt, darf" not in note
    assert "einen Bunten umdreht" in note


# -- why a rule does not apply ("entfällt: …") ---------------------------------------------

#: phrase in a reason → what it claims about the rule set
_WHY_NOT_CLAIMS: dict[str, Callable[[RuleSet], bool]] = {
    "kein Thron": lambda r: not r.throne,
    "keine Eckfelder": lambda r: not r.corners,
    "keine Sperrfelder": lambda r: not (r.throne or r.corners),
    "keine Berserker-Regel": lambda r: not r.berserker,
    "von zwei Seiten gefangen": lambda r: r.king_capture is KingCapture.TWO_SIDES,
    "wenn der König überall von vier Seiten": lambda r: (
        r.king_capture is not KingCapture.FOUR_SIDES
    ),
}


@pytest.mark.parametrize("slug", SLUGS)
def test_why_a_rule_does_not_apply_is_true(slug: str) -> None:
    """Every "entfällt: …" a rule list shows states a fact of this variant's rules.

    Tablut and Brandub (king strong only near the throne) once read "entfällt: der König
    wird von zwei Seiten gefangen" for the edge in the king's capture.
    """
    r = variant(slug).rules
    for p in PARAMS:
        if applies(p.name, r):
            continue
        text = w.not_applicable_text(p.name)
        claims = [holds for phrase, holds in _WHY_NOT_CLAIMS.items() if phrase in text]
        assert claims, text  # a new reason needs its phrase here
        assert all(holds(r) for holds in claims), (p.name, text)


def test_why_the_edge_does_not_count_holds_for_every_other_king_capture() -> None:
    text = w.not_applicable_text("king_edge_counts")
    for capture in KingCapture:
        r = RuleSet(size=9, throne=True, king_capture=capture)
        if capture is KingCapture.FOUR_SIDES:
            assert applies("king_edge_counts", r)
            continue
        assert not applies("king_edge_counts", r)
        claims = [holds for phrase, holds in _WHY_NOT_CLAIMS.items() if phrase in text]
        assert claims and all(holds(r) for holds in claims), (capture, text)


# -- repetition, no moves, board and first move ------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
def test_repetition_and_no_moves(slug: str) -> None:
    v = variant(slug)
    r = v.rules
    glance = _glance(v)
    short = _one_of(
        w.rule_value("repetition", r),
        {
            "erlaubt": Repetition.NONE,
            "Verteidiger verlieren": Repetition.DEFENDERS_LOSE,
            "Verursacher verliert": Repetition.MOVER_LOSES,
            "Remis": Repetition.DRAW,
        },
    )
    long = _one_of(
        glance["Wiederholung"],
        {
            "beliebig oft": Repetition.NONE,
            "verlieren die Verteidiger": Repetition.DEFENDERS_LOSE,
            "herbeiführt, verliert": Repetition.MOVER_LOSES,
            "unentschieden": Repetition.DRAW,
        },
    )
    assert short == long == r.repetition
    short = _one_of(
        w.rule_value("no_moves", r), {"Niederlage": NoMoves.LOSES, "Remis": NoMoves.DRAW}
    )
    long = _one_of(glance["Kein Zug"], {"verliert": NoMoves.LOSES, "unentschieden": NoMoves.DRAW})
    assert short == long == r.no_moves


@pytest.mark.parametrize("slug", SLUGS)
def test_board_and_first_move(slug: str) -> None:
    v = variant(slug)
    r = v.rules
    n = r.size
    assert w.board_text(r) == f"{n}×{n} Felder"
    assert w.overview_facts(r)[0] == f"{n}×{n}"
    assert w.rule_value("size", r) == f"{n}×{n}"
    setup = _glance(v)["Aufstellung"]
    assert setup.startswith(f"{n}×{n} Felder")
    assert f"Die {w.rule_value('first', r)} beginnen." in setup
    assert r.first.german == w.rule_value("first", r)


# -- the contradiction test must see a contradiction ---------------------------------------


def test_a_wrong_short_form_is_caught() -> None:
    """A king text that keeps quiet about the commanders disagrees with the rule set."""
    r = variant("berserk-11").rules
    plain = replace(r, commander_king_capture=False)
    assert _king_from_grunddaten(w.king_text(plain)) != _king_expected(r)
    assert _king_from_glance(w.king_sentences(plain)) != _king_expected(r)


# -- whole sentences, written from the rule cards ------------------------------------------


def test_berserk_king_sentences() -> None:
    """Berserk card, "Den König fangen": four attackers (the empty throne counts beside it);
    on the edge ordinary attackers never, but two commanders – or one and a corner – do, never
    on or beside the throne."""
    r = variant("berserk-11").rules
    assert w.king_text(r) == (
        "bewaffnet (schlägt mit); stark: wird erst von vier Seiten gefangen, feindliche Felder "
        "zählen als Seite; zwei Kommandanten fangen ihn auch zwischen sich, außer auf dem Thron "
        "und daneben; am Brettrand fangen ihn nur Kommandanten"
    )
    assert w.king_sides_text(r) == (
        "von vier Seiten; als Seite zählen Angreifer und der leere Thron; zwischen zwei "
        "Kommandanten schon von zwei Seiten, außer auf dem Thron und daneben; am Brettrand nur "
        "durch Kommandanten"
    )
    assert w.king_sentences(r) == (
        "Der König schlägt mit. Er fällt erst, wenn ihn Angreifer von vier Seiten einschließen; "
        "ein leerer Thron daneben zählt mit. Zwei Kommandanten fangen ihn schon zwischen sich, "
        "einer auch gegen eine Ecke – nur nicht auf dem Thron und daneben. Am Rand fangen ihn "
        "nur Kommandanten."
    )


def test_standard_tablut_short_forms() -> None:
    """Copenhagen card's Standard-Tablut: only the king stops on or passes the throne, corners
    for the king only, the king falls on four sides and the edge counts as one."""
    v = variant("standard-tablut-9")
    r = v.rules
    assert w.restricted_text(v) == (
        "Thron auf e5 (nur der König darf darauf stehen oder ihn überqueren); "
        "Eckfelder a1, i1, a9, i9 (nur der König darf sie betreten)"
    )
    assert w.escape_text(r) == "ein Eckfeld (Eckflucht)"
    assert w.king_text(r).endswith("; der Brettrand zählt als Seite")
    assert w.rule_value("throne_pass", r, short=True) == "König"
    assert w.rule_value("throne_pass", r) == "nur der König"


def test_tawlbwrdd_short_forms() -> None:
    """Tawlbwrdd (OpenTafl, Bell diamond): no throne, no corners, edge escape, a weak king."""
    v = variant("tawlbwrdd-11")
    r = v.rules
    assert w.restricted_text(v) == "keine (kein Thron, keine Sperrfelder)"
    assert w.escape_text(r) == "jedes Randfeld (Kantenflucht)"
    assert w.king_text(r).endswith("schwach: wird wie jede Figur von zwei Seiten gefangen")
    assert w.king_sides_text(r) == "wie jede Figur von zwei Seiten durch Angreifer"
    assert w.rule_value("throne_pass", r) == w.NOT_APPLICABLE
    assert w.not_applicable_text("throne_pass") == "entfällt: kein Thron"
    assert w.overview_facts(r) == ["11×11", "Kantenflucht", "König von 2 Seiten", "Umzingelung"]


def test_brandub_king_is_strong_only_at_the_throne() -> None:
    """Brandub (World Tafl Federation): four attackers on the throne, three and the throne
    beside it, two elsewhere; the corners are hostile to everyone."""
    r = variant("brandub-7").rules
    assert "stark nur am Thron" in w.king_text(r)
    assert w.rule_value("king_capture", r, short=True) == (
        "am Thron 4, daneben 3 und der Thron, sonst 2 Seiten"
    )
    assert w.king_sides_text(r).endswith(
        "als Seite zählen Angreifer, der leere Thron oder ein Eckfeld"
    )


def test_copenhagen_overview_and_values() -> None:
    """Copenhagen (Nielsen): corner escape, king on four sides, shieldwall, exit fort,
    encirclement; the empty throne hostile to defenders, the corners to both."""
    r = variant("copenhagen-11").rules
    assert w.overview_facts(r) == [
        "11×11",
        "Eckflucht",
        "König von 4 Seiten",
        "Schildwall",
        "Randfestung",
        "Umzingelung",
    ]
    assert w.rule_value("king_capture", r, short=True) == "4 Seiten"
    assert w.rule_value("throne_hostile_defenders", r) == "nur wenn leer"
    assert w.condition_text("escape", Escape.CORNER) == "Fluchtziel des Königs: ein Eckfeld"


def test_describe_leaves_out_what_does_not_apply() -> None:
    r = variant("tawlbwrdd-11").rules
    every = [name for name, _label, _value in w.describe(r)]
    applying = [name for name, _label, _value in w.describe(r, only_applying=True)]
    assert "throne_pass" in every and "throne_pass" not in applying
    # five throne rows, two corner rows, the edge in the king's capture, the berserker's escape
    assert len(every) == len(applying) + 9


#: which test above reads the facts of each topic of the parameter table
COVERED_TOPICS = {
    "brett": test_board_and_first_move,
    "ziehen": test_board_and_first_move,
    "sperrfelder": test_restricted_squares,
    "koenig": test_king,
    "flucht": test_escape,
    "schildwall": test_special_rules,
    "randfestung": test_special_rules,
    "umzingelung": test_special_rules,
    "berserker": test_berserker,
    "sonderfiguren": test_special_pieces,
    "wiederholung": test_repetition_and_no_moves,
    "zugunfaehigkeit": test_repetition_and_no_moves,
}


def test_every_topic_is_compared() -> None:
    """A new topic in tafl_core.params needs its short/long comparison here."""
    assert set(COVERED_TOPICS) == set(TOPICS)
