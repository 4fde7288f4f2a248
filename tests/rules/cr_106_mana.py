"""Rule tests: mana (CR 106): mana of any color asks for the color, and mana pools empty
between steps.

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.

The seeds' mana rules (CR 106.5-106.12: could-produce, mana replacement effects) are in
tests/seeds/mana_rules.py.
"""

from __future__ import annotations

from tests.helpers import labels, player, scenario

# ---------------------------------------------------------------------------------------------
# CR 106.3: mana of any color


def test_cr_106_3_any_color_mana_ability_asks_for_the_color():
    g = scenario("""
players:
  - battlefield: [Birds of Paradise]
""")
    g.act("activate Birds of Paradise")
    assert g.decision.kind == "color"
    assert labels(g) == ["color W", "color U", "color B", "color R", "color G"]
    g.act("color B")
    assert player(g, "P1")["mana_pool"] == "{B}"


# ---------------------------------------------------------------------------------------------
# CR 106.4: mana pools empty between steps


def test_cr_106_4_mana_pool_empties_when_the_step_ends():
    g = scenario("""
players:
  - battlefield: [Forest]
""")
    g.run_line(["activate Forest", "pass"])
    s = g.state_json()
    assert s["step"] == "beginning_of_combat"
    assert s["players"][0]["mana_pool"] == ""
    assert all(n == 0 for n in s["players"][0]["mana"].values())
    # CR 106.4b: passing with mana in the pool announces it.
    assert any("passes with {G}" in line for line in g.log)
