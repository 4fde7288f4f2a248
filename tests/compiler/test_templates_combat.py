"""The combat family of templates (templates/combat.py), each through real cards compiled from
their Oracle text: combat triggers (CR 508.3, 509.3, 510.3a, 603.2), the evasion and protection
keywords (CR 509.1b, 702.13, 702.14, 702.16, 702.28, 702.31, 702.36, 702.118), infect and
wither (CR 120.3, 702.80, 702.90), the keywords that are triggered abilities (prowess,
exalted, bushido, battle cry) and "attacks each combat if able" (CR 508.1d). The Oracle line
and the rule are in each docstring."""

from __future__ import annotations

from typing import Any

import pytest

from mtg_env import Game
from mtg_env.cards import card_status
from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, player, scenario, stack


def combat(p1: list[Any], p2: list[Any], *, p1_hand: list[str] | None = None, pool: str = "",
           p1_library: list[str] | None = None, p2_hand: list[str] | None = None, p2_pool: str = "",
           step: str = "beginning_of_combat") -> Game:
    """A duel at P1's beginning of combat (P1 active)."""
    return scenario({
        "format": "duel", "step": step,
        "players": [
            {"name": "P1", "battlefield": p1, "hand": p1_hand or [], "mana_pool": pool,
             "library": p1_library or ["Island", "Island", "Island"]},
            {"name": "P2", "battlefield": p2, "hand": p2_hand or [], "mana_pool": p2_pool,
             "library": ["Island", "Island", "Island"]},
        ]})  # type: ignore[arg-type]


def to_decision(g: Game, kind: str) -> None:
    for _ in range(30):
        assert g.decision is not None
        if g.decision.kind == kind:
            return
        assert g.decision.kind == "priority", f"stopped at {g.decision} waiting for {kind}"
        g.act("pass")
    raise AssertionError(f"no {kind} decision came")


def attack(g: Game, *attackers: str) -> None:
    to_decision(g, "attack")
    for a in attackers:
        g.act(f"attack P2 with {a}")
    if g.decision.kind == "attack":
        g.act("done attacking" if attackers else "no attack")


def block(g: Game, *blocks: tuple[str, str]) -> None:
    for _ in range(30):
        if g.decision.kind == "block":
            break
        if not blocks and g.state_json()["step"] == "declare_blockers":
            return
        assert g.decision.kind == "priority", f"stopped at {g.decision} waiting to block"
        g.act("pass")
    for a, b in blocks:
        g.act(f"block {a} with {b}")
    if g.decision.kind == "block":
        g.act("done blocking" if blocks else "no block")


def block_options(g: Game) -> list[str]:
    return sorted(lab for lab in labels(g) if lab.startswith("block "))


def attack_options(g: Game) -> list[str]:
    return sorted(lab for lab in labels(g) if lab.startswith("attack ") or lab in ("no attack", "done attacking"))


def life(g: Game, who: str) -> int:
    return int(player(g, who)["life"])


def pt(g: Game, card: str) -> tuple[int, int]:
    p = permanent(g, card)
    return p["power"], p["toughness"]


def placed(g: Game) -> list[str]:
    """Put the waiting triggered abilities on the stack (in the order offered; targets first
    offered); the sources of what is on the stack."""
    for _ in range(20):
        if g.decision.kind in ("order", "target"):
            g.act(labels(g)[0])
        else:
            break
    return [s["source"] for s in stack(g)]


def to_step(g: Game, step: str) -> None:
    """Pass priority (putting triggers on the stack, assigning damage as first offered) until
    `step` has a priority decision."""
    for _ in range(60):
        if g.state_json()["step"] == step and g.decision.kind == "priority":
            return
        if g.decision.kind in ("order", "choose", "target"):
            g.act(labels(g)[0])
            continue
        assert g.decision.kind == "priority", f"stopped at {g.decision} before {step}"
        g.act("pass")
    raise AssertionError(f"did not reach {step}")


def resolve_all(g: Game) -> None:
    """Pass until the stack is empty (each player passing once per item)."""
    for _ in range(40):
        if not stack(g):
            return
        if g.decision.kind in ("order", "target"):
            g.act(labels(g)[0])
            continue
        g.act("pass")
    raise AssertionError("the stack did not empty")


# ---------------------------------------------------------------------------------------------
# combat damage triggers (CR 510.3a)


def test_cr_510_3a_combat_damage_to_a_player_trigger_scroll_thief():
    """Scroll Thief: "Whenever Scroll Thief deals combat damage to a player, draw a card." It
    triggers after combat damage is dealt, and only if the damage is dealt to a player."""
    _compiled("Scroll Thief")
    g = combat(["Scroll Thief"], [])
    attack(g, "Scroll Thief")
    pass_until(g, "combat_damage")
    assert life(g, "P2") == 19
    assert [s["source"] for s in stack(g)] == ["Scroll Thief"]
    resolve_all(g)
    assert len(player(g, "P1")["hand"]) == 1
    # blocked: it deals its damage to the blocker, not a player: no trigger
    g = combat(["Scroll Thief"], ["Grizzly Bears"])
    attack(g, "Scroll Thief")
    block(g, ("Scroll Thief", "Grizzly Bears"))
    pass_until(g, "postcombat_main")
    assert player(g, "P1")["hand"] == []


def test_cr_510_3a_equipped_creature_deals_combat_damage_rogues_gloves():
    """Rogue's Gloves: "Whenever equipped creature deals combat damage to a player, you may draw
    a card." (an event about what the Equipment is attached to)."""
    _compiled("Rogue's Gloves")
    g = combat([{"card": "Grizzly Bears"}, {"card": "Rogue's Gloves", "attached_to": "Grizzly Bears"},
                "Memnite"], [])
    attack(g, "Memnite")  # an unequipped creature's damage doesn't trigger it
    pass_until(g, "postcombat_main")
    assert stack(g) == [] and player(g, "P1")["hand"] == []
    g = combat([{"card": "Grizzly Bears"}, {"card": "Rogue's Gloves", "attached_to": "Grizzly Bears"}], [])
    attack(g, "Grizzly Bears")
    pass_until(g, "combat_damage")
    assert [s["source"] for s in stack(g)] == ["Rogue's Gloves"]


