"""The Gymnasium environment (issue "The Gymnasium environment").

- gymnasium's `check_env` passes for every registered id, and render_mode="ansi" renders a str.
- 20,000 random masked steps over the ids and a few more configurations: every masked index is
  the engine action that the fixed layout (mtg_env.env.layout) says it stands for, stepping it
  takes exactly that action (the game's log starts with what that action alone writes on a
  clone), every masked index is a distinct legal action (checked by acting on a clone), every
  legal action is masked in, and the mask (np.int8) is the same in info, the observation and
  `action_masks()`.
- Seeded rollouts are deterministic; a pickled env goes on exactly like the original.
- `gymnasium.make_vec` in "sync" and "async" modes; an illegal index ends the episode with -1.
- The RLlib and PettingZoo mask wrappers, PettingZoo's `api_test` on the AEC env.
- Hidden information: another player's hand is never in the learner's observation.
- PolicyAgent with a masked random policy plays full games.
"""

from __future__ import annotations

import pickle
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import mtg_env.env  # noqa: F401  (registers the ids)
from agents import RandomAgent, play_game
from agents.policy import PolicyAgent, masked_random_policy
from mtg_env import Game, new_game
from mtg_env.engine.actions import Action
from mtg_env.env import IDS, N_ACTIONS, PettingZooMaskObs, RLlibMaskObs
from mtg_env.env.layout import (
    OFFSETS,
    B,
    ObjectTable,
    block_of,
    encode_actions,
)
from mtg_env.env.mtg_gym import DEFAULT_DECKS, MtgEnv
from mtg_env.env.observation import TYPES, ZONES, encode
from tests.env.layout_check import check_index

DECK_DIR = DEFAULT_DECKS[0].rsplit("/", 1)[0]
HAND_COL = 10 + ZONES.index("hand")
OWNER_COL = 2


def deck(name: str) -> str:
    return f"{DECK_DIR}/{name}.txt"


def make(env_id: str, **kwargs: Any) -> gym.Env:
    return gym.make(env_id, **kwargs)


def base(env: gym.Env) -> MtgEnv:
    """The MtgEnv under the wrappers of gym.make."""
    u = env.unwrapped
    assert isinstance(u, MtgEnv)
    return u


def game_log(env: gym.Env) -> list[str]:
    g = base(env).game
    assert g is not None
    return list(g.log)


def mask_of(info: dict[str, Any]) -> np.ndarray:
    return np.asarray(info["action_mask"])


# ------------------------------------------------------------------------------------------
# check_env, render


@pytest.mark.parametrize("env_id", IDS)
def test_check_env(env_id: str) -> None:
    env = make(env_id)
    check_env(env.unwrapped, skip_render_check=True)
    env.close()


@pytest.mark.parametrize("env_id", IDS)
def test_check_env_with_ansi_render(env_id: str) -> None:
    env = make(env_id, render_mode="ansi")
    check_env(env.unwrapped)
    _, info = env.reset(seed=1)
    text: Any = env.render()
    assert isinstance(text, str) and text
    assert "Turn" in text
    legal = np.flatnonzero(mask_of(info))
    env.step(int(legal[0]))
    assert isinstance(env.render(), str)
    # Without a render mode, render() returns None.
    plain = make(env_id)
    plain.reset(seed=1)
    assert plain.render() is None


# ------------------------------------------------------------------------------------------
# random masked steps: the index of an action is what the layout says it is


class Stats:
    def __init__(self) -> None:
        self.steps = 0
        self.episodes = 0
        self.blocks: set[str] = set()
        self.kinds: set[str] = set()


