"""`make serve PORT=…`: check the port first, then run `mkdocs serve` on 127.0.0.1.

A busy or invalid port gives one German line and exit code 1, before anything is built.
`--check PORT` only checks; extra arguments go to `mkdocs serve` unchanged.
"""

from __future__ import annotations

import os
import socket
import sys

HOST = "127.0.0.1"
#: Besides docs/ and mkdocs.yml: the variant data and snippets the pages are built from.
WATCH = ("tafl_core/data/variants", "includes")


def port_problem(text: str) -> str | None:
    """Why this port cannot be used (German), or None when it is free."""
    if not text.isdigit() or not 0 < int(text) < 65536:
        return f"'{text}' ist keine Portnummer (erlaubt: 1 bis 65535)"
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((HOST, int(text)))
        except OSError:
            return f"Port {text} ist belegt"
    return None


def main(argv: list[str]) -> int:
    """Start mkdocs serve on the given port (first argument), or say why not.
    With `--check PORT` only check the port."""
    check = argv[:1] == ["--check"]
    argv = argv[1:] if check else argv
    port = argv[0] if argv else "8000"
    problem = port_problem(port)
    if problem:
        print(
            f"make serve: {problem} – einen anderen wählen, z. B. make serve PORT=8001",
            file=sys.stderr,
        )
        return 1
    if check:
        return 0
    watch = [x for d in WATCH for x in ("-w", d)]
    args = [sys.executable, "-m", "mkdocs", "serve", "-a", f"{HOST}:{port}", *watch, *argv[1:]]
    os.execv(sys.executable, args)
    return 0  # not reached


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
