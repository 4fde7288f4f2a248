"""The observation's size limits are arguments of the environments (mtg_env.env.layout.Layout).

- The default layout is v0's: the same offsets, block sizes and 2008 actions as the old constants.
- A small layout (24 object rows, 12 battlefield rows, 8 abilities, 32 action rows, 696 actions)
  passes `check_env` for every id; over random masked steps every masked index is the legal
  action the small layout says it stands for, and stepping it takes that action.
- Objects past the small table still reach the mask (OPTION slots); the action rows are cut at
  `max_legal` while the mask keeps every legal action.
- Bad sizes are ValueErrors naming the argument; a pickled env keeps its layout; PolicyAgent,
  the mask wrappers and the PettingZoo env take the layout too.
"""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import mtg_env.env  # noqa: F401  (registers the ids)
from agents import RandomAgent, play_game
from agents.policy import PolicyAgent, masked_random_policy
from mtg_env import new_game
from mtg_env.engine.actions import Action
from mtg_env.env import IDS, PettingZooMaskObs, RLlibMaskObs
from mtg_env.env import layout as layout_module
from mtg_env.env.layout import DEFAULT_LAYOUT, Layout, ObjectTable, encode_actions
from mtg_env.env.mtg_gym import DEFAULT_DECKS, MtgEnv
from mtg_env.env.observation import ACT_FEATURES, OBJ_FEATURES, OBJ_STATIC_FEATURES, encode
from tests.env.layout_check import check_index

SMALL_ARGS: dict[str, Any] = {"max_objects": 24, "max_battlefield": 12, "max_abilities": 8, "max_legal": 32}
SMALL = Layout(objects=24, battlefield=12, abilities=8, legal=32)
SMALL_N = 696  # 1 + 24 + 24*8 + 24 + 4 + 16 + 64 + 8 + 6 + 5 + 12*4 + 12*16 + 16 + 32 + 64
DECK_DIR = DEFAULT_DECKS[0].rsplit("/", 1)[0]

# v0's offsets, written out: the default layout must keep every index where it was.
V0_OFFSETS = {"PASS": 0, "CAST": 1, "ACTIVATE": 65, "TARGET_OBJECT": 1089, "TARGET_PLAYER": 1153,
              "TARGET_STACK": 1157, "X": 1173, "MODE": 1237, "COLOR": 1245, "YES": 1251, "NO": 1252,
              "DONE": 1253, "KEEP": 1254, "MULLIGAN": 1255, "ATTACK": 1256, "BLOCK": 1384, "ORDER": 1896,
              "NUMBER": 1912, "OPTION": 1944}


def deck(name: str) -> str:
    return f"{DECK_DIR}/{name}.txt"


def forests_scenario(n: int) -> str:
    """P1 with `n` untapped Forests: n activations + pass + a land play are legal at once."""
    forests = ", ".join(["Forest"] * n)
    return f"""
format: goldfish
players:
  - name: P1
    hand: [Forest, Lightning Bolt]
    library: [Forest, Forest, Forest, Forest, Forest]
    battlefield: [{forests}]
  - name: P2
    battlefield: [Grizzly Bears]
"""


# ------------------------------------------------------------------------------------------
# the Layout value


def test_default_layout_is_v0() -> None:
    assert Layout() == DEFAULT_LAYOUT
    assert DEFAULT_LAYOUT.n_actions == 2008 == layout_module.N_ACTIONS
    assert dict(DEFAULT_LAYOUT.offsets) == V0_OFFSETS == layout_module.OFFSETS
    assert sum(DEFAULT_LAYOUT.blocks.values()) == 2008 and dict(DEFAULT_LAYOUT.blocks) == layout_module.BLOCKS
    d = DEFAULT_LAYOUT
    assert (d.objects, d.battlefield, d.abilities, d.players, d.stack, d.x_values, d.modes, d.numbers, d.options,
            d.block_attackers, d.orders, d.legal) == (64, 32, 16, 4, 16, 64, 8, 32, 64, 16, 16, 128)
    m = layout_module
    assert (m.O, m.B, m.A, m.P, m.K, m.XS, m.M, m.NUMBERS, m.OPTIONS, m.BLOCK_ATTACKERS, m.ORDERS) == \
        (64, 32, 16, 4, 16, 64, 8, 32, 64, 16, 16)
    for name, start in V0_OFFSETS.items():
        assert m.block_of(start) == d.block_of(start) == (name, 0)
    assert m.block_of(2007) == ("OPTION", 63)
    with pytest.raises(IndexError):
        m.block_of(2008)
    assert OBJ_FEATURES == OBJ_STATIC_FEATURES + 16
    # the env's defaults are the default layout
    env = MtgEnv()
    assert env.layout == DEFAULT_LAYOUT and env.action_space.n == 2008  # type: ignore[attr-defined]
    assert env.observation_space["objects"].shape == (64, OBJ_FEATURES)  # type: ignore[index]


