"""Rule tests: zones, priority, the stack, timing, targets, state-based actions, turn structure.

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.
Costs and mana are in test_rules_costs.py; card-specific triggers and statics in
test_rules_cards.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_env import new_game
from mtg_env.cards import all_cards
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario, stack

DECKS = Path(__file__).resolve().parent.parent / "configs" / "decks"


# ---------------------------------------------------------------------------------------------
# CR 400.7: an object that changes zones becomes a new object


def test_cr_400_7_bounced_and_recast_permanent_is_a_new_object():
    g = scenario("""
players:
  - mana_pool: "{G}{U}{G}{G}"
    hand: [Giant Growth, Unsummon]
    battlefield: [Grizzly Bears]
""")
    old_id = permanent(g, "Grizzly Bears")["id"]
    g.run_line(["cast Giant Growth", "target Grizzly Bears", "pass"])
    assert permanent(g, "Grizzly Bears")["power"] == 5
    g.run_line(["cast Unsummon", "target Grizzly Bears", "pass"])
    assert player(g, "P1")["hand"] == ["Grizzly Bears"]
    g.run_line(["cast Grizzly Bears", "pass"])
    bears = permanent(g, "Grizzly Bears")
    assert bears["id"] != old_id
    # The new object has no memory of the old one: no +3/+3, and it is summoning sick.
    assert (bears["power"], bears["toughness"]) == (2, 2)
    assert bears["summoning_sick"] is True


# ---------------------------------------------------------------------------------------------
# CR 302.6, 107.5, 107.6: summoning sickness and the tap and untap symbols


def test_cr_302_6_tap_ability_of_summoning_sick_creature_is_not_offered():
    g = scenario("""
players:
  - battlefield:
      - {card: Llanowar Elves, summoning_sick: true}
      - Elvish Mystic
""")
    assert "activate Llanowar Elves: {T}: Add {G}." not in labels(g)
    assert "activate Elvish Mystic: {T}: Add {G}." in labels(g)


def test_cr_107_5_tap_ability_of_summoning_sick_artifact_is_offered():
    g = scenario("""
players:
  - mana_pool: "{C}"
    hand: [Memnite]
    battlefield:
      - {card: Sol Ring, summoning_sick: true}
""")
    assert "activate Sol Ring: {T}: Add {C}{C}." in labels(g)
    g.run_line(["activate Sol Ring"])
    assert player(g, "P1")["mana_pool"] == "{C}{C}{C}"


def test_cr_302_6_summoning_sickness_applies_to_noncreature_permanents_in_state_but_not_to_their_abilities():
    g = scenario("""
players:
  - mana_pool: "{C}"
    hand: [Sol Ring]
""")
    g.run_line(["cast Sol Ring", "pass"])
    ring = permanent(g, "Sol Ring")
    assert ring["summoning_sick"] is True
    assert "activate Sol Ring: {T}: Add {C}{C}." in labels(g)


def test_cr_302_6_land_played_this_turn_is_summoning_sick_but_taps_for_mana():
    g = scenario("""
players:
  - hand: [Forest]
""")
    g.act("play Forest")
    assert permanent(g, "Forest")["summoning_sick"] is True  # interface.md §4: every permanent
    g.act("activate Forest")
    assert player(g, "P1")["mana_pool"] == "{G}"


def test_cr_302_6_summoning_sick_creature_cannot_attack():
    g = scenario("""
format: duel
step: beginning_of_combat
players:
  - battlefield: [Grizzly Bears, {card: Llanowar Elves, summoning_sick: true}, {card: Memnite, tapped: true}]
  - {}
""")
    g.run_line(["pass", "pass"])
    assert g.decision.kind == "attack"
    attacks = [lab for lab in labels(g) if lab.startswith("attack")]
    assert attacks == ["attack P2 with Grizzly Bears"]


def test_cr_107_6_untap_symbol_ability_needs_the_permanent_tapped():
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [Pili-Pala]
""")
    assert not any(lab.startswith("activate Pili-Pala") for lab in labels(g))
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [{card: Pili-Pala, tapped: true}]
""")
    g.run_line(["activate Pili-Pala: {2}, {Q}", "color U"])
    assert permanent(g, "Pili-Pala")["tapped"] is False
    assert player(g, "P1")["mana_pool"] == "{U}"


def test_cr_107_6_untap_symbol_ability_of_summoning_sick_creature_is_not_offered():
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [{card: Pili-Pala, tapped: true, summoning_sick: true}]
""")
    assert labels(g) == ["pass"]


# ---------------------------------------------------------------------------------------------
# CR 106.4: mana pools empty between steps


