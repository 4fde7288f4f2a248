"""The templates of the "keywords" family (session 5), each through real cards compiled from
their Oracle text: the Oracle line and the rule it follows in each docstring."""

from __future__ import annotations

from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario
from tests.helpers import unsupported as _unsupported


def _to_attack(g) -> None:
    for _ in range(20):
        if g.decision.kind == "attack":
            return
        g.act("pass")
    raise AssertionError("no attack declaration")


def _attack(g, *cards: str) -> None:
    _to_attack(g)
    for c in cards:
        g.act(f"attack P2 with {c}")
    if g.decision.kind == "attack":
        g.act(next(a for a in g.legal_actions() if a.kind == "done"))


def _resolve(g, limit: int = 6) -> None:
    """Pass priority until the stack is empty or a player must choose (triggers put on the
    stack in the order offered)."""
    for _ in range(limit):
        if g.decision.kind == "order":
            g.act(labels(g)[0])
            continue
        if not g.state_json()["stack"] or g.decision.kind != "priority":
            return
        g.act("pass")


def _names(g, who: str, zone: str) -> list[str]:
    return [c["card"] if isinstance(c, dict) else c for c in player(g, who)[zone]]


# --------------------------------------------------------------------------------------------
# annihilator (CR 702.86)


def test_cr_702_86a_annihilator_defending_player_sacrifices_before_blocks_artisan_of_kozilek():
    """Artisan of Kozilek: "Annihilator 2 (Whenever this creature attacks, defending player
    sacrifices two permanents.)" The defending player chooses two of their permanents as the
    trigger resolves, in the declare attackers step: a creature sacrificed can't block (Gatherer
    ruling 2010-06-15)."""
    _compiled("Artisan of Kozilek")
    g = scenario("""
players:
  - battlefield: [Artisan of Kozilek]
  - battlefield: [Grizzly Bears, Forest, Island]
""")
    _attack(g, "Artisan of Kozilek")
    _resolve(g)  # the trigger resolves
    assert g.pending is not None and g.pending.player == 1
    assert set(labels(g)) == {"sacrifice Grizzly Bears", "sacrifice Forest", "sacrifice Island"}
    g.act("sacrifice Grizzly Bears")
    assert set(labels(g)) == {"sacrifice Forest", "sacrifice Island"}
    g.act("sacrifice Island")
    assert [p["card"] for p in player(g, "P2")["battlefield"]] == ["Forest"]
    assert sorted(_names(g, "P2", "graveyard")) == ["Grizzly Bears", "Island"]
    assert g.state_json()["step"] == "declare_attackers"


def test_cr_701_21a_annihilator_with_fewer_permanents_sacrifices_all_artisan_of_kozilek():
    """Annihilator 2 against a player with one permanent: they sacrifice it, no choice."""
    g = scenario("""
players:
  - battlefield: [Artisan of Kozilek]
  - battlefield: [Forest]
""")
    _attack(g, "Artisan of Kozilek")
    _resolve(g)
    assert player(g, "P2")["battlefield"] == []
    assert _names(g, "P2", "graveyard") == ["Forest"]


def test_cr_701_21a_sacrificed_card_returns_under_your_control_it_that_betrays():
    """It That Betrays: "Annihilator 2 ... Whenever an opponent sacrifices a nontoken
    permanent, put that card onto the battlefield under your control." Each nontoken permanent
    sacrificed to its annihilator comes back under its controller's control (Gatherer rulings
    2010-06-15)."""
    _compiled("It That Betrays")
    g = scenario("""
players:
  - battlefield: [It That Betrays]
  - battlefield: [Grizzly Bears, Forest]
""")
    _attack(g, "It That Betrays")
    _resolve(g, 10)  # two permanents, annihilator 2: both, no choice; then the two returns
    for card in ("Grizzly Bears", "Forest"):
        p = permanent(g, card)
        assert p["controller"] == "P1" and p["owner"] == "P2"
    assert _names(g, "P2", "graveyard") == []


def test_cr_111_8_sacrificed_token_doesnt_return_it_that_betrays():
    """It That Betrays: tokens sacrificed are not "nontoken permanents": the Soldier tokens
    the defending player makes in response and sacrifices to annihilator stay gone, the Bears
    stay theirs."""
    g = scenario("""
format: duel
players:
  - battlefield: [It That Betrays]
  - battlefield: [Grizzly Bears, Plains, Plains]
    hand: [Raise the Alarm]
""")
    _attack(g, "It That Betrays")
    g.act("pass")
    g.run_line(["activate Plains", "activate Plains", "cast Raise the Alarm", "pass", "pass"])  # two Soldiers
    assert len(permanents(g, "Soldier Token")) == 2
    _resolve(g)
    assert set(labels(g)) >= {"sacrifice Soldier Token", "sacrifice Grizzly Bears"}
    g.act("sacrifice Soldier Token")
    g.act("sacrifice Soldier Token")
    _resolve(g)
    assert permanents(g, "Soldier Token") == []
    assert permanent(g, "Grizzly Bears")["controller"] == "P2"
    assert g.state_json()["stack"] == []


# --------------------------------------------------------------------------------------------
# sacrificing (CR 701.21a)


def test_cr_701_21a_target_player_sacrifices_their_choice_diabolic_edict():
    """Diabolic Edict: "Target player sacrifices a creature." The targeted player chooses
    which of their creatures, as the spell resolves."""
    _compiled("Diabolic Edict", "Barter in Blood")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{B}"
    hand: [Diabolic Edict]
  - battlefield: [Grizzly Bears, Llanowar Elves, Forest]
