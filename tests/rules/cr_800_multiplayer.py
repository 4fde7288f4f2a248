"""Rule tests: multiplayer games (CR 800): a player who loses or concedes leaves the game with their
objects, and the game goes on without them (800.4a).

One test per rule, named by what it shows and citing the Comprehensive Rules.

Commander positions cannot be written as scenarios, so they are games from the Commander decks
with a known seed, built up with `Game.new_object` (the call scenarios use to set up positions)
before the first action, then played with real decisions.
"""

from __future__ import annotations

from tests.helpers import DECKS, attack_with_griselbrand, commander_game, give, labels, pass_until, player

ARCANIS, GRISELBRAND = str(DECKS / "commander_arcanis.txt"), str(DECKS / "commander_griselbrand.txt")


# ---------------------------------------------------------------------------------------------
# CR 800.4a: leaving a multiplayer game


def test_cr_800_4a_in_multiplayer_a_player_who_loses_leaves_with_their_objects_and_the_game_goes_on():
    g = commander_game([GRISELBRAND, ARCANIS, ARCANIS])
    give(g, 0, "Swamp", "battlefield", 8)
    give(g, 1, "Island", "battlefield", 2)
    give(g, 1, "Memnite", "battlefield", controller=0)  # owned by P2, controlled by P1
    pass_until(g, "precombat_main", turn=1)
    g.run_line(["cast Griselbrand", "pass", "pass", "pass"])
    # Griselbrand attacks P2 on turns 4, 7 and 10; then P2 has taken 21 from it
    attack_with_griselbrand(g, "P2", until=lambda g: any("P2 leaves the game" in ln for ln in g.log))
    assert "P2 loses the game (21 combat damage from Griselbrand)" in g.log
    assert g.decision is not None and not g.result["game_over"]
    p2 = player(g, "P2")
    assert (p2["battlefield"], p2["hand"], p2["graveyard"], p2["library_count"], p2["command"]) == \
        ([], [], [], 0, [])
    assert all(e["owner"] != "P2" for p in g.state_json()["players"] for e in p["battlefield"])
    assert "Memnite" not in [e["card"] for e in player(g, "P1")["battlefield"]]
    # the game goes on with P1 and P3, in turn order, skipping P2
    turn, active = g.state_json()["turn"], g.state_json()["active_player"]
    assert (turn, active) == (10, "P1")
    seen = []
    while len(seen) < 3:
        s = g.state_json()
        if not seen or seen[-1] != (s["turn"], s["active_player"]):
            seen.append((s["turn"], s["active_player"]))
        assert g.decision.player != "P2"
        if g.decision.kind == "attack":
            assert "attack P2 with Griselbrand" not in labels(g)
            assert "attack P3 with Griselbrand" in labels(g)
        acts = g.legal_actions()
        g.act(next((a for a in acts if a.kind in ("done", "pass")), acts[0]))
    assert seen == [(10, "P1"), (11, "P3"), (12, "P1")]


def test_cr_800_4a_a_player_who_concedes_during_their_turn_makes_no_more_decisions():
    g = commander_game([GRISELBRAND, ARCANIS, ARCANIS])
    give(g, 0, "Grizzly Bears", "battlefield")
    pass_until(g, "precombat_main", turn=1)
    g.concede("P1")
    while g.state_json()["turn"] == 1:
        assert g.decision.player != "P1", f"P1 left the game but must decide: {g.decision}"
        acts = g.legal_actions()
        g.act(next((a for a in acts if a.kind in ("done", "pass")), acts[0]))
