"""Templates for cards the Forge puzzles need (issue 15), through real cards compiled from their
Oracle text: exchanges of control (CR 701.12, templates/exchange.py) with targets related to
each other (CR 115.1, 601.2c; cards/relations.py), ..."""

from __future__ import annotations

from mtg_env.cards import card_status
from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, player, scenario


def _controller(g, name: str) -> str:
    found = [p["name"] for p in g.state_json()["players"] for e in p["battlefield"] if e["card"] == name]
    assert len(found) == 1, (name, found)
    return found[0]


def _pay(g) -> None:
    """Pay generic mana with colorless mana first (the payment choices of a mixed pool)."""
    while g.decision is not None and labels(g) and all(lab.startswith("pay ") for lab in labels(g)):
        g.act(next((lab for lab in labels(g) if lab.endswith("{C}")), labels(g)[0]))


def _resolve(g) -> None:
    """Pass priority until the top of the stack has resolved (or a choice other than priority
    is asked)."""
    n = len(g.state_json()["stack"])
    while g.decision is not None and g.decision.kind == "priority" and len(g.state_json()["stack"]) >= n:
        g.act("pass")


def _targets(g) -> list[str]:
    return sorted(lab for lab in labels(g) if lab.startswith("target "))


# --------------------------------------------------------------------------------------------
# exchange of control (CR 701.12)


LEGERDEMAIN = """
players:
  - mana_pool: "{U}{U}{C}{C}"
    hand: [Legerdemain]
    battlefield: [Grizzly Bears, Sol Ring]
    library: [Island, Island, Island]
  - battlefield: [Hill Giant, Ornithopter, Darksteel Citadel, Forest]
    library: [Island, Island, Island]
"""


def test_cr_115_1_second_target_shares_one_of_those_types_legerdemain():
    """Legerdemain: "Exchange control of target artifact or creature and another target
    permanent that shares one of those types with it." The first target is an artifact or a
    creature (no land); after Sol Ring (an artifact) the second may only be another artifact
    (Ornithopter, the artifact land Darksteel Citadel), not a creature that isn't one."""
    _compiled("Legerdemain")
    g = scenario(LEGERDEMAIN)
    g.act("cast Legerdemain")
    assert _targets(g) == ["target Darksteel Citadel", "target Grizzly Bears", "target Hill Giant",
                           "target Ornithopter", "target Sol Ring"]
    g.act("target Sol Ring")
    assert _targets(g) == ["target Darksteel Citadel", "target Ornithopter"]
    g.act("target Ornithopter")
    _pay(g)
    _resolve(g)
    assert _controller(g, "Sol Ring") == "P2"
    assert _controller(g, "Ornithopter") == "P1"


def test_cr_701_12b_exchange_lasts_indefinitely_legerdemain():
    """The exchange (CR 701.12b: each player gains control of the other's permanent) has no
    duration (CR 613.1b): the creatures are still exchanged on the next turns. A creature's
    second target may be an artifact creature (they share "creature")."""
    g = scenario(LEGERDEMAIN)
    g.run_line(["cast Legerdemain", "target Grizzly Bears"])
    assert _targets(g) == ["target Hill Giant", "target Ornithopter"]
    g.act("target Hill Giant")
    _pay(g)
    _resolve(g)
    assert _controller(g, "Grizzly Bears") == "P2"
    assert _controller(g, "Hill Giant") == "P1"
    pass_until(g, "upkeep", turn=2)
    assert _controller(g, "Hill Giant") == "P1"
    pass_until(g, "upkeep", turn=3)
    assert _controller(g, "Hill Giant") == "P1"
    assert _controller(g, "Grizzly Bears") == "P2"


def test_cr_601_2c_no_legal_pair_no_cast_legerdemain():
    """Legerdemain can't be cast unless both targets can be chosen (its ruling): Grizzly Bears
    is the only artifact or creature, and no other permanent shares a type with it."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{C}{C}"
    hand: [Legerdemain]
    battlefield: [Grizzly Bears, Island]
  - battlefield: [Forest, Pacifism]
""")
    assert "cast Legerdemain" not in labels(g)


