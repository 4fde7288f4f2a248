"""The templates of the "permanents" family (session 5), each through real cards compiled from
their Oracle text: the Oracle line and the rule it follows in each docstring."""

from __future__ import annotations

from tests.helpers import (
    DECKS,
    commander_game,
    give,
    labels,
    pass_until,
    permanent,
    permanents,
    player,
    scenario,
)
from tests.helpers import compiled as _compiled
from tests.helpers import unsupported as _unsupported


def _to_attack(g) -> list[str]:
    """Pass to the declare attackers decision: the attacks offered."""
    for _ in range(10):
        if g.decision.kind == "attack":
            break
        g.act("pass")
    return [lab for lab in labels(g) if lab.startswith("attack ")] if g.decision.kind == "attack" else []


# --------------------------------------------------------------------------------------------
# a card put onto the battlefield, and what the rest of the ability does to it (CR 400.7j)


def test_cr_400_7j_reanimated_creature_gains_haste_and_is_sacrificed_apprentice_necromancer():
    """Apprentice Necromancer: "Return target creature card from your graveyard to the
    battlefield. That creature gains haste. At the beginning of the next end step, sacrifice
    it." The returned creature can attack the turn it returns (haste, CR 302.6, 611.2a) and is
    sacrificed by the delayed triggered ability at the end step (CR 603.7a)."""
    _compiled("Apprentice Necromancer")
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}"
    battlefield: [Apprentice Necromancer]
    graveyard: [Grizzly Bears]
  - {}
""")
    g.run_line(["activate Apprentice Necromancer", "target Grizzly Bears", "pass", "pass"])
    assert permanent(g, "Grizzly Bears")["summoning_sick"]
    assert _to_attack(g) == ["attack P2 with Grizzly Bears"]
    g.act("attack P2 with Grizzly Bears")
    pass_until(g, "end")
    assert [s["text"] for s in g.state_json()["stack"]] == ["Sacrifice it."]
    g.run_line(["pass", "pass"])
    assert permanents(g, "Grizzly Bears") == []
    assert sorted(player(g, "P1")["graveyard"]) == ["Apprentice Necromancer", "Grizzly Bears"]
    assert player(g, "P2")["life"] == 18


def test_cr_400_7_delayed_ability_misses_a_new_object_apprentice_necromancer():
    """Apprentice Necromancer: the delayed ability sacrifices only the object the ability
    returned. Bounced and cast again, the creature is a new object (CR 400.7): it stays at the
    end step, and without haste it can't attack."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}{U}{G}{G}"
    battlefield: [Apprentice Necromancer]
    graveyard: [Grizzly Bears]
    hand: [Unsummon]
  - {}
""")
    g.run_line(["activate Apprentice Necromancer", "target Grizzly Bears", "pass", "pass",
                "cast Unsummon", "target Grizzly Bears", "pass", "pass", "cast Grizzly Bears", "pass", "pass"])
    assert _to_attack(g) == []
    pass_until(g, "end")
    g.run_line(["pass", "pass"])  # the delayed ability resolves: its object is gone
    assert g.state_json()["stack"] == []
    assert len(permanents(g, "Grizzly Bears")) == 1


def test_cr_603_7a_returned_to_hand_and_sacrificed_at_end_step_cauldron_dance():
    """Cauldron Dance: "Return target creature card from your graveyard to the battlefield.
    That creature gains haste. Return it to your hand at the beginning of the next end step."
    and "You may put a creature card from your hand onto the battlefield. That creature gains
    haste. Its controller sacrifices it at the beginning of the next end step." Two delayed
    abilities, each about its own creature (CR 400.7j, 603.7a)."""
    _compiled("Cauldron Dance")
    g = scenario("""
format: duel
step: declare_attackers
players:
  - mana_pool: "{B}{B}{B}{B}{B}{R}"
    hand: [Cauldron Dance, Hill Giant]
    graveyard: [Grizzly Bears]
  - {}
""")
    g.run_line(["cast Cauldron Dance", "target Grizzly Bears", "pass", "pass", "put Hill Giant onto the battlefield"])
    assert permanent(g, "Grizzly Bears") and permanent(g, "Hill Giant")
    for _ in range(20):
        if g.decision.kind == "order":
            break
        g.act(next(a for a in labels(g) if a in ("pass", "no attack", "done attacking")))
    assert g.state_json()["step"] == "end"
    g.act(labels(g)[0])
    assert sorted(s["text"] for s in g.state_json()["stack"]) == ["Its controller sacrifices it.",
                                                                  "Return it to its owner's hand."]
    g.run_line(["pass", "pass", "pass", "pass"])
    me = player(g, "P1")
    assert permanents(g, "Grizzly Bears") == [] and permanents(g, "Hill Giant") == []
    assert "Grizzly Bears" in [c["card"] if isinstance(c, dict) else c for c in me["hand"]]
    assert "Hill Giant" in me["graveyard"]


def test_cr_603_7a_exiled_at_your_next_end_step_puppeteer_clique():
    """Puppeteer Clique: "put target creature card from an opponent's graveyard onto the
    battlefield under your control. It gains haste. At the beginning of your next end step,
    exile it." The creature is under P1's control, may attack at once, and is exiled at P1's
    end step (CR 110.2a, 603.7a)."""
    _compiled("Puppeteer Clique")
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}{B}{B}{B}{B}"
    hand: [Puppeteer Clique]
  - graveyard: [Grizzly Bears]
""")
    g.run_line(["cast Puppeteer Clique", "pass", "pass", "target Grizzly Bears", "pass", "pass"])
    bears = permanent(g, "Grizzly Bears")
    assert bears["controller"] == "P1" and bears["owner"] == "P2"
    assert "attack P2 with Grizzly Bears" in _to_attack(g)
    g.act("attack P2 with Grizzly Bears")
    pass_until(g, "end")
    g.run_line(["pass", "pass"])
    assert permanents(g, "Grizzly Bears") == []
    assert [e["card"] for e in player(g, "P2")["exile"]] == ["Grizzly Bears"]


