"""Variants as data: one TOML file per variant under tafl_core/data/variants/."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from .errors import PositionError, UnknownVariantError, VariantDataError
from .pieces import Side
from .position import Position, parse_ascii
from .rules import RuleSet, from_mapping
from .text import short


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
    family: str = ""
    category: str = ""
    author: str = ""
    date: str = ""
    evidence: str = ""
    card: str = ""
    sources: tuple[Source, ...] = field(default_factory=tuple)

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
        return parse_ascii(self.setup, self.rules.size, self.rules.first)

    def empty(self, turn: Side | None = None) -> Position:
        """An empty board of this variant's size."""
        return Position(self.rules.size, turn or self.rules.first)


def _data_dir() -> Traversable:
    return resources.files("tafl_core") / "data" / "variants"


def load_variant_text(text: str, origin: str) -> Variant:
    """Build a Variant from the text of a TOML data file; errors name the origin."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantDataError(f"{origin}: kein gültiges TOML: {exc}") from None
    try:
        rules = from_mapping(dict(data.pop("rules")))
    except KeyError:
        raise VariantDataError(f"{origin}: der Abschnitt [rules] fehlt") from None
    except ValueError as exc:
        raise VariantDataError(f"{origin}: {exc}") from None
    problems = rules.check()
    if problems:
        raise VariantDataError(f"{origin}: " + "; ".join(problems))
    setup = data.pop("setup", {})
    sources = tuple(Source(**s) for s in data.pop("sources", []))
    known = {f for f in Variant.__dataclass_fields__} - {"rules", "setup", "sources"}
    unknown = set(data) - known
    if unknown:
        raise VariantDataError(f"{origin}: unbekannte Schlüssel {sorted(unknown)}")
    grid = setup.get("grid")
    if grid is None and not setup.get("missing"):
        raise VariantDataError(f"{origin}: [setup] braucht 'grid' oder 'missing' (Begründung)")
    variant = Variant(
        rules=rules,
        setup=grid,
        setup_missing=setup.get("missing", ""),
        setup_confidence=setup.get("confidence", ""),
        setup_source=setup.get("source", ""),
        sources=sources,
        **data,
    )
    if grid is not None:
        try:
            variant.start()
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
    """A variant by slug; UnknownVariantError lists the known ones."""
    found = all_variants().get(slug.strip().lower()) if len(slug) < 100 else None
    if found is None:
        known = ", ".join(all_variants())
        raise UnknownVariantError(f"unbekannte Variante '{short(slug.strip())}' (bekannt: {known})")
    return found
