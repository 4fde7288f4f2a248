"""The templates of the "misc" family (session 4), each through real cards compiled from their
Oracle text: the Oracle line and the rule it follows in each docstring."""

from __future__ import annotations

from mtg_env.cards import card_status
from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario
from tests.helpers import unsupported as _unsupported

# --------------------------------------------------------------------------------------------
# last known information (CR 608.2h)


def test_cr_608_2h_controller_gains_life_equal_to_last_known_power_swords_to_plowshares():
    """Swords to Plowshares: "Exile target creature. Its controller gains life equal to its
    power." The creature's power as it last existed on the battlefield (its counters count),
    and the player who controlled it then gains the life, not the caster (CR 608.2h)."""
    _compiled("Swords to Plowshares")
    g = scenario("""
players:
  - mana_pool: "{W}"
    hand: [Swords to Plowshares]
  - battlefield: [{card: Grizzly Bears, counters: {"+1/+1": 2}}]
""")
    g.run_line(["cast Swords to Plowshares", "target Grizzly Bears", "pass"])
    assert permanents(g, "Grizzly Bears") == []
    assert player(g, "P2")["life"] == 24
    assert player(g, "P1")["life"] == 20


def test_cr_113_7a_power_as_it_last_existed_swords_to_plowshares():
    """Swords to Plowshares on a 2/2 with a -1/-1 counter: the counter is gone once it is
    exiled, but its power as it last existed on the battlefield, 1, is used (CR 113.7a)."""
    g = scenario("""
players:
  - mana_pool: "{W}"
    hand: [Swords to Plowshares]
  - battlefield: [{card: Grizzly Bears, counters: {"-1/-1": 1}}]
""")
    g.run_line(["cast Swords to Plowshares", "target Grizzly Bears", "pass"])
    assert player(g, "P2")["life"] == 21


def test_cr_608_2h_its_controller_may_search_path_to_exile():
    """Path to Exile: "Exile target creature. Its controller may search their library for a
    basic land card, put that card onto the battlefield tapped, then shuffle." The exiled
    creature's controller decides, searches their own library, and the land enters tapped
    under their control (CR 608.2h, 701.23a)."""
    _compiled("Path to Exile")
    g = scenario("""
players:
  - mana_pool: "{W}"
    hand: [Path to Exile]
    library: [Plains]
  - battlefield: [Grizzly Bears]
    library: [Forest, Island]
""")
    g.run_line(["cast Path to Exile", "target Grizzly Bears", "pass"])
    assert g.pending is not None and g.pending.player == 1
    g.act("yes")
    assert set(labels(g)) == {"find Forest", "find Island", "find nothing"}
    g.act("find Forest")
    forest = permanent(g, "Forest")
    assert forest["tapped"] and forest["controller"] == "P2"
    assert player(g, "P2")["library_count"] == 1
    assert player(g, "P1")["library_count"] == 1


def test_cr_608_2d_its_controller_may_decline_path_to_exile():
    """Path to Exile: the search is optional ("may"): declined, nothing is found and the
    library is not shuffled."""
    g = scenario("""
players:
  - mana_pool: "{W}"
    hand: [Path to Exile]
  - battlefield: [Grizzly Bears]
    library: [Forest]
""")
    g.run_line(["cast Path to Exile", "target Grizzly Bears", "pass", "no"])
    assert permanents(g, "Forest") == []
    assert permanents(g, "Grizzly Bears") == []


def test_cr_608_2h_its_controller_after_destroy_natures_claim():
    """Nature's Claim: "Destroy target artifact or enchantment. Its controller gains 4 life."
    The destroyed permanent's last controller gains the life (CR 608.2h)."""
    _compiled("Nature's Claim")
    g = scenario("""
players:
  - mana_pool: "{G}"
    hand: [Nature's Claim]
  - battlefield: [Sol Ring]
""")
    g.run_line(["cast Nature's Claim", "target Sol Ring", "pass"])
    assert permanents(g, "Sol Ring") == []
    assert player(g, "P2")["life"] == 24 and player(g, "P1")["life"] == 20


