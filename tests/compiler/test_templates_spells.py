"""The templates of the "spells" family (session 5), each through real cards compiled from their
Oracle text: the Oracle line and the rule it follows in each docstring."""

from __future__ import annotations

from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario, stack
from tests.helpers import unsupported as _unsupported

# --------------------------------------------------------------------------------------------
# extra turns (CR 500.7)


def test_cr_500_7_take_an_extra_turn_after_this_one_time_walk():
    """Time Walk: "Take an extra turn after this one." P1's turn 1 is followed by P1's extra
    turn 2, then P2's turn 3 (the turn order goes on from P1)."""
    _compiled("Time Walk")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{U}"
    hand: [Time Walk]
    library: [Island, Island, Island]
  - library: [Island, Island, Island]
""")
    g.run_line(["cast Time Walk", "pass", "pass"])
    assert player(g, "P1")["graveyard"] == ["Time Walk"]
    pass_until(g, "upkeep", turn=2)
    assert g.state_json()["active_player"] == "P1"
    pass_until(g, "upkeep", turn=3)
    assert g.state_json()["active_player"] == "P2"


def test_cr_500_7_two_extra_turns_are_both_taken_time_walk():
    """Two Time Walks in one turn: two extra turns, one after the other (turns 2 and 3), then
    the opponent's turn 4."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{U}{U}{U}{U}"
    hand: [Time Walk, Time Walk]
    library: [Island, Island, Island, Island]
  - library: [Island, Island, Island]
""")
    g.run_line(["cast Time Walk", "pass", "pass", "cast Time Walk", "pass", "pass"])
    for turn, who in ((2, "P1"), (3, "P1"), (4, "P2")):
        pass_until(g, "upkeep", turn=turn)
        assert g.state_json()["active_player"] == who, turn


def test_cr_500_7_extra_turn_taken_during_an_opponents_turn_magistrates_scepter():
    """Magistrate's Scepter: "{T}, Remove three charge counters from ~: Take an extra turn
    after this one." Activated in P2's turn 1: P1's extra turn 2 comes next, then the turn
    order goes on from P2: P1's own turn 3, then P2's turn 4."""
    _compiled("Magistrate's Scepter")
    g = scenario("""