def test_cr_701_12a_one_target_gone_no_part_of_the_exchange_legerdemain():
    """CR 701.12a: if the entire exchange can't be completed, no part of it occurs: the Bears are
    destroyed in response (Shock), and P2 keeps Hill Giant."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{C}{C}{R}"
    hand: [Legerdemain, Shock]
    battlefield: [Grizzly Bears]
  - battlefield: [Hill Giant]
""")
    g.run_line(["cast Legerdemain", "target Grizzly Bears", "target Hill Giant"])
    _pay(g)
    g.run_line(["cast Shock", "target Grizzly Bears"])
    _resolve(g)
    assert "Grizzly Bears" in player(g, "P1")["graveyard"]
    assert "Legerdemain" not in player(g, "P1")["graveyard"]
    _resolve(g)
    assert _controller(g, "Hill Giant") == "P2"
    assert "Legerdemain" in player(g, "P1")["graveyard"]


def test_cr_608_2b_related_target_judged_again_as_it_resolves_spawnbroker():
    """Spawnbroker: "When ~ enters, you may exchange control of target creature you control and
    target creature with power less than or equal to that creature's power an opponent
    controls." Hill Giant (3) may not be chosen against Spawnbroker (1); Llanowar Elves (1) may.
    Giant Growth on the Elves in response makes them an illegal target (power 4 > 1, its ruling):
    the exchange doesn't happen."""
    _compiled("Spawnbroker")
    g = scenario("""
players:
  - mana_pool: "{U}{C}{C}{G}"
    hand: [Spawnbroker, Giant Growth]
    battlefield: [Island]
  - battlefield: [Hill Giant, Llanowar Elves]
""")
    g.act("cast Spawnbroker")
    _pay(g)
    _resolve(g)
    g.act("target Spawnbroker")
    assert _targets(g) == ["target Llanowar Elves"]
    g.run_line(["target Llanowar Elves", "cast Giant Growth", "target Llanowar Elves"])
    _resolve(g)
    assert player(g, "P2")["battlefield"][1]["power"] == 4
    _resolve(g)
    if g.decision is not None and g.decision.kind == "yes_no":
        g.act("yes")
    assert _controller(g, "Llanowar Elves") == "P2"
    assert _controller(g, "Spawnbroker") == "P1"


def test_cr_603_5_you_may_exchange_spawnbroker():
    """The same trigger without the Giant Growth: P1 chooses to exchange (CR 603.5, "you may" as
    it resolves), Spawnbroker goes to P2 and the Elves to P1."""
    g = scenario("""
players:
  - mana_pool: "{U}{C}{C}"
    hand: [Spawnbroker]
  - battlefield: [Llanowar Elves]
""")
    g.act("cast Spawnbroker")
    _resolve(g)
    g.run_line(["target Spawnbroker", "target Llanowar Elves"])
    _resolve(g)
    assert g.decision.kind == "yes_no"
    g.act("yes")
    assert _controller(g, "Llanowar Elves") == "P1"
    assert _controller(g, "Spawnbroker") == "P2"


def test_cr_701_12b_same_controller_nothing_happens_switcheroo():
    """Switcheroo: "Exchange control of two target creatures." Two different creatures (CR
    115.3: one word "target"); both P2's: nothing happens (CR 701.12b, its ruling). Then one
    of each: exchanged."""
    _compiled("Switcheroo")
    g = scenario("""
players:
  - mana_pool: "{U}{C}{C}{C}{C}{U}{C}{C}{C}{C}"
    hand: [Switcheroo, Switcheroo]
    battlefield: [Grizzly Bears]
  - battlefield: [Hill Giant, Llanowar Elves]
""")
    g.run_line(["cast Switcheroo", "target Hill Giant"])
    assert _targets(g) == ["target Grizzly Bears", "target Llanowar Elves"]
    g.act("target Llanowar Elves")
    _pay(g)
    _resolve(g)
    assert _controller(g, "Hill Giant") == "P2"
    assert _controller(g, "Llanowar Elves") == "P2"
    g.run_line(["cast Switcheroo", "target Hill Giant", "target Grizzly Bears"])
    _pay(g)
    _resolve(g)
    assert _controller(g, "Hill Giant") == "P1"
    assert _controller(g, "Grizzly Bears") == "P2"


