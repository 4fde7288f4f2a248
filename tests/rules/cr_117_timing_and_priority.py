"""Rule tests: timing and priority (CR 117) and the stack (CR 405).

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.
"""

from __future__ import annotations

from tests.helpers import labels, player, scenario, stack

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
# CR 117.1a: timing


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
# CR 117.1d, 608.2d: mana abilities while a cost is paid on resolution


def test_cr_117_1d_a_cost_paid_on_resolution_lets_the_player_choose_which_mana_pays() -> None:
    """Rings of Brighthearth's "you may pay {2}" is paid while its ability resolves (CR 117.1d,
    608.2d): with {U}{R}{G} in the pool the player chooses which mana pays each {1}."""
    from mtg_env import load_scenario
    g = load_scenario("""
players:
  - battlefield: [Basalt Monolith, Rings of Brighthearth, Forest, Island, Mountain]
""")
    g.run_line(["activate Basalt Monolith: {T}", "activate Basalt Monolith: {3}", "activate Forest",
                "activate Island", "activate Mountain", "pass", "yes"])
    assert [a.label for a in g.legal_actions()] == ["pay {1} with {U}", "pay {1} with {R}", "pay {1} with {G}"]
    g.run_line(["pay {1} with {G}", "pay {1} with {U}"])
    assert g.state_json()["players"][0]["mana_pool"] == "{R}"
    assert [s["copy"] for s in g.state_json()["stack"]] == [False, True]


def test_a_cost_paid_on_resolution_asks_nothing_when_one_type_can_pay() -> None:
    from mtg_env import load_scenario
    g = load_scenario("""
players:
  - battlefield: [Basalt Monolith, Rings of Brighthearth, Sol Ring]
""")
    g.run_line(["activate Basalt Monolith: {T}", "activate Basalt Monolith: {3}", "activate Sol Ring", "pass", "yes"])
    assert g.decision is not None and g.decision.kind == "priority"
    assert g.state_json()["players"][0]["mana_pool"] == ""
