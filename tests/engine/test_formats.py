"""The formats' set-ups that no rule of the Comprehensive Rules covers: how many decks duel,
goldfish and commander take, and goldfish (one deck, the opponent never acts, a turn limit).

The formats' rules are in tests/rules/: deck construction (cr_100), conceding (cr_104),
multiplayer (cr_800, cr_802) and Commander (cr_903).
"""

from __future__ import annotations

import pytest

from mtg_env import DeckError, Game, new_game
from tests.helpers import DECKS, advance_to, pass_until, player

GREEN, RED = str(DECKS / "green_ramp.txt"), str(DECKS / "red_burn.txt")
ARCANIS, GRISELBRAND = str(DECKS / "commander_arcanis.txt"), str(DECKS / "commander_griselbrand.txt")


# ---------------------------------------------------------------------------------------------
# duel


def test_duel_takes_exactly_two_decks():
    with pytest.raises(DeckError):
        new_game([GREEN, RED, GREEN], seed=1)
    with pytest.raises(DeckError):
        new_game([GREEN], seed=1)


# ---------------------------------------------------------------------------------------------
# goldfish: one deck, the opponent never acts


def goldfish(turn_limit: int | None = 6, seed: int = 2) -> Game:
    return new_game([GREEN], seed=seed, format="goldfish", turn_limit=turn_limit)


def test_goldfish_opponent_never_acts_and_every_turn_is_the_goldfish_players():
    g = goldfish(turn_limit=8)
    turns = set()
    while g.decision is not None:
        assert g.decision.player == "P1"
        s = g.state_json()
        assert s["active_player"] == "P1"
        turns.add(s["turn"])
        acts = g.legal_actions()
        g.act(next((a for a in acts if a.kind in ("keep", "done", "pass")), acts[0]))
    assert turns == set(range(1, 9))


def test_goldfish_turn_limit_ends_the_game_as_a_draw_with_the_reason():
    g = goldfish(turn_limit=3)
    advance_to(g, "precombat_main", 3)
    for _ in range(30):
        if g.decision is None:
            break
        acts = g.legal_actions()
        g.act(next((a for a in acts if a.kind in ("done", "pass")), acts[0]))
    assert g.decision is None
    res = g.result
    assert res["game_over"] is True and res["winner"] is None
    assert "turn limit 3" in res["reason"]
    assert res["turn"] == 3


def test_goldfish_opponent_never_blocks():
    g = new_game([GREEN], seed=2, format="goldfish", mulligans=False)
    g.new_object("Grizzly Bears", 0, "battlefield")
    g.new_object("Llanowar Elves", 1, "battlefield")  # the goldfish has a creature, and never uses it
    pass_until(g, "beginning_of_combat", turn=1)
    g.act("pass")
    assert g.decision.kind == "attack"
    g.act("attack P2 with Grizzly Bears")
    pass_until(g, "postcombat_main", turn=1)
    assert player(g, "P2")["life"] == 18


def test_goldfish_takes_exactly_one_deck():
    with pytest.raises(DeckError):
        new_game([GREEN, RED], format="goldfish")


# ---------------------------------------------------------------------------------------------
# commander


def test_commander_takes_two_to_four_decks():
    with pytest.raises(DeckError):
        new_game([GRISELBRAND], format="commander")
    with pytest.raises(DeckError):
        new_game([GRISELBRAND, ARCANIS, GRISELBRAND, ARCANIS, GRISELBRAND], format="commander")
    g = new_game([GRISELBRAND, ARCANIS, GRISELBRAND, ARCANIS], format="commander", seed=4)
    assert [p["name"] for p in g.state_json()["players"]] == ["P1", "P2", "P3", "P4"]
