"""OpenTafl notation (OTN): rules strings, position records and move records.

The specification is ``opentafl-notation-spec.txt`` in the public repository
``jslater89/OpenTafl``; this module follows it and names every deviation.

* Position records list the ranks from rank 1 (the bottom rank, the one holding
  ``a1``) upwards, as OpenTafl's serializer writes them (row ``y`` is rank ``y + 1``).
  Letters: lowercase attackers, uppercase defenders; ``t`` man, ``k`` king,
  ``c`` commander, ``m`` mercenary (OpenTafl's side-switching piece, used here for
  the variegated man; it is not in the cited version of the specification),
  ``n`` knight (the engine's "Ritter") and ``g`` guard (unknown to this engine).
* Rules strings: ``dim:`` first, ``start:`` last. The specification's examples write
  Copenhagen and Fetlar with ``atkf:n`` ("defenders go first"); the rules and
  OpenTafl's own engine have the attackers first, and so does this module, which
  therefore always writes ``atkf`` explicitly. ``start:`` is left out when a
  variant has no sourced setup (the specification demands it; the reader accepts
  its absence). Where the specification's defaults contradict its prose (``cenp``,
  ``cens``), the keys are always written when the board has a throne.
* Move records: ``[piece]<from><-|^|=|^=><to>[x<captures>][+|-|++|--]`` or ``---``.
  ``=`` marks a step that continues a berserker chain (the same piece moving again
  in the same turn), ``^`` a commander's jump.

The package has one module per job: ``pieces`` (letters), ``position`` (position
records), ``moves`` (move records), ``keys`` (the rules-string vocabulary),
``write_rules`` and ``read_rules``. Game records (OpenTafl ``.otg`` and plain move lists)
are in ``game`` (with ``record`` and ``move_list``), imported from there.
"""

from __future__ import annotations

from .errors import OtnError
from .moves import (
    Capture,
    MoveKind,
    MoveRecord,
    move_record,
    parse_move_record,
    record_to_move,
)
from .pieces import letter_piece, piece_letter
from .position import parse_position, position_record
from .read_rules import OtnRules, parse_rules, read_rules, rules_equal_fields
from .write_rules import rules_string, unexpressible

__all__ = [
    "Capture",
    "MoveKind",
    "MoveRecord",
    "OtnError",
    "OtnRules",
    "letter_piece",
    "move_record",
    "parse_move_record",
    "parse_position",
    "parse_rules",
    "piece_letter",
    "position_record",
    "read_rules",
    "record_to_move",
    "rules_equal_fields",
    "rules_string",
    "unexpressible",
]
