"""The templates of the mana family (templates/manaland.py): spending restrictions, mana
abilities with activation restrictions, "instead" mana, mana and life counted as the ability
resolves, X counters removed as a cost, and the {C} reminder line; each through real cards
compiled from their Oracle text, the Oracle line and the rule it follows in each docstring."""

from __future__ import annotations

from tests.compiler.test_templates_combat import attack
from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario
from tests.helpers import unsupported as _unsupported


def _casts(g) -> list[str]:
    return [lab for lab in labels(g) if lab.startswith("cast ")]


# ---------------------------------------------------------------------------------------------
# spending restrictions (CR 106.6)


def test_cr_106_6_mana_only_for_colorless_eldrazi_eldrazi_temple():
    """Eldrazi Temple: "{T}: Add {C}{C}. Spend this mana only to cast colorless Eldrazi spells or
    activate abilities of colorless Eldrazi." It pays for Eldrazi Skyspawner (devoid: colorless,
    an Eldrazi) and not for Grizzly Bears."""
    _compiled("Eldrazi Temple")
    g = scenario("""
players:
  - hand: [Eldrazi Skyspawner]
    battlefield: [Eldrazi Temple, Island]
""")
    g.run_line(["activate Eldrazi Temple: {T}: Add {C}{C}. Spend", "activate Island"])
    assert player(g, "P1")["restricted_mana"] == [
        {"mana": "{C}", "amount": 2, "restriction": "colorless Eldrazi spells and abilities"}]
    g.run_line(["cast Eldrazi Skyspawner"])
    assert player(g, "P1")["mana_pool"] == ""
    g = scenario("""
players:
  - hand: [Grizzly Bears]
    battlefield: [Eldrazi Temple, Forest]
""")
    g.run_line(["activate Eldrazi Temple: {T}: Add {C}{C}. Spend", "activate Forest"])
    assert player(g, "P1")["mana_pool"] == "{G}{C}{C}"
    assert _casts(g) == []


def test_cr_106_6_restricted_mana_is_not_spent_on_other_spells_eldrazi_temple():
    """Eldrazi Temple: the restricted {C}{C} stays in the pool while Bone Saw (not an Eldrazi) is
    paid with the Wastes' mana (CR 106.6: the restriction holds as the cost is paid)."""
    g = scenario("""
players:
  - hand: [Bone Saw]
    battlefield: [Eldrazi Temple, Wastes]
""")
    g.run_line(["activate Eldrazi Temple: {T}: Add {C}{C}. Spend", "cast Bone Saw", "activate Wastes", "pass"])
    assert permanent(g, "Bone Saw")
    assert player(g, "P1")["restricted_mana"][0]["amount"] == 2


def test_cr_106_6_mana_only_for_colorless_spells_shrine_of_the_forsaken_gods():
    """Shrine of the Forsaken Gods: "{T}: Add {C}{C}. Spend this mana only to cast colorless
    spells. Activate only if you control seven or more lands." Its mana pays for Hedron Crawler
    (colorless) but not for Grizzly Bears' generic part."""
    _compiled("Shrine of the Forsaken Gods")
    lands = "[Shrine of the Forsaken Gods, Forest, Forest, Forest, Forest, Forest, Forest]"
    g = scenario(f"""
players:
  - hand: [Hedron Crawler, Grizzly Bears]
    battlefield: {lands}
""")
    g.run_line(["activate Shrine of the Forsaken Gods: {T}: Add {C}{C}. Spend"])
    g.run_line(["activate Forest"])
    assert "cast Hedron Crawler" in labels(g) and "cast Grizzly Bears" not in labels(g)
    g.run_line(["cast Hedron Crawler", "pay {1} with {C} (colorless spells only)",
                "pay {1} with {C} (colorless spells only)"])
    assert player(g, "P1")["mana_pool"] == "{G}"


def test_cr_602_5b_mana_ability_activate_only_if_shrine_of_the_forsaken_gods():
    """Shrine of the Forsaken Gods with six lands: its second mana ability can't be activated."""
    g = scenario("""
players:
  - battlefield: [Shrine of the Forsaken Gods, Forest, Forest, Forest, Forest, Forest]
""")
    assert not any("Spend this mana only" in lab for lab in labels(g))


def test_cr_602_5b_mana_ability_activate_only_if_temple_of_the_false_god():
    """Temple of the False God: "{T}: Add {C}{C}. Activate only if you control five or more
    lands." With four lands it can't be activated; with five it adds {C}{C}."""
    _compiled("Temple of the False God")
    g = scenario("""
players:
  - battlefield: [Temple of the False God, Forest, Forest, Forest]
""")
    assert not any(lab.startswith("activate Temple") for lab in labels(g))
    g = scenario("""
players:
  - battlefield: [Temple of the False God, Forest, Forest, Forest, Forest]
""")
    g.run_line(["activate Temple of the False God"])
    assert player(g, "P1")["mana_pool"] == "{C}{C}"


