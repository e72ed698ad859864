"""The rule sheets (Regelblatt) and printing a card from the browser.

The sheets are checked with poppler's tools as a reader's printer would see them: page size
and count (pdfinfo), embedded fonts (pdffonts), no bitmaps (pdfimages) and the text
(pdftotext). Expected facts come from the rule data and the sheet's page limits, never from
the sheet code itself.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import subprocess
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tafl_cli.main import main
from tafl_core.pieces import Kind, Side
from tafl_core.rules import Escape
from tafl_core.variants import Variant, all_variants, variant
from tafl_docs import sheet_examples
from tafl_docs.sheet import build_date, html_to_pdf, page_limit, sheet_html, site_label
from tafl_docs.sheet_examples import SheetError
from tafl_docs.sheet_files import cached_pdf
from tafl_docs.summary import at_a_glance

SLUGS = sorted(all_variants())
ROOT_DOCS = Path(__file__).resolve().parents[2] / "docs"

#: The issue's limit: one A4 page, two at most for Tyr 15×15 and Odin.
LIMIT = {"tyr-15": 2, "odin-11": 2}

A4_PT = (595.28, 841.89)

#: The build date handed to the sheets of these tests.
BUILT = dt.date(2031, 2, 3)

#: Odin's piece counts as its rule card gives them (no squares are published).
ODIN_CARD = {
    ("König", None): 1,
    ("Verteidiger", Kind.MAN): 6,
    ("Verteidiger", Kind.COMMANDER): 4,
    ("Verteidiger", Kind.VARIEGATED): 2,
    ("Angreifer", Kind.MAN): 12,
    ("Angreifer", Kind.COMMANDER): 8,
    ("Angreifer", Kind.VARIEGATED): 4,
}


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} fehlt: bash scripts/system-deps.sh poppler")
    return found


def _run(*argv: str) -> str:
    return subprocess.run(
        [_tool(argv[0]), *argv[1:]], capture_output=True, text=True, check=True
    ).stdout


def _flat(text: str) -> str:
    """Text with every run of white space as one blank (line breaks of the layout vanish)."""
    return re.sub(r"\s+", " ", text).strip()


def _bare(text: str) -> str:
    """Text without blanks and hyphens, for matching across the layout's line breaks."""
    return re.sub(r"[\s\-‐]", "", text)


def _text(pdf: Path, page: int | None = None) -> str:
    pages = ["-f", str(page), "-l", str(page)] if page else []
    return _run("pdftotext", *pages, str(pdf), "-")


def _pages(pdf: Path) -> int:
    m = re.search(r"^Pages:\s+(\d+)", _run("pdfinfo", str(pdf)), re.M)
    assert m, f"pdfinfo nennt keine Seitenzahl für {pdf}"
    return int(m.group(1))


#: The site and the day the sheets of the `sheets` fixture name: the build's (mkdocs.yml's
#: site name, today), so they are the PDFs the run's site build leaves in the cache.
SITE = site_label(ROOT_DOCS.parent / "mkdocs.yml")
TODAY = build_date()


@pytest.fixture(scope="module")
def sheets() -> dict[str, Path]:
    """Every variant's sheet as the site build makes it, from the build's cache
    (sheet_files.cached_pdf; made there when missing). Each worker begins at another
    variant (`_my_order`), so two workers make half the missing sheets each."""
    found = {}
    for slug in _my_order(SLUGS):
        v = variant(slug)
        html = sheet_html(v, site=SITE, built=TODAY)
        found[slug] = cached_pdf(html, page_limit(v), ROOT_DOCS.parent / ".cache" / "regelblatt")
    return dict(sorted(found.items()))