format: duel
active_player: P2
players:
  - battlefield: [{card: Magistrate's Scepter, counters: {charge: 3}}]
    library: [Island, Island, Island, Island]
  - library: [Island, Island, Island, Island]
""")
    g.act("pass")
    g.act(next(a for a in labels(g) if a.startswith("activate Magistrate's Scepter: {T}, Remove")))
    g.run_line(["pass", "pass"])
    assert permanent(g, "Magistrate's Scepter")["counters"] == {}
    for turn, who in ((2, "P1"), (3, "P1"), (4, "P2")):
        pass_until(g, "upkeep", turn=turn)
        assert g.state_json()["active_player"] == who, turn


def test_cr_500_7_target_player_takes_an_extra_turn_time_warp():
    """Time Warp: "Target player takes an extra turn after this one." Targeting the opponent:
    P2 takes turn 2 and their own turn 3 (the order goes on from P1, after whose turn it was
    added: P2 is next anyway), then P1's turn 4."""
    _compiled("Time Warp")
    g = scenario("""
format: duel
players:
  - mana_pool: "{U}{U}{U}{U}{U}"
    hand: [Time Warp]
    library: [Island, Island, Island, Island]
  - library: [Island, Island, Island, Island]
""")
    g.run_line(["cast Time Warp", "target P2", "pass", "pass"])
    for turn, who in ((2, "P2"), (3, "P2"), (4, "P1")):
        pass_until(g, "upkeep", turn=turn)
        assert g.state_json()["active_player"] == who, turn


# --------------------------------------------------------------------------------------------
# additional land plays (CR 305.2)


def test_cr_305_2_play_an_additional_land_this_turn_explore():
    """Explore: "You may play an additional land this turn. Draw a card." After playing one
    land, a second land may be played this turn; not a third, and not on the next turn."""
    _compiled("Explore")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{G}"
    hand: [Explore, Forest, Forest, Forest]
    library: [Island, Island, Island]
  - library: [Island, Island, Island]
""")
    g.act("play Forest")
    assert "play Forest" not in labels(g)
    g.run_line(["cast Explore", "pass", "pass"])
    assert len(player(g, "P1")["hand"]) == 3  # two Forests and the card drawn
    g.act("play Forest")
    assert "play Forest" not in labels(g)
    pass_until(g, "precombat_main", turn=3)
    g.act("play Forest")
    assert "play Forest" not in labels(g)


def test_cr_305_2_play_additional_lands_on_each_of_your_turns_azusa():
    """Azusa, Lost but Seeking: "You may play two additional lands on each of your turns."
    Three lands on her controller's turn; none on the opponent's turn (CR 305.1)."""
    _compiled("Azusa, Lost but Seeking")
    _compiled("Exploration")
    g = scenario("""
format: duel
players:
  - hand: [Forest, Forest, Forest, Forest]
    battlefield: ["Azusa, Lost but Seeking"]
    library: [Island, Island]
  - library: [Island, Island]
""")
    for _ in range(3):
        g.act("play Forest")
    assert "play Forest" not in labels(g)
    assert len(permanents(g, "Forest")) == 3


# --------------------------------------------------------------------------------------------
# copies of spells (CR 707.10)


def test_cr_707_10_copy_target_instant_or_sorcery_spell_you_control_nivix_guildmage():
    """Nivix Guildmage: "{2}{U}{R}: Copy target instant or sorcery spell you control. You may
    choose new targets for the copy." The copy of Lightning Bolt, with a new target, deals its
    3 damage to the other player's creature; the original still hits its own target."""
    _compiled("Nivix Guildmage")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}{U}{R}"
    hand: [Lightning Bolt]
    battlefield: [Nivix Guildmage]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Lightning Bolt", "target P2"])
    acts = [a for a in labels(g) if a.startswith("activate Nivix Guildmage: {2}{U}{R}")]
    assert acts
    g.act(acts[0])
    g.act("target Lightning Bolt")
    g.act("pass")  # the copy ability resolves
    assert g.decision.kind == "yes_no"
    g.act("yes")
    g.act("target Grizzly Bears")
    g.run_line(["pass", "pass"])
    assert permanents(g, "Grizzly Bears") == []
    assert player(g, "P2")["life"] == 17


def test_cr_707_10c_copy_keeps_its_targets_without_new_targets_twincast():
    """Twincast: "Copy target instant or sorcery spell. You may choose new targets for the
    copy." Keeping the target, the copy and the original both hit P2 (3 + 3)."""
    _compiled("Twincast")
    g = scenario("""
players:
  - mana_pool: "{R}{U}{U}"
    hand: [Lightning Bolt, Twincast]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Lightning Bolt", "target P2", "cast Twincast", "target Lightning Bolt", "pass", "no"])
    g.run_line(["pass", "pass"])
    assert player(g, "P2")["life"] == 14
    assert permanent(g, "Grizzly Bears")


def test_cr_707_10f_copy_of_a_permanent_spell_is_declined():
    """"Copy target spell" may copy a permanent spell (its copy becomes a token, CR 707.10f):
    Twincast's template reads only instant or sorcery spells (Fork's "except" clause is also
    declined)."""
    _unsupported("Fork", "except that the copy is red")


# --------------------------------------------------------------------------------------------
# countering abilities (CR 701.6b)


def test_cr_701_6b_counter_target_activated_ability_azorius_guildmage():
    """Azorius Guildmage: "{2}{U}: Counter target activated ability." Prodigal Sorcerer's
    ping is countered: P1 takes no damage, and the ability's cost stays paid (tapped)."""
    _compiled("Azorius Guildmage")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{U}"
    battlefield: [Azorius Guildmage]
  - battlefield: [Prodigal Sorcerer]
""")
    g.act("pass")
    g.act(next(a for a in labels(g) if a.startswith("activate Prodigal Sorcerer")))
    g.act("target P1")
    g.act("pass")
    g.act(next(a for a in labels(g) if a.startswith("activate Azorius Guildmage: {2}{U}")))
    g.act(next(a for a in labels(g) if a.startswith("target ")))
    g.run_line(["pass", "pass"])
    assert stack(g) == []
    assert player(g, "P1")["life"] == 20
    assert permanent(g, "Prodigal Sorcerer")["tapped"]


def test_cr_605_3a_counter_target_ability_cant_target_a_spell_stifle():
    """Stifle: "Counter target activated or triggered ability." A spell is no legal target:
    with only Lightning Bolt on the stack, Stifle can't be cast."""
    _compiled("Stifle")
    g = scenario("""
players:
  - mana_pool: "{R}{U}"
    hand: [Lightning Bolt, Stifle]
  - {}
""")
    g.run_line(["cast Lightning Bolt", "target P2"])
    assert "cast Stifle" not in labels(g)


# --------------------------------------------------------------------------------------------
# addendum (CR 207.2c)


def test_cr_207_2c_addendum_deals_more_damage_instead_in_main_phase_summary_judgment():
    """Summary Judgment: "~ deals 3 damage to target tapped creature. Addendum — If you cast
    this spell during your main phase, it deals 5 damage instead." Cast in the main phase: 5
    damage kills a 4/4."""
    _compiled("Summary Judgment")
    g = scenario("""
players:
  - mana_pool: "{C}{W}"
    hand: [Summary Judgment]
  - battlefield: [{card: Serra Angel, tapped: true}]
""")
    g.run_line(["cast Summary Judgment", "target Serra Angel", "pass"])
    assert permanents(g, "Serra Angel") == []


def test_cr_207_2c_addendum_deals_the_first_amount_outside_main_phase_summary_judgment():
    """Summary Judgment cast in the upkeep: 3 damage, the 4/4 survives."""
    g = scenario("""
step: upkeep
players:
  - mana_pool: "{C}{W}"
    hand: [Summary Judgment]
  - battlefield: [{card: Serra Angel, tapped: true}]
""")
    g.run_line(["cast Summary Judgment", "target Serra Angel", "pass"])
    assert permanent(g, "Serra Angel")["damage"] == 3


def test_cr_207_2c_addendum_those_creatures_unbreakable_formation():
    """Unbreakable Formation: "Creatures you control gain indestructible until end of turn.
    Addendum — If you cast this spell during your main phase, put a +1/+1 counter on each of
    those creatures and they gain vigilance until end of turn." """
    _compiled("Unbreakable Formation")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{W}"
    hand: [Unbreakable Formation]
    battlefield: [Grizzly Bears, Llanowar Elves]
  - battlefield: [Savannah Lions]
""")
    g.run_line(["cast Unbreakable Formation", "pass"])
    for name in ("Grizzly Bears", "Llanowar Elves"):
        p = permanent(g, name)
        assert p["counters"] == {"+1/+1": 1}
        assert {"vigilance", "indestructible"} <= set(g.chars(p["id"]).keywords)
    assert permanent(g, "Savannah Lions")["counters"] == {}


# --------------------------------------------------------------------------------------------
# "for each" and "where X is the number of" (CR 608.2h, 107.3a)


def test_cr_608_2h_draw_a_card_for_each_creature_with_a_counter_armorcraft_judge():
    """Armorcraft Judge: "When ~ enters, draw a card for each creature you control with a
    +1/+1 counter on it." Two such creatures (one with two counters): two cards; the
    opponent's creature with a counter and one of yours without don't count."""
    _compiled("Armorcraft Judge")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{G}"
    hand: [Armorcraft Judge]
    library: [Island, Island, Island, Island]
    battlefield:
      - {card: Grizzly Bears, counters: {"+1/+1": 2}}
      - {card: Llanowar Elves, counters: {"+1/+1": 1}}
      - Savannah Lions
  - battlefield: [{card: Grizzly Bears, counters: {"+1/+1": 1}}]
""")
    g.run_line(["cast Armorcraft Judge", "pass", "pass"])
    assert len(player(g, "P1")["hand"]) == 2


