"""Rule tests: keyword actions (CR 701): counter (701.6).

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.

Sacrifice as a cost (701.21a) is in cr_602_activating.py.
"""

from __future__ import annotations

from tests.helpers import labels, scenario, stack

# ---------------------------------------------------------------------------------------------
# Counterspell (CR 701.6a)


def test_cr_701_6a_countered_spell_goes_to_its_owners_graveyard():
    g = scenario("""
format: duel
players:
  - mana_pool: "{G}{G}"
    hand: [Grizzly Bears]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
""")
    g.run_line(["cast Grizzly Bears", "pass"])
    assert g.decision.player == "P2"
    g.act("cast Counterspell")
    assert labels(g) == ["target Grizzly Bears"]
    g.run_line(["target Grizzly Bears"])
    assert [i["source"] for i in stack(g)] == ["Grizzly Bears", "Counterspell"]
    g.run_line(["pass", "pass"])
    s = g.state_json()
    assert s["stack"] == []
    assert s["players"][0]["graveyard"] == ["Grizzly Bears"]
    assert s["players"][1]["graveyard"] == ["Counterspell"]
    assert s["players"][0]["battlefield"] == []
    assert any("Grizzly Bears is countered" in line for line in g.log)