def test_cr_605_automatic_payment_leaves_restricted_sources_temple_of_the_false_god():
    """With automatic payment, a mana ability with an activation restriction is never tapped for
    the player (engine/autopay.py): Grizzly Bears is paid with the two Forests."""
    g = scenario("""
mana_payment: auto
players:
  - hand: [Grizzly Bears]
    battlefield: [Temple of the False God, Forest, Forest, Forest, Forest]
""")
    g.run_line(["cast Grizzly Bears", "pass"])
    assert not permanent(g, "Temple of the False God")["tapped"]
    assert sum(p["tapped"] for p in permanents(g, "Forest")) == 2


def test_cr_106_6_all_qualities_of_one_alternative_gnarlroot_trapper():
    """Gnarlroot Trapper: "{T}, Pay 1 life: Add {G}. Spend this mana only to cast an Elf creature
    spell." With {G} more, Grizzly Bears ({1}{G}) can't be cast; Llanowar Elves (an Elf creature)
    is paid with the restricted {G} first (never worth more than unrestricted mana)."""
    _compiled("Gnarlroot Trapper")
    g = scenario("""
players:
  - hand: [Llanowar Elves, Grizzly Bears]
    mana_pool: "{G}"
    battlefield: [Gnarlroot Trapper]
""")
    g.run_line(["activate Gnarlroot Trapper"])
    assert player(g, "P1")["restricted_mana"][0]["restriction"] == "Elf creature spells"
    assert "cast Grizzly Bears" not in labels(g)
    g.run_line(["cast Llanowar Elves"])
    assert player(g, "P1")["mana_pool"] == "{G}"
    assert "restricted_mana" not in player(g, "P1")


def test_cr_106_6_multicolored_spells_pillar_of_the_paruns():
    """Pillar of the Paruns: "{T}: Add one mana of any color. Spend this mana only to cast a
    multicolored spell." Its mana doesn't pay for Grizzly Bears (green only)."""
    _compiled("Pillar of the Paruns")
    g = scenario("""
players:
  - hand: [Grizzly Bears]
    mana_pool: "{G}"
    battlefield: [Pillar of the Paruns]
""")
    g.run_line(["activate Pillar of the Paruns", "color G"])
    assert player(g, "P1")["mana_pool"] == "{G}{G}"
    assert "cast Grizzly Bears" not in labels(g)


def test_cr_106_6_declined_restrictions():
    """Restrictions naming a chosen type, riders or costs are not read."""
    _unsupported("Pillar of Origins", "Spend this mana only to cast a creature spell of the chosen type")
    _unsupported("Elfhame Druid", "Spend this mana only to cast kicked spells")
    _unsupported("Jeweled Lotus", "Spend this mana only to cast your commander")
    _unsupported("Corrupted Crossroads", "Spend this mana only to cast a spell with devoid")
    _unsupported("Automated Artificer", "Spend this mana only to activate an ability or cast an artifact spell")
    _unsupported("Elementalist's Palette", "Spend this mana only on costs that contain {X}")


# ---------------------------------------------------------------------------------------------
# "instead" (CR 608.2c), mana and life counted as it resolves


def test_cr_608_2c_add_more_instead_urzas_tower():
    """Urza's Tower: "{T}: Add {C}. If you control an Urza's Mine and an Urza's Power-Plant, add
    {C}{C}{C} instead." With all three: 2 + 2 + 3; without the Power Plant: 1 + 1."""
    _compiled("Urza's Mine", "Urza's Tower", "Urza's Power Plant")
    g = scenario("""
players:
  - battlefield: [Urza's Mine, Urza's Tower, Urza's Power Plant]
""")
    g.run_line(["activate Urza's Mine", "activate Urza's Tower", "activate Urza's Power Plant"])
    assert player(g, "P1")["mana_pool"] == "{C}" * 7
    g = scenario("""
players:
  - battlefield: [Urza's Mine, Urza's Tower]
""")
    g.run_line(["activate Urza's Mine", "activate Urza's Tower"])
    assert player(g, "P1")["mana_pool"] == "{C}{C}"


def test_cr_106_3_mana_for_each_charge_counter_everflowing_chalice():
    """Everflowing Chalice: "{T}: Add {C} for each charge counter on Everflowing Chalice." Two
    counters: {C}{C}; none: no mana (its ruling)."""
    _compiled("Everflowing Chalice")
    g = scenario("""
players:
  - battlefield: [{card: Everflowing Chalice, counters: {charge: 2}}]
""")
    g.run_line(["activate Everflowing Chalice"])
    assert player(g, "P1")["mana_pool"] == "{C}{C}"
    g = scenario("""
players:
  - battlefield: [Everflowing Chalice]
""")
    g.run_line(["activate Everflowing Chalice"])
    assert player(g, "P1")["mana_pool"] == ""
    assert permanent(g, "Everflowing Chalice")["tapped"]