def test_cr_510_3a_a_creature_you_control_deals_combat_damage_seafloor_oracle():
    """Seafloor Oracle: "Whenever a Merfolk you control deals combat damage to a player, draw a
    card." Once for each Merfolk that deals combat damage to a player."""
    _compiled("Seafloor Oracle")
    g = combat(["Seafloor Oracle", "Merfolk of the Pearl Trident", "Grizzly Bears"], [])
    attack(g, "Seafloor Oracle", "Merfolk of the Pearl Trident", "Grizzly Bears")
    to_step(g, "combat_damage")
    assert placed(g) == ["Seafloor Oracle", "Seafloor Oracle"]  # both Merfolk, not the Bears


def test_cr_510_3a_combat_damage_to_a_creature_destroys_that_creature_voracious_cobra():
    """Voracious Cobra: "First strike. Whenever Voracious Cobra deals combat damage to a creature,
    destroy that creature." "That creature" is the creature dealt damage."""
    _compiled("Voracious Cobra")
    g = combat(["Voracious Cobra"], ["Craw Wurm"])
    attack(g, "Voracious Cobra")
    block(g, ("Voracious Cobra", "Craw Wurm"))
    pass_until(g, "combat_damage")
    assert [s["source"] for s in stack(g)] == ["Voracious Cobra"]
    resolve_all(g)
    assert "Craw Wurm" in player(g, "P2")["graveyard"]
    assert permanent(g, "Voracious Cobra")


def test_cr_120_2_deals_damage_to_an_opponent_and_shadow_looter_il_kor():
    """Looter il-Kor: "Shadow" (CR 702.28b: only creatures with shadow block it) and "Whenever
    Looter il-Kor deals damage to an opponent, draw a card, then discard a card." """
    _compiled("Looter il-Kor")
    g = combat(["Looter il-Kor"], ["Grizzly Bears"])
    attack(g, "Looter il-Kor")
    for _ in range(5):
        assert g.decision.kind != "block"  # the Bears can't block a creature with shadow
        if g.state_json()["step"] == "combat_damage":
            break
        g.act("pass")
    assert life(g, "P2") == 19
    assert [s["source"] for s in stack(g)] == ["Looter il-Kor"]


# ---------------------------------------------------------------------------------------------
# blocking triggers (CR 509.3)


def test_cr_509_3c_becomes_blocked_triggers_once_razorclaw_bear():
    """Razorclaw Bear: "Whenever Razorclaw Bear becomes blocked, it gets +2/+2 until end of
    turn." Once each combat however many creatures block it (CR 509.3c)."""
    _compiled("Razorclaw Bear")
    g = combat(["Razorclaw Bear"], ["Memnite", "Ornithopter"])
    attack(g, "Razorclaw Bear")
    block(g, ("Razorclaw Bear", "Memnite"), ("Razorclaw Bear", "Ornithopter"))
    assert placed(g) == ["Razorclaw Bear"]
    resolve_all(g)
    assert pt(g, "Razorclaw Bear") == (5, 5)  # a 3/3


def test_cr_509_3d_becomes_blocked_by_a_creature_once_for_each_blocker_kolaghan_aspirant():
    """Kolaghan Aspirant: "Whenever Kolaghan Aspirant becomes blocked by a creature, Kolaghan
    Aspirant deals 1 damage to that creature." Once for each blocker, to that blocker."""
    _compiled("Kolaghan Aspirant")
    g = combat(["Kolaghan Aspirant"], ["Memnite", "Llanowar Elves"])
    attack(g, "Kolaghan Aspirant")
    block(g, ("Kolaghan Aspirant", "Memnite"), ("Kolaghan Aspirant", "Llanowar Elves"))
    assert placed(g) == ["Kolaghan Aspirant", "Kolaghan Aspirant"]
    resolve_all(g)
    assert sorted(player(g, "P2")["graveyard"]) == ["Llanowar Elves", "Memnite"]
    assert permanent(g, "Kolaghan Aspirant")["damage"] == 0


def test_cr_509_3b_blocks_or_becomes_blocked_by_a_creature_ashmouth_hound():
    """Ashmouth Hound: "Whenever Ashmouth Hound blocks or becomes blocked by a creature, Ashmouth
    Hound deals 1 damage to that creature." As a blocker, "that creature" is the attacker."""
    _compiled("Ashmouth Hound")
    g = scenario({"format": "duel", "step": "beginning_of_combat", "players": [
        {"name": "P1", "battlefield": ["Llanowar Elves"]},
        {"name": "P2", "battlefield": ["Ashmouth Hound"]}]})  # type: ignore[arg-type]
    attack(g, "Llanowar Elves")
    block(g, ("Llanowar Elves", "Ashmouth Hound"))
    resolve_all(g)
    assert "Llanowar Elves" in player(g, "P1")["graveyard"]
    assert permanent(g, "Ashmouth Hound")["damage"] == 0


def test_cr_702_45a_bushido_jade_avenger():
    """Jade Avenger: "Bushido 2 (Whenever this creature blocks or becomes blocked, it gets +2/+2
    until end of turn.)" """
    _compiled("Jade Avenger")
    g = combat(["Jade Avenger"], ["Grizzly Bears"])
    attack(g, "Jade Avenger")
    assert pt(g, "Jade Avenger") == (2, 2)
    block(g, ("Jade Avenger", "Grizzly Bears"))
    resolve_all(g)
    assert pt(g, "Jade Avenger") == (4, 4)
    pass_until(g, "postcombat_main")
    assert "Grizzly Bears" in player(g, "P2")["graveyard"]
    assert permanent(g, "Jade Avenger")["damage"] == 2


# ---------------------------------------------------------------------------------------------
# "is dealt damage"


def test_dealt_damage_by_two_blockers_triggers_once_dromad_purebred():
    """Dromad Purebred: "Whenever Dromad Purebred is dealt damage, you gain 1 life." Combat
    damage is dealt at once (CR 510.2): two blockers' damage is one event."""
    _compiled("Dromad Purebred")
    g = combat(["Dromad Purebred"], ["Memnite", "Llanowar Elves"])
    attack(g, "Dromad Purebred")
    block(g, ("Dromad Purebred", "Memnite"), ("Dromad Purebred", "Llanowar Elves"))
    to_step(g, "combat_damage")
    assert [s["source"] for s in stack(g)] == ["Dromad Purebred"]
    resolve_all(g)
    assert life(g, "P1") == 21


