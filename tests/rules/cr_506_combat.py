"""Rule tests: combat (CR 506-511) and the combat keywords.

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario in a duel (both players act): a position, a line of written steps, what must hold.

Keywords no supported card has (first strike, double strike, trample, deathtouch, vigilance,
haste, defender, reach, menace, indestructible, hexproof) are tested with test-only vanilla
creatures. They are registered for this module only and removed afterwards, so the card-pool
tests (which count every registered card) never see them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mtg_env import Game
from mtg_env.cards import temporary
from mtg_env.cards.vocab import Keyword, card
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario

# ---------------------------------------------------------------------------------------------
# test-only creatures: name -> (Oracle text, keywords, power/toughness)

TEST_CARDS = {
    "Test Knight": ("First strike", ("first strike",), "2/2"),
    "Test Duelist": ("Double strike", ("double strike",), "2/2"),
    "Test Trampler": ("Trample", ("trample",), "4/4"),
    "Test Viper Trampler": ("Trample, deathtouch", ("trample", "deathtouch"), "3/3"),
    "Test Assassin": ("Deathtouch", ("deathtouch",), "1/1"),
    "Test Sentry": ("Vigilance", ("vigilance",), "2/2"),
    "Test Raider": ("Haste", ("haste",), "2/2"),
    "Test Wall": ("Defender", ("defender",), "0/4"),
    "Test Spider": ("Reach", ("reach",), "1/3"),
    "Test Brute": ("Menace", ("menace",), "2/2"),
    "Test Golem": ("Indestructible", ("indestructible",), "2/2"),
    "Test Ward": ("Hexproof", ("hexproof",), "2/2"),
}


@pytest.fixture(scope="module", autouse=True)
def _test_cards() -> Iterator[None]:
    defs = [card(name, "{2}", "Creature — Test", text, Keyword(names=kws), pt=pt)
            for name, (text, kws, pt) in TEST_CARDS.items()]
    with temporary(*defs):  # the card pool is as it was afterwards
        yield


# ---------------------------------------------------------------------------------------------
# helpers: each step of combat as a player speaks it


def combat(p1: list, p2: list, *, p1_hand: list | None = None, p1_life: int = 20, p2_life: int = 20) -> Game:
    """A duel at P1's beginning of combat with these battlefields (P1 active)."""
    return scenario({
        "format": "duel", "step": "beginning_of_combat",
        "players": [
            {"name": "P1", "battlefield": p1, "hand": p1_hand or [], "life": p1_life},
            {"name": "P2", "battlefield": p2, "life": p2_life},
        ]})


def to_decision(g: Game, kind: str) -> None:
    """Pass priority until a decision of `kind` comes."""
    for _ in range(20):
        assert g.decision is not None, f"the game ended before a {kind} decision"
        if g.decision.kind == kind:
            return
        assert g.decision.kind == "priority", f"stopped at {g.decision} waiting for {kind}"
        g.act("pass")
    raise AssertionError(f"no {kind} decision came")


def attack(g: Game, *attackers: str) -> None:
    """Declare these attackers (at P2), then finish declaring."""
    to_decision(g, "attack")
    for a in attackers:
        g.act(f"attack P2 with {a}")
    if g.decision.kind == "attack":
        g.act("done attacking" if attackers else "no attack")


def block(g: Game, *blocks: tuple[str, str]) -> None:
    """Declare these (attacker, blocker) blocks, then finish declaring. With none, a defender
    without possible blocks is not asked (the step simply has priority)."""
    for _ in range(20):
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


def attack_options(g: Game) -> list[str]:
    return sorted(lab for lab in labels(g) if lab.startswith("attack "))


def block_options(g: Game) -> list[str]:
    return sorted(lab for lab in labels(g) if lab.startswith("block "))


def graveyard(g: Game, who: str) -> list[str]:
    return player(g, who)["graveyard"]


def life(g: Game, who: str) -> int:
    return player(g, who)["life"]


