"""Rule tests: lands (CR 305): one land per turn.

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.
"""

from __future__ import annotations

from tests.helpers import labels, pass_until, scenario

# ---------------------------------------------------------------------------------------------
# CR 305.2: one land per turn


def test_cr_305_2_only_one_land_per_turn():
    g = scenario("""
players:
  - hand: [Forest, Forest, Mountain]
    library: [Island]
""")
    assert sum(lab.startswith("play Forest#") for lab in labels(g)) == 2
    assert "play Mountain" in labels(g)
    g.act("play Forest")
    assert not any(lab.startswith("play ") for lab in labels(g))
    pass_until(g, "postcombat_main")
    assert not any(lab.startswith("play ") for lab in labels(g))
    pass_until(g, "precombat_main", turn=2)
    assert "play Mountain" in labels(g)