def test_cr_608_2h_gain_life_for_each_creature_after_the_tokens_deploy():
    """Deploy: "Create two 1/1 colorless Thopter artifact creature tokens with flying, then you
    gain 1 life for each creature you control." The two new Thopters count: 1 + 2 = 3."""
    _compiled("Depose // Deploy")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{W}{U}"
    hand: [Depose // Deploy]
    battlefield: [Grizzly Bears]
  - {}
""")
    g.run_line(["cast Deploy", "pass"])
    assert len(permanents(g, "Thopter Token")) == 2 or len(permanents(g, "Thopter")) == 2
    assert player(g, "P1")["life"] == 23


def test_cr_107_3a_where_x_is_the_number_of_creature_cards_in_target_players_graveyard_corpse_augur():
    """Corpse Augur: "When ~ dies, you draw X cards and you lose X life, where X is the number
    of creature cards in target player's graveyard." Targeting P2 (two creature cards and a
    land in their graveyard): P1 draws two cards and loses 2 life."""
    _compiled("Corpse Augur")
    g = scenario("""
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
    battlefield: [Corpse Augur]
    library: [Island, Island, Island]
  - graveyard: [Grizzly Bears, Savannah Lions, Forest]
""")
    g.run_line(["cast Lightning Bolt", "target Corpse Augur", "pass"])
    g.act("target P2")
    g.act("pass")
    assert player(g, "P1")["life"] == 18
    assert len(player(g, "P1")["hand"]) == 2


def test_cr_608_2h_where_x_is_counted_once_harsh_sustenance():
    """Harsh Sustenance: "~ deals X damage to any target and you gain X life, where X is the
    number of creatures you control." X is worked out once: with two creatures, 2 damage to
    P2 and 2 life for P1."""
    _compiled("Harsh Sustenance")
    g = scenario("""
players:
  - mana_pool: "{C}{W}{B}"
    hand: [Harsh Sustenance]
    battlefield: [Grizzly Bears, Savannah Lions]
  - {}
""")
    g.run_line(["cast Harsh Sustenance", "target P2", "pass"])
    assert player(g, "P2")["life"] == 18
    assert player(g, "P1")["life"] == 22


def test_cr_107_3_where_x_beside_an_announced_x_is_declined():
    """"where X is" on a card whose cost has {X} (its X is the announced one) is not read;
    the same text without {X} is."""
    from mtg_env.cards.compiler import compile_card
    from mtg_env.cards.database import OracleCard, OracleFace
    text = "Draw X cards, where X is the number of creatures you control."
    for cost, ok in (("{X}{U}", False), ("{2}{U}", True)):
        face = OracleFace("Test Where X", cost, "Sorcery", text)
        got = compile_card(OracleCard(face.name, "normal", face, (face,), ("U",), 1.0))
        assert got.supported is ok, (cost, got.reasons)
    # an X/X token would still read the announced X for its power and toughness: declined
    text = "Create X X/X green Ooze creature tokens, where X is the number of creatures you control."
    face = OracleFace("Test Where X", "{2}{G}", "Sorcery", text)
    assert not compile_card(OracleCard(face.name, "normal", face, (face,), ("G",), 3.0)).supported


# --------------------------------------------------------------------------------------------
# "Each creature deals 1 damage to its controller" (CR 120.3)


def test_cr_120_3_each_creature_deals_damage_to_its_controller_rakdos_charm():
    """Rakdos Charm: "Each creature deals 1 damage to its controller." Each player is dealt 1
    damage by each creature they control; a creature with lifelink gains its controller the
    life back (it is the source, CR 702.15b)."""
    _compiled("Rakdos Charm")
    g = scenario("""
players:
  - mana_pool: "{B}{R}"
    hand: [Rakdos Charm]
    battlefield: [Grizzly Bears, Vampire Nighthawk]
  - battlefield: [Grizzly Bears, Savannah Lions, Llanowar Elves]
""")
    g.act("cast Rakdos Charm")
    g.act(next(a for a in labels(g) if "Each creature deals 1 damage" in a))
    g.act("pass")
    assert player(g, "P2")["life"] == 17
    assert player(g, "P1")["life"] == 19


# --------------------------------------------------------------------------------------------
# noun phrases: "without flying", "with a +1/+1 counter on it", "with no counters on them"


def test_cr_702_9_damage_to_each_creature_without_flying_tremor():
    """Tremor: "~ deals 1 damage to each creature without flying." Llanowar Elves dies; the
    flying Vampire Nighthawk is not dealt damage."""
    _compiled("Tremor")
    g = scenario("""
players:
  - mana_pool: "{R}"
    hand: [Tremor]
    battlefield: [Vampire Nighthawk, Llanowar Elves]
  - {}
""")
    g.run_line(["cast Tremor", "pass"])
    assert permanents(g, "Llanowar Elves") == []
    assert permanent(g, "Vampire Nighthawk")["damage"] == 0


def test_cr_122_1_creatures_with_no_counters_on_them_hazardous_conditions():
    """Hazardous Conditions: "Creatures with no counters on them get -2/-2 until end of turn."
    A creature with any counter (here a -1/-1 counter on a 3/3) is not affected."""
    _compiled("Hazardous Conditions")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{B}{G}"
    hand: [Hazardous Conditions]
    battlefield: [Grizzly Bears, {card: Hill Giant, counters: {"-1/-1": 1}}]
  - {}
""")
    g.run_line(["cast Hazardous Conditions", "pass"])
    assert permanents(g, "Grizzly Bears") == []
    assert permanent(g, "Hill Giant")["power"] == 2


# --------------------------------------------------------------------------------------------
# "can't cast spells this turn" (CR 101.2)


