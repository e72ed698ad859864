"""Typed checks of the values given to the Python API, with German messages.

Every public entry of `tafl_core` checks its arguments here before reading them, so a
value of the right shape but the wrong type (the text "corner" for `Escape.CORNER` aside)
is refused with an `ArgumentError` instead of being misread. An enum parameter takes the
enum member or exactly its value (`"corner"` for `Escape.CORNER`, `"attackers"` for
`Side.ATTACKERS`), as in the variant files; nothing else.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

from .errors import ArgumentError
from .text import short

E = TypeVar("E", bound=Enum)

#: German names of the common Python types, for messages.
_TYPE_NAMES: dict[type, str] = {
    bool: "Wahrheitswert",
    int: "ganze Zahl",
    float: "Kommazahl",
    str: "Text",
    bytes: "Bytes",
    list: "Liste",
    tuple: "Tupel",
    dict: "Wörterbuch",
    set: "Menge",
    type(None): "None",
}


def describe(value: object) -> str:
    """A short German description of a value for a message, e.g. "Kommazahl 11.0"."""
    if value is None:
        return "None"
    kind = _TYPE_NAMES.get(type(value))
    if kind is None:
        kind = f"ein Objekt vom Typ {short(type(value).__name__)}"
    return f"{kind} {short(repr(value))}"


def need_text(value: object, what: str) -> str:
    """value when it is a str; ArgumentError naming `what` (German noun phrase) otherwise."""
    if not isinstance(value, str):
        raise ArgumentError(f"{what} muss ein Text sein, nicht {describe(value)}")
    return value


def need_int(value: object, what: str) -> int:
    """value when it is an int (not a bool, not a float); ArgumentError otherwise."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ArgumentError(f"{what} muss eine ganze Zahl sein, nicht {describe(value)}")
    return value


def need_bool(value: object, what: str) -> bool:
    """value when it is True or False (not 0, 1 or a text); ArgumentError otherwise."""
    if not isinstance(value, bool):
        raise ArgumentError(f"{what} muss True oder False sein, nicht {describe(value)}")
    return value


def need_enum(value: object, kind: type[E], what: str) -> E:
    """A member of `kind`: the member itself, or exactly its value as text.

    Anything else (another enum's member, a text of another spelling, a number) raises
    ArgumentError listing the allowed values.
    """
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        for member in kind:
            if member.value == value:
                return member
    allowed = ", ".join(f"{kind.__name__}.{m.name} ('{m.value}')" for m in kind)
    raise ArgumentError(f"{what} muss einer dieser Werte sein: {allowed}; nicht {describe(value)}")


def need_instance(value: object, kind: type | tuple[type, ...], what: str, expected: str) -> None:
    """ArgumentError unless value is an instance of kind (`expected`: German noun phrase)."""
    if not isinstance(value, kind):
        raise ArgumentError(f"{what} muss {expected} sein, nicht {describe(value)}")
