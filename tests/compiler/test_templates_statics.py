"""The statics family of templates, through real cards compiled from their Oracle text:
characteristic-defining abilities (devoid, changeling), triggers at the beginning of other
players' steps, "is put into a graveyard from the battlefield", activation restrictions. The
Oracle line and the rule each follows are in each docstring."""

from __future__ import annotations

from mtg_env.cards import card_status
from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, player, scenario
from tests.helpers import unsupported as _unsupported

# ---------------------------------------------------------------------------------------------
# characteristic-defining abilities (CR 604.3)


def test_cr_702_114a_devoid_is_colorless_forerunner_of_slaughter():
    """Forerunner of Slaughter ({B}{R}): "Devoid (This card has no color.)": it is colorless,
    so Doom Blade ("Destroy target nonblack creature.") can target it."""
    _compiled("Forerunner of Slaughter", "Doom Blade")
    g = scenario("""
players:
  - mana_pool: "{B}{C}"
    hand: [Doom Blade]
  - battlefield: [Forerunner of Slaughter]
""")
    g.act("cast Doom Blade")
    assert "target Forerunner of Slaughter" in labels(g)
    g.run_line(["target Forerunner of Slaughter", "pass"])
    assert player(g, "P2")["graveyard"] == ["Forerunner of Slaughter"]


def test_cr_702_114a_a_black_card_without_devoid_is_not_a_legal_target_control():
    """The control: a black creature (Barony Vampire) is not "nonblack"."""
    g = scenario("""
players:
  - mana_pool: "{B}{C}"
    hand: [Doom Blade]
  - battlefield: [Barony Vampire, Grizzly Bears]
""")
    g.act("cast Doom Blade")
    assert "target Barony Vampire" not in labels(g)


def test_cr_702_73a_changeling_is_every_creature_type_woodland_changeling():
    """Woodland Changeling: "Changeling (This card is every creature type.)": Merfolk
    Mistbinder's "Other Merfolk you control get +1/+1." applies to it (CR 604.3: it is a
    Merfolk on the battlefield as everywhere)."""
    _compiled("Woodland Changeling", "Merfolk Mistbinder")
    g = scenario("""
players:
  - battlefield: [Woodland Changeling, Merfolk Mistbinder]
""")
    assert (permanent(g, "Woodland Changeling")["power"], permanent(g, "Woodland Changeling")["toughness"]) \
        == (3, 3)
    assert permanent(g, "Merfolk Mistbinder")["power"] == 2


# ---------------------------------------------------------------------------------------------
# triggers at the beginning of a step (CR 503.1a, 513.1a)


def test_cr_503_1a_each_players_upkeep_triggers_on_every_turn_copper_tablet():
    """Copper Tablet: "At the beginning of each player's upkeep, Copper Tablet deals 1 damage to
    that player." It triggers in its controller's upkeep and in each opponent's."""
    _compiled("Copper Tablet")
    g = scenario("""
format: duel
step: draw
players:
  - battlefield: [Copper Tablet]
    library: [Island, Island, Island]
  - library: [Island, Island, Island]
""")
    pass_until(g, "draw", turn=2)
    assert (player(g, "P1")["life"], player(g, "P2")["life"]) == (20, 19)
    pass_until(g, "draw", turn=3)
    assert (player(g, "P1")["life"], player(g, "P2")["life"]) == (19, 19)


# ---------------------------------------------------------------------------------------------
# put into a graveyard from the battlefield (CR 603.6c, 603.10a)


def test_cr_603_10a_put_into_a_graveyard_from_the_battlefield_chromatic_star():
    """Chromatic Star: "{1}, {T}, Sacrifice Chromatic Star: Add one mana of any color." and "When
    Chromatic Star is put into a graveyard from the battlefield, draw a card." (a noncreature
    permanent: "dies" would not apply)."""
    _compiled("Chromatic Star")
    g = scenario("""
players:
  - mana_pool: "{C}"
    battlefield: [Chromatic Star]
    library: [Island]
""")
    g.run_line(["activate Chromatic Star", "color R"])
    assert [i["source"] for i in g.state_json()["stack"]] == ["Chromatic Star"]
    g.act("pass")
    assert player(g, "P1")["hand"] == ["Island"]


def test_cr_400_7d_a_leaves_trigger_returns_the_new_object_shivan_phoenix():
    """Shivan Phoenix: "When Shivan Phoenix dies, return Shivan Phoenix to its owner's hand."
    After it dies it is a new object (CR 400.7): "~" is read as the card it became in the
    graveyard (CR 400.7d, templates/pzcards9.py), not as the permanent (which would do
    nothing); likewise Rancor's."""
    from mtg_env.cards import get_card
    from mtg_env.cards.effects.graveyard import ReturnCard
    from mtg_env.cards.effects.kwabilities import SACRIFICED_CARD
    _compiled("Shivan Phoenix", "Rancor")
    for name in ("Shivan Phoenix", "Rancor"):
        (ab,) = [a for a in get_card(name).abilities if getattr(a, "effects", None) and "return" in a.text.lower()]
        assert ab.effects == (ReturnCard(SACRIFICED_CARD, "hand"),)