def test_cr_614_1c_land_returned_tapped_scaretiller():
    """Scaretiller: "Whenever Scaretiller becomes tapped, choose one — ... • Return target land
    card from your graveyard to the battlefield tapped." The land enters tapped (CR 614.1c)."""
    _compiled("Scaretiller")
    g = scenario("""
format: duel
players:
  - battlefield: [Scaretiller]
    graveyard: [Forest]
  - {}
""")
    _to_attack(g)
    g.act("attack P2 with Scaretiller")
    acts = labels(g)
    mode = next(a for a in acts if "Return target land card" in a)
    g.run_line([mode, "target Forest", "pass", "pass"])
    assert permanent(g, "Forest")["tapped"]
    assert player(g, "P1")["graveyard"] == []


def test_cr_608_2c_vampire_or_wizard_creature_card_bloodline_necromancer():
    """Bloodline Necromancer: "you may return target Vampire or Wizard creature card from your
    graveyard to the battlefield." (a Vampire creature card or a Wizard creature card: the
    card type is shared by both creature types)"""
    _compiled("Bloodline Necromancer")
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}{B}{B}{B}{B}"
    hand: [Bloodline Necromancer]
    graveyard: [Grizzly Bears, Vampire Nighthawk, Prodigal Sorcerer]
  - {}
""")
    g.run_line(["cast Bloodline Necromancer", "pass", "pass"])
    assert sorted(a for a in labels(g) if a.startswith("target")) == ["target Prodigal Sorcerer",
                                                                      "target Vampire Nighthawk"]


def test_declined_leave_the_battlefield_replacement_gruesome_encore():
    """Gruesome Encore: "If that creature would leave the battlefield, exile it instead of
    putting it anywhere else." (a replacement effect on the returned creature, CR 614.1a: not
    read, so the card is unsupported rather than half read)"""
    _unsupported("Gruesome Encore", "If that creature would leave the battlefield")


# --------------------------------------------------------------------------------------------
# static abilities and animation


def _attack_with(g, attacker: str) -> list[str]:
    """Attack P2 with `attacker`; the block actions P2 is offered (none when no block is
    possible: the decision is skipped)."""
    _to_attack(g)
    g.act(f"attack P2 with {attacker}")
    for _ in range(10):
        if g.decision.kind == "block":
            return labels(g)
        if g.state_json()["step"] in ("combat_damage", "end_of_combat", "postcombat_main"):
            return []
        g.act(labels(g)[0])
    return []


def test_cr_613_1f_enchanted_creature_loses_flying_sky_tether():
    """Sky Tether: "Enchanted creature has defender and loses flying." Serra Angel without
    flying can't block a creature with flying (CR 702.9b)."""
    _compiled("Sky Tether")
    free = scenario("""
format: duel
players:
  - battlefield: [Wind Drake]
  - battlefield: [Serra Angel]
""")
    assert "block Wind Drake with Serra Angel" in _attack_with(free, "Wind Drake")
    g = scenario("""
format: duel
players:
  - battlefield: [Wind Drake, {card: Sky Tether, attached_to: Serra Angel}]
  - battlefield: [Serra Angel]
""")
    assert "block Wind Drake with Serra Angel" not in _attack_with(g, "Wind Drake")


def test_cr_702_3b_enchanted_creature_has_defender_sky_tether():
    """Sky Tether: the enchanted creature has defender: it can't attack (CR 702.3b)."""
    g = scenario("""
format: duel
players:
  - battlefield: [Serra Angel, Grizzly Bears, {card: Sky Tether, attached_to: Serra Angel}]
  - {}
""")
    assert _to_attack(g) == ["attack P2 with Grizzly Bears"]


def test_cr_205_1b_becomes_artifact_creature_with_flying_azorius_keyrune():
    """Azorius Keyrune: "{W}{U}: Azorius Keyrune becomes a 2/2 white and blue Bird artifact
    creature with flying until end of turn." It attacks as a 2/2 flyer that Grizzly Bears can't
    block, and is a noncreature artifact again after the turn (CR 514.2)."""
    _compiled("Azorius Keyrune")
    g = scenario("""
format: duel
players:
  - mana_pool: "{W}{U}"
    battlefield: [Azorius Keyrune]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["activate Azorius Keyrune: {W}{U}", "pass", "pass"])
    k = permanent(g, "Azorius Keyrune")
    assert (k["power"], k["toughness"], sorted(k["types"])) == (2, 2, ["Artifact", "Creature"])
    assert "block Azorius Keyrune with Grizzly Bears" not in _attack_with(g, "Azorius Keyrune")
    pass_until(g, "end")
    assert player(g, "P2")["life"] == 18
    pass_until(g, "upkeep", turn=2)
    assert permanent(g, "Azorius Keyrune")["types"] == ["Artifact"]


def test_cr_113_6m_exiled_from_graveyard_as_a_cost_soul_of_new_phyrexia():
    """Soul of New Phyrexia: "{5}, Exile Soul of New Phyrexia from your graveyard: Permanents
    you control gain indestructible until end of turn." Activated from the graveyard (CR
    113.6m), the card exiled as the cost: Grizzly Bears survives Lightning Bolt."""
    _compiled("Soul of New Phyrexia")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{C}{C}{C}"
    graveyard: [Soul of New Phyrexia]
    battlefield: [Grizzly Bears]
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
""")
    g.run_line(["activate Soul of New Phyrexia", "pass", "pass"])
    me = player(g, "P1")
    assert me["graveyard"] == [] and [e["card"] for e in me["exile"]] == ["Soul of New Phyrexia"]
    g.run_line(["pass", "cast Lightning Bolt", "target Grizzly Bears", "pass", "pass"])
    assert permanent(g, "Grizzly Bears")["damage"] == 3


def test_cr_113_6m_graveyard_ability_not_from_the_battlefield_soul_of_new_phyrexia():
    """On the battlefield, Soul of New Phyrexia offers only its first ability: the second
    functions only in the graveyard (CR 113.6m)."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{C}{C}{C}"
    battlefield: [Soul of New Phyrexia]
  - {}
""")
    acts = [a for a in labels(g) if a.startswith("activate Soul of New Phyrexia")]
    assert acts == ["activate Soul of New Phyrexia: {5}: Permanents you control gain indestructible until end of turn."]