def _check_decision(env: gym.Env, obs: dict[str, Any], info: dict[str, Any], stats: Stats,
                    on_clone: bool, hidden: bool) -> dict[int, Action]:
    """Check the mask of the current decision; return the action of each masked index."""
    u: MtgEnv = env.unwrapped  # type: ignore[assignment]
    g = u.game
    assert g is not None
    mask = info["action_mask"]
    assert isinstance(mask, np.ndarray) and mask.dtype == np.int8 and mask.shape == (N_ACTIONS,)
    assert isinstance(obs["action_mask"], np.ndarray) and obs["action_mask"].dtype == np.int8
    assert np.array_equal(mask, obs["action_mask"])
    masks = u.action_masks()
    assert masks.shape == (N_ACTIONS,) and np.array_equal(masks.astype(np.int8), mask)
    assert set(np.unique(mask)) <= {0, 1}
    assert env.observation_space.contains(obs)
    d = g.decision
    assert d is not None and d.player == g.players[u.learner].name, "the env stops only at the learner"
    legal = g.legal_actions()
    labels = [a.label for a in legal]
    assert len(set(labels)) == len(labels), f"legal labels are not unique: {labels}"
    by_label = {a.label: a for a in legal}
    masked = np.flatnonzero(mask)
    # Every legal action is masked in, once; every masked index is a legal action.
    assert len(masked) == len(legal), (len(masked), labels)
    by_index: dict[int, Action] = {}
    for j in masked.tolist():
        label = u.action_label(j)
        assert label in by_label, (j, label, labels)
        by_index[j] = by_label[label]
    assert {a.label for a in by_index.values()} == set(labels)
    for j in np.flatnonzero(mask == 0)[:50].tolist():
        assert u.action_label(j) is None
    table = ObjectTable(g, u.learner)
    for i, a in by_index.items():
        check_index(g, table.layout, table, i, a, legal)
        stats.blocks.add(block_of(i)[0])
        stats.kinds.add(a.kind)
        # Game.act finds the action by equality: no other legal action may compare equal.
        assert next(x for x in legal if x == a) is a, f"two legal actions compare equal to {a.label!r}"
    if on_clone:
        # Each masked index, acted on a clone, is a distinct legal action that the engine accepts.
        seen: set[int] = set()
        for a in by_index.values():
            c = g.clone()
            c.act(a)
            assert id(a) not in seen
            seen.add(id(a))
            assert c.stats.actions == g.stats.actions + 1
    if hidden:
        _assert_no_other_hand(g, u.learner, obs)
    return by_index


def _assert_no_other_hand(g: Game, me: int, obs: dict[str, Any]) -> None:
    """Object rows in a hand are rows of my hand: another player's hand is never listed."""
    objs = obs["objects"] if "objects" in obs else obs["observation"]["objects"]
    hand_rows = np.flatnonzero(objs[:, HAND_COL] == 1.0)
    assert len(hand_rows) == min(len(g.players[me].hand), 64 - B)
    assert np.all(objs[hand_rows, OWNER_COL] == 0.0)
    table = ObjectTable(g, me)
    for r, oid in enumerate(table.rows):
        if oid >= 0 and g.objects[oid].zone == "hand":
            assert g.objects[oid].owner == me and r in hand_rows


def _step_and_check(env: gym.Env, i: int, a: Action) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
    """Step index i; the game took action `a` (its log starts with what `a` alone writes)."""
    u: MtgEnv = env.unwrapped  # type: ignore[assignment]
    g = u.game
    assert g is not None
    label = u.action_label(i)
    assert label == a.label
    alone = g.clone()
    alone.act(a)
    actions_before = g.stats.actions
    obs, reward, terminated, truncated, info = env.step(i)
    assert not info.get("illegal_action"), info
    assert info["label"] == label
    g2 = u.game
    assert g2 is g
    assert g.log[:len(alone.log)] == alone.log, "the step did not take the action its index stands for"
    assert g.stats.actions >= actions_before + 1
    if alone.decision is not None and alone.decision.player == g.players[u.learner].name:
        # No opponent decided in between: the env's game is exactly the clone's.
        assert g.log == alone.log and g.state_json() == alone.state_json()
    assert isinstance(reward, float) and np.isfinite(reward)
    # a game the turn limit ended is a truncation; any other game over terminates
    by_limit = g.game_over and g.result_reason.startswith(("turn limit", "action limit"))
    assert terminated == (g.game_over and not by_limit)
    assert not by_limit or truncated
    return obs, reward, terminated, truncated, info