# ---------------------------------------------------------------------------------------------
# activation restrictions (CR 602.5b)


def test_cr_602_5b_activate_only_during_your_turn_before_attackers_alaborn_veteran():
    """Alaborn Veteran: "{T}: Target creature gets +2/+2 until end of turn. Activate only during
    your turn, before attackers are declared." """
    _compiled("Alaborn Veteran")
    yaml = """
format: duel
turn: 2
step: {step}
active_player: {active}
players:
  - battlefield: [Alaborn Veteran, Grizzly Bears]
  - battlefield: []
"""
    act = "activate Alaborn Veteran"
    g = scenario(yaml.format(step="precombat_main", active="P1"))
    assert any(lab.startswith(act) for lab in labels(g))
    g = scenario(yaml.format(step="beginning_of_combat", active="P1"))
    assert any(lab.startswith(act) for lab in labels(g))
    g = scenario(yaml.format(step="postcombat_main", active="P1"))
    assert not any(lab.startswith(act) for lab in labels(g))
    g = scenario(yaml.format(step="upkeep", active="P2"))
    g.act("pass")  # P1 gets priority in P2's upkeep
    assert g.state_json()["decision"]["player"] == "P1"
    assert not any(lab.startswith(act) for lab in labels(g))


def test_cr_602_5b_activate_only_during_your_upkeep_colossus_of_sardia():
    """Colossus of Sardia: "{9}: Untap Colossus of Sardia. Activate only during your upkeep." """
    _compiled("Colossus of Sardia")
    yaml = """
turn: 2
step: {step}
players:
  - mana_pool: "{{C}}{{C}}{{C}}{{C}}{{C}}{{C}}{{C}}{{C}}{{C}}"
    battlefield: [{{card: Colossus of Sardia, tapped: true}}]
"""
    g = scenario(yaml.format(step="upkeep"))
    g.act("activate Colossus of Sardia")
    g.act("pass")
    assert permanent(g, "Colossus of Sardia")["tapped"] is False
    g = scenario(yaml.format(step="precombat_main"))
    assert not any(lab.startswith("activate Colossus of Sardia") for lab in labels(g))


# ---------------------------------------------------------------------------------------------
# regeneration (CR 701.19)


def _duel(p1: dict, p2: dict, step: str = "precombat_main") -> object:
    return scenario({"format": "duel", "step": step,
                     "players": [{"name": "P1", **p1}, {"name": "P2", **p2}]})


def _to(g, kind: str) -> None:
    for _ in range(30):
        if g.decision.kind == kind:
            return
        assert g.decision.kind == "priority", g.decision
        g.act("pass")
    raise AssertionError(kind)


def test_cr_701_19a_regeneration_replaces_destruction_by_lethal_damage_drudge_skeletons():
    """Drudge Skeletons: "{B}: Regenerate Drudge Skeletons." The next time it would be
    destroyed this turn (here by lethal damage, CR 704.5g), all damage is removed from it and
    it is tapped instead."""
    _compiled("Drudge Skeletons", "Searing Spear")
    g = scenario("""
players:
  - mana_pool: "{B}{R}{C}"
    hand: [Searing Spear]
    battlefield: [Drudge Skeletons]
""")
    g.run_line(["activate Drudge Skeletons", "pass"])
    g.run_line(["cast Searing Spear", "target Drudge Skeletons", "pass"])
    sk = permanent(g, "Drudge Skeletons")
    assert sk["tapped"] is True
    assert player(g, "P1")["graveyard"] == ["Searing Spear"]
    g = scenario("""
players:
  - mana_pool: "{R}{C}"
    hand: [Searing Spear]
    battlefield: [Drudge Skeletons]
""")
    g.run_line(["cast Searing Spear", "target Drudge Skeletons", "pass"])
    assert "Drudge Skeletons" in player(g, "P1")["graveyard"]  # the control: no shield


def test_cr_701_19a_a_shield_is_used_once_drudge_skeletons():
    """One shield replaces one destruction: the second Searing Spear destroys it."""
    g = scenario("""
players:
  - mana_pool: "{B}{R}{R}{R}{R}"
    hand: [Searing Spear, Searing Spear]
    battlefield: [Drudge Skeletons]
""")
    g.run_line(["activate Drudge Skeletons", "pass"])
    g.run_line(["cast Searing Spear", "target Drudge Skeletons", "pass"])
    assert permanent(g, "Drudge Skeletons")["tapped"] is True
    g.run_line(["cast Searing Spear", "target Drudge Skeletons", "pass"])
    assert "Drudge Skeletons" in player(g, "P1")["graveyard"]


