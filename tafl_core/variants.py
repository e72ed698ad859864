"""Variants as data: one TOML file per variant under tafl_core/data/variants/.

Every key of a data file is checked against a schema: an unknown key, a missing required
key or a value of the wrong type raises VariantDataError naming the file, the table and
the key.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from importlib.resources.abc import Traversable

from .context import context
from .errors import PositionError, UnknownVariantError, VariantDataError
from .judge import check_given
from .pieces import LETTER_TO_PIECE, PIECE_TO_LETTER, Kind, Piece, Side
from .position import Position, parse_ascii
from .rules import RuleSet, from_mapping
from .text import short
from .typed import need_instance, need_text


@dataclass(frozen=True)
class Source:
    """A cited source: short key, title and address."""

    key: str
    title: str
    url: str = ""


@dataclass(frozen=True)
class Variant:
    """A rule set, its starting position (when sourced) and the facts a rule card needs."""

    slug: str
    name: str
    original_name: str
    rules: RuleSet
    setup: str | None
    setup_missing: str = ""
    setup_confidence: str = ""
    setup_source: str = ""
    #: piece counts a source names when no squares are sourced ([setup] counts), in its order
    setup_counts: tuple[tuple[Piece, int], ...] = ()
    family: str = ""
    category: str = ""
    author: str = ""
    date: str = ""
    evidence: str = ""
    sources: tuple[Source, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        """Wrong types raise ArgumentError (a Variant built in Python is checked as a file is)."""
        for name in ("slug", "name", "original_name"):
            need_text(getattr(self, name), f"Variant: '{name}'")
        need_instance(self.rules, RuleSet, "Variant: 'rules'", "ein RuleSet")
        if self.setup is not None:
            need_text(self.setup, "Variant: 'setup'")

    @property
    def has_setup(self) -> bool:
        """Whether a sourced starting position exists."""
        return self.setup is not None

    def start(self) -> Position:
        """The starting position; raises VariantDataError when none is sourced."""
        if self.setup is None:
            raise VariantDataError(
                f"für {self.name} ist keine Startaufstellung belegt: {self.setup_missing}"
            )
        return self._start.copy()

    @cached_property
    def _start(self) -> Position:
        """The starting position, read once from the grid (start() hands out copies)."""
        assert self.setup is not None
        return parse_ascii(self.setup, self.rules.size, self.rules.first)

    def empty(self, turn: Side | None = None) -> Position:
        """An empty board of this variant's size."""
        return Position(self.rules.size, turn or self.rules.first)

    def piece_counts(self) -> Counter[Piece] | None:
        """How many of each piece a game starts with, or None when nothing is sourced.

        From the starting position when there is one, else from the counts of the data
        file (`[setup] counts`, e.g. Odin's rule card); `has_setup` tells which.
        """
        counts = self._counts
        return None if counts is None else Counter(counts)

    @cached_property
    def _counts(self) -> Counter[Piece] | None:
        """piece_counts(), worked out once (piece_counts hands out copies)."""
        if self.setup is not None:
            return Counter(self._start.pieces().values())
        if self.setup_counts:
            return Counter(dict(self.setup_counts))
        return None

    def pieces(self) -> list[Piece]:
        """The pieces in play, in grid-letter order (A V K C c B b R r).

        The rule set's piece kinds (`RuleSet.pieces`), where the start (or the sourced
        counts) has a special kind only on the sides that have it: Berserk's start has
        commanders only for the attackers and a knight only for the defenders. A kind the
        rules give meaning to but the start lacks (Tyr's commanders) stays on both sides; a
        piece of the start that the rules do not name is in play too.
        """
        meant = self.rules.pieces()
        counts = self.piece_counts()
        if counts is None:
            return meant
        present = {p for p, n in counts.items() if n > 0}
        special = {p.kind for p in present if p.kind not in (Kind.MAN, Kind.KING)}
        keep = {p for p in meant if p.kind not in special or p in present} | present
        return [p for p in LETTER_TO_PIECE.values() if p in keep]