def test_dealt_damage_by_a_spell_imperial_ceratops():
    """Imperial Ceratops: "Enrage — Whenever Imperial Ceratops is dealt damage, you gain 2
    life." (noncombat damage triggers it too)."""
    _compiled("Imperial Ceratops")
    g = scenario({"format": "duel", "players": [
        {"name": "P1", "hand": ["Shock"], "mana_pool": "{R}"},
        {"name": "P2", "battlefield": ["Imperial Ceratops"]}]})  # type: ignore[arg-type]
    g.run_line(["cast Shock", "target Imperial Ceratops", "pass", "pass"])
    assert [s["source"] for s in stack(g)] == ["Imperial Ceratops"]
    resolve_all(g)
    assert life(g, "P2") == 22 and permanent(g, "Imperial Ceratops")["damage"] == 2


# ---------------------------------------------------------------------------------------------
# attack triggers


def test_cr_508_3a_a_creature_you_control_attacks_fervent_charge():
    """Fervent Charge: "Whenever a creature you control attacks, it gets +2/+2 until end of
    turn." Once for each attacker; "it" is that attacker."""
    _compiled("Fervent Charge")
    g = combat(["Fervent Charge", "Grizzly Bears", "Memnite"], [])
    attack(g, "Grizzly Bears", "Memnite")
    assert placed(g) == ["Fervent Charge", "Fervent Charge"]
    resolve_all(g)
    assert pt(g, "Grizzly Bears") == (4, 4) and pt(g, "Memnite") == (3, 3)


def test_cr_508_3a_equipped_creature_attacks_armory_of_iroas():
    """Armory of Iroas: "Whenever equipped creature attacks, put a +1/+1 counter on it." """
    _compiled("Armory of Iroas")
    g = combat(["Grizzly Bears", {"card": "Armory of Iroas", "attached_to": "Grizzly Bears"}], [])
    attack(g, "Grizzly Bears")
    resolve_all(g)
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 1}


def test_cr_702_83a_exalted_each_instance_triggers_only_when_attacking_alone_noble_hierarch():
    """Noble Hierarch / Akrasan Squire: "Exalted (Whenever a creature you control attacks alone,
    that creature gets +1/+1 until end of turn.)" Each instance triggers (CR 702.83b)."""
    _compiled("Noble Hierarch", "Akrasan Squire")
    g = combat(["Noble Hierarch", "Akrasan Squire", "Grizzly Bears"], [])
    attack(g, "Grizzly Bears")
    assert placed(g) == ["Noble Hierarch", "Akrasan Squire"]
    resolve_all(g)
    assert pt(g, "Grizzly Bears") == (4, 4)
    g = combat(["Noble Hierarch", "Akrasan Squire", "Grizzly Bears"], [])
    attack(g, "Grizzly Bears", "Akrasan Squire")  # not alone: no trigger
    assert stack(g) == []


def test_cr_702_91a_battle_cry_goblin_wardriver():
    """Goblin Wardriver: "Battle cry (Whenever this creature attacks, each other attacking
    creature gets +1/+0 until end of turn.)" """
    _compiled("Goblin Wardriver")
    g = combat(["Goblin Wardriver", "Grizzly Bears", "Memnite"], [])
    attack(g, "Goblin Wardriver", "Grizzly Bears")
    resolve_all(g)
    assert pt(g, "Grizzly Bears") == (3, 2)
    assert pt(g, "Goblin Wardriver") == (2, 2) and pt(g, "Memnite") == (1, 1)


def test_cr_507_beginning_of_combat_on_your_turn_luminarch_aspirant():
    """Luminarch Aspirant: "At the beginning of combat on your turn, put a +1/+1 counter on
    target creature you control." Not on an opponent's turn."""
    _compiled("Luminarch Aspirant")
    g = scenario({"format": "duel", "players": [
        {"name": "P1", "battlefield": ["Luminarch Aspirant"]}, {"name": "P2"}]})  # type: ignore[arg-type]
    g.run_line(["pass", "pass"])
    assert g.state_json()["step"] == "beginning_of_combat"
    assert placed(g) == ["Luminarch Aspirant"]
    resolve_all(g)
    assert permanent(g, "Luminarch Aspirant")["counters"] == {"+1/+1": 1}
    g = scenario({"format": "duel", "players": [
        {"name": "P1"}, {"name": "P2", "battlefield": ["Luminarch Aspirant"]}]})  # type: ignore[arg-type]
    g.run_line(["pass", "pass"])
    assert g.state_json()["step"] == "beginning_of_combat" and stack(g) == []


def test_cr_702_108a_prowess_noncreature_spells_only_jeskai_student():
    """Jeskai Student: "Prowess (Whenever you cast a noncreature spell, this creature gets +1/+1
    until end of turn.)" """
    _compiled("Jeskai Student")
    g = scenario({"format": "duel", "players": [
        {"name": "P1", "battlefield": ["Jeskai Student"], "hand": ["Shock", "Memnite"], "mana_pool": "{R}"},
        {"name": "P2"}]})  # type: ignore[arg-type]
    g.act("cast Memnite")
    assert [s["source"] for s in stack(g)] == ["Memnite"]  # a creature spell: no trigger
    g.run_line(["pass", "pass", "cast Shock", "target P2"])
    assert [s["source"] for s in stack(g)] == ["Shock", "Jeskai Student"]
    g.run_line(["pass", "pass"])
    assert pt(g, "Jeskai Student") == (2, 4)


# ---------------------------------------------------------------------------------------------
# evasion (CR 509.1b)


