"""Reading OTN rules strings into an engine rule set, naming every approximation."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from ..context import context
from ..errors import PositionError, SquareError
from ..geometry import Geometry, geometry
from ..judge import check_possible
from ..pieces import Side
from ..position import Position
from ..rules import Escape, Hostility, KingCapture, KingJump, Repetition, RuleSet, ThronePass
from ..text import MAX_OTN_RULES, check_length, is_number
from ..text import short as _short
from ..typed import need_bool, need_text
from .errors import OtnError
from .keys import ATT_LETTERS, CHOICES, DFN_LETTERS, KNOWN_KEYS, LIST_DEFAULTS
from .position import parse_position

#: Keys whose value is a list of OTN piece letters.
_PIECE_LISTS = (
    "corh", "cenh", "cenhe", "corp", "cenp", "cors", "cens",
    "aforh", "dforh", "aforp", "dforp", "afors", "dfors",
    "corre", "cenre", "aforre", "dforre",
)  # fmt: skip


@dataclass
class OtnRules:
    """A read rules string: rule set, start position (or None), name and German notes.

    ``notes`` lists every place where the engine had to approximate the OTN rules.
    """

    rules: RuleSet
    position: Position | None
    name: str = ""
    notes: list[str] = field(default_factory=list)


class _Reading:
    """One rules string being read: its entries, the strict flag and the notes so far."""

    def __init__(self, config: dict[str, str], strict: bool) -> None:
        self.config = config
        self.strict = strict
        self.notes: list[str] = []

    def get(self, key: str, default: str) -> str:
        """The value of key, or the OTN default."""
        return self.config.get(key, default)

    def approx(self, message: str) -> None:
        """Note an approximation (an error in strict mode)."""
        if self.strict:
            raise OtnError(f"Regelstring (streng, ohne Näherung): {message}")
        self.notes.append(message)


def read_rules(text: str, *, strict: bool = False) -> OtnRules:
    """Read an OTN rules string into an engine rule set, with notes on approximations.

    Unknown keys, repeated keys, malformed values and a misplaced ``dim``/``start``
    raise OtnError naming the entry. Values the engine cannot represent are
    approximated and named in ``notes``; with ``strict`` they raise OtnError instead.
    """
    need_text(text, "der Regelstring")
    need_bool(strict, "strict")
    check_length(text, MAX_OTN_RULES, "der Regelstring", OtnError)
    config = _config(_split_entries(text))
    size = _size(config["dim"])
    _check_choices(config)
    _check_piece_lists(config)
    position = _start(config, size)
    r = _Reading(config, strict)
    values: dict[str, object] = {"size": size}
    values |= _goals(r)
    values["repetition"] = _repetition(r)
    values |= _king(r)
    values["commander_jump"] = _commanders(r, position)
    values["knight_jump"] = _knights(r, position)
    values["commander_king_capture"] = _commander_king_capture(r, position, values)
    values["variegated"] = position is not None and position.var != 0
    values |= _shieldwall(r)
    values["edge_fort"] = r.get("efe", "n") == "y"
    values["berserker"] = _berserker(r)
    _ignored(r)
    geo = geometry(size)
    values |= _corners(r, geo)
    values |= _throne(r, geo)
    rules = _rule_set(values)
    if position is not None:
        position.turn = rules.first
        # judged like every given position; its pieces are the variant's (as a data file's
        # start, `Variant.pieces`): commanders stay commanders under 'cj:n'
        in_play = {*rules.pieces(), *position.pieces().values()}
        try:
            check_possible(context(rules), position, None, in_play)
        except PositionError as exc:
            raise OtnError(f"Regelstring, 'start:': {exc}") from None
    r.notes.append(
        "Was bei Zugunfähigkeit gilt, sagt OTN nicht; die Engine nimmt an, dass die Seite "
        "ohne erlaubten Zug verliert"
    )
    return OtnRules(rules, position, config.get("name", "").replace("_", " "), r.notes)


def parse_rules(text: str) -> tuple[RuleSet, Position | None]:
    """Import an OTN rules string: (rule set, start position or None).

    See read_rules for the approximation notes and a strict mode.
    """
    result = read_rules(text)
    return result.rules, result.position


def rules_equal_fields(a: RuleSet, b: RuleSet) -> list[str]:
    """Names of the RuleSet fields in which a and b differ."""
    return [f.name for f in fields(RuleSet) if getattr(a, f.name) != getattr(b, f.name)]


# -- the entries --------------------------------------------------------------------


def _split_entries(text: str) -> list[tuple[str, str, str]]:
    """(key, value, raw token) for every whitespace-separated entry."""
    out = []
    for token in text.split():
        if ":" not in token:
            raise OtnError(
                f"Regelstring: der Eintrag '{_short(token)}' hat keine Form 'schlüssel:wert'"
            )
        key, value = token.split(":", 1)
        out.append((key, value, token))
    return out


def _config(entries: list[tuple[str, str, str]]) -> dict[str, str]:
    """The entries as a dict: known keys only, each once, 'dim' first, 'start' last."""
    if not entries:
        raise OtnError("der Regelstring ist leer")
    if entries[0][0] != "dim":
        raise OtnError(
            f"Regelstring: der erste Eintrag muss 'dim:' sein, nicht '{_short(entries[0][2])}'"
        )
    config: dict[str, str] = {}
    for i, (key, value, token) in enumerate(entries):
        if key not in KNOWN_KEYS:
            raise OtnError(
                f"Regelstring: unbekannter Schlüssel '{_short(key)}' in '{_short(token)}'"
            )
        if key in config:
            raise OtnError(f"Regelstring: der Schlüssel '{key}' steht zweimal")
        if key in ("start", "starti") and i != len(entries) - 1:
            raise OtnError(f"Regelstring: '{key}:' muss der letzte Eintrag sein")
        config[key] = value
    if "start" in config and "starti" in config:
        raise OtnError("Regelstring: 'start:' und 'starti:' schließen einander aus")
    return config


def _size(dim_text: str) -> int:
    """The board size of 'dim:' (ASCII digits, odd, 5 to 19)."""
    if not is_number(dim_text):
        raise OtnError(f"Regelstring: 'dim:{_short(dim_text)}' ist keine Brettgröße")
    size = int(dim_text)
    if size % 2 == 0 or not 5 <= size <= 19:
        raise OtnError(
            f"Regelstring: 'dim:{size}' – die Engine kennt ungerade Brettgrößen 5 bis 19"
        )
    return size


def _check_choices(config: dict[str, str]) -> None:
    """Every one-letter key has one of its allowed letters."""
    for key, allowed in CHOICES.items():
        if key in config and (len(config[key]) != 1 or config[key] not in allowed):
            raise OtnError(
                f"Regelstring: '{key}:{_short(config[key])}' – erlaubt sind {', '.join(allowed)}"
            )


def _check_piece_lists(config: dict[str, str]) -> None:
    """Every piece-type list holds OTN piece letters only."""
    for key in _PIECE_LISTS:
        if key in config:
            bad = [ch for ch in config[key] if ch.lower() not in "tcnkmg"]
            if bad:
                raise OtnError(
                    f"Regelstring: '{key}:{_short(config[key])}' – '{bad[0]}' ist kein "
                    "Figurenzeichen"
                )


def _start(config: dict[str, str], size: int) -> Position | None:
    """The position of 'start:' (rank 1 first) or 'starti:' (top rank first), if given."""
    if "start" not in config and "starti" not in config:
        return None
    top = "starti" in config
    key = "starti" if top else "start"
    try:
        position = parse_position(config[key], top_first=top)
    except OtnError as exc:
        raise OtnError(f"Regelstring, '{key}:': {exc}") from None
    if position.size != size:
        raise OtnError(f"Regelstring: 'start:' hat {position.size} Reihen, 'dim:' sagt {size}")
    return position


def _rule_set(values: dict[str, object]) -> RuleSet:
    """The RuleSet of the collected values; OtnError when the engine cannot play it."""
    rules = RuleSet(**values)  # type: ignore[arg-type]
    problems = rules.check()
    if problems:
        raise OtnError(
            "Regelstring: die Engine kann diese Regeln nicht spielen: " + "; ".join(problems)
        )
    return rules


# -- one rule at a time -------------------------------------------------------------


def _goals(r: _Reading) -> dict[str, object]:
    """Who moves first, where the king escapes to, whether encirclement wins."""
    return {
        "first": Side.ATTACKERS if r.get("atkf", "y") == "y" else Side.DEFENDERS,
        "escape": Escape.CORNER if r.get("esc", "c") == "c" else Escape.EDGE,
        "encirclement": r.get("surf", "y") == "y",
    }


def _repetition(r: _Reading) -> Repetition:
    """The third repetition ('tfr'); 'winner repeats' is approximated."""
    tfr = r.get("tfr", "d")
    if tfr == "w":
        r.approx(
            "tfr:w heißt nach OpenTafls Beschreibung der Notation „wer die dritte Wiederholung "
            "herbeiführt, gewinnt“, OpenTafls Programm (0.4.8) lässt ihn dagegen verlieren; die "
            "Engine nimmt wie bei Copenhagen an, dass die Verteidiger verlieren"
        )
    return {
        "i": Repetition.NONE,
        "d": Repetition.DRAW,
        "l": Repetition.MOVER_LOSES,
        "w": Repetition.DEFENDERS_LOSE,
    }[tfr]


def _king(r: _Reading) -> dict[str, object]:
    """Whether the king is armed ('ka'), how he is captured ('ks'); no jumping king ('kj')."""
    ka = r.get("ka", "y")
    if ka in "ah":
        r.approx(
            f"ka:{ka} (König nur als {'Amboss' if ka == 'a' else 'Hammer'}) kennt die Engine "
            f"nicht; der König schlägt voll mit"
        )
    ks = r.get("ks", "y")
    if ks == "m":
        r.approx(
            f"ks:{ks} (spätere OpenTafl-Königsstärke) kennt die Engine nicht; "
            f"der König wird von vier Seiten gefangen"
        )
    kj = r.get("kj", "n")
    if kj == "c":
        r.approx(
            "kj:c (König schlägt den übersprungenen Stein) kennt die Engine nicht; "
            "der Sprung des Königs schlägt nicht"
        )
    return {
        "king_jump": {"n": KingJump.NONE, "r": KingJump.RESTRICTED}.get(kj, KingJump.FREE),
        "king_armed": ka != "n",
        "king_capture": (
            KingCapture.TWO_SIDES
            if ks in "nw"
            else KingCapture.STRONG_NEAR_THRONE
            if ks == "c"
            else KingCapture.FOUR_SIDES
        ),
    }


def _commanders(r: _Reading, position: Position | None) -> bool:
    """Whether commanders jump; OTN's default cj:j applies when the start has commanders."""
    has_commanders = position is not None and position.cmd != 0
    cj = r.config.get("cj", "j" if has_commanders else "n")
    if cj == "c":
        r.approx(
            "cj:c (Kommandant schlägt den übersprungenen Stein) kennt die Engine nicht; "
            "der Sprung schlägt nicht"
        )
    elif cj == "r":
        r.approx(
            "cj:r (Sprünge nur auf Sonderfelder) kennt die Engine nicht; "
            "der Kommandant springt über Gegner"
        )
    return cj != "n"