def _my_order(slugs: list[str]) -> list[str]:
    """`slugs` begun at this xdist worker's share: worker k of n starts k/n of the way in."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    start = int(worker.removeprefix("gw") or 0) * len(slugs) // max(count, 1)
    return slugs[start:] + slugs[:start]


# -- the sheet as a document -----------------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
def test_sheet_is_a4_within_its_page_limit(sheets: dict[str, Path], slug: str) -> None:
    """Every page is A4 portrait, and the sheet keeps to its page limit."""
    pdf = sheets[slug]
    pages = _pages(pdf)
    assert 1 <= pages <= LIMIT.get(slug, 1), f"{slug}: {pages} Seiten"
    info = _run("pdfinfo", "-f", "1", "-l", str(pages), str(pdf))
    sizes = re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", info)
    assert len(sizes) == pages
    for w, h in sizes:
        assert abs(float(w) - A4_PT[0]) < 1 and abs(float(h) - A4_PT[1]) < 1, (w, h)


@pytest.mark.parametrize("slug", SLUGS)
def test_sheet_embeds_its_fonts_and_draws_no_bitmaps(sheets: dict[str, Path], slug: str) -> None:
    """pdffonts lists only embedded fonts (DejaVu); pdfimages finds no raster image."""
    rows = _run("pdffonts", str(sheets[slug])).splitlines()[2:]
    assert rows, "keine Schrift im PDF"
    for row in rows:
        # columns: name type encoding emb sub uni object ID; 'emb' is 4th from the right
        emb = row.split()[-5]
        assert emb == "yes", f"nicht eingebettet: {row}"
    assert any("DejaVu" in row for row in rows)
    images = _run("pdfimages", "-list", str(sheets[slug])).splitlines()[2:]
    assert images == [], "Rasterbilder im Regelblatt:\n" + "\n".join(images)


def _expected_counts(v: Variant) -> dict[tuple[str, Kind | None], int]:
    """Piece counts from the starting position (or Odin's rule card), by reader words."""
    if not v.has_setup:
        assert v.slug == "odin-11", f"{v.slug}: ohne Aufstellung ist kein Test vorgesehen"
        return ODIN_CARD
    out: dict[tuple[str, Kind | None], int] = Counter()
    for piece in v.start().pieces().values():
        if piece.kind is Kind.KING:
            out["König", None] += 1
        else:
            side = "Angreifer" if piece.side is Side.ATTACKERS else "Verteidiger"
            out[side, piece.kind] += 1
    return dict(out)


_KIND_WORD = {
    Kind.MAN: "{side}",
    Kind.COMMANDER: "Kommandant der {side}",
    Kind.VARIEGATED: "Bunter der {side}",
    Kind.KNIGHT: "Ritter der {side}",
}


@pytest.mark.parametrize("slug", SLUGS)
def test_sheet_text_has_name_goal_and_piece_counts(sheets: dict[str, Path], slug: str) -> None:
    """The variant's name, its goal and every piece count of the rule data are printed."""
    v = variant(slug)
    text = _flat(_text(sheets[slug]))
    assert v.name in text
    goal = next(item.text for item in at_a_glance(v) if item.topic == "Ziel")
    assert _flat(goal) in text
    # the goal names where the king escapes to, as the rule says
    assert ("Eckfeld" in goal) is (v.rules.escape is Escape.CORNER)
    counts = _expected_counts(v)
    for (side, kind), n in counts.items():
        word = "König" if kind is None else _KIND_WORD[kind].format(side=side)
        assert re.search(rf"(?<!\d){n} × {re.escape(word)}\b", text), f"{slug}: {n} × {word}"
    if not v.has_setup:
        assert "Keine Startaufstellung veröffentlicht" in text
    if v.rules.commander_jump and not any(kind is Kind.COMMANDER for _s, kind in counts):
        assert "Die Regeln kennen Kommandanten" in text  # the reader would look for them


@pytest.mark.parametrize("slug", SLUGS)
def test_sheet_shows_two_to_four_checked_examples(sheets: dict[str, Path], slug: str) -> None:
    """Each sheet shows two to four examples of its own card, with their titles."""
    shown = sheet_examples.picked(slug)
    assert 2 <= len(shown) <= 4
    text = _flat(_text(sheets[slug]))
    assert "oft falsch gespielt" in text.lower()  # the heading is set in capitals
    for ex in shown:
        assert ex.block.path == f"docs/varianten/{slug}.md"
        # compared without blanks and hyphens: a line break may split "c5-c8" into "c5c8"
        assert ex.block.caption and _bare(ex.block.caption) in _bare(text), ex.block.caption


def _examples_text(pdf: Path) -> str:
    """The text of the sheet's "Oft falsch gespielt" part (up to the sources)."""
    text = _flat(_text(pdf))
    return text.split("OFT FALSCH GESPIELT", 1)[1].split("Quellen:", 1)[0]


@pytest.mark.parametrize("slug", SLUGS)
def test_sheet_captions_are_plain_german(sheets: dict[str, Path], slug: str) -> None:
    """No raw engine text under the examples (double colons, nested brackets), a
    forbidden example marked with the red ✗ and "Verboten:", and the heading says which
    diagrams show the position before the move."""
    part = _examples_text(sheets[slug])
    for raw in ("(verboten:", "(geschlagen:", "(nichts", "(wechselt"):
        assert raw not in part, raw
    assert not re.search(r"\([^()]*\(", part), part
    for ex in sheet_examples.picked(slug):
        note = sheet_examples.draw(ex, "t").note
        assert note.count(":") <= 1 and "(" not in note, note
        assert note.endswith("."), note
        if ex.illegal is not None:
            assert note.startswith("Verboten: "), note
            caption = re.escape(_bare(ex.block.caption or ""))
            assert re.search(rf"✗(§\d+)?{caption}", _bare(part)), ex.block.caption
            assert "ein verbotener Zug (rotes ✗) zeigt die Stellung davor" in part


def test_sheet_legend_explains_the_marks_it_uses() -> None:
    """The legend names exactly the marks of the examples: the numbered steps of a run, the
    forbidden line, a captured piece, what decides the game."""
    html = sheet_html(variant("tyr-15"), built=BUILT)
    legend = html.split('class="zeichenleiste"', 1)[1].split("</p>", 1)[0]
    for label in (
        "Berserker-Lauf, Schritte nummeriert",
        "Verbotener Zug (Bild vor dem Zug)",
        "Geschlagene Figur",
        "Entscheidet die Partie",
    ):
        assert label in legend, label
    assert "erlaubtes Zielfeld" not in legend  # no example of Tyr shows target dots


def test_sheet_rules_end_with_repetition_and_no_move() -> None:
    """Schildwall and the other rules of play come before "Wiederholung" and "Kein Zug"."""
    text = _flat(_text_of_html(sheet_html(variant("copenhagen-11"), built=BUILT)))
    assert text.index("Schildwall") < text.index("Wiederholung") < text.index("Kein Zug")


def _text_of_html(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", re.sub(r'src="[^"]*"', "", html))


@pytest.mark.parametrize("slug", [s for s in SLUGS if variant(s).rules.edge_fort])
def test_sheet_shows_an_edge_fort_where_the_variant_has_one(slug: str) -> None:
    outcomes = [ex.outcome for ex in sheet_examples.picked(slug)]
    assert any(o is not None and o.reason.value == "edge-fort" for o in outcomes), outcomes


@pytest.mark.parametrize("slug", ["tyr-11", "tyr-15"])
def test_tyr_sheet_shows_only_pieces_of_its_start(slug: str) -> None:
    """Tyr's start has no commanders, so its sheet shows no commander rule or
    example (the card keeps them in a box the sheet leaves out)."""
    v = variant(slug)
    assert all(p.kind is not Kind.COMMANDER for p in v.start().pieces().values())
    html = sheet_html(v, built=BUILT)
    assert "Kommandanten" not in [i.topic for i in at_a_glance(v)]
    for ex in sheet_examples.picked(slug):
        pieces = [*ex.before.pieces().values(), *ex.after.pieces().values()]
        assert all(p.kind is not Kind.COMMANDER for p in pieces), ex.block.caption
    assert "dieses Blatt lässt sie deshalb weg" in html


@pytest.mark.parametrize("slug", SLUGS)
def test_sheet_footer_has_sources_address_and_date(sheets: dict[str, Path], slug: str) -> None:
    """Sources, the site and the build date (German form) are printed."""
    text = _flat(_text(sheets[slug]))
    assert _flat(SITE) in text
    assert f"Stand: {TODAY.day:02d}.{TODAY.month:02d}.{TODAY.year}" in text
    for source in variant(slug).sources:
        author = re.split(r"[,:(]", source.title)[0].strip()  # surname or first words
        assert author in text, author


def test_the_footer_names_the_site_and_day_it_is_given() -> None:
    text = _flat(_text_of_html(sheet_html(variant("brandub-7"), site="tafl.example", built=BUILT)))
    assert "tafl.example" in text
    assert "Stand: 03.02.2031" in text


def test_build_date_follows_source_date_epoch(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reproducible builds: SOURCE_DATE_EPOCH fixes the date printed on the sheets."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14 22:13 UTC
    assert build_date() == dt.date(2023, 11, 14)
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert build_date() == dt.date.today()


def test_changed_rule_changes_the_sheet() -> None:
    """An unarmed king in Copenhagen: the sheet says so, and the text differs."""
    v = variant("copenhagen-11")
    unarmed = replace(v, rules=replace(v.rules, king_armed=False))
    before = _flat(re.sub(r"<[^>]+>", " ", sheet_html(v)))
    after = _flat(re.sub(r"<[^>]+>", " ", sheet_html(unarmed)))
    assert before != after
    assert "unbewaffnet" not in before
    assert "unbewaffnet" in after


def test_changed_rule_changes_the_pdf_text(tmp_path: Path) -> None:
    """The same through WeasyPrint: edge escape in Copenhagen moves the goal to the edge."""
    v = variant("copenhagen-11")
    edge = replace(v, rules=replace(v.rules, escape=Escape.EDGE, corners=False))
    path = tmp_path / "rand.pdf"
    path.write_bytes(html_to_pdf(sheet_html(edge)))
    text = _flat(_text(path))
    goal = next(item.text for item in at_a_glance(edge) if item.topic == "Ziel")
    assert _flat(goal) in text
    assert "Eckfeld" not in goal


def test_overlong_sheet_is_set_tighter_to_keep_its_limit(tmp_path: Path) -> None:
    """A sheet that just runs onto a second page is set again, tighter, to fit on one."""
    base = sheet_html(variant("copenhagen-11"))
    loose, tight = tmp_path / "lose.pdf", tmp_path / "eng.pdf"
    for n in range(1, 40):  # the least extra text that pushes the sheet onto page two
        filler = "<dt>Nachtrag</dt><dd>" + "Ein langer Zusatz zu den Regeln. " * n + "</dd>"
        html = base.replace("</dl>", filler + "</dl>", 1)
        loose.write_bytes(html_to_pdf(html))
        if _pages(loose) == 2:
            break
    else:
        pytest.fail("auch mit viel Zusatztext blieb das Regelblatt auf einer Seite")
    tight.write_bytes(html_to_pdf(html, max_pages=1))
    assert _pages(tight) == 1
    assert "Nachtrag" in _text(tight)


# -- bad picks are clear German errors --------------------------------------------------


def picks_file(tmp_path: Path, ids: list[str]) -> Path:
    """A sheets.toml that gives tyr-11 these ids."""
    path = tmp_path / "sheets.toml"
    path.write_text('"tyr-11" = [' + ", ".join(f'"{i}"' for i in ids) + "]\n", encoding="utf-8")
    return path


def test_missing_pick_names_id_and_data_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sheet_examples, "PICKS_FILE", picks_file(tmp_path, ["gibt-es-nicht"]))
    with pytest.raises(SheetError, match=r"„gibt-es-nicht“.*Regelblatt von tyr-11 in .*sheets"):
        sheet_html(variant("tyr-11"))


def test_failing_pick_is_reported_with_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    card = tmp_path / "varianten" / "tyr-11.md"
    card.parent.mkdir()
    card.write_text(
        "# Test\n\n```tafl id=falsch-erwartet\nVariante: tyr-11\nTitel: Falsch erwartet.\n"
        "Stellung: Start\nZug: f2-f4\nGeschlagen: f6\n```\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(sheet_examples, "PICKS_FILE", picks_file(tmp_path, ["falsch-erwartet"]))
    with pytest.raises(SheetError, match=r"stimmt nicht:\ndocs/varianten/tyr-11\.md:\d+: "):
        sheet_html(variant("tyr-11"), docs_dir=tmp_path)


# -- the command line ---------------------------------------------------------------------


def test_cli_writes_a_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "blatt.pdf"
    assert main(["sheet", "standard-tablut-9", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF-")
    assert "Standard-Tablut 9×9" in _text(out)
    assert str(out) in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["sheet", "gibtsnicht"], "unbekannte Variante 'gibtsnicht'"),
        (["sheet", "tyr-11", "-o", "blatt.txt"], "muss auf .pdf oder .html enden"),
        (["sheet", "tyr-11", "-o", "/gibtsnicht/blatt.pdf"], "der Ordner fehlt"),
    ],
)
def test_cli_bad_input_is_one_german_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("tafl: Fehler: ")
    assert message in err
    assert "Traceback" not in err


# -- the built site ----------------------------------------------------------------------


@pytest.mark.browser
def test_site_has_every_sheet_linked_from_card_and_start(site: Path) -> None:
    """regelblatt/<slug>.pdf exists for every variant and is linked from its card and start."""
    start = (site / "index.html").read_text("utf-8")
    for slug in SLUGS:
        pdf = site / "regelblatt" / f"{slug}.pdf"
        assert pdf.read_bytes().startswith(b"%PDF-"), pdf
        assert _pages(pdf) <= LIMIT.get(slug, 1)
        card = (site / "varianten" / slug / "index.html").read_text("utf-8")
        link = re.search(rf'<a [^>]*href="\.\./\.\./regelblatt/{slug}\.pdf"[^>]*>([^<]*)</a>', card)
        assert link and link.group(1).strip() == "Regelblatt (PDF)", slug
        # at the top: before the first section heading of the card
        assert card.index(f"regelblatt/{slug}.pdf") < card.index("<h2")
        assert f'href="regelblatt/{slug}.pdf"' in start, slug


def _print_card(browser: Any, url: str, target: Path) -> Path:
    page = browser.new_page()
    try:
        page.goto(url, wait_until="load")
        page.pdf(path=str(target), format="A4", print_background=True)
        # the print shows folded boxes' content too: read the article with them open
        page.evaluate("document.querySelectorAll('article details').forEach(d => d.open = true)")
        page_texts = page.evaluate(
            """() => ({
                nav: [...document.querySelectorAll('.md-sidebar .md-nav__link, .md-tabs a')]
                      .map(a => a.innerText.trim()).filter(Boolean),
                article: document.querySelector('article').innerText,
                figures: [...document.querySelectorAll('article figure')].map(f => ({
                    caption: (f.querySelector(':scope > figcaption') || {innerText: ''})
                        .innerText.trim(),
                    labels: [...f.querySelectorAll('.tafl-unterschrift')]
                        .map(p => p.innerText.split(' · ')[0].trim()),
                    size: Number((f.querySelector('svg[data-board-size]') || {dataset: {}})
                        .dataset.boardSize || 0),
                    boards: f.querySelectorAll('svg[data-board-size]').length,
                })),
            })"""
        )
    finally:
        page.close()
    return page_texts


@pytest.mark.browser
def test_printed_card_has_no_navigation_and_splits_no_diagram(
    server: str, browser: Any, tmp_path: Path
) -> None:
    """Chromium's print of the Copenhagen card: no menu, search or buttons; whole diagrams.

    A diagram is split when its drawing starts on one page and ends on the next. Each board
    prints its rank numbers from the top row down and its file letters under the last row,
    so on every page the top rank ("11") and the last file letter ("k") of Copenhagen's
    boards must occur equally often; and each figure's panel labels and caption must all be
    on one page.
    """
    pdf = tmp_path / "karte.pdf"
    dom = _print_card(browser, f"{server}/varianten/copenhagen-11/", pdf)
    pages = [_text(pdf, n) for n in range(1, _pages(pdf) + 1)]
    whole = _flat(" ".join(pages))

    article = _flat(dom["article"])
    nav_only = sorted({t for t in dom["nav"] if _flat(t) not in article})
    assert len(nav_only) >= 10, "die Navigation der Seite wurde nicht gefunden"
    leaked = [t for t in nav_only if re.search(rf"(?<!\w){re.escape(_flat(t))}(?!\w)", whole)]
    assert leaked == [], f"Navigation im Ausdruck: {leaked}"
    for word in ("Suche", "Regelblatt (PDF)", "PNG herunterladen", "Inhaltsverzeichnis"):
        assert word not in whole, word
    # no contributor tools on paper, and a pointer to the one-page sheet instead
    for word in ("Fehler melden", "Quelltext dieses Beispiels", "Ausprobieren"):
        assert word not in whole, word
    assert "Kürzer zum Ausdrucken" in whole and "regelblatt/copenhagen-11.pdf" in whole

    figures = [f for f in dom["figures"] if f["boards"]]
    assert len(figures) >= 10
    for f in figures:
        # compared without blanks and hyphens: a line break may split "h9-h8" into "h9h8"
        parts = [_bare(x)[:50] for x in [*f["labels"], f["caption"]] if x]
        found = {n for n, text in enumerate(pages) if all(p in _bare(text) for p in parts)}
        assert found, f"Diagramm nicht auf einer Seite beisammen: {parts[-1]}"

    for number, text in enumerate(pages, 1):
        # a board's labels stand on lines of their own (a footnote number inside a
        # sentence, e.g. "hat 11 (Zugwiederholung)", is no rank label)
        tokens = Counter(line.strip() for line in text.splitlines())
        assert tokens["11"] == tokens["k"], (
            f"Seite {number}: ein Brett ist geteilt (obere Reihe {tokens['11']}×, "
            f"Buchstabenleiste {tokens['k']}×)"
        )


@pytest.mark.parametrize("slug", SLUGS)
def test_sheet_quotes_the_rule_numbers_of_the_card(sheets: dict[str, Path], slug: str) -> None:
    """Each example on the sheet carries the "§ N" of the card's rule it stands
    under (tafl_docs.rule_numbers, the numbers the card shows), and so does "Schlagen"."""
    from tafl_core.lines import split_lines
    from tafl_docs import rule_numbers

    markdown = (ROOT_DOCS / "varianten" / f"{slug}.md").read_text(encoding="utf-8")
    rules = rule_numbers.headings(markdown)
    text = _bare(_flat(_text(sheets[slug])))
    lines = split_lines(markdown)
    for ex in sheet_examples.picked(slug):
        above = [h for h in rules if h.line < ex.block.line - 1]
        assert above, ex.block.caption
        later_h2 = [i for i, t in enumerate(lines) if t.startswith("## ") and i > above[-1].line]
        assert not later_h2 or ex.block.line - 1 < later_h2[0], "Beispiel außerhalb der Regeln"
        assert _bare(f"§ {above[-1].number} {ex.block.caption}") in text, ex.block.caption
    capture = [h for h in rules if "Schlagen" in h.text]
    if capture:
        assert _bare(f"§ {capture[0].number} Schlagen") in text


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("site_name: Probe-Tafl\n", "Probe-Tafl"),
        (
            "site_name: Probe-Tafl\nsite_url: https://tafl.example/regeln/\n",
            "https://tafl.example/regeln/",
        ),
    ],
)
def test_a_sheet_names_the_site_as_mkdocs_yml_does_also_under_serve(
    tmp_path: Path, written: str, expected: str
) -> None:
    """`mkdocs serve` puts its own address into site_url; the sheet names the site as a
    build does (and so is the PDF the cache holds from `make build`)."""
    from mkdocs.config import load_config

    from tafl_docs.sheet_files import site_of

    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text(written, "utf-8")
    built = load_config(config_file=str(tmp_path / "mkdocs.yml"))
    served = load_config(
        config_file=str(tmp_path / "mkdocs.yml"),
        dev_addr="127.0.0.1:8123",
        site_url="http://127.0.0.1:8123/",
    )
    assert site_of(built) == expected
    assert site_of(served) == expected


def test_a_later_build_takes_the_sheets_listed_under_the_same_inputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A warm build is a new process: with the same hash of the sheets' inputs it takes the
    cache files the build before listed, without making any sheet's HTML; a missing file or
    other inputs make them again."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import Files

    from tafl_docs import sheet_files

    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: Probe-Tafl\n", "utf-8")
    config = load_config(config_file=str(tmp_path / "mkdocs.yml"))
    # what a plugin event sets, for mkdocs' generated files
    monkeypatch.setattr(config.plugins, "_current_plugin", "tafl", raising=False)
    monkeypatch.setattr(sheet_files, "_pending", [])
    rendered: list[Path] = []  # a missing PDF: written at once instead of by weasyprint
    monkeypatch.setattr(
        sheet_files.cache,
        "background",
        lambda fn, html, pages, target: rendered.append(target) or target.write_bytes(b"%"),
    )
    cache_dir = tmp_path / ".cache" / "regelblatt"
    cache_dir.mkdir(parents=True)
    made: list[str] = []

    def fake_html(v: Variant, **_: Any) -> str:
        made.append(v.slug)
        return f"<p>{v.slug}</p>"

    monkeypatch.setattr(sheet_files, "sheet_html", fake_html)
    for v in all_variants().values():  # every PDF already in the cache: nothing renders
        sheet_files._cache_file(f"<p>{v.slug}</p>", page_limit(v), cache_dir).write_bytes(b"%")

    def sheets(inputs: str | None) -> dict[str, str]:
        files = sheet_files.add_sheets(Files([]), config, inputs)
        return {f.src_uri: str(f.abs_src_path) for f in files}

    count = len(all_variants())
    first = sheets("a" * 64)
    assert len(first) == count and len(made) == count
    assert sheets("a" * 64) == first and len(made) == count  # listed: no HTML made
    assert sheets(None) == first and len(made) == 2 * count  # no inputs given: made
    Path(first["regelblatt/brandub-7.pdf"]).unlink()
    sheets("a" * 64)
    assert len(made) == 3 * count and len(rendered) == 1  # a listed file is gone: made again
    sheets("b" * 64)
    assert len(made) == 4 * count  # other inputs