def test_cr_613_4c_each_counts_the_others_heroes_podium():
    """Heroes' Podium: "Each legendary creature you control gets +1/+1 for each other legendary
    creature you control." Two legendary creatures: each gets +1/+1; a nonlegendary creature
    gets nothing, and the opponent's legendary creature neither counts nor is affected."""
    _compiled("Heroes' Podium")
    g = scenario("""
format: duel
players:
  - battlefield: [Heroes' Podium, "Isamaru, Hound of Konda", Barktooth Warbeard, Grizzly Bears]
  - battlefield: [Kird Ape, Jedit Ojanen]
""")
    isamaru = permanent(g, "Isamaru, Hound of Konda")
    assert (isamaru["power"], isamaru["toughness"]) == (3, 3)
    warbeard = permanent(g, "Barktooth Warbeard")
    assert (warbeard["power"], warbeard["toughness"]) == (7, 6)
    assert permanent(g, "Grizzly Bears")["power"] == 2
    assert permanent(g, "Jedit Ojanen")["power"] == 5


def test_cr_613_4c_alone_it_gets_nothing_heroes_podium():
    """Heroes' Podium with one legendary creature: no other, no bonus."""
    g = scenario("""
format: duel
players:
  - battlefield: [Heroes' Podium, "Isamaru, Hound of Konda"]
  - {}
""")
    assert permanent(g, "Isamaru, Hound of Konda")["power"] == 2


def _blocks_offered(g, attacker: str) -> bool:
    """P2's block decision, after P1 attacks with `attacker` (False when it is skipped)."""
    return g.decision.kind == "block" and any(a.startswith("block ") for a in labels(g))


def test_cr_509_1b_cant_block_unless_another_wolf_howlpack_wolf():
    """Howlpack Wolf: "Howlpack Wolf can't block unless you control another Wolf or
    Werewolf." Alone it can't block; with a Werewolf it can (CR 509.1a)."""
    _compiled("Howlpack Wolf")
    for extra, can in (("", False), (", Village Ironsmith", True)):
        g = scenario(f"""
format: duel
players:
  - battlefield: [Grizzly Bears]
  - battlefield: [Howlpack Wolf{extra}]
""")
        offered = _attack_with(g, "Grizzly Bears")
        assert ("block Grizzly Bears with Howlpack Wolf" in offered) is can


def test_cr_509_1b_cant_be_blocked_by_small_creatures_this_turn_ghirapur_guide():
    """Ghirapur Guide: "{2}{G}: Target creature you control can't be blocked by creatures with
    power 2 or less this turn." Grizzly Bears (power 2) can't block it; Hill Giant (power 3)
    can."""
    _compiled("Ghirapur Guide")
    g = scenario("""
format: duel
players:
  - mana_pool: "{G}{G}{G}"
    battlefield: [Ghirapur Guide]
  - battlefield: [Grizzly Bears, Hill Giant]
""")
    g.run_line(["activate Ghirapur Guide", "target Ghirapur Guide", "pass", "pass"])
    offered = _attack_with(g, "Ghirapur Guide")
    assert "block Ghirapur Guide with Hill Giant" in offered
    assert "block Ghirapur Guide with Grizzly Bears" not in offered


def test_cr_514_2_restriction_ends_with_the_turn_ghirapur_guide():
    """Ghirapur Guide: "this turn": the next turn Grizzly Bears can block it again (CR 514.2)."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{G}{G}{G}"
    battlefield: [Ghirapur Guide]
    library: [Forest, Forest]
  - battlefield: [Grizzly Bears]
    library: [Forest, Forest]
""")
    g.run_line(["activate Ghirapur Guide", "target Ghirapur Guide", "pass", "pass"])
    pass_until(g, "precombat_main", turn=3)
    assert "block Ghirapur Guide with Grizzly Bears" in _attack_with(g, "Ghirapur Guide")


# --------------------------------------------------------------------------------------------
# exiled until the next end step (CR 603.7a, 400.7j)


def test_cr_603_7a_attacker_exiled_and_returned_tapped_mystifying_maze():
    """Mystifying Maze: "{4}, {T}: Exile target attacking creature an opponent controls. At the
    beginning of the next end step, return it to the battlefield tapped under its owner's
    control." The attacker is removed from combat (no damage) and comes back tapped, a new
    object under its owner's control."""
    _compiled("Mystifying Maze")
    g = scenario("""
format: duel
active_player: P2
mana_payment: auto
players:
  - battlefield: [Mystifying Maze, Island, Island, Island, Island]
  - battlefield: [Grizzly Bears]
""")
    _to_attack(g)
    g.act("attack P1 with Grizzly Bears")
    g.act("pass")
    maze = next(a for a in labels(g) if a.startswith("activate Mystifying Maze: {4}"))
    g.run_line([maze, "target Grizzly Bears", "pass", "pass"])
    assert permanents(g, "Grizzly Bears") == []
    assert [e["card"] for e in player(g, "P2")["exile"]] == ["Grizzly Bears"]
    pass_until(g, "end")
    g.run_line(["pass", "pass"])
    bears = permanent(g, "Grizzly Bears")
    assert bears["tapped"] and bears["controller"] == "P2"
    assert player(g, "P1")["life"] == 20 and player(g, "P2")["exile"] == []


def test_cr_603_7a_returns_under_its_owners_control_turn_to_mist():
    """Turn to Mist: "Exile target creature. Return that card to the battlefield under its
    owner's control at the beginning of the next end step." A creature P1 controls but P2 owns
    returns under P2's control (CR 110.2a)."""
    _compiled("Turn to Mist")
    g = scenario("""
format: duel
mana_payment: auto
players:
  - hand: [Turn to Mist]
    battlefield: [{card: Grizzly Bears, owner: P2}, Island, Island]
  - {}
""")
    g.run_line(["cast Turn to Mist", "target Grizzly Bears", "pass", "pass"])
    assert permanents(g, "Grizzly Bears") == []
    pass_until(g, "end")
    g.run_line(["pass", "pass"])
    assert permanent(g, "Grizzly Bears")["controller"] == "P2"