def _data_dir() -> Traversable:
    return resources.files("tafl_core") / "data" / "variants"


#: German names of the TOML value types, for error messages.
_TYPE_NAMES: dict[type, str] = {
    str: "Text",
    int: "ganze Zahl",
    float: "Kommazahl",
    bool: "true oder false",
    dict: "Tabelle",
    list: "Liste",
}

#: Top-level keys: their type and whether they are required.
_TOP: dict[str, tuple[type, bool]] = {
    "slug": (str, True),
    "name": (str, True),
    "original_name": (str, True),
    "family": (str, False),
    "category": (str, False),
    "author": (str, False),
    "date": (str, False),
    "evidence": (str, False),
    "rules": (dict, True),
    "setup": (dict, True),
    "sources": (list, False),
}
_SETUP: dict[str, tuple[type, bool]] = {
    "grid": (str, False),
    "missing": (str, False),
    "confidence": (str, False),
    "source": (str, False),
    "counts": (dict, False),
}
_SOURCE: dict[str, tuple[type, bool]] = {
    "key": (str, True),
    "title": (str, True),
    "url": (str, False),
}


def _type_name(value: object) -> str:
    """The German name of a TOML value's type (dates and times: 'Datum/Uhrzeit')."""
    for kind, name in _TYPE_NAMES.items():
        if type(value) is kind:
            return name
    return "Datum/Uhrzeit"


def _check_table(
    origin: str, where: str, table: Mapping[str, object], schema: dict[str, tuple[type, bool]]
) -> None:
    """Unknown, missing and mistyped keys of one table raise VariantDataError."""
    place = f" in {where}" if where else ""
    for key, value in table.items():
        if key not in schema:
            allowed = ", ".join(schema)
            raise VariantDataError(
                f"{origin}: unbekannter Schlüssel '{short(key)}'{place} (erlaubt: {allowed})"
            )
        kind = schema[key][0]
        if type(value) is not kind:
            raise VariantDataError(
                f"{origin}: '{key}'{place} muss {_TYPE_NAMES[kind]} sein, nicht {_type_name(value)}"
            )
    for key, (_, required) in schema.items():
        if required and key not in table:
            raise VariantDataError(f"{origin}: der Schlüssel '{key}' fehlt{place}")


def _counts(origin: str, table: Mapping[str, object]) -> tuple[tuple[Piece, int], ...]:
    """`[setup] counts`: per side (attackers, defenders) a table of kind → number."""
    out: list[tuple[Piece, int]] = []
    sides = {s.value: s for s in Side}
    kinds = {k.value: k for k in Kind}
    for side_name, per_kind in table.items():
        where = "[setup.counts]"
        if side_name not in sides:
            raise VariantDataError(
                f"{origin}: unbekannter Schlüssel '{short(side_name)}' in {where}"
                f" (erlaubt: {', '.join(sides)})"
            )
        if not isinstance(per_kind, dict):
            raise VariantDataError(
                f"{origin}: '{side_name}' in {where} muss Tabelle sein,"
                f" nicht {_type_name(per_kind)}"
            )
        where = f"[setup.counts.{side_name}]"
        for kind_name, n in per_kind.items():
            kind = kinds.get(kind_name)
            piece = Piece(sides[side_name], kind) if kind is not None else None
            if piece is None or piece not in PIECE_TO_LETTER:
                allowed = ", ".join(
                    p.kind.value for p in LETTER_TO_PIECE.values() if p.side.value == side_name
                )
                raise VariantDataError(
                    f"{origin}: unbekannter Schlüssel '{short(kind_name)}' in {where} "
                    f"(erlaubt: {allowed})"
                )
            if type(n) is not int or n < 1:
                raise VariantDataError(
                    f"{origin}: '{kind_name}' in {where} muss eine ganze Zahl ab 1 sein"
                )
            out.append((piece, n))
    return tuple(out)


