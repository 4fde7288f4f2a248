"""Potential-based reward shaping of the self-play env (`shaping: evaluation`) and the training
game's options in evaluations (issue 16).

- The shaping is F = gamma * Phi(s') - Phi(s) between an agent's own observations, Phi = 0 once
  the game has ended, so an agent's discounted shaping over a finished game telescopes to
  -Phi(its first observation) (Ng, Harada and Russell 1999): it cannot change which policy is
  best. Checked for the learner against the heuristic and for both seats of self-play.
- Phi reads public information only: the same with other cards in the opponent's hand and the
  libraries.
- Evaluations play the training env's game (mana payment, mulligans), and a checkpoint records it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("ray")

from mtg_env.learn.selfplay import LEARNER, SelfPlayEnv  # noqa: E402

SMALL = {"max_objects": 48, "max_battlefield": 24, "max_stack": 8, "max_legal": 32}


def _env(**extra: Any) -> SelfPlayEnv:
    return SelfPlayEnv({"deck_pool": ["red_burn", "green_ramp", "boros_aggro"], "turn_limit": 30, "actions": "moves",
                        "stops": "default", "hint": None, "league_size": 0, **SMALL, **extra})


def _play(env: SelfPlayEnv, seed: int) -> tuple[dict[str, list[float]], dict[str, float], dict[str, bool]]:
    """A game of random legal moves: each agent's rewards, one per own transition (rewards that
    arrive while it waits are added to its last one, as RLlib does), its first potential, and
    whether its game terminated (not truncated)."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    first = {a: env.potential(a) for a in obs}
    rewards: dict[str, list[float]] = {a: [] for a in obs}
    done: dict[str, bool] = {}
    while True:
        (agent, o), = obs.items()
        rewards.setdefault(agent, [])
        rewards[agent].append(0.0)
        obs, rew, term, trunc, _ = env.step({agent: int(rng.choice(np.flatnonzero(o["action_mask"])))})
        for a, r in rew.items():
            rewards[a][-1] += r
        for a in obs:
            first.setdefault(a, env.potential(a))
        if term.get("__all__") or trunc.get("__all__"):
            done = {a: bool(term.get(a)) for a in rewards}
            return rewards, first, done


def _outcome(env: SelfPlayEnv, agent: str) -> float:
    g = env.game
    assert g is not None
    return 0.0 if g.winner is None else (1.0 if g.winner == env._seat_of[agent] else -1.0)


@pytest.mark.parametrize("gamma", [1.0, 0.9])
def test_potential_shaping_telescopes_over_a_game_against_the_heuristic(gamma: float) -> None:
    env = _env(shaping="evaluation", shaping_weight=0.5, shaping_gamma=gamma,
               opponent_weights={"heuristic": 1.0})
    finished = 0
    for seed in range(4):
        rewards, first, done = _play(env, seed)
        r = rewards[LEARNER]
        if not done[LEARNER]:
            continue
        finished += 1
        # the outcome comes with the last transition: discounted shaping = -Phi(s_0)
        shaping = sum(gamma ** t * x for t, x in enumerate(r)) - gamma ** (len(r) - 1) * _outcome(env, LEARNER)
        assert shaping == pytest.approx(-first[LEARNER], abs=1e-9)
        assert -0.5 <= first[LEARNER] <= 0.5
        assert any(abs(x) > 1e-6 for x in r[:-1])  # it does shape: not all the reward at the end
    assert finished >= 2


def test_potential_shaping_telescopes_for_both_seats_of_self_play() -> None:
    env = _env(shaping="evaluation", shaping_weight=1.0, shaping_gamma=0.95, opponent_weights={"main": 1.0},
               turn_limit=60)
    finished = 0
    for seed in range(8):
        rewards, first, done = _play(env, seed)
        assert set(rewards) == {LEARNER, "opp:main"}
        if not all(done.values()):
            continue
        finished += 1
        for a, r in rewards.items():
            shaping = sum(0.95 ** t * x for t, x in enumerate(r)) - 0.95 ** (len(r) - 1) * _outcome(env, a)
            assert shaping == pytest.approx(-first[a], abs=1e-9)
        if finished == 2:
            break
    assert finished >= 1


def test_without_shaping_only_the_outcome_is_rewarded() -> None:
    env = _env(opponent_weights={"heuristic": 1.0})
    rewards, _first, done = _play(env, 1)
    r = rewards[LEARNER]
    assert all(x == 0.0 for x in r[:-1]) and r[-1] == _outcome(env, LEARNER)