def test_small_layout_sizes_and_offsets() -> None:
    assert SMALL.n_actions == SMALL_N
    off = SMALL.offsets
    assert off["CAST"] == 1 and off["ACTIVATE"] == 25 and off["TARGET_OBJECT"] == 25 + 24 * 8
    assert off["ATTACK"] == 344 and off["BLOCK"] == 344 + 12 * 4 and off["OPTION"] == SMALL_N - 64
    # blocks tile the index range, in order, without gaps
    ends = [off[b] + SMALL.blocks[b] for b in layout_module.BLOCK_NAMES]
    assert [off[b] for b in layout_module.BLOCK_NAMES[1:]] == ends[:-1] and ends[-1] == SMALL_N
    assert SMALL.block_of(25 + 8 * 3 + 5) == ("ACTIVATE", 29)
    assert SMALL.block_of(SMALL_N - 1) == ("OPTION", 63)
    with pytest.raises(IndexError):
        SMALL.block_of(SMALL_N)


def test_layout_is_a_frozen_hashable_picklable_value() -> None:
    again = Layout(objects=24, battlefield=12, abilities=8, legal=32)
    assert again == SMALL and hash(again) == hash(SMALL) and len({SMALL, again, DEFAULT_LAYOUT}) == 2
    assert Layout(objects=np.int64(24), battlefield=12, abilities=8, legal=32) == SMALL  # type: ignore[arg-type]
    assert type(Layout(objects=np.int64(24), battlefield=12).objects) is int  # type: ignore[arg-type]
    copy = pickle.loads(pickle.dumps(SMALL))
    assert copy == SMALL and copy.n_actions == SMALL_N and dict(copy.offsets) == dict(SMALL.offsets)
    assert eval(repr(SMALL), {"Layout": Layout}) == SMALL
    with pytest.raises(dataclasses.FrozenInstanceError):
        SMALL.objects = 10  # type: ignore[misc]
    with pytest.raises(TypeError):
        SMALL.offsets["PASS"] = 3  # type: ignore[index]


@pytest.mark.parametrize(("kwargs", "name"), [
    ({"battlefield": 65}, "battlefield"),
    ({"objects": 10, "battlefield": 11}, "battlefield"),
    ({"objects": 0}, "objects"),
    ({"abilities": -1}, "abilities"),
    ({"players": 1}, "players"),
    ({"legal": "8"}, "legal"),
    ({"stack": 2.0}, "stack"),
    ({"orders": True}, "orders"),
])
def test_bad_layout_sizes(kwargs: dict[str, Any], name: str) -> None:
    with pytest.raises(ValueError, match=rf"\b{name}\b") as e:
        Layout(**kwargs)
    bad = next(iter(kwargs.values())) if len(kwargs) == 1 else kwargs["battlefield"]
    assert repr(bad) in str(e.value) or str(bad) in str(e.value)


# ------------------------------------------------------------------------------------------
# the env's arguments


@pytest.mark.parametrize("env_id", IDS)
def test_check_env_with_a_small_layout(env_id: str) -> None:
    env = gym.make(env_id, **SMALL_ARGS)
    u = env.unwrapped
    assert isinstance(u, MtgEnv) and u.layout == SMALL
    assert env.action_space.n == SMALL_N  # type: ignore[attr-defined]
    space = env.observation_space
    assert space["objects"].shape == (24, OBJ_STATIC_FEATURES + 8)  # type: ignore[index]
    assert space["object_cards"].shape == (24,)  # type: ignore[index]
    assert space["action_features"].shape == (32, ACT_FEATURES)  # type: ignore[index]
    assert space["action_index"].shape == (32,)  # type: ignore[index]
    assert space["action_mask"].shape == (SMALL_N,)  # type: ignore[index]
    check_env(u, skip_render_check=True)
    obs, info = env.reset(seed=0)
    assert space.contains(obs) and info["action_mask"].shape == (SMALL_N,)
    env.close()


