"""`tafl check` where contributors work: any folder, unreadable files, GitHub annotations,
and the pre-commit hook that runs it."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from tafl_cli.main import build_parser, main

ROOT = Path(__file__).resolve().parents[2]

GOOD = """# Gut

```tafl
Variante: copenhagen-11
Stellung: Start
Zug: d1-d3
Geschlagen: keine
```
"""

# line 7 expects a capture that does not happen
BROKEN = """# Kaputt

```tafl
Variante: copenhagen-11
Stellung: Start
Zug: d1-d2
Geschlagen: d3
```
"""


@pytest.fixture
def pages(tmp_path: Path) -> Path:
    """A docs folder with a good page, a broken one and a Latin-1 one."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a_gut.md").write_text(GOOD, encoding="utf-8")
    (docs / "b_kaputt.md").write_text(BROKEN, encoding="utf-8")
    (docs / "c_latin.md").write_bytes("Größe\n\n".encode("latin-1") + GOOD.encode())
    return docs


def test_check_runs_from_another_folder_with_paths_as_given(pages: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "anderswo"
    elsewhere.mkdir()
    proc = subprocess.run(
        [sys.executable, "-m", "tafl_cli.main", "check", "../docs"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    assert "../docs/a_gut.md:3: ok" in proc.stdout
    assert "../docs/b_kaputt.md:7: FEHLER: erwartet geschlagen: d3" in proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr


def test_an_unreadable_file_is_named_and_the_rest_still_checked(
    capsys: pytest.CaptureFixture[str], pages: Path
) -> None:
    code = main(["check", str(pages)])
    out = capsys.readouterr().out
    assert code == 1
    assert f"{pages / 'c_latin.md'}:1: FEHLER: die Datei ist nicht UTF-8-kodiert" in out
    # the files after and before the Latin-1 one are checked all the same
    assert f"{pages / 'a_gut.md'}:3: ok" in out
    assert f"{pages / 'b_kaputt.md'}:7: FEHLER" in out
    assert "2 Beispiele geprüft, 1 in Ordnung, 1 fehlerhaft; 1 Pfad nicht lesbar" in out


def test_github_format_prints_an_annotation_with_file_and_line(
    capsys: pytest.CaptureFixture[str], pages: Path
) -> None:
    broken = pages / "b_kaputt.md"
    code = main(["check", "--format", "github", str(broken)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[0] == (
        f"::error file={broken},line=7::erwartet geschlagen: d3 – tatsächlich geschlagen: keine"
    )
    assert not any(line.endswith(": ok") for line in out)


def test_github_format_escapes_line_breaks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = tmp_path / "offen.md"
    page.write_text(
        "```tafl\nVariante: simples-tafl-11\nStellung: Start\nZug: a5-a3\nDanach: ?\n```\n",
        encoding="utf-8",
    )
    main(["check", "--format", "github", str(page)])
    annotations = [line for line in capsys.readouterr().out.splitlines() if line.startswith("::")]
    assert len(annotations) == 1  # the multi-line grid stays inside one annotation
    assert f"file={page},line=5::" in annotations[0]
    assert "%0A" in annotations[0]


# -- the pre-commit hook -----------------------------------------------------------------


def _hook() -> dict[str, object]:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert isinstance(hooks, list) and len(hooks) == 1
    hook = hooks[0]
    assert isinstance(hook, dict)
    return hook


def test_pre_commit_hook_entry_is_the_tafl_check_command() -> None:
    hook = _hook()
    assert hook["id"] == "tafl-check"
    assert hook["language"] == "python"  # pre-commit installs this repository with pip
    entry = str(hook["entry"]).split()
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "scripts"
    ]
    assert entry[0] in scripts
    # pre-commit appends the changed files; the command must accept them
    args = build_parser().parse_args([*entry[1:], "docs/index.md", "docs/glossar.md"])
    assert args.command == "check"
    assert args.paths == ["docs/index.md", "docs/glossar.md"]


@pytest.mark.parametrize(
    ("path", "checked"),
    [
        ("docs/index.md", True),
        ("docs/mechaniken/randfestung.md", True),
        ("README.md", False),
        ("notes/writing-guide.md", False),
        ("docs/stylesheets/extra.css", False),
        ("tests/docs/x.md", False),
    ],
)
def test_pre_commit_hook_runs_on_docs_pages_only(path: str, checked: bool) -> None:
    pattern = re.compile(str(_hook()["files"]))
    assert bool(pattern.search(path)) is checked


# -- ids are unique across the docs folder, also when only changed files are checked -------


def _page_with_id(block_id: str) -> str:
    return GOOD.replace("```tafl\n", f"```tafl id={block_id}\n", 1)


def test_an_id_that_an_unchanged_page_has_is_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pre-commit hook passes only the changed files; the clash is with another page of
    the mkdocs.yml's docs_dir (here not named 'docs')."""
    (tmp_path / "mkdocs.yml").write_text("site_name: x\ndocs_dir: seiten\n", encoding="utf-8")
    pages = tmp_path / "seiten" / "varianten"
    pages.mkdir(parents=True)
    (tmp_path / "seiten" / "alt.md").write_text(_page_with_id("thron-leer"), encoding="utf-8")
    (pages / "neu.md").write_text(_page_with_id("thron-leer"), encoding="utf-8")
    (pages / "anders.md").write_text(_page_with_id("anders"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "seiten/varianten/neu.md"]) == 1
    out = capsys.readouterr().out
    clash = "die id 'thron-leer' hat schon das Beispiel in "
    assert f"seiten/varianten/neu.md:3: FEHLER: {clash}" in out
    assert "seiten/alt.md:3" in out
    assert "1 Beispiel geprüft, 0 in Ordnung, 1 fehlerhaft" in out
    # a page with an id of its own passes, and the other pages are not checked or counted
    assert main(["check", "seiten/varianten/anders.md"]) == 0
    assert "1 Beispiel geprüft, 1 in Ordnung" in capsys.readouterr().out


def test_without_mkdocs_yml_the_nearest_docs_folder_is_the_root(
    capsys: pytest.CaptureFixture[str], pages: Path, tmp_path: Path
) -> None:
    (pages / "unter").mkdir()
    (pages / "unter" / "x.md").write_text(_page_with_id("gleich"), encoding="utf-8")
    (pages / "y.md").write_text(_page_with_id("gleich"), encoding="utf-8")
    # outside the docs folder: not compared
    (tmp_path / "z.md").write_text(_page_with_id("gleich"), encoding="utf-8")
    assert main(["check", str(pages / "unter" / "x.md")]) == 1
    assert "die id 'gleich' hat schon das Beispiel in" in capsys.readouterr().out
    assert main(["check", str(tmp_path / "z.md")]) == 0
    capsys.readouterr()


def test_coverage_runs_the_card_report_and_passes_on_its_exit_code(
    pages: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--coverage` runs the report of `python -m tafl_tools.rule_coverage --karten` on the
    folder given, instead of the block check, and exits with its code (1: a rule unpinned)."""
    from tafl_docs import rule_coverage

    calls: list[list[str]] = []

    def report(argv: list[str], prog: str) -> int:
        calls.append(argv)
        return 1

    monkeypatch.setattr(rule_coverage, "main", report)
    assert main(["check", "--coverage", str(pages)]) == 1
    assert calls == [["--karten", "--docs", str(pages)]]


def test_coverage_wants_one_folder(
    pages: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file or two folders give one German line and exit code 2, no report."""
    assert main(["check", "--coverage", str(pages / "a_gut.md")]) == 2
    assert main(["check", "--coverage", str(pages), str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("--coverage braucht genau einen Ordner") == 2
