"""The Aufgaben pages and the tasks spread over the site.

Whether each task's `Lösung:` is right is decided by the example runner (every block of
docs/ is a test in tests/docs/test_docs_examples.py); here: how many there are, where they are,
that each says what it is and where it came from, that a position said to come from a
recorded game or a computer match really occurs there, that every theme a puzzle claims is
what the main line of its committed proof really does, and that each page goes from easy
to hard.
"""

from __future__ import annotations

import functools
import json
import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tafl_core.board import Board
from tafl_core.captures import CaptureRule
from tafl_core.examples.syntax import find_blocks, parse_block
from tafl_core.pieces import Side
from tafl_core.position import parse_ascii
from tafl_core.solver import Goal, GoalKind, solve
from tafl_core.turns import play_turn_text
from tafl_core.variants import variant
from tafl_core.wording.rules import kinds_in_play, played, rule_in_force
from tafl_docs.proof_store import proof_key, read_file
from tafl_tools.mine_puzzles import selfplay_candidates
from tafl_tools.motif_placements import PHRASES
from tafl_tools.puzzle_grade import read_proof

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
ORDER = tomllib.loads((ROOT / "tafl_docs" / "data" / "catalogue.toml").read_text("utf-8"))["order"]
PUZZLE_FILE = json.loads((ROOT / "data" / "puzzles" / "puzzles.json").read_text("utf-8"))
#: The limit the pages state: a puzzle with more solving first turns teaches nothing.
COOKED = 3
GAMES = {
    "copenhagen-11": ROOT / "data" / "games" / "copenhagen_games.csv",
    "brandub-7": ROOT / "data" / "games" / "brandubh_games.csv",
}
#: The heading word of each ending the engine reports (as the pages write it).
ENDING_WORDS = {
    "escape": "Flucht",
    "king-captured": "Königsfang",
    "edge-fort": "Randfestung",
    "encirclement": "Umzingelung",
    "no-moves": "Zugunfähigkeit",
}
#: Which rules make each mechanic possible (a variant without any of them needs no puzzle of it).
MECHANICS = {
    "Berserker-Lauf": ("berserker",),
    "Sprung": ("commander_jump", "knight_jump", "king_jump"),
    "Schildwall": ("shieldwall",),
    "Umzingelung": ("encirclement",),
    "Randfestung": ("edge_fort",),
}


def _mechanics_in_play() -> list[tuple[str, str]]:
    """(variant, mechanic) for every mechanic a variant's data file allows with its pieces.

    A rule about a kind of piece the start lacks (Tyr's commanders) is no rule of that game
    (the card says so), so it asks for no puzzles.
    """
    pairs = []
    for slug in ORDER:
        var = variant(slug)
        kinds = kinds_in_play(var.piece_counts())
        for mechanic, names in MECHANICS.items():
            if any(rule_in_force(var.rules, n) and played(n, kinds) for n in names):
                pairs.append((slug, mechanic))
    return pairs


def _tasks(path: Path) -> list[tuple[int, str]]:
    """(fence line, body) of every exercise block of a page."""
    text = path.read_text("utf-8")
    return [(f.line, f.body) for f in find_blocks(text) if re.search(r"^Aufgabe:", f.body, re.M)]


def test_at_least_300_puzzles_over_all_variants() -> None:
    counts = {slug: len(_tasks(DOCS / "aufgaben" / f"{slug}.md")) for slug in ORDER}
    assert sum(counts.values()) >= 300, counts
    assert all(n >= 10 for n in counts.values()), counts
    assert len(PUZZLE_FILE) == sum(counts.values())


def test_at_least_140_exercise_blocks_on_the_site() -> None:
    total = sum(len(_tasks(p)) for p in DOCS.rglob("*.md"))
    assert total >= 140


@pytest.mark.parametrize("slug", ORDER)
def test_every_card_has_a_task_and_links_its_aufgaben_page(slug: str) -> None:
    card = DOCS / "varianten" / f"{slug}.md"
    assert _tasks(card), f"{card.name}: keine Aufgabe"
    assert f"](../aufgaben/{slug}.md)" in card.read_text("utf-8")


