"""scripts/system-deps.sh installs only what is missing, without recommends, never upgrading.

apt-get, ldconfig and dpkg-query are replaced by stubs that log their arguments, so the test
runs without touching the machine.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "system-deps.sh"


def stub_bin(tmp_path: Path, plan: str, cairo_installed: bool) -> tuple[Path, Path]:
    """A bin folder with stubs; apt-get logs each call to the returned log file."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "apt.log"
    (bin_dir / "apt-get").write_text(
        "#!/bin/sh\n"
        f'echo "$*" >> {log}\n'
        'case " $* " in *" -s "*) cat <<"PLAN"\n' + plan + "\nPLAN\n;; esac\n"
    )
    found = "libcairo.so.2 (libc6,x86-64) => /usr/lib/libcairo.so.2" if cairo_installed else ""
    (bin_dir / "ldconfig").write_text(f"#!/bin/sh\necho '{found}'\n")
    (bin_dir / "dpkg-query").write_text("#!/bin/sh\nexit 1\n")
    for stub in bin_dir.iterdir():
        stub.chmod(0o755)
    return bin_dir, log


def run(bin_dir: Path, *what: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PATH=f"{bin_dir}:/usr/bin:/bin")
    return subprocess.run(
        ["bash", str(SCRIPT), *what], capture_output=True, text=True, env=env, timeout=30
    )


@pytest.mark.skipif(os.geteuid() != 0, reason="the script would call sudo")
def test_installs_a_missing_package_without_recommends_or_upgrades(tmp_path: Path) -> None:
    bin_dir, log = stub_bin(tmp_path, "Inst libcairo2 (1.16.0-7 Debian:12/stable [amd64])", False)
    proc = run(bin_dir, "cairo")
    assert proc.returncode == 0, proc.stderr
    calls = log.read_text().splitlines()
    assert calls[0].startswith("update")
    install = calls[-1].split()
    assert install[0] == "install" and "-s" not in install
    assert "--no-install-recommends" in install and "--no-upgrade" in install
    assert install[-1] == "libcairo2"
    assert not any(call.split()[0] in ("upgrade", "dist-upgrade", "full-upgrade") for call in calls)


@pytest.mark.skipif(os.geteuid() != 0, reason="the script would call sudo")
def test_stops_when_installed_packages_would_be_upgraded(tmp_path: Path) -> None:
    plan = (
        "Inst libc6 [2.36-9] (2.36-9+deb12u4 Debian:12/stable [amd64])\n"
        "Inst libcairo2 (1.16.0-7 Debian:12/stable [amd64])"
    )
    bin_dir, log = stub_bin(tmp_path, plan, False)
    proc = run(bin_dir, "cairo")
    assert proc.returncode == 1
    assert "libc6" in proc.stderr and "nichts installiert" in proc.stderr
    assert all(
        " -s " in f" {call} " or call.startswith("update") for call in log.read_text().splitlines()
    )


def test_does_nothing_when_everything_is_there(tmp_path: Path) -> None:
    bin_dir, log = stub_bin(tmp_path, "", True)
    proc = run(bin_dir, "cairo")
    assert proc.returncode == 0
    assert not log.exists()  # apt-get was never called


def test_unknown_package_word_is_a_german_error(tmp_path: Path) -> None:
    bin_dir, _ = stub_bin(tmp_path, "", True)
    proc = run(bin_dir, "cairo", "kaffee")
    assert proc.returncode == 2
    assert "unbekanntes Paket 'kaffee'" in proc.stderr


def test_tests_wait_for_the_exit_code_make_test_announces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`make test` runs the script alongside the first tests; the others wait for the file
    with its exit code, then go on, or fail with the code."""
    import threading
    import time

    from tests.site_support import SYSTEM_DEPS_ENV, system_deps_problem

    ask = system_deps_problem.__wrapped__  # the answer of this process is cached
    monkeypatch.delenv(SYSTEM_DEPS_ENV, raising=False)
    assert ask() is None  # pytest called directly: nothing to wait for
    status = tmp_path / "status"
    monkeypatch.setenv(SYSTEM_DEPS_ENV, str(status))
    writer = threading.Timer(0.5, lambda: status.write_text("0\n"))
    start = time.monotonic()
    writer.start()
    assert ask() is None
    assert time.monotonic() - start >= 0.5  # it waited for the file
    status.write_text("100\n")
    problem = ask()
    assert problem is not None and "Exit-Code 100" in problem


#: What draws, prints or browses through a Debian package (cairo, Pango, poppler, Chromium).
NEEDS_PACKAGES = frozenset(
    ("svg_to_png", "cairosvg", "weasyprint", "html_to_pdf", "cached_pdf", "CHROMIUM")
)
#: Commands of poppler and options that make the CLI draw a PNG.
NEEDS_PACKAGES_TEXT = ("pdftotext", "pdfinfo", "pdffonts", "--png")
#: The fixtures that build the site or start the browser.
SITE_FIXTURES = frozenset(("site", "site_build", "server", "browser", "page", "engine_page"))


def package_uses(source: str) -> list[str]:
    """What in a test module's code needs a Debian package (names, texts, fixtures), sorted."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            names = [node.id]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names = [a.name.split(".")[-1] for a in node.names] + (
                (node.module or "").split(".") if isinstance(node, ast.ImportFrom) else []
            )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names = [t for t in NEEDS_PACKAGES_TEXT if t in node.value]
        elif isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            names = [f"Fixture {a.arg}" for a in node.args.args if a.arg in SITE_FIXTURES]
        else:
            continue
        for name in names:
            if name in NEEDS_PACKAGES or name in NEEDS_PACKAGES_TEXT or name.startswith("Fix"):
                found.append(f"{node.lineno}: {name}")
    return sorted(found)


def test_the_tests_that_run_before_the_packages_use_none() -> None:
    """The folders that run while `make test` may still be installing the Debian packages
    (tests/conftest.py, WITHOUT_PACKAGES) neither draw PNGs, print sheets, read PDFs nor
    use the site or the browser."""
    from tests.conftest import WITHOUT_PACKAGES

    root = Path(__file__).resolve().parents[2]
    assert package_uses("from diagrams import svg_to_png\n") == ["1: svg_to_png"]
    assert package_uses("def test_x(browser):\n    run(['tafl', '--png'])\n") == [
        "1: Fixture browser",
        "2: --png",
    ]
    found = []
    for folder in WITHOUT_PACKAGES:
        for path in sorted((root / folder).rglob("*.py")):
            if path.name == "test_system_deps.py":
                continue  # this file names them to look for them
            found += [f"{path.relative_to(root)}:{u}" for u in package_uses(path.read_text())]
    assert not found, "\n".join(found)
