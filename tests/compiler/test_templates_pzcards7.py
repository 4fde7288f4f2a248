"""Templates for cards the Forge puzzles need (issue 15, session 7), through real cards compiled
from their Oracle text: amounts read from the permanent sacrificed for a cost (CR 608.2h,
templates/sacrificed.py), ..."""

from __future__ import annotations

from tests.helpers import compiled as _compiled
from tests.helpers import labels, permanent, player, scenario
from tests.helpers import unsupported as _unsupported


def _pay(g) -> None:
    while g.decision is not None and labels(g) and all(lab.startswith("pay ") for lab in labels(g)):
        g.act(labels(g)[0])


def _resolve(g) -> None:
    n = len(g.state_json()["stack"])
    while g.decision is not None and g.decision.kind == "priority" and len(g.state_json()["stack"]) >= n:
        g.act("pass")


# --------------------------------------------------------------------------------------------
# the sacrificed permanent's power, toughness, mana value (CR 608.2h)


FLING = """
players:
  - mana_pool: "{R}{R}{G}{C}"
    hand: [Fling, Giant Growth]
    battlefield: [{card: Grizzly Bears, counters: {+1/+1: 2}}, Hill Giant]
    library: [Island, Island, Island]
  - battlefield: [Ornithopter]
    library: [Island, Island, Island]
"""


def test_cr_608_2h_fling_uses_the_sacrificed_creatures_last_power():
    """Fling: "As an additional cost to cast this spell, sacrifice a creature. Fling deals
    damage equal to the sacrificed creature's power to any target." Grizzly Bears with two
    +1/+1 counters, pumped by Giant Growth, is sacrificed as a 7/7: 7 damage, its power as it
    last existed on the battlefield (the card in the graveyard is a 2/2)."""
    _compiled("Fling")
    g = scenario(FLING)
    g.act("cast Giant Growth")
    g.act("target Grizzly Bears")
    _pay(g)
    _resolve(g)
    g.act("cast Fling")
    assert sorted(lab for lab in labels(g) if lab.startswith("target ")) == [
        "target Grizzly Bears", "target Hill Giant", "target Ornithopter", "target P1", "target P2"]
    g.act("target P2")
    assert "sacrifice Grizzly Bears" in labels(g) and "sacrifice Hill Giant" in labels(g)
    g.act("sacrifice Grizzly Bears")
    _pay(g)
    assert "Grizzly Bears" in player(g, "P1")["graveyard"]  # sacrificed as the cost (CR 601.2h)
    _resolve(g)
    assert player(g, "P2")["life"] == 13


def test_cr_601_2h_fling_needs_a_creature_to_sacrifice():
    """A spell whose additional cost can't be paid can't be cast (CR 601.2h): no creature, no
    Fling."""
    g = scenario("""
players:
  - mana_pool: "{R}{R}"
    hand: [Fling]
    battlefield: [Sol Ring]
    library: [Island]
  - library: [Island]
""")
    assert "cast Fling" not in labels(g)


def test_cr_608_2h_diamond_valley_gains_the_sacrificed_creatures_toughness():
    """Diamond Valley: "{T}, Sacrifice a creature: You gain life equal to the sacrificed
    creature's toughness." Grizzly Bears with a -1/-1 counter (a 1/1 as it is sacrificed)
    gives 1, not its printed 2."""
    _compiled("Diamond Valley")
    g = scenario("""
players:
  - battlefield: [Diamond Valley, {card: Grizzly Bears, counters: {-1/-1: 1}}, Hill Giant]
    library: [Island]
  - library: [Island]
""")
    act = next(lab for lab in labels(g) if lab.startswith("activate Diamond Valley"))
    g.act(act)
    g.act("sacrifice Grizzly Bears")
    _resolve(g)
    assert player(g, "P1")["life"] == 21


def test_cr_608_2h_bosh_deals_the_sacrificed_artifacts_mana_value():
    """Bosh, Iron Golem: "{3}{R}, Sacrifice an artifact: Bosh, Iron Golem deals damage equal to
    the sacrificed artifact's mana value to any target." Sol Ring (mana value 1) sacrificed: 1
    damage."""
    _compiled("Bosh, Iron Golem")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}{C}"
    battlefield: ["Bosh, Iron Golem", Sol Ring]
    library: [Island]
  - library: [Island]
