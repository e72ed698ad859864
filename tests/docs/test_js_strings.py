"""No German text in the site's JavaScript: every word a reader sees comes from the table
tafl_docs/data/page_text.toml, by key (TaflText.t in docs/javascripts/tafl-text.js, `say`
in the worker).

The scripts are read with a small lexer (comments skipped; strings, template literals and
regular expressions kept). A literal counts as German text (`german`) when it has a German
letter or quotation mark ("Zurück", „…“), a German function word next to another word
("Die Analyse rechnet …"), the shape of a German button label (a noun and an infinitive,
"Zug beenden", or a capitalised infinitive, "Ausprobieren"), a capitalised word of the
table ("Analyse", "Weiter →"), or a word of the table next to another word ("runtime.json
fehlt"). A lone lowercase word cannot be told from a code ("wartet", "ja"): the table's
placeholders keep such pieces out of the scripts. The detector is tested on the literals
the scripts held before the table (`FORMER`) and on code literals that are no reader text.
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from mkdocs.exceptions import PluginError

from tafl_docs import browser_runtime, page_text
from tests.site_support import ROOT

SCRIPTS = ROOT / "docs" / "javascripts"
#: The functions that take a key of the table as their first argument.
TEXT_CALLS = {"t", "dom", "say"}

#: German words that are no English words and no code of the scripts (data-* states, the
#: session's answers "ja"/"nein" stand alone, never next to another word).
_FUNCTION_WORDS = """der die das den dem des ein eine einen einem einer ist sind wird werden
wurde nicht und oder zu zum zur mit von vom auf bei nach noch kein keine sich sie du dich dein
deine deinen hat hier gibt bitte zuerst sobald wenn als wieder unter ja nein neu am im ins ihn
ihm lässt lassen"""
FUNCTION_WORDS = frozenset(_FUNCTION_WORDS.split())
_GERMAN_MARKS = re.compile(r"[äöüÄÖÜß„“‚‘]")
_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")
#: A capitalised word, then a lowercase infinitive: a German button label ("Zug beenden");
#: or a capitalised infinitive alone ("Ausprobieren", "Speichern").
_LABEL = re.compile(
    r"\b[A-ZÄÖÜ][a-zäöüß]+ (?:[a-zäöüß]+ )*[a-zäöüß]+(?:en|ern|eln)\b"
    r"|\b[A-ZÄÖÜ][a-zäöüß]{3,}(?:en|ern|eln)\b"
)


@dataclass(frozen=True)
class Token:
    kind: str  # "string", "template", "regex", "name", "punct", "number"
    text: str
    line: int


_PUNCT_BEFORE_REGEX = set("(,=:[!&|?{};+-*%<>~^")
_KEYWORDS_BEFORE_REGEX = {"return", "typeof", "case", "do", "else", "in", "of", "new", "throw"}
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _unescape(body: str) -> str:
    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if code.startswith("u{"):
            return chr(int(code[2:-1], 16))
        if code[0] in "ux":
            return chr(int(code[1:], 16))
        return _ESCAPES.get(code, code)

    return re.sub(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)", one, body, flags=re.S)


def tokens(source: str) -> list[Token]:
    """The tokens of a script, comments left out (enough JavaScript for the site's files)."""
    found: list[Token] = []
    i, line, n = 0, 1, len(source)
    while i < n:
        c = source[i]
        start_line = line
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif source.startswith("//", i):
            i = source.find("\n", i) if "\n" in source[i:] else n
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            assert end >= 0, f"Zeile {line}: Kommentar ohne Ende"
            line += source.count("\n", i, end)
            i = end + 2
        elif c in "'\"`":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            assert j < n, f"Zeile {line}: Zeichenkette ohne Ende"
            body = source[i + 1 : j]
            line += body.count("\n")
            found.append(Token("template" if c == "`" else "string", _unescape(body), start_line))
            i = j + 1
        elif c == "/" and _regex_allowed(found):
            j, in_class = i + 1, False
            while j < n and (source[j] != "/" or in_class):
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                assert source[j] != "\n", f"Zeile {line}: regulärer Ausdruck ohne Ende"
                j += 1
            found.append(Token("regex", source[i + 1 : j], start_line))
            i = j + 1
            while i < n and source[i].isalpha():
                i += 1  # flags
        elif c.isalpha() or c in "_$":
            j = i
            while j < n and (source[j].isalnum() or source[j] in "_$"):
                j += 1
            found.append(Token("name", source[i:j], start_line))
            i = j
        elif c.isdigit():
            j = i
            while j < n and (source[j].isalnum() or source[j] == "."):
                j += 1
            found.append(Token("number", source[i:j], start_line))
            i = j
        else:
            found.append(Token("punct", c, start_line))
            i += 1
    return found


def _regex_allowed(before: list[Token]) -> bool:
    if not before:
        return True
    last = before[-1]
    if last.kind == "punct":
        return last.text in _PUNCT_BEFORE_REGEX
    return last.kind == "name" and last.text in _KEYWORDS_BEFORE_REGEX


def vocabulary() -> frozenset[str]:
    """The words of the table's texts: capitalised ones of two letters or more (German by
    themselves: "Analyse"), lowercase ones of four or more ("fehlt", "gewinnen"; German
    next to another word, alone they may be codes: "rechnet")."""
    return frozenset(
        word
        for text in page_text.load().values()
        for word in _WORD.findall(text)
        if (len(word) > 1 and word[0].isupper() and not word.isupper())
        or (len(word) > 3 and word.islower())
    )


def german(text: str, words: frozenset[str]) -> bool:
    """Whether a literal reads as German text a reader would see (module docstring)."""
    if _GERMAN_MARKS.search(text) or _LABEL.search(text):
        return True
    # words between spaces ("abspielen-ja" is a code, "Ja, Beispiel abspielen" is not)
    parts = [part.strip(".,:;!?()[]…") for part in text.split()]
    spaced = [w for w in parts if _WORD.fullmatch(w)]
    if len(spaced) > 1 and any(w.lower() in FUNCTION_WORDS for w in spaced):
        return True
    if len(parts) > 1 and any(w in words for w in spaced):
        return True
    return any(w in words and w[0].isupper() for w in _WORD.findall(text))


def scripts() -> list[Path]:
    return sorted(SCRIPTS.glob("*.js"))


def german_literals(path: Path, words: frozenset[str]) -> list[str]:
    """'file:line: literal' for every literal of `path` that is German text."""
    return [
        f"{path.name}:{tok.line}: {tok.text!r}"
        for tok in tokens(path.read_text("utf-8"))
        if tok.kind in ("string", "template", "regex") and german(tok.text, words)
    ]


@dataclass(frozen=True)
class Use:
    key: str
    names: frozenset[str] | None  # the placeholders handed over, None when not literal
    where: str


def key_uses(path: Path) -> tuple[list[Use], list[str]]:
    """The keys `path` asks the table for, and the calls whose key is not a literal."""
    toks = tokens(path.read_text("utf-8"))
    uses: list[Use] = []
    dynamic: list[str] = []
    for i, tok in enumerate(toks[:-1]):
        if tok.kind != "name" or tok.text not in TEXT_CALLS or toks[i + 1].text != "(":
            continue
        if i and toks[i - 1].text == "function":
            continue  # the definition
        where = f"{path.name}:{tok.line}"
        arg = toks[i + 2] if i + 2 < len(toks) else None
        if arg is None or arg.kind != "string":
            dynamic.append(where)
            continue
        uses.append(Use(arg.text, _handed_over(toks, i + 3), where))
    return uses, dynamic


def _handed_over(toks: list[Token], at: int) -> frozenset[str] | None:
    """The names of an object literal `, { a: …, b: … })` starting at toks[at]; an empty set
    for `)`; None for anything else (a variable)."""
    if toks[at].text == ")":
        return frozenset()
    if toks[at].text != "," or toks[at + 1].text != "{":
        return None
    names, depth, j = set(), 0, at + 1
    while True:
        tok = toks[j]
        if tok.text in "({[" and tok.kind == "punct":
            depth += 1
        elif tok.text in ")}]" and tok.kind == "punct":
            depth -= 1
            if depth == 0:
                return frozenset(names)
        elif depth == 1 and toks[j - 1].text in ("{", ",") and toks[j + 1].text == ":":
            names.add(tok.text)  # a key: after "{" or "," (not the "a ? b : c" of a value)
        j += 1


# -- the scripts --------------------------------------------------------------------------


def test_no_script_holds_german_text() -> None:
    words = vocabulary()
    found = [hit for path in scripts() for hit in german_literals(path, words)]
    assert not found, "Deutscher Text im JavaScript (gehört in page_text.toml):\n" + "\n".join(
        found
    )


def test_every_key_used_is_in_the_table_with_its_placeholders_and_every_key_is_used() -> None:
    table = page_text.load()
    uses: list[Use] = []
    dynamic: list[str] = []
    for path in scripts():
        more, computed = key_uses(path)
        uses += more
        dynamic += computed
    assert uses, "kein Skript fragt die Tabelle"
    assert not dynamic, f"Schlüssel nicht als Zeichenkette angegeben: {dynamic}"
    unknown = [f"{u.where}: {u.key}" for u in uses if u.key not in table]
    assert not unknown, f"Schlüssel fehlen in page_text.toml: {unknown}"
    wrong = [
        f"{u.where}: {u.key} bekommt {sorted(u.names)}, braucht {needs}"
        for u in uses
        if u.names is not None and u.names != set(needs := page_text.placeholders(table[u.key]))
    ]
    assert not wrong, f"Platzhalter passen nicht: {wrong}"
    dead = sorted(set(table) - {u.key for u in uses})
    assert not dead, f"in page_text.toml, aber von keinem Skript benutzt: {dead}"


def test_the_texts_are_loaded_before_the_scripts_that_read_them() -> None:
    from tests.docs.test_page_scripts import listed

    names = listed()
    first = min(
        names.index(f"javascripts/{p.name}")
        for p in scripts()
        if p.name != "tafl-text.js" and re.search(r"\bTaflText\b", p.read_text("utf-8"))
        if f"javascripts/{p.name}" in names
    )
    runtime = names.index(browser_runtime.RUNTIME_SCRIPT)
    assert runtime < names.index("javascripts/tafl-text.js") < first, names


# -- the detector ---------------------------------------------------------------------------

#: The literals of the scripts before the table (the commit before it), all but three
#: lone lowercase pieces (" (du)", " von ", " gewinnen"): a single lowercase word cannot be
#: told from a code ("wartet", "ja"), so the placeholders of the table keep such pieces out.
FORMER = [
    "Navigation öffnen", "Navigation schließen", "Suche öffnen", "Die Seite wird geladen",
    "Vergrößertes Diagramm", "Schließen", "Doppelt so groß", "Diagramm vergrößern",
    "</svg><span>Vergrößern</span>", "\\s*·\\s*(PNG|Vergrößern).*$",
    "Mitwirken-Werkzeuge ausblenden (Quelltext, Fehler melden, Downloads)",
    "Mitwirken-Werkzeuge", '<span class="tafl-mitwirken-text" aria-hidden="true">Mitwirken</span>',
    "runtime.json fehlt", "Datei nicht geladen: ", "Das Brett wird geladen",
    "Das Brett ist ausgefallen", "Das Brett wird vorbereitet", "Das Brett ist bereit",
    "Die Suche ließ sich nicht starten (", "Die Suche ist ausgefallen",
    "Die Suche ist abgebrochen (ein Fehler in der Engine).",
    "Zug beenden", "Zurück", "Abbrechen", "Computer ziehen lassen", "Beispiel abspielen",
    "Zurücksetzen", "Aufstellen", "Analyse", "Vergrößern", "Verkleinern", "Partie kopieren",
    "Als Beispiel kopieren", "Ja, Beispiel abspielen", "Nein, weiterspielen",
    "Das Brett wird geladen …", "Das Brett konnte nicht geladen werden: ",
    "Der Computer denkt noch – „Abbrechen“ hält ihn an.", ", Zielfeld", ", gewählt",
    "Brett, ", " (Computer)",
    "Abgebrochen – der Computer zieht nicht. „Computer ziehen lassen“ setzt ihn wieder in "
    "Gang, „Zurück“ nimmt deinen Zug zurück.",
    "Der Computer denkt", "Der Computer denkt …", "Du hast gewonnen! ",
    "Der Computer hat gewonnen. ", "Bewertung", "Markierte Felder", "Bewertung: −100 ",
    " gewinnen, +100 ", "Die Analyse beginnt, sobald gespielt wird.",
    "Die Analyse folgt, wenn der Berserker-Zug beendet ist.", "Die Analyse rechnet …",
    "Die Analyse wurde abgebrochen; sie rechnet nach dem nächsten Zug weiter.",
    "Beste Fortsetzung: ", ", Analyse: ", "Figur zum Setzen", "Am Zug: ", "Am Zug",
    "Brett leeren", "Aufstellen beenden – spielen", "Figur entfernen",
    "Beispiel-Block (zum Einfügen in eine Seite)", "OTN-Stellung", "Partie (OTN)",
    "In die Zwischenablage", "Kopiert", "Wieder öffnen lässt sich die Partie unter ",
    "Partien: eigene Partie öffnen", "Die Partie steht unten zum Kopieren bereit.",
    "Die Stellung steht unten zum Kopieren bereit.", "^Ausprobieren:\\s*", "Die Variante „",
    "“ aus der Adresse gibt es hier nicht; gewählt ist ", "die erste Variante",
    "Spielbrett starten", "Züge", "Noch kein Zug gespielt.", "Neu beginnen",
    "Anfang", "← Zurück", "Weiter →", "Ende", "Zugliste", "andere Zugfolgen",
    "eine andere Zugfolge", "Die Aufzeichnung nennt hier ", "Zurück zur Partie",
    "Partie nachspielen", "Bitte zuerst eine Partie oder Zugliste einfügen.", "Ja", "Nein",
    "Prüfen", "Tipp", "Lösung zeigen", "Nochmal",
]  # fmt: skip
#: Literals that stay: codes, selectors, markup, Python, number formats, English messages.
CODE = [
    "use strict", "rechnet", "fertig", "wartet", "fehler", "denkt", "bereit", "aus", "ja",
    "nein", "auswahl", "zurueck", "abbrechen", "weiter", "analyse", "aufstellen", "ende",
    "md-button tafl-brett-knopf", ".md-content .md-typeset", "tafl-analyse-muster tafl-analyse-",
    "import sys\nsys.path.insert(0, '/home/pyodide/tafl')\nimport ", " MB", "de-DE",
    "TaflText: unknown key ", "ArrowLeft", "Enter", "End", "Home", "Escape",
    "^[\\w.]+(?:Error|Exception): (.*)$", "A", "tafl-aufgaben-geloest", "\n;return loadPyodide;",
    "(max-width: 76.234375em)", ":scope > svg", "partien/#eigene-partie-offnen",
]  # fmt: skip


@pytest.mark.parametrize("text", FORMER)
def test_every_former_literal_counts_as_german(text: str) -> None:
    assert german(text, vocabulary()), text


@pytest.mark.parametrize("text", CODE)
def test_code_literals_do_not_count_as_german(text: str) -> None:
    assert not german(text, vocabulary()), text


def test_the_lexer_skips_comments_and_keeps_strings_and_regexes() -> None:
    source = (
        '// "Zug beenden" in a comment\n/* „Abbrechen“ */ var a = "Kopiert"; '
        'var b = x.replace(/\\bid="([^"]+)"/g, \'id="\');\nvar c = a / 2 / b;\n'
    )
    found = [(tok.kind, tok.text, tok.line) for tok in tokens(source) if tok.kind != "name"]
    assert ("string", "Kopiert", 2) in found
    assert ("regex", '\\bid="([^"]+)"', 2) in found
    assert not any("Zug beenden" in text or "Abbrechen" in text for _, text, _ in found)
    assert ("regex", " 2 ", 3) not in found  # a division is no regular expression


def test_a_german_literal_put_back_is_found(tmp_path: Path) -> None:
    script = tmp_path / "probe.js"
    script.write_text('var t = 1;\nb.textContent = "Die Analyse rechnet …";\n', "utf-8")
    assert german_literals(script, vocabulary()) == ["probe.js:2: 'Die Analyse rechnet …'"]


def test_a_key_not_written_out_is_found(tmp_path: Path) -> None:
    script = tmp_path / "probe.js"
    script.write_text(
        'a(t("board.undo"));\nb(t(x ? "a.b" : "c.d"));\nc(t("board.squares", { status: s }));\n',
        "utf-8",
    )
    uses, dynamic = key_uses(script)
    assert [(u.key, u.names) for u in uses] == [
        ("board.undo", frozenset()),
        ("board.squares", frozenset({"status"})),
    ]
    assert dynamic == ["probe.js:2"]


# -- the table --------------------------------------------------------------------------------


def test_the_table_is_read_into_dotted_keys() -> None:
    table = page_text.load()
    assert table["board.end-turn"] == "Zug beenden"
    assert page_text.placeholders(table["board.unknown-variant"]) == ["name", "chosen"]


@pytest.mark.parametrize(
    ("content", "line", "what"),
    [
        ('[board]\nend-turn = "Zug beenden"\nundo = \n', 3, "kein gültiges TOML"),
        ('[board]\nend-turn = "Zug beenden"\nundo = 3\n', 3, "braucht einen Text"),
        ('[board]\n\nEndTurn = "Zug beenden"\n', 3, "nicht klein und englisch"),
        ('[board]\nsquares = "Brett, {Status"\n', 2, "geschweifte Klammer"),
        ('top = "Text"\n', 1, "keine Tabelle"),
    ],
)
def test_a_faulty_table_gives_one_german_line(
    tmp_path: Path, content: str, line: int, what: str
) -> None:
    path = tmp_path / "page_text.toml"
    path.write_text(content, "utf-8")
    with pytest.raises(PluginError) as caught:
        page_text.load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:{line}: ") and what in message, message
    assert "\n" not in message


def test_the_build_writes_the_table_into_the_runtime_script_again_after_an_edit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`make serve` rebuilds after an edit of the table (scripts/serve.py watches
    tafl_docs/data) and `install` then writes the script with the new text."""
    watched = _serve_script().WATCH
    assert any(page_text.TEXT_FILE.is_relative_to(ROOT / folder) for folder in watched), watched
    fake = browser_runtime.Runtime({}, {"version": "v", "files": []})
    monkeypatch.setattr(browser_runtime, "runtime", lambda: fake)
    table = tmp_path / "page_text.toml"
    table.write_text('[board]\nend-turn = "Zug beenden"\n', "utf-8")
    monkeypatch.setattr(page_text, "TEXT_FILE", table)
    site = tmp_path / "site"
    browser_runtime.install(site)
    script = (site / browser_runtime.RUNTIME_SCRIPT).read_text("utf-8")
    assert 'window.TAFL_TEXT = {"board.end-turn":"Zug beenden"};' in script
    assert "window.TAFL_RUNTIME = " in script
    table.write_text('[board]\nend-turn = "Zug abschließen"\n', "utf-8")
    browser_runtime.install(site)
    script = (site / browser_runtime.RUNTIME_SCRIPT).read_text("utf-8")
    assert '"board.end-turn":"Zug abschließen"' in script


def _serve_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("serve_script", ROOT / "scripts" / "serve.py")
    assert spec and spec.loader
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    return serve
