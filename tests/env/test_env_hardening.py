"""The envs refuse what is not an action (issue 18): `step()` after the episode ended needs
`reset()` first, and an action that is not an integer is a TypeError, not an illegal action."""

from __future__ import annotations

import numpy as np
import pytest

import mtg_env.env  # noqa: F401  (registers the ids)
from mtg_env.env.mtg_gym import MtgEnv


def fresh() -> tuple[MtgEnv, dict]:
    env = MtgEnv(format="goldfish", opponent=None, reward="damage", turn_limit=4)
    _obs, info = env.reset(seed=0)
    return env, info


def test_step_after_an_illegal_action_ended_the_episode_raises_until_reset() -> None:
    env, info = fresh()
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, terminated, _tr, info2 = env.step(bad)
    assert terminated and info2["illegal_action"]
    legal = int(np.flatnonzero(info["action_mask"])[0])
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(legal)  # the game must not go on after the episode ended
    _obs, info = env.reset(seed=0)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))  # a new episode steps again


def test_step_after_the_game_ended_raises_until_reset() -> None:
    env, info = fresh()
    done = trunc = False
    for _ in range(2000):
        _obs, _r, done, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if done or trunc:
            break
    assert done or trunc
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


@pytest.mark.parametrize("bad", [1.7, "3", True, None, [0, 1], np.float32(0.0), np.array([1.5])])
def test_a_non_integer_action_is_a_type_error(bad: object) -> None:
    env, info = fresh()
    before = env.game.state_json()  # type: ignore[union-attr]
    with pytest.raises(TypeError, match="an action is an integer index"):
        env.step(bad)  # type: ignore[arg-type]
    assert env.game.state_json() == before  # type: ignore[union-attr]
    env.step(int(np.flatnonzero(info["action_mask"])[0]))  # nothing ended: the episode goes on


def test_numpy_integers_are_actions() -> None:
    env, info = fresh()
    i = int(np.flatnonzero(info["action_mask"])[0])
    _obs, _r, terminated, _tr, info2 = env.step(np.int64(i))
    assert not info2.get("illegal_action")
    env.reset(seed=0)
    _obs, _r, terminated, _tr, info2 = env.step(np.array(i))
    assert not info2.get("illegal_action")


def test_pettingzoo_rejects_a_non_integer_action() -> None:
    pytest.importorskip("pettingzoo")
    from mtg_env.env.pettingzoo_env import MtgAECEnv
    env = MtgAECEnv()
    env.reset(seed=0)
    with pytest.raises(TypeError, match="an action is an integer index"):
        env.step("3")
    with pytest.raises(TypeError):
        env.step(1.7)
    assert not any(env.terminations.values())