def test_cr_702_14c_swampwalk_marsh_boa():
    """Marsh Boa: "Swampwalk (This creature can't be blocked as long as defending player
    controls a Swamp.)" """
    _compiled("Marsh Boa")
    g = combat(["Marsh Boa"], ["Grizzly Bears", "Swamp"])
    attack(g, "Marsh Boa")
    pass_until(g, "postcombat_main")
    assert life(g, "P2") == 19
    g = combat(["Marsh Boa"], ["Grizzly Bears", "Island"])
    attack(g, "Marsh Boa")
    to_decision(g, "block")
    assert block_options(g) == ["block Marsh Boa with Grizzly Bears"]


def test_cr_702_36b_702_13b_fear_and_intimidate_highborn_ghoul_academy_raider():
    """Fear (Fear, the Aura: "Enchanted creature has fear"): only artifact and/or black creatures
    block it. Academy Raider: "Intimidate": only artifact creatures and creatures sharing a
    color with it (red) block it."""
    _compiled("Academy Raider", "Fear")
    g = combat(["Academy Raider"], ["Grizzly Bears", "Memnite", "Raging Goblin"])
    attack(g, "Academy Raider")
    to_decision(g, "block")
    assert block_options(g) == ["block Academy Raider with Memnite", "block Academy Raider with Raging Goblin"]
    g = combat(["Grizzly Bears", {"card": "Fear", "attached_to": "Grizzly Bears"}],
               ["Raging Goblin", "Memnite", "Dauthi Marauder", "Vampire Cutthroat"])
    attack(g, "Grizzly Bears")
    to_decision(g, "block")
    assert block_options(g) == ["block Grizzly Bears with Memnite", "block Grizzly Bears with Vampire Cutthroat"]


def test_cr_702_31b_horsemanship_and_702_118b_skulk():
    """Wei Scout: "Horsemanship" (only creatures with horsemanship block it). Furtive
    Homunculus: "Skulk" (creatures with greater power can't block it)."""
    _compiled("Wei Scout", "Furtive Homunculus")
    g = combat(["Wei Scout"], ["Shu Cavalry", "Grizzly Bears"])
    attack(g, "Wei Scout")
    to_decision(g, "block")
    assert block_options(g) == ["block Wei Scout with Shu Cavalry"]
    g = combat(["Furtive Homunculus"], ["Grizzly Bears", "Craw Wurm", "Memnite"])
    attack(g, "Furtive Homunculus")
    to_decision(g, "block")
    assert block_options(g) == ["block Furtive Homunculus with Grizzly Bears",
                                "block Furtive Homunculus with Memnite"]


def test_cr_509_1b_cant_be_blocked_slither_blade():
    """Slither Blade: "Slither Blade can't be blocked." """
    _compiled("Slither Blade")
    g = combat(["Slither Blade"], ["Grizzly Bears"])
    attack(g, "Slither Blade")
    pass_until(g, "postcombat_main")
    assert life(g, "P2") == 19


def test_cr_509_1a_target_creature_cant_block_this_turn_mardu_roughrider():
    """Mardu Roughrider: "Whenever Mardu Roughrider attacks, target creature can't block this
    turn." """
    _compiled("Mardu Roughrider")
    g = combat(["Mardu Roughrider"], ["Grizzly Bears", "Memnite"])
    attack(g, "Mardu Roughrider")
    g.act("target Grizzly Bears") if g.decision.kind == "target" else None
    resolve_all(g)
    to_decision(g, "block")
    assert block_options(g) == ["block Mardu Roughrider with Memnite"]


def test_cr_508_1d_attacks_each_combat_if_able_goblin_brigand():
    """Goblin Brigand: "Goblin Brigand attacks each combat if able." The declaration must obey
    the requirement: "no attack" / "done" is not offered until it attacks."""
    _compiled("Goblin Brigand")
    g = combat(["Goblin Brigand", "Grizzly Bears"], [])
    to_decision(g, "attack")
    assert attack_options(g) == ["attack P2 with Goblin Brigand", "attack P2 with Grizzly Bears"]
    g.act("attack P2 with Grizzly Bears")
    assert attack_options(g) == ["attack P2 with Goblin Brigand"]
    g.act("attack P2 with Goblin Brigand")
    assert g.decision.kind != "attack" or "done attacking" in labels(g)
    # tapped, it can't attack: no requirement to obey
    g = combat([{"card": "Goblin Brigand", "tapped": True}, "Grizzly Bears"], [])
    to_decision(g, "attack")
    assert attack_options(g) == ["attack P2 with Grizzly Bears", "no attack"]


# ---------------------------------------------------------------------------------------------
# protection (CR 702.16: damage, enchanting/equipping, blocking, targeting)


def test_cr_702_16_protection_from_red_vulshok_refugee():
    """Vulshok Refugee: "Protection from red". Red creatures can't block it (702.16f), red spells
    can't target it (702.16b), damage from red sources is prevented (702.16e)."""
    _compiled("Vulshok Refugee")
    g = combat(["Vulshok Refugee"], ["Raging Goblin", "Grizzly Bears"])
    attack(g, "Vulshok Refugee")
    to_decision(g, "block")
    assert block_options(g) == ["block Vulshok Refugee with Grizzly Bears"]
    g = scenario({"format": "duel", "players": [
        {"name": "P1", "hand": ["Shock"], "mana_pool": "{R}"},
        {"name": "P2", "battlefield": ["Vulshok Refugee", "Grizzly Bears"]}]})  # type: ignore[arg-type]
    g.act("cast Shock")
    assert "target Vulshok Refugee" not in labels(g) and "target Grizzly Bears" in labels(g)
    # a red creature blocked by it deals it no damage
    g = combat(["Raging Goblin"], ["Vulshok Refugee"])
    attack(g, "Raging Goblin")
    block(g, ("Raging Goblin", "Vulshok Refugee"))
    pass_until(g, "postcombat_main")
    assert permanent(g, "Vulshok Refugee")["damage"] == 0
    assert "Raging Goblin" in player(g, "P1")["graveyard"]


