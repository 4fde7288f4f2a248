"""Templates for cards the Forge puzzles need (issue 15, session 10, second round;
templates/pzcards12.py, conditions.py): a land that becomes a creature for good (CR 611.2a),
morbid (CR 700.4, 608.2c), threshold replacing a spell's effect and "return all cards destroyed
this way" (CR 608.2c, 701.8, 400.7, 303.4f), "Target opponent exiles a card from their
graveyard" and "When you sacrifice a Clue" (CR 701.21a), through real cards compiled from their
Oracle text."""

from __future__ import annotations

from tests.compiler.test_templates_combat import attack, block_options, combat, to_decision
from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario

# --------------------------------------------------------------------------------------------
# CR 611.2a: "That land becomes a 0/0 Elemental creature with haste. It's still a land."


def test_cr_611_2a_the_land_stays_a_creature_waker_of_the_wilds():
    """Waker of the Wilds: "{X}{G}{G}: Put X +1/+1 counters on target land you control. That
    land becomes a 0/0 Elemental creature with haste. It's still a land." Its ruling: the
    animation lasts indefinitely. X = 2: the Forest is a 2/2 land creature, still one on the next
    turn (it didn't wear off at cleanup), and it can tap for mana."""
    _compiled("Waker of the Wilds")
    g = scenario("""
players:
  - battlefield: [Waker of the Wilds, Forest]
    mana_pool: "{G}{G}{G}{G}"
    library: [Island, Island, Island]
  - library: [Island, Island, Island]
""")
    g.run_line([next(a for a in labels(g) if a.startswith("activate Waker")), "x 2", "target Forest", "pass"])
    f = permanent(g, "Forest")
    assert (f["power"], f["toughness"]) == (2, 2) and f["types"] == ["Creature", "Land"]
    assert "Elemental" in g.chars(f["id"]).subtypes and g.chars(f["id"]).has_keyword("haste")
    pass_until(g, "upkeep", turn=2)
    f = permanent(g, "Forest")
    assert (f["power"], f["toughness"]) == (2, 2) and "Creature" in f["types"]


def test_cr_611_2a_base_power_becomes_0_with_x_0_waker_of_the_wilds():
    """With X = 0 the land is a 0/0 creature: it is put into its owner's graveyard by the
    state-based action (CR 704.5f)."""
    g = scenario("""
players:
  - battlefield: [Waker of the Wilds, Forest]
    mana_pool: "{G}{G}"
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.run_line([next(a for a in labels(g) if a.startswith("activate Waker")), "x 0", "target Forest", "pass"])
    assert permanents(g, "Forest") == [] and player(g, "P1")["graveyard"] == ["Forest"]


# --------------------------------------------------------------------------------------------
# Morbid: "... instead if a creature died this turn" (CR 700.4, 608.2c)

_HOWLPACK = """
players:
  - battlefield: [Grizzly Bears, Savannah Lions]
    hand: [Hunger of the Howlpack, Lightning Bolt]
    mana_pool: "{G}{R}"
    library: [Island, Island]
  - library: [Island, Island]
"""


def test_cr_700_4_no_creature_died_one_counter_hunger_of_the_howlpack():
    """Hunger of the Howlpack: "Put a +1/+1 counter on target creature. Morbid — Put three +1/+1
    counters on that creature instead if a creature died this turn." No creature died: one."""
    _compiled("Hunger of the Howlpack")
    g = scenario(_HOWLPACK)
    g.run_line(["cast Hunger of the Howlpack", "target Grizzly Bears", "pass"])
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 1}


def test_cr_700_4_a_creature_died_three_counters_hunger_of_the_howlpack():
    """After Lightning Bolt killed Savannah Lions this turn: three counters instead of one."""
    g = scenario(_HOWLPACK)
    g.run_line(["cast Lightning Bolt", "target Savannah Lions", "pass"])
    assert permanents(g, "Savannah Lions") == []
    g.run_line(["cast Hunger of the Howlpack", "target Grizzly Bears", "pass"])
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 3}


def test_cr_700_4_damage_without_death_isnt_morbid_hunger_of_the_howlpack():
    """A creature dealt damage that survives didn't die: one counter (the Bolt on P2)."""
    g = scenario(_HOWLPACK)
    g.run_line(["cast Lightning Bolt", "target P2", "pass"])
    g.run_line(["cast Hunger of the Howlpack", "target Grizzly Bears", "pass"])
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 1}


# --------------------------------------------------------------------------------------------
# Threshold: "If seven or more cards are in your graveyard, instead ..." (CR 608.2c, 701.8)

_MEDITATION = """
players:
  - battlefield: [Plains, {{card: Wild Growth, attached_to: Plains}}, Glorious Anthem, Grizzly Bears]
    hand: [Cleansing Meditation]
    mana_pool: "{{W}}{{W}}{{W}}"
    graveyard: {graveyard}
    library: [Island, Island]
  - battlefield: [Pacifism]
    library: [Island, Island]
"""


