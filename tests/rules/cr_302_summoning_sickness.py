"""Rule tests: creatures (CR 302): summoning sickness (302.6).

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.

Summoning sickness and haste in combat are in cr_506_combat.py; the tap and untap symbols
of noncreature permanents in cr_107_numbers_and_symbols.py.
"""

from __future__ import annotations

from tests.helpers import labels, permanent, player, scenario

# ---------------------------------------------------------------------------------------------
# CR 302.6: summoning sickness


def test_cr_302_6_tap_ability_of_summoning_sick_creature_is_not_offered():
    g = scenario("""
players:
  - battlefield:
      - {card: Llanowar Elves, summoning_sick: true}
      - Elvish Mystic
""")
    assert "activate Llanowar Elves: {T}: Add {G}." not in labels(g)
    assert "activate Elvish Mystic: {T}: Add {G}." in labels(g)


def test_cr_302_6_summoning_sickness_applies_to_noncreature_permanents_in_state_but_not_to_their_abilities():
    g = scenario("""
players:
  - mana_pool: "{C}"
    hand: [Sol Ring]
""")
    g.run_line(["cast Sol Ring", "pass"])
    ring = permanent(g, "Sol Ring")
    assert ring["summoning_sick"] is True
    assert "activate Sol Ring: {T}: Add {C}{C}." in labels(g)


def test_cr_302_6_land_played_this_turn_is_summoning_sick_but_taps_for_mana():
    g = scenario("""
players:
  - hand: [Forest]
""")
    g.act("play Forest")
    assert permanent(g, "Forest")["summoning_sick"] is True  # interface.md §4: every permanent
    g.act("activate Forest")
    assert player(g, "P1")["mana_pool"] == "{G}"


def test_cr_302_6_summoning_sick_creature_cannot_attack():
    g = scenario("""
format: duel
step: beginning_of_combat
players:
  - battlefield: [Grizzly Bears, {card: Llanowar Elves, summoning_sick: true}, {card: Memnite, tapped: true}]
  - {}
""")
    g.run_line(["pass", "pass"])
    assert g.decision.kind == "attack"
    attacks = [lab for lab in labels(g) if lab.startswith("attack")]
    assert attacks == ["attack P2 with Grizzly Bears"]