def test_cr_111_8_exiled_token_does_not_return_turn_to_mist():
    """Turn to Mist on a token: a token that left the battlefield ceases to exist (CR 111.8);
    nothing returns at the end step."""
    g = scenario("""
format: duel
mana_payment: auto
players:
  - hand: [Turn to Mist, Raise the Alarm]
    battlefield: [Plains, Plains, Island, Island]
  - {}
""")
    g.run_line(["cast Raise the Alarm", "tap Plains, Plains", "pass", "pass"])
    assert len(permanents(g, "Soldier Token")) == 2
    g.run_line(["cast Turn to Mist", "target Soldier Token", "pass", "pass"])
    pass_until(g, "end")
    while g.state_json()["stack"]:
        g.act("pass")
    assert len(permanents(g, "Soldier Token")) == 1


def test_declined_exile_and_return_of_any_permanent_flickerwisp():
    """Flickerwisp: "exile another target permanent. Return that card to the battlefield under
    its owner's control ...": the card may be an Aura, which must be attached to something as it
    returns (CR 303.4f): not read."""
    _unsupported("Flickerwisp", "Return that card to the battlefield")


def test_cr_701_35a_detain_up_to_two_targets_azorius_justiciar():
    """Azorius Justiciar: "When Azorius Justiciar enters the battlefield, detain up to two
    target creatures your opponents control." Both detained creatures can't attack on their
    controller's next turn; the third can (CR 701.35a, 601.2c)."""
    _compiled("Azorius Justiciar")
    g = scenario("""
format: duel
players:
  - mana_pool: "{W}{W}{W}{W}"
    hand: [Azorius Justiciar]
    library: [Plains, Plains]
  - battlefield: [Grizzly Bears, Hill Giant, Kird Ape]
    library: [Plains, Plains]
""")
    g.run_line(["cast Azorius Justiciar", "pass", "pass", "target Grizzly Bears", "target Hill Giant", "pass", "pass"])
    pass_until(g, "precombat_main", turn=2)
    assert _to_attack(g) == ["attack P1 with Kird Ape"]


def test_cr_601_2c_detain_fewer_targets_archon_of_the_triumvirate():
    """Archon of the Triumvirate: "detain up to two target nonland permanents your opponents
    control": up to two, so one (or none) may be chosen; lands are not offered."""
    _compiled("Archon of the Triumvirate")
    g = scenario("""
format: duel
players:
  - battlefield: [Archon of the Triumvirate]
  - battlefield: [Grizzly Bears, Forest]
""")
    _to_attack(g)
    g.act("attack P2 with Archon of the Triumvirate")
    assert sorted(labels(g)) == ["done choosing targets", "target Grizzly Bears"]


# --------------------------------------------------------------------------------------------
# "defending player" (CR 508.5)


def test_cr_508_5_target_creature_defending_player_controls_skymark_roc():
    """Skymark Roc: "Whenever Skymark Roc attacks, you may return target creature defending
    player controls with toughness 2 or less to its owner's hand." Attacking P2 in a
    three-player game, only P2's small creature is offered: not P3's, not P2's Hill Giant."""
    _compiled("Skymark Roc")
    arcanis, griselbrand = str(DECKS / "commander_arcanis.txt"), str(DECKS / "commander_griselbrand.txt")
    g = commander_game([griselbrand, arcanis, arcanis])
    give(g, 0, "Skymark Roc", "battlefield")
    give(g, 1, "Grizzly Bears", "battlefield")
    give(g, 1, "Hill Giant", "battlefield")
    give(g, 2, "Llanowar Elves", "battlefield")
    pass_until(g, "precombat_main", turn=1)
    _to_attack(g)
    g.act("attack P2 with Skymark Roc")
    assert labels(g) == ["target Grizzly Bears"]
    g.run_line(["target Grizzly Bears", "pass", "pass", "pass", "yes"])
    assert "Grizzly Bears" in player(g, "P2")["hand"]
    assert [e["card"] for e in player(g, "P2")["battlefield"]] == ["Hill Giant"]


def test_declined_defending_player_in_an_equipments_trigger_heart_piercer_bow():
    """Heart-Piercer Bow: "Whenever equipped creature attacks, Heart-Piercer Bow deals 1 damage
    to target creature defending player controls." (not an ability of the attacking creature:
    not read)"""
    _unsupported("Heart-Piercer Bow", "defending player")


# --------------------------------------------------------------------------------------------
# "Whenever ~ or another creature ... dies / leaves the battlefield" (CR 603.10a)


def _resolve_all(g) -> None:
    """Order triggers as offered and pass until the stack is empty."""
    for _ in range(60):
        if g.decision.kind == "order":
            g.act(labels(g)[0])
        elif g.state_json()["stack"]:
            g.act("pass")
        else:
            return


def test_cr_603_10a_dying_at_once_each_sees_the_others_zulaport_cutthroat():
    """Zulaport Cutthroat: "Whenever Zulaport Cutthroat or another creature you control dies,
    each opponent loses 1 life and you gain 1 life." Pyroclasm kills it with two other
    creatures: it triggers three times (leaves-the-battlefield abilities look back in time, CR
    603.10a); Vengeful Dead ("or another Zombie") once, for itself."""
    _compiled("Zulaport Cutthroat", "Vengeful Dead")
    g = scenario("""
format: duel
players:
  - battlefield: [Zulaport Cutthroat, Grizzly Bears, Vengeful Dead]
    mana_pool: "{R}{R}"
    hand: [Pyroclasm]
  - {}
""")
    g.run_line(["cast Pyroclasm", "pass", "pass"])
    _resolve_all(g)
    assert player(g, "P2")["life"] == 16
    assert player(g, "P1")["life"] == 23


