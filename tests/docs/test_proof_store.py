"""The committed exercise proofs (data/beweise/): every one proved again, every page complete.

The site build takes the proofs of its exercises from these files and proves only what is
missing, so these tests make sure it trusts nothing the solver would not prove today: one
test per stored proof proves it again and compares; one test per page checks that its file
holds exactly the proofs its exercises use. The files are read when the tests are collected,
before the shared site build (which writes missing proofs) starts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tafl_core.examples import check_text
from tafl_core.examples.task import solve_directly
from tafl_docs import proof_store
from tafl_docs.proof_store import PROOF_DIR, ProofStore

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

STORED = proof_store.read_folder(PROOF_DIR)
ENTRIES = [(path, key) for path, entries in STORED.items() for key in entries]
PAGES = sorted(
    "docs/" + p.relative_to(DOCS).as_posix()
    for p in DOCS.rglob("*.md")
    if "Aufgabe:" in p.read_text("utf-8")
    or proof_store.page_file("docs/" + p.relative_to(DOCS).as_posix()).is_file()
)


def _short(path: Path, key: str) -> str:
    return f"{path.relative_to(PROOF_DIR).with_suffix('').as_posix()}:{key[:8]}"


@pytest.mark.parametrize(("path", "key"), ENTRIES, ids=[_short(p, k) for p, k in ENTRIES])
def test_stored_proof_is_the_solvers(path: Path, key: str) -> None:
    problem = proof_store.entry_problem(path, key, STORED[path][key])
    if problem:
        pytest.fail(problem, pytrace=False)


@pytest.mark.parametrize("page", PAGES)
def test_page_has_exactly_its_proofs(page: str) -> None:
    stored = STORED.get(proof_store.page_file(page), {})
    problems = proof_store.page_problems(page, (ROOT / page).read_text("utf-8"), stored)
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


def test_every_proof_file_belongs_to_a_page() -> None:
    pages = ["docs/" + p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")]
    left = proof_store.orphans(pages)
    assert not left, (
        f"Beweisdateien ohne Seite: {', '.join(str(p.relative_to(ROOT)) for p in left)}; "
        f"entfernen mit: {proof_store.REFRESH} docs"
    )


def test_the_exercises_have_proofs() -> None:
    """An empty collection would hide that nothing is checked."""
    assert len(PAGES) >= 10 and len(ENTRIES) >= 100, (len(PAGES), len(ENTRIES))


# -- the store itself, on a page of its own ----------------------------------------------------

# The king on c2 has three ways to threaten two corners at once (proven: win in 2).
CORNERS = """\
```tafl
Variante: copenhagen-11
Stellung:
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
   a b c d e f g h i j k
Aufgabe: Verteidiger gewinnen in 2
Lösung: c2-a2; c2-c1; c2-c11
```
"""
PAGE = "docs/seite.md"


def _folder(tmp_path: Path) -> Path:
    return tmp_path / "data" / "beweise"


def test_a_missing_proof_is_proved_once_and_written(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    store = ProofStore(folder)
    store.start_page(PAGE)
    assert proof_store.page_needs(PAGE, CORNERS, store.prover(PAGE)) == 1
    proved = store.stats["proved"]
    assert proved >= 2  # the task and the nested proofs of the answer tree
    assert store.write() == [folder / "seite.json"]
    data = json.loads((folder / "seite.json").read_text("utf-8"))
    assert len(data["proofs"]) == proved
    # read back: nothing is proved again, and the file is left as it is
    again = ProofStore(folder)
    again.start_page(PAGE)
    proof_store.page_needs(PAGE, CORNERS, again.prover(PAGE))
    assert again.stats["proved"] == 0 and again.stats["stored"] >= proved
    assert again.write() == []
    assert not proof_store.page_problems(
        PAGE, CORNERS, proof_store.read_file(folder / "seite.json"), folder
    )


def test_the_stored_answer_is_the_solvers(tmp_path: Path) -> None:
    store = ProofStore(_folder(tmp_path))
    stored = check_text(CORNERS, PAGE, prover=store.prover(PAGE))[0]
    direct = check_text(CORNERS, PAGE, prover=solve_directly)[0]
    assert stored.ok and stored.proof is not None and direct.proof is not None
    assert stored.proof.solution == direct.proof.solution


def test_a_changed_exercise_leaves_no_stale_entry(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    store = ProofStore(folder)
    store.start_page(PAGE)
    proof_store.page_needs(PAGE, CORNERS, store.prover(PAGE))
    store.write()
    moved = CORNERS.replace(" 5 . . . A", " 5 . . A .")
    entries = proof_store.read_file(folder / "seite.json")
    problems = proof_store.page_problems(PAGE, moved, entries, folder)
    assert len(problems) == 1
    assert "fehlen in data/beweise/seite.json" in problems[0]
    assert "die keine Aufgabe der Seite braucht" in problems[0]
    assert problems[0].endswith("erneuern mit: tafl check --proofs docs/seite.md")
    # the page converted again keeps only what it uses now
    store.start_page(PAGE)
    proof_store.page_needs(PAGE, moved, store.prover(PAGE))
    store.write()
    assert not proof_store.page_problems(
        PAGE, moved, proof_store.read_file(folder / "seite.json"), folder
    )


def test_an_entry_the_solver_disagrees_with_fails(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    store = ProofStore(folder)
    store.start_page(PAGE)
    proof_store.page_needs(PAGE, CORNERS, store.prover(PAGE))
    key, entry = next(iter(sorted(store.used[PAGE].items())))
    path = folder / "seite.json"
    assert proof_store.entry_problem(path, key, entry, folder) is None
    wrong = json.loads(json.dumps(entry))
    wrong["solution"]["moves"] = wrong["solution"]["moves"][:-1] or ["a1-a2"]
    message = proof_store.entry_problem(path, key, wrong, folder)
    assert message is not None and "der Löser beweist heute etwas anderes" in message
    assert message.endswith("erneuern mit: tafl check --proofs docs/seite.md")
    # another solver is another key: the entry is then stale
    stale = proof_store.entry_problem(path, "0" * 24, entry, folder)
    assert stale is not None and "ist veraltet" in stale


def test_the_key_covers_the_solvers_source() -> None:
    sources = {p.relative_to(proof_store.PACKAGE).as_posix() for p in proof_store.solver_sources()}
    assert {"solver/search.py", "board.py", "captures.py", "wording/events.py"} <= sources
    assert not any(s.startswith(("search/", "otn/", "examples/")) for s in sources)


def test_the_command_writes_refreshes_and_removes_proof_files(tmp_path: Path) -> None:
    import subprocess
    import sys

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "seite.md").write_text(CORNERS, "utf-8")
    folder = _folder(tmp_path)
    orphan = folder / "weg.json"
    orphan.parent.mkdir(parents=True)
    orphan.write_text('{"proofs": {}}', "utf-8")

    def run(*args: str) -> str:
        proc = subprocess.run(
            [sys.executable, "-m", "tafl_cli.main", "check", "-q", "--proofs", *args],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=tmp_path,
            check=False,
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return proc.stdout

    first = run("docs")
    written = folder / "seite.json"
    count = len(proof_store.read_file(written))
    assert f"data/beweise/seite.json: {count} Beweise, {count} neu bewiesen, 0 entfernt" in first
    assert "data/beweise/weg.json: entfernt (die Seite gibt es nicht mehr)" in first
    assert not orphan.exists()
    before = written.read_text("utf-8")
    assert "seite.json" not in run("docs/seite.md")  # nothing to do: the file stays
    assert written.read_text("utf-8") == before


def test_the_build_writes_what_its_pages_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tafl_docs import fence

    monkeypatch.setenv("TAFL_CACHE_DIR", str(tmp_path / "cache"))
    folder = _folder(tmp_path)
    state = fence.FenceState(proofs=ProofStore(folder))
    state.set_page("seite.md", CORNERS, "seite/")
    body = CORNERS.split("\n", 1)[1].rsplit("```", 1)[0]
    shown = fence.format_tafl(body, "tafl", "tafl", {}, None, state=state)
    assert "tafl-aufgabe" in shown and "Fehlerhaft" not in shown
    lines = state.write_proofs()
    assert lines == ["Beweise geschrieben (mit der Seite committen): data/beweise/seite.json"]
    assert not proof_store.page_problems(
        PAGE, CORNERS, proof_store.read_file(folder / "seite.json"), folder
    )
    # the next build takes them from the file and writes nothing
    again = fence.FenceState(proofs=ProofStore(folder))
    again.set_page("seite.md", CORNERS, "seite/")
    fence.format_tafl(body, "tafl", "tafl", {}, None, state=again)
    assert again.write_proofs() == [] and again.proofs.stats["proved"] == 0
