"""Rule tests: targets (CR 115).

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.

Targets chosen on casting are in cr_601_casting.py; targets checked on resolution in
cr_608_resolving.py.
"""

from __future__ import annotations

from tests.helpers import labels, scenario, stack

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


def test_cr_115_5_a_copy_of_a_spell_may_target_the_spell_it_copies():
    """CR 115.5, 707.10c: a spell can't target itself, but a copy is another spell: Dualcaster
    Mage's copy of a Counterspell (which targets Lightning Bolt) may have the original
    Counterspell as its new target."""
    g = scenario("""
players:
  - mana_pool: "{R}{U}{U}{R}{R}{C}"
    hand: [Lightning Bolt, Counterspell, Dualcaster Mage]
  - name: P2
""")
    g.run_line(["cast Lightning Bolt", "target P2", "cast Counterspell", "target Lightning Bolt",
                "cast Dualcaster Mage", "pass", "target Counterspell", "pass", "yes"])
    assert g.decision is not None and g.decision.kind == "target"
    assert labels(g) == ["keep target Lightning Bolt", "target Counterspell"]
    g.act("target Counterspell")
    assert [(s["source"], s["targets"]) for s in stack(g)] == [
        ("Lightning Bolt", ["P2"]), ("Counterspell", ["Lightning Bolt"]), ("Counterspell", ["Counterspell"])]
