"""Rule tests: costs (CR 118): a cost that can't be paid fully can't be paid.

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.

Sacrifice and counters as costs of activated abilities are in cr_602_activating.py; paying
mana for a spell in cr_601_casting.py.
"""

from __future__ import annotations

from tests.helpers import labels, permanent, permanents, player, scenario

# ---------------------------------------------------------------------------------------------
# CR 118.3: costs that can't be paid


def test_cr_118_3_ability_whose_mana_cost_cannot_be_paid_is_not_offered():
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [{card: Basalt Monolith, tapped: true}]
""")
    assert not any("Untap Basalt Monolith" in lab for lab in labels(g))
    g = scenario("""
players:
  - mana_pool: "{C}{C}{G}"
    battlefield: [{card: Basalt Monolith, tapped: true}]
""")
    g.act("activate Basalt Monolith: {3}")
    assert player(g, "P1")["mana_pool"] == ""
    g.act("pass")
    assert permanent(g, "Basalt Monolith")["tapped"] is False


def test_cr_118_3_tapped_permanent_cannot_be_tapped_to_pay_a_cost():
    g = scenario("""
players:
  - battlefield: [{card: Sol Ring, tapped: true}, {card: Forest, tapped: true}]
""")
    assert labels(g) == ["pass"]


def test_cr_118_3_cannot_remove_a_counter_that_is_not_there():
    g = scenario("""
players:
  - battlefield: [{card: Walking Ballista, counters: {"+1/+1": 1}}]
""")
    g.run_line(["activate Walking Ballista: Remove", "target P2"])
    # The Ballista, now 0/0, died as a state-based action before anyone got priority.
    assert permanents(g, "Walking Ballista") == []
    assert not any("Remove" in lab for lab in labels(g))
    g.act("pass")
    assert player(g, "P2")["life"] == 19  # the ability still resolves (CR 113.7a)