def test_cr_702_16c_aura_of_the_protected_color_is_put_into_the_graveyard_voice_of_grace():
    """Voice of Grace: "Flying, protection from black". A black Aura (Dead Weight) attached to
    it is put into its owner's graveyard as a state-based action (CR 702.16c, 704.5m)."""
    _compiled("Voice of Grace")
    g = scenario({"format": "duel", "players": [
        {"name": "P1", "battlefield": ["Voice of Grace",
                                       {"card": "Dead Weight", "attached_to": "Voice of Grace"}]},
        {"name": "P2"}]})  # type: ignore[arg-type]
    g.act("pass")  # state-based actions are checked
    assert "Dead Weight" in player(g, "P1")["graveyard"]


# ---------------------------------------------------------------------------------------------
# infect and wither (CR 120.3)


def test_cr_120_3b_702_90_infect_poison_counters_and_704_5c_plague_myr():
    """Plague Myr: "Infect (This creature deals damage to creatures in the form of -1/-1 counters
    and to players in the form of poison counters.)" Ten poison counters lose the game."""
    _compiled("Plague Myr")
    g = combat(["Plague Myr"], [])
    attack(g, "Plague Myr")
    pass_until(g, "postcombat_main")
    assert life(g, "P2") == 20 and player(g, "P2")["poison"] == 1
    g = combat([{"card": "Plague Myr"}], [])
    g.players[1].poison = 9
    attack(g, "Plague Myr")
    for _ in range(10):
        if g.game_over:
            break
        g.act("pass")
    assert g.game_over and g.state_json()["winner"] == "P1"


def test_cr_120_3d_wither_damage_is_minus_counters_sickle_ripper():
    """Sickle Ripper: "Wither (This deals damage to creatures in the form of -1/-1 counters.)"
    The counters stay after the turn; damage to players is normal."""
    _compiled("Sickle Ripper")
    g = combat(["Sickle Ripper"], ["Craw Wurm"])
    attack(g, "Sickle Ripper")
    block(g, ("Sickle Ripper", "Craw Wurm"))
    pass_until(g, "postcombat_main")
    w = permanent(g, "Craw Wurm")
    assert w["counters"] == {"-1/-1": 2} and w["damage"] == 0 and (w["power"], w["toughness"]) == (4, 2)


def test_cr_702_2b_deathtouch_with_wither_destroys():
    """A creature dealt damage by a source with deathtouch is destroyed even when the damage is
    -1/-1 counters (CR 702.2b, 704.5h): Sickle Ripper with deathtouch from Ohran Frostfang
    ("Attacking creatures you control have deathtouch")."""
    _compiled("Ohran Frostfang")
    g = combat(["Sickle Ripper", "Ohran Frostfang"], ["Craw Wurm"])
    attack(g, "Sickle Ripper")
    block(g, ("Sickle Ripper", "Craw Wurm"))
    pass_until(g, "postcombat_main")
    assert "Craw Wurm" in player(g, "P2")["graveyard"]


@pytest.mark.parametrize(("name", "phrase"), [
    # "It can't be regenerated": "it" and "that creature" read alike; beside "it", the other
    # creature of the event isn't read
    ("Dripping Dead", "Whenever ~ deals combat damage to a creature"),
    ("Acolyte of the Inferno", "Whenever ~ becomes blocked by a creature"),
    # "it deals 2 damage": the source would be the enchanted creature, not the Aura
    ("Extra Arms", "it deals 2 damage to any target"),
])
def test_declined_wordings(name: str, phrase: str) -> None:
    """Wordings the combat templates must decline (with the phrase the coverage report shows)."""
    st = card_status(name)
    assert not st.supported
    assert any(phrase in r for r in st.reasons), st.reasons


# ---------------------------------------------------------------------------------------------
# more combat keywords and restrictions


def test_cr_702_25a_flanking_only_blockers_without_flanking_mtenda_herder():
    """Mtenda Herder: "Flanking (Whenever a creature without flanking blocks this creature, the
    blocking creature gets -1/-1 until end of turn.)" A blocker with flanking doesn't trigger it."""
    _compiled("Mtenda Herder", "Benalish Cavalry")
    g = combat(["Mtenda Herder"], ["Grizzly Bears"])
    attack(g, "Mtenda Herder")
    block(g, ("Mtenda Herder", "Grizzly Bears"))
    assert placed(g) == ["Mtenda Herder"]
    resolve_all(g)
    assert pt(g, "Grizzly Bears") == (1, 1)
    g = combat(["Mtenda Herder"], ["Benalish Cavalry"])
    attack(g, "Mtenda Herder")
    block(g, ("Mtenda Herder", "Benalish Cavalry"))
    assert stack(g) == []


def test_cr_702_23b_rampage_counts_blockers_beyond_the_first_craw_giant():
    """Craw Giant: "Rampage 2 (Whenever this creature becomes blocked, it gets +2/+2 until end of
    turn for each creature blocking it beyond the first.)" """
    _compiled("Craw Giant")
    g = combat(["Craw Giant"], ["Memnite", "Ornithopter", "Llanowar Elves"])
    attack(g, "Craw Giant")
    block(g, ("Craw Giant", "Memnite"), ("Craw Giant", "Ornithopter"), ("Craw Giant", "Llanowar Elves"))
    resolve_all(g)
    assert pt(g, "Craw Giant") == (10, 8)  # a 6/4, two blockers beyond the first


def test_cr_702_121a_melee_deputized_protester():
    """Deputized Protester: "Melee (Whenever this creature attacks, it gets +1/+1 until end of
    turn for each opponent you attacked this combat.)" One opponent attacked in a duel."""
    _compiled("Deputized Protester")
    g = combat(["Deputized Protester"], [])
    attack(g, "Deputized Protester")
    resolve_all(g)
    assert pt(g, "Deputized Protester") == (3, 2)


def test_cr_509_1a_can_block_only_creatures_with_flying_cloud_sprite():
    """Cloud Sprite: "Cloud Sprite can block only creatures with flying." """
    _compiled("Cloud Sprite")
    g = scenario({"format": "duel", "step": "beginning_of_combat", "players": [
        {"name": "P1", "battlefield": ["Grizzly Bears", "Suntail Hawk"]},
        {"name": "P2", "battlefield": ["Cloud Sprite"]}]})  # type: ignore[arg-type]
    attack(g, "Grizzly Bears", "Suntail Hawk")
    to_decision(g, "block")
    assert block_options(g) == ["block Suntail Hawk with Cloud Sprite"]