def test_cr_115_1_two_targets_share_a_card_type_shifting_loyalties():
    """Shifting Loyalties: "Exchange control of two target permanents that share a card type."
    After Forest, only the other land; after Ornithopter, the other artifact or creature."""
    _compiled("Shifting Loyalties")
    g = scenario("""
players:
  - mana_pool: "{U}{C}{C}{C}{C}{C}"
    hand: [Shifting Loyalties]
    battlefield: [Forest, Ornithopter]
  - battlefield: [Hill Giant, Swamp, Pacifism]
""")
    g.run_line(["cast Shifting Loyalties", "target Forest"])
    assert _targets(g) == ["target Swamp"]
    g.act("target Swamp")
    _pay(g)
    _resolve(g)
    assert _controller(g, "Forest") == "P2"
    assert _controller(g, "Swamp") == "P1"


def test_cr_701_12a_source_gone_no_exchange_phyrexian_infiltrator():
    """Phyrexian Infiltrator: "{2}{U}{U}: Exchange control of ~ and target creature." Shocked in
    response, the Infiltrator is gone: P2 keeps its creature (CR 701.12a; Eyes Everywhere's
    ruling: the source must be on the battlefield)."""
    _compiled("Phyrexian Infiltrator")
    g = scenario("""
players:
  - mana_pool: "{U}{U}{C}{C}{R}"
    hand: [Shock]
    battlefield: [Phyrexian Infiltrator]
  - battlefield: [Hill Giant]
""")
    act = next(lab for lab in labels(g) if lab.startswith("activate Phyrexian Infiltrator"))
    g.run_line([act, "target Hill Giant"])
    _pay(g)
    g.run_line(["cast Shock", "target Phyrexian Infiltrator"])
    _resolve(g)
    assert "Phyrexian Infiltrator" in player(g, "P1")["graveyard"]
    _resolve(g)
    assert _controller(g, "Hill Giant") == "P2"
    assert not g.state_json()["stack"]


def test_cr_701_12b_exchange_with_its_source_phyrexian_infiltrator():
    """Without the Shock: P2 gets the Infiltrator, P1 Hill Giant."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{C}{C}"
    battlefield: [Phyrexian Infiltrator]
  - battlefield: [Hill Giant]
""")
    act = next(lab for lab in labels(g) if lab.startswith("activate Phyrexian Infiltrator"))
    g.run_line([act, "target Hill Giant"])
    _pay(g)
    _resolve(g)
    assert _controller(g, "Hill Giant") == "P1"
    assert _controller(g, "Phyrexian Infiltrator") == "P2"


def test_declined_exchange_wordings():
    """Relations the templates don't read are declined, with the phrase as the reason: "target
    permanent you neither own nor control" (Conjured Currency), Cultural Exchange's chosen
    creatures, Gilded Drake's "up to one"."""
    for name in ("Conjured Currency", "Cultural Exchange", "Gilded Drake", "Juxtapose"):
        st = card_status(name)
        assert not st.supported, name


# --------------------------------------------------------------------------------------------
# "Spend only black mana on X" (CR 107.3a, 601.2f-h), "for each" pumps (CR 608.2h), damage to a
# target and to you (CR 120.3), "Whenever enchanted creature deals damage" (CR 603.2)


def test_cr_107_3a_spend_only_black_mana_on_x_crypt_rats():
    """Crypt Rats: "{X}: ~ deals X damage to each creature and each player. Spend only black
    mana on X." With {B}{B}{R}{R} in the pool X can be at most 2 (the red mana can't pay X)."""
    _compiled("Crypt Rats")
    g = scenario("""
players:
  - mana_pool: "{B}{B}{R}{R}"
    battlefield: [Crypt Rats]
  - battlefield: [Hill Giant]
""")
    act = next(lab for lab in labels(g) if lab.startswith("activate Crypt Rats"))
    g.act(act)
    assert [lab for lab in labels(g) if lab.startswith("x ")] == ["x 0", "x 1", "x 2"]
    g.act("x 2")
    assert player(g, "P1")["mana_pool"] == "{R}{R}"  # {B}{B} paid X
    _resolve(g)
    assert player(g, "P1")["life"] == 18 and player(g, "P2")["life"] == 18
    assert "Crypt Rats" in player(g, "P1")["graveyard"]