def test_cr_603_10a_another_creature_leaving_vela_the_night_clad():
    """Vela the Night-Clad: "Whenever Vela the Night-Clad or another creature you control
    leaves the battlefield, each opponent loses 1 life." A creature of yours returned to its
    owner's hand triggers it; the opponent's creature doesn't."""
    _compiled("Vela the Night-Clad")
    g = scenario("""
format: duel
players:
  - battlefield: [Vela the Night-Clad, Grizzly Bears, Island, Island]
    hand: [Unsummon, Unsummon]
  - battlefield: [Kird Ape]
""")
    g.run_line(["activate Island", "cast Unsummon", "target Grizzly Bears", "pass", "pass"])
    _resolve_all(g)
    assert player(g, "P2")["life"] == 19
    g.run_line(["activate Island", "cast Unsummon", "target Kird Ape", "pass", "pass"])
    _resolve_all(g)
    assert player(g, "P2")["life"] == 19


def test_cr_603_10a_destroy_all_at_once_zulaport_cutthroat():
    """Zulaport Cutthroat and Wrath of God ("Destroy all creatures. They can't be
    regenerated."): destroyed at the same time as two others, it triggers three times."""
    g = scenario("""
format: duel
players:
  - battlefield: [Zulaport Cutthroat, Grizzly Bears, Hill Giant]
    mana_pool: "{W}{W}{W}{W}"
    hand: [Wrath of God]
  - {}
""")
    g.run_line(["cast Wrath of God", "pass", "pass"])
    _resolve_all(g)
    assert player(g, "P2")["life"] == 17


def test_cr_508_3a_each_creature_attacking_you_triggers_isperia_supreme_judge():
    """Isperia, Supreme Judge: "Whenever a creature attacks you or a planeswalker you control,
    you may draw a card." Two attackers: two triggers, two cards drawn."""
    _compiled("Isperia, Supreme Judge")
    g = scenario("""
format: duel
active_player: P2
players:
  - battlefield: ["Isperia, Supreme Judge"]
    library: [Island, Island, Island]
  - battlefield: [Grizzly Bears, Hill Giant]
""")
    _to_attack(g)
    g.run_line(["attack P1 with Grizzly Bears", "attack P1 with Hill Giant"])
    for _ in range(20):
        if g.decision.kind == "yes_no":
            g.act("yes")
        elif g.decision.kind != "priority" or g.state_json()["stack"]:
            g.act(labels(g)[0])
        else:
            break
    assert len(player(g, "P1")["hand"]) == 2


def test_cr_508_3a_a_creature_attacking_another_player_does_not_trigger_search_the_premises():
    """Search the Premises: "Whenever a creature attacks you or a planeswalker you control,
    investigate." In a three-player game, a creature attacking P3 doesn't trigger P2's."""
    _compiled("Search the Premises")
    arcanis, griselbrand = str(DECKS / "commander_arcanis.txt"), str(DECKS / "commander_griselbrand.txt")
    g = commander_game([griselbrand, arcanis, arcanis])
    give(g, 0, "Grizzly Bears", "battlefield")
    give(g, 1, "Search the Premises", "battlefield")
    pass_until(g, "precombat_main", turn=1)
    _to_attack(g)
    g.act("attack P3 with Grizzly Bears")
    assert g.state_json()["stack"] == []


def test_cr_603_2_sacrificed_when_targeted_frost_walker():
    """Frost Walker: "When Frost Walker becomes the target of a spell or ability, sacrifice
    it." Targeted by Giant Growth, it is sacrificed before the spell resolves."""
    _compiled("Frost Walker")
    g = scenario("""
format: duel
players:
  - mana_pool: "{G}"
    hand: [Giant Growth]
    battlefield: [Frost Walker]
  - {}
""")
    g.run_line(["cast Giant Growth", "target Frost Walker"])
    assert [s["source"] for s in g.state_json()["stack"]][-1] == "Frost Walker"
    g.run_line(["pass", "pass"])
    assert permanents(g, "Frost Walker") == []
    assert "Frost Walker" in player(g, "P1")["graveyard"]


def test_cr_603_2_becomes_the_target_resolves_first_angelic_protector():
    """Angelic Protector: "Whenever Angelic Protector becomes the target of a spell or ability,
    Angelic Protector gets +0/+3 until end of turn." The trigger resolves before Lightning
    Bolt: the 2/2 is a 2/5 and survives."""
    _compiled("Angelic Protector")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
  - battlefield: [Angelic Protector]
""")
    g.run_line(["cast Lightning Bolt", "target Angelic Protector", "pass", "pass", "pass", "pass"])
    ap = permanent(g, "Angelic Protector")
    assert (ap["toughness"], ap["damage"]) == (5, 3)


# --------------------------------------------------------------------------------------------
# Curses: "Enchant player" (CR 303.4, 702.5)

_ARCANIS, _GRISELBRAND = str(DECKS / "commander_arcanis.txt"), str(DECKS / "commander_griselbrand.txt")


def _cursed_p2(curse: str):
    """A three-player game where P1 has cast `curse` on P2 (P3 has Grizzly Bears)."""
    g = commander_game([_GRISELBRAND, _ARCANIS, _ARCANIS])
    give(g, 0, "Mountain", "battlefield")
    give(g, 0, "Swamp", "battlefield")
    give(g, 0, "Island", "battlefield")
    give(g, 0, "Forest", "battlefield")
    give(g, 0, curse, "hand")
    give(g, 2, "Grizzly Bears", "battlefield")
    pass_until(g, "precombat_main", turn=1)
    g.run_line([f"cast {curse}", "target P2"])
    while g.decision.kind == "choose":  # which lands pay for it
        g.act(labels(g)[0])
    while g.state_json()["stack"]:
        g.act("pass")
    assert permanent(g, curse)["controller"] == "P1"
    return g


def _to_turn_attack(g, turn: int) -> None:
    for _ in range(400):
        if g.state_json()["turn"] == turn and g.decision.kind == "attack":
            return
        acts = g.legal_actions()
        g.act(next((a for a in acts if a.kind in ("done", "pass", "keep")), acts[0]))
    raise AssertionError("no attack decision")


def test_cr_303_4a_curse_targets_a_player_curse_of_opulence():
    """Curse of Opulence: "Enchant player": the Aura spell targets a player (CR 303.4a,
    702.5a); each player may be chosen."""
    _compiled("Curse of Opulence")
    g = commander_game([_GRISELBRAND, _ARCANIS, _ARCANIS])
    give(g, 0, "Mountain", "battlefield")
    give(g, 0, "Curse of Opulence", "hand")
    pass_until(g, "precombat_main", turn=1)
    g.act("cast Curse of Opulence")
    assert labels(g) == ["target P1", "target P2", "target P3"]


def test_cr_303_4_state_json_names_the_enchanted_player_of_a_curse():
    """A Curse enchants a player, not an object: the state shows `enchanted_player` and no
    `attached_to`; other permanents have no `enchanted_player` key."""
    g = _cursed_p2("Curse of Opulence")
    curse = permanent(g, "Curse of Opulence")
    assert (curse["enchanted_player"], curse["attached_to"]) == ("P2", None)
    assert "enchanted_player" not in permanent(g, "Grizzly Bears")


def test_cr_508_3d_enchanted_player_attacked_each_attacking_opponent_too_curse_of_opulence():
    """Curse of Opulence: "Whenever enchanted player is attacked, create a Gold token. Each
    opponent attacking that player does the same." P3 attacks P2 (the enchanted player): P1,
    the Curse's controller, and P3, an opponent of P1 attacking P2, each create a Gold token."""
    g = _cursed_p2("Curse of Opulence")
    _to_turn_attack(g, 3)
    g.act("attack P2 with Grizzly Bears")
    while g.state_json()["stack"]:
        g.act("pass")
    assert [e["card"] for e in player(g, "P1")["battlefield"]].count("Gold Token") == 1
    assert [e["card"] for e in player(g, "P3")["battlefield"]].count("Gold Token") == 1