@pytest.mark.parametrize("page", sorted(p.name for p in (DOCS / "mechaniken").glob("*.md")))
def test_every_mechanics_page_has_a_task(page: str) -> None:
    assert _tasks(DOCS / "mechaniken" / page), f"{page}: keine Aufgabe"


def _puzzles() -> list[tuple[str, str, str, int, str]]:
    """(slug, heading, facts line, fence line, body) of every puzzle on the Aufgaben pages."""
    out = []
    for slug in ORDER:
        text = (DOCS / "aufgaben" / f"{slug}.md").read_text("utf-8")
        lines = text.split("\n")
        for line, body in _tasks(DOCS / "aufgaben" / f"{slug}.md"):
            at = next(i for i in range(line - 2, -1, -1) if lines[i].startswith("## "))
            facts = next(lines[i] for i in range(at, line - 1) if lines[i].startswith("*"))
            out.append((slug, lines[at], facts, line, body))
    return out


PUZZLES = _puzzles()
TITLE = (
    r"^Titel: (Partie \d+ der Sammlung|Computerpartie Stufe \d gegen Stufe \d, Partie \d+"
    r"|Zufallspartie|Zufallsstellung um)"
)
ORIGIN_OF_TITLE = {
    "Partie": "Partie von Menschen",
    "Computerpartie": "Computerpartie",
    "Zufallspartie aus zufälliger Aufstellung": "Zufallspartie aus zufälliger Aufstellung",
    "Zufallspartie mit": "Zufallspartie",
    "Zufallsstellung um": "Zufallsstellung um ein Motiv",
}


@pytest.mark.parametrize(("slug", "heading", "facts", "line", "body"), PUZZLES)
def test_each_puzzle_states_theme_depth_grade_origin_and_is_not_cooked(
    slug: str, heading: str, facts: str, line: int, body: str
) -> None:
    capture = "Schlagen mit (Berserker-Lauf|Sprung|Schildwall)"
    themes = "|".join([*ENDING_WORDS.values(), capture])
    sides = "Angreifer|Verteidiger"
    pattern = rf"## Aufgabe \d+: (({themes}) in \d (Zug|Zügen) \(({sides})\)|Den Sieg verhindern)"
    assert re.fullmatch(pattern, heading), heading
    title = re.search(TITLE, body, re.M)
    assert title, body
    said = re.fullmatch(
        r"\*Schwierigkeit: (leicht|mittel|schwer) · Herkunft: ([^·]+?)( · Motive?: .+)?\*", facts
    )
    assert said, facts
    origin = next(v for k, v in ORIGIN_OF_TITLE.items() if re.search(f"^Titel: {k}", body, re.M))
    assert said.group(2) == origin, (facts, body)
    solution = re.search(r"^Lösung: (.+)$", body, re.M)
    assert solution and 1 <= len(solution.group(1).split(";")) <= COOKED


def _replayed(slug: str, record: list[str], plies: int) -> Board:
    board = Board(variant(slug))
    for text in record[:plies]:
        play_turn_text(board, text)
    return board


@pytest.mark.parametrize(
    ("slug", "heading", "facts", "line", "body"),
    [p for p in PUZZLES if re.search(r"^Titel: Partie \d", p[4], re.M)],
)
def test_a_puzzle_from_a_recorded_game_occurs_in_that_game(
    slug: str, heading: str, facts: str, line: int, body: str
) -> None:
    title = re.search(r"^Titel: Partie (\d+) der Sammlung, nach (\d+) Halbz", body, re.M)
    assert title, body
    game, plies = int(title.group(1)), int(title.group(2))
    record = GAMES[slug].read_text("utf-8").split("\n")[game - 1].split(",")[0].split()
    board = _replayed(slug, [t.split("x")[0] for t in record], plies)
    block = parse_block(body, f"aufgaben/{slug}.md", line + 1)
    assert board.pos.to_ascii() == block.position.to_ascii()
    assert board.turn is block.position.turn


