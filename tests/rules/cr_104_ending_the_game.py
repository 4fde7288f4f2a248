"""Rule tests: ending the game (CR 104): a player who concedes leaves the game, in a duel and in a
multiplayer game.

One test per rule, named by what it shows and citing the Comprehensive Rules.

Commander positions cannot be written as scenarios, so they are games from the Commander decks
with a known seed, built up with `Game.new_object` (the call scenarios use to set up positions)
before the first action, then played with real decisions.
"""

from __future__ import annotations

from mtg_env import new_game
from tests.helpers import DECKS, commander_game, give, player

GREEN, RED = str(DECKS / "green_ramp.txt"), str(DECKS / "red_burn.txt")
ARCANIS, GRISELBRAND = str(DECKS / "commander_arcanis.txt"), str(DECKS / "commander_griselbrand.txt")


# ---------------------------------------------------------------------------------------------
# CR 104.3a: conceding a duel


def test_cr_104_3a_a_player_who_concedes_loses_the_duel():
    g = new_game([GREEN, RED], seed=1, first_player=0)
    g.concede("P1")
    assert g.decision is None
    assert g.legal_actions() == []
    assert g.result["game_over"] is True
    assert g.result["winner"] == "P2"
    assert any("P1 concedes" in line for line in g.log)


# ---------------------------------------------------------------------------------------------
# CR 104.3a, 800.4a: conceding a multiplayer game


def test_cr_104_3a_800_4a_a_player_who_concedes_a_multiplayer_game_leaves_it_with_their_objects():
    g = commander_game([GRISELBRAND, ARCANIS, ARCANIS])
    give(g, 1, "Island", "battlefield", 2)
    g.concede("P2")
    assert g.decision is not None and not g.result["game_over"]
    assert player(g, "P2")["battlefield"] == []
    assert player(g, "P2")["hand"] == []


def test_cr_104_3a_a_player_who_concedes_a_multiplayer_game_takes_no_more_turns():
    g = commander_game([GRISELBRAND, ARCANIS, ARCANIS])
    g.concede("P2")
    assert g.decision is not None and not g.result["game_over"]
    actives = set()
    while g.state_json()["turn"] <= 4:
        assert g.decision.player != "P2"
        actives.add(g.state_json()["active_player"])
        acts = g.legal_actions()
        g.act(next((a for a in acts if a.kind in ("done", "pass")), acts[0]))
    assert actives == {"P1", "P3"}
    g.concede("P3")
    assert g.result["game_over"] and g.result["winner"] == "P1"