# ---------------------------------------------------------------------------------------------
# CR 508: declaring attackers


def test_cr_508_1f_attacking_taps_the_attacker():
    g = combat(["Grizzly Bears"], [])
    attack(g, "Grizzly Bears")
    assert g.state_json()["step"] == "declare_attackers"
    assert permanent(g, "Grizzly Bears")["tapped"] is True


def test_cr_702_20b_vigilance_attacker_does_not_tap():
    g = combat(["Test Sentry", "Grizzly Bears"], [])
    attack(g, "Test Sentry", "Grizzly Bears")
    assert permanent(g, "Test Sentry")["tapped"] is False
    assert permanent(g, "Grizzly Bears")["tapped"] is True
    pass_until(g, "postcombat_main")
    assert life(g, "P2") == 16


def test_cr_302_6_702_10_summoning_sick_creature_attacks_only_with_haste():
    g = combat([{"card": "Grizzly Bears", "summoning_sick": True},
                {"card": "Test Raider", "summoning_sick": True}], [])
    to_decision(g, "attack")
    assert attack_options(g) == ["attack P2 with Test Raider"]
    attack(g, "Test Raider")
    pass_until(g, "postcombat_main")
    assert life(g, "P2") == 18


def test_cr_702_3b_defender_cannot_attack():
    g = combat(["Test Wall", "Memnite"], [])
    to_decision(g, "attack")
    assert attack_options(g) == ["attack P2 with Memnite"]


def test_cr_508_8_no_possible_attacker_means_no_attack_decision_and_no_blockers_or_damage_steps():
    g = combat(["Test Wall"], ["Grizzly Bears"])
    g.run_line(["pass", "pass"])
    assert g.state_json()["step"] == "declare_attackers"
    assert g.decision.kind == "priority"
    g.run_line(["pass", "pass"])
    assert g.state_json()["step"] == "end_of_combat"


def test_cr_508_8_no_attackers_skips_declare_blockers_and_combat_damage():
    g = combat(["Grizzly Bears"], ["Llanowar Elves"])
    attack(g)  # "no attack"
    seen = []
    while g.state_json()["step"] != "postcombat_main":
        seen.append(g.state_json()["step"])
        assert g.decision.kind == "priority"
        g.act("pass")
    assert "declare_blockers" not in seen and "combat_damage" not in seen
    assert permanent(g, "Grizzly Bears")["tapped"] is False
    assert life(g, "P2") == 20


# ---------------------------------------------------------------------------------------------
# CR 509: declaring blockers


def test_cr_509_1a_summoning_sick_creature_can_block():
    g = combat(["Grizzly Bears"], [{"card": "Llanowar Elves", "summoning_sick": True}])
    attack(g, "Grizzly Bears")
    to_decision(g, "block")
    assert block_options(g) == ["block Grizzly Bears with Llanowar Elves"]


def test_cr_509_1a_tapped_creature_cannot_block():
    g = combat(["Grizzly Bears"], [{"card": "Llanowar Elves", "tapped": True}, "Memnite"])
    attack(g, "Grizzly Bears")
    to_decision(g, "block")
    assert block_options(g) == ["block Grizzly Bears with Memnite"]


def test_cr_509_1h_506_4_attacker_stays_blocked_when_its_blocker_is_removed():
    g = combat(["Grizzly Bears", "Mountain"], ["Llanowar Elves"], p1_hand=["Lightning Bolt"])
    attack(g, "Grizzly Bears")
    block(g, ("Grizzly Bears", "Llanowar Elves"))
    assert g.state_json()["step"] == "declare_blockers"
    g.run_line(["activate Mountain", "cast Lightning Bolt", "target Llanowar Elves", "pass", "pass"])
    assert graveyard(g, "P2") == ["Llanowar Elves"]
    pass_until(g, "postcombat_main")
    # a blocked creature without trample whose blocker is gone assigns no combat damage
    assert life(g, "P2") == 20