def test_cr_106_4_mana_pool_empties_when_the_step_ends():
    g = scenario("""
players:
  - battlefield: [Forest]
""")
    g.run_line(["activate Forest", "pass"])
    s = g.state_json()
    assert s["step"] == "beginning_of_combat"
    assert s["players"][0]["mana_pool"] == ""
    assert all(n == 0 for n in s["players"][0]["mana"].values())
    # CR 106.4b: passing with mana in the pool announces it.
    assert any("passes with {G}" in line for line in g.log)


# ---------------------------------------------------------------------------------------------
# CR 117, 405: priority and the stack


def test_cr_117_3c_player_who_casts_a_spell_receives_priority_again():
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
  - {}
""")
    g.run_line(["cast Lightning Bolt", "target P2"])
    s = g.state_json()
    assert s["decision"] == {"player": "P1", "kind": "priority", "prompt": "P1 has priority"}
    assert [i["source"] for i in s["stack"]] == ["Lightning Bolt"]


def test_cr_117_3c_player_who_activates_an_ability_receives_priority_again():
    g = scenario("""
format: duel
players:
  - battlefield: [Prodigal Pyromancer]
  - {}
""")
    g.run_line(["activate Prodigal Pyromancer", "target P2"])
    assert g.decision.player == "P1" and g.decision.kind == "priority"
    assert len(stack(g)) == 1


def test_cr_117_4_stack_resolves_only_when_all_players_pass_in_succession_last_in_first_out():
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{R}"
    hand: [Shock, Lightning Bolt]
  - {}
""")
    g.run_line(["cast Shock", "target P2", "cast Lightning Bolt", "target P2", "pass"])
    # One pass is not enough: the opponent now has priority and nothing has resolved.
    assert g.decision.player == "P2"
    assert [i["source"] for i in stack(g)] == ["Shock", "Lightning Bolt"]
    g.act("pass")
    # CR 405.5: the top (last added) object resolved first.
    assert player(g, "P2")["life"] == 17
    assert [i["source"] for i in stack(g)] == ["Shock"]
    g.run_line(["pass", "pass"])
    assert player(g, "P2")["life"] == 15
    resolved = [line for line in g.log if line.endswith(" resolves")]
    assert resolved == ["Lightning Bolt resolves", "Shock resolves"]


def test_cr_117_3b_active_player_receives_priority_after_a_spell_resolves():
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{R}"
    hand: [Shock, Lightning Bolt]
  - {}
""")
    g.run_line(["cast Shock", "target P2", "cast Lightning Bolt", "target P2", "pass", "pass"])
    assert [i["source"] for i in stack(g)] == ["Shock"]
    assert g.decision.player == "P1"


def test_cr_117_4_a_pass_followed_by_an_action_is_not_a_pass_in_succession():
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
  - mana_pool: "{R}"
    hand: [Shock]
""")
    g.run_line(["cast Lightning Bolt", "target P2", "pass", "cast Shock", "target P1", "pass"])
    # P1 passed before P2 acted: P1 must pass again before anything resolves.
    assert g.decision.player == "P1"
    assert [i["source"] for i in stack(g)] == ["Lightning Bolt", "Shock"]
    g.act("pass")
    assert [i["source"] for i in stack(g)] == ["Lightning Bolt"]
    assert player(g, "P1")["life"] == 18 and player(g, "P2")["life"] == 20


def test_cr_117_4_both_passing_with_empty_stack_ends_the_step():
    g = scenario("""
format: duel
players:
  - {}
  - {}
""")
    g.act("pass")
    assert g.state_json()["step"] == "precombat_main" and g.decision.player == "P2"
    g.act("pass")
    assert g.state_json()["step"] == "beginning_of_combat" and g.decision.player == "P1"


# ---------------------------------------------------------------------------------------------
# CR 305.2 and 117.1a: lands and timing


def test_cr_305_2_only_one_land_per_turn():
    g = scenario("""
players:
  - hand: [Forest, Forest, Mountain]
    library: [Island]
""")
    assert sum(lab.startswith("play Forest#") for lab in labels(g)) == 2
    assert "play Mountain" in labels(g)
    g.act("play Forest")
    assert not any(lab.startswith("play ") for lab in labels(g))
    pass_until(g, "postcombat_main")
    assert not any(lab.startswith("play ") for lab in labels(g))
    pass_until(g, "precombat_main", turn=2)
    assert "play Mountain" in labels(g)


def test_cr_117_1a_sorcery_speed_spells_not_castable_while_the_stack_is_not_empty():
    g = scenario("""
players:
  - mana_pool: "{R}{G}{G}{U}{U}{U}"
    hand: [Lightning Bolt, Grizzly Bears, Divination, Giant Growth, Forest]
    battlefield: [Llanowar Elves]
""")
    assert {"cast Grizzly Bears", "cast Divination", "play Forest"} <= set(labels(g))
    g.run_line(["cast Lightning Bolt", "target P2"])
    legal = labels(g)
    assert "cast Giant Growth" in legal
    assert not {"cast Grizzly Bears", "cast Divination", "play Forest"} & set(legal)