def test_cr_508_3d_another_player_attacked_does_not_trigger_curse_of_verbosity():
    """Curse of Verbosity on P2: P3 attacking P1 doesn't attack the enchanted player: no
    trigger."""
    _compiled("Curse of Verbosity")
    g = _cursed_p2("Curse of Verbosity")
    _to_turn_attack(g, 3)
    hand = len(player(g, "P1")["hand"])
    g.act("attack P1 with Grizzly Bears")
    assert g.state_json()["stack"] == []
    assert len(player(g, "P1")["hand"]) == hand


def test_cr_503_1a_enchanted_players_upkeep_curse_of_the_bloody_tome():
    """Curse of the Bloody Tome: "At the beginning of enchanted player's upkeep, that player
    mills two cards." It triggers in P2's upkeep only, and P2 mills."""
    _compiled("Curse of the Bloody Tome")
    g = _cursed_p2("Curse of the Bloody Tome")
    before = {p: player(g, p)["library_count"] for p in ("P1", "P2", "P3")}
    pass_until(g, "draw", turn=2)
    after = {p: player(g, p)["library_count"] for p in ("P1", "P2", "P3")}
    assert before["P2"] - after["P2"] == 2 + 1  # milled two, then drew one
    assert after["P3"] == before["P3"] and len(player(g, "P2")["graveyard"]) == 2


def test_cr_704_5m_curse_of_a_player_who_left_goes_to_the_graveyard_curse_of_opulence():
    """Curse of Opulence on P2: P2 concedes and leaves the game (CR 800.4a); the Aura enchants
    no player and is put into its owner's graveyard (CR 704.5m)."""
    g = _cursed_p2("Curse of Opulence")
    g.concede("P2")
    for _ in range(5):
        if g.decision.kind == "priority":
            break
        g.act(labels(g)[0])
    g.act("pass")
    assert permanents(g, "Curse of Opulence") == []
    assert "Curse of Opulence" in player(g, "P1")["graveyard"]


def test_cr_508_3a_creature_attacking_enchanted_player_curse_of_predation():
    """Curse of Predation: "Whenever a creature attacks enchanted player, put a +1/+1 counter on
    it." P3's Grizzly Bears attacking P2 (enchanted) gets the counter."""
    _compiled("Curse of Predation")
    g = _cursed_p2("Curse of Predation")
    _to_turn_attack(g, 3)
    g.act("attack P2 with Grizzly Bears")
    while g.state_json()["stack"]:
        g.act("pass")
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 1}


def test_cr_113_6m_aura_returns_attached_to_target_creature_gryffs_boon():
    """Gryff's Boon: "{3}{W}: Return Gryff's Boon from your graveyard to the battlefield
    attached to target creature. Activate only as a sorcery." It returns enchanting Grizzly
    Bears, which gets +1/+0 and flying."""
    _compiled("Gryff's Boon")
    g = scenario("""
format: duel
players:
  - mana_pool: "{W}{W}{W}{W}"
    graveyard: [Gryff's Boon]
    battlefield: [Grizzly Bears]
  - {}
""")
    g.run_line(["activate Gryff's Boon", "target Grizzly Bears", "pass", "pass"])
    boon = permanent(g, "Gryff's Boon")
    bears = permanent(g, "Grizzly Bears")
    assert boon["attached_to"] == bears["id"] and bears["power"] == 3
    assert player(g, "P1")["graveyard"] == []


