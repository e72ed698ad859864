"""The `tafl sheet` subcommand: a variant's printable rule sheet (Regelblatt) as PDF."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tafl_core import variant

from .parsing import add_option

#: The site configuration next to the docs, for the address printed on the sheet.
_MKDOCS_YML = Path(__file__).resolve().parent.parent / "mkdocs.yml"


def register(sub: Any) -> None:
    """Add the sheet subcommand."""
    p = sub.add_parser(
        "sheet",
        help="Regelblatt einer Variante als PDF (A4) erzeugen",
        description="Erzeugt das Regelblatt einer Variante: Startaufstellung, Figuren, die "
        "Regeln in Kürze und geprüfte Beispiele der Regelkarte auf einer A4-Seite (PDF). "
        "Mit einer Ausgabedatei auf .html entsteht stattdessen die HTML-Fassung.",
    )
    p.add_argument("variant", metavar="VARIANTE", help="z. B. copenhagen-11")
    p.add_argument(
        "-o",
        "--out",
        metavar="DATEI",
        help="Ausgabedatei, .pdf oder .html (Standard: regelblatt-VARIANTE.pdf)",
    )
    add_option(
        p,
        "--address",
        metavar="TEXT",
        help="Adresse der Website auf dem Blatt (Standard: site_url oder site_name aus mkdocs.yml)",
    )
    add_option(
        p,
        "--exercises",
        action="store_true",
        help="statt des Regelblatts das Aufgabenblatt: Aufgaben der Variante auf Seite 1, "
        "Lösungen auf Seite 2 (Standarddatei: aufgaben-VARIANTE.pdf)",
    )
    p.set_defaults(handler=cmd_sheet)


def cmd_sheet(args: argparse.Namespace) -> int:
    """Write the sheet; German one-line errors, exit code 2."""
    v = variant(args.variant)  # UnknownVariantError: main prints it as one line, exit 2
    # tafl_docs (a floor below the CLI) loads in about 0.5 s: only `tafl sheet` pays for it
    from tafl_docs.sheet import html_to_pdf, page_limit, sheet_html, site_label
    from tafl_docs.sheet_examples import SheetError

    kind = "aufgaben" if args.exercises else "regelblatt"
    out = Path(args.out or f"{kind}-{v.slug}.pdf")
    if out.suffix.lower() not in (".pdf", ".html"):
        print(
            f"tafl: Fehler: {out}: die Ausgabedatei muss auf .pdf oder .html enden",
            file=sys.stderr,
        )
        return 2
    site = args.address or site_label(_MKDOCS_YML)
    try:
        if args.exercises:
            from tafl_docs.task_sheet import task_sheet_html  # 0.3 s more, only for --exercises

            html = task_sheet_html(v, site=site)
            pages = 2
        else:
            html = sheet_html(v, site=site)
            pages = page_limit(v)
        data = html.encode("utf-8") if out.suffix.lower() == ".html" else html_to_pdf(html, pages)
    except SheetError as exc:
        print(f"tafl: Fehler: {exc}", file=sys.stderr)
        return 2
    try:
        out.write_bytes(data)
    except OSError:
        why = "der Ordner fehlt" if not out.parent.is_dir() else "keine Schreibrechte?"
        print(f"tafl: Fehler: {out}: kann nicht geschrieben werden ({why})", file=sys.stderr)
        return 2
    what = "Aufgabenblatt" if args.exercises else "Regelblatt"
    print(f"{what} {v.name} geschrieben: {out}")
    return 0
