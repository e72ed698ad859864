"""`make serve PORT=…`: check the port first, then run `mkdocs serve` on 127.0.0.1.

A busy or invalid port gives one German line and exit code 1, before anything is built.
`--check PORT` only checks; extra arguments go to `mkdocs serve` unchanged.

`mkdocs serve` runs in this process with its live-reload server changed in two ways
(`Server`):

* A rebuild that fails (a broken mkdocs.yml, an exception in a plugin) no longer leaves
  the server "stuck" (MkDocs then holds every request until a build succeeds): the
  browsers reload and every page shows the error, in German words around MkDocs' message,
  until the next save builds the site again; then they reload to the new site.
* Source folders are looked at every 0.25 s instead of 0.5 s (the watcher polls), which
  takes a quarter of a second off the time from saving to the reload on average.

The first build is MkDocs' own: if it fails, `make serve` stops with its error.
"""

from __future__ import annotations

import html
import logging
import os
import socket
import sys
import traceback
from collections.abc import Callable, Iterable
from typing import Any

HOST = "127.0.0.1"
#: Besides docs/ and mkdocs.yml: the variant data and snippets the pages are built from, and
#: the site data (the scripts' texts, tafl_docs/data/page_text.toml, go into every build).
WATCH = ("tafl_core/data/variants", "includes", "tafl_docs/data")
#: Seconds between two looks at the watched folders (MkDocs: 0.5).
POLL = 0.25
#: The German line in the terminal when a rebuild fails.
FAILED = (
    "make serve: Die Website ließ sich nicht bauen (Fehler oben); der Browser zeigt den Fehler. "
    "Nach dem nächsten Speichern wird neu gebaut."
)

#: The page every browser gets while the last build failed (German; MkDocs' message inside).
ERROR_PAGE = """<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>Bau fehlgeschlagen</title>
<style>body{{font:16px/1.5 sans-serif;margin:2rem auto;max-width:50rem;padding:0 1rem}}
pre{{background:#f4f0ec;padding:1rem;overflow-x:auto;white-space:pre-wrap}}</style>
</head><body id="tafl-bau-fehler">
<h1>Die Website ließ sich nicht bauen</h1>
<p>Beim letzten Speichern ist der Bau abgebrochen. Das meldet MkDocs:</p>
<pre>{message}</pre>
<p>Sobald die Ursache behoben und die Datei gespeichert ist, baut <code>make serve</code>
neu und lädt diese Seite von selbst.</p>
</body></html>
"""


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


class Errors(logging.Handler):
    """The ERROR messages MkDocs logs during one build (they say what went wrong)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def bad_input(error: BaseException) -> bool:
    """Whether the error reports bad input in words of its own (MkDocs' errors, the
    engine's German ones), so that its message says all and a traceback would not help."""
    from tafl_core.errors import TaflError

    return type(error).__module__ == "mkdocs.exceptions" or isinstance(error, TaflError)


def own_message(error: BaseException) -> str:
    """The exception's message; an unexpected kind (a bug, not bad input) is named."""
    text = str(error).strip()
    if bad_input(error) and text:
        return text
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def make_server_class() -> type[Any]:
    """MkDocs' LiveReloadServer with the changes of the module docstring."""
    from mkdocs.livereload import LiveReloadServer

    class Server(LiveReloadServer):
        def __init__(self, builder: Callable[[], None], **kwargs: Any) -> None:
            kwargs.setdefault("polling_interval", POLL)
            super().__init__(builder=self.guarded(builder), **kwargs)
            #: What the last build's failure said, None after a build that succeeded.
            self.failure: str | None = None

        def guarded(self, builder: Callable[[], None]) -> Callable[[], None]:
            """`builder`, which on failure logs it and remembers it instead of raising, so
            the browsers reload (to the error page)."""

            def build() -> None:
                errors = Errors()
                logger = logging.getLogger("mkdocs")
                logger.addHandler(errors)
                try:
                    builder()
                    self.failure = None
                except Exception as error:  # every failure is shown
                    if not bad_input(error):
                        traceback.print_exc()  # a bug: the developer needs it
                    own = own_message(error)
                    if own not in errors.messages:
                        logger.error(own)
                    self.failure = "\n".join(errors.messages)
                    logger.error(FAILED)
                finally:
                    logger.removeHandler(errors)

            return build

        def serve_request(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
            """While the last build failed, every page is the error page."""
            path = str(environ.get("PATH_INFO", ""))
            failure = self.failure
            if failure is None or not (path.endswith("/") or path.endswith(".html")):
                result: Iterable[bytes] = super().serve_request(environ, start_response)
                return result
            page = ERROR_PAGE.format(message=html.escape(failure)).encode()
            page = self._inject_js_into_html(page, self._visible_epoch)  # type: ignore[no-untyped-call]
            start_response(
                "500 Internal Server Error",
                [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(page)))],
            )
            return [page]

    return Server


def run_mkdocs(args: list[str]) -> int:
    """`mkdocs serve ARGS` in this process, with `Server` as its live-reload server."""
    from mkdocs.__main__ import cli
    from mkdocs.commands import serve

    serve.LiveReloadServer = make_server_class()  # type: ignore[attr-defined]
    try:
        cli.main(args=["serve", *args], prog_name="mkdocs", standalone_mode=True)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 1


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
    os.environ.setdefault("DISABLE_MKDOCS_2_WARNING", "true")
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    watch = [x for d in WATCH for x in ("-w", d)]
    return run_mkdocs(["-a", f"{HOST}:{port}", *watch, *argv[1:]])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
