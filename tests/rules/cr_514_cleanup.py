"""Rule tests: the cleanup step (CR 514): discarding to hand size, damage and "until end of
turn" effects wearing off.

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.
"""

from __future__ import annotations

from tests.helpers import labels, pass_until, permanent, scenario

# ---------------------------------------------------------------------------------------------
# CR 514.1: discard to hand size


def test_cr_514_1_cleanup_discards_down_to_seven():
    g = scenario("""
step: end
players:
  - library: [Island]
    hand: [Forest, Forest, Forest, Mountain, Island, Island, Island, Swamp, Plains]
""")
    g.act("pass")
    assert g.state_json()["step"] == "cleanup"
    assert g.decision.kind == "choose" and g.decision.player == "P1"
    legal = labels(g)
    assert {"discard Mountain", "discard Swamp", "discard Plains"} <= set(legal)
    assert len(legal) == 9 and all(lab.startswith("discard ") for lab in legal)
    g.run_line(["discard Swamp", "discard Plains"])
    s = g.state_json()
    assert sorted(s["players"][0]["graveyard"]) == ["Plains", "Swamp"]
    assert s["turn"] == 2 and s["step"] == "upkeep"
    assert len(s["players"][0]["hand"]) == 7


def test_cr_514_1_only_the_active_player_discards_to_hand_size():
    g = scenario("""
format: duel
step: end
players:
  - library: [Island]
  - library: [Island]
    hand: [Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest]
""")
    g.run_line(["pass", "pass"])
    s = g.state_json()
    assert (s["turn"], s["step"], s["active_player"]) == (2, "upkeep", "P2")
    assert len(s["players"][1]["hand"]) == 9


def test_cr_514_1_no_discard_with_seven_cards():
    g = scenario("""
step: end
players:
  - library: [Island]
    hand: [Forest, Forest, Forest, Mountain, Island, Island, Island]
""")
    g.act("pass")
    assert g.decision.kind == "priority"
    assert g.state_json()["turn"] == 2


# ---------------------------------------------------------------------------------------------
# CR 514.2: damage and "until end of turn" effects end


def test_cr_514_2_damage_wears_off_in_the_cleanup_step():
    g = scenario("""
players:
  - library: [Island, Island]
    battlefield: [Prodigal Pyromancer]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["activate Prodigal Pyromancer", "target Grizzly Bears", "pass"])
    assert permanent(g, "Grizzly Bears")["damage"] == 1
    pass_until(g, "precombat_main", turn=2)
    assert permanent(g, "Grizzly Bears")["damage"] == 0
    g.run_line(["activate Prodigal Pyromancer", "target Grizzly Bears", "pass"])
    # 1 damage this turn, not 2: the Bears survive.
    assert permanent(g, "Grizzly Bears")["damage"] == 1


def test_cr_514_2_until_end_of_turn_effects_end_in_the_cleanup_step():
    g = scenario("""
players:
  - library: [Island]
    mana_pool: "{G}"
    hand: [Giant Growth]
    battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Giant Growth", "target Grizzly Bears", "pass"])
    assert (permanent(g, "Grizzly Bears")["power"], permanent(g, "Grizzly Bears")["toughness"]) == (5, 5)
    pass_until(g, "end", turn=1)
    assert permanent(g, "Grizzly Bears")["power"] == 5
    pass_until(g, "upkeep", turn=2)
    assert (permanent(g, "Grizzly Bears")["power"], permanent(g, "Grizzly Bears")["toughness"]) == (2, 2)