def test_cr_702_33c_multikicked_chalice_enters_with_counters_everflowing_chalice():
    """Everflowing Chalice kicked twice (Multikicker {2}) enters with two charge counters and
    taps for {C}{C}."""
    g = scenario("""
players:
  - hand: [Everflowing Chalice]
    mana_pool: "{C}{C}{C}{C}"
""")
    g.run_line(["cast Everflowing Chalice", "pay multikicker {2} 2 times", "pass"])
    assert permanent(g, "Everflowing Chalice")["counters"] == {"charge": 2}
    g.run_line(["activate Everflowing Chalice"])
    assert player(g, "P1")["mana_pool"] == "{C}{C}"


def test_cr_119_3_gain_life_for_each_tomb_of_the_spirit_dragon():
    """Tomb of the Spirit Dragon: "{2}, {T}: You gain 1 life for each colorless creature you
    control." Ornithopter and Memnite count, Grizzly Bears doesn't: 2 life."""
    _compiled("Tomb of the Spirit Dragon")
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [Tomb of the Spirit Dragon, Ornithopter, Memnite, Grizzly Bears]
""")
    g.run_line(["activate Tomb of the Spirit Dragon: {2}, {T}", "pass"])
    assert player(g, "P1")["life"] == 22


# ---------------------------------------------------------------------------------------------
# X counters removed as a cost (CR 107.3, 601.2b)


def test_cr_107_3_remove_any_number_of_storage_counters_mage_ring_network():
    """Mage-Ring Network: "{T}, Remove any number of storage counters from Mage-Ring Network: Add
    {C} for each storage counter removed this way." X from 0 to its three counters; 2 removed,
    {C}{C} added."""
    _compiled("Mage-Ring Network")
    g = scenario("""
players:
  - battlefield: [{card: Mage-Ring Network, counters: {storage: 3}}]
""")
    g.run_line(["activate Mage-Ring Network: {T}, Remove"])
    assert labels(g) == ["x 0", "x 1", "x 2", "x 3"]
    g.run_line(["x 2"])
    assert player(g, "P1")["mana_pool"] == "{C}{C}"
    assert permanent(g, "Mage-Ring Network")["counters"] == {"storage": 1}


def test_cr_601_2b_remove_x_counters_announces_x_arcbound_javelineer():
    """Arcbound Javelineer: "{T}, Remove X +1/+1 counters from Arcbound Javelineer: It deals X
    damage to target attacking or blocking creature." X is announced as it is activated, at
    most the counters on it (CR 601.2b): X = 2 kills an attacking Grizzly Bears."""
    g = scenario("""
format: duel
players:
  - battlefield: [{card: Arcbound Javelineer, counters: {"+1/+1": 3}}, Grizzly Bears]
  - battlefield: []
""")
    attack(g, "Grizzly Bears")
    g.run_line(["activate Arcbound Javelineer"])
    assert labels(g) == ["x 0", "x 1", "x 2", "x 3"]
    g.run_line(["x 2"])
    while g.decision.kind != "priority":
        g.act(labels(g)[0])
    g.run_line(["pass", "pass"])
    assert permanents(g, "Grizzly Bears") == []
    assert permanent(g, "Arcbound Javelineer")["counters"] == {"+1/+1": 1}


# ---------------------------------------------------------------------------------------------
# activation restrictions (CR 602.5b)


def test_cr_602_5b_activate_only_if_you_control_a_creature_with_power_bonders_enclave():
    """Bonders' Enclave: "{3}, {T}: Draw a card. Activate only if you control a creature with
    power 4 or greater." Not with Grizzly Bears; with Craw Wurm (6/4), yes."""
    _compiled("Bonders' Enclave")
    yaml = """
players:
  - mana_pool: "{{C}}{{C}}{{C}}"
    library: [Island]
    battlefield: [Bonders' Enclave, {creature}]
"""
    g = scenario(yaml.format(creature="Grizzly Bears"))
    assert not any(lab.startswith("activate Bonders' Enclave: {3}") for lab in labels(g))
    g = scenario(yaml.format(creature="Craw Wurm"))
    g.run_line(["activate Bonders' Enclave: {3}", "pass"])
    assert len(player(g, "P1")["hand"]) == 1


# ---------------------------------------------------------------------------------------------
# reminder text (CR 207.2a)


