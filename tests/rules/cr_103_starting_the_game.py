"""Rule tests: starting the game, the London mulligan (CR 103.5) and the first draw (CR 103.8a).

One test per rule: a game from decks with a known seed, a line of keep / mulligan / bottom
decisions, and what must hold.
"""

from __future__ import annotations

from mtg_env import Game, new_game
from tests.helpers import DECKS, labels, pass_until, player

GREEN, RED = str(DECKS / "green_ramp.txt"), str(DECKS / "red_burn.txt")
ARCANIS, GRISELBRAND = str(DECKS / "commander_arcanis.txt"), str(DECKS / "commander_griselbrand.txt")


def duel(seed: int = 3, first: int = 0) -> Game:
    return new_game([GREEN, RED], seed=seed, first_player=first)


def hand_sizes(g: Game) -> list[int]:
    return [len(p["hand"]) for p in g.state_json()["players"]]


def library_sizes(g: Game) -> list[int]:
    return [p["library_count"] for p in g.state_json()["players"]]


def bottom_any(g: Game) -> str:
    """Put the first card offered on the bottom; return its label."""
    lab = labels(g)[0]
    g.act(lab)
    return lab


def test_cr_103_5_each_player_decides_keep_or_mulligan_in_turn_order_from_the_first_player():
    g = duel(first=1)
    assert (g.decision.player, g.decision.kind) == ("P2", "keep")
    assert labels(g) == ["keep", "mulligan"]
    assert hand_sizes(g) == [7, 7]
    g.act("keep")
    assert (g.decision.player, g.decision.kind) == ("P1", "keep")
    g.act("keep")
    # both kept: the first turn begins, with the first player's upkeep
    s = g.state_json()
    assert (s["turn"], s["active_player"], s["step"]) == (1, "P2", "upkeep")
    assert hand_sizes(g) == [7, 7]


def test_cr_103_5_keeping_seven_puts_no_card_on_the_bottom():
    g = duel()
    g.run_line(["keep", "keep"])
    assert g.decision.kind == "priority"
    assert hand_sizes(g) == [7, 7]
    assert library_sizes(g) == [53, 53]


def test_cr_103_5_mulligan_shuffles_the_hand_away_and_draws_a_new_seven():
    g = duel()
    before = player(g, "P1")["hand"]
    g.act("mulligan")
    g.act("keep")  # P2 keeps; then P1's mulligan is carried out and P1 decides again
    assert (g.decision.player, g.decision.kind) == ("P1", "keep")
    assert "after 1 mulligan" in g.decision.prompt
    assert hand_sizes(g) == [7, 7]
    assert library_sizes(g) == [53, 53]
    assert any("P1 mulligans (1)" in line for line in g.log)
    assert player(g, "P1")["hand"] != before  # a new hand (for this seed)


def test_cr_103_5_london_mulligan_bottoms_one_card_per_mulligan_after_keeping():
    g = duel()
    g.run_line(["mulligan", "keep", "mulligan", "keep"])
    # P1 took two mulligans and kept seven: now two cards go to the bottom, one at a time
    assert (g.decision.player, g.decision.kind) == ("P1", "choose")
    assert all(lab.startswith("bottom ") for lab in labels(g))
    assert len(labels(g)) == 7
    assert "put 2 cards on the bottom" in g.decision.prompt
    bottom_any(g)
    assert hand_sizes(g)[0] == 6
    assert "put 1 card on the bottom" in g.decision.prompt
    bottom_any(g)
    assert g.decision.kind == "priority"
    assert hand_sizes(g) == [5, 7]
    assert library_sizes(g) == [55, 53]
    assert any("P1 keeps 5 cards" in line for line in g.log)


def test_cr_103_5_bottomed_cards_are_at_the_bottom_of_the_library():
    g = duel()
    g.run_line(["mulligan", "keep", "keep"])
    chosen = labels(g)[2].removeprefix("bottom ").split("#")[0]
    g.act(labels(g)[2])
    lib = g.players[0].library
    assert g.objects[lib[-1]].card.name == chosen