def test_cr_701_19c_they_cant_be_regenerated_wrath_of_god():
    """Wrath of God: "Destroy all creatures. They can't be regenerated." The shield doesn't
    replace this destruction."""
    _compiled("Wrath of God")
    g = scenario("""
players:
  - mana_pool: "{B}{W}{W}{C}{C}"
    hand: [Wrath of God]
    battlefield: [Drudge Skeletons]
""")
    g.run_line(["activate Drudge Skeletons", "pass"])
    g.run_line(["cast Wrath of God", "pass"])
    assert "Drudge Skeletons" in player(g, "P1")["graveyard"]


def test_cr_701_19a_506_4_a_regenerated_creature_is_removed_from_combat_drudge_skeletons():
    """Drudge Skeletons attacks and is blocked by Elvish Archers (2/1, first strike). It
    regenerates after first-strike damage and is removed from combat, so it deals no regular
    combat damage: the Archers survive."""
    _compiled("Elvish Archers")
    g = _duel({"battlefield": ["Drudge Skeletons", "Swamp"]}, {"battlefield": ["Elvish Archers"]},
              step="beginning_of_combat")
    _to(g, "attack")
    g.act("attack P2 with Drudge Skeletons")
    if g.decision.kind == "attack":
        g.act("done attacking")
    _to(g, "block")
    g.act("block Drudge Skeletons with Elvish Archers")
    if g.decision.kind == "block":
        g.act("done blocking")
    g.run_line(["activate Swamp", "activate Drudge Skeletons", "pass", "pass"])
    pass_until(g, "end_of_combat")
    assert permanent(g, "Drudge Skeletons")["tapped"] is True
    assert permanent(g, "Elvish Archers")["card"] == "Elvish Archers"
    assert player(g, "P2")["graveyard"] == []


def test_cr_701_19c_target_creature_cant_be_regenerated_this_turn_hurr_jackal():
    """Hurr Jackal: "{T}: Target creature can't be regenerated this turn." A shield Drudge
    Skeletons has doesn't replace its destruction."""
    _compiled("Hurr Jackal")
    g = scenario("""
players:
  - mana_pool: "{B}{R}{R}"
    hand: [Searing Spear]
    battlefield: [Drudge Skeletons, Hurr Jackal]
""")
    g.run_line(["activate Drudge Skeletons", "pass"])
    g.run_line(["activate Hurr Jackal", "target Drudge Skeletons", "pass"])
    g.run_line(["cast Searing Spear", "target Drudge Skeletons", "pass"])
    assert "Drudge Skeletons" in player(g, "P1")["graveyard"]


def test_cr_701_19c_it_cant_be_regenerated_amends_only_one_destroy_effect():
    """"It can't be regenerated." changes the destroy effect of the sentence before; after a
    sentence that is not one destroy effect it is not read."""
    from mtg_env.cards.compiler.builder import Builder
    from mtg_env.cards.compiler.grammar import NoParse
    from mtg_env.cards.compiler.lines import effects
    from mtg_env.cards.effects.shields import DestroyNoRegenerate
    got = effects("Destroy target creature. It can't be regenerated.", Builder(None))
    assert [type(e) for e in got] == [DestroyNoRegenerate]
    import pytest
    with pytest.raises(NoParse):
        effects("Tap target creature. It can't be regenerated.", Builder(None))


# ---------------------------------------------------------------------------------------------
# prevention (CR 615)


def test_cr_615_7_a_prevention_shield_prevents_the_next_damage_mending_hands():
    """Mending Hands: "Prevent the next 4 damage that would be dealt to any target this turn."
    Searing Spear's 3 damage is prevented (1 left on the shield); the next Spear deals 2."""
    _compiled("Mending Hands")
    g = scenario("""
players:
  - mana_pool: "{W}{R}{R}{R}{R}"
    hand: [Mending Hands, Searing Spear, Searing Spear]
    battlefield: [{card: Grizzly Bears}]
""")
    g.run_line(["cast Mending Hands", "target Grizzly Bears", "pass"])
    g.run_line(["cast Searing Spear", "target Grizzly Bears", "pass"])
    assert permanent(g, "Grizzly Bears")["card"] == "Grizzly Bears"
    g.run_line(["cast Searing Spear", "target Grizzly Bears", "pass"])
    assert "Grizzly Bears" in player(g, "P1")["graveyard"]


def test_cr_615_7_a_shield_on_a_player_mending_hands():
    """The shield on a player: P2 takes 3 - ... of Searing Spear's damage after 4 prevented."""
    g = scenario("""
players:
  - mana_pool: "{W}{R}{R}{R}{R}"
    hand: [Mending Hands, Searing Spear, Searing Spear]
""")
    g.run_line(["cast Mending Hands", "target P2", "pass"])
    g.run_line(["cast Searing Spear", "target P2", "pass", "cast Searing Spear", "target P2", "pass"])
    assert player(g, "P2")["life"] == 18


