"""The vocabulary of OTN rules strings: known keys, their choices and list defaults."""

from __future__ import annotations

#: Keys of the specification (and of later OpenTafl versions: name, spd, *re).
KNOWN_KEYS = {
    "dim", "name", "esc", "surf", "atkf", "tfr", "ka", "ks", "kj", "nj", "cj",
    "cor", "cen", "afor", "dfor", "corh", "cenh", "cenhe", "aforh", "dforh",
    "corp", "cenp", "aforp", "dforp", "cors", "cens", "afors", "dfors",
    "corre", "cenre", "aforre", "dforre", "sw", "swf", "efe", "ber", "spd",
    "start", "starti", "linc",
}  # fmt: skip

CHOICES = {
    "esc": "ce",
    "surf": "yn",
    "atkf": "yn",
    "tfr": "idwl",
    "ka": "ynah",
    "ks": "ynscmw",
    "kj": "nrjc",
    "nj": "nrjc",
    "cj": "nrjc",
    "sw": "nws",
    "swf": "yn",
    "efe": "yn",
    "ber": "ncm",
    "linc": "yn",
}

#: OTN defaults of the piece-type lists (the serializer's values).
LIST_DEFAULTS = {
    "corh": "tcnkTCNK",
    "cenh": "tcnk",
    "cenhe": "tcnkTCNK",
    "corp": "K",
    "cenp": "tcnkTCNK",
    "cors": "K",
    "cens": "K",
}

ATT_LETTERS = "tcnk"
DFN_LETTERS = "TCNK"