def test_cr_103_5_a_player_who_kept_is_not_asked_again():
    g = duel()
    g.run_line(["mulligan", "keep"])  # P1 mulligans, P2 keeps
    for _ in range(3):
        assert g.decision.player == "P1"
        g.act("mulligan")
    g.act("keep")
    assert g.decision.kind == "choose"
    for _ in range(4):
        assert g.decision.player == "P1"
        bottom_any(g)
    assert hand_sizes(g) == [3, 7]


def test_cr_103_5_duel_first_mulligan_is_not_free():
    g = duel()
    g.run_line(["mulligan", "keep", "keep"])
    assert g.decision.kind == "choose"
    bottom_any(g)
    assert hand_sizes(g) == [6, 7]


def test_cr_103_5c_first_mulligan_is_free_in_a_multiplayer_game():
    g = new_game([ARCANIS, GRISELBRAND, ARCANIS], seed=5, format="commander", first_player=0)
    assert [p["life"] for p in g.state_json()["players"]] == [40, 40, 40]
    # P1 mulligans once, P2 twice, P3 keeps
    g.run_line(["mulligan", "mulligan", "keep"])
    assert (g.decision.player, g.decision.kind) == ("P1", "keep")
    g.act("keep")
    assert (g.decision.player, g.decision.kind) == ("P2", "keep")
    g.act("mulligan")
    assert (g.decision.player, g.decision.kind) == ("P2", "keep")
    g.act("keep")
    # P1's one mulligan was free: no card to the bottom; P2 puts one (its second mulligan)
    assert (g.decision.player, g.decision.kind) == ("P2", "choose")
    assert "put 1 card on the bottom" in g.decision.prompt
    bottom_any(g)
    assert g.decision.kind == "priority"
    assert hand_sizes(g) == [7, 6, 7]


def test_cr_103_5_mulligans_false_starts_without_decisions():
    g = new_game([GREEN, RED], seed=3, first_player=0, mulligans=False)
    assert g.decision.kind == "priority"
    assert hand_sizes(g) == [7, 7]


def test_cr_103_8a_the_first_player_skips_the_draw_of_their_first_turn():
    g = duel(first=0)
    g.run_line(["keep", "keep"])
    pass_until(g, "precombat_main", turn=1)
    assert hand_sizes(g) == [7, 7]
    assert library_sizes(g) == [53, 53]
    pass_until(g, "precombat_main", turn=2)
    # the second player draws in their first turn
    assert g.state_json()["active_player"] == "P2"
    assert hand_sizes(g) == [7, 8]
    assert library_sizes(g) == [53, 52]


def test_cr_103_8a_first_player_chosen_at_random_from_the_seed_also_skips_the_draw():
    for seed in range(6):
        g = new_game([GREEN, RED], seed=seed, mulligans=False)
        first = g.state_json()["active_player"]
        pass_until(g, "precombat_main", turn=1)
        assert player(g, first)["library_count"] == 53
        assert len(player(g, first)["hand"]) == 7


# ---------------------------------------------------------------------------------------------
# CR 103.8a: the first draw in a goldfish game and in a duel


def test_cr_103_8a_player_who_plays_first_skips_the_draw_of_their_first_turn():
    g = new_game(decks=[DECKS / "green_ramp.txt"], format="goldfish", seed=3)
    assert len(player(g, "P1")["hand"]) == 7
    pass_until(g, "precombat_main", turn=1)
    assert len(player(g, "P1")["hand"]) == 7
    assert player(g, "P1")["library_count"] == 60 - 7
    pass_until(g, "precombat_main", turn=2)
    assert len(player(g, "P1")["hand"]) == 8


def test_cr_103_8a_the_other_player_draws_on_their_first_turn():
    g = new_game(decks=[DECKS / "green_ramp.txt", DECKS / "red_burn.txt"], format="duel", seed=5)
    first = g.state_json()["active_player"]
    second = "P2" if first == "P1" else "P1"
    pass_until(g, "precombat_main", turn=1)
    assert len(player(g, first)["hand"]) == 7
    pass_until(g, "precombat_main", turn=2)
    assert g.state_json()["active_player"] == second
    assert len(player(g, second)["hand"]) == 8
