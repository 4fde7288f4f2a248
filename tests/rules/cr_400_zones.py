"""Rule tests: zones (CR 400): an object that changes zones becomes a new object.

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.
"""

from __future__ import annotations

from tests.helpers import permanent, player, scenario

# ---------------------------------------------------------------------------------------------
# CR 400.7: an object that changes zones becomes a new object


def test_cr_400_7_bounced_and_recast_permanent_is_a_new_object():
    g = scenario("""
players:
  - mana_pool: "{G}{U}{G}{G}"
    hand: [Giant Growth, Unsummon]
    battlefield: [Grizzly Bears]
""")
    old_id = permanent(g, "Grizzly Bears")["id"]
    g.run_line(["cast Giant Growth", "target Grizzly Bears", "pass"])
    assert permanent(g, "Grizzly Bears")["power"] == 5
    g.run_line(["cast Unsummon", "target Grizzly Bears", "pass"])
    assert player(g, "P1")["hand"] == ["Grizzly Bears"]
    g.run_line(["cast Grizzly Bears", "pass"])
    bears = permanent(g, "Grizzly Bears")
    assert bears["id"] != old_id
    # The new object has no memory of the old one: no +3/+3, and it is summoning sick.
    assert (bears["power"], bears["toughness"]) == (2, 2)
    assert bears["summoning_sick"] is True
