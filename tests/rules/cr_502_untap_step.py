"""Rule tests: the untap step (CR 502).

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.
"""

from __future__ import annotations

from tests.helpers import pass_until, permanent, scenario

# ---------------------------------------------------------------------------------------------
# CR 502.3: the active player untaps their permanents


def test_cr_502_3_permanent_that_does_not_untap_stays_tapped_over_the_untap_step():
    g = scenario("""
step: end
players:
  - library: [Forest]
    battlefield:
      - {card: Basalt Monolith, tapped: true}
      - {card: Forest, tapped: true}
      - {card: Llanowar Elves, tapped: true}
""")
    pass_until(g, "upkeep", turn=2)
    assert permanent(g, "Basalt Monolith")["tapped"] is True
    assert permanent(g, "Forest")["tapped"] is False
    assert permanent(g, "Llanowar Elves")["tapped"] is False


def test_cr_502_permanents_of_the_non_active_player_do_not_untap():
    g = scenario("""
format: duel
step: end
players:
  - library: [Forest]
  - library: [Forest]
    battlefield: [{card: Forest, tapped: true}]
""")
    pass_until(g, "upkeep", turn=2)
    assert g.state_json()["active_player"] == "P2"
    g = scenario("""
format: duel
step: end
players:
  - library: [Forest]
    battlefield: [{card: Forest, tapped: true}]
  - library: [Forest]
""")
    pass_until(g, "upkeep", turn=2)
    assert permanent(g, "Forest")["tapped"] is True
