"""Rule tests: planeswalkers (CR 306), loyalty abilities (CR 606), damage to planeswalkers
(CR 120.3c), the state-based action for loyalty 0 (CR 704.5i), the legend rule (CR 704.5j,
306.4) and attacking planeswalkers (CR 506.2, 508.1b, 506.4c).

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold. The
planeswalkers are real compiled cards (Chandra, Novice Pyromancer: loyalty 5, "+1: Elementals
you control get +2/+0 until end of turn.", "−1: Add {R}{R}.", "−2: Chandra, Novice Pyromancer
deals 2 damage to any target."; Kiora, Behemoth Beckoner: loyalty 7, "−1: Untap target
permanent.") and one test-only planeswalker that shares Chandra's planeswalker type.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mtg_env import Game
from mtg_env.cards import temporary
from mtg_env.cards.vocab import Activated, GainLife, Keyword, card
from mtg_env.core.errors import IllegalActionError
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario

CHANDRA = "Chandra, Novice Pyromancer"
KIORA = "Kiora, Behemoth Beckoner"


@pytest.fixture(scope="module", autouse=True)
def _test_cards() -> Iterator[None]:
    walker = card("Test Chandra", "{2}", "Legendary Planeswalker — Chandra", "+1: You gain 1 life.",
                  Activated(effects=(GainLife(1),)), loyalty=2)
    trampler = card("Test Walker Trampler", "{2}", "Creature — Test", "Trample",
                    Keyword(names=("trample",)), pt="5/5")
    gideon = card("Test Gideon", "{2}", "Legendary Creature Planeswalker — Gideon", "+1: You gain 1 life.",
                  Activated(effects=(GainLife(1),)), pt="2/4", loyalty=3)
    with temporary(walker, trampler, gideon):  # the card pool is as it was afterwards
        yield


def loyalty(g: Game, name: str = CHANDRA) -> int:
    p = permanent(g, name)
    assert p["loyalty"] == p["counters"].get("loyalty", 0)
    return p["loyalty"]


def loyalty_labels(g: Game, name: str = CHANDRA) -> list[str]:
    return [lab for lab in labels(g) if lab.startswith(f"activate {name}:")]


# ---------------------------------------------------------------------------------------------
# CR 306.5b: a planeswalker enters with its printed loyalty as loyalty counters


def test_cr_306_5b_planeswalker_enters_with_printed_loyalty_counters():
    g = scenario(f"""
players:
  - mana_pool: "{{C}}{{C}}{{C}}{{R}}"
    hand: ["{CHANDRA}"]
""")
    g.run_line([f"cast {CHANDRA}", "pass"])
    p = permanent(g, CHANDRA)
    assert p["counters"] == {"loyalty": 5} and p["loyalty"] == 5
    assert p["types"] == ["Planeswalker"]


def test_cr_306_5b_scenario_planeswalker_defaults_to_printed_loyalty():
    g = scenario(f"""
players:
  - battlefield: ["{CHANDRA}", {{card: "{KIORA}", counters: {{loyalty: 2}}}}]
""")
    assert loyalty(g) == 5
    assert loyalty(g, KIORA) == 2


# ---------------------------------------------------------------------------------------------
# CR 606: loyalty abilities


def test_cr_606_4_plus_loyalty_cost_puts_loyalty_counters_on():
    g = scenario(f"""
players:
  - battlefield: ["{CHANDRA}"]
""")
    g.act(f"activate {CHANDRA}: +1: Elementals you control get +2/+0 until end of turn.")
    assert loyalty(g) == 6  # paid on activation, before it resolves
    assert g.state_json()["stack"][0]["text"] == "+1: Elementals you control get +2/+0 until end of turn."
    g.act("pass")
    assert loyalty(g) == 6


def test_cr_606_4_minus_loyalty_cost_removes_loyalty_counters():
    g = scenario(f"""
players:
  - battlefield: ["{CHANDRA}"]
  - life: 20
""")
    g.run_line([f"activate {CHANDRA}: \u22122: {CHANDRA} deals 2 damage to any target.", "target P2"])
    assert loyalty(g) == 3
    g.act("pass")
    assert player(g, "P2")["life"] == 18


def test_cr_606_4_label_shows_the_printed_minus_sign_and_a_hyphen_matches_it():
    g = scenario(f"""
players:
  - battlefield: ["{CHANDRA}"]
""")
    assert f"activate {CHANDRA}: \u22121: Add {{R}}{{R}}." in labels(g)
    g.act(f"activate {CHANDRA}: -1")  # interface.md §3: "-" matches the minus sign
    assert loyalty(g) == 4


def test_cr_606_4_zero_loyalty_cost_changes_nothing():
    g = scenario("""