""")
    act = next(lab for lab in labels(g) if lab.startswith("activate Bosh"))
    g.act(act)
    g.act("target P2")
    g.act("sacrifice Sol Ring")
    _pay(g)
    _resolve(g)
    assert player(g, "P2")["life"] == 19


def test_sacrificed_amount_declined_without_a_sacrifice_cost():
    """The reflexive "you may sacrifice another creature. When you do, ~ deals damage equal to
    the sacrificed creature's power" has no cost to read it from: declined (Surtland Flinger);
    so is "Sacrifice another creature" costs' reading of the source's own sacrifice."""
    _unsupported("Surtland Flinger", "the sacrificed creature's power")


# --------------------------------------------------------------------------------------------
# sunburst (CR 702.44) and "for each color of mana spent to cast it"


def _cast_with(pool: str, card: str):
    g = scenario(f"""
players:
  - mana_pool: "{pool}"
    hand: [{card}]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.act(f"cast {card}")
    _pay(g)
    _resolve(g)
    return g


def test_cr_702_44a_sunburst_creature_gets_a_counter_per_color_etched_oracle():
    """Etched Oracle: "Sunburst (This enters with a +1/+1 counter on it for each color of mana
    spent to cast it.)" Cast with {W}{U}{B}{B}: three colors (black counts once), three +1/+1
    counters."""
    _compiled("Etched Oracle")
    g = _cast_with("{W}{U}{B}{B}", "Etched Oracle")
    assert permanent(g, "Etched Oracle")["counters"] == {"+1/+1": 3}


def test_cr_702_44a_sunburst_noncreature_gets_charge_counters_baton_of_courage():
    """Baton of Courage (an artifact, not a creature as it enters): charge counters, one for each
    color; colorless mana is no color (CR 105.1): {R}{G}{C} gives two."""
    _compiled("Baton of Courage")
    g = _cast_with("{R}{G}{C}", "Baton of Courage")
    assert permanent(g, "Baton of Courage")["counters"] == {"charge": 2}


def test_cr_614_1c_enters_with_counter_per_color_only_when_cast_springmantle_cleric():
    """Springmantle Cleric: "~ enters with a +1/+1 counter on it for each color of mana spent to
    cast it." {G}{W}{C}{C}{C}: two counters (a 4/5). Put onto the battlefield without being cast
    (a scenario's battlefield): none."""
    _compiled("Springmantle Cleric")
    g = _cast_with("{G}{W}{C}{C}{C}", "Springmantle Cleric")
    assert permanent(g, "Springmantle Cleric")["counters"] == {"+1/+1": 2}
    assert permanent(g, "Springmantle Cleric")["power"] == 4


# --------------------------------------------------------------------------------------------
# "you may have ~ deal", "also gain", "named ~", devotion, static prevention


