"""The workshop page ("Beispiel-Werkstatt"): one ```tafl block checked in the reader's browser.

The page's worker (docs/javascripts/tafl-python-worker.js with this module) calls `check`
with JSON text and answers JSON text; nothing here is new rule logic: every verdict is
`check_block`'s, as in `tafl check`, and `fill` writes what `tafl check --write` writes
(`filled_text`). The request::

    {"text": the editor's text (the block with its fences), "fill": true | false,
     "path": the file the block came from ("docs/…md", or "" for a new block)}

and the answer::

    {"ok": bool, "problems": [{"line": line in the editor, "message": German, "text": shown}],
     "report": the lines `tafl check` prints for it, "summary": its closing line,
     "text": the filled text (only with fill),
     "figures": [{"svg": inline SVG, "label": German caption}],
     "claims": the checked sentences of its 'Behauptung:' lines, "blocks": count}

`propose` makes the addresses of 'Vorschlagen': a new issue in the configured repository,
prefilled (page, file and line, the block or the sentence and its correction, the verdict,
the reader's source), or, when that address is too long for the browser, the web editor of
the file with the text to paste.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, urlencode

from diagrams import position_svg
from diagrams.panels import example_panels
from tafl_core import TaflError
from tafl_core.examples import Verdict, check_text, filled_text
from tafl_core.examples.claim import shown_moves
from tafl_core.examples.task import solve_directly, task_sentence
from tafl_core.position import Position
from tafl_core.solver import Goal, Solution
from tafl_core.text import MAX_BLOCK, short
from tafl_core.variants import Variant
from tafl_core.wording.claims import claim_sentence

#: The longest text the editor checks (a block is at most `MAX_BLOCK` characters; beyond
#: this the page answers at once instead of reading the whole text).
MAX_TEXT = 200_000
#: The longest address handed to the browser for a new issue (GitHub refuses longer ones);
#: beyond it 'Vorschlagen' opens the web editor and shows the text to paste.
MAX_URL = 8_000
#: The name `tafl check` prints for a block checked alone (the editor's text as a file).
EDITOR_PATH = "werkstatt.md"

#: Proofs kept per visit (the oldest is dropped beyond this many).
MAX_PROOFS = 64

_proofs: dict[tuple[str, str, str, str, int], Solution] = {}


class WorkshopError(TaflError):
    """A request the workshop cannot use, in German."""


def _cached_prover(var: Variant, position: Position, aim: Goal, depth: int) -> Solution:
    """The solver, proving each task once per visit (as the site's proof store proves only
    what it does not have yet; the proof itself is the same `solve`)."""
    key = (var.slug, position.to_ascii(), position.turn.value, repr(aim), depth)
    found = _proofs.get(key)
    if found is None:
        found = _proofs[key] = solve_directly(var, position, aim, depth)
        while len(_proofs) > MAX_PROOFS:
            del _proofs[next(iter(_proofs))]
    return found


def _request(text: object, keys: dict[str, type]) -> dict[str, Any]:
    """The checked JSON object of a request."""
    if not isinstance(text, str):
        raise WorkshopError("die Anfrage muss JSON-Text sein")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise WorkshopError(f"die Anfrage ist kein gültiges JSON: '{short(text)}'") from None
    if not isinstance(data, dict):
        raise WorkshopError("die Anfrage muss ein JSON-Objekt sein")
    for key, value in data.items():
        kind = keys.get(key)
        if kind is None:
            raise WorkshopError(f"unbekannte Angabe '{short(key)}'")
        if type(value) is not kind:
            raise WorkshopError(f"die Angabe '{key}' hat den falschen Typ")
    return data


def _figures(verdict: Verdict, prefix: str) -> list[dict[str, str]]:
    """The block's diagrams as the site draws them (one, or before and after)."""
    ex, block = verdict.execution, verdict.block
    if ex is None or block is None:
        return []
    name = block.variant.name
    rules = block.variant.rules
    if block.task is not None:
        pos = block.position
        sentence = task_sentence(block.task.value, pos.geo, pos.turn)
        label = f"Aufgabe: {sentence}" + ("" if sentence.endswith("?") else ".")
        note = f"{block.caption} {label}" if block.caption else label
        svg = position_svg(
            pos, rules, variant_name=name, id_prefix=prefix, note=note, highlights=block.highlights
        )
        return [{"svg": svg, "label": label}]
    out = []
    for index, (label, options) in enumerate(example_panels(ex)):
        lead = f"{block.caption} " if block.caption and index == 0 else ""
        shown = ex.after if index or not block.turns else ex.before
        svg = position_svg(
            shown,
            rules,
            variant_name=name,
            id_prefix=f"{prefix}{'ab'[index]}",
            note=lead + label,
            **options,
        )
        out.append({"svg": svg, "label": label})
    return out