players:
  - battlefield: [{card: Test Chandra, counters: {loyalty: 2}}]
""")
    # Test Chandra's only ability is "+1"; Kiora-like "0:" costs are read as loyalty 0
    from mtg_env.cards.costs import parse_cost
    assert parse_cost("0", "Test").loyalty == 0
    assert parse_cost("\u22123", "Test").loyalty == -3 and parse_cost("+2", "Test").loyalty == 2
    g.act("activate Test Chandra: +1")
    assert loyalty(g, "Test Chandra") == 3


def test_cr_606_3_one_loyalty_ability_per_permanent_per_turn():
    g = scenario(f"""
players:
  - battlefield: ["{CHANDRA}", "{KIORA}", Forest]
    library: [Forest, Forest]
""")
    g.run_line([f"activate {CHANDRA}: +1", "pass"])
    assert loyalty_labels(g) == []  # none of Chandra's loyalty abilities again this turn
    assert loyalty_labels(g, KIORA) != []  # another planeswalker's: yes
    with pytest.raises(IllegalActionError):
        g.act(f"activate {CHANDRA}: -1")
    pass_until(g, "precombat_main", turn=3)
    assert len(loyalty_labels(g)) == 3  # a new turn of its controller


def test_cr_606_3_loyalty_abilities_only_at_sorcery_speed():
    g = scenario(f"""
format: duel
players:
  - battlefield: ["{CHANDRA}"]
    mana_pool: "{{R}}"
    hand: [Lightning Bolt]
    library: [Forest, Forest]
  - battlefield: ["{KIORA}"]
    library: [Forest, Forest]
""")
    assert len(loyalty_labels(g)) == 3
    g.run_line(["cast Lightning Bolt", "target P2"])
    assert loyalty_labels(g) == []  # the stack isn't empty
    g.act("pass")  # P2 gets priority with Bolt on the stack: no loyalty ability (not their turn)
    assert loyalty_labels(g, KIORA) == []
    g.act("pass")
    assert len(loyalty_labels(g)) == 3
    pass_until(g, "beginning_of_combat")
    assert loyalty_labels(g) == []  # not a main phase
    pass_until(g, "precombat_main", turn=2)
    assert g.state_json()["active_player"] == "P2"
    assert loyalty_labels(g, KIORA) != []


def test_cr_606_6_negative_loyalty_cost_needs_that_many_counters():
    g = scenario(f"""
players:
  - battlefield: [{{card: "{CHANDRA}", counters: {{loyalty: 1}}}}]
""")
    got = loyalty_labels(g)
    assert any(": +1:" in lab for lab in got) and any("\u22121:" in lab for lab in got)
    assert not any("\u22122:" in lab for lab in got)


def test_cr_605_1a_loyalty_ability_that_adds_mana_uses_the_stack():
    g = scenario(f"""
players:
  - battlefield: ["{CHANDRA}"]
""")
    g.act(f"activate {CHANDRA}: -1")
    s = g.state_json()
    assert s["players"][0]["mana_pool"] == ""
    assert [i["text"] for i in s["stack"]] == ["\u22121: Add {R}{R}."]
    g.act("pass")
    assert g.state_json()["players"][0]["mana_pool"] == "{R}{R}"


# ---------------------------------------------------------------------------------------------
# CR 120.3c, 704.5i: damage removes loyalty counters; loyalty 0 goes to the graveyard


def test_cr_120_3c_damage_to_a_planeswalker_removes_loyalty_counters():
    g = scenario(f"""
players:
  - mana_pool: "{{R}}"
    hand: [Lightning Bolt]
  - battlefield: ["{CHANDRA}"]
""")
    g.run_line(["cast Lightning Bolt", f"target {CHANDRA}", "pass"])
    p = permanent(g, CHANDRA)
    assert p["loyalty"] == 2 and p["damage"] == 0  # no damage is marked on a planeswalker
    assert player(g, "P2")["life"] == 20


def test_cr_704_5i_planeswalker_with_loyalty_0_is_put_into_its_owners_graveyard():
    g = scenario(f"""
players:
  - mana_pool: "{{R}}"
    hand: [Lightning Bolt]
  - battlefield: [{{card: "{CHANDRA}", counters: {{loyalty: 3}}}}]
""")
    g.run_line(["cast Lightning Bolt", f"target {CHANDRA}", "pass"])
    assert permanents(g, CHANDRA) == []
    assert CHANDRA in player(g, "P2")["graveyard"]


def test_cr_704_5i_loyalty_cost_to_0_the_planeswalker_dies_but_its_ability_resolves():
    g = scenario(f"""