def test_cr_514_2_a_prevention_shield_ends_at_cleanup_mending_hands():
    """The shield lasts "this turn": in the next turn Searing Spear deals all its damage."""
    g = _duel({"mana_pool": "{W}", "hand": ["Mending Hands"], "library": ["Island"] * 3},
              {"hand": ["Searing Spear"], "battlefield": ["Mountain", "Mountain"], "library": ["Island"] * 3})
    g.run_line(["cast Mending Hands", "target P1", "pass", "pass"])
    pass_until(g, "precombat_main", turn=2)
    g.run_line(["pass"]) if g.state_json()["priority"] == "P1" else None
    assert g.state_json()["priority"] == "P2"
    g.run_line(["activate Mountain", "activate Mountain", "cast Searing Spear", "target P1", "pass", "pass"])
    assert player(g, "P1")["life"] == 17


def test_cr_615_1_prevent_all_combat_damage_holy_day():
    """Holy Day: "Prevent all combat damage that would be dealt this turn." """
    _compiled("Holy Day")
    g = _duel({"battlefield": ["Grizzly Bears"]}, {"hand": ["Holy Day"], "battlefield": ["Plains"]},
              step="beginning_of_combat")
    _to(g, "attack")
    g.act("attack P2 with Grizzly Bears")
    if g.decision.kind == "attack":
        g.act("done attacking")
    g.act("pass")  # P1 passes in declare attackers; P2 casts Holy Day
    g.run_line(["activate Plains", "cast Holy Day", "pass", "pass"])
    pass_until(g, "end_of_combat")
    assert player(g, "P2")["life"] == 20


def test_cr_615_7_simultaneous_sources_the_player_chooses_what_the_shield_prevents():
    """Shieldmate's Blessing ("Prevent the next 3 damage that would be dealt to any target this
    turn.") on P2, then Child of Night (2/1, lifelink) and Grizzly Bears attack: 4 damage at
    once from two sources, so P2 chooses which 3 the shield prevents (CR 615.7). Preventing
    Child of Night's 2 means its controller gains no life."""
    _compiled("Shieldmate's Blessing", "Child of Night")
    g = _duel({"mana_pool": "{W}", "hand": ["Shieldmate's Blessing"],
               "battlefield": ["Grizzly Bears", "Child of Night"]}, {"battlefield": []})
    g.run_line(["cast Shieldmate's Blessing", "target P2", "pass", "pass"])
    _to(g, "attack")
    g.run_line(["attack P2 with Grizzly Bears", "attack P2 with Child of Night"])
    if g.decision.kind == "attack":
        g.act("done attacking")
    for _ in range(10):
        if g.decision.kind == "choose":
            break
        g.act("pass")
    assert g.state_json()["decision"]["player"] == "P2"
    assert sorted(labels(g)) == ["prevent 1 damage from Child of Night", "prevent 1 damage from Grizzly Bears"]
    g.run_line(["prevent 1 damage from Child of Night", "prevent 1 damage from Child of Night"])
    # one shield point left, one source (Grizzly Bears) left: no choice, the shield prevents 1
    pass_until(g, "end_of_combat")
    assert player(g, "P2")["life"] == 19
    assert player(g, "P1")["life"] == 20


# ---------------------------------------------------------------------------------------------
# modes (CR 700.2)


def test_cr_700_2d_choose_one_or_both_each_mode_has_its_own_targets_winterflame():
    """Winterflame: "Choose one or both — • Tap target creature. • Winterflame deals 2 damage
    to target creature." With both modes, the second mode's target is the second target
    chosen: Grizzly Bears is tapped and Child of Night (2/1) is dealt 2 damage."""
    _compiled("Winterflame")
    g = scenario("""
players:
  - mana_pool: "{U}{R}{C}"
    hand: [Winterflame]
  - battlefield: [Grizzly Bears, Child of Night]
""")
    g.act("cast Winterflame")
    assert g.decision.kind == "mode"
    assert sorted(labels(g)) == ["mode 1: Tap target creature.", "mode 2: Winterflame deals 2 damage to target creature."]
    g.act("mode 1")
    assert sorted(labels(g)) == ["done choosing modes", "mode 2: Winterflame deals 2 damage to target creature."]
    g.run_line(["mode 2", "target Grizzly Bears", "target Child of Night", "pass"])
    assert permanent(g, "Grizzly Bears")["tapped"] is True
    assert player(g, "P2")["graveyard"] == ["Child of Night"]