def test_cr_207_2a_colorless_reminder_is_no_ability_spatial_contortion():
    """Spatial Contortion: "({C} represents colorless mana.)" is no ability; "Target creature gets
    +3/-3 until end of turn." kills Grizzly Bears."""
    _compiled("Spatial Contortion")
    g = scenario("""
players:
  - hand: [Spatial Contortion]
    mana_pool: "{C}{C}"
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Spatial Contortion", "target Grizzly Bears", "pass"])
    assert permanents(g, "Grizzly Bears") == []


def test_cr_115_1_power_or_toughness_one_or_less_warping_wail():
    """Warping Wail: "Exile target creature with power or toughness 1 or less." Ornithopter (0/2)
    is a legal target, Grizzly Bears (2/2) is not (CR 115.1, 601.2c)."""
    _compiled("Warping Wail")
    g = scenario("""
players:
  - hand: [Warping Wail]
    mana_pool: "{C}{C}"
  - battlefield: [Grizzly Bears, Ornithopter]
""")
    g.run_line(["cast Warping Wail"])
    opts = labels(g)
    mode = next(lab for lab in opts if "Exile" in lab)
    g.run_line([mode])
    opts = labels(g)
    assert any("Ornithopter" in lab for lab in opts) and not any("Grizzly Bears" in lab for lab in opts)


# ---------------------------------------------------------------------------------------------
# untapping during other players' untap steps (CR 502.3)


def test_cr_502_3_untap_during_each_other_players_untap_step_endbringer():
    """Endbringer: "Untap Endbringer during each other player's untap step." In P2's untap step
    it untaps with P2's permanents; P1's tapped Forest stays tapped."""
    _compiled("Endbringer")
    g = scenario("""
format: duel
step: end
players:
  - library: [Island, Island]
    battlefield: [{card: Endbringer, tapped: true}, {card: Forest, tapped: true}]
  - library: [Island, Island]
""")
    pass_until(g, "upkeep", turn=2)
    assert not permanent(g, "Endbringer")["tapped"]
    assert permanent(g, "Forest")["tapped"]


# ---------------------------------------------------------------------------------------------
# "As ~ enters, you may reveal ... If you don't, ~ enters tapped." (CR 614.12)


def test_cr_614_12_reveal_a_land_card_or_enter_tapped_port_town():
    """Port Town: "As Port Town enters, you may reveal a Plains or Island card from your hand. If
    you don't, Port Town enters tapped." With an Island in hand: revealed, untapped; with only a
    Forest: the one option is not to reveal, and it enters tapped."""
    _compiled("Port Town", "Vineglimmer Snarl", "Gilt-Leaf Palace")
    g = scenario("""
players:
  - hand: [Port Town, Island, Island, Forest]
""")
    g.run_line(["play Port Town"])
    assert labels(g) == ["reveal Island", "reveal nothing"]
    g.run_line(["reveal Island"])
    assert not permanent(g, "Port Town")["tapped"]
    assert "P1 reveals Island (Port Town)" in g.log
    g = scenario("""
players:
  - hand: [Port Town, Forest]
""")
    g.run_line(["play Port Town", "reveal nothing"])
    assert permanent(g, "Port Town")["tapped"]


def test_cr_614_12_choosing_not_to_reveal_enters_tapped_gilt_leaf_palace():
    """Gilt-Leaf Palace: "you may reveal an Elf card" — Llanowar Elves may be revealed; choosing
    not to, it enters tapped."""
    g = scenario("""
players:
  - hand: [Gilt-Leaf Palace, Llanowar Elves]
""")
    g.run_line(["play Gilt-Leaf Palace"])
    assert labels(g) == ["reveal Llanowar Elves", "reveal nothing"]
    g.run_line(["reveal nothing"])
    assert permanent(g, "Gilt-Leaf Palace")["tapped"]


# ---------------------------------------------------------------------------------------------
# "tapped for mana" triggers (CR 106.12a, 605.1b)


def test_cr_106_12a_tap_a_permanent_for_colorless_forsaken_monument():
    """Forsaken Monument: "Whenever you tap a permanent for {C}, add an additional {C}." Wastes:
    {C}{C}; Forest: {G} only; Sol Ring ({C}{C}): one additional {C} (its ruling)."""
    _compiled("Forsaken Monument")
    g = scenario("""
players:
  - battlefield: [Forsaken Monument, Wastes, Forest, Sol Ring]
""")
    g.run_line(["activate Wastes"])
    assert player(g, "P1")["mana_pool"] == "{C}{C}"
    g.run_line(["activate Forest"])
    assert player(g, "P1")["mana_pool"] == "{G}{C}{C}"
    g.run_line(["activate Sol Ring"])
    assert player(g, "P1")["mana_pool"] == "{G}" + "{C}" * 5


def test_cr_605_sources_that_cannot_make_the_type_stay_simple_forsaken_monument():
    """With Forsaken Monument, automatic payment still taps Forests (they can't produce {C}, so
    the trigger can't change their mana): Grizzly Bears is cast at once, the Wastes untapped."""
    g = scenario("""
mana_payment: auto
players:
  - hand: [Grizzly Bears]
    battlefield: [Forsaken Monument, Wastes, Forest, Forest]
""")
    g.run_line(["cast Grizzly Bears", "pass"])
    assert permanent(g, "Grizzly Bears")
    assert not permanent(g, "Wastes")["tapped"]


def test_cr_106_12a_enchanted_land_adds_an_additional_mana_overgrowth():
    """Overgrowth: "Whenever enchanted land is tapped for mana, its controller adds an additional
    {G}{G}." The enchanted Forest makes {G}{G}{G}; the other Forest {G}."""
    _compiled("Overgrowth", "Fertile Ground")
    g = scenario("""
players:
  - battlefield: [Forest, {card: Overgrowth, attached_to: Forest}, Swamp]
""")
    g.run_line(["activate Forest"])
    assert player(g, "P1")["mana_pool"] == "{G}{G}{G}"
    g.run_line(["activate Swamp"])
    assert player(g, "P1")["mana_pool"] == "{B}{G}{G}{G}"


def test_cr_106_12a_you_tap_a_land_for_mana_mirari_s_wake():
    """Mirari's Wake: "Whenever you tap a land for mana, add one mana of any type that land
    produced." A Swamp makes {B}{B}; an opponent's land is not "you"."""
    _compiled("Mirari's Wake")
    g = scenario("""
players:
  - battlefield: [Mirari's Wake, Swamp]
""")
    g.run_line(["activate Swamp"])
    assert player(g, "P1")["mana_pool"] == "{B}{B}"


# ---------------------------------------------------------------------------------------------
# more activation restrictions and costs


def test_cr_602_5b_three_lands_with_the_same_name_endless_atlas():
    """Endless Atlas: "{2}, {T}: Draw a card. Activate only if you control three or more lands
    with the same name." Two Islands and a Forest: no; three Islands: yes."""
    _compiled("Endless Atlas")
    yaml = """
players:
  - mana_pool: "{{C}}{{C}}"
    library: [Island]
    battlefield: [Endless Atlas, Island, Island, {third}]
"""
    g = scenario(yaml.format(third="Forest"))
    assert not any(lab.startswith("activate Endless Atlas") for lab in labels(g))
    g = scenario(yaml.format(third="Island"))
    g.run_line(["activate Endless Atlas", "pass"])
    assert player(g, "P1")["hand"] == ["Island"]


def test_cr_903_4_pay_life_equal_to_commander_colors_war_room():
    """War Room: "{3}, {T}, Pay life equal to the number of colors in your commanders' color
    identity: Draw a card." Two colors: 2 life; without a commander it can't be activated (its
    rulings)."""
    _compiled("War Room")
    yaml = """
players:
  - mana_pool: "{{C}}{{C}}{{C}}"
    library: [Island]
    battlefield: [War Room]
    {colors}
"""
    g = scenario(yaml.format(colors="commander_colors: WU"))
    g.run_line(["activate War Room: {3}", "pass"])
    assert player(g, "P1")["life"] == 18
    assert player(g, "P1")["hand"] == ["Island"]
    g = scenario(yaml.format(colors=""))
    assert not any(lab.startswith("activate War Room: {3}") for lab in labels(g))


def test_cr_400_7_entered_the_battlefield_this_turn_ruins_of_oran_rief():
    """Ruins of Oran-Rief: "{T}: Put a +1/+1 counter on target colorless creature that entered the
    battlefield this turn." Memnite cast this turn may be targeted; Ornithopter, there since
    before, and Grizzly Bears (green) may not."""
    _compiled("Ruins of Oran-Rief")
    g = scenario("""
players:
  - hand: [Memnite]
    battlefield: [Ruins of Oran-Rief, Ornithopter, Grizzly Bears]
""")
    assert not any("Put a +1/+1" in lab for lab in labels(g))
    g.run_line(["cast Memnite", "pass", "activate Ruins of Oran-Rief: {T}: Put"])
    assert labels(g) == ["target Memnite"]
    g.run_line(["target Memnite", "pass"])
    assert permanent(g, "Memnite")["counters"] == {"+1/+1": 1}


def test_cr_608_2h_counters_of_the_sacrificed_source_blast_zone():
    """Blast Zone: "{3}, {T}, Sacrifice Blast Zone: Destroy each nonland permanent with mana value
    equal to the number of charge counters on Blast Zone." Sacrificed with two counters (its last
    known information, CR 608.2h): both players' Grizzly Bears (mana value 2) are destroyed;
    Memnite (0) and the lands stay."""
    _compiled("Blast Zone")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}"
    battlefield: [{card: Blast Zone, counters: {charge: 2}}, Grizzly Bears, Memnite, Forest]
  - battlefield: [Grizzly Bears, Island]
""")
    g.run_line(["activate Blast Zone: {3}", "pass"])
    assert permanents(g, "Grizzly Bears") == []
    assert permanent(g, "Memnite") and permanent(g, "Forest") and permanent(g, "Island")
    assert "Blast Zone" in player(g, "P1")["graveyard"]


def test_cr_608_2h_life_for_the_counters_of_the_sacrificed_source_icatian_moneychanger():
    """Icatian Moneychanger: "Sacrifice Icatian Moneychanger: You gain 1 life for each credit
    counter on Icatian Moneychanger. Activate only during your upkeep." Four counters as it is
    sacrificed (its last known information, CR 608.2h): 4 life."""
    _compiled("Icatian Moneychanger")
    g = scenario("""
step: upkeep
players:
  - battlefield: [{card: Icatian Moneychanger, counters: {credit: 4}}]
""")
    g.run_line(["activate Icatian Moneychanger: Sacrifice", "pass"])
    assert player(g, "P1")["life"] == 24


# ---------------------------------------------------------------------------------------------
# lands that enter tapped unless ... (CR 614.1c)


def test_cr_614_1c_fastland_two_or_fewer_other_lands_blackcleave_cliffs():
    """Blackcleave Cliffs: "Blackcleave Cliffs enters tapped unless you control two or fewer other
    lands." With two other lands it enters untapped, with three tapped."""
    _compiled("Blackcleave Cliffs")
    yaml = """
players:
  - hand: [Blackcleave Cliffs]
    battlefield: {lands}
"""
    g = scenario(yaml.format(lands="[Island, Island]"))
    g.run_line(["play Blackcleave Cliffs"])
    assert not permanent(g, "Blackcleave Cliffs")["tapped"]
    g = scenario(yaml.format(lands="[Island, Island, Island]"))
    g.run_line(["play Blackcleave Cliffs"])
    assert permanent(g, "Blackcleave Cliffs")["tapped"]


def test_cr_614_1c_two_or_more_other_lands_enters_tapped_cave_of_the_frost_dragon():
    """Cave of the Frost Dragon: "If you control two or more other lands, Cave of the Frost Dragon
    enters tapped." One other land: untapped; two: tapped."""
    _compiled("Cave of the Frost Dragon")
    yaml = """
players:
  - hand: [Cave of the Frost Dragon]
    battlefield: {lands}
"""
    g = scenario(yaml.format(lands="[Island]"))
    g.run_line(["play Cave of the Frost Dragon"])
    assert not permanent(g, "Cave of the Frost Dragon")["tapped"]
    g = scenario(yaml.format(lands="[Island, Island]"))
    g.run_line(["play Cave of the Frost Dragon"])
    assert permanent(g, "Cave of the Frost Dragon")["tapped"]


def test_cr_102_3_two_or_more_opponents_bountiful_promenade():
    """Bountiful Promenade: "Bountiful Promenade enters tapped unless you have two or more
    opponents." In a duel (one opponent) it enters tapped; with two opponents untapped."""
    _compiled("Bountiful Promenade")
    g = scenario("""
format: duel
players:
  - hand: [Bountiful Promenade]
  - battlefield: []
""")
    g.run_line(["play Bountiful Promenade"])
    assert permanent(g, "Bountiful Promenade")["tapped"]
    g = scenario("""
format: duel
players:
  - hand: [Bountiful Promenade]
  - battlefield: []
  - battlefield: []
""")
    g.run_line(["play Bountiful Promenade"])
    assert not permanent(g, "Bountiful Promenade")["tapped"]


# ---------------------------------------------------------------------------------------------
# choices of mana (CR 106.1a, 106.3)


def test_cr_106_3_one_of_several_amounts_cascade_bluffs():
    """Cascade Bluffs: "{U/R}, {T}: Add {U}{U}, {U}{R}, or {R}{R}." """
    _compiled("Cascade Bluffs")
    g = scenario("""
players:
  - mana_pool: "{U}"
    battlefield: [Cascade Bluffs]
""")
    g.run_line(["activate Cascade Bluffs: {U/R}"])
    assert labels(g) == ["add {U}{U}", "add {U}{R}", "add {R}{R}"]
    g.run_line(["add {U}{R}"])
    assert player(g, "P1")["mana_pool"] == "{U}{R}"


def test_cr_106_1a_x_mana_in_any_combination_of_two_colors_calciform_pools():
    """Calciform Pools: "{1}, Remove X storage counters from Calciform Pools: Add X mana in any
    combination of {W} and/or {U}." X = 3: four combinations."""
    _compiled("Calciform Pools")
    g = scenario("""
players:
  - mana_pool: "{C}"
    battlefield: [{card: Calciform Pools, counters: {storage: 3}}]
""")
    g.run_line(["activate Calciform Pools: {1}, Remove", "x 3"])
    assert labels(g) == ["add {W}{W}{W}", "add {W}{W}{U}", "add {W}{U}{U}", "add {U}{U}{U}"]
    g.run_line(["add {W}{W}{U}"])
    assert player(g, "P1")["mana_pool"] == "{W}{W}{U}"
    assert permanent(g, "Calciform Pools")["counters"] == {}


def test_cr_106_3_then_an_additional_mana_per_counter_black_mana_battery():
    """Black Mana Battery: "{T}, Remove any number of charge counters from Black Mana Battery: Add
    {B}, then add an additional {B} for each charge counter removed this way." Two removed:
    {B}{B}{B}."""
    _compiled("Black Mana Battery")
    g = scenario("""
players:
  - battlefield: [{card: Black Mana Battery, counters: {charge: 2}}]
""")
    g.run_line(["activate Black Mana Battery: {T}, Remove", "x 2"])
    assert player(g, "P1")["mana_pool"] == "{B}{B}{B}"


def test_cr_106_12a_two_mana_in_any_combination_dawn_s_reflection():
    """Dawn's Reflection: "Whenever enchanted land is tapped for mana, its controller adds an
    additional two mana in any combination of colors." 15 combinations; {R}{G} chosen."""
    _compiled("Dawn's Reflection")
    g = scenario("""
players:
  - battlefield: [Forest, {card: Dawn's Reflection, attached_to: Forest}]
""")
    g.run_line(["activate Forest"])
    assert len(labels(g)) == 15
    g.run_line(["add {R}{G}"])
    assert player(g, "P1")["mana_pool"] == "{R}{G}{G}"


# ---------------------------------------------------------------------------------------------
# amounts of mana counted as the mana ability resolves (CR 106.3, 605.3a)


def test_cr_106_3_mana_for_each_elf_on_the_battlefield_priest_of_titania():
    """Priest of Titania: "{T}: Add {G} for each Elf on the battlefield." Itself and an opponent's
    Llanowar Elves: {G}{G}."""
    _compiled("Priest of Titania")
    g = scenario("""
players:
  - battlefield: [Priest of Titania, Grizzly Bears]
  - battlefield: [Llanowar Elves]
""")
    g.run_line(["activate Priest of Titania"])
    assert player(g, "P1")["mana_pool"] == "{G}{G}"


def test_cr_106_3_mana_equal_to_its_power_marwyn_the_nurturer():
    """Marwyn, the Nurturer: "{T}: Add an amount of {G} equal to Marwyn's power." With three
    +1/+1 counters (a 4/4): {G}{G}{G}{G}."""
    _compiled("Marwyn, the Nurturer")
    g = scenario("""
players:
  - battlefield: [{card: "Marwyn, the Nurturer", counters: {"+1/+1": 3}}]
""")
    g.run_line(["activate Marwyn"])
    assert player(g, "P1")["mana_pool"] == "{G}" * 4


def test_cr_107_3_x_mana_of_one_color_from_the_counters_removed_petalmane_baku():
    """Petalmane Baku: "{1}, Remove X ki counters from Petalmane Baku: Add X mana of any one
    color." X = 2, red: {R}{R}."""
    _compiled("Petalmane Baku")
    g = scenario("""
players:
  - mana_pool: "{C}"
    battlefield: [{card: Petalmane Baku, counters: {ki: 2}}]
""")
    g.run_line(["activate Petalmane Baku: {1}", "x 2", "color R"])
    assert player(g, "P1")["mana_pool"] == "{R}{R}"


def test_cr_107_3_x_plus_one_kyren_toy():
    """Kyren Toy: "{T}, Remove X charge counters from Kyren Toy: Add an amount of {C} equal to X
    plus one." X = 2: {C}{C}{C}."""
    _compiled("Kyren Toy")
    g = scenario("""
players:
  - battlefield: [{card: Kyren Toy, counters: {charge: 2}}]
""")
    g.run_line(["activate Kyren Toy: {T}, Remove", "x 2"])
    assert player(g, "P1")["mana_pool"] == "{C}{C}{C}"


def test_cr_903_3_target_commander_that_entered_this_turn_forge_of_heroes():
    """Forge of Heroes: "{T}: Choose target commander that entered the battlefield this turn. Put
    a +1/+1 counter on it if it's a creature and a loyalty counter on it if it's a
    planeswalker." P1's commander (Grizzly Bears, cast this turn) may be targeted and gets a
    +1/+1 counter; Memnite, also cast this turn but no commander, may not."""
    _compiled("Forge of Heroes")
    g = scenario("""
players:
  - hand: [Grizzly Bears, Memnite]
    mana_pool: "{G}{G}"
    battlefield: [Forge of Heroes]
""")
    bears = next(o for o in g.objects.values() if o.card.name == "Grizzly Bears")
    bears.info = {"commander": "0:Grizzly Bears"}  # as the Commander format sets it up
    g.run_line(["cast Grizzly Bears", "pass", "cast Memnite", "pass"])
    g.run_line(["activate Forge of Heroes: {T}: Choose"])
    assert labels(g) == ["target Grizzly Bears"]
    g.run_line(["target Grizzly Bears", "pass"])
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 1}


