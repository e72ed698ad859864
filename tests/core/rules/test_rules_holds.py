"""The rule tests' bridge to the example runner: `holds` fails with the runner's report.

A claim stated as an example block must be able to fail, and its failure must name the line
of the test file, as `tafl check` names the line of a docs page.
"""

from pathlib import Path

import pytest

from tests.rules_helpers import holds


def test_a_wrong_expectation_fails_with_the_line_of_the_test_file():
    with pytest.raises(pytest.fail.Exception) as info:
        holds("""
Variante: brandub-7
Stellung:
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . . . . . . .
2 . . . . . . .
1 . . . A . K .
  a b c d e f g
Zug: d1-d2
Geschlagen: d1
""")
    line = Path(__file__).read_text(encoding="utf-8").splitlines().index("Geschlagen: d1") + 1
    message = str(info.value)
    assert message.split(": ", 1)[0].endswith(f"test_rules_holds.py:{line}")
    assert "tatsächlich geschlagen: keine" in message


def test_a_block_that_cannot_be_read_fails():
    with pytest.raises(pytest.fail.Exception, match="Stellung"):
        holds("""
Variante: brandub-7
Zug: d1-d2
Geschlagen: keine
""")


def test_a_block_without_expectation_does_not_hold_vacuously():
    with pytest.raises(AssertionError, match="erwartet nichts"):
        holds("""
Variante: brandub-7
Stellung: Start
""")