def test_cr_101_2_its_controller_cant_cast_spells_this_turn_render_silent():
    """Render Silent: "Counter target spell. Its controller can't cast spells this turn." P2's
    Lightning Bolt is countered, and P2 can't cast their second Bolt this turn; next turn
    they can."""
    _compiled("Render Silent")
    g = scenario("""
format: duel
active_player: P2
players:
  - mana_pool: "{W}{U}{U}"
    hand: [Render Silent]
  - mana_pool: "{R}{R}"
    hand: [Lightning Bolt, Lightning Bolt]
""")
    g.run_line(["cast Lightning Bolt", "target P1", "pass", "cast Render Silent", "target Lightning Bolt",
                "pass", "pass"])
    assert player(g, "P1")["life"] == 20
    assert player(g, "P2")["graveyard"] == ["Lightning Bolt"]
    assert "cast Lightning Bolt" not in labels(g)


def test_cr_101_2_a_spell_that_cant_be_countered_still_silences_render_silent():
    """Render Silent on a spell that can't be countered (Abrupt Decay): it resolves, but its
    controller can't cast spells for the rest of the turn (the card's ruling)."""
    g = scenario("""
format: duel
active_player: P2
players:
  - mana_pool: "{W}{U}{U}"
    hand: [Render Silent]
    battlefield: [Wall of Omens]
  - mana_pool: "{B}{G}{R}"
    hand: [Abrupt Decay, Lightning Bolt]
""")
    g.run_line(["cast Abrupt Decay", "target Wall of Omens", "pass", "cast Render Silent", "target Abrupt Decay",
                "pass", "pass"])
    assert "cast Lightning Bolt" not in labels(g)
    g.run_line(["pass", "pass"])
    assert permanents(g, "Wall of Omens") == []


def test_cr_101_2_your_opponents_cant_cast_spells_this_turn_silence():
    """Silence: "Your opponents can't cast spells this turn." The opponent can't respond with
    an instant afterwards (they may still in response to Silence itself)."""
    _compiled("Silence")
    g = scenario("""
format: duel
players:
  - mana_pool: "{W}"
    hand: [Silence]
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
""")
    g.run_line(["cast Silence", "pass"])
    assert "cast Lightning Bolt" in labels(g)  # in response
    g.act("pass")
    g.act("pass")
    assert "cast Lightning Bolt" not in labels(g)


# --------------------------------------------------------------------------------------------
# power and toughness until end of turn (CR 613.4b, 613.4d)


def test_cr_613_4d_switch_power_and_toughness_after_counters_windreaver():
    """Windreaver: "{U}: Switch ~'s power and toughness until end of turn." A 1/3 with a
    +1/+1 counter is 2/4; switched, 4/2 (the counter applies before the switch, CR 613.4c-d);
    then {W}: +0/+1, activated after the switch, still applies before it (the card's ruling:
    switches apply after all other effects): 2/5 switched, 5/2; switched again, 2/5."""
    _compiled("Windreaver")
    g = scenario("""
players:
  - mana_pool: "{U}{U}{W}"
    battlefield: [{card: Windreaver, counters: {"+1/+1": 1}}]
  - {}
""")
    switch = next(a for a in labels(g) if a.startswith("activate Windreaver: {U}: Switch"))
    g.run_line([switch, "pass"])
    w = permanent(g, "Windreaver")
    assert (w["power"], w["toughness"]) == (4, 2)
    g.run_line([next(a for a in labels(g) if a.startswith("activate Windreaver: {W}: Windreaver gets")), "pass"])
    w = permanent(g, "Windreaver")
    assert (w["power"], w["toughness"]) == (5, 2)
    g.run_line([switch, "pass"])
    w = permanent(g, "Windreaver")
    assert (w["power"], w["toughness"]) == (2, 5)


def test_cr_613_4b_base_power_and_toughness_until_end_of_turn_serendib_sorcerer():
    """Serendib Sorcerer: "{T}: Target creature other than ~ has base power and toughness 0/2
    until end of turn." A Hill Giant with a +1/+1 counter becomes 1/3 (the counter still
    applies, CR 613.4c); the Sorcerer can't target itself; back to 4/4 at end of turn."""
    _compiled("Serendib Sorcerer")
    g = scenario("""
players:
  - battlefield: [Serendib Sorcerer]
  - battlefield: [{card: Hill Giant, counters: {"+1/+1": 1}}]
""")
    g.act(next(a for a in labels(g) if a.startswith("activate Serendib Sorcerer")))
    assert "target Serendib Sorcerer" not in labels(g)
    g.run_line(["target Hill Giant", "pass"])
    h = permanent(g, "Hill Giant")
    assert (h["power"], h["toughness"]) == (1, 3)
    pass_until(g, "upkeep", turn=2)
    h = permanent(g, "Hill Giant")
    assert (h["power"], h["toughness"]) == (4, 4)


# --------------------------------------------------------------------------------------------
# casting: flash for more (CR 702.8a, 601.2f), cost reductions (CR 601.2f), equip costs


def test_cr_601_2f_cast_as_though_it_had_flash_for_2_more_harbinger_of_the_tides():
    """Harbinger of the Tides: "You may cast ~ as though it had flash if you pay {2} more to
    cast it." In the opponent's turn it may be cast only for {2}{U}{U}: with {U}{U} it can't;
    with four mana it can, and all four are spent."""
    _compiled("Harbinger of the Tides")
    g = scenario("""
format: duel
active_player: P2
players:
  - mana_pool: "{U}{U}"
    hand: [Harbinger of the Tides]
  - {}
""")
    g.act("pass")
    assert not any(a.startswith("cast Harbinger") for a in labels(g))
    g = scenario("""
format: duel
active_player: P2
players:
  - mana_pool: "{U}{U}{U}{U}"
    hand: [Harbinger of the Tides]
  - {}
""")
    g.act("pass")
    assert "cast Harbinger of the Tides" not in labels(g)
    g.act("cast Harbinger of the Tides with flash {2}{U}{U}")
    assert player(g, "P1")["mana_pool"] == ""
    assert stack(g)