def test_cr_613_1f_lose_and_cant_have_hexproof_or_shroud_arcane_lighthouse():
    """Arcane Lighthouse: "{1}, {T}: Until end of turn, creatures your opponents control lose
    hexproof and shroud and can't have hexproof or shroud." Afterwards Lightning Bolt may target
    Gladecover Scout (hexproof) and Argothian Enchantress (shroud), and Ranger's Guile (an
    instant giving hexproof, a later effect) doesn't protect the Scout this turn (its
    rulings)."""
    _compiled("Arcane Lighthouse")
    g = scenario("""
format: duel
players:
  - hand: [Lightning Bolt]
    mana_pool: "{C}{R}"
    battlefield: [Arcane Lighthouse]
  - hand: [Ranger's Guile]
    mana_pool: "{G}"
    battlefield: [Gladecover Scout, Argothian Enchantress]
""")
    g.run_line(["cast Lightning Bolt"])
    assert not any("Gladecover" in lab or "Argothian" in lab for lab in labels(g))
    g = scenario("""
format: duel
players:
  - hand: [Lightning Bolt]
    mana_pool: "{C}{R}"
    battlefield: [Arcane Lighthouse]
  - hand: [Ranger's Guile]
    mana_pool: "{G}"
    battlefield: [Gladecover Scout, Argothian Enchantress]
""")
    g.run_line(["activate Arcane Lighthouse: {1}", "pay {1} with {C}", "pass", "pass"])
    g.run_line(["cast Lightning Bolt"])
    assert "target Gladecover Scout" in labels(g) and "target Argothian Enchantress" in labels(g)
    g.run_line(["target Gladecover Scout", "pass", "cast Ranger's Guile", "target Gladecover Scout",
                "pass", "pass", "pass", "pass"])
    assert permanents(g, "Gladecover Scout") == []