# ---------------------------------------------------------------------------------------------
# CR 510: combat damage


def test_cr_510_1a_unblocked_attacker_deals_damage_to_the_defending_player():
    g = combat(["Grizzly Bears"], ["Llanowar Elves"])
    attack(g, "Grizzly Bears")
    block(g)  # "no block"
    pass_until(g, "postcombat_main")
    assert life(g, "P2") == 18
    assert life(g, "P1") == 20
    assert permanent(g, "Llanowar Elves")["damage"] == 0


def test_cr_510_1c_d_blocked_attacker_and_blocker_deal_damage_to_each_other():
    g = combat([{"card": "Grizzly Bears", "counters": {"+1/+1": 1}}], ["Balduvian Bears"])
    attack(g, "Grizzly Bears")
    block(g, ("Grizzly Bears", "Balduvian Bears"))
    pass_until(g, "postcombat_main")
    # the 3/3 takes 2 and lives; the 2/2 takes 3 and dies; no damage goes to the player
    assert permanent(g, "Grizzly Bears")["damage"] == 2
    assert graveyard(g, "P2") == ["Balduvian Bears"]
    assert life(g, "P2") == 20
    assert any("Balduvian Bears deals 2 damage to Grizzly Bears" in line for line in g.log)


def test_cr_510_1c_attacker_with_two_blockers_divides_its_damage_as_its_controller_chooses():
    # Under the current rules there is no damage assignment order: P1 may put all of the
    # Bears' damage on the second blocker and none on the first.
    g = combat(["Grizzly Bears"], ["Llanowar Elves", "Ornithopter"])
    attack(g, "Grizzly Bears")
    block(g, ("Grizzly Bears", "Llanowar Elves"), ("Grizzly Bears", "Ornithopter"))
    to_decision(g, "choose")
    assert g.decision.player == "P1"
    assert labels(g) == ["assign 0 damage to Llanowar Elves", "assign 1 damage to Llanowar Elves",
                         "assign 2 damage to Llanowar Elves"]
    g.act("assign 0 damage to Llanowar Elves")
    pass_until(g, "postcombat_main")
    assert graveyard(g, "P2") == ["Ornithopter"]
    assert permanents(g, "Llanowar Elves")
    # the blockers' damage (1 + 0) is dealt to the attacker, which survives
    assert permanent(g, "Grizzly Bears")["damage"] == 1
    assert graveyard(g, "P1") == []


# ---------------------------------------------------------------------------------------------
# CR 702.7, 702.4: first strike and double strike


def test_cr_702_7b_first_striker_deals_damage_in_its_own_step_and_not_again():
    g = combat(["Test Knight", "Grizzly Bears"], [])
    attack(g, "Test Knight", "Grizzly Bears")
    block(g)
    to_decision(g, "priority")
    while g.state_json()["step"] != "combat_damage":
        g.act("pass")
    # first-strike combat damage step: only the first striker has dealt damage
    assert life(g, "P2") == 18
    g.run_line(["pass", "pass"])
    # the regular step: the creature without first strike, and not the first striker again
    assert g.state_json()["step"] == "combat_damage"
    assert life(g, "P2") == 16
    pass_until(g, "postcombat_main")
    assert life(g, "P2") == 16


def test_cr_702_7b_first_striker_kills_its_blocker_before_the_blocker_deals_damage():
    g = combat(["Test Knight"], ["Grizzly Bears"])
    attack(g, "Test Knight")
    block(g, ("Test Knight", "Grizzly Bears"))
    pass_until(g, "postcombat_main")
    assert graveyard(g, "P2") == ["Grizzly Bears"]
    assert permanent(g, "Test Knight")["damage"] == 0
    assert not any("Grizzly Bears deals" in line for line in g.log)