def _claims(verdict: Verdict) -> list[str]:
    """The checked sentences of the block's 'Behauptung:' lines, as the page shows them."""
    ex, block = verdict.execution, verdict.block
    if ex is None or block is None:
        return []
    out = []
    for claim in block.claims:
        moves = shown_moves(block.variant, ex.after, claim.value, _cached_prover)
        out.append(f"✓ Nachgerechnet: {claim_sentence(claim.value, ex.after.geo, moves)}")
    return out


def check_source(text: str, fill: bool = False, path: str = EDITOR_PATH) -> dict[str, Any]:
    """The verdict on every block of `text` (a Python dict; `check` is its JSON door)."""
    if len(text) > MAX_TEXT:
        lines = text.count("\n") + (0 if text.endswith("\n") else 1)
        return _refused(
            f"Der Text ist zu lang ({_number(lines)} Zeilen, {_number(len(text))} Zeichen); "
            f"die Werkstatt prüft höchstens {_number(MAX_TEXT)} Zeichen, ein Beispiel "
            f"höchstens {_number(MAX_BLOCK)}."
        )
    verdicts = check_text(text, path or EDITOR_PATH, fill_in=fill, prover=_cached_prover)
    if not verdicts:
        return _refused("Im Text steht kein ```tafl-Block (er beginnt mit der Zeile ```tafl).")
    problems = [
        {"line": p.line, "message": p.message, "text": f"Zeile {p.line}: {p.message}"}
        for v in verdicts
        for p in v.problems
    ]
    figures: list[dict[str, str]] = []
    claims: list[str] = []
    for number, verdict in enumerate(verdicts):
        if verdict.ok:
            figures += _figures(verdict, f"w{number}")
            claims += _claims(verdict)
    filled = None
    if fill and any(v.fill is not None or v.answer_fill is not None for v in verdicts):
        filled = filled_text(text, verdicts)
    report = [f"{p.path}:{p.line}: FEHLER: {p.message}" for v in verdicts for p in v.problems]
    report += [f"{v.where}: ok" for v in verdicts if v.ok]
    failed = sum(1 for v in verdicts if not v.ok)
    count = "1 Beispiel" if len(verdicts) == 1 else f"{len(verdicts)} Beispiele"
    summary = f"{count} geprüft, {len(verdicts) - failed} in Ordnung, {failed} fehlerhaft"
    return {
        "ok": not problems,
        "problems": problems,
        "report": report,
        "summary": summary,
        "text": filled,
        "figures": figures,
        "claims": claims,
        "blocks": len(verdicts),
    }


def _number(value: int) -> str:
    """A count as German text (100.000)."""
    return f"{value:,}".replace(",", ".")


def _refused(message: str) -> dict[str, Any]:
    """An answer without a verdict of the runner: the text cannot be checked at all."""
    return {
        "ok": False,
        "problems": [{"line": 0, "message": message, "text": message}],
        "report": [message],
        "summary": message,
        "text": None,
        "figures": [],
        "claims": [],
        "blocks": 0,
    }


def check(request: str) -> str:
    """The worker's door: JSON request in, JSON answer out (German error, never a traceback)."""
    try:
        data = _request(request, {"text": str, "fill": bool, "path": str})
        answer = check_source(
            data.get("text", ""), bool(data.get("fill")), data.get("path") or EDITOR_PATH
        )
    except TaflError as exc:
        answer = _refused(f"Das geht nicht: {exc}")
    except RecursionError:
        answer = _refused("Der Text ist zu tief verschachtelt, um ihn zu prüfen.")
    except Exception:  # a bug: a German answer all the same
        answer = _refused("Das ging schief (ein Fehler in der Engine); bitte melden.")
    return json.dumps(answer, ensure_ascii=False)


