"""Rule tests: the attack multiple players option (CR 802): each attacker attacks one chosen
opponent, who alone may block it.

One test per rule, named by what it shows and citing the Comprehensive Rules.

Commander positions cannot be written as scenarios, so they are games from the Commander decks
with a known seed, built up with `Game.new_object` (the call scenarios use to set up positions)
before the first action, then played with real decisions.
"""

from __future__ import annotations

from tests.helpers import DECKS, advance_to, commander_game, give, labels, pass_until, player

ARCANIS, GRISELBRAND = str(DECKS / "commander_arcanis.txt"), str(DECKS / "commander_griselbrand.txt")


# ---------------------------------------------------------------------------------------------
# CR 802: attacking several opponents


def test_cr_802_in_multiplayer_each_attacker_attacks_one_chosen_opponent_who_alone_may_block_it():
    g = commander_game([GRISELBRAND, ARCANIS, ARCANIS])
    give(g, 0, "Grizzly Bears", "battlefield")
    give(g, 0, "Memnite", "battlefield")
    give(g, 1, "Llanowar Elves", "battlefield")
    give(g, 2, "Ornithopter", "battlefield")
    pass_until(g, "beginning_of_combat", turn=1)
    g.run_line(["pass", "pass", "pass"])
    assert g.decision.kind == "attack"
    assert labels(g) == ["no attack", "attack P2 with Grizzly Bears", "attack P3 with Grizzly Bears",
                         "attack P2 with Memnite", "attack P3 with Memnite"]
    g.run_line(["attack P2 with Grizzly Bears", "attack P3 with Memnite"])
    while g.decision.kind != "block":
        g.act("pass")
    assert g.decision.player == "P2"
    assert labels(g) == ["no block", "block Grizzly Bears with Llanowar Elves"]
    g.act("no block")
    assert g.decision.player == "P3"
    assert labels(g) == ["no block", "block Memnite with Ornithopter"]
    g.act("no block")
    advance_to(g, "postcombat_main", 1)
    assert [player(g, who)["life"] for who in ("P1", "P2", "P3")] == [40, 38, 39]