def test_cr_608_2h_pump_for_each_counted_on_resolution_might_of_the_masses():
    """Might of the Masses: "Target creature gets +1/+1 until end of turn for each creature you
    control." With three creatures (the target counts itself, its ruling) it gets +3/+3, and
    keeps it after another creature of P1's dies (locked in as it resolves)."""
    _compiled("Might of the Masses")
    g = scenario("""
players:
  - mana_pool: "{G}{R}"
    hand: [Might of the Masses, Shock]
    battlefield: [Grizzly Bears, Llanowar Elves, Ornithopter]
  - battlefield: [Hill Giant]
""")
    g.run_line(["cast Might of the Masses", "target Grizzly Bears"])
    _resolve(g)
    bears = next(e for e in player(g, "P1")["battlefield"] if e["card"] == "Grizzly Bears")
    assert (bears["power"], bears["toughness"]) == (5, 5)
    g.run_line(["cast Shock", "target Ornithopter"])
    _resolve(g)
    bears = next(e for e in player(g, "P1")["battlefield"] if e["card"] == "Grizzly Bears")
    assert (bears["power"], bears["toughness"]) == (5, 5)


def test_cr_120_3_damage_to_any_target_and_to_you_granger_guildmage():
    """Granger Guildmage: "{R}, {T}: ~ deals 1 damage to any target and 1 damage to you." P2
    and P1 each lose 1 life."""
    _compiled("Granger Guildmage")
    g = scenario("""
players:
  - mana_pool: "{R}"
    battlefield: [Granger Guildmage]
  - battlefield: [Hill Giant]
""")
    act = next(lab for lab in labels(g) if "1 damage to any target" in lab)
    g.run_line([act, "target P2"])
    _resolve(g)
    assert player(g, "P2")["life"] == 19
    assert player(g, "P1")["life"] == 19


def test_cr_608_2b_illegal_target_no_damage_to_you_granger_guildmage():
    """The target (Llanowar Elves) is Shocked in response: the ability doesn't resolve, so P1
    isn't dealt 1 damage either (CR 608.2b)."""
    g = scenario("""
players:
  - mana_pool: "{R}{R}"
    hand: [Shock]
    battlefield: [Granger Guildmage]
  - battlefield: [Llanowar Elves]
""")
    act = next(lab for lab in labels(g) if "1 damage to any target" in lab)
    g.run_line([act, "target Llanowar Elves", "cast Shock", "target Llanowar Elves"])
    _resolve(g)
    _resolve(g)
    assert player(g, "P1")["life"] == 20


def test_cr_603_2_enchanted_creature_deals_damage_gain_that_much_armadillo_cloak():
    """Armadillo Cloak: "Whenever enchanted creature deals damage, you gain that much life."
    The enchanted Grizzly Bears (4/4 trample with the Cloak) attack unblocked: 4 combat damage
    to P2, and P1 gains 4 (a triggered ability, not lifelink: on the stack first). Memnite's
    damage doesn't trigger it."""
    from tests.compiler.test_templates_combat import attack, combat
    _compiled("Armadillo Cloak")
    g = combat([{"card": "Grizzly Bears"}, {"card": "Armadillo Cloak", "attached_to": "Grizzly Bears"},
                "Memnite"], [])
    attack(g, "Grizzly Bears", "Memnite")
    pass_until(g, "combat_damage")
    assert player(g, "P2")["life"] == 15
    assert player(g, "P1")["life"] == 20
    assert [e["source"] for e in g.state_json()["stack"]] == ["Armadillo Cloak"]
    _resolve(g)
    assert player(g, "P1")["life"] == 24


# --------------------------------------------------------------------------------------------
# the Traps' alternative costs (CR 118.9, 601.2b)


