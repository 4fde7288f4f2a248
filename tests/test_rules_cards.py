"""Rule tests through particular cards: triggers (CR 603), Equipment (CR 301.5, 702.6),
Auras (CR 303.4), countering (CR 701.6).

One test per rule, each a scenario: a position, a line of written steps, what must hold.
"""

from __future__ import annotations

from tests.helpers import labels, pass_until, permanent, player, scenario, stack

# ---------------------------------------------------------------------------------------------
# Mana Vault: "At the beginning of your upkeep, you may pay {4}. If you do, untap Mana Vault."
# and "At the beginning of your draw step, if Mana Vault is tapped, it deals 1 damage to you."

MANA_VAULT_END_STEP = """
step: end
players:
  - library: [Island, Island]
    battlefield:
      - {card: Mana Vault, tapped: true}
      - {card: Forest, tapped: true}
      - {card: Forest, tapped: true}
      - {card: Forest, tapped: true}
      - {card: Forest, tapped: true}
"""


def test_cr_603_3_mana_vault_upkeep_trigger_goes_on_the_stack_and_may_be_paid():
    g = scenario(MANA_VAULT_END_STEP)
    g.act("pass")
    s = g.state_json()
    assert (s["turn"], s["step"]) == (2, "upkeep")
    assert [i["source"] for i in s["stack"]] == ["Mana Vault"]
    assert permanent(g, "Mana Vault")["tapped"] is True
    # Mana abilities are activated while the trigger waits on the stack, then it resolves.
    g.run_line(["activate Forest", "activate Forest", "activate Forest", "activate Forest", "pass"])
    assert g.decision.kind == "yes_no"
    assert set(labels(g)) == {"yes", "no"}
    g.act("yes")
    assert permanent(g, "Mana Vault")["tapped"] is False
    assert player(g, "P1")["mana_pool"] == ""
    pass_until(g, "precombat_main", turn=2)
    assert player(g, "P1")["life"] == 20


def test_cr_603_3_mana_vault_declined_in_upkeep_deals_1_damage_in_the_draw_step():
    g = scenario(MANA_VAULT_END_STEP)
    g.run_line(["pass", "activate Forest", "activate Forest", "activate Forest", "activate Forest",
                "pass", "no"])
    assert permanent(g, "Mana Vault")["tapped"] is True
    g.act("pass")  # to the draw step: the damage trigger goes on the stack
    s = g.state_json()
    assert s["step"] == "draw"
    assert [i["source"] for i in s["stack"]] == ["Mana Vault"]
    g.act("pass")
    assert player(g, "P1")["life"] == 19


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


def test_cr_603_4_mana_vault_untapped_in_the_draw_step_does_not_trigger():
    g = scenario("""
step: upkeep
players:
  - library: [Island]
    battlefield: [Mana Vault]
""")
    g.act("pass")
    s = g.state_json()
    assert s["step"] == "draw"
    assert s["stack"] == []


# ---------------------------------------------------------------------------------------------
# City of Brass: "Whenever City of Brass becomes tapped, it deals 1 damage to you."


def test_cr_603_2_city_of_brass_becoming_tapped_for_mana_triggers_and_deals_1_damage():
    g = scenario("""
players:
  - battlefield: [City of Brass]
""")
    g.act("activate City of Brass")
    assert g.decision.kind == "color"
    g.act("color R")
    s = g.state_json()
    assert s["players"][0]["mana_pool"] == "{R}"
    # The trigger is not a mana ability: it uses the stack (CR 605.1b).
    assert [i["source"] for i in s["stack"]] == ["City of Brass"]
    assert s["players"][0]["life"] == 20
    g.act("pass")
    assert player(g, "P1")["life"] == 19
    assert player(g, "P1")["mana_pool"] == "{R}"


# ---------------------------------------------------------------------------------------------
# Equip (CR 702.6a): "[Cost]: Attach to target creature you control. Activate only as a sorcery."


def test_cr_702_6a_equip_attaches_and_bonesplitter_gives_plus_two_power():
    g = scenario("""
players:
  - mana_pool: "{C}"
    battlefield: [Bonesplitter, Grizzly Bears, {card: Llanowar Elves, summoning_sick: true}]
  - battlefield: [Memnite]
""")
    g.act("activate Bonesplitter: Equip {1}")
    assert g.decision.kind == "target"
    assert set(labels(g)) == {"target Grizzly Bears", "target Llanowar Elves"}
    g.run_line(["target Grizzly Bears", "pass"])
    bears = permanent(g, "Grizzly Bears")
    assert (bears["power"], bears["toughness"]) == (4, 2)
    assert permanent(g, "Bonesplitter")["attached_to"] == bears["id"]


