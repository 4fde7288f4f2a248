"""Rule tests: loops (CR 731, taking shortcuts; 731.4 loops), as the combo lab finds them: a loop
that grows a resource is unbounded, a line that merely repeats or a net-zero cycle is not.

Each test is a scenario searched with mtg_env.combo.search. The rest of the combo lab (the
suite, line verification, the CLI) is tested in tests/combo/test_combo.py.
"""

from __future__ import annotations

from mtg_env import load_scenario
from mtg_env.combo import search

# ---------------------------------------------------------------------------------------------
# CR 731.4: true and false loops


def test_cr_731_a_loop_that_grows_mana_is_unbounded_with_what_it_grows() -> None:
    g = load_scenario("players: [{battlefield: [Basalt Monolith, Rings of Brighthearth, Sol Ring]}]")
    r = search(g, "mana:C")
    assert r.unbounded and r.grows == {"C": 1} and r.costs == {}
    assert any("Untap Basalt Monolith" in s for s in r.loop or [])


def test_cr_731_a_line_that_merely_repeats_is_not_a_loop_mairsil_once_each_turn() -> None:
    """Mairsil's gained abilities are once each turn (seed 000): tapping and untapping repeats,
    but the uses are part of the position, so it never returns to an earlier one."""
    g = load_scenario("""players: [{battlefield: ["Mairsil, the Pretender"],
                         exile: [{card: Basalt Monolith, counters: {cage: 1}}]}]""")
    r = search(g, "mana:C")
    assert not r.unbounded and r.complete and r.value == 3


def test_cr_731_a_net_zero_cycle_is_not_unbounded() -> None:
    """Basalt Monolith alone: {T} for three, {3} to untap: the same position with the same
    mana, nothing grows."""
    g = load_scenario("players: [{battlefield: [Basalt Monolith]}]")
    r = search(g, "mana")
    assert not r.unbounded and r.value == 3