# (id, kwargs, steps): 20,000 steps in all. The default ids, and a few more decks, scenarios
# and manual mana payment, for more kinds of decisions.
ORDER_SCENARIO = """
format: goldfish
players:
  - name: P1
    mana_pool: "{C}{C}{C}{C}"
    hand: [Lightning Bolt, Forest]
    library: [Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest]
    battlefield: ["Ertha Jo, Frontier Mentor", Rings of Brighthearth, Prodigal Pyromancer, Mana Reflection,
                  Contamination, Forest, Mountain]
  - name: P2
    battlefield: [Grizzly Bears]
"""
RANDOM_RUNS: list[tuple[str, dict[str, Any], int]] = [
    ("mtg_env/Duel-v0", {}, 3000),
    ("mtg_env/Goldfish-v0", {}, 3000),
    ("mtg_env/Scenario-v0", {}, 2000),
    ("mtg_env/Duel-v0", {"decks": [deck("boros_aggro"), deck("black_shade")], "mana_payment": "manual",
                         "skip_forced": False}, 2500),
    ("mtg_env/Duel-v0", {"decks": [deck("blue_control"), deck("artifact_mana")], "opponent": "heuristic"}, 2500),
    ("mtg_env/Goldfish-v0", {"decks": [deck("red_burn")], "mana_payment": "manual"}, 2000),
    ("mtg_env/Scenario-v0", {"scenario": "abstruse_archaic_walking_ballista.yaml"}, 1000),
    ("mtg_env/Scenario-v0", {"scenario": "mairsil_the_pretender.yaml"}, 1000),
    ("mtg_env/Scenario-v0", {"scenario": "tidehollow_sculler.yaml"}, 1000),
    # the division of its damage has one legal answer here: kept, not skipped, for the NUMBER block
    ("mtg_env/Scenario-v0", {"scenario": "forked_bolt.yaml", "skip_forced": False}, 1000),
    ("mtg_env/Scenario-v0", {"scenario": ORDER_SCENARIO}, 1000),  # trigger and replacement orders
]
BLOCKS_SEEN: dict[int, set[str]] = {}
assert sum(n for _i, _k, n in RANDOM_RUNS) == 20_000


@pytest.mark.parametrize(("env_id", "kwargs", "steps"), RANDOM_RUNS,
                         ids=[f"{i.split('/')[1]}-{j}" for j, (i, _k, _n) in enumerate(RANDOM_RUNS)])
def test_random_masked_steps(env_id: str, kwargs: dict[str, Any], steps: int) -> None:
    env = make(env_id, **kwargs)
    rng = np.random.default_rng(7)
    stats = Stats()
    obs, info = env.reset(seed=stats.episodes)
    while stats.steps < steps:
        by_index = _check_decision(env, obs, info, stats, on_clone=True, hidden=True)
        i = int(rng.choice(list(by_index)))
        obs, _r, terminated, truncated, info = _step_and_check(env, i, by_index[i])
        stats.steps += 1
        if terminated or truncated:
            # game over: only index 0 is set (documented: samplers never see an empty mask)
            g = env.unwrapped.game  # type: ignore[attr-defined]
            if g.game_over:
                assert np.flatnonzero(info["action_mask"]).tolist() == [0]
            stats.episodes += 1
            obs, info = env.reset(seed=stats.episodes)
    env.close()
    assert stats.episodes >= 1, "no episode ended"
    assert "PASS" in stats.blocks
    BLOCKS_SEEN[RANDOM_RUNS.index((env_id, kwargs, steps))] = stats.blocks


def test_random_steps_met_every_block() -> None:
    """Together, the random runs above met an action in every block of the layout."""
    if len(BLOCKS_SEEN) < len(RANDOM_RUNS):
        pytest.skip("needs every test_random_masked_steps run in this session")
    from mtg_env.env.layout import BLOCKS
    seen = set().union(*BLOCKS_SEEN.values())
    assert seen == set(BLOCKS), set(BLOCKS) - seen


# ------------------------------------------------------------------------------------------
# determinism, pickling


def _rollout(env: gym.Env, seed: int, steps: int, action_seed: int = 0
             ) -> tuple[list[dict[str, Any]], list[float], list[str]]:
    rng = np.random.default_rng(action_seed)
    obs, info = env.reset(seed=seed)
    observations: list[dict[str, Any]] = [obs]
    rewards: list[float] = []
    for _ in range(steps):
        i = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, r, terminated, truncated, info = env.step(i)
        observations.append(obs)
        rewards.append(float(r))
        if terminated or truncated:
            break
    return observations, [float(r) for r in rewards], game_log(env)