def test_cr_122_1b_god_type_and_indestructible_counter_tyrite_sanctum():
    """Tyrite Sanctum: "{2}, {T}: Target legendary creature becomes a God in addition to its other
    types. Put a +1/+1 counter on it." and "{4}, {T}, Sacrifice Tyrite Sanctum: Put an
    indestructible counter on target God." With no God the second ability has no target; once
    Isamaru is a God (for good, CR 611.2a) the other Sanctum gives it an indestructible counter
    (a keyword counter, CR 122.1b), and Lightning Bolt's 3 damage doesn't destroy it."""
    _compiled("Tyrite Sanctum")
    g = scenario("""
players:
  - hand: [Lightning Bolt]
    mana_pool: "{C}{C}{C}{C}{C}{C}"
    battlefield: [Tyrite Sanctum, Tyrite Sanctum, "Isamaru, Hound of Konda", Mountain]
""")
    assert not any("{4}" in lab for lab in labels(g))
    g.run_line(["activate Tyrite Sanctum#2: {2}", "target Isamaru, Hound of Konda", "pass"])
    assert permanent(g, "Isamaru, Hound of Konda")["counters"] == {"+1/+1": 1}
    g.run_line(["activate Tyrite Sanctum: {4}", "target Isamaru, Hound of Konda", "pass"])
    assert permanent(g, "Isamaru, Hound of Konda")["counters"] == {"+1/+1": 1, "indestructible": 1}
    g.run_line(["activate Mountain", "cast Lightning Bolt", "target Isamaru, Hound of Konda", "pass"])
    assert permanent(g, "Isamaru, Hound of Konda")["damage"] == 3