def test_cr_702_7b_blocking_first_striker_kills_the_attacker_before_it_deals_damage():
    g = combat(["Grizzly Bears"], ["Test Knight"])
    attack(g, "Grizzly Bears")
    block(g, ("Grizzly Bears", "Test Knight"))
    pass_until(g, "postcombat_main")
    assert graveyard(g, "P1") == ["Grizzly Bears"]
    assert permanent(g, "Test Knight")["damage"] == 0
    assert not any("Grizzly Bears deals" in line for line in g.log)


def test_cr_702_4b_double_strike_deals_damage_in_both_combat_damage_steps():
    g = combat(["Test Duelist"], [])
    attack(g, "Test Duelist")
    block(g)
    to_decision(g, "priority")
    while g.state_json()["step"] != "combat_damage":
        g.act("pass")
    assert life(g, "P2") == 18
    g.run_line(["pass", "pass"])
    assert g.state_json()["step"] == "combat_damage"
    assert life(g, "P2") == 16
    pass_until(g, "postcombat_main")
    assert life(g, "P2") == 16


# ---------------------------------------------------------------------------------------------
# CR 702.19, 702.2: trample and deathtouch


def test_cr_702_19b_trample_assigns_lethal_to_the_blocker_and_the_rest_to_the_player():
    g = combat(["Test Trampler"], ["Grizzly Bears"])
    attack(g, "Test Trampler")
    block(g, ("Test Trampler", "Grizzly Bears"))
    to_decision(g, "choose")
    # at least lethal damage (2) to the blocker; the rest may go to the player
    assert labels(g) == ["assign 2 damage to Grizzly Bears", "assign 3 damage to Grizzly Bears",
                         "assign 4 damage to Grizzly Bears"]
    g.act("assign 2 damage to Grizzly Bears")
    pass_until(g, "postcombat_main")
    assert graveyard(g, "P2") == ["Grizzly Bears"]
    assert life(g, "P2") == 18


def test_cr_702_19b_trampler_short_of_lethal_for_all_blockers_divides_its_damage_freely_among_them():
    # 4 damage against two 3/3s: lethal for both is 6, so nothing can go to the player, and
    # P1 may divide the 4 among the blockers as they choose (all of it on the first, say).
    g = combat(["Test Trampler"], [{"card": "Grizzly Bears", "counters": {"+1/+1": 1}},
                                   {"card": "Balduvian Bears", "counters": {"+1/+1": 1}}])
    attack(g, "Test Trampler")
    block(g, ("Test Trampler", "Grizzly Bears"), ("Test Trampler", "Balduvian Bears"))
    to_decision(g, "choose")
    assert labels(g) == [f"assign {n} damage to Grizzly Bears" for n in range(5)]
    g.act("assign 4 damage to Grizzly Bears")
    pass_until(g, "postcombat_main")
    assert graveyard(g, "P2") == ["Grizzly Bears"]
    assert permanent(g, "Balduvian Bears")["damage"] == 0
    assert life(g, "P2") == 20


def test_cr_702_19b_trampler_may_assign_more_than_lethal_to_one_blocker_and_nothing_to_the_player():
    # 5 damage against two 2/2s: lethal to both and 1 to the player is one choice; 5 to the first
    # blocker (and so none to the player) is another.
    g = combat([{"card": "Test Trampler", "counters": {"+1/+1": 1}}], ["Grizzly Bears", "Balduvian Bears"])
    attack(g, "Test Trampler")
    block(g, ("Test Trampler", "Grizzly Bears"), ("Test Trampler", "Balduvian Bears"))
    to_decision(g, "choose")
    assert "assign 5 damage to Grizzly Bears" in labels(g)