players:
  - battlefield: [{{card: "{CHANDRA}", counters: {{loyalty: 2}}}}]
  - life: 20
""")
    g.run_line([f"activate {CHANDRA}: -2", "target P2"])
    assert permanents(g, CHANDRA) == []  # before the ability resolves (CR 704.3)
    assert CHANDRA in player(g, "P1")["graveyard"]
    g.act("pass")
    assert player(g, "P2")["life"] == 18  # CR 113.7a: the ability resolves without its source


# ---------------------------------------------------------------------------------------------
# CR 306.4, 704.5j: only the legend rule


def test_cr_704_5j_legend_rule_applies_to_two_planeswalkers_with_one_name():
    g = scenario(f"""
players:
  - mana_pool: "{{C}}{{C}}{{C}}{{R}}"
    hand: ["{CHANDRA}"]
    battlefield: ["{CHANDRA}"]
""")
    g.run_line([f"cast {CHANDRA}", "pass"])
    assert g.decision.kind == "choose"
    g.act(labels(g)[1])
    assert len(permanents(g, CHANDRA)) == 1
    assert player(g, "P1")["graveyard"] == [CHANDRA]


def test_cr_306_4_two_planeswalkers_of_one_planeswalker_type_both_stay():
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    hand: [Test Chandra]
    battlefield: ["Chandra, Novice Pyromancer"]
""")
    g.run_line(["cast Test Chandra", "pass"])
    assert g.decision.kind == "priority"
    assert {p["card"] for p in player(g, "P1")["battlefield"]} == {CHANDRA, "Test Chandra"}


# ---------------------------------------------------------------------------------------------
# CR 115.4: "any target", "target creature or planeswalker"


def test_cr_115_4_any_target_includes_planeswalkers():
    g = scenario(f"""
players:
  - mana_pool: "{{R}}"
    hand: [Lightning Bolt]
    battlefield: ["{KIORA}"]
  - battlefield: ["{CHANDRA}", Forest]
""")
    g.act("cast Lightning Bolt")
    assert sorted(labels(g)) == sorted([f"target {CHANDRA}", f"target {KIORA}", "target P1", "target P2"])


def test_cr_115_target_creature_or_planeswalker_hero_s_downfall():
    g = scenario(f"""
players:
  - mana_pool: "{{C}}{{B}}{{B}}"
    hand: ["Hero's Downfall"]
  - battlefield: ["{CHANDRA}", Grizzly Bears, Forest]
""")
    g.act("cast Hero's Downfall")
    assert sorted(labels(g)) == sorted([f"target {CHANDRA}", "target Grizzly Bears"])
    g.run_line([f"target {CHANDRA}", "pass"])
    assert CHANDRA in player(g, "P2")["graveyard"]


# ---------------------------------------------------------------------------------------------
# CR 506.2, 508.1b, 506.4c: attacking planeswalkers


def combat(p1: list, p2: list, *, p1_hand: list | None = None) -> Game:
    return scenario({
        "format": "duel", "step": "beginning_of_combat",
        "players": [{"name": "P1", "battlefield": p1, "hand": p1_hand or []},
                    {"name": "P2", "battlefield": p2}]})


def to_decision(g: Game, kind: str) -> None:
    for _ in range(20):
        if g.decision.kind == kind:
            return
        g.act("pass")
    raise AssertionError(f"no {kind} decision came")


def attack(g: Game, step: str) -> None:
    """Declare one attack, then finish declaring if asked."""
    to_decision(g, "attack")
    g.act(step)
    if g.decision.kind == "attack":
        g.act("done attacking")


def block(g: Game, step: str) -> None:
    g.act(step)
    if g.decision.kind == "block":
        g.act("done blocking")


def test_cr_508_1b_attacker_chooses_the_player_or_a_planeswalker_that_player_controls():
    g = combat(["Grizzly Bears", "Chandra, Novice Pyromancer"], [KIORA])
    to_decision(g, "attack")
    assert sorted(lab for lab in labels(g) if lab.startswith("attack ")) == [
        f"attack {KIORA} with Grizzly Bears", "attack P2 with Grizzly Bears"]  # not P1's own
    attack(g, f"attack {KIORA} with Grizzly Bears")
    assert any(f"Grizzly Bears -> {KIORA}" in line for line in g.log)
    pass_until(g, "postcombat_main")
    assert loyalty(g, KIORA) == 5  # CR 510.1a, 120.3c
    assert player(g, "P2")["life"] == 20