def test_cr_700_2a_choose_one_or_both_one_mode_winterflame():
    """With one mode chosen ("done" after the first), only that mode happens."""
    g = scenario("""
players:
  - mana_pool: "{U}{R}{C}"
    hand: [Winterflame]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Winterflame", "mode 2", "target Grizzly Bears", "pass"])
    assert player(g, "P2")["graveyard"] == ["Grizzly Bears"]


def test_cr_700_2d_choose_two_needs_two_modes_austere_command():
    """Austere Command: "Choose two —": after one mode, "done" is not offered; the two chosen
    modes happen in printed order."""
    _compiled("Austere Command")
    g = scenario("""
players:
  - mana_pool: "{W}{W}{C}{C}{C}{C}"
    hand: [Austere Command]
    battlefield: [Sol Ring]
  - battlefield: [Grizzly Bears, Serra Angel]
""")
    g.run_line(["cast Austere Command", "mode 1"])
    assert "done choosing modes" not in labels(g)
    assert not any(lab.startswith("mode 1") for lab in labels(g))
    g.run_line(["mode 3", "pass"])
    assert player(g, "P1")["graveyard"] == ["Sol Ring", "Austere Command"] or \
        sorted(player(g, "P1")["graveyard"]) == ["Austere Command", "Sol Ring"]
    assert player(g, "P2")["graveyard"] == ["Grizzly Bears"]
    assert permanent(g, "Serra Angel")["card"] == "Serra Angel"


# ---------------------------------------------------------------------------------------------
# power and toughness defined by a characteristic-defining ability (CR 604.3, 613.4a)


def test_cr_613_4a_power_and_toughness_equal_to_creatures_you_control_crusader_of_odric():
    """Crusader of Odric (*/*): "Crusader of Odric's power and toughness are each equal to the
    number of creatures you control." It counts itself; a +1/+1 effect (layer 7c) applies
    after it."""
    _compiled("Crusader of Odric")
    g = scenario("""
players:
  - battlefield: [Crusader of Odric, Grizzly Bears, Forest]
""")
    c = permanent(g, "Crusader of Odric")
    assert (c["power"], c["toughness"]) == (2, 2)
    g = scenario("""
players:
  - mana_pool: "{R}{C}"
    hand: [Searing Spear]
    battlefield: [Crusader of Odric, Grizzly Bears, Grizzly Bears]
""")
    assert permanent(g, "Crusader of Odric")["toughness"] == 3
    g.run_line(["cast Searing Spear", "target Grizzly Bears", "pass"])  # one Bears dies ...
    # ... and the Crusader is 2/2 now (it keeps its damage: none)
    assert permanent(g, "Crusader of Odric")["toughness"] == 2


def test_cr_604_3_the_ability_functions_in_every_zone_boneyard_wurm():
    """Boneyard Wurm: "... each equal to the number of creature cards in your graveyard." On
    the battlefield it counts the creature cards in its controller's graveyard; in the
    graveyard (CR 604.3) it counts itself too."""
    _compiled("Boneyard Wurm")
    g = scenario("""
players:
  - battlefield: [Boneyard Wurm]
    graveyard: [Grizzly Bears, Forest, Child of Night]
""")
    w = permanent(g, "Boneyard Wurm")
    assert (w["power"], w["toughness"]) == (2, 2)
    g = scenario("""
players:
  - graveyard: [Boneyard Wurm, Grizzly Bears]
""")
    oid = g.players[0].graveyard[0]
    assert (g.chars(oid).power, g.chars(oid).toughness) == (2, 2)


def test_cr_704_5f_a_cda_creature_with_toughness_0_dies_boneyard_wurm():
    """With no creature card in the graveyard, Boneyard Wurm is 0/0 and is put into the
    graveyard as a state-based action (CR 704.5f)."""
    g = scenario("""
players:
  - hand: [Boneyard Wurm]
    mana_pool: "{B}{G}"
""")
    g.run_line(["cast Boneyard Wurm", "pass"])
    assert player(g, "P1")["graveyard"] == ["Boneyard Wurm"]


def test_cr_604_3_power_only_sylvan_yeti():
    """Sylvan Yeti (*/4): "Sylvan Yeti's power is equal to the number of cards in your hand." """
    _compiled("Sylvan Yeti")
    g = scenario("""
players:
  - hand: [Island, Island, Forest]
    battlefield: [Sylvan Yeti]
""")
    y = permanent(g, "Sylvan Yeti")
    assert (y["power"], y["toughness"]) == (3, 4)


def test_cr_604_3_a_star_no_ability_defines_is_declined():
    """A */* creature whose text doesn't define its power and toughness by a template the
    compiler reads stays unsupported, with the reason."""
    st = card_status("Adamaro, First to Desire")
    assert not st.supported and "power/toughness */*" in st.reasons


# ---------------------------------------------------------------------------------------------
# "as long as" (CR 611.3a) and what an Aura is attached to


def test_cr_611_3a_as_long_as_you_control_a_forest_kird_ape():
    """Kird Ape (1/1): "Kird Ape gets +1/+2 as long as you control a Forest." The condition is
    checked continuously: 1/1 without a Forest, 2/3 with one."""
    _compiled("Kird Ape")
    g = scenario("""
players:
  - battlefield: [Kird Ape, Mountain]
""")
    assert (permanent(g, "Kird Ape")["power"], permanent(g, "Kird Ape")["toughness"]) == (1, 1)
    g = scenario("""
players:
  - battlefield: [Kird Ape, Forest]
""")
    assert (permanent(g, "Kird Ape")["power"], permanent(g, "Kird Ape")["toughness"]) == (2, 3)


def test_cr_611_3a_metalcraft_carapace_forger():
    """Carapace Forger (2/2): "Metalcraft — Carapace Forger gets +2/+2 as long as you control
    three or more artifacts." Two artifacts are not enough."""
    _compiled("Carapace Forger")
    g = scenario("""
players:
  - battlefield: [Carapace Forger, Sol Ring, Sol Ring]
""")
    assert permanent(g, "Carapace Forger")["power"] == 2
    g = scenario("""
players:
  - battlefield: [Carapace Forger, Sol Ring, Sol Ring, Sol Ring]
""")
    assert permanent(g, "Carapace Forger")["power"] == 4


def test_cr_611_3a_threshold_mystic_zealot():
    """Mystic Zealot (2/4): "Threshold — As long as seven or more cards are in your graveyard,
    Mystic Zealot gets +1/+1 and has flying." """
    _compiled("Mystic Zealot")
    g = scenario("""
players:
  - battlefield: [Mystic Zealot]
    graveyard: [Island, Island, Island, Island, Island, Island]
""")
    assert permanent(g, "Mystic Zealot")["power"] == 2
    assert "flying" not in g.chars(next(o for o in g.battlefield)).keywords
    g = scenario("""
players:
  - battlefield: [Mystic Zealot]
    graveyard: [Island, Island, Island, Island, Island, Island, Island]
""")
    z = next(o for o in g.battlefield)
    assert (g.chars(z).power, g.chars(z).toughness) == (3, 5)
    assert "flying" in g.chars(z).keywords


def test_cr_611_3a_as_long_as_its_attacking_grasping_scoundrel():
    """Grasping Scoundrel (1/1): "Grasping Scoundrel gets +1/+0 as long as it's attacking." """
    _compiled("Grasping Scoundrel")
    g = _duel({"battlefield": ["Grasping Scoundrel"]}, {"battlefield": []}, step="beginning_of_combat")
    assert permanent(g, "Grasping Scoundrel")["power"] == 1
    _to(g, "attack")
    g.act("attack P2 with Grasping Scoundrel")
    if g.decision.kind == "attack":
        g.act("done attacking")
    assert permanent(g, "Grasping Scoundrel")["power"] == 2
    pass_until(g, "end_of_combat")
    assert player(g, "P2")["life"] == 18


def test_cr_603_10a_when_enchanted_creature_dies_bequeathal():
    """Bequeathal: "When enchanted creature dies, you draw two cards." """
    _compiled("Bequeathal")
    g = scenario("""
players:
  - mana_pool: "{R}{C}"
    hand: [Searing Spear]
    library: [Island, Island, Island]
    battlefield: [Grizzly Bears, {card: Bequeathal, attached_to: Grizzly Bears}]
""")
    g.run_line(["cast Searing Spear", "target Grizzly Bears", "pass"])
    assert [i["source"] for i in g.state_json()["stack"]] == ["Bequeathal"]
    g.act("pass")
    assert player(g, "P1")["hand"] == ["Island", "Island"]


def test_cr_503_1a_upkeep_of_enchanted_creatures_controller_stab_wound():
    """Stab Wound (P1's Aura on P2's Serra Angel): "At the beginning of the upkeep of
    enchanted creature's controller, that player loses 2 life." It triggers in P2's upkeep,
    not in P1's."""
    _compiled("Stab Wound")
    g = _duel({"battlefield": [{"card": "Stab Wound", "attached_to": "Serra Angel"}],
               "library": ["Island"] * 3},
              {"battlefield": ["Serra Angel"], "library": ["Island"] * 3}, step="end")
    assert permanent(g, "Serra Angel")["power"] == 2
    pass_until(g, "draw", turn=2)
    assert (player(g, "P1")["life"], player(g, "P2")["life"]) == (20, 18)
    pass_until(g, "draw", turn=3)
    assert (player(g, "P1")["life"], player(g, "P2")["life"]) == (20, 18)


def test_cr_700_2a_choose_two_a_first_mode_must_leave_a_second_austere_command():
    """Modes are chosen in printed order: the last mode can't be the first of two (the fuzz
    found a cast that stopped with nothing to choose)."""
    g = scenario("""
players:
  - mana_pool: "{W}{W}{C}{C}{C}{C}"
    hand: [Austere Command]
""")
    g.act("cast Austere Command")
    assert not any(lab.startswith("mode 4") for lab in labels(g))
    g.act("mode 3")
    assert sorted(labels(g)) == ["mode 4: Destroy all creatures with mana value 4 or greater."]


def test_cr_602_5b_activate_only_if_you_have_no_cards_in_hand_fools_tome():
    """Fool's Tome: "{2}, {T}: Draw a card. Activate only if you have no cards in hand." """
    _compiled("Fool's Tome")
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [Fool's Tome]
    library: [Island]
""")
    g.run_line(["activate Fool's Tome", "pass"])
    assert player(g, "P1")["hand"] == ["Island"]
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    hand: [Forest]
    battlefield: [Fool's Tome]
""")
    assert not any(lab.startswith("activate Fool's Tome") for lab in labels(g))


def test_cr_603_10a_enters_or_dies_seven_tail_mentor():
    """Seven-Tail Mentor: "When Seven-Tail Mentor enters the battlefield or dies, put a +1/+1
    counter on target creature or Vehicle you control." It triggers both times."""
    _compiled("Seven-Tail Mentor")
    g = scenario("""
players:
  - mana_pool: "{R}{C}"
    hand: [Searing Spear]
    battlefield: [Seven-Tail Mentor, Grizzly Bears]
""")
    g.run_line(["cast Searing Spear", "target Seven-Tail Mentor", "pass", "target Grizzly Bears"])
    assert [i["source"] for i in g.state_json()["stack"]] == ["Seven-Tail Mentor"]
    g.act("pass")
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 1}


