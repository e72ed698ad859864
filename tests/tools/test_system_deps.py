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