def _fenced(text: str) -> str:
    """Text in a Markdown code fence longer than any backtick run inside it."""
    longest = 0
    run = 0
    for char in text:
        run = run + 1 if char == "`" else 0
        longest = max(longest, run)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{text}\n{fence}"


def _verdict_lines(verdict: list[str]) -> list[str]:
    if not verdict:
        return ["Prüfung der Werkstatt: in Ordnung (dasselbe Urteil wie `tafl check`)."]
    return ["Prüfung der Werkstatt (wie `tafl check`):", "", _fenced("\n".join(verdict))]


def proposal_text(data: dict[str, Any]) -> tuple[str, str]:
    """(title, body) of a proposal: an example block, or a sentence and its correction."""
    page = data.get("page") or "(neues Beispiel)"
    where = data.get("file") or ""
    line = data.get("line") or 0
    spot = f"{where}:{line}" if where and line else where or "(keine Datei)"
    source = (data.get("source") or "").strip() or "(keine Quelle angegeben)"
    note = (data.get("note") or "").strip()
    if data.get("kind") == "satz":
        sentence = (data.get("sentence") or "").strip()
        correction = (data.get("correction") or "").strip()
        title = f"Korrektur {spot}: {short(sentence, 60)}"
        section = data.get("section") or ""
        body = [
            f"Seite: {page}" + (f"#{section}" if section else ""),
            f"Datei: {spot}",
            "",
            "Der Satz auf der Seite:",
            "",
            *(f"> {x}" for x in sentence.splitlines()),
            "",
            "Vorgeschlagene Fassung:",
            "",
            *(f"> {x}" for x in correction.splitlines()),
            "",
            f"Quelle: {source}",
        ]
    else:
        block = data.get("block") or ""
        title = f"Beispiel {spot}" if where else "Neues Beispiel"
        caption = data.get("caption") or ""
        if caption:
            title += f": {short(caption, 60)}"
        body = [
            f"Seite: {page}",
            f"Datei: {spot}",
            "",
            "Vorgeschlagener Block:",
            "",
            _fenced(block),
            "",
            *_verdict_lines(list(data.get("verdict") or [])),
            "",
            f"Quelle: {source}",
        ]
    if note:
        body += ["", note]
    body += ["", "(Vorgeschlagen über die Beispiel-Werkstatt der Website.)"]
    return title, "\n".join(body)


_PROPOSAL_KEYS: dict[str, type] = {
    "repository": str,
    "branch": str,
    "kind": str,
    "page": str,
    "file": str,
    "line": int,
    "block": str,
    "caption": str,
    "sentence": str,
    "correction": str,
    "verdict": list,
    "source": str,
    "note": str,
    "section": str,
}


def proposal(data: dict[str, Any]) -> dict[str, Any]:
    """The addresses of 'Vorschlagen' (a Python dict; `propose` is its JSON door)."""
    repo = str(data.get("repository") or "").rstrip("/")
    title, body = proposal_text(data)
    if not repo.startswith("https://"):
        return {
            "error": "für diese Website ist kein Projekt-Repository eingestellt",
            "title": title,
            "body": body,
        }
    issue = f"{repo}/issues/new?" + urlencode({"title": title, "body": body})
    branch = data.get("branch") or "main"
    path = data.get("file") or ""
    line = data.get("line") or 0
    if path:
        editor = f"{repo}/edit/{quote(branch)}/{quote(path)}"
    else:
        editor = f"{repo}/new/{quote(branch)}/docs"
    if path and line:
        editor += f"#L{line}"
    fits = len(issue) <= MAX_URL
    return {
        "url": issue if fits else editor,
        "issue": issue if fits else None,
        "editor": editor,
        "title": title,
        "body": body,
        "fits": fits,
    }


def propose(request: str) -> str:
    """The worker's door to `proposal`: JSON in, JSON out ({error} in German)."""
    try:
        data = _request(request, _PROPOSAL_KEYS)
        answer = proposal(data)
    except TaflError as exc:
        answer = {"error": f"Das geht nicht: {exc}"}
    return json.dumps(answer, ensure_ascii=False)