@pytest.mark.parametrize(("kwargs", "n"), [
    ({}, 2008),
    ({"max_objects": 40}, 2008 - 24 * (1 + 16 + 1)),
    ({"max_battlefield": 8}, 2008 - 24 * (4 + 16)),
    ({"max_abilities": 4}, 2008 - 64 * 12),
    ({"max_stack": 4}, 2008 - 12),
    ({"max_legal": 16}, 2008),
    (SMALL_ARGS, SMALL_N),
])
def test_action_space_follows_the_limits(kwargs: dict[str, Any], n: int) -> None:
    env = gym.make("mtg_env/Duel-v0", **kwargs)
    assert env.action_space.n == n  # type: ignore[attr-defined]
    assert env.unwrapped.layout.n_actions == n  # type: ignore[attr-defined]
    obs, info = env.reset(seed=1)
    assert obs["action_mask"].shape == (n,) and env.unwrapped.action_masks().shape == (n,)  # type: ignore[attr-defined]
    assert obs["action_features"].shape[0] == kwargs.get("max_legal", 128)
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize(("kwargs", "name"), [
    ({"max_battlefield": 65}, "max_battlefield"),
    ({"max_objects": 24}, "max_battlefield"),  # the default 32 battlefield rows no longer fit
    ({"max_objects": 0, "max_battlefield": 0}, "max_objects"),
    ({"max_battlefield": 0}, "max_battlefield"),
    ({"max_abilities": -2}, "max_abilities"),
    ({"max_stack": 0}, "max_stack"),
    ({"max_legal": -1}, "max_legal"),
    ({"max_legal": "32"}, "max_legal"),
    ({"max_objects": 24.0, "max_battlefield": 12}, "max_objects"),
    ({"max_abilities": None}, "max_abilities"),
    ({"max_stack": True}, "max_stack"),
    ({"layout": {"objects": 24}}, "layout"),
    ({"layout": SMALL, "max_objects": 30}, "max_objects"),
    ({"layout": SMALL, "max_legal": 64}, "max_legal"),
])
def test_bad_limits_are_value_errors_naming_the_argument(kwargs: dict[str, Any], name: str) -> None:
    from mtg_env.env.pettingzoo_env import MtgAECEnv
    for make in (lambda: gym.make("mtg_env/Duel-v0", **kwargs), lambda: gym.make("mtg_env/Goldfish-v0", **kwargs),
                 lambda: MtgEnv(**kwargs), lambda: MtgAECEnv(**kwargs)):
        with pytest.raises(ValueError, match=rf"\b{name}\b"):
            make()


def test_layout_argument_takes_precedence() -> None:
    big = Layout(objects=100, battlefield=50, x_values=128, options=100)
    env = gym.make("mtg_env/Goldfish-v0", layout=big)
    assert env.unwrapped.layout is big and env.action_space.n == big.n_actions  # type: ignore[attr-defined]
    assert big.n_actions == 2008 + 36 * 18 + 18 * 20 + 64 + 36
    # a max_* that agrees with the layout, or is left at its default, is fine
    agreeing = gym.make("mtg_env/Goldfish-v0", layout=SMALL, max_objects=24, max_battlefield=12, max_stack=16)
    assert agreeing.unwrapped.layout == SMALL  # type: ignore[attr-defined]
    obs, _info = env.reset(seed=0)
    assert obs["objects"].shape == (100, OBJ_FEATURES) and env.observation_space.contains(obs)


# ------------------------------------------------------------------------------------------
# random masked steps with the small layout


FORESTS = forests_scenario(40)
SMALL_RUNS: list[tuple[str, dict[str, Any], int]] = [
    ("mtg_env/Duel-v0", {}, 1200),
    ("mtg_env/Duel-v0", {"decks": [deck("artifact_mana"), deck("boros_aggro")], "mana_payment": "manual"}, 1000),
    ("mtg_env/Goldfish-v0", {"decks": [deck("green_ramp")], "mana_payment": "manual"}, 1000),
    ("mtg_env/Scenario-v0", {}, 400),
    ("mtg_env/Scenario-v0", {"scenario": FORESTS}, 400),
]


@pytest.mark.parametrize(("env_id", "kwargs", "steps"), SMALL_RUNS,
                         ids=[f"{i.split('/')[1]}-{j}" for j, (i, _k, _n) in enumerate(SMALL_RUNS)])