def _trap_game(attackers: list[str], hand: str, lands: list[str]):
    from tests.compiler.test_templates_combat import attack, combat
    g = combat(["Grizzly Bears", "Memnite", "Ornithopter", "Llanowar Elves"], lands, p2_hand=[hand])
    attack(g, *attackers)
    g.act("pass")  # P1 passes in the declare attackers step: P2 has priority
    while any(lab.startswith("activate ") for lab in labels(g)):
        g.act(next(lab for lab in labels(g) if lab.startswith("activate ")))
    return g


def test_cr_118_9_alternative_cost_if_exactly_one_creature_is_attacking_pitfall_trap():
    """Pitfall Trap: "If exactly one creature is attacking, you may pay {W} rather than pay this
    spell's mana cost." With one attacker and one Plains, P2 may cast it for {W} and destroys
    the Bears; with two attackers it can't be cast for {W}."""
    _compiled("Pitfall Trap")
    g = _trap_game(["Grizzly Bears"], "Pitfall Trap", ["Plains"])
    casts = [lab for lab in labels(g) if lab.startswith("cast ")]
    assert casts == ["cast Pitfall Trap with trap {W}"]
    g.run_line([casts[0], "target Grizzly Bears"])
    _resolve(g)
    assert "Grizzly Bears" in player(g, "P1")["graveyard"]
    g = _trap_game(["Grizzly Bears", "Memnite"], "Pitfall Trap", ["Plains"])
    assert not [lab for lab in labels(g) if lab.startswith("cast ")]


def test_cr_601_2b_trap_condition_four_or_more_attacking_lethargy_trap():
    """Lethargy Trap: "If three or more creatures are attacking, you may pay {U} rather than pay
    this spell's mana cost." Two attackers: no; three: yes (and the attackers get -3/-0)."""
    _compiled("Lethargy Trap")
    g = _trap_game(["Grizzly Bears", "Memnite"], "Lethargy Trap", ["Island"])
    assert not [lab for lab in labels(g) if lab.startswith("cast ")]
    g = _trap_game(["Grizzly Bears", "Memnite", "Ornithopter"], "Lethargy Trap", ["Island"])
    assert [lab for lab in labels(g) if lab.startswith("cast ")] == ["cast Lethargy Trap with trap {U}"]


def test_cr_118_9_dealt_damage_by_two_or_more_creatures_this_turn_inferno_trap():
    """Inferno Trap: "If you've been dealt damage by two or more creatures this turn, you may pay
    {R} rather than pay this spell's mana cost." After the Bears alone dealt P2 combat damage,
    no; after the Bears and Memnite, P2 may cast it for {R} (in the combat damage step)."""
    from tests.compiler.test_templates_combat import attack, combat
    _compiled("Inferno Trap")
    for attackers, allowed in ((["Grizzly Bears"], False), (["Grizzly Bears", "Memnite"], True)):
        g = combat(["Grizzly Bears", "Memnite"], ["Mountain"], p2_hand=["Inferno Trap"])
        attack(g, *attackers)
        pass_until(g, "combat_damage")
        assert player(g, "P2")["life"] == 20 - (2 if len(attackers) == 1 else 3)
        g.act("pass")
        g.act("activate Mountain: {T}: Add {R}.")
        casts = [lab for lab in labels(g) if lab.startswith("cast ")]
        assert casts == (["cast Inferno Trap with trap {R}"] if allowed else [])


def test_declined_trap_wordings():
    """Traps whose conditions aren't read stay unsupported: "If an opponent searched their
    library this turn" (Archive Trap), "If a noncreature permanent under your control was
    destroyed this turn by a spell or ability an opponent controlled" (Cobra Trap)."""
    from tests.helpers import unsupported
    unsupported("Archive Trap", "If an opponent searched their library this turn, you may pay {0} rather than "
                "pay this spell's mana cost")
    assert not card_status("Cobra Trap").supported