def test_cr_608_2h_its_controller_after_bounce_vapor_snag():
    """Vapor Snag: "Return target creature to its owner's hand. Its controller loses 1 life." """
    _compiled("Vapor Snag")
    g = scenario("""
players:
  - mana_pool: "{U}"
    hand: [Vapor Snag]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Vapor Snag", "target Grizzly Bears", "pass"])
    assert player(g, "P2")["hand"] == ["Grizzly Bears"]
    assert player(g, "P2")["life"] == 19


# --------------------------------------------------------------------------------------------
# entwine (CR 702.42)


def test_cr_702_42a_entwine_chooses_every_mode_and_pays_more_barbed_lightning():
    """Barbed Lightning: "Choose one — • ~ deals 3 damage to target creature. • ~ deals 3
    damage to target player or planeswalker. Entwine {2}" Entwined, both modes happen, in
    printed order, each with its own target, and the entwine cost is paid too (CR 702.42a-b)."""
    _compiled("Barbed Lightning")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}{C}{C}"
    hand: [Barbed Lightning]
  - battlefield: [Grizzly Bears]
""")
    g.act("cast Barbed Lightning")
    assert "all modes: pay entwine {2}" in labels(g)
    g.run_line(["all modes: pay entwine {2}", "target Grizzly Bears", "target P2"])
    assert player(g, "P1")["mana_pool"] == ""  # all five mana paid
    g.act("pass")
    assert permanents(g, "Grizzly Bears") == []
    assert player(g, "P2")["life"] == 17


def test_cr_702_42a_entwine_not_offered_without_the_mana_barbed_lightning():
    """Barbed Lightning with only {2}{R}: the entwine cost can't be paid, so only one mode can
    be chosen (CR 601.2f-h)."""
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}"
    hand: [Barbed Lightning]
  - battlefield: [Grizzly Bears]
""")
    g.act("cast Barbed Lightning")
    assert set(labels(g)) == {"mode 1: Barbed Lightning deals 3 damage to target creature.",
                              "mode 2: Barbed Lightning deals 3 damage to target player or planeswalker."}


def test_cr_702_42a_entwine_needs_every_mode_to_have_a_target_rain_of_rust():
    """Rain of Rust: "Choose one — • Destroy target artifact. • Destroy target land. Entwine
    {3}{R}" With no artifact to target, the first mode can't be chosen, so neither can all
    modes (CR 601.2c)."""
    _compiled("Rain of Rust")
    g = scenario("""
players:
  - mana_pool: "{R}{R}{C}{C}{C}{C}{C}"
    hand: [Rain of Rust]
  - battlefield: [Forest]
""")
    g.act("cast Rain of Rust")
    assert labels(g) == ["mode 2: Destroy target land."]


# --------------------------------------------------------------------------------------------
# control until end of turn (CR 613.1b, 514.2)


def test_cr_514_2_control_until_end_of_turn_ends_in_cleanup_bloody_betrayal():
    """Bloody Betrayal: "Gain control of target creature until end of turn. Untap that
    creature. It gains haste until end of turn. Create a Blood token." The creature is the
    caster's, untapped and able to attack this turn (haste, CR 302.6), and goes back to its
    controller as the turn ends (CR 514.2)."""
    _compiled("Bloody Betrayal")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}"
    hand: [Bloody Betrayal]
  - battlefield: [{card: Grizzly Bears, tapped: true}]
""")
    g.run_line(["cast Bloody Betrayal", "target Grizzly Bears", "pass"])
    bears = permanent(g, "Grizzly Bears")
    assert bears["controller"] == "P1" and not bears["tapped"]
    pass_until_attack(g)  # to combat: the Bears may attack
    assert "attack P2 with Grizzly Bears" in labels(g)
    g.act(next(a for a in g.legal_actions() if a.kind == "done"))
    pass_until(g, "upkeep", turn=2)
    assert permanent(g, "Grizzly Bears")["controller"] == "P2"


def pass_until_attack(g) -> None:
    for _ in range(20):
        if g.decision.kind == "attack":
            return
        g.act("pass")
    raise AssertionError("no attack declaration")