def test_cr_117_1a_sorcery_speed_spells_not_castable_outside_a_main_phase():
    g = scenario("""
step: beginning_of_combat
players:
  - mana_pool: "{R}{G}{G}"
    hand: [Lightning Bolt, Grizzly Bears, Forest]
""")
    assert set(labels(g)) == {"pass", "cast Lightning Bolt"}


def test_cr_117_1a_in_the_opponents_turn_only_instants_are_castable():
    g = scenario("""
format: duel
active_player: P2
players:
  - mana_pool: "{R}{G}{G}"
    hand: [Lightning Bolt, Grizzly Bears, Forest]
  - {}
""")
    assert g.decision.player == "P2"
    g.act("pass")
    assert g.decision.player == "P1"
    assert set(labels(g)) == {"pass", "cast Lightning Bolt"}


# ---------------------------------------------------------------------------------------------
# CR 601.2c and 608.2b: targets are chosen on casting and checked on resolution


def test_cr_601_2c_targets_are_chosen_as_the_spell_is_cast():
    g = scenario("""
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
    battlefield: [Forest]
  - battlefield: [Grizzly Bears, Sol Ring]
""")
    g.act("cast Lightning Bolt")
    assert g.decision.kind == "target"
    # Any target: creatures and players, not noncreature permanents.
    assert set(labels(g)) == {"target Grizzly Bears", "target P1", "target P2"}
    g.act("target Grizzly Bears")
    assert stack(g)[0]["targets"] == ["Grizzly Bears"]


def test_cr_608_2b_spell_whose_only_target_left_does_not_resolve_and_goes_to_graveyard():
    g = scenario("""
players:
  - mana_pool: "{R}{U}"
    hand: [Lightning Bolt, Unsummon]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Lightning Bolt", "target Grizzly Bears", "cast Unsummon", "target Grizzly Bears"])
    g.act("pass")  # Unsummon resolves
    assert player(g, "P2")["hand"] == ["Grizzly Bears"]
    assert [i["source"] for i in stack(g)] == ["Lightning Bolt"]
    g.act("pass")  # Lightning Bolt: its target is gone
    assert stack(g) == []
    assert player(g, "P1")["graveyard"] == ["Unsummon", "Lightning Bolt"]
    assert player(g, "P2")["life"] == 20 and player(g, "P1")["life"] == 20
    assert "Lightning Bolt resolves" not in g.log
    assert any("Lightning Bolt doesn't resolve" in line for line in g.log)


def test_cr_608_2b_ability_with_all_targets_illegal_does_not_resolve():
    g = scenario("""
players:
  - mana_pool: "{U}"
    hand: [Unsummon]
    battlefield: [Prodigal Pyromancer]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["activate Prodigal Pyromancer", "target Grizzly Bears",
                "cast Unsummon", "target Grizzly Bears", "pass", "pass"])
    assert stack(g) == []
    assert player(g, "P2")["hand"] == ["Grizzly Bears"]
    assert "Prodigal Pyromancer ability resolves" not in g.log


def test_cr_608_2n_resolving_spell_stays_on_the_stack_while_it_asks():
    g = scenario("""
players:
  - mana_pool: "{G}{G}"
    hand: [Rampant Growth]
    library: [Island, Grizzly Bears, Mountain]
""")
    g.run_line(["cast Rampant Growth", "pass"])
    assert g.decision.kind != "priority"  # it asks which land to find
    assert [i["source"] for i in stack(g)] == ["Rampant Growth"]
    g.act("find Mountain")
    assert stack(g) == [] and player(g, "P1")["graveyard"] == ["Rampant Growth"]


# ---------------------------------------------------------------------------------------------
# CR 704: state-based actions


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


def test_cr_704_5f_creature_with_0_toughness_is_put_into_the_graveyard():
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}"
    hand: [Walking Ballista]
""")
    g.run_line(["cast Walking Ballista", "x 0", "pass"])
    assert permanents(g, "Walking Ballista") == []
    assert player(g, "P1")["graveyard"] == ["Walking Ballista"]


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


# ---------------------------------------------------------------------------------------------
# CR 103.8a, 502.3, 514: the turn


def test_cr_103_8a_player_who_plays_first_skips_the_draw_of_their_first_turn():
    g = new_game(decks=[DECKS / "green_ramp.txt"], format="goldfish", seed=3)
    assert len(player(g, "P1")["hand"]) == 7
    pass_until(g, "precombat_main", turn=1)
    assert len(player(g, "P1")["hand"]) == 7
    assert player(g, "P1")["library_count"] == 60 - 7
    pass_until(g, "precombat_main", turn=2)
    assert len(player(g, "P1")["hand"]) == 8


def test_cr_103_8a_the_other_player_draws_on_their_first_turn():
    g = new_game(decks=[DECKS / "green_ramp.txt", DECKS / "red_burn.txt"], format="duel", seed=5)
    first = g.state_json()["active_player"]
    second = "P2" if first == "P1" else "P1"
    pass_until(g, "precombat_main", turn=1)
    assert len(player(g, first)["hand"]) == 7
    pass_until(g, "precombat_main", turn=2)
    assert g.state_json()["active_player"] == second
    assert len(player(g, second)["hand"]) == 8


def test_cr_502_3_permanent_that_does_not_untap_stays_tapped_over_the_untap_step():
    g = scenario("""