def test_cr_614_1c_enters_with_counters_for_the_most_creatures_investigators_journal():
    """Investigator's Journal: "enters the battlefield with a number of suspect counters on it
    equal to the greatest number of creatures a player controls." P2 has three creatures, P1
    one: three counters."""
    _compiled("Investigator's Journal")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{C}"
    hand: [Investigator's Journal]
    battlefield: [Grizzly Bears]
  - battlefield: [Hill Giant, Kird Ape, Craw Wurm]
""")
    g.run_line(["cast Investigator's Journal", "pass", "pass"])
    assert permanent(g, "Investigator's Journal")["counters"] == {"suspect": 3}


def test_cr_508_5_defending_player_exiles_two_permanents_bane_of_bala_ged():
    """Bane of Bala Ged: "Whenever Bane of Bala Ged attacks, defending player exiles two
    permanents they control." P2, the defending player, chooses two of their three permanents;
    P1's permanents are not offered."""
    _compiled("Bane of Bala Ged")
    g = scenario("""
format: duel
players:
  - battlefield: [Bane of Bala Ged, Forest]
  - battlefield: [Grizzly Bears, Hill Giant, Island]
""")
    _to_attack(g)
    g.run_line(["attack P2 with Bane of Bala Ged", "pass", "pass"])
    assert g.decision.player == "P2"
    assert sorted(labels(g)) == ["exile Grizzly Bears", "exile Hill Giant", "exile Island"]
    g.run_line(["exile Grizzly Bears", "exile Island"])
    assert sorted(e["card"] for e in player(g, "P2")["exile"]) == ["Grizzly Bears", "Island"]
    assert [e["card"] for e in player(g, "P2")["battlefield"]] == ["Hill Giant"]


# --------------------------------------------------------------------------------------------
# "Choose a creature type." as it resolves (CR 205.3m)


def test_cr_205_3m_destroy_all_not_of_the_chosen_type_kindred_dominance():
    """Kindred Dominance: "Choose a creature type. Destroy all creatures that aren't of the
    chosen type." Bear chosen (its letter, then the type): Grizzly Bears stays, Hill Giant and
    Kird Ape are destroyed."""
    _compiled("Kindred Dominance")
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}{B}{B}{B}{B}{B}{B}"
    hand: [Kindred Dominance]
    battlefield: [Grizzly Bears, Hill Giant]
  - battlefield: [Kird Ape]
""")
    g.run_line(["cast Kindred Dominance", "pass", "pass", "creature types B...", "choose Bear"])
    assert [e["card"] for e in player(g, "P1")["battlefield"]] == ["Grizzly Bears"]
    assert permanents(g, "Kird Ape") == []


def test_cr_701_20a_revealed_card_of_the_chosen_type_to_hand_bloodline_shaman():
    """Bloodline Shaman: "{T}: Choose a creature type. Reveal the top card of your library. If
    that card is a creature card of the chosen type, put it into your hand. Otherwise, put it
    into your graveyard." Giant chosen: Hill Giant goes to the hand; then Grizzly Bears, not a
    Giant, to the graveyard."""
    _compiled("Bloodline Shaman")
    g = scenario("""
format: duel
players:
  - battlefield: [Bloodline Shaman]
    library: [Hill Giant, Grizzly Bears, Forest]
  - {}
""")
    g.run_line(["activate Bloodline Shaman", "pass", "pass", "creature types G...", "choose Giant"])
    assert player(g, "P1")["hand"] == ["Hill Giant"]
    g = scenario("""
format: duel
players:
  - battlefield: [Bloodline Shaman]
    library: [Grizzly Bears, Forest]
  - {}
""")
    g.run_line(["activate Bloodline Shaman", "pass", "pass", "creature types G...", "choose Giant"])
    assert player(g, "P1")["hand"] == [] and player(g, "P1")["graveyard"] == ["Grizzly Bears"]


# --------------------------------------------------------------------------------------------
# state triggers (CR 603.8)


def test_cr_603_8_state_trigger_on_counters_mazemind_tome():
    """Mazemind Tome: "When there are four or more page counters on Mazemind Tome, exile it. If
    you do, you gain 4 life." The fourth page counter (a cost) makes it trigger: exiled, 4
    life."""
    _compiled("Mazemind Tome")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}"
    battlefield: [{card: Mazemind Tome, counters: {page: 3}}]
    library: [Island, Island]
  - {}
""")
    g.act(next(a for a in labels(g) if "Draw a card" in a))
    while g.state_json()["stack"]:
        g.act("pass")
    me = player(g, "P1")
    assert permanents(g, "Mazemind Tome") == [] and [e["card"] for e in me["exile"]] == ["Mazemind Tome"]
    assert me["life"] == 24 and len(me["hand"]) == 1


def test_cr_603_8_state_trigger_triggers_once_skeleton_ship():
    """Skeleton Ship: "When you control no Islands, sacrifice Skeleton Ship." Without an Island
    it triggers (once) and is sacrificed."""
    _compiled("Skeleton Ship")
    g = scenario("""
format: duel
players:
  - battlefield: [Skeleton Ship]
  - {}
""")
    assert [s["source"] for s in g.state_json()["stack"]] == ["Skeleton Ship"]
    g.act("pass")
    assert [s["source"] for s in g.state_json()["stack"]] == ["Skeleton Ship"]
    g.act("pass")
    assert permanents(g, "Skeleton Ship") == []


def test_cr_603_8_no_trigger_while_the_state_is_false_skeleton_ship():
    """Skeleton Ship with an Island: no trigger."""
    g = scenario("""
format: duel
players:
  - battlefield: [Skeleton Ship, Island]
  - {}
""")
    assert g.state_json()["stack"] == []


# --------------------------------------------------------------------------------------------
# revealing the top card (CR 701.20a)


def test_cr_701_20a_revealed_land_onto_the_battlefield_else_to_hand_coiling_oracle():
    """Coiling Oracle: "When Coiling Oracle enters the battlefield, reveal the top card of your
    library. If it's a land card, put it onto the battlefield. Otherwise, put that card into
    your hand." A Forest enters; a Grizzly Bears goes to the hand."""
    _compiled("Coiling Oracle")
    for top, where in (("Forest", "battlefield"), ("Grizzly Bears", "hand")):
        g = scenario(f"""
format: duel
players:
  - mana_pool: "{{G}}{{U}}"
    hand: [Coiling Oracle]
    library: [{top}, Island]
  - {{}}
""")
        g.run_line(["cast Coiling Oracle", "pass", "pass", "pass", "pass"])
        me = player(g, "P1")
        if where == "battlefield":
            assert permanent(g, "Forest")["controller"] == "P1" and me["hand"] == []
        else:
            assert me["hand"] == ["Grizzly Bears"]
        assert me["library_count"] == 1


def test_declined_revealed_permanent_card_onto_the_battlefield_aid_from_the_cowl():
    """Aid from the Cowl: "If it's a permanent card, you may put it onto the battlefield.": an
    Aura would need something to enchant as it enters (CR 303.4f): not read."""
    _unsupported("Aid from the Cowl", "If it's a permanent card")


