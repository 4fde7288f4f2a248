"""Rule tests: mana abilities and costs (CR 106, 107.3, 118, 601.2f-h, 602.2, 605).

One test per rule, each a scenario: a position, a line of written steps, what must hold.
"""

from __future__ import annotations

from tests.helpers import labels, permanent, permanents, player, scenario, stack

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
# CR 118.3, 602.2b: costs that can't be paid


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


def test_cr_119_4_a_player_may_pay_life_equal_to_their_life_total_and_then_loses():
    position = """
players:
  - life: {life}
    library: [Island, Island, Island, Island, Island, Island, Island]
    battlefield: [{{card: Griselbrand, summoning_sick: true}}]
"""
    g = scenario(position.format(life=6))
    assert labels(g) == ["pass"]
    g = scenario(position.format(life=7))
    g.act("activate Griselbrand: Pay 7 life")
    s = g.state_json()
    assert s["players"][0]["life"] == 0
    assert s["game_over"] is True and s["winner"] != "P1"  # CR 704.5a before the draw resolves
    assert s["players"][0]["hand"] == []


# ---------------------------------------------------------------------------------------------
# CR 701.21a, 602.2b: sacrifice as a cost


def test_cr_602_2b_sacrifice_a_creature_cost_asks_which_creature():
    g = scenario("""
players:
  - battlefield: [Ashnod's Altar, Grizzly Bears, {card: Llanowar Elves, summoning_sick: true}, Sol Ring]
  - battlefield: [Memnite]
""")
    g.act("activate Ashnod's Altar")
    assert g.decision.kind == "choose"
    # Only creatures its controller controls; a summoning-sick creature can be sacrificed.
    assert set(labels(g)) == {"sacrifice Grizzly Bears", "sacrifice Llanowar Elves"}
    g.act("sacrifice Llanowar Elves")
    s = g.state_json()
    assert s["players"][0]["mana_pool"] == "{C}{C}"
    assert s["players"][0]["graveyard"] == ["Llanowar Elves"]
    assert s["stack"] == []
    assert permanents(g, "Grizzly Bears")


def test_cr_602_2b_sacrifice_an_artifact_cost_offers_every_artifact_including_the_source():
    g = scenario("""
players:
  - battlefield: [Krark-Clan Ironworks, Sol Ring, Memnite, Grizzly Bears, Forest]
""")
    g.act("activate Krark-Clan Ironworks")
    assert set(labels(g)) == {"sacrifice Krark-Clan Ironworks", "sacrifice Sol Ring", "sacrifice Memnite"}
    g.act("sacrifice Memnite")
    assert player(g, "P1")["mana_pool"] == "{C}{C}"
    assert player(g, "P1")["graveyard"] == ["Memnite"]


def test_cr_602_2b_sacrifice_cost_with_no_candidate_is_not_offered():
    g = scenario("""
players:
  - battlefield: [Ashnod's Altar, Forest]
  - battlefield: [Grizzly Bears]
""")
    assert not any(lab.startswith("activate Ashnod's Altar") for lab in labels(g))


# ---------------------------------------------------------------------------------------------
# CR 602.2b, 118.3: counters as costs


def test_cr_602_2b_removing_a_counter_is_paid_on_activation():
    g = scenario("""
players:
  - battlefield: [{card: Walking Ballista, counters: {"+1/+1": 2}}]
""")
    g.run_line(["activate Walking Ballista: Remove a +1/+1 counter", "target P2"])
    assert permanent(g, "Walking Ballista")["counters"] == {"+1/+1": 1}
    assert len(stack(g)) == 1 and player(g, "P2")["life"] == 20
    g.act("pass")
    assert player(g, "P2")["life"] == 19


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


# ---------------------------------------------------------------------------------------------
# CR 107.3: X


def test_cr_107_3a_x_is_chosen_on_casting_and_the_creature_enters_with_x_counters():
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}"
    hand: [Walking Ballista]
""")
    g.act("cast Walking Ballista")
    assert g.decision.kind == "x"
    assert labels(g) == ["x 0", "x 1", "x 2"]
    g.act("x 2")
    s = g.state_json()
    assert s["players"][0]["mana_pool"] == "{C}"
    assert [i["source"] for i in s["stack"]] == ["Walking Ballista"]
    g.act("pass")
    ballista = permanent(g, "Walking Ballista")
    assert ballista["counters"] == {"+1/+1": 2}  # CR 107.3m
    assert (ballista["power"], ballista["toughness"]) == (2, 2)


def test_cr_107_3_x_action_carries_its_value():
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    hand: [Walking Ballista]
""")
    g.act("cast Walking Ballista")
    acts = g.legal_actions()
    assert [(a.kind, a.value) for a in acts] == [("x", 0), ("x", 1)]


# ---------------------------------------------------------------------------------------------
# CR 601.2h, 118.3a: paying mana


def test_cr_601_2h_generic_cost_payment_asks_which_mana_when_it_matters():
    g = scenario("""
players:
  - mana_pool: "{R}{G}{G}"
    hand: [Grizzly Bears]
""")
    g.act("cast Grizzly Bears")
    assert g.decision.kind == "choose"
    legal = labels(g)
    assert all(lab.startswith("pay") for lab in legal)
    assert set(legal) == {"pay {1} with {R}", "pay {1} with {G}"}
    g.act("pay {1} with {R}")
    assert player(g, "P1")["mana_pool"] == "{G}"
    assert [i["source"] for i in stack(g)] == ["Grizzly Bears"]


def test_cr_601_2h_payment_with_one_kind_of_mana_is_not_asked():
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}"
    hand: [Grizzly Bears]
""")
    g.act("cast Grizzly Bears")
    assert g.decision.kind == "priority"
    assert player(g, "P1")["mana_pool"] == "{G}"


def test_cr_601_2h_exact_payment_is_not_asked():
    g = scenario("""
players:
  - mana_pool: "{R}{G}"
    hand: [Grizzly Bears]
""")
    g.act("cast Grizzly Bears")
    assert g.decision.kind == "priority"
    assert player(g, "P1")["mana_pool"] == ""


def test_cr_601_2_spell_that_cannot_be_paid_for_is_not_offered():
    g = scenario("""
players:
  - mana_pool: "{R}{R}"
    hand: [Grizzly Bears, Counterspell]
""")
    assert labels(g) == ["pass"]


def test_cr_106_3_any_color_mana_ability_asks_for_the_color():
    g = scenario("""
players:
  - battlefield: [Birds of Paradise]
""")
    g.act("activate Birds of Paradise")
    assert g.decision.kind == "color"
    assert labels(g) == ["color W", "color U", "color B", "color R", "color G"]
    g.act("color B")
    assert player(g, "P1")["mana_pool"] == "{B}"


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