step: end
players:
  - library: [Forest]
    battlefield:
      - {card: Basalt Monolith, tapped: true}
      - {card: Forest, tapped: true}
      - {card: Llanowar Elves, tapped: true}
""")
    pass_until(g, "upkeep", turn=2)
    assert permanent(g, "Basalt Monolith")["tapped"] is True
    assert permanent(g, "Forest")["tapped"] is False
    assert permanent(g, "Llanowar Elves")["tapped"] is False


def test_cr_502_permanents_of_the_non_active_player_do_not_untap():
    g = scenario("""
format: duel
step: end
players:
  - library: [Forest]
  - library: [Forest]
    battlefield: [{card: Forest, tapped: true}]
""")
    pass_until(g, "upkeep", turn=2)
    assert g.state_json()["active_player"] == "P2"
    g = scenario("""
format: duel
step: end
players:
  - library: [Forest]
    battlefield: [{card: Forest, tapped: true}]
  - library: [Forest]
""")
    pass_until(g, "upkeep", turn=2)
    assert permanent(g, "Forest")["tapped"] is True


def test_cr_514_1_cleanup_discards_down_to_seven():
    g = scenario("""
step: end
players:
  - library: [Island]
    hand: [Forest, Forest, Forest, Mountain, Island, Island, Island, Swamp, Plains]
""")
    g.act("pass")
    assert g.state_json()["step"] == "cleanup"
    assert g.decision.kind == "choose" and g.decision.player == "P1"
    legal = labels(g)
    assert {"discard Mountain", "discard Swamp", "discard Plains"} <= set(legal)
    assert len(legal) == 9 and all(lab.startswith("discard ") for lab in legal)
    g.run_line(["discard Swamp", "discard Plains"])
    s = g.state_json()
    assert sorted(s["players"][0]["graveyard"]) == ["Plains", "Swamp"]
    assert s["turn"] == 2 and s["step"] == "upkeep"
    assert len(s["players"][0]["hand"]) == 7


def test_cr_514_1_only_the_active_player_discards_to_hand_size():
    g = scenario("""
format: duel
step: end
players:
  - library: [Island]
  - library: [Island]
    hand: [Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest]
""")
    g.run_line(["pass", "pass"])
    s = g.state_json()
    assert (s["turn"], s["step"], s["active_player"]) == (2, "upkeep", "P2")
    assert len(s["players"][1]["hand"]) == 9


def test_cr_514_1_no_discard_with_seven_cards():
    g = scenario("""
step: end
players:
  - library: [Island]
    hand: [Forest, Forest, Forest, Mountain, Island, Island, Island]
""")
    g.act("pass")
    assert g.decision.kind == "priority"
    assert g.state_json()["turn"] == 2


def test_cr_514_2_damage_wears_off_in_the_cleanup_step():
    g = scenario("""
players:
  - library: [Island, Island]
    battlefield: [Prodigal Pyromancer]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["activate Prodigal Pyromancer", "target Grizzly Bears", "pass"])
    assert permanent(g, "Grizzly Bears")["damage"] == 1
    pass_until(g, "precombat_main", turn=2)
    assert permanent(g, "Grizzly Bears")["damage"] == 0
    g.run_line(["activate Prodigal Pyromancer", "target Grizzly Bears", "pass"])
    # 1 damage this turn, not 2: the Bears survive.
    assert permanent(g, "Grizzly Bears")["damage"] == 1


def test_cr_514_2_until_end_of_turn_effects_end_in_the_cleanup_step():
    g = scenario("""
players:
  - library: [Island]
    mana_pool: "{G}"
    hand: [Giant Growth]
    battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Giant Growth", "target Grizzly Bears", "pass"])
    assert (permanent(g, "Grizzly Bears")["power"], permanent(g, "Grizzly Bears")["toughness"]) == (5, 5)
    pass_until(g, "end", turn=1)
    assert permanent(g, "Grizzly Bears")["power"] == 5
    pass_until(g, "upkeep", turn=2)
    assert (permanent(g, "Grizzly Bears")["power"], permanent(g, "Grizzly Bears")["toughness"]) == (2, 2)