@pytest.mark.parametrize(
    ("slug", "heading", "facts", "line", "body"),
    [p for p in PUZZLES if "Titel: Computerpartie" in p[4]],
)
def test_a_puzzle_from_a_computer_match_occurs_in_that_game(
    slug: str, heading: str, facts: str, line: int, body: str
) -> None:
    title = re.search(
        r"^Titel: Computerpartie Stufe (\d) gegen Stufe (\d), Partie (\d+), nach (\d+) Halbz",
        body,
        re.M,
    )
    assert title, body
    a, b, game, plies = (int(g) for g in title.groups())
    doc = json.loads((ROOT / "data" / "matches" / f"{slug}-{a}-{b}.json").read_text("utf-8"))
    rec = next(r for r in doc["records"] if r["game"] == game - 1)
    board = _replayed(slug, rec["opening"] + rec["turns"], plies)
    block = parse_block(body, f"aufgaben/{slug}.md", line + 1)
    assert board.pos.to_ascii() == block.position.to_ascii()
    assert board.turn is block.position.turn


# -- themes and difficulty against the committed proofs ------------------------------------------


@functools.cache
def _proofs_of(slug: str) -> dict[str, Any]:
    """The committed proofs of a variant's Aufgaben page, read once per process (a file of
    up to 330 kB, which two tests per puzzle consult)."""
    return read_file(ROOT / "data" / "beweise" / "aufgaben" / f"{slug}.json")


def _proof(p: dict[str, Any]) -> tuple[Board, dict[str, Any]]:
    """The puzzle's board and the answer tree its committed proof keeps."""
    var = variant(p["variant"])
    side = Side.ATTACKERS if p["side"] == "Angreifer" else Side.DEFENDERS
    pos = parse_ascii(p["grid"], var.rules.size, side)
    aim = Goal(GoalKind(p["kind"]), side, p["target"])
    entries = _proofs_of(p["variant"])
    entry = entries[proof_key(var, pos, aim, p["depth"])]
    return Board(var, pos), entry["solution"]["tree"]


def _line(tree: dict[str, Any], first: str) -> list[str]:
    """Own turn, the proof's reply, the first solving turn after it, … (written anew here)."""
    out = [first]
    node = tree["solutions"][first]
    while "reply" in node:
        out.append(node["reply"])
        more = node.get("solutions")
        if not more:
            break
        turn = min(more)
        out.append(turn)
        node = more[turn]
    return out


@pytest.mark.parametrize(
    "p", PUZZLE_FILE, ids=[f"{p['variant']}:{i}" for i, p in enumerate(PUZZLE_FILE)]
)
def test_each_theme_is_what_the_main_line_of_the_proof_does(p: dict[str, Any]) -> None:
    board, tree = _proof(p)
    assert p["moves"][0] in tree["solutions"]
    assert sorted(p["moves"]) == sorted(tree["solutions"])
    line = _line(tree, p["moves"][0])
    assert p["line"] == line
    shown: set[str] = set()
    for index, text in enumerate(line):
        if index % 2:
            play_turn_text(board, text)
        else:
            shown |= _motifs_of(board, text)
    assert set(p["motifs"]) == shown
    if p["kind"] == "win":
        assert board.outcome is not None and board.outcome.winner is not None
        assert board.outcome.winner.german == p["side"]
        assert p["theme"] == ENDING_WORDS[board.outcome.reason.value]
    if p["kind"] != "win":  # asking for a capture or a defence where the side wins misleads
        start = board_before(p)
        assert not solve(start, Goal(GoalKind.WIN, start.turn), 1).moves
    if p["kind"] == "capture":
        assert p["motifs"], "eine Schlagaufgabe steht für ein Motiv"
        for first in tree["solutions"]:  # every solving turn needs the motif, not only one
            assert p["motifs"][0] in _motifs_of(board_before(p), first), first


def board_before(p: dict[str, Any]) -> Board:
    """The puzzle's position on a fresh board."""
    var = variant(p["variant"])
    side = Side.ATTACKERS if p["side"] == "Angreifer" else Side.DEFENDERS
    return Board(var, parse_ascii(p["grid"], var.rules.size, side))


