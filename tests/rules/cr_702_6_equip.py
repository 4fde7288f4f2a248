"""Rule tests: equip (CR 702.6) and Equipment (CR 301.5), through Bonesplitter.

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.

The combat keywords (CR 702.2-702.111) are in cr_506_combat.py.
"""

from __future__ import annotations

from tests.helpers import labels, permanent, scenario

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