def _idol_game(lands: int):
    g = scenario(f"""
format: duel
active_player: P2
mana_payment: auto
players:
  - hand: [Ancient Stone Idol]
    battlefield: [{", ".join(["Wastes"] * lands)}]
  - battlefield: [Grizzly Bears, Savannah Lions]
""")
    g.run_line(["pass", "pass", "pass", "pass", "attack P1 with Grizzly Bears", "attack P1 with Savannah Lions",
                "pass"])
    assert g.decision.player == "P1" and g.state_json()["step"] == "declare_attackers"
    return g


def test_cr_601_2f_costs_1_less_for_each_attacking_creature_ancient_stone_idol():
    """Ancient Stone Idol: "Flash. This spell costs {1} less to cast for each attacking
    creature." (any player's: the card's ruling). With two of the opponent's creatures
    attacking it costs {8}: castable with eight lands, not with seven."""
    _compiled("Ancient Stone Idol")
    g = _idol_game(8)
    g.act("cast Ancient Stone Idol")
    assert all(e["tapped"] for e in player(g, "P1")["battlefield"] if e["card"] == "Wastes")
    g = _idol_game(7)
    assert "cast Ancient Stone Idol" not in labels(g)


def test_cr_601_2f_costs_x_less_total_mana_value_metalwork_colossus():
    """Metalwork Colossus: "This spell costs {X} less to cast, where X is the total mana value
    of noncreature artifacts you control." Sol Ring (1) and Mind Stone (2) make it {8}; the
    opponent's Worn Powerstone doesn't count."""
    _compiled("Metalwork Colossus")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}{C}{C}{C}"
    hand: [Metalwork Colossus]
    battlefield: [Sol Ring, Mind Stone]
  - battlefield: [Worn Powerstone]
""")
    g.act("cast Metalwork Colossus")
    assert player(g, "P1")["mana_pool"] == ""
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}{C}{C}"
    hand: [Metalwork Colossus]
    battlefield: [Sol Ring, Mind Stone]
  - battlefield: [Worn Powerstone]
""")
    assert "cast Metalwork Colossus" not in labels(g)


def test_cr_702_6a_equip_discard_a_card_murderers_axe():
    """Murderer's Axe: "Equipped creature gets +2/+2. Equip—Discard a card." Equipping costs
    a card from the hand (no mana); with an empty hand it can't be activated."""
    _compiled("Murderer's Axe")
    g = scenario("""
players:
  - hand: [Island]
    battlefield: [Murderer's Axe, Grizzly Bears]
  - {}
""")
    g.act(next(a for a in labels(g) if a.startswith("activate Murderer's Axe")))
    g.act("target Grizzly Bears")
    if g.decision.kind == "choose":
        g.act("discard Island")
    g.act("pass")
    assert player(g, "P1")["hand"] == [] and player(g, "P1")["graveyard"] == ["Island"]
    bears = permanent(g, "Grizzly Bears")
    assert (bears["power"], bears["toughness"]) == (4, 4)
    assert not any(a.startswith("activate Murderer's Axe") for a in labels(g))


# --------------------------------------------------------------------------------------------
# "unless {U} was spent to cast it" (CR 601.2h)


def test_cr_601_2h_sacrifice_it_unless_u_was_spent_to_cast_it_azorius_herald():
    """Azorius Herald: "When ~ enters, you gain 4 life. When ~ enters, sacrifice it unless
    {U} was spent to cast it." Cast with {U} paying part of the generic cost, it stays; cast
    with {C}{C}{W}, it is sacrificed (the 4 life are gained either way)."""
    _compiled("Azorius Herald")
    for pool, stays in (("{U}{C}{W}", True), ("{C}{C}{W}", False)):
        g = scenario(f"""
players:
  - mana_pool: "{pool}"
    hand: [Azorius Herald]
  - {{}}
""")
        g.act("cast Azorius Herald")
        while g.decision.kind == "choose":  # which mana pays the generic part: {U} first
            g.act(next((a for a in labels(g) if "{U}" in a), labels(g)[0]))
        g.act("pass")  # the Herald resolves
        for _ in range(8):
            if g.decision.kind == "priority" and not stack(g):
                break
            g.act(labels(g)[0] if g.decision.kind != "priority" else "pass")
        assert bool(permanents(g, "Azorius Herald")) is stays, pool
        assert player(g, "P1")["life"] == 24


def test_cr_601_2h_a_copy_of_the_permanent_spell_was_not_cast_court_hussar():
    """Court Hussar: "... sacrifice it unless {W} was spent to cast it." Cast with {W}{C}{U}:
    it stays (and its look-at-three trigger resolves)."""
    _compiled("Court Hussar")
    g = scenario("""
players:
  - mana_pool: "{W}{C}{U}"
    hand: [Court Hussar]
    library: [Island, Forest, Plains]
  - {}
""")
    g.act("cast Court Hussar")
    while g.decision.kind == "choose":
        g.act(next((a for a in labels(g) if "{W}" in a), labels(g)[0]))
    g.act("pass")
    for _ in range(6):
        if g.decision.kind == "priority" and not stack(g):
            break
        g.act(labels(g)[0] if g.decision.kind != "priority" else "pass")
    assert permanent(g, "Court Hussar")


# --------------------------------------------------------------------------------------------
# "can't block this turn" for a group (CR 611.2c), sacrifice all (CR 701.21a), "destroyed
# this way"


def test_cr_611_2c_creatures_without_flying_cant_block_this_turn_magmatic_chasm():
    """Magmatic Chasm: "Creatures without flying can't block this turn." The set is updated
    as the turn goes on (the card's ruling): a creature without flying that enters after it
    resolves can't block either; a flier can."""
    _compiled("Magmatic Chasm")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{R}"
    hand: [Magmatic Chasm]
    battlefield: [Hill Giant]
  - mana_pool: "{C}{G}"
    hand: [Ambush Viper]
    battlefield: [Savannah Lions, Vampire Nighthawk]