def _same_obs(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


@pytest.mark.parametrize("env_id", IDS)
def test_seeded_rollout_is_deterministic(env_id: str) -> None:
    o1, r1, log1 = _rollout(make(env_id), seed=11, steps=400)
    o2, r2, log2 = _rollout(make(env_id), seed=11, steps=400)
    assert len(o1) == len(o2) and all(_same_obs(a, b) for a, b in zip(o1, o2, strict=True))
    assert r1 == r2
    assert log1 == log2
    # The same env reset with the same seed replays too.
    env = make(env_id)
    _rollout(env, seed=5, steps=50)
    o3, r3, log3 = _rollout(env, seed=11, steps=400)
    assert all(_same_obs(a, b) for a, b in zip(o1, o3, strict=True)) and r1 == r3 and log1 == log3


def test_different_seeds_differ() -> None:
    _o1, _r1, log1 = _rollout(make("mtg_env/Duel-v0"), seed=1, steps=200)
    _o2, _r2, log2 = _rollout(make("mtg_env/Duel-v0"), seed=2, steps=200)
    assert log1 != log2


@pytest.mark.parametrize("env_id", IDS)
def test_pickled_env_goes_on_the_same(env_id: str) -> None:
    env = make(env_id, opponent="heuristic") if env_id != "mtg_env/Goldfish-v0" else make(env_id)
    rng = np.random.default_rng(3)
    _obs, info = env.reset(seed=4)
    for _ in range(8):
        _obs, _r, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert not (terminated or truncated)
    copy = pickle.loads(pickle.dumps(env))
    inner = pickle.loads(pickle.dumps(env.unwrapped))
    assert game_log(copy) == game_log(env)
    for _ in range(200):
        i = int(rng.choice(np.flatnonzero(info["action_mask"])))
        results = [e.step(i) for e in (env, copy, inner)]
        first = results[0]
        for other in results[1:]:
            assert _same_obs(first[0], other[0])
            assert first[1:4] == other[1:4]
            assert first[4]["legal_actions"] == other[4]["legal_actions"]
        assert game_log(copy) == game_log(env) == game_log(inner)
        info = first[4]
        if first[2] or first[3]:
            break


# ------------------------------------------------------------------------------------------
# vector envs, illegal actions


@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize("env_id", IDS)
def test_make_vec(env_id: str, mode: str) -> None:
    venv = gym.make_vec(env_id, num_envs=2, vectorization_mode=mode)
    try:
        obs, info = venv.reset(seed=0)
        assert obs["action_mask"].shape == (2, N_ACTIONS) and obs["action_mask"].dtype == np.int8
        assert venv.observation_space.contains(obs)
        rng = np.random.default_rng(0)
        for _ in range(25):
            acts = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
            obs, rewards, terminated, truncated, info = venv.step(acts)
            assert rewards.shape == (2,)
            assert not np.any(info.get("illegal_action", np.zeros(2, bool)))
            assert venv.observation_space.contains(obs)
            assert np.all(obs["action_mask"].sum(axis=1) >= 1)
    finally:
        venv.close()


@pytest.mark.parametrize("env_id", IDS)
def test_illegal_index_ends_the_episode(env_id: str) -> None:
    env = make(env_id)
    obs, info = env.reset(seed=0)
    unmasked = int(np.flatnonzero(mask_of(info) == 0)[0])
    for bad in (unmasked, N_ACTIONS - 1 if mask_of(info)[-1] == 0 else unmasked, np.int64(unmasked)):
        env.reset(seed=0)
        _obs, reward, terminated, truncated, info2 = env.step(bad)
        assert reward == -1.0 and terminated and not truncated
        assert info2["illegal_action"] is True
    # Out of the action space, on the raw env (the env checker wrapper would assert first).
    raw = env.unwrapped
    for bad in (-1, N_ACTIONS, 10**9):
        raw.reset(seed=0)
        _obs, reward, terminated, _tr, info2 = raw.step(bad)
        assert reward == -1.0 and terminated and info2["illegal_action"] is True
    # After the episode has ended, step() needs reset() first (issue 18): it raises.
    with pytest.raises(RuntimeError, match="call reset"):
        raw.step(0)
    _obs, info = raw.reset(seed=0)
    done = trunc = False
    rng = np.random.default_rng(0)
    for _ in range(5000):
        _obs, _r, done, trunc, info = raw.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if done or trunc:
            break
    assert done or trunc
    with pytest.raises(RuntimeError, match="call reset"):
        raw.step(0)


def test_illegal_penalty_is_configurable() -> None:
    env = make("mtg_env/Goldfish-v0", illegal_penalty=-5.0)
    _obs, info = env.reset(seed=0)
    bad = int(np.flatnonzero(mask_of(info) == 0)[0])
    _obs, reward, terminated, _tr, info = env.step(bad)
    assert reward == -5.0 and terminated and info["illegal_action"]


# ------------------------------------------------------------------------------------------
# wrappers, PettingZoo


@pytest.mark.parametrize(("wrapper", "key"), [(RLlibMaskObs, "observations"), (PettingZooMaskObs, "observation")])
@pytest.mark.parametrize("env_id", IDS)
def test_mask_wrappers(env_id: str, wrapper: type[gym.ObservationWrapper], key: str) -> None:
    env = wrapper(make(env_id))
    assert set(env.observation_space.spaces) == {key, "action_mask"}  # type: ignore[attr-defined]
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(60):
        assert set(obs) == {key, "action_mask"}
        assert "action_mask" not in obs[key]
        assert obs["action_mask"].dtype == np.int8
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))  # type: ignore[attr-defined]
        assert env.observation_space.contains(obs), key
        obs, _r, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated or truncated:
            obs, info = env.reset()