""")
    g.run_line(["cast Diabolic Edict", "target P2", "pass", "pass"])
    assert g.pending is not None and g.pending.player == 1
    assert set(labels(g)) == {"sacrifice Grizzly Bears", "sacrifice Llanowar Elves"}
    g.act("sacrifice Llanowar Elves")
    assert permanents(g, "Llanowar Elves") == []
    assert permanent(g, "Grizzly Bears")["controller"] == "P2"


def test_cr_101_4_each_player_sacrifices_two_barter_in_blood():
    """Barter in Blood: "Each player sacrifices two creatures." Each player, in APNAP order,
    chooses two of their own creatures (one with only two sacrifices both, no choice), then
    all of them are sacrificed."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{B}{B}"
    hand: [Barter in Blood]
    battlefield: [Grizzly Bears, Llanowar Elves, Serra Angel]
  - battlefield: [Grizzly Bears, Llanowar Elves]
""")
    g.run_line(["cast Barter in Blood", "pass", "pass"])
    assert g.pending is not None and g.pending.player == 0
    assert set(labels(g)) == {"sacrifice Grizzly Bears", "sacrifice Llanowar Elves", "sacrifice Serra Angel"}
    g.run_line(["sacrifice Grizzly Bears", "sacrifice Llanowar Elves"])
    assert [p["card"] for p in player(g, "P1")["battlefield"]] == ["Serra Angel"]
    assert player(g, "P2")["battlefield"] == []


# --------------------------------------------------------------------------------------------
# dethrone (CR 702.105), Marchesa


def test_cr_702_105a_dethrone_only_against_the_most_life_enraged_revolutionary():
    """Enraged Revolutionary: "Dethrone (Whenever this creature attacks the player with the
    most life or tied for most life, put a +1/+1 counter on it.)" Tied at 20: a counter; the
    next turn, with the defending player below the attacker's controller: none."""
    _compiled("Enraged Revolutionary")
    g = scenario("""
players:
  - battlefield: [Enraged Revolutionary]
    library: [Island, Island, Island]
  - library: [Island, Island, Island]
""")
    _attack(g, "Enraged Revolutionary")
    _resolve(g)
    assert permanent(g, "Enraged Revolutionary")["counters"] == {"+1/+1": 1}
    pass_until(g, "precombat_main", turn=3)
    assert player(g, "P2")["life"] == 17
    _attack(g, "Enraged Revolutionary")
    _resolve(g)
    assert permanent(g, "Enraged Revolutionary")["counters"] == {"+1/+1": 1}


def test_cr_613_1f_granted_dethrone_and_delayed_return_marchesa_the_black_rose():
    """Marchesa, the Black Rose: "Other creatures you control have dethrone." and "Whenever a
    creature you control with a +1/+1 counter on it dies, return that card to the battlefield
    under your control at the beginning of the next end step." The Bears attack with the
    granted dethrone and get a counter; destroyed after combat, the card comes back at the
    end step (CR 603.7a), without the counter (a new object, CR 400.7)."""
    _compiled("Marchesa, the Black Rose")
    g = scenario("""
players:
  - battlefield: ["Marchesa, the Black Rose", Grizzly Bears, Swamp, Swamp, Swamp]
    hand: [Murder]
    library: [Island, Island]
  - library: [Island, Island]
""")
    _attack(g, "Grizzly Bears")
    _resolve(g)
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 1}
    pass_until(g, "postcombat_main", turn=1)
    g.run_line(["activate Swamp", "activate Swamp", "activate Swamp", "cast Murder", "target Grizzly Bears"])
    _resolve(g)
    assert permanents(g, "Grizzly Bears") == []
    _resolve(g)  # the dies trigger: a delayed ability
    assert permanents(g, "Grizzly Bears") == []
    pass_until(g, "end", turn=1)
    _resolve(g)
    bears = permanent(g, "Grizzly Bears")
    assert bears["controller"] == "P1" and bears["counters"] == {}


def test_cr_400_7_creature_without_counter_doesnt_return_marchesa_the_black_rose():
    """Marchesa: a creature without a +1/+1 counter on it as it dies doesn't trigger her
    ability (its counters as it last existed, CR 603.10a)."""
    g = scenario("""
players:
  - battlefield: ["Marchesa, the Black Rose", Grizzly Bears, Swamp, Swamp, Swamp]
    hand: [Murder]
""")
    g.run_line(["activate Swamp", "activate Swamp", "activate Swamp", "cast Murder", "target Grizzly Bears"])
    _resolve(g)
    assert g.state_json()["stack"] == []
    pass_until(g, "end", turn=1)
    _resolve(g)
    assert permanents(g, "Grizzly Bears") == []


# --------------------------------------------------------------------------------------------
# afflict (CR 702.130), afterlife (CR 702.135), living weapon (CR 702.92)


def test_cr_702_130a_afflict_when_blocked_eternal_of_harsh_truths():
    """Eternal of Harsh Truths: "Afflict 2 (Whenever this creature becomes blocked, defending
    player loses 2 life.)" """
    _compiled("Eternal of Harsh Truths")
    g = scenario("""
format: duel
players:
  - battlefield: [Eternal of Harsh Truths]
  - battlefield: [Grizzly Bears]
""")
    _attack(g, "Eternal of Harsh Truths")
    for _ in range(6):
        if g.decision.kind == "block":
            break
        g.act("pass")
    g.act("block Eternal of Harsh Truths with Grizzly Bears")
    if g.decision.kind == "block":
        g.act(next(a for a in g.legal_actions() if a.kind == "done"))
    _resolve(g)
    assert player(g, "P2")["life"] == 18


def test_cr_702_135a_afterlife_spirits_when_it_dies_ministrant_of_obligation():
    """Ministrant of Obligation: "Afterlife 2 (When this creature dies, create two 1/1 white
    and black Spirit creature tokens with flying.)" """
    _compiled("Ministrant of Obligation")
    g = scenario("""
players:
  - battlefield: [Ministrant of Obligation, Swamp, Swamp, Swamp]
    hand: [Murder]
""")
    g.run_line(["activate Swamp", "activate Swamp", "activate Swamp", "cast Murder", "target Ministrant of Obligation"])
    _resolve(g)
    _resolve(g)
    spirits = permanents(g, "Spirit Token")
    assert len(spirits) == 2 and all(s["controller"] == "P1" for s in spirits)


