"""Why a step is illegal: one German sentence and a reason class for each case."""

from __future__ import annotations

from .context import RuleContext
from .errors import MoveError
from .movegen import continuations, jump_targets, jumpers, slide_targets
from .moves import Move
from .pieces import Side
from .position import Position

#: Reason classes (used by example blocks after "illegal:").
REASONS = {
    "leeres-feld": "auf dem Startfeld steht keine Figur",
    "nicht-am-zug": "die Figur gehört nicht der Seite am Zug",
    "nullzug": "Start- und Zielfeld sind gleich",
    "nicht-gerade": "der Zug verläuft nicht entlang einer Reihe oder Linie",
    "besetzt": "das Zielfeld ist besetzt",
    "versperrt": "eine Figur steht im Weg",
    "sperrfeld": "ein Sperrfeld darf nur der König betreten oder (je nach Variante) überqueren",
    "sprung": "ein Sprung, den die Regeln nicht erlauben",
    "berserker": "im Berserker-Lauf ist nur ein weiterer Schlag derselben Figur erlaubt",
    "spiel-beendet": "die Partie ist bereits entschieden",
}


def check_step(ctx: RuleContext, pos: Position, move: Move) -> Move:
    """Return the legal form of `move` (jump flag set) or raise MoveError with the reason."""
    geo = ctx.geo
    bits = geo.bits
    name = geo.name
    frm, to = move.frm, move.to
    fb, tb = bits[frm], bits[to]
    occ = pos.att | pos.dfn
    text = f"{name(frm)}-{name(to)}"
    if not occ & fb:
        raise MoveError(f"{text}: auf {name(frm)} steht keine Figur", "leeres-feld")
    own = pos.att if pos.turn is Side.ATTACKERS else pos.dfn
    if not own & fb:
        raise MoveError(
            f"{text}: die Figur auf {name(frm)} gehört nicht den {pos.turn.german}n, "
            f"die am Zug sind",
            "nicht-am-zug",
        )
    if pos.chain >= 0 and frm != pos.chain:
        raise MoveError(
            f"{text}: im Berserker-Lauf darf nur die Figur auf {name(pos.chain)} weiterziehen",
            "berserker",
        )
    if frm == to:
        raise MoveError(f"{text}: Start- und Zielfeld sind gleich", "nullzug")
    is_king = bool(pos.king & fb)
    legal = None
    if slide_targets(ctx, pos, frm, is_king, occ) & tb and move.jump is not True:
        legal = Move(frm, to)
    elif jumpers(ctx, pos, fb) and jump_targets(ctx, pos, frm) & tb:
        legal = Move(frm, to, True)
    if legal is None:
        reason, why = _why_not(ctx, pos, frm, to, is_king)
        raise MoveError(f"{text}: {why}", reason)
    if pos.chain >= 0 and legal not in continuations(ctx, pos):
        raise MoveError(
            f"{text}: im Berserker-Lauf muss jeder weitere Zug schlagen oder umdrehen"
            + (" (oder der König flieht)" if is_king and ctx.rules.berserker_king_escape else ""),
            "berserker",
        )
    return legal


def _why_not(ctx: RuleContext, pos: Position, frm: int, to: int, is_king: bool) -> tuple[str, str]:
    """Reason class and German explanation of a step that is neither slide nor jump."""
    geo = ctx.geo
    n = geo.n
    bits = geo.bits
    occ = pos.att | pos.dfn
    name = geo.name
    df = to % n - frm % n
    dr = to // n - frm // n
    if df and dr:
        return "nicht-gerade", "der Zug verläuft nicht gerade entlang einer Reihe oder Linie"
    if occ & bits[to]:
        return "besetzt", f"das Zielfeld {name(to)} ist besetzt"
    step = (1 if df > 0 else -1) if df else (n if dr > 0 else -n)
    # a jump over exactly one piece
    if jumpers(ctx, pos, bits[frm]) and abs(df) + abs(dr) == 2 and occ & bits[frm + step]:
        mid = frm + step
        if pos.king & bits[mid]:
            return "sprung", "über den König darf nicht gesprungen werden"
        if pos.cmd & bits[mid]:
            return "sprung", "über einen Kommandanten darf nicht gesprungen werden"
        if pos.kni & bits[mid]:
            return "sprung", "über einen Ritter darf nicht gesprungen werden"
        own = pos.att if pos.att & bits[frm] else pos.dfn
        if own & bits[mid]:
            return "sprung", "gesprungen wird nur über eine gegnerische Figur"
        if not is_king and ctx.restricted & bits[to]:
            what = "Thron" if ctx.throne & bits[to] else "Eckfeld"
            return (
                "sperrfeld",
                f"nur der König darf auf dem {what} {name(to)} stehen, auch nach einem Sprung",
            )
        if is_king and ctx.king_barred & bits[to]:
            return "sperrfeld", f"der König darf den Thron {name(to)} nicht wieder betreten"
        if is_king and not ctx.restricted & (bits[frm] | bits[to]):
            return "sprung", (
                "der König springt nur von einem Sperrfeld (Thron oder Eckfeld) oder auf eines"
            )
    s = frm + step
    while s != to:
        if occ & bits[s]:
            return "versperrt", f"auf {name(s)} steht eine Figur im Weg"
        if not is_king and ctx.nonking_block & bits[s]:
            return "sperrfeld", f"nur der König darf den Thron {name(s)} überqueren"
        s += step
    if is_king and ctx.king_barred & bits[to]:
        return "sperrfeld", (
            f"der König darf den Thron {name(to)} nicht wieder betreten, nachdem er ihn "
            "verlassen hat"
        )
    if not is_king and ctx.restricted & bits[to]:
        what = "Thron" if ctx.throne & bits[to] else "Eckfeld"
        return "sperrfeld", f"nur der König darf auf dem {what} {name(to)} stehen"
    return "sprung", "dieser Zug ist kein erlaubter Sprung"