def test_cr_701_3a_equipment_attaches_itself_as_it_enters_bramble_armor():
    """Bramble Armor: "When Bramble Armor enters the battlefield, attach it to target creature
    you control." It becomes attached to Grizzly Bears (the opponent's creature isn't offered)
    and gives it +2/+1."""
    _compiled("Bramble Armor")
    g = scenario("""
format: duel
players:
  - mana_pool: "{G}{G}"
    hand: [Bramble Armor]
    battlefield: [Grizzly Bears]
  - battlefield: [Hill Giant]
""")
    g.run_line(["cast Bramble Armor", "pass", "pass"])
    assert labels(g) == ["target Grizzly Bears"]
    g.run_line(["target Grizzly Bears", "pass", "pass"])
    bears = permanent(g, "Grizzly Bears")
    assert permanent(g, "Bramble Armor")["attached_to"] == bears["id"]
    assert (bears["power"], bears["toughness"]) == (4, 3)


def test_cr_702_9_each_creature_without_flying_ashen_firebeast():
    """Ashen Firebeast: "{1}{R}: Ashen Firebeast deals 1 damage to each creature without
    flying." Grizzly Bears and Firebeast itself are dealt damage; Wind Drake (flying) isn't."""
    _compiled("Ashen Firebeast")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{R}"
    battlefield: [Ashen Firebeast]
  - battlefield: [Grizzly Bears, Wind Drake]
""")
    g.run_line(["activate Ashen Firebeast", "pass", "pass"])
    assert permanent(g, "Grizzly Bears")["damage"] == 1
    assert permanent(g, "Ashen Firebeast")["damage"] == 1
    assert permanent(g, "Wind Drake")["damage"] == 0


# --------------------------------------------------------------------------------------------
# edicts (CR 701.21a)


def test_cr_701_21a_target_player_chooses_what_to_sacrifice_diabolic_edict():
    """Diabolic Edict: "Target player sacrifices a creature." P2 chooses which of their
    creatures (not a land)."""
    _compiled("Diabolic Edict")
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}{B}"
    hand: [Diabolic Edict]
  - battlefield: [Grizzly Bears, Hill Giant, Forest]
""")
    g.run_line(["cast Diabolic Edict", "target P2", "pass", "pass"])
    assert g.decision.player == "P2"
    assert sorted(labels(g)) == ["sacrifice Grizzly Bears", "sacrifice Hill Giant"]
    g.act("sacrifice Hill Giant")
    assert [e["card"] for e in player(g, "P2")["battlefield"]] == ["Grizzly Bears", "Forest"]
    assert player(g, "P2")["graveyard"] == ["Hill Giant"]


def test_cr_101_4_each_player_sacrifices_in_turn_order_slum_reaper():
    """Slum Reaper: "When Slum Reaper enters the battlefield, each player sacrifices a
    creature." P1 (the active player) chooses first, then P2; both are sacrificed."""
    _compiled("Slum Reaper")
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}{B}{B}{B}"
    hand: [Slum Reaper]
    battlefield: [Grizzly Bears]
  - battlefield: [Hill Giant]
""")
    g.run_line(["cast Slum Reaper", "pass", "pass", "pass", "pass"])
    assert g.decision.player == "P1"
    assert sorted(labels(g)) == ["sacrifice Grizzly Bears", "sacrifice Slum Reaper"]
    g.act("sacrifice Grizzly Bears")
    assert g.decision.player == "P2" and labels(g) == ["sacrifice Hill Giant"]
    g.act("sacrifice Hill Giant")
    assert permanents(g, "Hill Giant") == [] and permanents(g, "Grizzly Bears") == []
    assert len(permanents(g, "Slum Reaper")) == 1


def _sage_enters(library: str):
    """Sage of the Falls on the battlefield; P1 casts Grizzly Bears (a non-Human creature) and
    answers "yes" to the trigger."""
    g = scenario(f"""
format: duel
players:
  - battlefield: [Sage of the Falls]
    mana_pool: "{{G}}{{G}}"
    hand: [Grizzly Bears, Forest]
    library: {library}
  - {{}}
""")
    g.run_line(["cast Grizzly Bears", "pass", "pass", "pass", "pass", "yes"])
    return g


def test_cr_608_2d_draw_then_discard_if_you_do_sage_of_the_falls():
    """Sage of the Falls: "Whenever Sage of the Falls or another non-Human creature enters the
    battlefield under your control, you may draw a card. If you do, discard a card." Yes: P1
    draws the Island, then discards a card of their choice."""
    _compiled("Sage of the Falls")
    g = _sage_enters("[Island]")
    assert g.decision.player == "P1" and len(player(g, "P1")["hand"]) == 2
    g.act(labels(g)[0])
    assert len(player(g, "P1")["hand"]) == 1 and len(player(g, "P1")["graveyard"]) == 1


def test_cr_609_3_nothing_drawn_nothing_discarded_sage_of_the_falls():
    """Sage of the Falls with an empty library: "yes" draws nothing, so "if you do" doesn't
    happen: the Forest stays in hand (and P1, who drew from an empty library, loses, CR 704.5b)."""
    g = _sage_enters("[]")
    assert player(g, "P1")["hand"] == ["Forest"]


def test_cr_608_2h_its_controller_of_the_attacker_hissing_miasma():
    """Hissing Miasma: "Whenever a creature attacks you, its controller loses 1 life." P2
    attacks with two creatures: P2 loses 2 life, P1 none."""
    _compiled("Hissing Miasma")
    g = scenario("""
format: duel
active_player: P2
players:
  - battlefield: [Hissing Miasma]
  - battlefield: [Grizzly Bears, Hill Giant]
""")
    _to_attack(g)
    g.run_line(["attack P1 with Grizzly Bears", "attack P1 with Hill Giant"])
    for _ in range(12):
        if g.decision.kind == "order":
            g.act(labels(g)[0])
        elif g.state_json()["stack"]:
            g.act("pass")
        else:
            break
    assert player(g, "P2")["life"] == 18
    assert player(g, "P1")["life"] == 20