def test_cr_113_6m_mana_ability_from_the_hand_simian_spirit_guide():
    """Simian Spirit Guide: "Exile Simian Spirit Guide from your hand: Add {R}." A mana ability
    that functions in its owner's hand (CR 113.6m, 605.1a): {R}, the card exiled, and Lightning
    Bolt cast with it."""
    _compiled("Simian Spirit Guide", "Elvish Spirit Guide")
    g = scenario("""
players:
  - hand: [Simian Spirit Guide, Lightning Bolt]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["activate Simian Spirit Guide"])
    assert player(g, "P1")["mana_pool"] == "{R}"
    assert [c["card"] for c in player(g, "P1")["exile"]] == ["Simian Spirit Guide"]
    g.run_line(["cast Lightning Bolt", "target Grizzly Bears", "pass"])
    assert permanents(g, "Grizzly Bears") == []


def test_cr_106_4_mana_kept_until_end_of_turn_sakura_tribe_springcaller():
    """Sakura-Tribe Springcaller: "At the beginning of your upkeep, add {G}. Until end of turn,
    you don't lose this mana as steps and phases end." The {G} is still there in the main phase
    and the end step, and gone by the next turn's upkeep (CR 514.2: the effect ends at cleanup)."""
    _compiled("Sakura-Tribe Springcaller", "Savage Ventmaw")
    g = scenario("""
step: end
players:
  - library: [Island, Island, Island]
    battlefield: [Sakura-Tribe Springcaller]
""")
    pass_until(g, "upkeep", turn=2)
    g.act("pass")
    assert player(g, "P1")["mana_pool"] == "{G}"
    pass_until(g, "precombat_main", turn=2)
    assert player(g, "P1")["mana_pool"] == "{G}"
    pass_until(g, "end", turn=2)
    assert player(g, "P1")["mana_pool"] == "{G}"
    pass_until(g, "upkeep", turn=3)
    assert player(g, "P1")["mana_pool"] == ""


def test_cr_608_2h_life_for_each_card_in_your_hand_gerrards_wisdom():
    """Gerrard's Wisdom: "You gain 2 life for each card in your hand." Counted as it resolves
    (the spell itself is on the stack, not in the hand): three cards, 6 life."""
    _compiled("Gerrard's Wisdom", "Inner Fire")
    g = scenario("""
players:
  - hand: [Gerrard's Wisdom, Island, Island, Forest]
    mana_pool: "{C}{C}{W}{W}"
""")
    g.run_line(["cast Gerrard's Wisdom", "pass"])
    assert player(g, "P1")["life"] == 26