def _meditation(n: int):
    return scenario(_MEDITATION.format(graveyard="[" + ", ".join(["Island"] * n) + "]"))


def test_cr_608_2c_without_threshold_destroy_all_enchantments_cleansing_meditation():
    """Cleansing Meditation: "Destroy all enchantments. Threshold — If seven or more cards are in
    your graveyard, instead destroy all enchantments, then return all cards in your graveyard
    destroyed this way to the battlefield." Six cards: every enchantment is destroyed, none
    returns."""
    _compiled("Cleansing Meditation")
    g = _meditation(6)
    g.run_line(["cast Cleansing Meditation", "pass"])
    assert permanents(g, "Wild Growth") == [] and permanents(g, "Glorious Anthem") == []
    assert permanents(g, "Pacifism") == [] and player(g, "P2")["graveyard"] == ["Pacifism"]
    assert sorted(player(g, "P1")["graveyard"]) == sorted(["Island"] * 6 + ["Wild Growth", "Glorious Anthem",
                                                           "Cleansing Meditation"])


def test_cr_303_4f_with_threshold_your_enchantments_return_cleansing_meditation():
    """Seven cards: the enchantments are destroyed, then the ones put into P1's graveyard return
    under P1's control (P2's Pacifism stays in P2's graveyard). The Aura returns on a permanent
    P1 chooses, not targeted (its ruling): here Grizzly Bears can't be chosen for Wild Growth
    ("Enchant land"); the Plains is chosen."""
    g = _meditation(7)
    g.run_line(["cast Cleansing Meditation", "pass"])
    assert labels(g) == ["attach to Plains"]
    g.act("attach to Plains")
    assert permanent(g, "Glorious Anthem")["controller"] == "P1"
    plains = permanent(g, "Plains")["id"]
    assert permanent(g, "Wild Growth")["attached_to"] == plains
    assert permanents(g, "Pacifism") == [] and player(g, "P2")["graveyard"] == ["Pacifism"]
    assert permanent(g, "Grizzly Bears")["power"] == 3  # the returned Glorious Anthem applies