# ---------------------------------------------------------------------------------------------
# becomes a creature until end of turn (CR 611.2, 613)


def test_cr_613_1d_becomes_a_creature_that_is_still_a_land_faerie_conclave():
    """Faerie Conclave: "{1}{U}: Faerie Conclave becomes a 2/1 blue Faerie creature with flying
    until end of turn. It's still a land." Layers 4 (Creature, Faerie; it keeps Land, CR
    205.1b), 5 (blue), 6 (flying), 7b (2/1); it ends at cleanup (CR 514.2)."""
    _compiled("Faerie Conclave")
    g = _duel({"mana_pool": "{U}{C}", "battlefield": ["Faerie Conclave"], "library": ["Island"] * 3},
              {"library": ["Island"] * 3})
    g.run_line(["activate Faerie Conclave: {1}{U}", "pass", "pass"])
    fc = permanent(g, "Faerie Conclave")
    assert set(fc["types"]) == {"Land", "Creature"}
    assert (fc["power"], fc["toughness"]) == (2, 1)
    oid = next(o for o in g.battlefield)
    c = g.chars(oid)
    assert "flying" in c.keywords and c.colors == frozenset({"U"}) and "Faerie" in c.subtypes
    pass_until(g, "upkeep", turn=2)
    fc = permanent(g, "Faerie Conclave")
    assert fc["types"] == ["Land"] and fc["power"] is None


