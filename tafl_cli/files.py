"""Reading and writing the user's files with German messages that name the file."""

from __future__ import annotations

import errno
import sys
from pathlib import Path

from .errors import InputFileError, shown_path

__all__ = ["decode", "os_message", "read_text", "shown_path", "write_bytes"]

#: Files larger than this are refused before reading (positions, rules, Markdown pages).
MAX_FILE_BYTES = 5_000_000


def read_text(source: str | Path) -> str:
    """The UTF-8 text of a file, or of standard input for '-'; InputFileError otherwise."""
    if str(source) == "-":
        data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        return decode(data, "<Standardeingabe>")
    if str(source) == "":
        raise InputFileError("''", "kein Dateiname angegeben")
    path = Path(source)
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InputFileError(str(path), os_message(exc, with_name=False)) from None
    except ValueError:  # a NUL character in the name
        raise InputFileError(str(path), "der Dateiname enthält ein Nullzeichen") from None
    return decode(data, str(path))


def decode(data: bytes, origin: str) -> str:
    """data as UTF-8 text (a leading byte-order mark dropped); errors name origin and line."""
    if len(data) > MAX_FILE_BYTES:
        raise InputFileError(
            origin, f"die Datei ist zu groß (mehr als {MAX_FILE_BYTES // 1_000_000} MB)"
        )
    if b"\0" in data:
        raise InputFileError(origin, "das ist keine Textdatei (sie enthält Binärdaten)")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputFileError(
            origin,
            f"die Datei ist nicht UTF-8-kodiert (Byte 0x{data[exc.start]:02X}); "
            "bitte als UTF-8 speichern",
            line,
        ) from None


def write_bytes(path: Path, data: bytes) -> None:
    """Write data to path; InputFileError names the file when that fails."""
    try:
        path.write_bytes(data)
    except FileNotFoundError:
        raise InputFileError(str(path), f"den Ordner '{path.parent}' gibt es nicht") from None
    except OSError as exc:
        raise InputFileError(str(path), os_message(exc, with_name=False)) from None


def os_message(exc: OSError, with_name: bool = True) -> str:
    """A German sentence for an operating-system error, naming its file when it has one."""
    name = exc.filename if with_name else None
    where = f"'{shown_path(name)}'" if name else "die Datei"
    reasons = {
        errno.ENOENT: f"{where} gibt es nicht",
        errno.EISDIR: f"{where} ist ein Ordner, keine Datei",
        errno.ENOTDIR: f"{where}: ein Teil des Pfads ist kein Ordner",
        errno.EACCES: f"keine Berechtigung für {where}",
        errno.EPERM: f"keine Berechtigung für {where}",
        errno.ENOSPC: f"kein Platz mehr auf dem Datenträger für {where}",
        errno.EROFS: f"{where} liegt auf einem schreibgeschützten Datenträger",
        errno.ENAMETOOLONG: "der Dateiname ist zu lang",
    }
    other = f"{where} lässt sich nicht lesen oder schreiben (Fehler {exc.errno})"
    return reasons.get(exc.errno or 0, other)