def test_cr_303_4f_an_aura_cant_enchant_a_returning_permanent_cleansing_meditation():
    """Its ruling: a returning Aura can only enchant something already on the battlefield. Holy
    Strength ("Enchant creature") on the enchantment creature Nyx-Fleece Ram: both are destroyed
    and return, but the Ram returns with it, so there is no creature for Holy Strength, which
    stays in the graveyard (CR 303.4f); no question is asked."""
    g = scenario("""
players:
  - battlefield: [Nyx-Fleece Ram, {card: Holy Strength, attached_to: Nyx-Fleece Ram}]
    hand: [Cleansing Meditation]
    mana_pool: "{W}{W}{W}"
    graveyard: [Island, Island, Island, Island, Island, Island, Island]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.run_line(["cast Cleansing Meditation", "pass"])
    assert len(permanents(g, "Nyx-Fleece Ram")) == 1 and permanents(g, "Holy Strength") == []
    assert "Holy Strength" in player(g, "P1")["graveyard"]


# --------------------------------------------------------------------------------------------
# "Target opponent exiles a card from their graveyard." (Grave Birthing)


def test_cr_406_3_the_opponent_chooses_what_to_exile_grave_birthing():
    """Grave Birthing: "Target opponent exiles a card from their graveyard. You create a 1/1
    colorless Eldrazi Scion creature token. ... Draw a card." P2 chooses (the question is P2's):
    Lightning Bolt is exiled, Island stays; P1 gets a Scion and draws."""
    _compiled("Grave Birthing")
    g = scenario("""
players:
  - hand: [Grave Birthing]
    mana_pool: "{B}{B}{B}"
    library: [Mountain, Island]
  - graveyard: [Island, Lightning Bolt]
    library: [Island, Island]
""")
    g.run_line(["cast Grave Birthing", "target P2", "pass"])
    assert g.decision.player == "P2" and labels(g) == ["exile Island", "exile Lightning Bolt"]
    g.act("exile Lightning Bolt")
    assert player(g, "P2")["graveyard"] == ["Island"] and [e["card"] for e in player(g, "P2")["exile"]] == ["Lightning Bolt"]
    assert len(permanents(g, "Eldrazi Scion Token")) == 1 and player(g, "P1")["hand"] == ["Mountain"]


def test_cr_406_3_an_empty_graveyard_exiles_nothing_grave_birthing():
    """With nothing in P2's graveyard, there is no question; the rest happens."""
    g = scenario("""
players:
  - hand: [Grave Birthing]
    mana_pool: "{B}{B}{B}"
    library: [Mountain, Island]
  - library: [Island, Island]
""")
    g.run_line(["cast Grave Birthing", "target P2", "pass"])
    assert len(permanents(g, "Eldrazi Scion Token")) == 1 and player(g, "P1")["hand"] == ["Mountain"]


# --------------------------------------------------------------------------------------------
# CR 701.21a: "When you sacrifice a Clue, transform ~." (Daring Sleuth)


def test_cr_701_21a_sacrificing_a_clue_transforms_daring_sleuth():
    """Daring Sleuth: "When you sacrifice a Clue, transform Daring Sleuth." Sacrificing Mogg
    Fanatic doesn't; sacrificing the Clue Thraben Inspector made, to its own ability (a cost),
    does: it becomes Bearer of Overwhelming Truths, a 3/2."""
    _compiled("Daring Sleuth // Bearer of Overwhelming Truths", "Thraben Inspector")
    g = scenario("""
players:
  - battlefield: [Daring Sleuth, Mogg Fanatic]
    hand: [Thraben Inspector]
    mana_pool: "{W}{C}{C}"
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.run_line(["cast Thraben Inspector", "pass", "pass"])
    assert len(permanents(g, "Clue Token")) == 1
    g.act(next(a for a in labels(g) if a.startswith("activate Mogg Fanatic")))
    g.run_line(["target P2", "pass"])
    assert player(g, "P2")["life"] == 19 and permanents(g, "Bearer of Overwhelming Truths") == []
    g.act(next(a for a in labels(g) if a.startswith("activate Clue")))
    g.run_line(["pass", "pass"])
    b = permanent(g, "Bearer of Overwhelming Truths")
    assert (b["power"], b["toughness"]) == (3, 2) and player(g, "P1")["hand"] == ["Island"]


def test_cr_510_3a_bearer_investigates_on_combat_damage():
    """Bearer of Overwhelming Truths: "Whenever Bearer of Overwhelming Truths deals combat damage
    to a player, investigate." (CR 701.16a: a Clue)."""
    g = combat(["Bearer of Overwhelming Truths"], [])
    attack(g, "Bearer of Overwhelming Truths")
    pass_until(g, "end")
    assert player(g, "P2")["life"] == 17 and len(permanents(g, "Clue Token")) == 1


def test_cr_701_21a_sacrifice_another_not_read():
    """"Whenever you sacrifice another creature" (a different reading) is not read by this rule."""
    from mtg_env.cards.compiler.grammar import MISS, read
    assert read("sacrificed_kind", "another creature") is MISS
    assert read("sacrificed_kind", "a Clue") is not MISS


# --------------------------------------------------------------------------------------------
# "Exile ..., then return it to the battlefield under its owner's control" (CR 400.7, 303.4f)


def test_cr_400_7_flickered_permanent_is_a_new_object_flicker_of_fate():
    """Flicker of Fate: "Exile target creature or enchantment, then return it to the battlefield
    under its owner's control." P1 flickers P2's Grizzly Bears, which P1 controls with a +1/+1
    counter on it: it returns under P2's control (its owner's), without the counter (its
    ruling: a new object)."""
    _compiled("Flicker of Fate")
    g = scenario("""
players:
  - battlefield: [{card: Grizzly Bears, owner: P2, counters: {"+1/+1": 1}}]
    hand: [Flicker of Fate]
    mana_pool: "{W}{W}"
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.run_line(["cast Flicker of Fate", "target Grizzly Bears", "pass"])
    b = permanent(g, "Grizzly Bears")
    assert b["controller"] == "P2" and b["counters"] == {} and b["power"] == 2


def test_cr_303_4f_a_flickered_aura_enchants_what_its_owner_chooses_flicker_of_fate():
    """Its ruling: an Aura returned this way enchants what its controller-to-be chooses (not
    targeted). P2's Pacifism on P1's Grizzly Bears: P2 chooses between the two creatures; moved
    to Savannah Lions, it stays under P2's control."""
    g = scenario("""
players:
  - battlefield: [Grizzly Bears, Savannah Lions]
    hand: [Flicker of Fate]
    mana_pool: "{W}{W}"
    library: [Island, Island]
  - battlefield: [{card: Pacifism, attached_to: Grizzly Bears}]
    library: [Island, Island]
""")
    g.run_line(["cast Flicker of Fate", "target Pacifism", "pass"])
    assert g.decision.player == "P2" and labels(g) == ["attach to Grizzly Bears", "attach to Savannah Lions"]
    g.act("attach to Savannah Lions")
    assert permanent(g, "Pacifism")["attached_to"] == permanent(g, "Savannah Lions")["id"]
    assert permanent(g, "Pacifism")["controller"] == "P2"


def test_cr_111_8_a_flickered_token_does_not_return_ghostly_flicker():
    """Ghostly Flicker: "Exile two target artifacts, creatures, and/or lands you control, then
    return those cards to the battlefield under your control." A tapped Forest and a Clue token:
    the Forest returns untapped (a new object); the token ceased to exist."""
    _compiled("Ghostly Flicker", "Thraben Inspector")
    g = scenario("""
players:
  - battlefield: [{card: Forest, tapped: true}]
    hand: [Thraben Inspector, Ghostly Flicker]
    mana_pool: "{W}{U}{U}{U}"
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.run_line(["cast Thraben Inspector", "pass", "pass"])
    g.run_line(["cast Ghostly Flicker", "target Forest", "target Clue Token", "pass"])
    assert not permanent(g, "Forest")["tapped"] and permanents(g, "Clue Token") == []


def test_cr_400_7_it_is_the_returned_card_justiciars_portal():
    """Justiciar's Portal: "Exile target creature you control, then return that card to the
    battlefield under its owner's control. It gains first strike until end of turn." "It" is
    the new object (CR 400.7): the returned Grizzly Bears has first strike."""
    _compiled("Justiciar's Portal")
    g = scenario("""
players:
  - battlefield: [Grizzly Bears]
    hand: [Justiciar's Portal]
    mana_pool: "{C}{W}"
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.run_line(["cast Justiciar's Portal", "target Grizzly Bears", "pass"])
    assert g.chars(permanent(g, "Grizzly Bears")["id"]).has_keyword("first strike")


# --------------------------------------------------------------------------------------------
# CR 509.1b: "~ can't be blocked this turn except by creatures with haste." (Gingerbrute)


def test_cr_509_1b_only_hasty_creatures_block_it_this_turn_gingerbrute():
    """Gingerbrute: "{1}: Gingerbrute can't be blocked this turn except by creatures with
    haste." Activated before attacking: Raging Goblin (haste) may block it, Grizzly Bears may
    not; without the ability both may."""
    _compiled("Gingerbrute")
    for activate, expected in ((True, ["block Gingerbrute with Raging Goblin"]),
                               (False, ["block Gingerbrute with Grizzly Bears", "block Gingerbrute with Raging Goblin"])):
        g = combat(["Gingerbrute"], ["Grizzly Bears", "Raging Goblin"], pool="{C}")
        if activate:
            g.run_line([next(a for a in labels(g) if a.startswith("activate Gingerbrute: {1}")), "pass", "pass"])
        attack(g, "Gingerbrute")
        to_decision(g, "block")
        assert block_options(g) == expected


# --------------------------------------------------------------------------------------------
# CR 613.1d: "loses all creature types until end of turn" (Nameless Inversion)


def test_cr_613_1d_loses_all_creature_types_nameless_inversion():
    """Nameless Inversion: "Target creature gets +3/-3 and loses all creature types until end of
    turn." Craw Wurm (a Wurm, 6/4) is a 9/1 with no creature type, still a creature; at the
    next turn it is a 6/4 Wurm again."""
    _compiled("Nameless Inversion")
    g = scenario("""
players:
  - battlefield: [Craw Wurm]
    hand: [Nameless Inversion]
    mana_pool: "{B}{B}"
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.run_line(["cast Nameless Inversion", "target Craw Wurm", "pass"])
    w = permanent(g, "Craw Wurm")
    assert (w["power"], w["toughness"]) == (9, 1) and g.chars(w["id"]).subtypes == ()
    assert "Creature" in w["types"]
    pass_until(g, "upkeep", turn=2)
    w = permanent(g, "Craw Wurm")
    assert (w["power"], w["toughness"]) == (6, 4) and g.chars(w["id"]).subtypes == ("Wurm",)


# --------------------------------------------------------------------------------------------
# CR 107.14: "then you may pay any amount of {E}. ~ deals that much damage to that creature."


def test_cr_107_14_pay_any_amount_of_energy_harnessed_lightning():
    """Harnessed Lightning: "Choose target creature. You get {E}{E}{E}, then you may pay any
    amount of {E}. Harnessed Lightning deals that much damage to that creature." Its rulings:
    the amount is chosen as it resolves, no more than P1 has (3 here: 0 to 3 offered). Paying 2
    deals 2 to Hill Giant (3/3, survives) and leaves P1 1 energy."""
    _compiled("Harnessed Lightning")
    g = scenario("""
players:
  - hand: [Harnessed Lightning]
    mana_pool: "{R}{R}"
    library: [Island, Island]
  - battlefield: [Hill Giant]
    library: [Island, Island]
""")
    g.run_line(["cast Harnessed Lightning", "target Hill Giant", "pass"])
    assert labels(g) == ["pay 0 energy", "pay 1 energy", "pay 2 energy", "pay 3 energy"]
    g.act("pay 2 energy")
    assert permanent(g, "Hill Giant")["damage"] == 2 and g.players[0].energy == 1
