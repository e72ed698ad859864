"""One variant's rule reference: `regeln`, `otn`, `quellen`; which variants have a rule:
`varianten-mit` (a list of links), `gilt-in` (one line, for the glossary) and `varianten-je`
(the variants grouped by their sentence of one “Auf einen Blick” topic)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from enum import Enum

from tafl_core import otn
from tafl_core.params import applies, label
from tafl_core.rules import RuleSet
from tafl_core.text import short
from tafl_core.variants import Variant
from tafl_core.wording.lists import and_list
from tafl_core.wording.rules import condition_text, describe, glance, not_applicable_text
from tafl_docs.catalogue import card_path, ordered_variants
from tafl_docs.directives.common import (
    DirectiveError,
    get_variant,
    one_slug,
    rule_label,
    short_name,
)
from tafl_docs.markdown import Context, admonition, md_link, table


def d_regeln(ctx: Context, args: list[str]) -> list[str]:
    """Every rule of a variant with its German value ("entfällt: …" where it does not apply)."""
    v = get_variant(one_slug(args, "regeln"))
    rows = []
    for name, _label, value in describe(v.rules):
        if not applies(name, v.rules):
            value = not_applicable_text(name)
        rows.append([rule_label(ctx, name), value])
    # a reference for looking up, not for reading through: closed until asked for
    return admonition(
        "abstract tafl-regeln",
        f"Alle {len(rows)} Regelparameter mit ihren Werten",
        table(["Regel", "Wert"], rows),
        collapsible=True,
    )


def d_otn(ctx: Context, args: list[str]) -> list[str]:
    """The OpenTafl rules string in a code block, with what OTN cannot express."""
    v = get_variant(one_slug(args, "otn"))
    out = ["```text", otn.rules_string(v), "```"]
    gaps = otn.unexpressible(v.rules)
    if gaps:
        out += [
            "",
            *admonition(
                "note",
                "Was der OTN-String nicht ausdrückt",
                [f"- {g}" for g in gaps],
                collapsible=True,
            ),
        ]
    return out


def d_quellen(ctx: Context, args: list[str]) -> list[str]:
    """The variant's sources as a list with links."""
    v = get_variant(one_slug(args, "quellen"))
    if not v.sources:
        return ["Für diese Variante sind keine Quellen hinterlegt."]
    out = []
    for s in v.sources:
        title = s.title.replace("[", "\\[").replace("]", "\\]")
        line = f"- **\\[{s.key}\\]** {title}"
        if s.url:
            line += f" – <{s.url}>"
        out.append(line)
    return out


def _parse_condition(arg: str) -> tuple[str, Callable[[RuleSet], bool], str]:
    """FIELD or FIELD=value -> (field, predicate, German description)."""
    kinds = {f.name: f for f in fields(RuleSet)}
    name, sep, raw = arg.partition("=")
    name = name.strip()
    if name not in kinds:
        raise DirectiveError(
            f"unbekannter Regelparameter '{short(name)}' (bekannt: {', '.join(kinds)})"
        )
    sample = getattr(RuleSet(size=11), name)
    if not sep:
        if not isinstance(sample, bool):
            raise DirectiveError(
                f"'{name}' ist kein Ja/Nein-Parameter; schreibe {name}=Wert" + _allowed(sample)
            )
        return name, lambda r: bool(getattr(r, name)), label(name)
    raw = raw.strip()
    if isinstance(sample, bool):
        truth = {"true": True, "ja": True, "false": False, "nein": False}
        if raw.lower() not in truth:
            raise DirectiveError(
                f"'{short(raw)}' ist kein Wert für '{name}' (erlaubt: true, false)"
            )
        want: object = truth[raw.lower()]
    elif isinstance(sample, Enum):
        enum_type = type(sample)
        try:
            want = enum_type(raw)
        except ValueError:
            raise DirectiveError(
                f"'{short(raw)}' ist kein Wert für '{name}'" + _allowed(sample)
            ) from None
    else:
        try:
            want = int(raw)
        except ValueError:
            raise DirectiveError(f"'{short(raw)}' ist kein Wert für '{name}' (eine Zahl)") from None
    return name, lambda r: getattr(r, name) == want, condition_text(name, want)


def _allowed(sample: object) -> str:
    if isinstance(sample, Enum):
        return " (erlaubt: " + ", ".join(str(e.value) for e in type(sample)) + ")"
    return ""


def d_varianten_mit(ctx: Context, args: list[str]) -> list[str]:
    """Variants whose rule parameter matches, as links to their cards."""
    if len(args) != 1:
        raise DirectiveError("varianten-mit erwartet genau ein Argument: FELD oder FELD=Wert")
    _name, pred, _desc = _parse_condition(args[0])
    found = [v for v in ordered_variants() if pred(v.rules)]
    if not found:
        return ["*Keine Variante dieser Referenz hat diese Regel.*"]
    return [f"- {md_link(ctx, v.name, card_path(v))}" for v in found]


def _names(ctx: Context, variants: list[Variant]) -> str:
    """'[Copenhagen 11×11](…), … und [Odin 11×11](…)': short names linked to the cards."""
    return and_list([md_link(ctx, short_name(v), card_path(v)) for v in variants])


def d_gilt_in(ctx: Context, args: list[str]) -> list[str]:
    """One line naming every variant whose rule parameter matches, e.g. for a glossary
    entry: `gilt-in berserker` -> "Gilt in: Berserk 11×11, Tyr 11×11 …"; further words
    replace the lead ("gilt-in king_capture=two-sides Schwach" -> "Schwach: …")."""
    if not args:
        raise DirectiveError("gilt-in erwartet ein Argument: FELD oder FELD=Wert (dann Text)")
    _name, pred, _desc = _parse_condition(args[0])
    lead = " ".join(args[1:]) or "Gilt in"
    found = [v for v in ordered_variants() if pred(v.rules)]
    if not found:
        return [f"{lead}: in keiner Variante dieser Seite."]
    return [f"{lead}: {_names(ctx, found)}."]


def d_varianten_je(ctx: Context, args: list[str]) -> list[str]:
    """Every variant, grouped by its sentence of one topic of “Auf einen Blick”
    (`varianten-je Wiederholung`): one item per sentence, the variants first."""
    topic = " ".join(args)
    groups: dict[str, list[Variant]] = {}
    for v in ordered_variants():
        sentence = dict(glance(v, v.piece_counts())).get(topic)
        if sentence is None:
            known = ", ".join(t for t, _ in glance(v, v.piece_counts()))
            raise DirectiveError(f"'{short(topic)}' ist kein Thema von „Auf einen Blick“ ({known})")
        groups.setdefault(sentence, []).append(v)
    return [f"- {_names(ctx, vs)}: {sentence}" for sentence, vs in groups.items()]
