"""Exercise blocks ('Aufgabe:' / 'Lösung:'): reading, the verdict against the proof, --write,
the cached proofs of the site and the exercise board of the browser (without a browser)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tafl_core.examples import check_text, filled_text
from tafl_core.examples.syntax import BlockError, parse_block
from tafl_core.examples.task import TaskKind, parse_task, solve_directly, task_sentence
from tafl_core.geometry import geometry
from tafl_core.pieces import Side

ROOT = Path(__file__).resolve().parents[2]

# The king on c2 has three ways to threaten two corners at once (proven: win in 2).
CORNERS = """\
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 . . . A . . . . . . .
 4 . . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . K . . . . A . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k"""

# The king on a5 threatens a1; only d3-a3 closes the way (proven: save in 1).
BLOCK_CORNER = """\
11 . . . . . . . . . . .
10 . . . . . . . . . . .
 9 . . . . . . . . . . .
 8 A . . . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . . . . . . . .
 5 K . . . . . . . . . .
 4 . . . . . . . . . . .
 3 . . . A . . . . . . .
 2 . . . . . . . . . . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k"""


def page(grid: str, task: str, answer: str | None, extra: str = "") -> str:
    """A Markdown page with one exercise block: 'Aufgabe' on line 17, 'Lösung' on 18."""
    lines = ["# Seite", "", "```tafl", "Variante: copenhagen-11", "Stellung:", grid, task]
    if answer is not None:
        lines.append(f"Lösung: {answer}")
    lines += [extra, "```"]
    return "\n".join(line for line in lines if line != "") + "\n"


def problems(text: str) -> list[str]:
    return [str(p) for v in check_text(text, "docs/x.md") for p in v.problems]


# -- reading --------------------------------------------------------------------------


G = geometry(11)


@pytest.mark.parametrize(
    ("text", "kind", "side", "depth", "target", "king"),
    [
        ("Verteidiger gewinnen in 2", TaskKind.WIN, Side.DEFENDERS, 2, None, False),
        ("Angreifer gewinnen in 1 Zug", TaskKind.WIN, Side.ATTACKERS, 1, None, False),
        ("Angreifer schlagen d5 in 1", TaskKind.CAPTURE, Side.ATTACKERS, 1, "d5", False),
        ("Angreifer schlagen eine Figur in 2", TaskKind.CAPTURE, Side.ATTACKERS, 2, None, False),
        ("Verteidiger verhindern den Sieg", TaskKind.SAVE, Side.DEFENDERS, 1, None, False),
        ("Verteidiger erreichen a7 in 2", TaskKind.REACH, Side.DEFENDERS, 2, "a7", False),
        ("König erreicht a7 in 2 Zügen", TaskKind.REACH, Side.DEFENDERS, 2, "a7", True),
    ],
)
def test_every_move_task_form_is_read(
    text: str, kind: TaskKind, side: Side, depth: int, target: str | None, king: bool
) -> None:
    task = parse_task(text, G)
    assert (task.kind, task.side, task.depth, task.king) == (kind, side, depth, king)
    assert task.target == (G.parse(target) if target else None)


def test_quiz_forms_are_read_with_their_move() -> None:
    legal = parse_task("Ist der Zug d2-d5 erlaubt?", G)
    falls = parse_task("Welche Steine fallen bei d4-d6, d6-f6?", G)
    assert (legal.kind, legal.steps, legal.side) == (TaskKind.LEGAL, ("d2-d5",), None)
    assert (falls.kind, falls.steps) == (TaskKind.FALLS, ("d4-d6", "d6-f6"))


def test_task_sentence_names_the_side_and_the_task() -> None:
    task = parse_task("Verteidiger gewinnen in 2", G)
    assert task_sentence(task, G, Side.DEFENDERS) == "Verteidiger am Zug: in 2 Zügen gewinnen"
    save = parse_task("Angreifer verhindern den Sieg", G)
    assert "den Sieg der Verteidiger" in task_sentence(save, G, Side.ATTACKERS)


@pytest.mark.parametrize(
    ("body", "line", "words"),
    [
        ("Aufgabe: Verteidiger tanzen in 2", 3, "verstehe ich nicht"),
        ("Aufgabe: Verteidiger gewinnen in 9", 3, "erlaubt ist 1 bis"),
        ("Am Zug: Angreifer\nAufgabe: Verteidiger gewinnen in 2", 3, "passt nicht zur Aufgabe"),
        ("Lösung: c2-a2", 3, "gehört zu einer 'Aufgabe:'"),
        ("Aufgabe: Verteidiger gewinnen in 2\nZug: c2-c1", 4, "gehören nicht in denselben"),
        ("Aufgabe: Verteidiger gewinnen in 2\nLösung: c2-a2;;c2-c1", 4, "fehlt ein Zug"),
        ("Aufgabe: Verteidiger gewinnen in 2\nLösung: c2-a2; c2-a2", 4, "zweimal"),
        ("Aufgabe: Ist der Zug c2-c1 erlaubt?\nLösung: vielleicht", 4, "'ja' oder 'nein'"),
    ],
)
def test_unreadable_task_lines_name_their_line(body: str, line: int, words: str) -> None:
    with pytest.raises(BlockError) as caught:
        parse_block(f"Variante: copenhagen-11\nStellung: Start\n{body}", "x.md", 1)
    assert words in str(caught.value)
    assert caught.value.line == line


# -- the verdict --------------------------------------------------------------------------


def test_a_correct_exercise_passes() -> None:
    assert (
        problems(page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", "c2-a2; c2-c1; c2-c11")) == []
    )
    assert (
        problems(page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", "c2-c11;c2-c1; c2-a2")) == []
    )


def test_a_missing_solution_fails_with_file_and_line() -> None:
    found = problems(page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", "c2-a2; c2-c1"))
    assert len(found) == 1
    assert found[0].startswith("docs/x.md:18: die Lösung weicht vom Beweis ab")
    assert "Es fehlt: c2-c11." in found[0]


def test_a_wrong_solution_fails_with_file_and_line() -> None:
    found = problems(page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", "c2-a2; c2-c1; c2-c10"))
    assert len(found) == 1 and found[0].startswith("docs/x.md:18:")
    assert "Keine Lösung: c2-c10." in found[0] and "Es fehlt: c2-c11." in found[0]


def test_one_stone_more_or_less_changes_the_proof_and_fails_the_block() -> None:
    # an attacker on c11 closes the c-file: c2-c11 is no move any more
    grid = CORNERS.replace("11 . . .", "11 . . A", 1)
    found = problems(page(grid, "Aufgabe: Verteidiger gewinnen in 2", "c2-a2; c2-c1; c2-c11"))
    assert found == [
        "docs/x.md:18: die Lösung weicht vom Beweis ab. Keine Lösung: c2-c11. "
        "Bewiesen: c2-a2; c2-c1"
    ]
    # without the attacker on h2, c2-k2 threatens two corners as well
    grid = CORNERS.replace(" 2 . . K . . . . A", " 2 . . K . . . . .", 1)
    found = problems(page(grid, "Aufgabe: Verteidiger gewinnen in 2", "c2-a2; c2-c1; c2-c11"))
    assert len(found) == 1 and found[0].startswith("docs/x.md:18:")
    assert "Es fehlt: c2-k2." in found[0]


def test_solvable_faster_than_stated_fails() -> None:
    grid = CORNERS.replace(" 2 . . K .", " 2 K . . .", 1)  # king on a2: a2-a1 escapes at once
    found = problems(page(grid, "Aufgabe: Verteidiger gewinnen in 2", "a2-a1; a2-a11"))
    assert len(found) == 1
    assert found[0].startswith("docs/x.md:17: die Aufgabe ist schon in 1 Zug lösbar")


def test_unsolvable_within_n_fails() -> None:
    found = problems(page(CORNERS, "Aufgabe: Verteidiger gewinnen in 1", "c2-a2"))
    assert found == ["docs/x.md:17: die Aufgabe ist in 1 Zug nicht lösbar"]


def test_save_needs_a_threat_and_lists_every_saving_turn() -> None:
    assert problems(page(BLOCK_CORNER, "Aufgabe: Angreifer verhindern den Sieg", "d3-a3")) == []
    no_threat = BLOCK_CORNER.replace(" 5 K", " 5 .").replace(" 7 . .", " 7 . K", 1)
    found = problems(page(no_threat, "Aufgabe: Angreifer verhindern den Sieg", "d3-a3"))
    assert len(found) == 1 and "drohen gar keinen Sieg" in found[0]


def test_quiz_answers_are_the_engines() -> None:
    legal = page(BLOCK_CORNER, "Aufgabe: Ist der Zug a8-a11 erlaubt?", "nein", "Am Zug: Angreifer")
    assert problems(legal) == []
    wrong = legal.replace("Lösung: nein", "Lösung: ja")
    found = problems(wrong)
    assert len(found) == 1 and found[0].startswith("docs/x.md:18: 'Lösung: ja' stimmt nicht")
    assert "Eckfeld" in found[0]
    falls = page(BLOCK_CORNER, "Aufgabe: Welche Steine fallen bei d3-d1?", "keine")
    assert problems(falls) == []
    found = problems(falls.replace("Lösung: keine", "Lösung: a5"))
    assert len(found) == 1 and "tatsächlich fallen: keine" in found[0]


def test_a_missing_or_open_solution_fails_and_write_fills_it(tmp_path: Path) -> None:
    missing = problems(page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", None))
    assert len(missing) == 1 and "die Zeile 'Lösung:' fehlt" in missing[0]
    text = page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", "?")
    found = problems(text)
    assert len(found) == 1 and found[0].startswith("docs/x.md:18: 'Lösung: ?' ist noch offen")
    filled = filled_text(text, check_text(text, "docs/x.md", fill_in=True))
    assert "Lösung: c2-a2; c2-c1; c2-c11\n" in filled
    assert filled.replace("c2-a2; c2-c1; c2-c11", "?") == text
    # the command line writes it into the file
    path = tmp_path / "seite.md"
    path.write_text(page(BLOCK_CORNER, "Aufgabe: Angreifer verhindern den Sieg", ""), "utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "tafl_cli.main", "check", "--write", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 Lösung eingetragen" in proc.stdout
    assert "Lösung: d3-a3\n" in path.read_text("utf-8")


# -- the site: cached proofs, the answer tree ----------------------------------------------


def test_proofs_are_stored_by_content(tmp_path: Path) -> None:
    from tafl_docs.proof_store import ProofStore

    store = ProofStore(tmp_path)
    text = page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", "c2-a2; c2-c1; c2-c11")
    cold = check_text(text, "docs/x.md", prover=store.prover("docs/x.md"))
    assert store.stats["proved"] == 1 and not cold[0].problems
    store.stats.clear()
    warm = check_text(text, "docs/x.md", prover=store.prover("docs/x.md"))
    assert store.stats["stored"] == 1 and not store.stats["proved"]
    assert warm[0].proof is not None and cold[0].proof is not None
    assert warm[0].proof.moves == cold[0].proof.moves
    # another stone is another proof
    store.stats.clear()
    moved = text.replace(" 5 . . . A", " 5 . . A .")
    check_text(moved, "docs/x.md", prover=store.prover("docs/x.md"))
    assert store.stats["proved"] == 1


def _tree(text: str) -> dict:
    from tafl_docs import exercise

    verdict = check_text(text, "docs/x.md")[0]
    block, proof = verdict.block, verdict.proof
    assert block is not None and block.task is not None and proof is not None
    task = block.task.value
    return exercise.page_tree(block.variant, block.position, task, proof.solution, solve_directly)


def test_the_page_tree_refutes_wrong_moves_at_every_level() -> None:
    tree = _tree(page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", "c2-a2; c2-c1; c2-c11"))
    assert sorted(tree["solutions"]) == ["c2-a2", "c2-c1", "c2-c11"]
    assert "c2-c3" in tree["refutations"]
    for child in tree["solutions"].values():
        assert child["reply"] and child["solutions"] and child["refutations"]
        for inner in child["solutions"].values():
            assert tree["texts"][inner["done"]] == "Der König ist entkommen."
        for _reply, why in child["refutations"].values():
            assert tree["texts"][why]


# -- the exercise board (tafl_web.exercise) ------------------------------------------------


def board(text: str) -> tuple[int, dict]:
    """An exercise board made through the bridge, as the page makes it."""
    from tafl_docs import exercise
    from tafl_web import api

    verdict = check_text(text, "docs/x.md")[0]
    tree = None if verdict.proof is None or verdict.proof.task.kind.quiz else _tree(text)
    data = exercise.board_data(verdict, tree)
    key = api.create(json.dumps(data))
    return key, json.loads(api.call(key, "view"))


def call(key: int, method: str, *args: object) -> dict:
    from tafl_web import api

    answer = json.loads(api.call(key, method, json.dumps(list(args))))
    assert "error" not in answer, answer["error"]
    return answer


def test_board_solves_with_the_defence_from_the_proof() -> None:
    key, view = board(page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", "c2-a2; c2-c1; c2-c11"))
    assert view["status"] == "Verteidiger am Zug: in 2 Zügen gewinnen"
    assert view["aufgabe"]["state"] == "ready"
    call(key, "tap", "c2")
    view = call(key, "tap", "c1")
    assert view["aufgabe"]["state"] == "ready"
    assert "Richtig" in view["message"] and "Die Angreifer antworten" in view["message"]
    assert view["turn"] == "Verteidiger"
    pieces = {sq["name"] for sq in view["squares"] if sq["piece"] == "A"}
    corner = "k1" if "b1" in pieces else "a1"  # the corner the reply left open
    call(key, "tap", "c1")
    view = call(key, "tap", corner)
    assert view["aufgabe"] == {**view["aufgabe"], "state": "solved", "stars": 3}
    assert view["status"].startswith("Gelöst!")


def test_board_meets_a_wrong_move_with_its_refutation_and_retries() -> None:
    key, _ = board(page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", "c2-a2; c2-c1; c2-c11"))
    view = call(key, "move", "c2-c3")
    assert view["aufgabe"]["state"] == "failed"
    assert "Das löst die Aufgabe nicht. Darauf zieht" in view["message"]
    assert len(view["moves"]) == 2  # the refutation is played on the board
    view = call(key, "retry")
    assert view["aufgabe"]["state"] == "ready" and view["moves"] == []
    view = call(key, "tip")
    assert view["message"].startswith("Tipp: Es zieht die Figur auf c2")
    view = call(key, "tip")
    assert view["message"].startswith("Tipp: von c2 nach ")
    assert not view["aufgabe"]["can_hint"]


def test_board_wrong_second_move_is_refuted_too() -> None:
    key, _ = board(page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", "c2-a2; c2-c1; c2-c11"))
    call(key, "move", "c2-c11")
    view = call(key, "move", "c11-c10")
    assert view["aufgabe"]["state"] == "failed"
    # the sentence of the nested proof, not the board's fallback
    assert "Das löst die Aufgabe nicht. Dieser Zug gewinnt die Partie nicht." in view["message"]


def test_board_reveal_plays_the_main_line() -> None:
    key, _ = board(page(CORNERS, "Aufgabe: Verteidiger gewinnen in 2", "c2-a2; c2-c1; c2-c11"))
    view = call(key, "reveal")
    assert view["message"].startswith("Lösung: c2-a2. Ebenso richtig: c2-c1; c2-c11.")
    assert view["outcome"] == "Verteidiger gewinnen durch Flucht"
    assert view["aufgabe"]["state"] == "failed"


def test_board_quiz_is_judged_by_the_engine() -> None:
    text = page(BLOCK_CORNER, "Aufgabe: Ist der Zug a8-a11 erlaubt?", "nein", "Am Zug: Angreifer")
    key, view = board(text)
    assert view["aufgabe"]["quiz"]
    view = call(key, "answer", "ja")
    assert view["aufgabe"]["state"] == "failed" and "nicht erlaubt" in view["message"]
    call(key, "retry")
    view = call(key, "answer", "nein")
    assert view["aufgabe"]["state"] == "solved" and view["aufgabe"]["stars"] == 2


def test_board_quiz_which_pieces_fall_by_picking_squares() -> None:
    grid = BLOCK_CORNER.replace(" 4 . . . .", " 4 V . . .", 1).replace(
        " 3 . . . A", " 3 A . . A", 1
    )
    # a defender on a4 between the attacker on a3 … and a5 is the king (no capture): d3 stays
    text = page(grid, "Aufgabe: Welche Steine fallen bei a8-a6?", "keine", "Am Zug: Angreifer")
    assert problems(text) == []
    key, _ = board(text)
    view = call(key, "tap", "a5")
    assert any(sq["selected"] for sq in view["squares"] if sq["name"] == "a5")
    view = call(key, "answer", "auswahl")
    assert view["aufgabe"]["state"] == "failed"
    call(key, "retry")
    view = call(key, "answer", "auswahl")
    assert view["aufgabe"]["state"] == "solved" and "Es fällt keine Figur" in view["message"]


def test_bridge_refuses_exercise_actions_on_a_plain_board() -> None:
    from tafl_web import api

    key = api.create(json.dumps({"variant": "copenhagen-11"}))
    answer = json.loads(api.call(key, "tip", "[]"))
    assert answer["error"] == "Das geht nicht: 'tip' gibt es auf diesem Brett nicht"


# A Tyr berserker chain: a4-e4 takes e5, the chain goes on e4-h4 and takes h5.
CHAIN = """\
11 . . . . . . . . . . .
10 . A . . . . . . . . .
 9 . . . . . K . . . A .
 8 . . V . . . . . . . .
 7 . . . . . . . . . . .
 6 . . . . A . . A . . .
 5 . . . . V . . V . . .
 4 A . . . . . . . . . .
 3 . . . . . . . . . . .
 2 . . . . . . . . V . .
 1 . . . . . . . . . . .
   a b c d e f g h i j k"""


def test_a_berserker_chain_is_one_turn_of_the_solution_and_of_the_board() -> None:
    text = page(CHAIN, "Aufgabe: Angreifer schlagen h5 in 1", "a4-h4; a4-e4, e4-h4; a4-h4, h4-e4")
    text = text.replace("copenhagen-11", "tyr-11")
    assert problems(text) == []
    assert problems(text.replace("; a4-h4, h4-e4", "")) == [
        "docs/x.md:18: die Lösung weicht vom Beweis ab. Es fehlt: a4-h4,h4-e4. "
        "Bewiesen: a4-e4,e4-h4; a4-h4; a4-h4,h4-e4"
    ]
    key, _ = board(text)
    view = call(key, "move", "a4-e4")
    assert view["chain"] and view["aufgabe"]["state"] == "ready"  # not judged mid-chain
    view = call(key, "move", "e4-h4")
    if view["chain"]:
        view = call(key, "end_turn")
    assert view["aufgabe"]["state"] == "solved"
    # the chain's first step alone takes e5, not h5: wrong
    key, _ = board(text)
    call(key, "move", "a4-e4")
    view = call(key, "end_turn")
    assert view["aufgabe"]["state"] == "failed" and "Das löst die Aufgabe nicht." in view["message"]


def test_board_save_task_says_who_can_no_longer_win() -> None:
    key, view = board(page(BLOCK_CORNER, "Aufgabe: Angreifer verhindern den Sieg", "d3-a3"))
    assert view["status"] == "Angreifer am Zug: den Sieg der Verteidiger im nächsten Zug verhindern"
    view = call(key, "move", "d3-a3")
    assert view["aufgabe"]["state"] == "solved"
    assert "Die Verteidiger können im nächsten Zug nicht gewinnen." in view["message"]
    assert "die Angreifer keinen" not in view["message"]
    key, _ = board(page(BLOCK_CORNER, "Aufgabe: Angreifer verhindern den Sieg", "d3-a3"))
    view = call(key, "move", "d3-d2")
    assert view["aufgabe"]["state"] == "failed"
    assert view["outcome"] == "Verteidiger gewinnen durch Flucht"  # the refutation is played