def _knights(r: _Reading, position: Position | None) -> bool:
    """Whether knights jump and take ('nj'); OpenTafl's default nj:c applies with knights."""
    has_knights = position is not None and position.kni != 0
    nj = r.config.get("nj", "c" if has_knights else "n")
    if nj in "jr":
        r.approx(
            f"nj:{nj} (Ritter springt, ohne zu schlagen"
            + (", nur auf Sonderfelder" if nj == "r" else "")
            + ") kennt die Engine nicht; der Sprung des Ritters schlägt"
        )
    return nj != "n"


def _commander_king_capture(
    r: _Reading, position: Position | None, values: dict[str, object]
) -> bool:
    """Whether commanders capture the strong king in pairs (OpenTafl: whenever they exist)."""
    strong = values["king_capture"] is not KingCapture.TWO_SIDES
    if not (strong and position is not None and position.cmd & position.att):
        return False
    if values["king_capture"] is KingCapture.STRONG_NEAR_THRONE:
        return False  # away from the throne this king falls to any two attackers anyway
    r.approx(
        "Königsfang durch zwei Kommandanten: OpenTafl erlaubt ihn auch neben dem Thron, "
        "wenn das Paar nicht über den Thron hinweg schließt; die Engine nie auf dem Thron "
        "oder daneben"
    )
    return True