def test_random_masked_steps_with_a_small_layout(env_id: str, kwargs: dict[str, Any], steps: int) -> None:
    env = gym.make(env_id, **SMALL_ARGS, **kwargs)
    u = env.unwrapped
    assert isinstance(u, MtgEnv)
    layout = u.layout
    assert layout == SMALL
    rng = np.random.default_rng(11)
    episodes = 0
    overflowed = 0  # decisions with more legal actions than action rows
    obs, info = env.reset(seed=episodes)
    for _ in range(steps):
        g = u.game
        assert g is not None and g.decision is not None
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (SMALL_N,) and u.action_masks().shape == (SMALL_N,)
        assert np.array_equal(obs["action_mask"], mask)
        assert env.observation_space.contains(obs)
        legal = g.legal_actions()
        by_label = {a.label: a for a in legal}
        masked = np.flatnonzero(mask).tolist()
        assert 1 <= len(masked) <= len(legal)
        table = ObjectTable(g, u.learner, layout)
        # 24 rows: the first 12 are battlefield rows (or empty), no permanent after them
        assert len(table.rows) == 24
        assert all(o < 0 or g.objects[o].zone == "battlefield" for o in table.rows[:12])
        assert all(o < 0 or g.objects[o].zone != "battlefield" for o in table.rows[12:])
        assert sum(o >= 0 for o in table.rows[:12]) == min(12, len(g.battlefield))
        chosen: dict[int, Action] = {}
        for j in masked:
            label = u.action_label(j)
            assert label in by_label, (j, label, list(by_label))
            chosen[j] = by_label[label]
            check_index(g, layout, table, j, chosen[j], legal)
        assert len({a.label for a in chosen.values()}) == len(masked), "two indices for one action"
        # the action rows: the first max_legal legal actions, by index
        rows = obs["action_index"]
        indices, _ = encode_actions(g, legal, table)
        assert rows.tolist() == (indices + [-1] * 32)[:32]
        overflowed += len(legal) > layout.legal
        i = int(rng.choice(masked))
        alone = g.clone()
        alone.act(chosen[i])
        obs, _r, terminated, truncated, info = env.step(i)
        assert not info.get("illegal_action") and info["label"] == chosen[i].label
        assert g.log[:len(alone.log)] == alone.log, "the step did not take the action its index stands for"
        if terminated or truncated:
            episodes += 1
            obs, info = env.reset(seed=episodes)
    assert episodes >= 1 or steps < 1000, "no episode ended"
    if kwargs.get("scenario") == FORESTS:
        assert overflowed > 0, "the 40 Forests never gave more legal actions than action rows"


def test_objects_past_a_small_table_still_reach_the_mask() -> None:
    env = gym.make("mtg_env/Scenario-v0", scenario=forests_scenario(40), **SMALL_ARGS)
    u = env.unwrapped
    assert isinstance(u, MtgEnv)
    obs, info = env.reset(seed=0)
    g = u.game
    assert g is not None
    legal = g.legal_actions()
    assert len(legal) == 42  # pass, play Forest, 40 Forests to tap
    mask = info["action_mask"]
    assert int(mask.sum()) == 42
    blocks = [SMALL.block_of(int(j))[0] for j in np.flatnonzero(mask)]
    assert blocks.count("ACTIVATE") == 12 and blocks.count("OPTION") == 28  # 12 battlefield rows
    assert blocks.count("PASS") == 1 and blocks.count("CAST") == 1
    assert {u.action_label(int(j)) for j in np.flatnonzero(mask)} == {a.label for a in legal}
    # 32 action rows, all used; the mask keeps the other ten
    assert obs["action_features"].shape == (32, ACT_FEATURES) and np.all(obs["action_index"] >= 0)
    assert np.all(obs["objects"][:12, 0] == 1.0) and obs["objects"].shape[0] == 24
    # the default layout fits them all in the ACTIVATE block
    big = gym.make("mtg_env/Scenario-v0", scenario=forests_scenario(40))
    _obs, binfo = big.reset(seed=0)
    assert [DEFAULT_LAYOUT.block_of(int(j))[0] for j in np.flatnonzero(binfo["action_mask"])].count("ACTIVATE") == 32


# ------------------------------------------------------------------------------------------
# pickling, wrappers, PolicyAgent, PettingZoo


