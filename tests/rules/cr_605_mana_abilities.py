"""Rule tests: mana abilities (CR 605): they don't use the stack, and can be activated when a
resolving ability asks for mana.

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.

Triggered mana abilities and "tapped for mana" are in tests/seeds/mana_rules.py.
"""

from __future__ import annotations

from tests.helpers import MANA_VAULT_END_STEP, labels, permanent, player, scenario, stack

# ---------------------------------------------------------------------------------------------
# CR 605.3a, 405.6c: mana abilities don't use the stack


def test_cr_605_3a_mana_ability_resolves_immediately_without_the_stack():
    g = scenario("""
players:
  - battlefield: [Forest]
""")
    g.act("activate Forest")
    s = g.state_json()
    assert s["stack"] == []
    assert s["players"][0]["mana_pool"] == "{G}"
    assert s["decision"]["player"] == "P1" and s["decision"]["kind"] == "priority"
    assert s["step"] == "precombat_main"


def test_cr_605_3a_mana_ability_activated_with_a_spell_on_the_stack_does_not_go_on_it():
    g = scenario("""
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
    battlefield: [Sol Ring]
""")
    g.run_line(["cast Lightning Bolt", "target P2", "activate Sol Ring"])
    assert [i["source"] for i in stack(g)] == ["Lightning Bolt"]
    assert player(g, "P1")["mana_pool"] == "{C}{C}"


def test_cr_605_3a_mana_ability_that_also_deals_damage_does_it_immediately():
    g = scenario("""
players:
  - battlefield: [Ancient Tomb]
""")
    g.act("activate Ancient Tomb")
    s = g.state_json()
    assert s["stack"] == []
    assert s["players"][0]["mana_pool"] == "{C}{C}" and s["players"][0]["life"] == 18


def test_cr_605_1a_ability_that_draws_is_not_a_mana_ability_and_uses_the_stack():
    g = scenario("""
players:
  - mana_pool: "{C}"
    library: [Island]
    battlefield: [{card: Mind Stone, summoning_sick: true}]
""")
    g.act("activate Mind Stone: {1}, {T}, Sacrifice Mind Stone")
    s = g.state_json()
    # The costs are paid on activation (CR 602.2h): the mana, the tap, the sacrifice.
    assert s["players"][0]["graveyard"] == ["Mind Stone"] and s["players"][0]["mana_pool"] == ""
    assert [i["source"] for i in s["stack"]] == ["Mind Stone"]
    assert s["players"][0]["hand"] == []
    g.act("pass")
    assert player(g, "P1")["hand"] == ["Island"]


# ---------------------------------------------------------------------------------------------
# Mana Vault: "At the beginning of your upkeep, you may pay {4}. If you do, untap Mana Vault."
# and "At the beginning of your draw step, if Mana Vault is tapped, it deals 1 damage to you."



def test_cr_605_3a_mana_abilities_can_be_activated_when_a_resolving_trigger_asks_for_mana():
    g = scenario(MANA_VAULT_END_STEP)
    g.run_line(["pass", "pass"])  # the trigger resolves with nothing in the pool
    assert g.decision.kind == "yes_no"
    assert "yes" not in labels(g)  # {4} can't be paid yet
    assert "no" in labels(g)
    assert sum(lab.startswith("activate Forest") for lab in labels(g)) == 4
    g.run_line(["activate Forest", "activate Forest", "activate Forest", "activate Forest"])
    assert set(labels(g)) == {"yes", "no"}
    g.act("yes")
    assert permanent(g, "Mana Vault")["tapped"] is False
    assert player(g, "P1")["mana_pool"] == ""