def test_cr_603_5_you_may_have_it_deal_damage_hissing_iguanar():
    """Hissing Iguanar: "Whenever another creature dies, you may have Hissing Iguanar deal 1
    damage to target player or planeswalker." Grizzly Bears dies: target P2, yes: P2 at 19."""
    _compiled("Hissing Iguanar")
    g = scenario("""
players:
  - mana_pool: "{R}"
    battlefield: [Hissing Iguanar, Grizzly Bears]
    hand: [Lightning Bolt]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.act("cast Lightning Bolt")
    g.act("target Grizzly Bears")
    g.act("pass")
    assert labels(g) == ["target P1", "target P2"]
    g.act("target P2")
    g.act("pass")
    assert labels(g) == ["yes", "no"]
    g.act("yes")
    assert player(g, "P2")["life"] == 19


def test_cr_611_2c_also_gain_first_strike_only_white_creatures_sanctified_charge():
    """Sanctified Charge: "Creatures you control get +2/+1 until end of turn. White creatures you
    control also gain first strike until end of turn." Savannah Lions (white) gets first strike,
    Raging Goblin (red) only +2/+1."""
    _compiled("Sanctified Charge")
    g = _cast_in("{4}{W}", "Sanctified Charge", "[Savannah Lions, Raging Goblin]")
    lions, goblin = g.chars(_oid(g, "Savannah Lions")), g.chars(_oid(g, "Raging Goblin"))
    assert (lions.power, lions.toughness, goblin.power, goblin.toughness) == (4, 2, 3, 2)
    assert "first strike" in lions.keywords and "first strike" not in goblin.keywords


def _cast_in(cost: str, card: str, battlefield: str, target: str | None = None):
    pool = cost.replace("{4}", "{C}{C}{C}{C}")
    g = scenario(f"""
players:
  - mana_pool: "{pool}"
    hand: [{card}]
    battlefield: {battlefield}
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.act(f"cast {card}")
    if target:
        g.act(target)
    _pay(g)
    _resolve(g)
    return g


def _oid(g, name: str) -> int:
    return permanent(g, name)["id"]


def test_cr_201_5_add_for_each_named_self_powerstone_shard():
    """Powerstone Shard: "{T}: Add {C} for each artifact you control named Powerstone Shard."
    With two Shards (itself counted) one tap adds {C}{C}: enough for Grizzly Bears."""
    _compiled("Powerstone Shard")
    g = scenario("""
players:
  - hand: [Grizzly Bears]
    battlefield: [Powerstone Shard, Powerstone Shard]
    library: [Island]
  - library: [Island]
""")
    act = next(lab for lab in labels(g) if lab.startswith("activate Powerstone Shard"))
    g.act(act)
    assert player(g, "P1")["mana_pool"] == "{C}{C}"


def test_cr_615_1_prevent_all_damage_dealt_by_enchanted_creature_temporal_isolation():
    """Temporal Isolation: "Prevent all damage that would be dealt by enchanted creature." On
    Vithian Stinger, its "{T}: deal 1 damage to any target" deals none to P2."""
    _compiled("Temporal Isolation")
    g = _cast_in("{C}{W}", "Temporal Isolation", "[Vithian Stinger]", target="target Vithian Stinger")
    assert permanent(g, "Temporal Isolation")["attached_to"] == _oid(g, "Vithian Stinger")
    act = next(lab for lab in labels(g) if lab.startswith("activate Vithian Stinger") and "{T}" in lab)
    g.act(act)
    g.act("target P2")
    _resolve(g)
    assert player(g, "P2")["life"] == 20


def test_cr_700_5_devotion_counts_hybrid_symbols_gray_merchant_of_asphodel():
    """Gray Merchant of Asphodel: "When ~ enters, each opponent loses X life, where X is your
    devotion to black. You gain life equal to the life lost this way." Gray Merchant ({3}{B}{B})
    and Deathrite Shaman ({B/G}, a hybrid symbol counts, CR 700.5a): devotion 3, P2 at 17, P1 at
    23; the opponent's black permanents don't count."""
    _compiled("Gray Merchant of Asphodel")
    g = scenario("""
players:
  - mana_pool: "{B}{B}{C}{C}{C}"
    hand: [Gray Merchant of Asphodel]
    battlefield: [Deathrite Shaman]
    library: [Island, Island]
  - battlefield: [Gray Merchant of Asphodel]
    library: [Island, Island]
""")
    g.act("cast Gray Merchant of Asphodel")
    _pay(g)
    _resolve(g)
    _resolve(g)
    assert player(g, "P2")["life"] == 17
    assert player(g, "P1")["life"] == 23


# --------------------------------------------------------------------------------------------
# "discards two cards unless they discard a land card" (CR 701.9a)


COMPULSIVE = """
players:
  - mana_pool: "{U}{C}{C}"
    hand: [Compulsive Research]
    library: [Island, Grizzly Bears, Hill Giant, Forest]
  - library: [Island, Island]
"""


def _research(g) -> None:
    g.act("cast Compulsive Research")
    g.act("target P1")
    _pay(g)
    g.act("pass")


def test_cr_701_9a_discard_one_land_instead_of_two_compulsive_research():
    """Compulsive Research: "Target player draws three cards. Then that player discards two
    cards unless they discard a land card." P1 (the target) draws Island, Grizzly Bears, Hill
    Giant and discards only Island."""
    _compiled("Compulsive Research")
    g = scenario(COMPULSIVE)
    _research(g)
    assert labels(g) == ["discard Island", "discard 2 cards"]
    g.act("discard Island")
    assert sorted(player(g, "P1")["hand"]) == ["Grizzly Bears", "Hill Giant"]


def test_cr_701_9a_may_discard_two_cards_even_with_a_land_compulsive_research():
    """The player may discard two cards though a land card is in hand (the card's ruling): the
    land among them or not."""
    g = scenario(COMPULSIVE)
    _research(g)
    g.act("discard 2 cards")
    g.act("discard Grizzly Bears")
    g.act("discard Hill Giant")
    assert player(g, "P1")["hand"] == ["Island"]
    assert sorted(player(g, "P1")["graveyard"]) == ["Compulsive Research", "Grizzly Bears", "Hill Giant"]


def test_cr_701_9a_no_land_discards_two_compulsive_research():
    """Without a land card the player just discards two cards (no question of the land)."""
    g = scenario(COMPULSIVE.replace("[Island, Grizzly Bears, Hill Giant, Forest]",
                                    "[Savannah Lions, Grizzly Bears, Hill Giant, Forest]"))
    _research(g)
    assert labels(g) == ["discard Savannah Lions", "discard Grizzly Bears", "discard Hill Giant"]
    g.act("discard Savannah Lions")
    g.act("discard Hill Giant")
    assert player(g, "P1")["hand"] == ["Grizzly Bears"]


# --------------------------------------------------------------------------------------------
# "You may have ~ enter as a copy of a creature you control" (CR 707.2, 707.9)


MIMIC = """
players:
  - mana_pool: "{U}{C}{C}"
    hand: [Glasspool Mimic]
    battlefield: [Grizzly Bears]
    library: [Island, Island]
  - battlefield: [Hill Giant]
    library: [Island, Island]
"""


def test_cr_707_9_copy_of_a_creature_you_control_with_added_types_glasspool_mimic():
    """Glasspool Mimic: "You may have Glasspool Mimic enter the battlefield as a copy of a
    creature you control, except it's a Shapeshifter Rogue in addition to its other types."
    Only P1's Grizzly Bears may be copied (not P2's Hill Giant); the copy is a 2/2 Grizzly Bears
    that is a Bear Shapeshifter Rogue (the exception, CR 707.9b)."""
    _compiled("Glasspool Mimic // Glasspool Shore")
    g = scenario(MIMIC)
    g.act("cast Glasspool Mimic")
    _pay(g)
    g.act("pass")
    assert labels(g) == ["copy Grizzly Bears", "copy nothing"]
    g.act("copy Grizzly Bears")
    bears = [e for e in player(g, "P1")["battlefield"] if e["card"] == "Grizzly Bears"]
    assert len(bears) == 2
    copy = max(bears, key=lambda e: e["id"])
    c = g.chars(copy["id"])
    assert (c.power, c.toughness, c.subtypes) == (2, 2, ("Bear", "Shapeshifter", "Rogue"))


def test_cr_707_2_copy_of_any_creature_stunt_double():
    """Stunt Double: "... as a copy of any creature on the battlefield." The opponent's Hill Giant
    may be copied too; no exception: a Giant only."""
    _compiled("Stunt Double")
    g = scenario(MIMIC.replace("{U}{C}{C}", "{U}{C}{C}{C}").replace("Glasspool Mimic", "Stunt Double"))
    g.act("cast Stunt Double")
    _pay(g)
    g.act("pass")
    assert labels(g) == ["copy Grizzly Bears", "copy Hill Giant", "copy nothing"]
    g.act("copy Hill Giant")
    giant = [e for e in player(g, "P1")["battlefield"] if e["card"] == "Hill Giant"]
    assert len(giant) == 1 and g.chars(giant[0]["id"]).subtypes == ("Giant",)


def test_copy_with_other_exceptions_declined_quicksilver_gargantuan():
    """"..., except it's 7/7." (Quicksilver Gargantuan) and copies of noncreature permanents
    (Sculpting Steel) or of cards in a graveyard (Body Double) are not read."""
    _unsupported("Quicksilver Gargantuan", "except it's 7/7")
    _unsupported("Sculpting Steel", "as a copy of any artifact")
    _unsupported("Body Double", "creature card in a graveyard")


def test_cr_707_2_copy_counts_the_colors_spent_on_the_copy_glasspool_mimic():
    """Glasspool Mimic copying Springmantle Cleric has its "enters with a +1/+1 counter on it for
    each color of mana spent to cast it": the colors spent to cast the Mimic ({U}{G}{C}: two),
    the copied creature having been put onto the battlefield without being cast (none)."""
    g = scenario("""
players:
  - mana_pool: "{U}{G}{C}"
    hand: [Glasspool Mimic]
    battlefield: [Springmantle Cleric]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.act("cast Glasspool Mimic")
    _pay(g)
    g.act("pass")
    g.act("copy Springmantle Cleric")
    clerics = sorted((e["id"], e["counters"]) for e in player(g, "P1")["battlefield"])
    assert [c for _i, c in clerics] == [{}, {"+1/+1": 2}]


# --------------------------------------------------------------------------------------------
# "Target creature you control deals damage equal to its power to ...", "look at target
# opponent's hand", "Whenever you attack with two or more creatures"


def test_cr_120_3_bite_the_creature_deals_its_power_rabid_bite():
    """Rabid Bite: "Target creature you control deals damage equal to its power to target
    creature you don't control." Hill Giant (3) deals 3 to Grizzly Bears, which deals none back
    (not a fight)."""
    _compiled("Rabid Bite")
    g = scenario("""
players:
  - mana_pool: "{C}{G}"
    hand: [Rabid Bite]
    battlefield: [Hill Giant]
    library: [Island]
  - battlefield: [Grizzly Bears]
    library: [Island]
""")
    g.act("cast Rabid Bite")
    g.act("target Hill Giant")
    assert sorted(lab for lab in labels(g) if lab.startswith("target ")) == ["target Grizzly Bears"]
    g.act("target Grizzly Bears")
    _pay(g)
    _resolve(g)
    assert "Grizzly Bears" in player(g, "P2")["graveyard"]
    assert permanent(g, "Hill Giant")["damage"] == 0


def test_cr_608_2b_bite_no_damage_if_the_other_target_is_illegal_rabid_bite():
    """If either target is illegal as it resolves, no damage is dealt (Rabid Bite's ruling):
    Hill Giant returned to its owner's hand in response, the Bears take nothing."""
    g = scenario("""
players:
  - mana_pool: "{C}{G}{U}"
    hand: [Rabid Bite, Unsummon]
    battlefield: [Hill Giant]
    library: [Island]
  - battlefield: [Grizzly Bears]
    library: [Island]
""")
    g.act("cast Rabid Bite")
    g.act("target Hill Giant")
    g.act("target Grizzly Bears")
    _pay(g)
    g.act("cast Unsummon")
    g.act("target Hill Giant")
    _pay(g)
    _resolve(g)
    _resolve(g)
    assert permanent(g, "Grizzly Bears")["damage"] == 0


def test_cr_120_3_creature_deals_its_power_to_its_controller_dong_zhou():
    """Dong Zhou, the Tyrant: "When ~ enters, target creature an opponent controls deals damage
    equal to its power to that player." P2's Hill Giant deals 3 to P2."""
    _compiled("Dong Zhou, the Tyrant")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}{C}{C}"
    hand: ["Dong Zhou, the Tyrant"]
    library: [Island]
  - battlefield: [Hill Giant]
    library: [Island]
""")
    g.act("cast Dong Zhou, the Tyrant")
    _pay(g)
    g.act("pass")
    if labels(g) != ["pass"]:
        g.act("target Hill Giant")
    _resolve(g)
    assert player(g, "P2")["life"] == 17 and player(g, "P1")["life"] == 20


def test_cr_402_3_look_at_target_opponents_hand_changes_nothing_wu_scout():
    """Wu Scout: "When ~ enters, look at target opponent's hand." The hand stays where it is."""
    _compiled("Wu Scout")
    g = scenario("""
players:
  - mana_pool: "{U}{C}"
    hand: [Wu Scout]
    library: [Island]
  - hand: [Lightning Bolt]
    library: [Island]
""")
    g.act("cast Wu Scout")
    _pay(g)
    _resolve(g)
    g.act("target P2")
    _resolve(g)
    assert any("P1 looks at P2's hand" in line for line in g.log)
    assert not any("Lightning Bolt" in line for line in g.log)  # the other players don't see it
    assert len(player(g, "P2")["hand"]) == 1


def test_cr_508_3d_attack_with_two_or_more_creatures_military_intelligence():
    """Military Intelligence: "Whenever you attack with two or more creatures, draw a card."
    Two attackers: one card drawn."""
    from tests.compiler.test_templates_combat import attack
    _compiled("Military Intelligence")
    g = scenario("""
players:
  - battlefield: [Military Intelligence, Grizzly Bears, Savannah Lions]
    library: [Island, Island, Forest]
  - library: [Island, Island]
""")
    hand = len(player(g, "P1")["hand"])
    attack(g, "Grizzly Bears", "Savannah Lions")
    assert len(g.state_json()["stack"]) == 1
    g.act("pass")
    assert len(player(g, "P1")["hand"]) == hand + 1


def test_cr_508_3d_attack_with_one_creature_doesnt_trigger_military_intelligence():
    """One attacker: no trigger."""
    from tests.compiler.test_templates_combat import attack
    g = scenario("""
players:
  - battlefield: [Military Intelligence, Grizzly Bears, Savannah Lions]
    library: [Island, Island, Forest]
  - library: [Island, Island]
""")
    hand = len(player(g, "P1")["hand"])
    attack(g, "Grizzly Bears")
    assert g.state_json()["stack"] == []
    assert len(player(g, "P1")["hand"]) == hand


# --------------------------------------------------------------------------------------------
# "Sacrifice another creature" costs; "If a Saproling was sacrificed this way" (CR 608.2h)


OMNIVORE = """
players:
  - mana_pool: "{G}{C}{C}"
    hand: [Sprout]
    battlefield: [Thallid Omnivore, Grizzly Bears]
    library: [Island]
  - library: [Island]
"""


def _omnivore(g, victim: str) -> None:
    g.act("cast Sprout")
    _pay(g)
    g.act("pass")
    g.act(next(lab for lab in labels(g) if lab.startswith("activate Thallid Omnivore")))
    assert labels(g) == ["sacrifice Grizzly Bears", "sacrifice Saproling Token"]  # not itself
    g.act(f"sacrifice {victim}")
    _pay(g)
    _resolve(g)


def test_cr_608_2h_saproling_sacrificed_this_way_gains_life_thallid_omnivore():
    """Thallid Omnivore: "{1}, Sacrifice another creature: ~ gets +2/+2 until end of turn. If a
    Saproling was sacrificed this way, you gain 2 life." The Saproling token from Sprout: +2/+2
    and 2 life."""
    _compiled("Thallid Omnivore")
    g = scenario(OMNIVORE)
    _omnivore(g, "Saproling Token")
    assert player(g, "P1")["life"] == 22
    assert g.chars(permanent(g, "Thallid Omnivore")["id"]).power == 5  # a 3/3 with +2/+2


def test_cr_608_2h_other_creature_sacrificed_no_life_thallid_omnivore():
    """Grizzly Bears (a Bear) sacrificed: +2/+2, no life."""
    g = scenario(OMNIVORE)
    _omnivore(g, "Grizzly Bears")
    assert player(g, "P1")["life"] == 20
    assert g.chars(permanent(g, "Thallid Omnivore")["id"]).power == 5  # a 3/3 with +2/+2


def test_cr_602_2_sacrifice_another_creature_needs_another_brion_stoutarm():
    """Brion Stoutarm: "{R}, {T}, Sacrifice another creature: ~ deals damage equal to the
    sacrificed creature's power to target player or planeswalker." Alone, it can't be activated
    (it can't sacrifice itself); with Hill Giant: 3 damage."""
    _compiled("Brion Stoutarm")
    alone = scenario("""
players:
  - mana_pool: "{R}"
    battlefield: [Brion Stoutarm]
    library: [Island]
  - library: [Island]
""")
    assert not any(lab.startswith("activate Brion Stoutarm") for lab in labels(alone))
    g = scenario("""
players:
  - mana_pool: "{R}"
    battlefield: [Brion Stoutarm, Hill Giant]
    library: [Island]
  - library: [Island]
""")
    g.act(next(lab for lab in labels(g) if lab.startswith("activate Brion Stoutarm")))
    g.act("target P2")
    _pay(g)
    _resolve(g)
    assert player(g, "P2")["life"] == 17
    assert "Hill Giant" in player(g, "P1")["graveyard"]


# --------------------------------------------------------------------------------------------
# Angelic Renewal, Prismatic Strands (PP19's cards)


RENEWAL = """
players:
  - mana_pool: "{R}"
    battlefield: [Angelic Renewal, Savannah Lions]
    hand: [Lightning Bolt]
    library: [Island]
  - battlefield: [Grizzly Bears]
    library: [Island]
"""


def test_cr_603_10a_creature_into_your_graveyard_returns_angelic_renewal():
    """Angelic Renewal: "Whenever a creature is put into your graveyard from the battlefield, you
    may sacrifice Angelic Renewal. If you do, return that card to the battlefield." Savannah
    Lions dies to Lightning Bolt: Renewal is sacrificed, the Lions come back (a new object,
    summoning sick)."""
    _compiled("Angelic Renewal")
    g = scenario(RENEWAL)
    g.act("cast Lightning Bolt")
    g.act("target Savannah Lions")
    _pay(g)
    g.act("pass")
    g.act("pass")
    assert labels(g) == ["yes", "no"]
    g.act("yes")
    assert permanent(g, "Savannah Lions")["summoning_sick"] is True
    assert sorted(player(g, "P1")["graveyard"]) == ["Angelic Renewal", "Lightning Bolt"]


def test_cr_603_10a_an_opponents_creature_doesnt_trigger_angelic_renewal():
    """A creature P2 owns goes to P2's graveyard: no trigger."""
    g = scenario(RENEWAL)
    g.act("cast Lightning Bolt")
    g.act("target Grizzly Bears")
    _pay(g)
    g.act("pass")
    assert g.state_json()["stack"] == []
    assert "Angelic Renewal" in [e["card"] for e in player(g, "P1")["battlefield"]]


def test_cr_701_21a_declined_renewal_returns_nothing_angelic_renewal():
    """"no": nothing is sacrificed, nothing returns (the "if you do" part)."""
    g = scenario(RENEWAL)
    g.act("cast Lightning Bolt")
    g.act("target Savannah Lions")
    _pay(g)
    g.act("pass")
    g.act("pass")
    g.act("no")
    assert "Savannah Lions" in player(g, "P1")["graveyard"]
    assert "Angelic Renewal" in [e["card"] for e in player(g, "P1")["battlefield"]]


STRANDS = """
players:
  - mana_pool: "{W}{W}{C}{R}"
    hand: [Prismatic Strands, Lightning Bolt]
    battlefield: [Savannah Lions]
    library: [Island]
  - battlefield: [Grizzly Bears]
    library: [Island]
"""


def _strands_then_bolt(color: str):
    g = scenario(STRANDS)
    g.act("cast Prismatic Strands")
    _pay(g)
    _resolve(g)
    assert labels(g) == ["color W", "color U", "color B", "color R", "color G"]
    g.act(f"color {color}")
    g.act("cast Lightning Bolt")
    g.act("target P2")
    _pay(g)
    _resolve(g)
    return g


def test_cr_615_1_prevent_damage_from_sources_of_the_chosen_color_prismatic_strands():
    """Prismatic Strands: "Prevent all damage that sources of the color of your choice would deal
    this turn." Red chosen: Lightning Bolt (red, whoever controls it) then deals no damage."""
    _compiled("Prismatic Strands")
    assert player(_strands_then_bolt("R"), "P2")["life"] == 20


def test_cr_615_1_other_colors_not_prevented_prismatic_strands():
    """White chosen: the red Bolt deals its 3."""
    assert player(_strands_then_bolt("W"), "P2")["life"] == 17


def test_cr_702_34a_flashback_by_tapping_a_white_creature_prismatic_strands():
    """"Flashback—Tap an untapped white creature you control." From the graveyard, cast by
    tapping Savannah Lions (no mana); then exiled. With the Lions tapped, it can't be cast."""
    g = scenario("""
players:
  - graveyard: [Prismatic Strands]
    battlefield: [Savannah Lions, Grizzly Bears]
    library: [Island]
  - library: [Island]
""")
    cast = "cast Prismatic Strands with flashback tap an untapped white creature you control"
    assert cast in labels(g)
    g.act(cast)
    _pay(g)
    assert permanent(g, "Savannah Lions")["tapped"] is True
    assert permanent(g, "Grizzly Bears")["tapped"] is False
    g.act("pass")
    if labels(g) != ["pass"]:
        g.act("color G")
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Prismatic Strands"]
    tapped = scenario("""
players:
  - graveyard: [Prismatic Strands]
    battlefield: [{card: Savannah Lions, tapped: true}, Grizzly Bears]
    library: [Island]
  - library: [Island]
""")
    assert cast not in labels(tapped)


# --------------------------------------------------------------------------------------------
# Mortuary Mire ("on top of your library"), Fatal Push (mana value judged as it resolves)


def test_cr_401_4_put_target_creature_card_on_top_of_library_mortuary_mire():
    """Mortuary Mire: "When ~ enters, you may put target creature card from your graveyard on
    top of your library." Played: Grizzly Bears goes from the graveyard to the library's top."""
    _compiled("Mortuary Mire")
    g = scenario("""
players:
  - hand: [Mortuary Mire]
    graveyard: [Grizzly Bears, Lightning Bolt]
    library: [Island, Island]
  - library: [Island]
""")
    g.act("play Mortuary Mire")
    assert sorted(lab for lab in labels(g) if lab.startswith("target ")) == ["target Grizzly Bears"]
    g.act("target Grizzly Bears")
    g.act("pass")
    if "yes" in labels(g):
        g.act("yes")
    assert player(g, "P1")["graveyard"] == ["Lightning Bolt"]
    assert g.players[0].library and g.name_of(g.players[0].library[0]) == "Grizzly Bears"


PUSH = """
players:
  - mana_pool: "{B}"
    hand: [Fatal Push]
    battlefield: [Savannah Lions]
    library: [Island]
  - battlefield: [Hill Giant, Grizzly Bears]
    library: [Island]
"""


def test_cr_608_2h_fatal_push_destroys_only_mana_value_two_or_less():
    """Fatal Push: "Destroy target creature if it has mana value 2 or less." Any creature may be
    targeted; Hill Giant (mana value 4) survives, Grizzly Bears (2) is destroyed."""
    _compiled("Fatal Push")
    g = scenario(PUSH)
    g.act("cast Fatal Push")
    g.act("target Hill Giant")
    _pay(g)
    _resolve(g)
    assert "Hill Giant" in [e["card"] for e in player(g, "P2")["battlefield"]]
    g = scenario(PUSH)
    g.act("cast Fatal Push")
    g.act("target Grizzly Bears")
    _pay(g)
    _resolve(g)
    assert player(g, "P2")["graveyard"] == ["Grizzly Bears"]


def test_cr_603_4_revolt_raises_the_limit_fatal_push():
    """Revolt — "Destroy that creature if it has mana value 4 or less instead if a permanent you
    controlled left the battlefield this turn." After P1's Savannah Lions died to Lightning Bolt,
    Fatal Push destroys Hill Giant (mana value 4)."""
    g = scenario("""
players:
  - mana_pool: "{B}{R}"
    hand: [Fatal Push, Lightning Bolt]
    battlefield: [Savannah Lions]
    library: [Island]
  - battlefield: [Hill Giant]
    library: [Island]
""")
    g.act("cast Lightning Bolt")
    g.act("target Savannah Lions")
    _pay(g)
    _resolve(g)
    g.act("cast Fatal Push")
    g.act("target Hill Giant")
    _pay(g)
    _resolve(g)
    assert player(g, "P2")["graveyard"] == ["Hill Giant"]


# --------------------------------------------------------------------------------------------
# "Return X target creature cards ... from your graveyard to the battlefield" (CR 601.2b-c)


RANKS = """
players:
  - mana_pool: "{W}{W}{C}{C}"
    hand: [Return to the Ranks]
    graveyard: [Grizzly Bears, Savannah Lions, Hill Giant]
    library: [Island]
  - library: [Island]
"""


def test_cr_601_2c_x_targets_exactly_x_return_to_the_ranks():
    """Return to the Ranks: "Return X target creature cards with mana value 2 or less from your
    graveyard to the battlefield." X is at most the two legal targets (Hill Giant's mana value is
    4); with X = 2 both are chosen and return."""
    _compiled("Return to the Ranks")
    g = scenario(RANKS)
    g.act("cast Return to the Ranks")
    assert labels(g) == ["x 0", "x 1", "x 2"]
    g.act("x 2")
    assert labels(g) == ["target Grizzly Bears", "target Savannah Lions"]  # no "done": exactly X
    g.act("target Grizzly Bears")
    g.act("target Savannah Lions")
    _pay(g)
    _resolve(g)
    assert sorted(e["card"] for e in player(g, "P1")["battlefield"]) == ["Grizzly Bears", "Savannah Lions"]
    assert sorted(player(g, "P1")["graveyard"]) == ["Hill Giant", "Return to the Ranks"]


def test_cr_601_2c_x_zero_no_targets_return_to_the_ranks():
    """X = 0: no target is chosen and the spell resolves doing nothing (not countered: it has no
    targets to be illegal, CR 608.2b)."""
    g = scenario(RANKS)
    g.act("cast Return to the Ranks")
    g.act("x 0")
    _pay(g)
    _resolve(g)
    assert sorted(player(g, "P1")["graveyard"]) == ["Grizzly Bears", "Hill Giant", "Return to the Ranks",
                                                   "Savannah Lions"]