""")
    g.run_line(["cast Magmatic Chasm", "pass", "pass"])
    g.run_line(["pass", "cast Ambush Viper", "pass", "pass"])  # P2 flashes a creature in afterwards
    assert permanent(g, "Ambush Viper")
    g.run_line(["pass", "pass", "pass", "pass", "attack P2 with Hill Giant"])
    if g.decision.kind == "attack":
        g.act(next(a for a in labels(g) if a.startswith("done")))
    g.run_line(["pass", "pass"])
    assert g.decision.kind == "block"
    blocks = labels(g)
    assert any("Vampire Nighthawk" in a for a in blocks)
    assert not any("Savannah Lions" in a or "Ambush Viper" in a for a in blocks)


def test_cr_701_21a_each_player_sacrifices_all_colored_permanents_all_is_dust():
    """All Is Dust: "Each player sacrifices all permanents they control that are one or more
    colors." Colored creatures go (an indestructible one too: sacrificed, not destroyed);
    colorless artifacts and lands stay."""
    _compiled("All Is Dust")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}{C}{C}"
    hand: [All Is Dust]
    battlefield: [Grizzly Bears, Sol Ring, Forest]
  - battlefield: [Darksteel Myr, Savannah Lions, Plains]
""")
    g.run_line(["cast All Is Dust", "pass"])
    assert permanents(g, "Grizzly Bears") == [] and permanents(g, "Savannah Lions") == []
    assert permanent(g, "Sol Ring") and permanent(g, "Darksteel Myr") and permanent(g, "Forest")
    assert player(g, "P2")["graveyard"] == ["Savannah Lions"]


def test_cr_701_8_draw_for_each_creature_destroyed_this_way_decree_of_pain():
    """Decree of Pain: "Destroy all creatures. They can't be regenerated. Draw a card for each
    creature destroyed this way." Three creatures, one indestructible (Darksteel Myr: not
    destroyed): two cards."""
    _compiled("Decree of Pain")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}{C}{B}{B}"
    hand: [Decree of Pain]
    library: [Island, Island, Island, Island]
    battlefield: [Grizzly Bears]
  - battlefield: [Darksteel Myr, Savannah Lions]
""")
    g.run_line(["cast Decree of Pain", "pass"])
    assert len(player(g, "P1")["hand"]) == 2
    assert permanent(g, "Darksteel Myr")


# --------------------------------------------------------------------------------------------
# "If that spell is countered this way, ... instead" (CR 701.6a, 614.1a)


def test_cr_701_6a_countered_spell_exiled_instead_dissipate():
    """Dissipate: "Counter target spell. If that spell is countered this way, exile it instead
    of putting it into its owner's graveyard." """
    _compiled("Dissipate")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{U}{U}"
    hand: [Lightning Bolt, Dissipate]
  - {}
""")
    g.run_line(["cast Lightning Bolt", "target P2", "cast Dissipate", "target Lightning Bolt", "pass"])
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Lightning Bolt"]
    assert player(g, "P1")["graveyard"] == ["Dissipate"]
    assert player(g, "P2")["life"] == 20


def test_cr_701_6a_countered_spell_on_top_of_library_memory_lapse():
    """Memory Lapse: "... put it on top of its owner's library instead of into that player's
    graveyard." """
    _compiled("Memory Lapse")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{U}"
    hand: [Lightning Bolt, Memory Lapse]
    library: [Island]
  - {}
""")
    g.run_line(["cast Lightning Bolt", "target P2", "cast Memory Lapse", "target Lightning Bolt", "pass"])
    assert player(g, "P1")["library_count"] == 2
    assert player(g, "P1")["graveyard"] == ["Memory Lapse"]
    pass_until(g, "precombat_main", turn=3)
    assert "Lightning Bolt" in player(g, "P1")["hand"]


# --------------------------------------------------------------------------------------------
# strive (CR 207.2c, 601.2f) and "any number of target creatures" (CR 601.2c)


def test_cr_601_2f_strive_costs_more_for_each_target_beyond_the_first_aerial_formation():
    """Aerial Formation: "Strive — This spell costs {2}{U} more to cast for each target beyond
    the first. Any number of target creatures each get +1/+1 and gain flying until end of
    turn." With {U} and {2}{U} in the pool: a second target is offered, not a third; both
    targets get +1/+1 and flying and all the mana is spent."""
    _compiled("Aerial Formation")
    g = scenario("""
players:
  - mana_pool: "{U}{C}{C}{U}"
    hand: [Aerial Formation]
    battlefield: [Grizzly Bears, Llanowar Elves, Savannah Lions]
  - {}
""")
    g.act("cast Aerial Formation")
    g.act("target Grizzly Bears")
    g.act("target Llanowar Elves")
    assert not any(a.startswith("target ") for a in labels(g))
    g.act("done choosing targets")
    g.act("pass")
    assert player(g, "P1")["mana_pool"] == ""
    for name in ("Grizzly Bears", "Llanowar Elves"):
        p = permanent(g, name)
        assert "flying" in g.chars(p["id"]).keywords and p["power"] == 3 - (name == "Llanowar Elves")
    assert "flying" not in g.chars(permanent(g, "Savannah Lions")["id"]).keywords


def test_cr_601_2c_strive_with_one_target_costs_the_mana_cost_aerial_formation():
    """One target: no increase ({U} only)."""
    g = scenario("""
players:
  - mana_pool: "{U}"
    hand: [Aerial Formation]
    battlefield: [Grizzly Bears, Savannah Lions]
  - {}
""")
    g.act("cast Aerial Formation")
    g.act("target Grizzly Bears")
    assert not any(a.startswith("target ") for a in labels(g))
    g.act("done choosing targets")
    g.act("pass")
    assert permanent(g, "Grizzly Bears")["power"] == 3


def test_cr_601_2c_strive_put_a_counter_on_each_of_them_natures_panoply():
    """Nature's Panoply: "Choose any number of target creatures. Put a +1/+1 counter on each of
    them." Two targets for {G} and {2}{G}."""
    _compiled("Nature's Panoply")
    g = scenario("""
players:
  - mana_pool: "{G}{C}{C}{G}"
    hand: [Nature's Panoply]
    battlefield: [Grizzly Bears]
  - battlefield: [Savannah Lions]
""")
    g.run_line(["cast Nature's Panoply", "target Grizzly Bears", "target Savannah Lions", "done choosing targets",
                "pass"])
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 1}
    assert permanent(g, "Savannah Lions")["counters"] == {"+1/+1": 1}