def test_cr_205_1b_a_land_creature_attacks_mishras_factory():
    """Mishra's Factory: "{1}: Mishra's Factory becomes a 2/2 Assembly-Worker artifact creature
    until end of turn. It's still a land." (colorless: no color is named)."""
    _compiled("Mishra's Factory")
    g = _duel({"mana_pool": "{C}", "battlefield": ["Mishra's Factory"]}, {"battlefield": []},
              step="beginning_of_combat")
    g.run_line(["activate Mishra's Factory: {1}", "pass", "pass"])
    assert set(permanent(g, "Mishra's Factory")["types"]) == {"Artifact", "Land", "Creature"}
    _to(g, "attack")
    g.act("attack P2 with Mishra's Factory")
    if g.decision.kind == "attack":
        g.act("done attacking")
    pass_until(g, "end_of_combat")
    assert player(g, "P2")["life"] == 18


def test_cr_205_1a_becomes_a_creature_without_still_a_land_is_declined():
    """Without "It's still a land" the new card type would replace the old ones (CR 205.1a):
    the wording is not read."""
    import pytest

    from mtg_env.cards.compiler.builder import Builder
    from mtg_env.cards.compiler.grammar import NoParse
    from mtg_env.cards.compiler.lines import effects
    with pytest.raises(NoParse):
        effects("Target land becomes a 2/2 creature until end of turn.", Builder(None))


def test_cr_615_1_prevent_all_combat_damage_to_and_by_that_creature_maze_of_ith():
    """Maze of Ith: "{T}: Untap target attacking creature. Prevent all combat damage that
    would be dealt to and dealt by that creature this turn." """
    _compiled("Maze of Ith")
    g = _duel({"battlefield": ["Grizzly Bears"]}, {"battlefield": ["Maze of Ith"]}, step="beginning_of_combat")
    _to(g, "attack")
    g.act("attack P2 with Grizzly Bears")
    if g.decision.kind == "attack":
        g.act("done attacking")
    g.act("pass")
    g.run_line(["activate Maze of Ith", "target Grizzly Bears", "pass", "pass"])
    assert permanent(g, "Grizzly Bears")["tapped"] is False
    pass_until(g, "end_of_combat")
    assert player(g, "P2")["life"] == 20