def test_cr_702_92a_living_weapon_germ_equipped_kaldra_compleat():
    """Kaldra Compleat: "Living weapon ... Equipped creature gets +5/+5 and has first strike,
    trample, indestructible, haste, and "Whenever this creature deals combat damage to a
    creature, exile that creature."" Cast, it makes a 0/0 Germ and is attached to it: a 5/5
    with haste that attacks at once; blocked by a 6/6, its first-strike damage triggers the
    exile, which resolves before regular combat damage: the Dreadmaw never deals its damage."""
    _compiled("Kaldra Compleat")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}x7"
    hand: [Kaldra Compleat]
  - battlefield: [Colossal Dreadmaw]
""")
    g.run_line(["cast Kaldra Compleat", "pass", "pass"])
    _resolve(g)
    germ = permanent(g, "Phyrexian Germ Token")
    assert (germ["power"], germ["toughness"]) == (5, 5)
    assert permanent(g, "Kaldra Compleat")["attached_to"] == germ["id"]
    _attack(g, "Phyrexian Germ Token")
    for _ in range(6):
        if g.decision.kind == "block":
            break
        g.act("pass")
    g.act("block Phyrexian Germ Token with Colossal Dreadmaw")
    if g.decision.kind == "block":
        g.act(next(a for a in g.legal_actions() if a.kind == "done"))
    for _ in range(8):
        _resolve(g)
        if _names(g, "P2", "exile") or g.state_json()["step"] == "end_of_combat":
            break
        g.act("pass")
    assert _names(g, "P2", "exile") == ["Colossal Dreadmaw"]
    assert permanent(g, "Phyrexian Germ Token")["damage"] == 0
    assert player(g, "P2")["life"] == 20


# --------------------------------------------------------------------------------------------
# proliferate (CR 701.34)


def test_cr_701_34a_proliferate_chosen_permanents_and_players_steady_progress():
    """Steady Progress: "Proliferate. Draw a card." The caster chooses any of the permanents
    and players with counters: their Bears (+1/+1) and themselves (energy) get one more, the
    opponent's Serra Angel with a -1/-1 counter isn't chosen and keeps one."""
    _compiled("Steady Progress")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{U}"
    hand: [Steady Progress]
    battlefield: [{card: Grizzly Bears, counters: {"+1/+1": 1}}]
    energy: 2
    library: [Island]
  - battlefield: [{card: Serra Angel, counters: {"-1/-1": 1}}, Llanowar Elves]
""")
    g.run_line(["cast Steady Progress", "pass"])
    assert set(labels(g)) == {"proliferate Grizzly Bears", "proliferate Serra Angel", "proliferate P1",
                              "proliferate nothing"}
    g.act("proliferate Grizzly Bears")
    assert set(labels(g)) == {"proliferate Serra Angel", "proliferate P1", "proliferate nothing more"}
    g.act("proliferate P1")
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 2}
    assert permanent(g, "Serra Angel")["counters"] == {"-1/-1": 1}
    assert player(g, "P1")["energy"] == 3
    assert _names(g, "P1", "hand") == ["Island"]


# --------------------------------------------------------------------------------------------
# ward (CR 702.21)


def test_cr_702_21a_ward_counters_unless_paid_waterfall_aerialist():
    """Waterfall Aerialist: "Ward {2} (Whenever this creature becomes the target of a spell or
    ability an opponent controls, counter it unless that player pays {2}.)" The Bolt's caster
    can't pay: the Bolt is countered and the Aerialist lives."""
    _compiled("Waterfall Aerialist")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
  - battlefield: [Waterfall Aerialist]
""")
    g.run_line(["cast Lightning Bolt", "target Waterfall Aerialist"])
    assert len(g.state_json()["stack"]) == 2  # the ward trigger on top of the Bolt
    _resolve(g)
    assert g.pending is not None and g.pending.player == 0
    assert "yes" not in labels(g)  # {2} can't be paid
    g.act("no")
    _resolve(g)
    assert g.state_json()["stack"] == []
    assert permanent(g, "Waterfall Aerialist")["damage"] == 0
    assert _names(g, "P1", "graveyard") == ["Lightning Bolt"]


def test_cr_702_21a_ward_paid_spell_resolves_waterfall_aerialist():
    """Waterfall Aerialist: the Bolt's caster pays {2}: the Bolt resolves and the 3/3 dies."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{C}{C}"
    hand: [Lightning Bolt]
  - battlefield: [Waterfall Aerialist]
""")
    g.run_line(["cast Lightning Bolt", "target Waterfall Aerialist"])
    _resolve(g)
    g.act("yes")  # the {C}{C} left in the pool pays
    _resolve(g)
    assert permanents(g, "Waterfall Aerialist") == []


def test_cr_702_21a_ward_ignores_its_controllers_spells_waterfall_aerialist():
    """Ward triggers only for a spell or ability an opponent controls: its controller's own
    Giant Growth resolves with no ward trigger."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{G}"
    hand: [Giant Growth]
    battlefield: [Waterfall Aerialist]
  - {}
""")
    g.run_line(["cast Giant Growth", "target Waterfall Aerialist"])
    assert len(g.state_json()["stack"]) == 1
    _resolve(g)
    assert permanent(g, "Waterfall Aerialist")["power"] == 6


# --------------------------------------------------------------------------------------------
# encore (CR 702.141)


def test_cr_702_141a_encore_token_copy_attacks_and_is_sacrificed_phyrexian_triniform():
    """Phyrexian Triniform: "Encore {12} ({12}, Exile this card from your graveyard: For each
    opponent, create a token copy that attacks that opponent this turn if able. They gain
    haste. Sacrifice them at the beginning of the next end step. Activate only as a
    sorcery.)" The card is exiled to pay; the hasty token copy must attack P2 ("no attack" is
    not offered, CR 508.1d), and is sacrificed at the end step: its own dies trigger makes the
    three Golems."""
    _compiled("Phyrexian Triniform")
    g = scenario("""
