"""Rule tests: targets (CR 115).

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.

Targets chosen on casting are in cr_601_casting.py; targets checked on resolution in
cr_608_resolving.py.
"""

from __future__ import annotations

from tests.helpers import labels, scenario

# ---------------------------------------------------------------------------------------------
# CR 115: a spell that targets a spell


def test_cr_115_counterspell_needs_a_spell_to_target():
    g = scenario("""
players:
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
    battlefield: [Prodigal Pyromancer]
""")
    assert "cast Counterspell" not in labels(g)
    g.run_line(["activate Prodigal Pyromancer", "target P2"])
    # An activated ability on the stack is not a spell.
    assert "cast Counterspell" not in labels(g)
