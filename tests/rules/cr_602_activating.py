"""Rule tests: activating activated abilities (CR 602): sacrifice and counters as costs
(602.2b, 701.21a).

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.
"""

from __future__ import annotations

from tests.helpers import labels, permanent, permanents, player, scenario, stack

# ---------------------------------------------------------------------------------------------
# CR 701.21a, 602.2b: sacrifice as a cost


def test_cr_602_2b_sacrifice_a_creature_cost_asks_which_creature():
    g = scenario("""
players:
  - battlefield: [Ashnod's Altar, Grizzly Bears, {card: Llanowar Elves, summoning_sick: true}, Sol Ring]
  - battlefield: [Memnite]
""")
    g.act("activate Ashnod's Altar")
    assert g.decision.kind == "choose"
    # Only creatures its controller controls; a summoning-sick creature can be sacrificed.
    assert set(labels(g)) == {"sacrifice Grizzly Bears", "sacrifice Llanowar Elves"}
    g.act("sacrifice Llanowar Elves")
    s = g.state_json()
    assert s["players"][0]["mana_pool"] == "{C}{C}"
    assert s["players"][0]["graveyard"] == ["Llanowar Elves"]
    assert s["stack"] == []
    assert permanents(g, "Grizzly Bears")


def test_cr_602_2b_sacrifice_an_artifact_cost_offers_every_artifact_including_the_source():
    g = scenario("""
players:
  - battlefield: [Krark-Clan Ironworks, Sol Ring, Memnite, Grizzly Bears, Forest]
""")
    g.act("activate Krark-Clan Ironworks")
    assert set(labels(g)) == {"sacrifice Krark-Clan Ironworks", "sacrifice Sol Ring", "sacrifice Memnite"}
    g.act("sacrifice Memnite")
    assert player(g, "P1")["mana_pool"] == "{C}{C}"
    assert player(g, "P1")["graveyard"] == ["Memnite"]


def test_cr_602_2b_sacrifice_cost_with_no_candidate_is_not_offered():
    g = scenario("""
players:
  - battlefield: [Ashnod's Altar, Forest]
  - battlefield: [Grizzly Bears]
""")
    assert not any(lab.startswith("activate Ashnod's Altar") for lab in labels(g))


# ---------------------------------------------------------------------------------------------
# CR 602.2b, 118.3: counters as costs


def test_cr_602_2b_removing_a_counter_is_paid_on_activation():
    g = scenario("""
players:
  - battlefield: [{card: Walking Ballista, counters: {"+1/+1": 2}}]
""")
    g.run_line(["activate Walking Ballista: Remove a +1/+1 counter", "target P2"])
    assert permanent(g, "Walking Ballista")["counters"] == {"+1/+1": 1}
    assert len(stack(g)) == 1 and player(g, "P2")["life"] == 20
    g.act("pass")
    assert player(g, "P2")["life"] == 19
