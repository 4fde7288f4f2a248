"""Rule tests: life (CR 119): paying life.

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.
"""

from __future__ import annotations

from tests.helpers import labels, scenario

# ---------------------------------------------------------------------------------------------
# CR 119.4: paying life


def test_cr_119_4_a_player_may_pay_life_equal_to_their_life_total_and_then_loses():
    position = """
players:
  - life: {life}
    library: [Island, Island, Island, Island, Island, Island, Island]
    battlefield: [{{card: Griselbrand, summoning_sick: true}}]
"""
    g = scenario(position.format(life=6))
    assert labels(g) == ["pass"]
    g = scenario(position.format(life=7))
    g.act("activate Griselbrand: Pay 7 life")
    s = g.state_json()
    assert s["players"][0]["life"] == 0
    assert s["game_over"] is True and s["winner"] != "P1"  # CR 704.5a before the draw resolves
    assert s["players"][0]["hand"] == []