def test_cr_615_1_prevent_all_damage_to_target_creature_shielded_passage():
    """Shielded Passage: "Prevent all damage that would be dealt to target creature this
    turn." Searing Spear then deals no damage to it (and a shield on it is not used up)."""
    _compiled("Shielded Passage")
    g = scenario("""
players:
  - mana_pool: "{W}{R}{R}"
    hand: [Shielded Passage, Searing Spear]
    battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Shielded Passage", "target Grizzly Bears", "pass"])
    g.run_line(["cast Searing Spear", "target Grizzly Bears", "pass"])
    assert permanent(g, "Grizzly Bears")["card"] == "Grizzly Bears"
    assert player(g, "P1")["graveyard"] == ["Shielded Passage", "Searing Spear"]


# ---------------------------------------------------------------------------------------------
# delayed triggered abilities (CR 603.7)


def test_cr_603_7_draw_a_card_at_the_beginning_of_the_next_turns_upkeep_blessed_wine():
    """Blessed Wine: "You gain 1 life. Draw a card at the beginning of the next turn's
    upkeep." Cast in P1's turn, the card is drawn in the upkeep of P2's turn, once."""
    _compiled("Blessed Wine")
    g = _duel({"mana_pool": "{W}{C}", "hand": ["Blessed Wine"], "library": ["Forest"] * 4},
              {"library": ["Island"] * 4})
    g.run_line(["cast Blessed Wine", "pass", "pass"])
    assert player(g, "P1")["life"] == 21 and player(g, "P1")["hand"] == []
    pass_until(g, "draw", turn=2)
    assert player(g, "P1")["hand"] == ["Forest"]
    pass_until(g, "upkeep", turn=3)
    g.run_line(["pass", "pass"]) if g.state_json()["stack"] else None
    pass_until(g, "precombat_main", turn=3)
    assert player(g, "P1")["hand"] == ["Forest", "Forest"]  # only the turn's own draw


def test_cr_613_4c_gets_plus_one_for_each_blanchwood_armor():
    """Blanchwood Armor: "Enchanted creature gets +1/+1 for each Forest you control." """
    _compiled("Blanchwood Armor")
    g = scenario("""
players:
  - battlefield: [Grizzly Bears, {card: Blanchwood Armor, attached_to: Grizzly Bears}, Forest, Forest, Island]
""")
    b = permanent(g, "Grizzly Bears")
    assert (b["power"], b["toughness"]) == (4, 4)


def test_cr_613_4c_for_each_other_on_an_aura_is_declined_bravado():
    """Bravado: "Enchanted creature gets +1/+1 for each other creature you control." ("other"
    than the enchanted creature, not than the Aura): not read. Copperhoof Vorrac counts
    untapped permanents (tapping doesn't recompute characteristics): not read."""
    _unsupported("Bravado", "for each other creature you control")
    _unsupported("Copperhoof Vorrac", "untapped")


# ---------------------------------------------------------------------------------------------
# granted abilities in quotes (CR 613.1f)


def test_cr_613_1f_enchanted_creature_has_a_quoted_ability_arcane_teachings():
    """Arcane Teachings: "Enchanted creature gets +2/+2 and has "{T}: This creature deals 1
    damage to any target."" The creature is the ability's source ("this creature")."""
    _compiled("Arcane Teachings")
    g = scenario("""
players:
  - battlefield: [Grizzly Bears, {card: Arcane Teachings, attached_to: Grizzly Bears}]
""")
    assert permanent(g, "Grizzly Bears")["power"] == 4
    acts = [lab for lab in labels(g) if lab.startswith("activate Grizzly Bears")]
    assert len(acts) == 1 and "(from Arcane Teachings)" in acts[0]
    g.run_line([acts[0], "target P2", "pass"])
    assert player(g, "P2")["life"] == 19
    assert permanent(g, "Grizzly Bears")["tapped"] is True


def test_cr_613_1f_a_granted_upkeep_trigger_is_the_creatures_controllers_pillory_of_the_sleepless():
    """Pillory of the Sleepless (P1's Aura on P2's creature): "Enchanted creature has "At the
    beginning of your upkeep, you lose 1 life."": "your" is the creature's controller."""
    _compiled("Pillory of the Sleepless")
    g = _duel({"battlefield": [{"card": "Pillory of the Sleepless", "attached_to": "Serra Angel"}],
               "library": ["Island"] * 3},
              {"battlefield": ["Serra Angel"], "library": ["Island"] * 3}, step="end")
    pass_until(g, "draw", turn=2)
    assert (player(g, "P1")["life"], player(g, "P2")["life"]) == (20, 19)