def test_cr_702_6a_equip_only_as_a_sorcery():
    yaml = """
format: duel
active_player: {active}
step: {step}
players:
  - mana_pool: "{{C}}{{R}}"
    hand: [Lightning Bolt]
    battlefield: [Bonesplitter, Grizzly Bears]
  - {{}}
"""
    g = scenario(yaml.format(active="P1", step="precombat_main"))
    assert "activate Bonesplitter: Equip {1}" in labels(g)
    g.run_line(["cast Lightning Bolt", "target P2"])
    assert "activate Bonesplitter: Equip {1}" not in labels(g)  # the stack is not empty
    g = scenario(yaml.format(active="P1", step="beginning_of_combat"))
    assert "activate Bonesplitter: Equip {1}" not in labels(g)
    g = scenario(yaml.format(active="P2", step="precombat_main"))
    g.act("pass")
    assert g.decision.player == "P1"
    assert "activate Bonesplitter: Equip {1}" not in labels(g)


def test_cr_608_2b_equip_whose_target_left_does_nothing():
    g = scenario("""
players:
  - mana_pool: "{C}{U}"
    hand: [Unsummon]
    battlefield: [Bonesplitter, Grizzly Bears, Memnite]
""")
    g.run_line(["activate Bonesplitter", "target Grizzly Bears", "pay {1} with {C}",
                "cast Unsummon", "target Grizzly Bears", "pass", "pass"])
    assert stack(g) == []
    assert permanent(g, "Bonesplitter")["attached_to"] is None
    assert permanent(g, "Memnite")["power"] == 1


def test_cr_702_6a_equip_moves_the_equipment_to_another_creature():
    g = scenario("""
players:
  - mana_pool: "{C}"
    battlefield: [Grizzly Bears, Memnite, {card: Bonesplitter, attached_to: Grizzly Bears}]
""")
    assert permanent(g, "Grizzly Bears")["power"] == 4
    g.run_line(["activate Bonesplitter", "target Memnite", "pass"])
    assert permanent(g, "Grizzly Bears")["power"] == 2
    assert permanent(g, "Memnite")["power"] == 3
    assert permanent(g, "Bonesplitter")["attached_to"] == permanent(g, "Memnite")["id"]


def test_cr_704_5n_equipment_stays_on_the_battlefield_unattached_when_the_creature_dies():
    g = scenario("""
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
    battlefield: [Grizzly Bears, {card: Bonesplitter, attached_to: Grizzly Bears}]
""")
    assert permanent(g, "Grizzly Bears")["power"] == 4
    g.run_line(["cast Lightning Bolt", "target Grizzly Bears", "pass"])
    assert permanent(g, "Bonesplitter")["attached_to"] is None
    assert player(g, "P1")["graveyard"] == ["Lightning Bolt", "Grizzly Bears"]


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


def test_cr_704_5m_aura_attached_to_nothing_goes_to_the_graveyard():
    g = scenario("""
players:
  - mana_pool: "{U}"
    hand: [Unsummon]
  - battlefield: [Grizzly Bears, {card: Pacifism, attached_to: Grizzly Bears}]
""")
    g.run_line(["cast Unsummon", "target Grizzly Bears", "pass"])
    assert player(g, "P2")["graveyard"] == ["Pacifism"]
    assert player(g, "P2")["hand"] == ["Grizzly Bears"]


# ---------------------------------------------------------------------------------------------
# Counterspell (CR 701.6a)


def test_cr_701_6a_countered_spell_goes_to_its_owners_graveyard():
    g = scenario("""
format: duel
players:
  - mana_pool: "{G}{G}"
    hand: [Grizzly Bears]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
""")
    g.run_line(["cast Grizzly Bears", "pass"])
    assert g.decision.player == "P2"
    g.act("cast Counterspell")
    assert labels(g) == ["target Grizzly Bears"]
    g.run_line(["target Grizzly Bears"])
    assert [i["source"] for i in stack(g)] == ["Grizzly Bears", "Counterspell"]
    g.run_line(["pass", "pass"])
    s = g.state_json()
    assert s["stack"] == []
    assert s["players"][0]["graveyard"] == ["Grizzly Bears"]
    assert s["players"][1]["graveyard"] == ["Counterspell"]
    assert s["players"][0]["battlefield"] == []
    assert any("Grizzly Bears is countered" in line for line in g.log)


def test_cr_608_2b_counterspell_whose_target_was_countered_does_not_resolve():
    g = scenario("""
format: duel
players:
  - mana_pool: "{G}{G}{U}{U}"
    hand: [Grizzly Bears, Counterspell]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
""")
    g.run_line(["cast Grizzly Bears", "pay {1} with {G}", "pass",
                "cast Counterspell", "target Grizzly Bears", "pass",
                "cast Counterspell", "target Counterspell", "pass", "pass"])
    assert [i["source"] for i in stack(g)] == ["Grizzly Bears"]
    g.run_line(["pass", "pass"])
    assert permanent(g, "Grizzly Bears")["controller"] == "P1"
    assert player(g, "P1")["graveyard"] == ["Counterspell"]
    assert player(g, "P2")["graveyard"] == ["Counterspell"]


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