def test_cr_509_1b_cant_be_blocked_by_more_than_one_creature_charging_rhino():
    """Charging Rhino: "Charging Rhino can't be blocked by more than one creature." """
    _compiled("Charging Rhino")
    g = combat(["Charging Rhino"], ["Grizzly Bears", "Memnite"])
    attack(g, "Charging Rhino")
    to_decision(g, "block")
    g.act("block Charging Rhino with Grizzly Bears")
    assert block_options(g) == []


def test_cr_509_1b_cant_be_blocked_by_power_and_except_by_steel_leaf_champion_dread_warlock():
    """Steel Leaf Champion: "Steel Leaf Champion can't be blocked by creatures with power 2 or
    less." Dread Warlock: "Dread Warlock can't be blocked except by black creatures." """
    _compiled("Steel Leaf Champion", "Dread Warlock")
    g = combat(["Steel Leaf Champion"], ["Grizzly Bears", "Craw Wurm"])
    attack(g, "Steel Leaf Champion")
    to_decision(g, "block")
    assert block_options(g) == ["block Steel Leaf Champion with Craw Wurm"]
    g = combat(["Dread Warlock"], ["Grizzly Bears", "Vampire Cutthroat"])
    attack(g, "Dread Warlock")
    to_decision(g, "block")
    assert block_options(g) == ["block Dread Warlock with Vampire Cutthroat"]


def test_cr_506_5_attacks_alone_rogue_kavu():
    """Rogue Kavu: "Whenever Rogue Kavu attacks alone, it gets +2/+0 until end of turn." """
    _compiled("Rogue Kavu")
    g = combat(["Rogue Kavu", "Grizzly Bears"], [])
    attack(g, "Rogue Kavu")
    resolve_all(g)
    assert pt(g, "Rogue Kavu") == (3, 1)
    g = combat(["Rogue Kavu", "Grizzly Bears"], [])
    attack(g, "Rogue Kavu", "Grizzly Bears")
    assert stack(g) == []


def test_cr_702_16_protection_from_artifacts_nacatl_savage():
    """Nacatl Savage: "Protection from artifacts": artifact creatures can't block it."""
    _compiled("Nacatl Savage")
    g = combat(["Nacatl Savage"], ["Memnite", "Grizzly Bears"])
    attack(g, "Nacatl Savage")
    to_decision(g, "block")
    assert block_options(g) == ["block Nacatl Savage with Grizzly Bears"]


# ---------------------------------------------------------------------------------------------
# fight (CR 701.14) and requirements until end of turn


def test_cr_701_14a_fight_prey_upon():
    """Prey Upon: "Target creature you control fights target creature you don't control." Each
    deals damage equal to its power to the other."""
    _compiled("Prey Upon")
    g = scenario({"format": "duel", "players": [
        {"name": "P1", "hand": ["Prey Upon"], "mana_pool": "{G}", "battlefield": ["Craw Wurm"]},
        {"name": "P2", "battlefield": ["Grizzly Bears"]}]})  # type: ignore[arg-type]
    g.run_line(["cast Prey Upon", "target Craw Wurm", "target Grizzly Bears", "pass", "pass"])
    assert "Grizzly Bears" in player(g, "P2")["graveyard"]
    assert permanent(g, "Craw Wurm")["damage"] == 2


def test_cr_701_14b_no_fight_when_one_target_is_illegal_epic_confrontation():
    """Epic Confrontation: "Target creature you control gets +1/+2 until end of turn. It fights
    target creature you don't control." With its own creature gone, neither deals damage."""
    _compiled("Epic Confrontation")
    g = scenario({"format": "duel", "players": [
        {"name": "P1", "hand": ["Epic Confrontation"], "mana_pool": "{G}{C}", "battlefield": ["Llanowar Elves"]},
        {"name": "P2", "hand": ["Shock"], "mana_pool": "{R}", "battlefield": ["Grizzly Bears"]}]})  # type: ignore[arg-type]
    g.run_line(["cast Epic Confrontation", "target Llanowar Elves", "target Grizzly Bears", "pass",
                "cast Shock", "target Llanowar Elves", "pass", "pass", "pass", "pass"])
    assert "Llanowar Elves" in player(g, "P1")["graveyard"]
    assert permanent(g, "Grizzly Bears")["damage"] == 0


def test_cr_508_1d_target_creature_attacks_this_turn_if_able_boiling_blood():
    """Boiling Blood: "Target creature attacks this turn if able. Draw a card." """
    _compiled("Boiling Blood")
    g = scenario({"format": "duel", "players": [
        {"name": "P1", "hand": ["Boiling Blood"], "mana_pool": "{R}{C}{C}", "battlefield": ["Grizzly Bears"],
         "library": ["Island"]},
        {"name": "P2"}]})  # type: ignore[arg-type]
    g.run_line(["cast Boiling Blood", "target Grizzly Bears", "pass", "pass"])
    to_decision(g, "attack")
    assert attack_options(g) == ["attack P2 with Grizzly Bears"]


def test_cr_508_1a_target_creature_cant_attack_or_block_this_turn_off_balance():
    """Off Balance: "Target creature can't attack or block this turn." """
    _compiled("Off Balance")
    g = scenario({"format": "duel", "players": [
        {"name": "P1", "hand": ["Off Balance"], "mana_pool": "{W}", "battlefield": ["Grizzly Bears", "Memnite"]},
        {"name": "P2"}]})  # type: ignore[arg-type]
    g.run_line(["cast Off Balance", "target Grizzly Bears", "pass", "pass"])
    to_decision(g, "attack")
    assert attack_options(g) == ["attack P2 with Memnite", "no attack"]


def test_cr_508_1c_cant_attack_unless_defending_player_controls_an_island_sea_monster():
    """Sea Monster: "Sea Monster can't attack unless defending player controls an Island." """
    _compiled("Sea Monster")
    g = combat(["Sea Monster", "Grizzly Bears"], ["Mountain"])
    to_decision(g, "attack")
    assert attack_options(g) == ["attack P2 with Grizzly Bears", "no attack"]
    g = combat(["Sea Monster", "Grizzly Bears"], ["Island"])
    to_decision(g, "attack")
    assert attack_options(g) == ["attack P2 with Grizzly Bears", "attack P2 with Sea Monster", "no attack"]