# --------------------------------------------------------------------------------------------
# surge (CR 702.117a) and spectacle (CR 702.137a)


def test_cr_702_137a_spectacle_only_after_an_opponent_lost_life_skewer_the_critics():
    """Skewer the Critics: "Spectacle {R}" — its spectacle cost may be paid only once an
    opponent lost life this turn (here to Lightning Bolt)."""
    _compiled("Skewer the Critics")
    g = scenario("""
players:
  - mana_pool: "{R}{R}"
    hand: [Skewer the Critics, Lightning Bolt]
  - {}
""")
    assert not any("spectacle" in a for a in labels(g))
    g.run_line(["cast Lightning Bolt", "target P2", "pass"])
    g.act("cast Skewer the Critics with spectacle {R}")
    g.run_line(["target P2", "pass"])
    assert player(g, "P2")["life"] == 14


def test_cr_702_117a_surge_only_after_casting_another_spell_reckless_bushwhacker():
    """Reckless Bushwhacker: "Surge {1}{R}. Haste. When ~ enters, if its surge cost was paid,
    other creatures you control get +1/+0 and gain haste until end of turn." Not offered
    before another spell was cast this turn; after a Lightning Bolt it is, and the trigger
    pumps the other creatures (an opponent's spell doesn't count)."""
    _compiled("Reckless Bushwhacker")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{R}"
    hand: [Reckless Bushwhacker, Lightning Bolt]
    battlefield: [Grizzly Bears]
  - {}
""")
    assert not any("surge" in a for a in labels(g))
    g.run_line(["cast Lightning Bolt", "target P2", "pass"])
    g.act("cast Reckless Bushwhacker with surge {1}{R}")
    g.run_line(["pass", "pass"])
    bears = permanent(g, "Grizzly Bears")
    assert bears["power"] == 3 and "haste" in g.chars(bears["id"]).keywords


def test_cr_608_2h_its_controller_after_the_spell_is_countered_undermine():
    """Undermine: "Counter target spell. Its controller loses 3 life." The countered spell has
    left the stack; its controller as it last existed there loses the life (CR 608.2h)."""
    _compiled("Undermine")
    g = scenario("""
players:
  - mana_pool: "{U}{U}{B}"
    hand: [Undermine]
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
format: duel
active_player: P2
""")
    g.run_line(["cast Lightning Bolt", "target P1", "pass", "cast Undermine", "target Lightning Bolt", "pass", "pass"])
    assert player(g, "P2")["life"] == 17 and player(g, "P1")["life"] == 20


def test_cr_701_6a_counter_target_instant_or_sorcery_spell_is_read():
    """"Counter target instant or sorcery spell." (Muddle the Mixture's first line; its other
    abilities aren't read yet): one target, instant or sorcery spells only."""
    from mtg_env.cards.compiler import compile_card
    from mtg_env.cards.database import OracleCard, OracleFace
    face = OracleFace("Test Counter", "{U}{U}", "Instant", "Counter target instant or sorcery spell.")
    got = compile_card(OracleCard(face.name, "normal", face, (face,), ("U",), 2.0))
    assert got.supported, got.reasons
    (spec,) = got.card.spell_ability.targets
    assert str(spec.filter) == "spell instant or spell sorcery"


# --------------------------------------------------------------------------------------------
# "If that creature would die this turn, exile it instead." (CR 614.1a)


def test_cr_614_1a_if_that_creature_would_die_this_turn_exile_it_instead_lava_coil():
    """Lava Coil: "~ deals 4 damage to target creature. If that creature would die this turn,
    exile it instead." The creature is exiled, not put into the graveyard."""
    _compiled("Lava Coil")
    g = scenario("""
players:
  - mana_pool: "{C}{R}"
    hand: [Lava Coil]
  - battlefield: [Hill Giant]
""")
    g.run_line(["cast Lava Coil", "target Hill Giant", "pass"])
    assert permanents(g, "Hill Giant") == []
    assert [e["card"] for e in player(g, "P2")["exile"]] == ["Hill Giant"]
    assert player(g, "P2")["graveyard"] == []


def test_cr_614_1a_only_creatures_dealt_damage_this_way_are_exiled_anger_of_the_gods():
    """Anger of the Gods: "~ deals 3 damage to each creature. If a creature dealt damage this
    way would die this turn, exile it instead." Both 2/2s are exiled."""
    _compiled("Anger of the Gods")
    g = scenario("""
players:
  - mana_pool: "{C}{R}{R}"
    hand: [Anger of the Gods]
    battlefield: [Grizzly Bears]
  - battlefield: [Savannah Lions]
""")
    g.run_line(["cast Anger of the Gods", "pass"])
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Grizzly Bears"]
    assert [e["card"] for e in player(g, "P2")["exile"]] == ["Savannah Lions"]


def test_cr_614_1a_the_replacement_lasts_the_turn_magma_spray():
    """Magma Spray: "~ deals 2 damage to target creature. If that creature would die this turn,
    exile it instead." 2 damage doesn't kill a 3/3, but a later Lightning Bolt this turn does,
    and it is exiled then (the replacement lasts the turn)."""
    _compiled("Magma Spray")
    g = scenario("""
players:
  - mana_pool: "{R}{R}"
    hand: [Magma Spray, Lightning Bolt]
  - battlefield: [Hill Giant]
""")
    g.run_line(["cast Magma Spray", "target Hill Giant", "pass"])
    assert permanent(g, "Hill Giant")["damage"] == 2
    g.run_line(["cast Lightning Bolt", "target Hill Giant", "pass"])
    assert [e["card"] for e in player(g, "P2")["exile"]] == ["Hill Giant"]


def test_cr_601_2f_costs_1_less_for_each_creature_card_in_your_graveyard_ghoultree():
    """Ghoultree: "This spell costs {1} less to cast for each creature card in your graveyard."
    Three creature cards (and a land, which doesn't count): {4}{G}; the opponent's graveyard
    doesn't count."""
    _compiled("Ghoultree")
    text = """
players:
  - mana_pool: "{pool}"
    hand: [Ghoultree]
    graveyard: [Grizzly Bears, Savannah Lions, Hill Giant, Forest]
  - graveyard: [Llanowar Elves]
"""
    g = scenario(text.replace("{pool}", "{C}{C}{C}{C}{G}"))
    g.act("cast Ghoultree")
    assert player(g, "P1")["mana_pool"] == ""
    g = scenario(text.replace("{pool}", "{C}{C}{C}{G}"))
    assert "cast Ghoultree" not in labels(g)


def test_cr_509_1b_gets_pump_and_cant_be_blocked_this_turn_cunning_survivor():
    """Cunning Survivor: "Whenever you discard one or more cards, ~ gets +1/+0 until end of turn
    and can't be blocked this turn." After cycling a card: 2/1 and no block is offered."""
    _compiled("Cunning Survivor")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}"
    hand: [Miscalculation]
    library: [Island, Island]
    battlefield: [Cunning Survivor]
  - battlefield: [Hill Giant]
