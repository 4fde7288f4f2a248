"""Rule tests: state-based actions (CR 704).

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.
"""

from __future__ import annotations

import pytest

from mtg_env.cards import all_cards
from tests.helpers import permanent, permanents, player, scenario

# ---------------------------------------------------------------------------------------------
# CR 704.5a, 704.5b: a player loses


def test_cr_704_5a_player_with_0_life_loses():
    g = scenario("""
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
  - life: 3
""")
    g.run_line(["cast Lightning Bolt", "target P2", "pass"])
    s = g.state_json()
    assert s["game_over"] is True and s["winner"] == "P1"
    assert s["decision"] is None and g.decision is None
    assert g.legal_actions() == []


def test_cr_704_5a_player_dealt_damage_to_0_life_by_their_own_land_loses():
    g = scenario("""
players:
  - life: 2
    battlefield: [Ancient Tomb]
""")
    g.act("activate Ancient Tomb")
    s = g.state_json()
    assert s["players"][0]["life"] == 0
    assert s["game_over"] is True and s["winner"] != "P1"


def test_cr_704_5b_player_who_drew_from_an_empty_library_loses():
    g = scenario("""
players:
  - mana_pool: "{U}{C}{C}"
    hand: [Divination]
    library: [Island]
""")
    g.run_line(["cast Divination", "pass"])
    s = g.state_json()
    assert s["players"][0]["hand"] == ["Island"]
    assert s["game_over"] is True and s["winner"] != "P1"


def test_cr_704_5b_empty_library_is_no_loss_until_a_draw_is_attempted():
    g = scenario("""
step: end
players:
  - library: []
""")
    assert g.state_json()["game_over"] is False
    g.act("pass")  # to the next turn's upkeep: no draw yet
    assert g.state_json()["step"] == "upkeep" and g.state_json()["game_over"] is False
    g.act("pass")  # the draw step
    s = g.state_json()
    assert s["game_over"] is True and s["winner"] != "P1"


# ---------------------------------------------------------------------------------------------
# CR 704.5f, 704.5g: creatures die


def test_cr_704_5f_creature_with_0_toughness_is_put_into_the_graveyard():
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}"
    hand: [Walking Ballista]
""")
    g.run_line(["cast Walking Ballista", "x 0", "pass"])
    assert permanents(g, "Walking Ballista") == []
    assert player(g, "P1")["graveyard"] == ["Walking Ballista"]


def test_cr_704_5f_putting_minus_one_counters_as_a_cost_kills_devoted_druid_on_the_second_activation():
    g = scenario("""
players:
  - battlefield: [Devoted Druid]
""")
    g.run_line(["activate Devoted Druid: {T}", "activate Devoted Druid: Put"])
    druid = permanent(g, "Devoted Druid")
    assert druid["counters"] == {"-1/-1": 1} and druid["toughness"] == 1
    g.run_line(["pass", "activate Devoted Druid: {T}", "activate Devoted Druid: Put"])
    s = g.state_json()
    assert permanents(g, "Devoted Druid") == []
    assert s["players"][0]["graveyard"] == ["Devoted Druid"]
    assert s["players"][0]["mana_pool"] == "{G}{G}"
    # the untap ability is still on the stack, its source gone
    assert [i["source"] for i in s["stack"]] == ["Devoted Druid"]


def test_cr_704_5g_creature_with_lethal_damage_is_destroyed():
    g = scenario("""
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
    battlefield: [Prodigal Pyromancer]
  - battlefield: [Grizzly Bears, Memnite]
""")
    g.run_line(["activate Prodigal Pyromancer", "target Grizzly Bears", "pass"])
    assert permanent(g, "Grizzly Bears")["damage"] == 1  # not lethal: it stays
    g.run_line(["cast Lightning Bolt", "target Memnite", "pass"])
    assert player(g, "P2")["graveyard"] == ["Memnite"]
    assert permanent(g, "Grizzly Bears")["toughness"] == 2


# ---------------------------------------------------------------------------------------------
# CR 704.5j: the legend rule


def test_cr_704_5j_legend_rule():
    legendary = [c for c in all_cards() if "Legendary" in c.supertypes and c.is_permanent]
    if not legendary:
        pytest.skip("no legendary permanent card is supported yet")
    name = legendary[0].name
    g = scenario(f"""
players:
  - battlefield: ["{name}", "{name}"]
""")
    assert g.decision.kind == "choose"
    keep = g.legal_actions()[1]
    g.act(keep)
    assert len(permanents(g, name)) == 1
    assert player(g, "P1")["graveyard"] == [name]


# ---------------------------------------------------------------------------------------------
# CR 704.5m, 704.5n: Auras and Equipment


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
# CR 704.5q: +1/+1 and -1/-1 counters


def test_cr_704_5q_plus_one_and_minus_one_counters_annihilate():
    g = scenario("""
players:
  - battlefield:
      - {card: Devoted Druid, counters: {"+1/+1": 2}}
""")
    g.act("activate Devoted Druid: Put a -1/-1 counter")
    druid = permanent(g, "Devoted Druid")
    assert druid["counters"] == {"+1/+1": 1}
    assert (druid["power"], druid["toughness"]) == (1, 3)