def test_cr_702_19b_lethal_damage_counts_damage_already_marked_on_the_blocker():
    g = combat(["Test Trampler", "Mountain"], [{"card": "Grizzly Bears", "counters": {"+1/+1": 1}}],
               p1_hand=["Shock"])
    attack(g, "Test Trampler")
    block(g, ("Test Trampler", "Grizzly Bears"))
    g.run_line(["activate Mountain", "cast Shock", "target Grizzly Bears", "pass", "pass"])
    assert permanent(g, "Grizzly Bears")["damage"] == 2
    to_decision(g, "choose")
    # the 3/3 with 2 damage needs only 1 more to be lethal
    assert labels(g)[0] == "assign 1 damage to Grizzly Bears"
    g.act("assign 1 damage to Grizzly Bears")
    pass_until(g, "postcombat_main")
    assert graveyard(g, "P2") == ["Grizzly Bears"]
    assert life(g, "P2") == 17


def test_cr_702_19e_trampler_whose_blocker_is_removed_assigns_all_its_damage_to_the_player():
    g = combat(["Test Trampler", "Mountain"], ["Llanowar Elves"], p1_hand=["Lightning Bolt"])
    attack(g, "Test Trampler")
    block(g, ("Test Trampler", "Llanowar Elves"))
    g.run_line(["activate Mountain", "cast Lightning Bolt", "target Llanowar Elves", "pass", "pass"])
    pass_until(g, "postcombat_main")
    assert life(g, "P2") == 16


def test_cr_702_19c_702_2c_trample_with_deathtouch_needs_only_1_damage_per_blocker():
    g = combat(["Test Viper Trampler"], [{"card": "Grizzly Bears", "counters": {"+1/+1": 3}}])
    attack(g, "Test Viper Trampler")
    block(g, ("Test Viper Trampler", "Grizzly Bears"))
    to_decision(g, "choose")
    assert labels(g)[0] == "assign 1 damage to Grizzly Bears"
    g.act("assign 1 damage to Grizzly Bears")
    pass_until(g, "postcombat_main")
    assert graveyard(g, "P2") == ["Grizzly Bears"]
    assert life(g, "P2") == 18
    # the 5/5 blocker dealt 5 to the 3/3 attacker at the same time
    assert graveyard(g, "P1") == ["Test Viper Trampler"]


def test_cr_702_2b_deathtouch_blocker_destroys_a_big_attacker_with_1_damage():
    g = combat([{"card": "Grizzly Bears", "counters": {"+1/+1": 3}}], ["Test Assassin"])
    attack(g, "Grizzly Bears")
    block(g, ("Grizzly Bears", "Test Assassin"))
    pass_until(g, "postcombat_main")
    assert graveyard(g, "P1") == ["Grizzly Bears"]
    assert graveyard(g, "P2") == ["Test Assassin"]


# ---------------------------------------------------------------------------------------------
# CR 702.15: lifelink


def test_cr_702_15b_lifelink_combat_damage_gains_its_controller_that_much_life():
    g = combat(["Griselbrand"], [], p1_life=10)
    attack(g, "Griselbrand")
    block(g)
    pass_until(g, "postcombat_main")
    assert life(g, "P2") == 13
    assert life(g, "P1") == 17


def test_cr_702_15b_lifelink_damage_to_a_blocker_gains_life_too():
    g = combat(["Grizzly Bears"], ["Griselbrand"], p2_life=10)
    attack(g, "Grizzly Bears")
    block(g, ("Grizzly Bears", "Griselbrand"))
    pass_until(g, "postcombat_main")
    assert graveyard(g, "P1") == ["Grizzly Bears"]
    assert life(g, "P2") == 17


# ---------------------------------------------------------------------------------------------
# CR 702.9, 702.17, 702.111: evasion


def test_cr_702_9b_702_17b_flyer_can_be_blocked_only_by_flying_or_reach():
    g = combat(["Pili-Pala"], ["Grizzly Bears", "Birds of Paradise", "Test Spider"])
    attack(g, "Pili-Pala")
    to_decision(g, "block")
    assert block_options(g) == ["block Pili-Pala with Birds of Paradise", "block Pili-Pala with Test Spider"]
    g.act("block Pili-Pala with Test Spider")
    pass_until(g, "postcombat_main")
    assert graveyard(g, "P1") == ["Pili-Pala"]
    assert life(g, "P2") == 20