def test_pettingzoo_api_test() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from mtg_env.env.pettingzoo_env import MtgAECEnv
    api_test(MtgAECEnv(), num_cycles=300)


def test_pettingzoo_full_game_and_hidden_hands() -> None:
    pytest.importorskip("pettingzoo")
    from mtg_env.env.pettingzoo_env import MtgAECEnv
    env = MtgAECEnv(render_mode="ansi")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    assert env.game is not None
    steps = 0
    for agent in env.agent_iter(max_iter=20_000):
        obs, _reward, terminated, truncated, _info = env.last()
        assert env.observation_space(agent).contains(obs)
        me = env.possible_agents.index(agent)
        _assert_no_other_hand(env.game, me, obs)
        other = env.possible_agents[1 - me]
        other_obs = env.observe(other)
        assert not other_obs["action_mask"].any(), "only the agent to act has legal actions"
        _assert_no_other_hand(env.game, 1 - me, other_obs)
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert env.game.game_over and steps > 10
    assert isinstance(env.render(), str)


def test_pettingzoo_illegal_action() -> None:
    pytest.importorskip("pettingzoo")
    from mtg_env.env.pettingzoo_env import MtgAECEnv
    env = MtgAECEnv()
    env.reset(seed=0)
    agent = env.agent_selection
    obs = env.observe(agent)
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert env.rewards[agent] == -1.0 and all(env.terminations.values())
    assert env.infos[agent]["illegal_action"] is True


# ------------------------------------------------------------------------------------------
# hidden information


def _swap_hidden_hand(g: Game, who: int) -> Game:
    """A clone where player `who`'s hand holds other cards (swapped with their library)."""
    c = g.clone()
    pl = c.players[who]
    hand, library = pl.hand, pl.library
    k = min(len(hand), len(library))
    assert k > 0
    for a, b in zip(hand[:k], library[-k:], strict=True):
        ca, cb = c.objects[a].card, c.objects[b].card
        c.writable(a).card, c.writable(b).card = cb, ca
    c.invalidate()
    return c


@pytest.mark.parametrize("steps", [0, 40, 150])
def test_opponent_hand_never_in_observation(steps: int) -> None:
    env = make("mtg_env/Duel-v0", decks=[deck("green_ramp"), deck("blue_control")], render_mode="ansi",
               mulligans=False)
    obs, info = env.reset(seed=9)
    rng = np.random.default_rng(9)
    for _ in range(steps):
        obs, _r, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert not (terminated or truncated)
    u: MtgEnv = env.unwrapped  # type: ignore[assignment]
    g = u.game
    assert g is not None
    _assert_no_other_hand(g, 0, obs)
    opp_cards = {g.objects[o].card.name for o in g.players[1].hand}
    swapped = _swap_hidden_hand(g, 1)
    assert {swapped.objects[o].card.name for o in swapped.players[1].hand} != opp_cards or not opp_cards
    # The learner's observation of the swapped game is the same.
    actions = g.legal_actions()
    table = ObjectTable(g, 0)
    indices, _ = encode_actions(g, actions, table)
    again = encode(swapped, 0, ObjectTable(swapped, 0), actions, indices)
    assert _same_obs(obs, again)
    # The rendered text shows no hand but the learner's.
    text: Any = env.render()
    assert isinstance(text, str)
    assert "P1" in text
    hand_lines = [ln for ln in text.splitlines() if ln.strip().startswith("hand:")]
    assert len(hand_lines) <= 1
    u.game = swapped
    assert env.render() == text
    u.game = g


def test_object_type_columns_exist() -> None:
    # The hidden-information test reads the zone and owner columns: keep them where they are.
    assert ZONES[1] == "hand" and TYPES[0] == "Artifact" and OFFSETS["PASS"] == 0


# ------------------------------------------------------------------------------------------
# opponents, PolicyAgent