def test_cr_701_26b_untap_and_gain_control_of_it_overtaker():
    """Overtaker: "{3}{U}, {T}, Discard a card: Untap target creature and gain control of it
    until end of turn. That creature gains haste until end of turn." (Threaten's wording)"""
    _compiled("Overtaker")
    g = scenario("""
players:
  - mana_pool: "{U}{C}{C}{C}"
    hand: [Island]
    battlefield: [Overtaker]
  - battlefield: [{card: Grizzly Bears, tapped: true}]
""")
    g.run_line(["activate Overtaker", "target Grizzly Bears", "discard Island", "pass"])
    bears = permanent(g, "Grizzly Bears")
    assert bears["controller"] == "P1" and not bears["tapped"]


# --------------------------------------------------------------------------------------------
# damage to each creature and each player (CR 120.3)


def test_cr_120_3_damage_to_each_creature_and_each_player_pestilence_demon():
    """Pestilence Demon: "{B}: ~ deals 1 damage to each creature and each player." Every
    creature (the Demon too) and every player is dealt 1 damage."""
    _compiled("Pestilence Demon")
    g = scenario("""
players:
  - mana_pool: "{B}"
    battlefield: [Pestilence Demon, Llanowar Elves]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["activate Pestilence Demon", "pass"])
    assert player(g, "P1")["life"] == 19 and player(g, "P2")["life"] == 19
    assert permanents(g, "Llanowar Elves") == []
    assert permanent(g, "Grizzly Bears")["damage"] == 1
    assert permanent(g, "Pestilence Demon")["damage"] == 1


def test_cr_120_3_damage_to_each_creature_with_flying_and_each_player_hurricane():
    """Hurricane: "~ deals X damage to each creature with flying and each player." Creatures
    without flying are not dealt damage."""
    _compiled("Hurricane")
    g = scenario("""
players:
  - mana_pool: "{G}{C}{C}"
    hand: [Hurricane]
    battlefield: [Grizzly Bears]
  - battlefield: [Birds of Paradise]
""")
    g.run_line(["cast Hurricane", "x 2", "pass"])
    assert permanents(g, "Birds of Paradise") == []
    assert permanent(g, "Grizzly Bears")["damage"] == 0
    assert player(g, "P1")["life"] == 18 and player(g, "P2")["life"] == 18


# --------------------------------------------------------------------------------------------
# persist (CR 702.79), modular (CR 702.43)


def test_cr_702_79a_persist_returns_with_a_minus_counter_once_kitchen_finks():
    """Kitchen Finks: "When ~ enters, you gain 2 life. Persist" Killed with no -1/-1 counter,
    it returns under its owner's control with one (a 2/1) and its enters trigger gains 2 life
    again; killed with the counter, it stays in the graveyard (CR 702.79a)."""
    _compiled("Kitchen Finks")
    g = scenario("""
players:
  - mana_pool: "{R}{R}"
    hand: [Lightning Bolt, Shock]
  - battlefield: [Kitchen Finks]
""")
    g.run_line(["cast Lightning Bolt", "target Kitchen Finks", "pass"])
    g.act("pass")  # persist resolves: it returns
    finks = permanent(g, "Kitchen Finks")
    assert finks["counters"] == {"-1/-1": 1} and finks["power"] == 2 and finks["toughness"] == 1
    assert finks["controller"] == "P2"
    g.act("pass")  # its enters trigger
    assert player(g, "P2")["life"] == 22
    g.run_line(["cast Shock", "target Kitchen Finks", "pass"])
    assert permanents(g, "Kitchen Finks") == []
    assert player(g, "P2")["graveyard"] == ["Kitchen Finks"]
    assert g.stack == []


def test_cr_702_43a_modular_enters_with_counters_and_moves_them_arcbound_worker():
    """Arcbound Worker: "Modular 1" It enters with a +1/+1 counter; when it is put into a
    graveyard, its controller may put a +1/+1 counter for each it had on target artifact
    creature (CR 702.43a, 603.10a)."""
    _compiled("Arcbound Worker")
    g = scenario("""
players:
  - mana_pool: "{C}{R}"
    hand: [Arcbound Worker, Shock]
    battlefield: [Ornithopter]
""")
    g.run_line(["cast Arcbound Worker", "pay {1} with {C}", "pass"])
    assert permanent(g, "Arcbound Worker")["counters"] == {"+1/+1": 1}
    g.run_line(["cast Shock", "target Arcbound Worker", "pass"])
    g.run_line(["target Ornithopter", "pass", "yes"])
    assert permanent(g, "Ornithopter")["counters"] == {"+1/+1": 1}


# --------------------------------------------------------------------------------------------
# flipping a coin (CR 705)


def _crypt_upkeep(seed: int):
    g = scenario(f"""
seed: {seed}
format: duel
players:
  - battlefield: [Island]
    library: [Island, Island]
  - battlefield: [Mana Crypt]
    library: [Island, Island]
""")
    pass_until(g, "upkeep", turn=2)
    assert len(g.state_json()["stack"]) == 1  # the trigger
    pass_until(g, "draw", turn=2)
    return g


def test_cr_705_2_flip_a_coin_lose_branch_mana_crypt():
    """Mana Crypt: "At the beginning of your upkeep, flip a coin. If you lose the flip, ~
    deals 3 damage to you." The flip is won or lost at random through the game's seed (the
    same seed gives the same flip); a lost flip deals the damage, a won one nothing."""
    _compiled("Mana Crypt")
    lives = set()
    for seed in range(12):
        g = _crypt_upkeep(seed)
        life = player(g, "P2")["life"]
        lost = any("loses the flip (Mana Crypt)" in line for line in g.log)
        won = any("wins the flip (Mana Crypt)" in line for line in g.log)
        assert won != lost
        assert life == (17 if lost else 20)
        assert player(g, "P2")["life"] == player(_crypt_upkeep(seed), "P2")["life"]  # same seed
        lives.add(life)
    assert lives == {17, 20}  # both outcomes happen


def test_cr_705_2_flip_a_coin_both_branches_bottle_of_suleiman():
    """Bottle of Suleiman: "{1}, Sacrifice ~: Flip a coin. If you win the flip, create a 5/5
    colorless Djinn artifact creature token with flying. If you lose the flip, ~ deals 5
    damage to you." Exactly one branch happens."""
    _compiled("Bottle of Suleiman")
    seen = set()
    for seed in range(10):
        g = scenario(f"""
seed: {seed}
players:
  - mana_pool: "{{C}}"
    battlefield: [Bottle of Suleiman]
""")
        g.run_line(["activate Bottle of Suleiman", "pass"])
        djinn = len(permanents(g, "Djinn Token"))
        life = player(g, "P1")["life"]
        assert (djinn, life) in ((1, 20), (0, 15))
        seen.add(djinn)
    assert seen == {0, 1}


