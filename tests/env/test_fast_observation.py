"""The fast observation encoder and choice building (issue 17) against the straightforward ones.

The envs' observations are bitwise those of the reference encoder (tests/env/observation_reference.py,
the encoder as it was before) given the reference object table and the choices worked out from
scratch (the moves, a fresh suggestion and a fresh hint), at every learner decision of seeded
games: both action granularities, a small layout (rows and action rows cut off), combat decks,
skipping off, and the PettingZoo env's views of both seats. The bank of object rows gives the same
rows when it is tiny (grown and restarted many times in one game).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import mtg_env.env  # noqa: F401  (registers the ids)
from mtg_env.env import observation
from mtg_env.env.choices import Choice, atomic_choices, mark_hint, move_choices
from mtg_env.env.layout import ObjectTable
from mtg_env.env.mtg_gym import MtgEnv
from mtg_env.env.pettingzoo_env import MtgAECEnv
from mtg_env.registry import make_agent
from tests.env.observation_reference import encode_reference, reference_table

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "configs" / "decks"
COMBAT = [str(DECKS / "boros_aggro.txt"), str(DECKS / "black_shade.txt")]
SMALL = {"max_objects": 24, "max_battlefield": 10, "max_stack": 4, "max_legal": 6, "max_abilities": 2}


def assert_same_arrays(got: dict[str, Any], want: dict[str, Any], where: str) -> None:
    assert sorted(got) == sorted(want), where
    for k, w in want.items():
        g = got[k]
        assert g.dtype == w.dtype and g.shape == w.shape, f"{where}: {k} {g.dtype}{g.shape} != {w.dtype}{w.shape}"
        assert g.tobytes() == w.tobytes(), f"{where}: {k} differs at {np.argwhere(g != w)[:4].tolist()}"


def reference_choices(u: MtgEnv, table: ObjectTable) -> list[Choice]:
    """The learner's choices now, worked out from scratch as the seat did before issue 17."""
    g = u.game
    assert g is not None
    if g.decision is None:
        return []
    actions = g.legal_actions()
    opts = u.seat_options
    if opts["actions"] == "atomic":
        choices = atomic_choices(g, actions, table)
    else:
        suggest = make_agent(opts["suggest"], 0) if opts["suggest"] is not None else None
        choices = move_choices(g, actions, table, suggest)
    if opts["hint"] is not None:
        mark_hint(g, choices, make_agent(opts["hint"], 0))
    return choices


def reference_observation(u: MtgEnv) -> dict[str, Any]:
    g = u.game
    assert g is not None and u._table is not None
    table = reference_table(g, u.learner, u.layout)
    assert (table.rows, table.row_of, table.stack_row_of) == (u._table.rows, u._table.row_of, u._table.stack_row_of)
    choices = reference_choices(u, table)
    assert [(c.label, c.index, c.hint) for c in choices] == [(c.label, c.index, c.hint) for c in u._choices]
    obs = encode_reference(g, u.learner, table, [c.action for c in choices], [c.index for c in choices], choices)
    if not choices:
        obs["action_mask"][0] = 1  # (the env's final observation)
    return obs


def run_against_reference(kwargs: dict[str, Any], seeds: list[int], steps: int) -> int:
    """Random masked steps; every observation checked. Returns the number of decisions checked."""
    env = gym.make("mtg_env/Duel-v0", **kwargs)
    u: MtgEnv = env.unwrapped  # type: ignore[assignment]
    checked = 0
    for seed in seeds:
        rng = np.random.default_rng(seed)
        obs, info = env.reset(seed=seed)
        for step in range(steps):
            assert_same_arrays(obs, reference_observation(u), f"seed {seed} step {step}")
            checked += 1
            obs, _r, te, tr, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            if te or tr:
                assert_same_arrays(obs, reference_observation(u), f"seed {seed} step {step} (final)")
                obs, info = env.reset(seed=seed + 1000 + step)
    env.close()
    return checked


@pytest.mark.parametrize("kwargs", [
    {},
    {"layout": None, **SMALL},
    {"decks": COMBAT, "opponent": "heuristic"},
    {"skip_forced": False, "mana_payment": "manual"},
], ids=["atomic", "atomic-small-layout", "atomic-combat", "atomic-no-skipping-manual"])
def test_atomic_observations_are_the_reference_ones(kwargs: dict[str, Any]) -> None:
    assert run_against_reference(kwargs, [0, 1], 200) == 400


@pytest.mark.parametrize("kwargs", [
    {"opponent": "heuristic", "hint": "heuristic"},
    {"decks": COMBAT, "opponent": "heuristic", "hint": "heuristic", **SMALL},
    {"decks": COMBAT, "opponent": "random", "hint": "random", "suggest": "heuristic"},
], ids=["moves-hint", "moves-combat-small-layout", "moves-other-hint"])
def test_moves_observations_are_the_reference_ones(kwargs: dict[str, Any]) -> None:
    assert run_against_reference({"actions": "moves", **kwargs}, [0, 1], 120) == 240


def test_pettingzoo_views_of_both_seats_are_the_reference_ones() -> None:
    env = MtgAECEnv(decks=COMBAT)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for step in range(300):
        if not env.agents:
            env.reset(seed=step)
        g = env.game
        assert g is not None
        for agent in env.possible_agents:
            me = env.possible_agents.index(agent)
            mine = env._deciding == me and g.decision is not None
            choices = env._choices if mine else []
            table = reference_table(g, me, env.layout)
            want = encode_reference(g, me, table, [c.action for c in choices], [c.index for c in choices], choices)
            got = env.observe(agent)
            assert_same_arrays(got["observation"], {k: v for k, v in want.items() if k != "action_mask"},
                               f"step {step} {agent}")
            assert got["action_mask"].tobytes() == want["action_mask"].tobytes()
        _obs, _r, te, tr, _info = env.last()
        if te or tr:
            env.step(None)
            continue
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


def test_a_tiny_row_bank_gives_the_same_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(observation, "ROW_BANK_START", 2)
    monkeypatch.setattr(observation, "ROW_BANK_LIMIT", 16)
    monkeypatch.setattr(observation, "_BANKS", {})
    assert run_against_reference({"decks": COMBAT}, [5], 150) == 150
    bank = observation._BANKS[observation.OBJ_FEATURES]
    assert len(bank.rows) > 2 and bank.n <= 16 + observation.DEFAULT_LAYOUT.objects  # grew, and started over