@pytest.mark.parametrize("opponent", ["random", "heuristic"])
def test_duel_opponents_play(opponent: str) -> None:
    env = make("mtg_env/Duel-v0", opponent=opponent)
    _obs, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(3000):
        _obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            assert reward in (-1.0, 0.0, 1.0)
            break
    assert terminated or truncated


def test_duel_against_an_mcts_opponent() -> None:
    from agents import MCTSAgent
    env = make("mtg_env/Duel-v0", opponent=MCTSAgent(seed=0, iterations=8, determinizations=2,
                                                    rollout_actions=20))
    _obs, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(60):
        _obs, _r, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            break


def test_callable_opponent() -> None:
    env = make("mtg_env/Duel-v0", opponent=lambda game: game.legal_actions()[0])
    _obs, info = env.reset(seed=0)
    _obs, _r, _te, _tr, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert not info.get("illegal_action")


@pytest.mark.parametrize("seed", [0, 1])
def test_policy_agent_plays_a_full_game(seed: int) -> None:
    g = new_game(list(DEFAULT_DECKS), seed=seed, turn_limit=40)
    play_game(g, [PolicyAgent(masked_random_policy(seed)), RandomAgent(seed + 1)])
    assert g.game_over and g.decision is None
    g2 = new_game(list(DEFAULT_DECKS), seed=seed, turn_limit=40)
    play_game(g2, [PolicyAgent(masked_random_policy(seed)), PolicyAgent(masked_random_policy(seed + 7))])
    assert g2.game_over


def test_policy_agent_sees_the_env_observation() -> None:
    """What PolicyAgent gives its policy for the learner is what the env observes."""
    env = make("mtg_env/Goldfish-v0")
    obs, _info = env.reset(seed=5)
    seen: list[dict[str, Any]] = []

    def policy(o: dict[str, Any], mask: np.ndarray) -> int:
        seen.append(o)
        assert mask.dtype == np.int8
        return int(np.flatnonzero(mask)[0])

    game = env.unwrapped.game  # type: ignore[attr-defined]
    PolicyAgent(policy).act(game)
    assert _same_obs(seen[0], obs)


def test_policy_agent_rejects_an_illegal_index() -> None:
    g = new_game(list(DEFAULT_DECKS), seed=0)
    agent = PolicyAgent(lambda obs, mask: int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(ValueError, match="not legal"):
        agent.act(g)


# ------------------------------------------------------------------------------------------
# bugs these tests found, since fixed


def test_turn_limit_truncates() -> None:
    env = make("mtg_env/Goldfish-v0", turn_limit=2, reward="damage")
    _obs, info = env.reset(seed=0)
    while True:
        _obs, _r, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))  # pass
        if terminated or truncated:
            break
    assert env.unwrapped.game.result["reason"] == "turn limit 2 reached"  # type: ignore[attr-defined]
    assert truncated and not terminated


def test_a_large_search_is_reachable() -> None:
    library = ", ".join(["Forest"] * 40 + ["Mountain"] * 40)
    scenario = f"""
format: goldfish
players:
  - name: P1
    mana_pool: "{{G}}{{G}}{{G}}"
    hand: [Cultivate]
    library: [{library}]
  - name: P2
"""
    env = make("mtg_env/Scenario-v0", scenario=scenario)
    _obs, info = env.reset(seed=0)
    u: MtgEnv = env.unwrapped  # type: ignore[assignment]
    cast = next(int(i) for i in np.flatnonzero(info["action_mask"]) if u.action_label(int(i)) == "cast Cultivate")
    _obs, _r, _te, _tr, info = env.step(cast)
    # passing was the only legal action (skip_forced takes it) and the goldfish passes too:
    # Cultivate resolves
    assert u.game is not None and u.game.decision is not None and u.game.decision.kind == "choose"
    assert int(info["action_mask"].sum()) == len(u.game.legal_actions())


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_env_runs_through_episode_ends(mode: str) -> None:
    """gymnasium.make_vec over whole episodes: infos merge key by key (one type per key) and the
    autoreset step after a game over finds a non-empty mask."""
    venv = gym.make_vec("mtg_env/Goldfish-v0", num_envs=2, vectorization_mode=mode, turn_limit=3)
    obs, _infos = venv.reset(seed=0)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        acts = np.array([int(rng.choice(np.flatnonzero(m))) for m in obs["action_mask"]])
        obs, _r, te, tr, _infos = venv.step(acts)
        ended += int(te.sum() + tr.sum())
    venv.close()
    assert ended >= 2