def _shieldwall(r: _Reading) -> dict[str, object]:
    """The shieldwall ('sw', 'swf')."""
    sw = r.get("sw", "n")
    if sw == "w":
        r.approx(
            "sw:w (Ecken schließen keinen Schildwall) kennt die Engine nicht; "
            "Ecken dürfen schließen"
        )
    if r.get("swf", "y") == "n" and sw != "n":
        r.approx(
            "swf:n (jeder Zug schließt den Schildwall) kennt die Engine nicht; "
            "nur der schließende Zug schlägt"
        )
    return {"shieldwall": sw != "n"}


def _berserker(r: _Reading) -> bool:
    """The berserker rule ('ber'); a continuation without capture is approximated."""
    ber = r.get("ber", "n")
    if ber == "m":
        r.approx(
            "ber:m (der Berserker muss weiterziehen, auch ohne zu schlagen) kennt die "
            "Engine nicht; hier darf er nur mit einem Schlag weiterziehen"
        )
    return ber != "n"


def _ignored(r: _Reading) -> None:
    """Note keys the engine ignores: forts, speed limits, re-entry lists."""
    for key in ("afor", "dfor"):
        if r.config.get(key):
            r.approx(
                f"{key}:{_short(r.config[key])} (Festungsfelder) kennt die Engine nicht; ignoriert"
            )
    spd = r.config.get("spd", "-1")
    if spd not in ("-1", ""):
        r.approx(f"spd:{_short(spd)} (Reichweitenbegrenzung) kennt die Engine nicht; ignoriert")
    for key in ("corre", "cenre", "aforre", "dforre"):
        if key in r.config and not set(ATT_LETTERS + DFN_LETTERS) <= set(r.config[key]):
            r.approx(f"{key}:{r.config[key]} (Wiederbetreten) kennt die Engine nicht; ignoriert")