def _toml_where(exc: tomllib.TOMLDecodeError) -> str:
    """Where tomllib found the error, in German (its own message is English)."""
    m = re.search(r"at line (\d+), column (\d+)", str(exc))
    if m:
        return f" (Zeile {m.group(1)}, Spalte {m.group(2)})"
    return " (am Ende der Datei)" if "end of document" in str(exc) else ""


def load_variant_text(text: str, origin: str) -> Variant:
    """Build a Variant from the text of a TOML data file; errors name the origin."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantDataError(f"{origin}: kein gültiges TOML{_toml_where(exc)}") from None
    if "rules" not in data:
        raise VariantDataError(f"{origin}: der Abschnitt [rules] fehlt")
    _check_table(origin, "", data, _TOP)
    try:
        rules = from_mapping(dict(data["rules"]))
    except ValueError as exc:
        raise VariantDataError(f"{origin}: [rules]: {exc}") from None
    problems = rules.check()
    if problems:
        raise VariantDataError(f"{origin}: " + "; ".join(problems))
    setup = data["setup"]
    _check_table(origin, "[setup]", setup, _SETUP)
    sources = []
    for number, entry in enumerate(data.get("sources", []), 1):
        where = f"[[sources]] (Nr. {number})"
        if not isinstance(entry, dict):
            raise VariantDataError(
                f"{origin}: {where} muss Tabelle sein, nicht {_type_name(entry)}"
            )
        _check_table(origin, where, entry, _SOURCE)
        sources.append(Source(**entry))
    grid = setup.get("grid")
    if grid is None and not setup.get("missing"):
        raise VariantDataError(f"{origin}: [setup] braucht 'grid' oder 'missing' (Begründung)")
    if grid is not None and "counts" in setup:
        raise VariantDataError(
            f"{origin}: [setup] 'counts' nur ohne 'grid' (die Anzahlen folgen aus dem Raster)"
        )
    variant = Variant(
        slug=data["slug"],
        name=data["name"],
        original_name=data["original_name"],
        rules=rules,
        setup=grid,
        setup_missing=setup.get("missing", ""),
        setup_confidence=setup.get("confidence", ""),
        setup_source=setup.get("source", ""),
        setup_counts=_counts(origin, setup.get("counts", {})),
        family=data.get("family", ""),
        category=data.get("category", ""),
        author=data.get("author", ""),
        date=data.get("date", ""),
        evidence=data.get("evidence", ""),
        sources=tuple(sources),
    )
    if grid is not None:
        try:
            # the start is judged like every given position (two kings, restricted squares …)
            check_given(context(rules), variant.start(), variant)
        except PositionError as exc:
            where = f" (Zeile {exc.line} des Rasters)" if exc.line else ""
            raise VariantDataError(f"{origin}: Startaufstellung{where}: {exc}") from None
    return variant


@cache
def all_variants() -> dict[str, Variant]:
    """Every variant shipped with the engine, by slug, in slug order."""
    out = {}
    # by slug, not by file name: "brandub-7" comes before "brandub-7-opentafl" ('.' > '-')
    for entry in sorted(_data_dir().iterdir(), key=lambda e: e.name.removesuffix(".toml")):
        if entry.name.endswith(".toml"):
            v = load_variant_text(entry.read_text(encoding="utf-8"), entry.name)
            if v.slug != entry.name[:-5]:
                raise VariantDataError(f"{entry.name}: slug '{v.slug}' passt nicht zum Dateinamen")
            out[v.slug] = v
    return out


def variant(slug: str) -> Variant:
    """A variant by slug; UnknownVariantError lists the known ones (ArgumentError: no str)."""
    need_text(slug, "der Name der Variante")
    found = all_variants().get(slug.strip().lower()) if len(slug) < 100 else None
    if found is None:
        known = ", ".join(all_variants())
        raise UnknownVariantError(f"unbekannte Variante '{short(slug.strip())}' (bekannt: {known})")
    return found
