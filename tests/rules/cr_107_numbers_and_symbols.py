"""Rule tests: numbers and symbols (CR 107): X (107.3), the tap symbol (107.5) and the untap
symbol (107.6).

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.
"""

from __future__ import annotations

from tests.helpers import labels, permanent, player, scenario

# ---------------------------------------------------------------------------------------------
# CR 107.3: X


def test_cr_107_3a_x_is_chosen_on_casting_and_the_creature_enters_with_x_counters():
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}"
    hand: [Walking Ballista]
""")
    g.act("cast Walking Ballista")
    assert g.decision.kind == "x"
    assert labels(g) == ["x 0", "x 1", "x 2"]
    g.act("x 2")
    s = g.state_json()
    assert s["players"][0]["mana_pool"] == "{C}"
    assert [i["source"] for i in s["stack"]] == ["Walking Ballista"]
    g.act("pass")
    ballista = permanent(g, "Walking Ballista")
    assert ballista["counters"] == {"+1/+1": 2}  # CR 107.3m
    assert (ballista["power"], ballista["toughness"]) == (2, 2)


def test_cr_107_3_x_action_carries_its_value():
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    hand: [Walking Ballista]
""")
    g.act("cast Walking Ballista")
    acts = g.legal_actions()
    assert [(a.kind, a.value) for a in acts] == [("x", 0), ("x", 1)]


# ---------------------------------------------------------------------------------------------
# CR 107.5, 107.6: the tap and untap symbols (and summoning sickness, CR 302.6)


def test_cr_107_5_tap_ability_of_summoning_sick_artifact_is_offered():
    g = scenario("""
players:
  - mana_pool: "{C}"
    hand: [Memnite]
    battlefield:
      - {card: Sol Ring, summoning_sick: true}
""")
    assert "activate Sol Ring: {T}: Add {C}{C}." in labels(g)
    g.run_line(["activate Sol Ring"])
    assert player(g, "P1")["mana_pool"] == "{C}{C}{C}"


def test_cr_107_6_untap_symbol_ability_needs_the_permanent_tapped():
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [Pili-Pala]
""")
    assert not any(lab.startswith("activate Pili-Pala") for lab in labels(g))
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [{card: Pili-Pala, tapped: true}]
""")
    g.run_line(["activate Pili-Pala: {2}, {Q}", "color U"])
    assert permanent(g, "Pili-Pala")["tapped"] is False
    assert player(g, "P1")["mana_pool"] == "{U}"


def test_cr_107_6_untap_symbol_ability_of_summoning_sick_creature_is_not_offered():
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [{card: Pili-Pala, tapped: true, summoning_sick: true}]
""")
    assert labels(g) == ["pass"]
