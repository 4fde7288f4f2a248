"""Rule tests: enchantments (CR 303): Auras (303.4), through Pacifism.

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.

An Aura attached to nothing (CR 704.5m) is in cr_704_state_based_actions.py.
"""

from __future__ import annotations

from tests.helpers import labels, permanent, scenario, stack

# ---------------------------------------------------------------------------------------------
# Auras (CR 303.4)


def test_cr_303_4_aura_spell_targets_and_enters_attached_to_its_target():
    g = scenario("""
players:
  - mana_pool: "{W}{C}"
    hand: [Pacifism]
    battlefield: [Sol Ring]
  - battlefield: [Grizzly Bears]
""")
    g.act("cast Pacifism")
    assert g.decision.kind == "target"
    assert set(labels(g)) == {"target Grizzly Bears"}
    g.run_line(["target Grizzly Bears"])
    assert stack(g)[0]["targets"] == ["Grizzly Bears"]
    g.act("pass")
    bears = permanent(g, "Grizzly Bears")
    pacifism = permanent(g, "Pacifism")
    assert pacifism["attached_to"] == bears["id"]
    assert pacifism["controller"] == "P1" and bears["controller"] == "P2"


def test_pacifism_enchanted_creature_can_neither_attack_nor_block():
    g = scenario("""
format: duel
step: beginning_of_combat
players:
  - battlefield: [Grizzly Bears, Silvercoat Lion, {card: Pacifism, attached_to: Silvercoat Lion}]
  - battlefield: [Balduvian Bears, Memnite, {card: Pacifism, attached_to: Memnite}]
""")
    g.run_line(["pass", "pass"])
    assert [lab for lab in labels(g) if lab.startswith("attack")] == ["attack P2 with Grizzly Bears"]
    g.act("attack P2 with Grizzly Bears")
    while g.decision.kind == "priority":
        g.act("pass")
    assert g.decision.kind == "block" and g.decision.player == "P2"
    assert [lab for lab in labels(g) if lab.startswith("block")] == [
        "block Grizzly Bears with Balduvian Bears"]


def test_cr_303_4_aura_spell_without_a_legal_target_is_not_castable():
    g = scenario("""
players:
  - mana_pool: "{W}{C}"
    hand: [Pacifism]
    battlefield: [Sol Ring]
""")
    assert labels(g) == ["pass", "activate Sol Ring: {T}: Add {C}{C}."]
