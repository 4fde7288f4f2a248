"""The one game-playing loop (mtg_env.play.play_game): agents by seat or by name, the action
limit, a stop condition, a callback after each action and a per-decision view."""

from __future__ import annotations

from pathlib import Path

import pytest

import agents
from agents import RandomAgent
from mtg_env import Game, new_game
from mtg_env.play import NoAgentError, play_game

DECKS = Path(__file__).resolve().parents[2] / "configs" / "decks"


def duel(seed: int = 3) -> Game:
    return new_game([str(DECKS / "green_ramp.txt"), str(DECKS / "red_burn.txt")], seed=seed)


def test_agents_play_game_is_the_mtg_env_loop() -> None:
    assert agents.play_game is play_game


def test_the_action_limit_stops_after_that_many_actions_and_leaves_the_game_unfinished() -> None:
    g = duel()
    play_game(g, [RandomAgent(1), RandomAgent(2)], max_actions=7)
    assert g.stats.actions == 7 and not g.game_over and g.decision is not None
    # the limit counts the actions of this call, not of the game
    play_game(g, [RandomAgent(1), RandomAgent(2)], max_actions=5)
    assert g.stats.actions == 12


def test_no_limit_plays_to_the_end_the_same_as_seats_by_name() -> None:
    a, b = duel(), duel()
    play_game(a, [RandomAgent(1), RandomAgent(2)], None)
    play_game(b, {"P2": RandomAgent(2), "P1": RandomAgent(1)})
    assert a.game_over and a.decision is None
    assert a.log == b.log and a.state_json() == b.state_json()


def test_until_stops_at_the_first_decision_where_it_holds() -> None:
    g = duel()
    play_game(g, [RandomAgent(1), RandomAgent(2)], until=lambda g: g.turn >= 3)
    assert g.turn == 3 and g.decision is not None


def test_on_action_sees_every_action_taken() -> None:
    g = duel()
    seen: list[str] = []
    play_game(g, [RandomAgent(1), RandomAgent(2)], 40, on_action=lambda game, action: seen.append(action.label))
    assert len(seen) == g.stats.actions == 40


def test_a_view_is_what_the_agent_sees_and_its_answer_is_taken_by_label() -> None:
    shown: list[tuple[Game, int]] = []

    def view(game: Game, me: int) -> Game:
        copy = game.clone()
        shown.append((copy, me))
        return copy

    a, b = duel(), duel()
    play_game(a, [RandomAgent(1), RandomAgent(2)], 300, view=view)
    play_game(b, [RandomAgent(1), RandomAgent(2)], 300)
    assert a.log == b.log  # the same choices, made on copies
    assert len(shown) == 300 and {me for _g, me in shown} == {0, 1} and all(g is not a for g, _me in shown)


def test_a_player_without_an_agent_who_must_decide_is_an_error_naming_them() -> None:
    g = duel()
    with pytest.raises(NoAgentError, match=r"P\d must decide .* agents were given for: P"):
        play_game(g, {"P1": RandomAgent(1)})