def test_cr_508_1_battalion_boros_elite():
    """Boros Elite: "Battalion — Whenever Boros Elite and at least two other creatures attack,
    Boros Elite gets +2/+2 until end of turn." """
    _compiled("Boros Elite")
    g = combat(["Boros Elite", "Grizzly Bears", "Memnite"], [])
    attack(g, "Boros Elite", "Grizzly Bears")
    assert stack(g) == []
    g = combat(["Boros Elite", "Grizzly Bears", "Memnite"], [])
    attack(g, "Boros Elite", "Grizzly Bears", "Memnite")
    resolve_all(g)
    assert pt(g, "Boros Elite") == (3, 3)


def test_cr_601_3_cast_only_during_declare_attackers_if_attacked_eightfold_maze():
    """Eightfold Maze: "Cast this spell only during the declare attackers step and only if
    you've been attacked this step. Destroy target attacking creature." """
    _compiled("Eightfold Maze")
    g = scenario({"format": "duel", "step": "beginning_of_combat", "mana_payment": "auto", "players": [
        {"name": "P1", "battlefield": ["Grizzly Bears"]},
        {"name": "P2", "hand": ["Eightfold Maze"], "battlefield": ["Plains", "Plains", "Plains"]}]})  # type: ignore[arg-type]
    g.act("pass")  # P1 passes in beginning of combat: P2 may not cast it yet
    assert "cast Eightfold Maze" not in labels(g)
    g.act("pass")
    attack(g, "Grizzly Bears")
    assert g.state_json()["step"] == "declare_attackers"
    g.act("pass")
    g.run_line(["cast Eightfold Maze", "target Grizzly Bears", "pass", "pass"])
    assert "Grizzly Bears" in player(g, "P1")["graveyard"]
    # its caster's own turn: not attacked
    g = scenario({"format": "duel", "step": "beginning_of_combat", "mana_payment": "auto", "players": [
        {"name": "P1", "battlefield": ["Grizzly Bears", "Plains", "Plains", "Plains"], "hand": ["Eightfold Maze"]},
        {"name": "P2"}]})  # type: ignore[arg-type]
    attack(g, "Grizzly Bears")
    assert "cast Eightfold Maze" not in labels(g)


def test_cr_509_1c_lure_every_able_creature_must_block_it_prized_unicorn():
    """Prized Unicorn: "All creatures able to block Prized Unicorn do so." A requirement on each
    creature able to block it: no creature may block another attacker or stay back while it can
    block the Unicorn; a tapped one is not able."""
    _compiled("Prized Unicorn")
    g = combat(["Prized Unicorn", "Grizzly Bears"], ["Memnite", "Llanowar Elves", {"card": "Ornithopter", "tapped": True}])
    attack(g, "Prized Unicorn", "Grizzly Bears")
    to_decision(g, "block")
    assert block_options(g) == ["block Prized Unicorn with Llanowar Elves", "block Prized Unicorn with Memnite"]
    assert "no block" not in labels(g)
    g.act("block Prized Unicorn with Memnite")
    assert labels(g) == ["block Prized Unicorn with Llanowar Elves"]
    g.act("block Prized Unicorn with Llanowar Elves")
    assert g.decision.kind != "block"


def test_cr_509_1c_lure_with_menace_lure_boggart_brute():
    """Lure: "All creatures able to block enchanted creature do so." on Boggart Brute
    ("Menace"): with one creature able to block, the requirement can't be obeyed (menace, CR
    702.111b): it may block another attacker or none; with two, both must block the Brute."""
    _compiled("Lure", "Boggart Brute")
    g = combat(["Boggart Brute", {"card": "Lure", "attached_to": "Boggart Brute"}, "Grizzly Bears"], ["Memnite"])
    attack(g, "Boggart Brute", "Grizzly Bears")
    to_decision(g, "block")
    assert sorted(labels(g)) == ["block Grizzly Bears with Memnite", "no block"]
    g = combat(["Boggart Brute", {"card": "Lure", "attached_to": "Boggart Brute"}, "Grizzly Bears"],
               ["Memnite", "Ornithopter"])
    attack(g, "Boggart Brute", "Grizzly Bears")
    to_decision(g, "block")
    assert sorted(labels(g)) == ["block Boggart Brute with Memnite", "block Boggart Brute with Ornithopter"]
    g.act("block Boggart Brute with Memnite")
    assert labels(g) == ["block Boggart Brute with Ornithopter"]


def test_cr_510_1c_assign_as_though_not_blocked_thorn_elemental():
    """Thorn Elemental: "You may have Thorn Elemental assign its combat damage as though it
    weren't blocked." All of it to the player, or all to the blockers (Gatherer ruling)."""
    _compiled("Thorn Elemental")
    g = combat(["Thorn Elemental"], ["Grizzly Bears"])
    attack(g, "Thorn Elemental")
    block(g, ("Thorn Elemental", "Grizzly Bears"))
    for _ in range(10):
        if g.decision.kind == "yes_no":
            break
        g.act("pass")
    assert g.decision.player == "P1"
    g.act("yes")
    pass_until(g, "postcombat_main")
    assert life(g, "P2") == 13 and permanent(g, "Grizzly Bears")["damage"] == 0
    g = combat(["Thorn Elemental"], ["Grizzly Bears"])
    attack(g, "Thorn Elemental")
    block(g, ("Thorn Elemental", "Grizzly Bears"))
    for _ in range(10):
        if g.decision.kind == "yes_no":
            break
        g.act("pass")
    g.act("no")
    pass_until(g, "postcombat_main")
    assert life(g, "P2") == 20 and "Grizzly Bears" in player(g, "P2")["graveyard"]