""")
    g.act(next(a for a in labels(g) if a.startswith("activate Miscalculation")))
    for _ in range(6):
        if g.decision.kind == "priority" and not stack(g):
            break
        g.act("pass" if g.decision.kind == "priority" else labels(g)[0])
    survivor = permanent(g, "Cunning Survivor")
    assert survivor["power"] == 2
    assert "unblockable" in g.chars(survivor["id"]).flags


def test_cr_122_1_put_a_counter_on_each_of_up_to_two_target_creatures_ajani():
    """Ajani, Adversary of Tyrants: "[+1]: Put a +1/+1 counter on each of up to two target
    creatures." """
    _compiled("Ajani, Adversary of Tyrants")
    g = scenario("""
players:
  - battlefield: [{card: "Ajani, Adversary of Tyrants", counters: {loyalty: 4}}, Grizzly Bears, Savannah Lions]
  - {}
""")
    g.act(next(a for a in labels(g) if a.startswith("activate Ajani, Adversary of Tyrants: +1")))
    g.run_line(["target Grizzly Bears", "target Savannah Lions", "pass"])
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 1}
    assert permanent(g, "Savannah Lions")["counters"] == {"+1/+1": 1}


# --------------------------------------------------------------------------------------------
# "Choose three. You may choose the same mode more than once." (CR 700.2d)


def test_cr_700_2d_the_same_mode_three_times_fiery_confluence():
    """Fiery Confluence: "Choose three. You may choose the same mode more than once. • ~ deals 1
    damage to each creature. • ~ deals 2 damage to each opponent. • Destroy target
    artifact." The second mode three times: 6 damage to the opponent."""
    _compiled("Fiery Confluence")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{R}{R}"
    hand: [Fiery Confluence]
  - {}
""")
    g.act("cast Fiery Confluence")
    for _ in range(3):
        g.act(next(a for a in labels(g) if a.startswith("mode 2:")))
    g.act("pass")
    assert player(g, "P2")["life"] == 14


def test_cr_700_2d_modes_in_printed_order_with_repeats_fiery_confluence():
    """After choosing mode 2, mode 1 is no longer offered (modes are chosen in printed order,
    each multiset once); mode 3 has no target without an artifact. 1 + 2 + 2: the Elves die and
    the opponent loses 4."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}{R}{R}"
    hand: [Fiery Confluence]
  - battlefield: [Llanowar Elves]
""")
    g.act("cast Fiery Confluence")
    assert not any(a.startswith("mode 3:") for a in labels(g))
    g.act(next(a for a in labels(g) if a.startswith("mode 1:")))
    g.act(next(a for a in labels(g) if a.startswith("mode 2:")))
    assert not any(a.startswith("mode 1:") for a in labels(g))
    g.act(next(a for a in labels(g) if a.startswith("mode 2:")))
    g.act("pass")
    assert permanents(g, "Llanowar Elves") == []
    assert player(g, "P2")["life"] == 16


def test_cr_608_2h_where_x_is_the_number_of_cards_in_your_hand_manifestation_sage():
    """Manifestation Sage: "When ~ enters, create a 0/0 green and blue Fractal creature token.
    Put X +1/+1 counters on it, where X is the number of cards in your hand." Only its
    controller's hand counts (two cards, not the opponent's three)."""
    _compiled("Manifestation Sage")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}{G}"
    hand: [Manifestation Sage, Island, Island]
  - hand: [Island, Island, Island]
""")
    g.run_line(["cast Manifestation Sage", "pass", "pass"])
    assert permanent(g, "Fractal Token")["counters"] == {"+1/+1": 2}


def test_cr_613_1_moat_judges_the_flying_a_later_effect_grants():
    """Moat: "Creatures without flying can't attack." "Can't attack" changes no characteristic:
    it applies to what each creature is once every layer has applied, so a creature given
    flying by Jump (a later effect) may attack; one without flying may not."""
    _compiled("Moat", "Jump")
    g = scenario("""
format: duel
players:
  - mana_pool: "{U}"
    hand: [Jump]
    battlefield: [Moat, Grizzly Bears, Savannah Lions]
  - {}
""")
    g.run_line(["cast Jump", "target Grizzly Bears", "pass", "pass"])
    g.run_line(["pass", "pass", "pass", "pass"])
    assert g.decision.kind == "attack"
    acts = labels(g)
    assert "attack P2 with Grizzly Bears" in acts
    assert not any("Savannah Lions" in a for a in acts)