def _corners(r: _Reading, geo: Geometry) -> dict[str, object]:
    """Whether corners exist ('cor'), whom they are hostile to ('corh'); only the king stops."""
    corners = _special_squares(r, "cor", set(geo.corners), geo)
    values: dict[str, object] = {"corners": corners}
    if not corners:
        return values
    corh = r.get("corh", LIST_DEFAULTS["corh"])
    values["corners_hostile_attackers"] = _side_in(r, corh, Side.ATTACKERS, "corh")
    values["corners_hostile_defenders"] = _side_in(r, corh, Side.DEFENDERS, "corh")
    if r.get("cors", "K") != "K":
        r.approx(
            f"cors:{r.config['cors']} – auf Eckfeldern darf in der Engine nur der König stehen"
        )
    return values


def _throne(r: _Reading, geo: Geometry) -> dict[str, object]:
    """The throne ('cen'): hostility ('cenh', 'cenhe'), passing ('cenp'), stopping ('cens')
    and the capture against the occupied throne ('linc')."""
    throne = _special_squares(r, "cen", {geo.centre}, geo)
    values: dict[str, object] = {"throne": throne}
    if not throne:
        if r.get("linc", "n") == "y":
            r.approx("linc:y (Schlag gegen den besetzten Thron) ohne Thron; ignoriert")
        return values
    cenh = r.get("cenh", LIST_DEFAULTS["cenh"])
    cenhe = r.get("cenhe", LIST_DEFAULTS["cenhe"])
    for side, name in (
        (Side.ATTACKERS, "throne_hostile_attackers"),
        (Side.DEFENDERS, "throne_hostile_defenders"),
    ):
        occupied = _side_in(r, cenh, side, "cenh")
        empty = _side_in(r, cenhe, side, "cenhe")
        if occupied and not empty:
            r.approx(
                f"ein Thron, der den {side.german}n nur besetzt feindlich ist, "
                f"kennt die Engine nicht; er ist immer feindlich"
            )
        values[name] = (
            Hostility.ALWAYS if occupied else Hostility.EMPTY if empty else Hostility.NEVER
        )
    cenp = r.get("cenp", LIST_DEFAULTS["cenp"])
    passing = set("tcTC") & set(cenp)
    if len(passing) == 4:
        values["throne_pass"] = ThronePass.ALL
    else:
        if passing:
            r.approx(
                f"cenp:{cenp} – die Engine lässt entweder alle Figuren oder nur den "
                f"König über den leeren Thron; hier nur den König"
            )
        values["throne_pass"] = ThronePass.KING
    cens = r.get("cens", "K")
    values["throne_reentry"] = cens != ""
    if cens not in ("K", ""):
        r.approx(f"cens:{cens} – auf dem Thron darf in der Engine nur der König stehen")
    values["linnaean_capture"] = r.get("linc", "n") == "y"
    return values


def _special_squares(r: _Reading, key: str, default: set[int], geo: Geometry) -> bool:
    """Whether the corners ('cor') or the throne ('cen') exist, from a square list."""
    config = r.config
    if key not in config or config[key] == "default":
        return True
    squares = set()
    for name in (s for s in config[key].split(",") if s):
        try:
            squares.add(geo.parse(name))
        except SquareError as exc:
            raise OtnError(f"Regelstring: '{key}:{_short(config[key])}': {exc}") from None
    if not squares:
        return False
    if squares != default:
        r.approx(f"{key}:{config[key]} – die Engine kennt nur die Standardfelder; sie gelten hier")
    return True


def _side_in(r: _Reading, letters: str, side: Side, key: str) -> bool:
    """Whether a piece-type list names `side` (decided by its ordinary man 't'/'T').

    The engine decides hostility per side; a list naming only some of the side's
    pieces this engine has (man, commander, and for defenders the king) is noted.
    """
    core = "tc" if side is Side.ATTACKERS else "TCK"
    hits = [ch in letters for ch in core]
    result = core[0] in letters
    if any(hits) and not all(hits):
        r.approx(
            f"{key}:{letters} nennt nur einen Teil der Figuren der {side.german}; die Engine "
            f"unterscheidet nur nach Seiten ({side.german}: {'ja' if result else 'nein'})"
        )
    return result
