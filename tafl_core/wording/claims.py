"""The reader's sentence for a proven claim of an example ('Behauptung:' line).

One short German sentence per claim, shown beside the diagram and marked as checked; no
engine words. `claim_sentence(claim, geo)` words every form of `examples.claim`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..examples.claim import Claim, ClaimKind
from ..examples.task import key_label
from ..geometry import Geometry
from .lists import and_list


def _within(n: int) -> str:
    return "im nächsten Zug" if n == 1 else f"in {n} Zügen"


def _whatever(claim: Claim) -> str:
    """'wie die Verteidiger auch spielen' (the other side's defence does not matter)."""
    return f"wie die {claim.side.other.german} auch spielen"


def claim_sentence(claim: Claim, geo: Geometry, moves: Sequence[str] = ()) -> str:
    """'Die Verteidiger können im nächsten Zug nicht gewinnen.' and the like; `moves` (the
    proven first turns of a win, capture, arrival or threat) are named at the end."""
    sentence = _sentence(claim, geo)
    if not moves:
        return sentence
    named = and_list(list(moves[:3]), "oder")
    lead = "etwa " if len(moves) > 3 else ""
    return f"{sentence[:-1]} ({lead}{named})."


def _sentence(claim: Claim, geo: Geometry) -> str:
    """The claim's sentence without its turns."""
    who = f"Die {claim.side.german}"
    if claim.kind is ClaimKind.THREAT:
        if claim.negated:
            return f"{who} drohen keinen Sieg im nächsten Zug."
        return f"{who} drohen, im nächsten Zug zu gewinnen."
    if claim.kind is ClaimKind.SAVE:
        threat = f"den Sieg der {claim.side.german} im nächsten Zug"
        names = [key_label(k, geo) for k in claim.turns]
        if not names:
            return f"Kein Zug verhindert {threat}."
        verb = "verhindert" if len(names) == 1 else "verhindern"
        if claim.only:
            return f"Nur {and_list(names, 'oder')} {verb} {threat}."
        return f"{and_list(names)} {verb} {threat}."
    within = _within(claim.depth)
    if claim.kind is ClaimKind.WIN:
        if claim.negated:
            if claim.depth == 1:
                return f"{who} können im nächsten Zug nicht gewinnen."
            return f"{who} können den Sieg in {claim.depth} Zügen nicht erzwingen."
        if claim.depth == 1:
            return f"{who} gewinnen mit ihrem nächsten Zug."
        return f"{who} gewinnen in {claim.depth} Zügen, {_whatever(claim)}."
    square = geo.name(claim.target) if claim.target is not None else None
    if claim.kind is ClaimKind.CAPTURE:
        what = f"die Figur auf {square}" if square else "eine Figur"
        if claim.negated:
            force = "" if claim.depth == 1 else " erzwungen"
            return f"{who} können {what} {within} nicht{force} schlagen."
        if claim.depth == 1:
            return f"{who} schlagen {what} mit ihrem nächsten Zug."
        return f"{who} schlagen {what} {within}, {_whatever(claim)}."
    subject = "Der König" if claim.king else who
    modal = "kann" if claim.king else "können"
    verb = "erreicht" if claim.king else "erreichen"
    whose = "seinem" if claim.king else "ihrem"
    if claim.negated:
        if claim.depth == 1:
            return f"{subject} {modal} {square} im nächsten Zug nicht erreichen."
        return f"{subject} {modal} {square} in {claim.depth} Zügen nicht sicher erreichen."
    if claim.depth == 1:
        return f"{subject} {verb} {square} mit {whose} nächsten Zug."
    return f"{subject} {verb} {square} in {claim.depth} Zügen, {_whatever(claim)}."