players:
  - mana_pool: "{C}x12"
    graveyard: [Phyrexian Triniform]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.act("activate Phyrexian Triniform")
    assert _names(g, "P1", "exile") == ["Phyrexian Triniform"]
    _resolve(g)
    token = permanent(g, "Phyrexian Triniform")
    assert token["token"] and token["controller"] == "P1"
    _to_attack(g)
    assert labels(g) == ["attack P2 with Phyrexian Triniform"]
    g.act("attack P2 with Phyrexian Triniform")
    pass_until(g, "postcombat_main", turn=1)
    assert player(g, "P2")["life"] == 11
    pass_until(g, "end", turn=1)
    _resolve(g, 10)
    assert permanents(g, "Phyrexian Triniform") == []
    assert len(permanents(g, "Phyrexian Golem Token")) == 3


def test_cr_602_5d_encore_only_as_a_sorcery_phyrexian_triniform():
    """Encore: "Activate only as a sorcery.": not in the opponent's turn."""
    g = scenario("""
format: duel
active_player: P2
players:
  - mana_pool: "{C}x12"
    graveyard: [Phyrexian Triniform]
  - {}
""")
    g.act("pass")  # P2 passes in their main phase: P1 has priority
    assert g.decision.player == "P1"
    assert not any(lab.startswith("activate Phyrexian Triniform") for lab in labels(g))


# --------------------------------------------------------------------------------------------
# extort (CR 702.101), fabricate (CR 702.123), scavenge (CR 702.97)


def test_cr_702_101a_extort_paid_drains_syndic_of_tithes():
    """Syndic of Tithes: "Extort (Whenever you cast a spell, you may pay {W/B}. If you do,
    each opponent loses 1 life and you gain that much life.)" Casting a spell with {W} to
    spare: paid, P2 loses 1 and P1 gains 1."""
    _compiled("Syndic of Tithes")
    g = scenario("""
players:
  - mana_pool: "{G}{W}"
    hand: [Giant Growth]
    battlefield: [Syndic of Tithes]
""")
    g.run_line(["cast Giant Growth", "target Syndic of Tithes"])
    _resolve(g)  # the extort trigger
    g.act("yes")
    _resolve(g)
    assert player(g, "P2")["life"] == 19
    assert player(g, "P1")["life"] == 21


def test_cr_702_123a_fabricate_counters_or_servos_glint_sleeve_artisan():
    """Glint-Sleeve Artisan: "Fabricate 1": as the trigger resolves, a +1/+1 counter on it or a
    1/1 Servo; here the Servo."""
    _compiled("Glint-Sleeve Artisan")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{W}"
    hand: [Glint-Sleeve Artisan]
""")
    g.run_line(["cast Glint-Sleeve Artisan", "pass"])
    _resolve(g)
    assert set(labels(g)) == {"put 1 +1/+1 counter on Glint-Sleeve Artisan", "create 1 Servo token"}
    g.act("create 1 Servo token")
    assert permanent(g, "Glint-Sleeve Artisan")["counters"] == {}
    servo = permanent(g, "Servo Token")
    assert (servo["power"], servo["toughness"]) == (1, 1)


def test_cr_702_97a_scavenge_counters_equal_to_its_power_slitherhead():
    """Slitherhead: "Scavenge {0} ({0}, Exile this card from your graveyard: Put a number of
    +1/+1 counters equal to this card's power on target creature. Scavenge only as a
    sorcery.)" """
    _compiled("Slitherhead")
    g = scenario("""
players:
  - graveyard: [Slitherhead]
    battlefield: [Grizzly Bears]
""")
    g.run_line(["activate Slitherhead", "target Grizzly Bears"])
    assert _names(g, "P1", "exile") == ["Slitherhead"]
    _resolve(g)
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 1}


# --------------------------------------------------------------------------------------------
# mentor (CR 702.134), evolve (CR 702.100)


def test_cr_702_134a_mentor_targets_attacker_with_lesser_power_sunhome_stalwart():
    """Sunhome Stalwart (2/2, first strike, mentor): "Mentor (Whenever this creature attacks,
    put a +1/+1 counter on target attacking creature with lesser power.)" Of the attackers,
    only the 1/1 Elves have lesser power: the only target."""
    _compiled("Sunhome Stalwart")
    g = scenario("""
players:
  - battlefield: [Sunhome Stalwart, Llanowar Elves, Centaur Courser]
""")
    _attack(g, "Sunhome Stalwart", "Llanowar Elves", "Centaur Courser")
    assert labels(g) == ["target Llanowar Elves"]  # not the 3/3 Courser
    g.act("target Llanowar Elves")
    _resolve(g)
    assert permanent(g, "Llanowar Elves")["counters"] == {"+1/+1": 1}
    assert permanent(g, "Centaur Courser")["counters"] == {}


def test_cr_702_100a_evolve_only_for_a_greater_creature_cloudfin_raptor():
    """Cloudfin Raptor (0/1 flying): "Evolve": Grizzly Bears (2/2) entering under its
    controller's control is greater: a counter (1/2); then a 1/1 Elves is neither greater in
    power nor in toughness: no trigger."""
    _compiled("Cloudfin Raptor")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}"
    hand: [Grizzly Bears, Llanowar Elves]
    battlefield: [Cloudfin Raptor]