def test_flip_a_coin_followed_by_another_sentence_is_declined():
    """A sentence after a flip's branches could belong to a branch ("If you lose the flip,
    choose one of your opponents. That player gains control of ~."): not read."""
    _unsupported("Goblin Festival", "")


# --------------------------------------------------------------------------------------------
# bloodthirst (CR 702.54)


def test_cr_702_54a_bloodthirst_after_an_opponent_was_dealt_damage_gorehorn_minotaurs():
    """Gorehorn Minotaurs: "Bloodthirst 2" With an opponent dealt damage this turn it enters
    with two +1/+1 counters (CR 702.54a)."""
    _compiled("Gorehorn Minotaurs")
    g = scenario("""
players:
  - mana_pool: "{R}{R}{R}{C}{C}"
    hand: [Shock, Gorehorn Minotaurs]
""")
    g.run_line(["cast Shock", "target P2", "pass"])
    assert player(g, "P2")["life"] == 18
    g.run_line(["cast Gorehorn Minotaurs", "pass"])
    assert permanent(g, "Gorehorn Minotaurs")["counters"] == {"+1/+1": 2}


def test_cr_702_54a_bloodthirst_without_damage_or_with_damage_to_yourself_gorehorn_minotaurs():
    """Gorehorn Minotaurs: damage to its own controller is not damage to an opponent; it
    enters without counters."""
    g = scenario("""
players:
  - mana_pool: "{R}{R}{R}{C}{C}"
    hand: [Shock, Gorehorn Minotaurs]
""")
    g.run_line(["cast Shock", "target P1", "pass"])
    g.run_line(["cast Gorehorn Minotaurs", "pass"])
    assert permanent(g, "Gorehorn Minotaurs")["counters"] == {}


# --------------------------------------------------------------------------------------------
# renown (CR 702.112)