def test_cr_608_2h_loses_life_equal_to_tapped_creatures_throne_of_the_god_pharaoh():
    """Throne of the God-Pharaoh: "At the beginning of your end step, each opponent loses life
    equal to the number of tapped creatures you control." Two of P1's three creatures are tapped
    (counted as the ability resolves): P2 loses 2."""
    _compiled("Throne of the God-Pharaoh")
    g = scenario("""
players:
  - battlefield: [Throne of the God-Pharaoh, {card: Grizzly Bears, tapped: true}, {card: Memnite, tapped: true},
                  Ornithopter, {card: Forest, tapped: true}]
    library: [Island, Island]
  - library: [Island, Island]
""")
    pass_until(g, "end")
    assert [e["source"] for e in g.state_json()["stack"]] == ["Throne of the God-Pharaoh"]
    _resolve(g)
    assert player(g, "P2")["life"] == 18
    assert player(g, "P1")["life"] == 20


def test_cr_608_2h_draw_equal_to_cards_named_in_all_graveyards_accumulated_knowledge():
    """Accumulated Knowledge: "Draw a card, then draw cards equal to the number of cards named ~
    in all graveyards." One in each graveyard (the one resolving is on the stack, not counted):
    P1 draws 1 + 2 = 3."""
    _compiled("Accumulated Knowledge")
    g = scenario("""
players:
  - mana_pool: "{U}{C}"
    hand: [Accumulated Knowledge]
    graveyard: [Accumulated Knowledge, Island]
    library: [Island, Island, Island, Island, Island]
  - graveyard: [Accumulated Knowledge]
""")
    g.act("cast Accumulated Knowledge")
    _pay(g)
    _resolve(g)
    assert len(player(g, "P1")["hand"]) == 3
    assert sorted(player(g, "P1")["graveyard"]) == ["Accumulated Knowledge", "Accumulated Knowledge", "Island"]


def test_cr_601_2d_damage_divided_among_any_number_of_attackers_arrow_volley_trap():
    """Arrow Volley Trap: "If four or more creatures are attacking, you may pay {1}{W} rather
    than pay this spell's mana cost. ~ deals 5 damage divided as you choose among any number of
    target attacking creatures." Four attackers: cast for {1}{W}; two targets, 3 to the Bears
    and the other 2 to Memnite (at least 1 each: the last gets what is left)."""
    _compiled("Arrow Volley Trap")
    g = _trap_game(["Grizzly Bears", "Memnite", "Ornithopter", "Llanowar Elves"], "Arrow Volley Trap",
                   ["Plains", "Plains"])
    g.run_line(["cast Arrow Volley Trap with trap {1}{W}", "target Grizzly Bears", "target Memnite", "done"])
    assert labels(g) == ["assign 1 to Grizzly Bears", "assign 2 to Grizzly Bears", "assign 3 to Grizzly Bears",
                         "assign 4 to Grizzly Bears"]
    g.act("assign 3 to Grizzly Bears")
    _resolve(g)
    assert sorted(player(g, "P1")["graveyard"]) == ["Grizzly Bears", "Memnite"]


def test_cr_601_2d_divided_among_one_or_two_targets_twin_bolt():
    """Twin Bolt: "~ deals 2 damage divided as you choose among one or two targets." 1 to each
    of two players; or all 2 to one target."""
    _compiled("Twin Bolt")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{R}{C}"
    hand: [Twin Bolt, Twin Bolt]
  - battlefield: [Grizzly Bears]
""")
    g.act("cast Twin Bolt")
    g.run_line(["target P2", "target P1"])
    assert labels(g) == ["assign 1 to P2"]
    g.act("assign 1 to P2")
    _pay(g)
    _resolve(g)
    assert (player(g, "P1")["life"], player(g, "P2")["life"]) == (19, 19)
    g.run_line(["cast Twin Bolt", "target Grizzly Bears", "done"])
    _pay(g)
    _resolve(g)
    assert "Grizzly Bears" in player(g, "P2")["graveyard"]


def test_cr_305_9_artifact_land_is_played_not_cast_seat_of_the_synod():
    """Seat of the Synod: "(~ isn't a spell.)" An artifact land is played as a land (the land
    play, CR 305.1), never cast (CR 305.9)."""
    _compiled("Seat of the Synod", "Vault of Whispers")
    g = scenario("""
players:
  - hand: [Seat of the Synod, Vault of Whispers]
    mana_pool: "{C}{C}{C}{C}"