def _motifs_of(board: Board, text: str) -> set[str]:
    """The motifs one turn shows when played on `board`."""
    record = play_turn_text(board, text)
    shown = set()
    if len(record.moves) > 1:
        shown.add("Berserker-Lauf")
    if any("^" in step for step in text.split(",")):
        shown.add("Sprung")
    if any(c.rule is CaptureRule.SHIELDWALL for c in record.captures):
        shown.add("Schildwall")
    return shown


@pytest.mark.parametrize(
    "p", PUZZLE_FILE, ids=[f"{p['variant']}:{i}" for i, p in enumerate(PUZZLE_FILE)]
)
def test_the_difficulty_is_computed_from_the_proof(p: dict[str, Any]) -> None:
    board, tree = _proof(p)
    assert read_proof(board, tree, p["moves"][0]).difficulty == p["difficulty"]


GRADE_RANK = {"leicht": 0, "mittel": 1, "schwer": 2}


@pytest.mark.parametrize("slug", ORDER)
def test_each_page_goes_from_easy_to_hard(slug: str) -> None:
    words = [re.search(r"Schwierigkeit: (\w+)", f) for s, _, f, _, _ in PUZZLES if s == slug]
    shown = [GRADE_RANK[w.group(1)] for w in words if w]
    assert len(shown) == len(words)
    assert shown == sorted(shown)
    mine = sorted(
        (p for p in PUZZLE_FILE if p["variant"] == slug), key=lambda p: float(p["difficulty"])
    )
    blocks = [(line, body) for s, _, _, line, body in PUZZLES if s == slug]
    grids = [parse_block(body, slug, line + 1).position.to_ascii() for line, body in blocks]
    assert grids == [p["grid"] for p in mine]


def test_every_mechanic_has_at_least_five_puzzles_and_random_play_is_at_most_40_percent() -> None:
    shows = Counter(t for p in PUZZLE_FILE for t in {p["theme"], *p["motifs"]})
    for theme in MECHANICS:
        assert shows[theme] >= 5, (theme, shows)
    origins = Counter(p["origin"] for p in PUZZLE_FILE)
    made = origins["random"] + origins["setup"] + origins["motif"]
    assert made <= 0.4 * len(PUZZLE_FILE), origins


@pytest.mark.parametrize(("slug", "mechanic"), _mechanics_in_play())
def test_every_mechanic_a_variant_has_shows_in_at_least_five_of_its_puzzles(
    slug: str, mechanic: str
) -> None:
    shows = [
        p for p in PUZZLE_FILE if p["variant"] == slug and mechanic in {p["theme"], *p["motifs"]}
    ]
    assert len(shows) >= 5, f"{slug}: {len(shows)} Aufgaben mit {mechanic}"


def test_the_mechanics_in_play_follow_the_rules_and_pieces_of_the_data() -> None:
    pairs = set(_mechanics_in_play())
    assert ("copenhagen-13", "Randfestung") in pairs
    assert ("berserk-11", "Sprung") in pairs  # commanders and a knight in its start
    assert ("tyr-11", "Sprung") not in pairs  # the rule is on, but no commander starts
    assert not any(slug == "brandub-7" for slug, _ in pairs)


#: The shape of tafl_tools.motif_placements each title phrase names.
SHAPE_OF_PHRASE = {phrase: shape for shape, words in PHRASES.items() for phrase in words}


@pytest.mark.parametrize(
    "p",
    [p for p in PUZZLE_FILE if p["origin"] == "motif"],
    ids=lambda p: f"{p['variant']}:{p['source']}",
)
def test_a_puzzle_from_a_built_position_comes_from_that_seeded_run(p: dict[str, Any]) -> None:
    found = re.fullmatch(
        r"Zufallsstellung um (.+), Startwert (\d+)-(\d+)(?:, nach (\d+) Halbz\w+)?", p["source"]
    )
    assert found, p["source"]
    phrase, seed, game, plies = found.group(1), *(int(g or 0) for g in found.groups()[1:])
    run = selfplay_candidates(
        p["variant"],
        game + 1,
        seed,
        plies,
        placement=SHAPE_OF_PHRASE[phrase],
        plies=plies + 1,
        first=game,
    )
    c = next(c for c in run if c.source == p["source"])
    assert c.board.pos.to_ascii() == p["grid"]
    assert c.board.turn.german == p["side"]