def _attack_with(g, card: str) -> None:
    pass_until_attack(g)
    g.act(f"attack P2 with {card}")
    if g.decision.kind == "attack":
        g.act(next(a for a in g.legal_actions() if a.kind == "done"))
    pass_until(g, "end", turn=g.state_json()["turn"])


def test_cr_702_112a_renown_once_topan_freeblade():
    """Topan Freeblade: "Vigilance. Renown 1" Its first combat damage to a player puts a
    +1/+1 counter on it and it becomes renowned; later combat damage, with it renowned, puts
    none (the intervening "if", CR 603.4, 702.112a)."""
    _compiled("Topan Freeblade")
    g = scenario("""
format: duel
players:
  - battlefield: [Topan Freeblade]
    library: [Island, Island, Island]
  - library: [Island, Island, Island]
""")
    _attack_with(g, "Topan Freeblade")
    assert player(g, "P2")["life"] == 18
    assert permanent(g, "Topan Freeblade")["counters"] == {"+1/+1": 1}
    pass_until(g, "precombat_main", turn=3)
    _attack_with(g, "Topan Freeblade")
    assert player(g, "P2")["life"] == 15
    assert permanent(g, "Topan Freeblade")["counters"] == {"+1/+1": 1}


# --------------------------------------------------------------------------------------------
# monstrosity (CR 701.37)


def test_cr_701_37a_monstrosity_once_and_its_trigger_arbor_colossus():
    """Arbor Colossus: "{3}{G}{G}{G}: Monstrosity 3. When ~ becomes monstrous, destroy target
    creature with flying an opponent controls." The first activation puts three +1/+1
    counters on it and it becomes monstrous (its trigger destroys the flier); a second one
    does nothing, and it doesn't become monstrous again (CR 701.37a-b)."""
    _compiled("Arbor Colossus")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}{G}{G}{G}{C}{C}{C}{C}{C}{C}"
    battlefield: [Arbor Colossus]
  - battlefield: [Birds of Paradise]
""")
    g.run_line(["activate Arbor Colossus"] + ["pay {1} with {C}"] * 3 + ["pass"])
    assert permanent(g, "Arbor Colossus")["counters"] == {"+1/+1": 3}
    g.run_line(["target Birds of Paradise", "pass"])
    assert permanents(g, "Birds of Paradise") == []
    g.run_line(["activate Arbor Colossus", "pass"])  # the rest of the pool pays exactly
    assert permanent(g, "Arbor Colossus")["counters"] == {"+1/+1": 3}
    assert g.stack == []


# --------------------------------------------------------------------------------------------
# "at end of combat" (CR 603.7a, 511.2)


def test_cr_603_7a_sacrifice_it_at_end_of_combat_runaway_carriage():
    """Runaway Carriage: "Trample. When ~ attacks or blocks, sacrifice it at end of combat."
    It deals its combat damage, then is sacrificed as the end of combat step begins (a
    delayed triggered ability, CR 603.7a, 511.2), not before."""
    _compiled("Runaway Carriage")
    g = scenario("""
format: duel
players:
  - battlefield: [Runaway Carriage]
    library: [Island, Island]
  - library: [Island, Island]
""")
    pass_until_attack(g)
    g.act("attack P2 with Runaway Carriage")
    pass_until(g, "combat_damage")
    assert permanents(g, "Runaway Carriage") != []
    pass_until(g, "end_of_combat")
    assert len(g.state_json()["stack"]) == 1  # the delayed trigger
    while g.state_json()["stack"]:
        g.act("pass")
    assert player(g, "P2")["life"] == 15
    assert permanents(g, "Runaway Carriage") == []
    assert player(g, "P1")["graveyard"] == ["Runaway Carriage"]


# --------------------------------------------------------------------------------------------
# exploit (CR 702.110)


def test_cr_702_110b_exploit_itself_still_triggers_silumgar_butcher():
    """Silumgar Butcher: "Exploit. When ~ exploits a creature, target creature gets -3/-3 until
    end of turn." Sacrificing the Butcher itself to its exploit ability still makes it exploit
    a creature (Gatherer ruling), so the -3/-3 happens (CR 702.110a-b)."""
    _compiled("Silumgar Butcher")
    g = scenario("""