""")
    g.run_line(["cast Grizzly Bears", "pass"])
    _resolve(g)
    assert permanent(g, "Cloudfin Raptor")["counters"] == {"+1/+1": 1}
    g.run_line(["cast Llanowar Elves", "pass"])
    assert g.state_json()["stack"] == []
    assert permanent(g, "Cloudfin Raptor")["counters"] == {"+1/+1": 1}


# --------------------------------------------------------------------------------------------
# ninjutsu (CR 702.49)


def test_cr_702_49a_ninjutsu_swaps_an_unblocked_attacker_ninja_of_the_deep_hours():
    """Ninja of the Deep Hours: "Ninjutsu {1}{U} ({1}{U}, Return an unblocked attacker you
    control to hand: Put this card onto the battlefield from your hand tapped and attacking.)"
    Not before blockers are declared (the Bears aren't unblocked yet, CR 509.1h); in the
    declare blockers step the Bears go back to the hand as the cost is paid, and the Ninja
    attacks P2 (CR 702.49c) and deals its combat damage."""
    _compiled("Ninja of the Deep Hours")
    g = scenario("""
players:
  - battlefield: [Grizzly Bears, Island, Island]
    hand: [Ninja of the Deep Hours]
    library: [Island, Island]
""")
    _to_attack(g)
    g.act("attack P2 with Grizzly Bears")
    assert g.state_json()["step"] == "declare_attackers"
    assert not any(lab.startswith("activate Ninja of the Deep Hours") for lab in labels(g))
    pass_until(g, "declare_blockers", turn=1)
    g.run_line(["activate Island", "activate Island", "activate Ninja of the Deep Hours"])
    assert sorted(_names(g, "P1", "hand")) == ["Grizzly Bears", "Ninja of the Deep Hours"]  # revealed
    assert permanents(g, "Grizzly Bears") == []
    _resolve(g)
    assert _names(g, "P1", "hand") == ["Grizzly Bears"]
    ninja = permanent(g, "Ninja of the Deep Hours")
    assert ninja["tapped"]
    for _ in range(6):
        if g.decision.kind == "yes_no":
            g.act("no")  # its "you may draw a card"
            break
        g.act("pass")
    assert player(g, "P2")["life"] == 18


# --------------------------------------------------------------------------------------------
# embalm (CR 702.128), eternalize (CR 702.129)


def test_cr_702_129a_eternalize_four_four_token_copy_timeless_witness():
    """Timeless Witness (2/1): "When ~ enters, return target card from your graveyard to your
    hand. Eternalize {5}{G}{G}": the card is exiled to pay, and the token is a 4/4 copy with
    the card's abilities: its enters trigger returns the Island."""
    _compiled("Timeless Witness")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{C}{C}{C}{C}{C}"
    graveyard: [Timeless Witness, Island]
""")
    g.act("activate Timeless Witness")
    assert _names(g, "P1", "exile") == ["Timeless Witness"]
    _resolve(g)
    token = permanent(g, "Timeless Witness")
    assert token["token"] and (token["power"], token["toughness"]) == (4, 4)
    g.act("target Island")
    _resolve(g)
    assert _names(g, "P1", "hand") == ["Island"]


def test_cr_702_128a_embalm_token_copy_keeps_its_abilities_sacred_cat():
    """Sacred Cat (1/1): "Lifelink. Embalm {W}": the token copy is a 1/1 with lifelink (its
    combat damage gains its controller life)."""
    _compiled("Sacred Cat")
    g = scenario("""
players:
  - mana_pool: "{W}"
    graveyard: [Sacred Cat]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.act("activate Sacred Cat")
    _resolve(g)
    cat = permanent(g, "Sacred Cat")
    assert cat["token"] and (cat["power"], cat["toughness"]) == (1, 1)
    pass_until(g, "precombat_main", turn=3)
    _attack(g, "Sacred Cat")
    pass_until(g, "postcombat_main", turn=3)
    assert player(g, "P1")["life"] == 21 and player(g, "P2")["life"] == 19


# --------------------------------------------------------------------------------------------
# blitz (CR 702.152)


def test_cr_702_152a_blitz_haste_then_sacrificed_and_draws_mayhem_patrol():
    """Mayhem Patrol: "Blitz {1}{R} (If you cast this spell for its blitz cost, it gains haste
    and "When this creature dies, draw a card." Sacrifice it at the beginning of the next end
    step.)" Cast for its blitz cost it attacks at once; at the end step it is sacrificed and
    its controller draws a card."""
    _compiled("Mayhem Patrol")
    g = scenario("""
players:
  - mana_pool: "{R}{C}"
    hand: [Mayhem Patrol]
    library: [Island, Island]
  - library: [Island, Island]
""")
    assert "cast Mayhem Patrol with blitz {1}{R}" in labels(g)
    g.run_line(["cast Mayhem Patrol with blitz {1}{R}", "pass"])
    _resolve(g)
    _attack(g, "Mayhem Patrol")
    if g.decision.kind == "target":
        g.act("target Mayhem Patrol")
    pass_until(g, "end", turn=1)
    _resolve(g, 10)
    assert permanents(g, "Mayhem Patrol") == []
    assert _names(g, "P1", "hand") == ["Island"]
    assert player(g, "P2")["life"] == 18


def test_cr_702_152a_cast_normally_no_haste_no_sacrifice_mayhem_patrol():
    """Mayhem Patrol cast for its mana cost: no haste (it can't attack this turn) and it stays."""
    g = scenario("""
players:
  - mana_pool: "{R}{C}"
    hand: [Mayhem Patrol]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.run_line(["cast Mayhem Patrol", "pass"])
    for _ in range(10):
        assert g.decision.kind != "attack"
        if g.state_json()["step"] == "end":
            break
        g.act("pass")
    _resolve(g, 10)
    assert permanent(g, "Mayhem Patrol")["controller"] == "P1"


# --------------------------------------------------------------------------------------------
# riot (CR 702.136), unleash (CR 702.98)


def test_cr_702_136a_riot_haste_or_counter_zhur_taa_goblin():
    """Zhur-Taa Goblin: "Riot (This creature enters with your choice of a +1/+1 counter or
    haste.)" Chosen as it enters: haste, so it attacks this turn, with no counter."""
    _compiled("Zhur-Taa Goblin")
    g = scenario("""
players:
  - mana_pool: "{R}{G}"
    hand: [Zhur-Taa Goblin]
""")
    g.run_line(["cast Zhur-Taa Goblin", "pass"])
    assert set(labels(g)) == {"enter with a +1/+1 counter", "enter with haste"}
    g.act("enter with haste")
    assert permanent(g, "Zhur-Taa Goblin")["counters"] == {}
    _to_attack(g)
    assert "attack P2 with Zhur-Taa Goblin" in labels(g)


def test_cr_614_12_riot_counter_and_a_clone_chooses_too_zhur_taa_goblin():
    """Riot's counter: a 3/3 without haste; a Clone entering as a copy of it makes its own
    riot choice (CR 707.2, 614.12)."""
    g = scenario("""
players:
  - mana_pool: "{R}{G}{U}{C}{C}{C}"
    hand: [Zhur-Taa Goblin, Clone]
""")
    g.run_line(["cast Zhur-Taa Goblin", "pass", "enter with a +1/+1 counter"])
    goblin = permanent(g, "Zhur-Taa Goblin")
    assert goblin["counters"] == {"+1/+1": 1} and goblin["power"] == 3
    g.run_line(["cast Clone", "pass", "copy Zhur-Taa Goblin"])
    assert set(labels(g)) == {"enter with a +1/+1 counter", "enter with haste"}
    g.act("enter with haste")
    goblins = permanents(g, "Zhur-Taa Goblin")
    assert sorted(x["power"] for x in goblins) == [2, 3]
    _to_attack(g)
    assert labels(g).count("attack P2 with Zhur-Taa Goblin") == 1


def test_cr_702_98a_unleashed_cant_block_rakdos_cackler():
    """Rakdos Cackler: "Unleash (You may have this creature enter with a +1/+1 counter on it.
    It can't block as long as it has a +1/+1 counter on it.)" With the counter, it can't
    block the opponent's attacking Bears next turn; without it, it can."""
    _compiled("Rakdos Cackler")
    for choice, can_block in (("enter with a +1/+1 counter", False), ("enter without a counter", True)):
        g = scenario("""
format: duel
players:
  - mana_pool: "{B}"
    hand: [Rakdos Cackler]
    library: [Island, Island]
  - battlefield: [Grizzly Bears]
    library: [Island, Island]
""")
        g.act("cast Rakdos Cackler")
        _resolve(g)
        g.act(choice)
        blocks: list[str] = []
        for _ in range(60):
            s = g.state_json()
            if s["turn"] == 2 and s["step"] == "postcombat_main":
                break
            if g.decision.kind == "attack" and g.decision.player == "P2":
                g.act("attack P1 with Grizzly Bears")
            elif g.decision.kind == "block":
                blocks += labels(g)
                g.act(next(a for a in g.legal_actions() if a.kind == "done"))
            elif g.decision.kind == "attack":
                g.act(next(a for a in g.legal_actions() if a.kind == "done"))
            else:
                g.act("pass")
        assert ("block Grizzly Bears with Rakdos Cackler" in blocks) is can_block
        assert player(g, "P1")["life"] == 18


def test_cr_702_149a_training_with_a_greater_attacker_gryff_rider():
    """Gryff Rider (2/1): "Training (Whenever this creature attacks with another creature with
    greater power, put a +1/+1 counter on this creature.)" Attacking with a 3/3: a counter;
    attacking alone the next turn: none."""
    _compiled("Gryff Rider")
    g = scenario("""
players:
  - battlefield: [Gryff Rider, Centaur Courser]
    library: [Island, Island]
  - library: [Island, Island]
""")
    _attack(g, "Gryff Rider", "Centaur Courser")
    _resolve(g)
    assert permanent(g, "Gryff Rider")["counters"] == {"+1/+1": 1}
    pass_until(g, "precombat_main", turn=3)
    _attack(g, "Gryff Rider")
    _resolve(g)
    assert permanent(g, "Gryff Rider")["counters"] == {"+1/+1": 1}


# --------------------------------------------------------------------------------------------
# devour (CR 702.82)


def test_cr_702_82a_devour_sacrifices_chosen_creatures_gorger_wurm():
    """Gorger Wurm: "Devour 1 (As this enters, you may sacrifice any number of creatures. This
    creature enters with that many +1/+1 counters on it.)" Chosen one at a time as it enters:
    the Elves and the Bears, not the Angel; two counters."""
    _compiled("Gorger Wurm")
    g = scenario("""
players:
  - mana_pool: "{R}{G}{C}{C}{C}"
    hand: [Gorger Wurm]
    battlefield: [Llanowar Elves, Serra Angel, Grizzly Bears]
""")
    g.run_line(["cast Gorger Wurm", "pass"])
    assert set(labels(g)) == {"devour Llanowar Elves", "devour Serra Angel", "devour Grizzly Bears",
                              "devour nothing"}
    g.act("devour Llanowar Elves")
    assert set(labels(g)) == {"devour Serra Angel", "devour Grizzly Bears", "devour nothing more"}
    g.act("devour Grizzly Bears")  # the last: no more question
    wurm = permanent(g, "Gorger Wurm")
    assert wurm["counters"] == {"+1/+1": 2}
    assert sorted(_names(g, "P1", "graveyard")) == ["Grizzly Bears", "Llanowar Elves"]
    assert permanent(g, "Serra Angel")["controller"] == "P1"


def test_cr_701_21a_sacrifice_a_creature_itself_included_accursed_centaur():
    """Accursed Centaur: "When ~ enters, sacrifice a creature." Its controller chooses among
    their creatures, the Centaur too."""
    _compiled("Accursed Centaur")
    g = scenario("""
players:
  - mana_pool: "{B}"
    hand: [Accursed Centaur]
    battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Accursed Centaur", "pass"])
    _resolve(g)
    assert set(labels(g)) == {"sacrifice Grizzly Bears", "sacrifice Accursed Centaur"}
    g.act("sacrifice Accursed Centaur")
    assert permanents(g, "Accursed Centaur") == []
    assert permanent(g, "Grizzly Bears")["controller"] == "P1"


def test_cr_609_3_may_sacrifice_another_if_you_do_bloodmist_infiltrator():
    """Bloodmist Infiltrator: "Whenever ~ attacks, you may sacrifice another creature. If you
    do, ~ can't be blocked this turn." The Elves sacrificed, the Bears can't block it ("If you
    do": the sacrifice was done, CR 609.3)."""
    _compiled("Bloodmist Infiltrator")
    g = scenario("""
format: duel
players:
  - battlefield: [Bloodmist Infiltrator, Llanowar Elves]
  - battlefield: [Grizzly Bears]
""")
    _attack(g, "Bloodmist Infiltrator")
    for _ in range(4):
        if g.decision.kind == "yes_no":
            break
        g.act("pass")
    g.act("yes")
    assert permanents(g, "Llanowar Elves") == []
    for _ in range(6):
        if g.decision.kind == "block" or g.state_json()["step"] == "combat_damage":
            break
        g.act("pass")
    assert g.decision.kind != "block" or "block Bloodmist Infiltrator with Grizzly Bears" not in labels(g)


# --------------------------------------------------------------------------------------------
# outlast (CR 702.107), "each creature you control with a +1/+1 counter", adapt (CR 701.43),
# bolster (CR 701.39), ingest (CR 702.115)


def test_cr_702_107a_outlast_and_flying_for_countered_creatures_abzan_falconer():
    """Abzan Falconer: "Outlast {W} ({W}, {T}: Put a +1/+1 counter on this creature. Outlast
    only as a sorcery.)" and "Each creature you control with a +1/+1 counter on it has
    flying." After outlasting, it is a 3/4 with flying: the opponent's Bears can't block it
    next turn."""
    _compiled("Abzan Falconer")
    g = scenario("""
format: duel
players:
  - mana_pool: "{W}"
    battlefield: [Abzan Falconer]
    library: [Island, Island]
  - battlefield: [Grizzly Bears]
    library: [Island, Island]
""")
    g.act("activate Abzan Falconer")
    _resolve(g)
    falconer = permanent(g, "Abzan Falconer")
    assert falconer["tapped"] and falconer["counters"] == {"+1/+1": 1} and falconer["power"] == 3
    blocks: list[str] = []
    for _ in range(80):
        s = g.state_json()
        if s["turn"] == 3 and s["step"] == "postcombat_main":
            break
        if g.decision.kind == "attack" and g.decision.player == "P1" and s["turn"] == 3:
            g.act("attack P2 with Abzan Falconer")
        elif g.decision.kind in ("attack", "block"):
            blocks += labels(g) if g.decision.kind == "block" else []
            g.act(next(a for a in g.legal_actions() if a.kind == "done"))
        elif g.decision.kind == "priority":
            g.act("pass")
        else:
            g.act(labels(g)[0])
    assert "block Abzan Falconer with Grizzly Bears" not in blocks
    assert player(g, "P2")["life"] == 17


def test_cr_701_43a_adapt_only_without_counters_aeromunculus():
    """Aeromunculus: "{2}{G}{U}: Adapt 1. (If this creature has no +1/+1 counters on it, put a
    +1/+1 counter on it.)" The second activation adds none."""
    _compiled("Aeromunculus")
    g = scenario("""
players:
  - mana_pool: "{G}{U}{G}{U}{C}{C}{C}{C}"
    battlefield: [Aeromunculus]
""")
    g.run_line(["activate Aeromunculus", "pay {1} with {C}", "pay {1} with {C}"])
    _resolve(g)
    assert permanent(g, "Aeromunculus")["counters"] == {"+1/+1": 1}
    g.act("activate Aeromunculus")
    _resolve(g)
    assert permanent(g, "Aeromunculus")["counters"] == {"+1/+1": 1}


def test_cr_701_39a_bolster_least_toughness_sandsteppe_mastodon():
    """Sandsteppe Mastodon: "When ~ enters, bolster 5." The creature with the least toughness
    its controller controls, the 1/1 Elves (not the Bears), gets five counters."""
    _compiled("Sandsteppe Mastodon")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{C}{C}{C}{C}{C}"
    hand: [Sandsteppe Mastodon]
    battlefield: [Grizzly Bears, Llanowar Elves]
""")
    g.run_line(["cast Sandsteppe Mastodon", "pass"])
    _resolve(g)
    assert permanent(g, "Llanowar Elves")["counters"] == {"+1/+1": 5}
    assert permanent(g, "Grizzly Bears")["counters"] == {}


def test_cr_702_115a_ingest_exiles_the_top_card_culling_drone():
    """Culling Drone: "Ingest (Whenever this creature deals combat damage to a player, that
    player exiles the top card of their library.)" """
    _compiled("Culling Drone")
    g = scenario("""
players:
  - battlefield: [Culling Drone]
  - library: [Forest, Island]
""")
    _attack(g, "Culling Drone")
    pass_until(g, "postcombat_main", turn=1)
    assert _names(g, "P2", "exile") == ["Forest"]
    assert player(g, "P2")["library_count"] == 1


# --------------------------------------------------------------------------------------------
# spectacle (CR 702.137), surge (CR 702.117)


def test_cr_702_137a_spectacle_after_an_opponent_lost_life_skewer_the_critics():
    """Skewer the Critics: "~ deals 3 damage to any target. Spectacle {R}" The spectacle cost
    is offered only once an opponent has lost life this turn (the Bolt)."""
    _compiled("Skewer the Critics")
    g = scenario("""
players:
  - mana_pool: "{R}{R}"
    hand: [Skewer the Critics, Lightning Bolt]
""")
    assert not any("with spectacle" in lab for lab in labels(g))
    g.run_line(["cast Lightning Bolt", "target P2"])
    _resolve(g)
    assert player(g, "P2")["life"] == 17
    g.run_line(["cast Skewer the Critics with spectacle {R}", "target P2"])
    _resolve(g)
    assert player(g, "P2")["life"] == 14


def test_cr_702_117a_surge_after_casting_another_spell_goblin_freerunner():
    """Goblin Freerunner: "Surge {1}{R} (You may cast this spell for its surge cost if you or a
    teammate has cast another spell this turn.)" Offered only after the Bolt was cast."""
    _compiled("Goblin Freerunner")
    g = scenario("""
players:
  - mana_pool: "{R}{R}{C}"
    hand: [Goblin Freerunner, Lightning Bolt]
""")
    assert not any("with surge" in lab for lab in labels(g))
    g.run_line(["cast Lightning Bolt", "target P2"])
    _resolve(g)
    g.run_line(["cast Goblin Freerunner with surge {1}{R}"])
    _resolve(g)
    assert permanent(g, "Goblin Freerunner")["controller"] == "P1"


# --------------------------------------------------------------------------------------------
# wordings declined


def test_declined_ward_with_a_cost_that_isnt_mana_sedgemoor_witch():
    """"Ward—Pay 3 life": ward with a non-mana cost is not read (UnlessPays pays mana only)."""
    _unsupported("Sedgemoor Witch", "Ward—Pay 3 life")


def test_declined_devour_of_a_quality_and_the_devoured_caprichrome_hellkite_hatchling():
    """"Devour artifact 1" (CR 702.82c) and abilities that count "the creatures it devoured"
    (CR 702.82b) are not read."""
    _unsupported("Caprichrome", "Devour artifact 1")
    _unsupported("Hellkite Hatchling", "Devour 1")


def test_declined_surge_with_if_its_surge_cost_was_paid_crush_of_tentacles():
    """Surge itself is read (templates/spellcasting.py); a spell's "If this spell's surge cost was
    paid, ..." is not: the card stays unsupported on that sentence."""
    _unsupported("Crush of Tentacles", "If this spell's surge cost was paid")


def test_declined_sacrifice_with_a_quality_of_their_choice_crackling_doom():
    """Sacrifices of anything but a noun phrase: "a creature with the greatest power among
    creatures that player controls"."""
    _unsupported("Crackling Doom", "sacrifices a creature with the greatest power")


def test_declined_eternalize_with_an_extra_cost_sinuous_striker():
    """"Eternalize—{3}{U}{U}, Discard a card": a cost beyond mana is not read."""
    _unsupported("Sinuous Striker", "Eternalize—{3}{U}{U}, Discard a card")


def test_declined_dies_return_without_the_counter_condition():
    """"put that card onto the battlefield under your control" is read only for a sacrifice
    trigger, and the delayed return only for Marchesa's dies trigger: elsewhere "that card"
    isn't the card the permanent became."""
    from mtg_env.cards.compiler import compile_card
    from mtg_env.cards.database import OracleCard, OracleFace
    face = OracleFace("Probe", "{2}", "Creature — Test", "Whenever a creature dies, put that card onto the "
                      "battlefield under your control.", "2", "2")
    got = compile_card(OracleCard("Probe", "normal", face, (face,), (), 2.0))
    assert not got.supported


# --------------------------------------------------------------------------------------------
# support (CR 702.125)


def test_cr_702_125a_support_other_target_creatures_expedition_raptor():
    """Expedition Raptor: "When ~ enters, support 2. (Put a +1/+1 counter on each of up to two
    other target creatures.)" Not itself: the Bears and the Elves get a counter each."""
    _compiled("Expedition Raptor")
    g = scenario("""
players:
  - mana_pool: "{W}{W}{C}{C}{C}"
    hand: [Expedition Raptor]
    battlefield: [Grizzly Bears, Llanowar Elves]
""")
    g.run_line(["cast Expedition Raptor", "pass"])
    for _ in range(6):
        if g.decision.kind == "priority":
            break
        assert "target Expedition Raptor" not in labels(g)
        lab = next((x for x in labels(g) if x in ("target Grizzly Bears", "target Llanowar Elves")), None)
        g.act(lab or labels(g)[-1])
    _resolve(g)
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 1}
    assert permanent(g, "Llanowar Elves")["counters"] == {"+1/+1": 1}
    assert permanent(g, "Expedition Raptor")["counters"] == {}


# --------------------------------------------------------------------------------------------
# sacrifice triggers (templates/kwtriggers.py)


def test_cr_701_21a_whenever_a_player_sacrifices_a_creature_mortician_beetle():
    """Mortician Beetle: "Whenever a player sacrifices a creature, you may put a +1/+1 counter
    on ~." The opponent's sacrifice to Diabolic Edict triggers it."""
    _compiled("Mortician Beetle")
    g = scenario("""
players:
  - mana_pool: "{C}{B}"
    hand: [Diabolic Edict]
    battlefield: [Mortician Beetle]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Diabolic Edict", "target P2"])
    _resolve(g)
    if "sacrifice Grizzly Bears" in labels(g):
        g.act("sacrifice Grizzly Bears")
    _resolve(g)
    g.act("yes")
    assert permanent(g, "Mortician Beetle")["counters"] == {"+1/+1": 1}
    assert permanents(g, "Grizzly Bears") == []


def test_cr_603_10a_own_sacrifice_triggers_its_ability_ruthless_deathfang():
    """Ruthless Deathfang: "Whenever you sacrifice a creature, target opponent sacrifices a
    creature." Sacrificing the Deathfang itself (to Accursed Centaur) triggers it: the ability
    looks back in time (CR 603.10a)."""
    _compiled("Ruthless Deathfang")
    g = scenario("""
players:
  - mana_pool: "{B}"
    hand: [Accursed Centaur]
    battlefield: [Ruthless Deathfang]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Accursed Centaur", "pass"])
    _resolve(g)
    g.act("sacrifice Ruthless Deathfang")
    for _ in range(6):
        if g.decision.kind == "target":
            g.act("target P2")
        elif "sacrifice Grizzly Bears" in labels(g):
            g.act("sacrifice Grizzly Bears")
        elif g.state_json()["stack"] and g.decision.kind == "priority":
            g.act("pass")
        else:
            break
    assert permanents(g, "Ruthless Deathfang") == []
    assert permanents(g, "Grizzly Bears") == []