def test_the_potential_reads_public_information_only() -> None:
    """The same Phi with the opponent's hand and both libraries redealt (mtg_env.views)."""
    from mtg_env.views import determinize
    env = _env(shaping="evaluation", opponent_weights={"heuristic": 1.0})
    rng = np.random.default_rng(3)
    obs, _ = env.reset(seed=3)
    checked = 0
    for _ in range(40):
        (agent, o), = obs.items()
        g = env.game
        assert g is not None
        me = env._seat_of[agent]
        phi = env.potential(agent)
        other = determinize(g, me, random.Random(checked + 11))
        real = env.game
        env.game = other
        try:
            assert env.potential(agent) == pytest.approx(phi)
        finally:
            env.game = real
        checked += 1
        obs, _r, term, trunc, _ = env.step({agent: int(rng.choice(np.flatnonzero(o["action_mask"])))})
        if term.get("__all__") or trunc.get("__all__"):
            break
    assert checked >= 10


def test_a_bad_shaping_option_is_refused() -> None:
    with pytest.raises(ValueError, match="shaping must be"):
        _env(shaping="life")
    with pytest.raises(ValueError, match="shaping_gamma"):
        _env(shaping="evaluation", shaping_gamma=0.0)


def test_evaluations_play_the_training_game() -> None:
    from mtg_env.learn.config import load_train_config
    from mtg_env.learn.evaluate import game_options, play_one
    from mtg_env.learn.train import game_options as config_game
    assert game_options(None) == {"mana_payment": "auto", "mulligans": True}  # the env's defaults
    cfg = load_train_config({"env": {"deck_pool": ["red_burn", "green_ramp"], "mana_payment": "manual", **SMALL}})
    assert config_game(cfg) == {"mana_payment": "manual", "mulligans": True}
    seen: list[str] = []

    class Spy:
        def __init__(self, seed: int):
            from mtg_env.registry import make_agent
            self.agent = make_agent("heuristic", seed)

        def act(self, game: Any) -> Any:
            seen.append(game.mana_payment)
            return self.agent.act(game)

    for mode in ("manual", "auto"):
        seen.clear()
        play_one(0, Spy, decks=("red_burn", "green_ramp"), turn_limit=3, game={"mana_payment": mode})
        assert seen and set(seen) == {mode}
    with pytest.raises(ValueError, match="unknown game option"):
        game_options({"life": 30})


def test_the_hint_loss_is_the_cross_entropy_with_the_hint_row() -> None:
    """hint_learner.hint_nll: -log pi(the hinted row's index), decisions without a hint left out."""
    import torch

    from mtg_env.learn.hint_learner import hint_nll
    from mtg_env.learn.policy import HINT_COL
    extra = torch.zeros(3, 4, HINT_COL + 2)
    index = torch.tensor([[2, 0, 5, -1], [1, 3, -1, -1], [4, 1, -1, -1]])
    extra[0, 2, HINT_COL] = 1.0   # the hint is index 5
    extra[1, 0, HINT_COL] = 1.0   # the hint is index 1
    # the third decision has no hint row
    logits = torch.full((3, 6), -1e9)
    logits[0, [0, 2, 5]] = torch.tensor([0.0, 1.0, 2.0])
    logits[1, [1, 3]] = torch.tensor([0.5, 0.5])
    logits[2, [1, 4]] = torch.tensor([0.0, 9.0])
    nll, n = hint_nll({"action_extra": extra, "action_index": index}, logits)
    want0 = -torch.log_softmax(torch.tensor([0.0, 1.0, 2.0]), 0)[2]
    want1 = torch.log(torch.tensor(2.0))
    assert int(n) == 2
    assert float(nll) == pytest.approx(float((want0 + want1) / 2), rel=1e-5)
    nll, n = hint_nll({"action_extra": extra, "action_index": index}, logits, torch.tensor([True, False, True]))
    assert int(n) == 1 and float(nll) == pytest.approx(float(want0), rel=1e-5)


def test_the_value_head_depends_on_the_position() -> None:
    """The value head has `dim` hidden units (it had one ReLU unit, which once dead made the value
    a constant: the 100-minute run of session 5 learned with V(s) = -0.039 everywhere)."""
    import gymnasium as gym
    import torch

    from mtg_env.learn.policy import EntityNet, as_tensors
    env = gym.make("mtg_env/Duel-v0", opponent="heuristic", actions="moves", hint="heuristic", **SMALL)
    obs_list = []
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(25):
        obs_list.append(obs)
        obs, _r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if term or trunc:
            obs, info = env.reset()
    batch = {k: torch.stack([as_tensors(o)[k][0] for o in obs_list]) for k in obs_list[0]}
    for seed in range(4):
        torch.manual_seed(seed)
        net = EntityNet.from_space(env.observation_space, dim=16, card_dim=8, heads=2)
        assert net.value_head[0].out_features == 16
        with torch.no_grad():
            _logits, value = net(batch)
        assert float(value.std()) > 0.0