def test_cr_506_2_the_planeswalkers_controller_is_the_defending_player_and_may_block():
    g = combat(["Grizzly Bears"], [KIORA, "Llanowar Elves"])
    attack(g, f"attack {KIORA} with Grizzly Bears")
    to_decision(g, "block")
    assert g.decision.player == "P2"
    block(g, "block Grizzly Bears with Llanowar Elves")
    pass_until(g, "postcombat_main")
    assert loyalty(g, KIORA) == 7
    assert player(g, "P2")["graveyard"] == ["Llanowar Elves"]


def test_cr_702_19b_trample_excess_goes_to_the_attacked_planeswalker():
    g = combat(["Test Walker Trampler"], [KIORA, "Llanowar Elves"])
    attack(g, f"attack {KIORA} with Test Walker Trampler")
    to_decision(g, "block")
    block(g, "block Test Walker Trampler with Llanowar Elves")
    to_decision(g, "choose")
    g.act("assign 1 damage to Llanowar Elves")
    pass_until(g, "postcombat_main")
    assert loyalty(g, KIORA) == 3
    assert player(g, "P2")["life"] == 20


def test_cr_506_4c_attacker_of_a_planeswalker_that_left_deals_no_combat_damage():
    g = combat(["Grizzly Bears", "Mountain"], [{"card": KIORA, "counters": {"loyalty": 3}}],
               p1_hand=["Lightning Bolt"])
    attack(g, f"attack {KIORA} with Grizzly Bears")
    g.run_line(["activate Mountain", "cast Lightning Bolt", f"target {KIORA}", "pass", "pass"])
    assert permanents(g, KIORA) == []
    pass_until(g, "postcombat_main")
    assert player(g, "P2")["life"] == 20  # it is attacking nothing: no damage to P2


def test_cr_508_1b_planeswalkers_with_one_name_are_told_apart_by_id():
    g = scenario({
        "format": "duel", "step": "beginning_of_combat",
        "players": [{"name": "P1", "battlefield": ["Grizzly Bears"]},
                    {"name": "P2", "battlefield": [KIORA]},
                    {"name": "P3", "battlefield": [KIORA]}]})
    to_decision(g, "attack")
    got = sorted(lab for lab in labels(g) if lab.startswith("attack "))
    ids = sorted(p["id"] for p in permanents(g, KIORA))
    assert got == sorted(["attack P2 with Grizzly Bears", "attack P3 with Grizzly Bears"] +
                         [f"attack {KIORA}#{i} with Grizzly Bears" for i in ids])
    attack(g, f"attack {KIORA}#{ids[1]} with Grizzly Bears")
    pass_until(g, "postcombat_main")
    assert [p["loyalty"] for p in player(g, "P3")["battlefield"]] == [5]
    assert [p["loyalty"] for p in player(g, "P2")["battlefield"]] == [7]


def test_cr_506_4_attacked_planeswalker_whose_controller_changes_is_removed_from_combat():
    """CR 506.4: its controller changes: it is removed from combat; the creature attacking it
    attacks nothing and deals no combat damage (CR 506.4c), even after control returns."""
    from mtg_env.engine import primitives
    g = combat(["Grizzly Bears"], [KIORA])
    attack(g, f"attack {KIORA} with Grizzly Bears")
    pw = permanent(g, KIORA)["id"]
    primitives.gain_control_until_eot(g, pw, 0)  # as a "gain control of target planeswalker" would
    primitives.end_control_effects(g)            # and back to P2 before damage
    assert permanent(g, KIORA)["controller"] == "P2"
    pass_until(g, "postcombat_main")
    assert loyalty(g, KIORA) == 7
    assert player(g, "P2")["life"] == 20


def test_cr_120_3c_120_3e_damage_to_a_planeswalker_creature_removes_loyalty_and_is_marked():
    g = scenario("""
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
  - battlefield: [{card: Test Gideon, counters: {loyalty: 5}}]
""")
    g.run_line(["cast Lightning Bolt", "target Test Gideon", "pass"])
    p = permanent(g, "Test Gideon")
    assert p["loyalty"] == 2 and p["damage"] == 3


def test_cr_704_5i_planeswalker_creature_with_loyalty_0_dies_though_its_toughness_is_left():
    g = scenario("""
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
  - battlefield: [{card: Test Gideon, counters: {loyalty: 3}}]
""")
    g.run_line(["cast Lightning Bolt", "target Test Gideon", "pass"])
    assert "Test Gideon" in player(g, "P2")["graveyard"]