def _same_obs(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


@pytest.mark.parametrize("env_id", IDS)
def test_pickled_env_with_a_small_layout_replays(env_id: str) -> None:
    env = gym.make(env_id, **SMALL_ARGS)
    fresh = pickle.loads(pickle.dumps(env))  # before reset: the arguments travel
    assert fresh.unwrapped.layout == SMALL and fresh.action_space.n == SMALL_N  # type: ignore[attr-defined]
    rng = np.random.default_rng(5)
    obs, info = env.reset(seed=7)
    obs2, info2 = fresh.reset(seed=7)
    assert _same_obs(obs, obs2)
    for step in range(60):
        i = int(rng.choice(np.flatnonzero(info["action_mask"])))
        if step == 20:
            mid = pickle.loads(pickle.dumps(env))  # during an episode: the game and the layout
            assert mid.unwrapped.layout == SMALL
        results = [e.step(i) for e in ((env, fresh, mid) if step >= 20 else (env, fresh))]
        for other in results[1:]:
            assert _same_obs(results[0][0], other[0]) and results[0][1:4] == other[1:4]
            assert other[0]["action_mask"].shape == (SMALL_N,)
        obs, _r, terminated, truncated, info = results[0]
        if terminated or truncated:
            break
    assert list(env.unwrapped.game.log) == list(fresh.unwrapped.game.log)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("wrapper", "key"), [(RLlibMaskObs, "observations"), (PettingZooMaskObs, "observation")])
def test_mask_wrappers_follow_the_layout(wrapper: type[gym.ObservationWrapper], key: str) -> None:
    env = wrapper(gym.make("mtg_env/Goldfish-v0", **SMALL_ARGS))
    space = env.observation_space
    assert space["action_mask"].shape == (SMALL_N,)  # type: ignore[index]
    assert space[key]["objects"].shape == (24, OBJ_STATIC_FEATURES + 8)  # type: ignore[index]
    obs, _info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(30):
        assert space.contains(obs)
        obs, _r, terminated, truncated, _info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated or truncated:
            obs, _info = env.reset()


def test_policy_agent_with_a_small_layout_plays_a_full_game() -> None:
    space = MtgEnv(layout=SMALL).observation_space
    seen = 0

    def policy(obs: dict[str, Any], mask: np.ndarray) -> int:
        nonlocal seen
        seen += 1
        assert mask.shape == (SMALL_N,) and obs["objects"].shape == (24, OBJ_STATIC_FEATURES + 8)
        assert space.contains(obs)
        return pick(obs, mask)

    pick = masked_random_policy(4)
    g = new_game(list(DEFAULT_DECKS), seed=4, turn_limit=40)
    play_game(g, [PolicyAgent(policy, layout=SMALL), RandomAgent(5)])
    assert g.game_over and g.decision is None and seen > 10
    with pytest.raises(ValueError, match="layout"):
        PolicyAgent(policy, layout={"objects": 24})  # type: ignore[arg-type]


def test_policy_agent_sees_the_small_env_observation() -> None:
    env = gym.make("mtg_env/Goldfish-v0", **SMALL_ARGS)
    obs, _info = env.reset(seed=5)
    seen: list[dict[str, Any]] = []

    def policy(o: dict[str, Any], mask: np.ndarray) -> int:
        seen.append(o)
        return int(np.flatnonzero(mask)[0])

    game = env.unwrapped.game  # type: ignore[attr-defined]
    PolicyAgent(policy, layout=env.unwrapped.layout).act(game)  # type: ignore[attr-defined]
    assert _same_obs(seen[0], obs)
    # the same game through the default layout is a different observation
    table = ObjectTable(game, 0)
    actions = game.legal_actions()
    default_obs = encode(game, 0, table, actions, encode_actions(game, actions, table)[0])
    assert default_obs["action_mask"].shape == (2008,) and not _same_obs(default_obs, obs)


def test_pettingzoo_api_test_with_a_small_layout() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from mtg_env.env.pettingzoo_env import MtgAECEnv
    env = MtgAECEnv(**SMALL_ARGS)
    assert env.layout == SMALL
    assert env.action_space("P1").n == SMALL_N  # type: ignore[attr-defined]
    assert env.observation_space("P2")["action_mask"].shape == (SMALL_N,)  # type: ignore[index]
    api_test(env, num_cycles=300)
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    assert obs["observation"]["objects"].shape == (24, OBJ_STATIC_FEATURES + 8)
    assert env.observation_space(env.agent_selection).contains(obs)
