"""Rule coverage (`tafl_docs.rule_coverage`): every rule a card states is pinned by an example.

The full run (`tafl check --coverage`: every variant, every parameter, about 25 s of CPU) runs
here with CI set, one test per variant so pytest-xdist spreads it over the workers;
without CI a small sample keeps `make test` fast. A deliberately removed example shows that
the report notices a rule no example pins any more.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from tafl_core.examples.syntax import FoundBlock
from tafl_core.params import PARAM, PARAMS
from tafl_core.pieces import Kind
from tafl_core.rule_values import KingJump
from tafl_core.variants import all_variants, load_variant_text
from tafl_docs import rule_coverage as rc
from tafl_docs.rule_play import difference, kinds_on_boards
from tests.site_support import in_ci

ROOT = Path(__file__).resolve().parents[2]


BLOCKS = rc.collect()

#: A sample: a few variants of different families, a few parameters each.
SAMPLE = {
    "brandub-7": ["throne_reentry", "king_jump", "repetition", "no_moves"],
    "tablut-9": ["corners", "king_armed", "berserker"],
    "tyr-15": ["king_capture", "repetition"],
    "berserk-11": ["throne_pass", "corners_hostile_attackers", "berserker_king_escape"],
}


@functools.cache
def _parsed() -> dict[int, list[object]]:
    """Every block read under the real rules, by board size (once per process)."""
    return rc.parsed_by_size(BLOCKS)  # type: ignore[no-any-return]


@pytest.mark.skipif(not in_ci(), reason="die volle Regelabdeckung läuft mit CI=true (.ci/run)")
@pytest.mark.parametrize("slug", sorted(all_variants()))
def test_every_rule_of_the_card_is_pinned(slug: str) -> None:
    """`rule_coverage.py --karten` for one variant: every relevant change of every parameter
    makes an example on its card or a mechanics page fail (the same function as the command).

    Up to 5 s for a variant (every rule change replays its examples; a change no example
    catches plays random games on both rule sets); one test per variant, so the workers
    share them.
    """
    report = rc.variant_report(slug, BLOCKS, _parsed(), karten=True)
    unpinned = [
        f"{r.change.words(r.original)} [{r.why}]" for r in report.results if r.status == "unpinned"
    ]
    assert not unpinned, "von keinem Beispiel festgelegt:\n" + "\n".join(unpinned)


@pytest.mark.parametrize("slug", sorted(SAMPLE))
def test_sample_is_pinned(slug: str) -> None:
    """Every relevant change of the sample makes at least one example of its variant fail."""
    report = rc.run_variant(slug, BLOCKS[slug], params=SAMPLE[slug])
    assert report.relevant > 0, f"{slug}: die Stichprobe prüft nichts"
    unpinned = [r.change.words(r.original) for r in report.results if r.status == "unpinned"]
    assert not unpinned, "von keinem Beispiel festgelegt: " + "; ".join(unpinned)


def _is_linnaeus_claim(found: FoundBlock) -> bool:
    """A Linnaean capture with the claim that only the king's own step saves him (card
    and mechanics page): it holds only for a king that may not jump over his attackers."""
    return "Behauptung: nur e5-" in found.body and "verhindert den Sieg" in found.body


def test_removed_example_leaves_rule_unpinned() -> None:
    """Without its examples, Tablut's king that may not jump is reported as unpinned.

    The card shows the rule; the Linnaean-capture claims on the card and the mechanics page
    (only the king's own step saves him) depend on it too. Only the pins of the card and
    the mechanics pages count here (`--karten`): a puzzle on the Aufgaben page may show the
    same rule.
    """
    slug = "tablut-9"
    pinning = "tablut-9-koenig-springt-nicht"
    blocks = [(path, found) for path, found in BLOCKS[slug] if rc.on_cards(path)]
    assert any(found.id == pinning for _, found in blocks)
    assert sum(_is_linnaeus_claim(found) for _, found in blocks) == 2
    without = [
        (path, found)
        for path, found in blocks
        if found.id != pinning and not _is_linnaeus_claim(found)
    ]
    report = rc.run_variant(slug, without, params=["king_jump"], positions=BLOCKS[slug])
    unpinned = {r.change.text for r in report.results if r.status == "unpinned"}
    assert unpinned == {'"restricted"', '"free"'}
    full = rc.run_variant(slug, blocks, params=["king_jump"])
    assert {r.status for r in full.results} == {"caught"}


def test_examples_of_other_variants_show_relevance() -> None:
    """Without Tyr 11's own ring, another variant's ring still shows that encirclement matters.

    Random games hardly ever close a ring; the replayed examples of the other 11×11 variants
    do, so the missing example is reported rather than the rule judged "cannot matter".
    """
    slug = "tyr-11"
    pinning = "tyr-11-keine-umzingelung"
    cards = [(path, found) for path, found in BLOCKS[slug] if rc.on_cards(path)]
    without = [(path, found) for path, found in cards if found.id != pinning]
    assert len(without) == len(cards) - 1
    sizes = {s: v.rules.size for s, v in rc.all_variants().items()}
    same_size = {s: b for s, b in BLOCKS.items() if sizes.get(s) == 11}
    replays = [b for b in rc.parsed_by_size(same_size)[11] if b.id != pinning]
    report = rc.run_variant(slug, without, params=["encirclement"], replays=replays)
    assert [r.status for r in report.results] == ["unpinned"]


def test_refused_change_does_not_count() -> None:
    """A value the rules refuse as contradictory (corner escape without corners) is skipped."""
    report = rc.run_variant("tablut-9", BLOCKS["tablut-9"], params=["escape"])
    assert [r.status for r in report.results] == ["refused"]
    assert report.relevant == 0


def test_scratch_copy_keeps_the_real_file() -> None:
    """The change is written into a copy of the text; the loaded variants stay as they were."""
    text = rc.data_text("tablut-9")
    changed = rc.with_rule(text, "king_armed", False)
    assert "king_armed = false" in changed
    assert "king_armed = true" in text
    added = rc.with_rule(text, "shieldwall", True)
    assert "shieldwall = true" in added
    assert rc.all_variants()["tablut-9"].rules.king_armed is True


def test_command_line_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    """The command prints caught/relevant per variant and exits 0 when nothing is unpinned."""
    code = rc.main(["--variant", "tyr-15", "--param", "king_capture"])
    out = capsys.readouterr().out
    assert code == 0
    assert "tyr-15" in out and "1/1" in out


PIECE_PARAMS = [p.name for p in PARAMS if p.piece is not None]


def test_rules_about_special_pieces_are_declared() -> None:
    """The commanders', knights' and variegated men's rules name their piece kind in the
    parameter table; the king's jump (a piece every variant has) names none."""
    assert sorted(PIECE_PARAMS) == [
        "commander_jump",
        "commander_king_capture",
        "knight_jump",
        "variegated",
    ]
    assert PARAM["king_jump"].piece is None


@pytest.mark.parametrize("param", PIECE_PARAMS)
def test_a_rule_about_an_absent_piece_changes_no_game(param: str) -> None:
    """What the coverage concludes without playing: from Copenhagen's start (no commander,
    knight or variegated man), random games with the rule switched on go exactly as with
    the rule off (the games the coverage played for each variant before it skipped them)."""
    original = rc.all_variants()["copenhagen-11"]
    assert getattr(original.rules, param) is False
    assert PARAM[param].piece not in kinds_on_boards(original, [original.start()], [])
    changed = load_variant_text(
        rc.with_rule(rc.data_text("copenhagen-11"), param, True), "copenhagen-11*"
    )
    assert difference(original, changed, [original.start()], 0, rc.START_GAMES) == ""


def test_the_same_games_show_a_rule_about_a_piece_in_play() -> None:
    """The games above can tell: switching on the king's jump, a rule about a piece on
    Copenhagen's board, shows a difference in them."""
    original = rc.all_variants()["copenhagen-11"]
    changed = load_variant_text(
        rc.with_rule(rc.data_text("copenhagen-11"), "king_jump", KingJump.FREE), "copenhagen-11*"
    )
    assert difference(original, changed, [original.start()], 0, rc.START_GAMES) != ""


def test_coverage_skips_the_games_for_an_absent_piece() -> None:
    """Copenhagen's report calls the commanders' jump irrelevant and says why; on Berserk's
    boards, which have commanders, the games are not skipped."""
    few = [b for b in BLOCKS["copenhagen-11"] if rc.on_cards(b[0])][:3]
    report = rc.run_variant("copenhagen-11", few, params=["commander_jump"], positions=few)
    assert [(r.status, r.why) for r in report.results] == [
        ("irrelevant", "kein Kommandant auf einem Brett")
    ]
    berserk = rc.all_variants()["berserk-11"]
    assert Kind.COMMANDER in kinds_on_boards(berserk, [berserk.start()], [])
