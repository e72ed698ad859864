"""The German texts of the site's own JavaScript: one table, keys in English.

The table is `tafl_docs/data/page_text.toml` (its header says how a script asks for a
text). `load` reads it into a flat mapping "table.key" → text and checks it: every value a
text, every placeholder `{name}` well formed; a fault is one German line naming the file,
the line and what is wrong. The build writes the table into `javascripts/tafl-runtime.js`
(`browser_runtime.runtime_script`), read there by `docs/javascripts/tafl-text.js`.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from mkdocs.exceptions import PluginError

TEXT_FILE = Path(__file__).with_name("data") / "page_text.toml"

#: A key's two parts: lowercase English words joined by hyphens.
_PART = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
#: A placeholder: `{name}`; any other brace is a fault.
_PLACEHOLDER = re.compile(r"\{([a-z][A-Za-z0-9]*)\}")


def _line_of(source: str, table: str, name: str) -> int:
    """The line (1-based) that sets `name` in `[table]`, else the table's, else 1."""
    lines = source.split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip() == f"[{table}]"), None)
    if start is None:
        return 1
    for i in range(start + 1, len(lines)):
        stripped = lines[i].strip()
        if stripped.startswith("["):
            break
        if re.match(rf"{re.escape(name)}\s*=", stripped):
            return i + 1
    return start + 1


def _fault(path: Path, line: int, what: str) -> PluginError:
    return PluginError(f"{path}:{line}: {what}")


def placeholders(text: str) -> list[str]:
    """The placeholder names of a text, in order."""
    return _PLACEHOLDER.findall(text)


def load(path: Path | None = None) -> dict[str, str]:
    """The table (`TEXT_FILE` unless `path`) as "table.key" → German text, in the file's
    order (see the module docstring; raises PluginError with one German line on a fault).
    Read anew at every call: a build under `make serve` shows an edit at once."""
    path = TEXT_FILE if path is None else path
    source = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as err:
        where = re.search(r"line (\d+)", str(err))
        line = int(where.group(1)) if where else 1
        raise _fault(path, line, f"kein gültiges TOML ({err})") from None
    text: dict[str, str] = {}
    for table, entries in data.items():
        if not isinstance(entries, dict) or not _PART.fullmatch(table):
            raise _fault(
                path,
                _line_of(source, table, table),
                f"„{table}“ ist keine Tabelle [name] mit kleingeschriebenem englischem Namen",
            )
        for name, value in entries.items():
            line = _line_of(source, table, name)
            if not _PART.fullmatch(name):
                raise _fault(path, line, f"der Schlüssel „{name}“ ist nicht klein und englisch")
            if not isinstance(value, str) or not value.strip():
                raise _fault(
                    path, line, f"„{table}.{name}“ braucht einen Text in Anführungszeichen"
                )
            if _PLACEHOLDER.sub("", value).count("{") or _PLACEHOLDER.sub("", value).count("}"):
                raise _fault(
                    path,
                    line,
                    f"„{table}.{name}“: eine geschweifte Klammer ist kein Platzhalter {{name}}",
                )
            text[f"{table}.{name}"] = value
    return text