players:
  - mana_pool: "{B}{C}{C}{C}{C}"
    hand: [Silumgar Butcher]
    battlefield: [Llanowar Elves]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Silumgar Butcher", "pass"])
    g.act("pass")  # the exploit trigger resolves
    assert set(labels(g)) == {"sacrifice Silumgar Butcher", "sacrifice Llanowar Elves", "sacrifice nothing"}
    g.act("sacrifice Silumgar Butcher")
    assert player(g, "P1")["graveyard"] == ["Silumgar Butcher"]
    g.run_line(["target Grizzly Bears", "pass"])
    assert permanents(g, "Grizzly Bears") == []
    assert permanents(g, "Llanowar Elves") != []


def test_cr_702_110a_exploit_may_sacrifice_nothing_silumgar_butcher():
    """Silumgar Butcher: "sacrifice nothing": no creature is exploited, nothing triggers."""
    g = scenario("""
players:
  - mana_pool: "{B}{C}{C}{C}{C}"
    hand: [Silumgar Butcher]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Silumgar Butcher", "pass", "pass", "sacrifice nothing"])
    assert g.stack == []
    assert permanent(g, "Grizzly Bears")["toughness"] == 2


# --------------------------------------------------------------------------------------------
# detain (CR 701.35)


def test_cr_701_35a_detain_until_your_next_turn_lyev_skyknight():
    """Lyev Skyknight: "When ~ enters, detain target nonland permanent an opponent controls."
    Until its controller's next turn, the detained Elves can't attack and its mana ability
    can't be activated; on that turn the detention is over (CR 701.35a)."""
    _compiled("Lyev Skyknight")
    g = scenario("""
format: duel
players:
  - mana_pool: "{W}{U}{C}{C}"
    hand: [Lyev Skyknight]
    library: [Island, Island, Island]
  - battlefield: [Llanowar Elves]
    library: [Island, Island, Island]
""")
    g.run_line(["cast Lyev Skyknight", "pass", "pass"])  # both players pass: it resolves
    if "target Llanowar Elves" in labels(g):
        g.act("target Llanowar Elves")
    while g.state_json()["stack"]:
        g.act("pass")
    pass_until(g, "precombat_main", turn=2)
    assert g.decision.player == "P2"
    assert not any("Llanowar Elves" in lab for lab in labels(g))
    g.act("pass")
    for _ in range(10):  # to P2's declare attackers: no attack is possible
        assert g.decision.kind != "attack"
        if g.state_json()["step"] == "postcombat_main":
            break
        g.act("pass")
    pass_until(g, "precombat_main", turn=3)
    pass_until(g, "precombat_main", turn=4)
    assert "activate Llanowar Elves: {T}: Add {G}." in labels(g)


def test_cr_608_2h_its_controller_after_put_on_library_condemn():
    """Condemn: "Put target attacking creature on the bottom of its owner's library. Its
    controller gains life equal to its toughness." The creature's last controller gains its
    last known toughness (CR 608.2h)."""
    _compiled("Condemn")
    g = scenario("""
format: duel
players:
  - library: [Island, Island]
    battlefield: [Grizzly Bears]
  - battlefield: [Plains]
    hand: [Condemn]
    library: [Island, Island]
""")
    pass_until_attack(g)
    g.act("attack P2 with Grizzly Bears")
    g.act("pass")  # P1 passes in the declare attackers step: P2 may act
    g.run_line(["activate Plains: {T}: Add {W}.", "cast Condemn", "target Grizzly Bears"])
    while g.state_json()["stack"]:
        g.act("pass")
    assert permanents(g, "Grizzly Bears") == []
    assert player(g, "P1")["life"] == 22 and player(g, "P2")["life"] == 20


# --------------------------------------------------------------------------------------------
# wordings declined


def test_declined_entwine_with_a_cost_that_isnt_mana_betrayal_of_flesh():
    """Betrayal of Flesh: "Entwine—Sacrifice three lands." (not a mana cost): not read."""
    st = card_status("Betrayal of Flesh")
    assert not st.supported


def test_declined_chaos_warp_reveal():
    """Chaos Warp: an Aura revealed would enter attached to something its owner chooses (CR
    303.4f), which the engine can't do: not read."""
    assert not card_status("Chaos Warp").supported