def test_cr_702_16_protection_from_the_color_of_your_choice_mother_of_runes():
    """Mother of Runes: "{T}: Target creature you control gains protection from the color of
    your choice until end of turn." The color is chosen as it resolves; a black Aura on the
    creature is then put into the graveyard (CR 702.16c, 704.5m)."""
    _compiled("Mother of Runes")
    g = scenario({"format": "duel", "players": [
        {"name": "P1", "battlefield": ["Mother of Runes", "Craw Wurm",
                                       {"card": "Dead Weight", "attached_to": "Craw Wurm"}]},
        {"name": "P2", "hand": ["Shock"], "mana_pool": "{R}"}]})  # type: ignore[arg-type]
    g.run_line(["activate Mother of Runes", "target Craw Wurm", "pass", "pass"])
    assert sorted(labels(g)) == [f"color {c}" for c in "BGRUW"]
    g.act("color B")
    assert "Dead Weight" in player(g, "P1")["graveyard"]
    assert pt(g, "Craw Wurm") == (6, 4)


# ---------------------------------------------------------------------------------------------
# templates no printed card uses alone yet: a test card compiled from the wording


def _test_card(name: str, text: str, pt: str = "2/2") -> Any:
    from mtg_env.cards.compiler import compile_card
    from mtg_env.cards.database import OracleCard, OracleFace
    p, t = pt.split("/")
    face = OracleFace(name, "{2}", "Creature — Test", text, p, t)
    got = compile_card(OracleCard(name, "normal", face, (face,), (), 2.0))
    assert got.card is not None, got.reasons
    return got.card


def test_cr_508_3d_whenever_you_attack_and_511_2_at_end_of_combat():
    """"Whenever you attack, you gain 1 life." triggers once however many creatures attack
    (CR 508.3d); "At end of combat, you gain 2 life." as each end of combat step begins (CR
    511.2), also when no creature attacked."""
    from mtg_env.cards import temporary
    a = _test_card("Test Herald", "Whenever you attack, you gain 1 life.")
    b = _test_card("Test Bell", "At end of combat, you gain 2 life.")
    with temporary(a, b):
        g = combat(["Test Herald", "Grizzly Bears", "Memnite"], [])
        attack(g, "Grizzly Bears", "Memnite")
        assert placed(g) == ["Test Herald"]
        resolve_all(g)
        assert life(g, "P1") == 21
        g = combat(["Test Bell", "Grizzly Bears"], [])
        attack(g)
        to_step(g, "end_of_combat")
        assert placed(g) == ["Test Bell"]


def test_pump_for_each_creature_blocking_it_gang_of_elk_and_cant_block_ironclaw_orcs():
    """Gang of Elk: "Whenever Gang of Elk becomes blocked, it gets +2/+2 until end of turn for
    each creature blocking it." Ironclaw Orcs: "Ironclaw Orcs can't block creatures with power
    2 or greater." (CR 509.1a)"""
    _compiled("Gang of Elk", "Ironclaw Orcs")
    g = combat(["Gang of Elk"], ["Memnite", "Ornithopter", "Ironclaw Orcs"])
    attack(g, "Gang of Elk")
    to_decision(g, "block")
    assert "block Gang of Elk with Ironclaw Orcs" not in labels(g)
    block(g, ("Gang of Elk", "Memnite"), ("Gang of Elk", "Ornithopter"))
    resolve_all(g)
    assert pt(g, "Gang of Elk") == (9, 8)  # a 5/4


def test_cr_603_7c_that_much_damage_boros_reckoner():
    """Boros Reckoner: "Whenever Boros Reckoner is dealt damage, it deals that much damage to any
    target." Two blockers' damage is one event: one trigger for the total (CR 510.2)."""
    _compiled("Boros Reckoner")
    g = combat(["Boros Reckoner"], ["Grizzly Bears", "Memnite"])
    attack(g, "Boros Reckoner")
    block(g, ("Boros Reckoner", "Grizzly Bears"), ("Boros Reckoner", "Memnite"))
    for _ in range(20):
        if g.decision.kind == "target":
            break
        g.act(labels(g)[0] if g.decision.kind == "choose" else "pass")
    g.act("target P2")
    assert [s["source"] for s in stack(g)] == ["Boros Reckoner"]
    g.run_line(["pass", "pass"])
    assert life(g, "P2") == 17  # the 2 + 1 damage dealt to it


def test_cr_510_3a_draw_that_many_glint_eye_nephilim():
    """Glint-Eye Nephilim: "Whenever Glint-Eye Nephilim deals combat damage to a player, draw
    that many cards." """
    _compiled("Glint-Eye Nephilim")
    g = combat(["Glint-Eye Nephilim"], [], p1_library=["Island"] * 5)
    attack(g, "Glint-Eye Nephilim")
    to_step(g, "combat_damage")
    resolve_all(g)
    assert life(g, "P2") == 18 and len(player(g, "P1")["hand"]) == 2


def test_cr_510_2_deals_combat_damage_once_a_step_umezawas_jitte():
    """Umezawa's Jitte: "Whenever equipped creature deals combat damage, put two charge counters
    on Umezawa's Jitte." Once, though the creature deals damage to two blockers (CR 510.2)."""
    _compiled("Umezawa's Jitte")
    g = combat(["Craw Wurm", {"card": "Umezawa's Jitte", "attached_to": "Craw Wurm"}], ["Memnite", "Ornithopter"])
    attack(g, "Craw Wurm")
    block(g, ("Craw Wurm", "Memnite"), ("Craw Wurm", "Ornithopter"))
    to_step(g, "combat_damage")
    assert [s["source"] for s in stack(g)] == ["Umezawa's Jitte"]
    resolve_all(g)
    assert permanent(g, "Umezawa's Jitte")["counters"] == {"charge": 2}


def test_cr_510_2_is_dealt_combat_damage_that_much_wall_of_essence():
    """Wall of Essence: "Whenever Wall of Essence is dealt combat damage, you gain that much
    life." """
    _compiled("Wall of Essence")
    g = scenario({"format": "duel", "step": "beginning_of_combat", "players": [
        {"name": "P1", "battlefield": ["Grizzly Bears"]},
        {"name": "P2", "battlefield": ["Wall of Essence"]}]})  # type: ignore[arg-type]
    attack(g, "Grizzly Bears")
    block(g, ("Grizzly Bears", "Wall of Essence"))
    to_step(g, "combat_damage")
    resolve_all(g)
    assert life(g, "P2") == 22