""")
    assert labels(g) == ["pass", "play Seat of the Synod", "play Vault of Whispers"]
    g.act("play Seat of the Synod")
    assert "play Vault of Whispers" not in labels(g)  # one land play (CR 305.2)
    assert [sorted(e["types"]) for e in player(g, "P1")["battlefield"]] == [["Artifact", "Land"]]


def test_cr_611_2c_until_end_of_turn_creatures_get_and_gain_heroic_reinforcements():
    """Heroic Reinforcements: "Create two 1/1 white Soldier creature tokens. Until end of turn,
    creatures you control get +1/+1 and gain haste." The new tokens are among them: 2/2 with
    haste, and the Bears 3/3."""
    _compiled("Heroic Reinforcements")
    g = scenario("""
players:
  - mana_pool: "{R}{W}{C}{C}"
    hand: [Heroic Reinforcements]
    battlefield: [Grizzly Bears]
  - battlefield: [Hill Giant]
""")
    g.act("cast Heroic Reinforcements")
    _pay(g)
    _resolve(g)
    pts = sorted((e["card"], e["power"], e["toughness"]) for e in player(g, "P1")["battlefield"])
    assert pts == [("Grizzly Bears", 3, 3), ("Soldier Token", 2, 2), ("Soldier Token", 2, 2)]
    assert [e["power"] for e in player(g, "P2")["battlefield"]] == [3]


def test_cr_608_2b_return_two_targets_to_owners_hands_peel_from_reality():
    """Peel from Reality: "Return target creature you control and target creature you don't
    control to their owners' hands." Both return; with P2's creature Shocked in response, P1's
    still returns (one illegal target, CR 608.2b)."""
    _compiled("Peel from Reality")
    g = scenario("""
players:
  - mana_pool: "{U}{C}{R}"
    hand: [Peel from Reality, Shock]
    battlefield: [Grizzly Bears]
  - battlefield: [Llanowar Elves, Hill Giant]
""")
    g.run_line(["cast Peel from Reality", "target Grizzly Bears"])
    assert _targets(g) == ["target Hill Giant", "target Llanowar Elves"]
    g.act("target Llanowar Elves")
    _pay(g)
    g.run_line(["cast Shock", "target Llanowar Elves"])
    _resolve(g)
    _resolve(g)
    assert "Grizzly Bears" in player(g, "P1")["hand"]
    assert "Llanowar Elves" in player(g, "P2")["graveyard"]
    assert _controller(g, "Hill Giant") == "P2"


def test_cr_707_10c_copy_new_targets_stay_related_legerdemain():
    """Twincast copies Legerdemain (Grizzly Bears and Hill Giant) and P1 chooses new targets:
    with Sol Ring as the copy's first target, its second must share a type with it (CR 707.10c,
    115.7; Shifting Loyalties' ruling: the final set of targets must be legal), so "keep target
    Hill Giant" isn't offered; the copy exchanges Sol Ring and Ornithopter, then the original
    the Bears and Hill Giant."""
    _compiled("Twincast")
    g = scenario("""
players:
  - mana_pool: "{U}{U}{C}{C}{U}{U}"
    hand: [Legerdemain, Twincast]
    battlefield: [Grizzly Bears, Sol Ring]
  - battlefield: [Hill Giant, Ornithopter, Darksteel Citadel]
""")
    g.run_line(["cast Legerdemain", "target Grizzly Bears", "target Hill Giant"])
    _pay(g)
    g.run_line(["cast Twincast", "target Legerdemain"])
    _pay(g)
    g.act("pass")
    assert g.decision.kind == "yes_no"
    g.act("yes")
    assert labels(g) == ["keep target Grizzly Bears", "target Sol Ring", "target Ornithopter",
                         "target Darksteel Citadel"]
    g.act("target Sol Ring")
    assert labels(g) == ["target Ornithopter", "target Darksteel Citadel"]
    g.act("target Ornithopter")
    _resolve(g)
    assert _controller(g, "Sol Ring") == "P2" and _controller(g, "Ornithopter") == "P1"
    _resolve(g)
    assert _controller(g, "Grizzly Bears") == "P2" and _controller(g, "Hill Giant") == "P1"