def test_cr_702_9b_flyer_can_block_a_creature_without_flying():
    g = combat(["Grizzly Bears"], ["Birds of Paradise"])
    attack(g, "Grizzly Bears")
    to_decision(g, "block")
    assert block_options(g) == ["block Grizzly Bears with Birds of Paradise"]


def test_cr_702_111b_menace_creature_cannot_be_blocked_by_just_one_creature():
    g = combat(["Test Brute"], ["Grizzly Bears"])
    attack(g, "Test Brute")
    # P2 has a single possible blocker: no block is possible, so none is offered
    while g.decision.kind == "priority" and g.state_json()["step"] == "declare_attackers":
        g.act("pass")
    if g.decision.kind == "block":
        assert block_options(g) == []
        g.act("no block")
    pass_until(g, "postcombat_main")
    assert life(g, "P2") == 18


def test_cr_702_111b_menace_creature_blocked_by_one_must_get_a_second_blocker():
    g = combat(["Test Brute"], ["Grizzly Bears", "Llanowar Elves"])
    attack(g, "Test Brute")
    to_decision(g, "block")
    g.act("block Test Brute with Grizzly Bears")
    # one blocker is not a legal block: declaring must go on with the second
    assert "done blocking" not in labels(g)
    assert block_options(g) == ["block Test Brute with Llanowar Elves"]
    g.act("block Test Brute with Llanowar Elves")
    to_decision(g, "choose")
    g.act("assign 2 damage to Grizzly Bears")
    pass_until(g, "postcombat_main")
    assert graveyard(g, "P2") == ["Grizzly Bears"]
    assert graveyard(g, "P1") == ["Test Brute"]
    assert life(g, "P2") == 20


# ---------------------------------------------------------------------------------------------
# CR 702.12, 702.11: indestructible and hexproof


def test_cr_702_12b_indestructible_creature_survives_lethal_damage():
    g = combat(["Test Golem"], [{"card": "Grizzly Bears", "counters": {"+1/+1": 2}}])
    attack(g, "Test Golem")
    block(g, ("Test Golem", "Grizzly Bears"))
    pass_until(g, "postcombat_main")
    assert permanent(g, "Test Golem")["damage"] == 4  # lethal damage is marked; it stays
    assert graveyard(g, "P1") == []


def test_cr_702_11b_hexproof_opponents_cannot_target_but_its_controller_can():
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
  - mana_pool: "{G}"
    hand: [Giant Growth]
    battlefield: [Test Ward, Grizzly Bears]
""")
    g.act("cast Lightning Bolt")
    assert "target Test Ward" not in labels(g)
    assert "target Grizzly Bears" in labels(g)
    g.run_line(["target P2", "pass"])  # P2 gets priority with the Bolt on the stack
    assert g.decision.player == "P2"
    g.act("cast Giant Growth")
    assert "target Test Ward" in labels(g)
    g.run_line(["target Test Ward", "pass", "pass"])
    assert permanent(g, "Test Ward")["power"] == 5


# ---------------------------------------------------------------------------------------------
# Pacifism: "Enchanted creature can't attack or block."


def test_pacifism_enchanted_creature_cannot_attack():
    g = combat(["Grizzly Bears", "Memnite"], [{"card": "Pacifism", "attached_to": "Grizzly Bears"}])
    to_decision(g, "attack")
    assert attack_options(g) == ["attack P2 with Memnite"]


def test_pacifism_enchanted_creature_cannot_block():
    g = combat(["Memnite"], ["Grizzly Bears", "Llanowar Elves",
                             {"card": "Pacifism", "attached_to": "Grizzly Bears"}])
    attack(g, "Memnite")
    to_decision(g, "block")
    assert block_options(g) == ["block Memnite with Llanowar Elves"]
