"""Choices and seats (mtg_env/env/choices.py, issue 16): no forced steps, moves, stops, hints.

- `import mtg_env` alone registers every id (a fresh interpreter).
- With skipping on, no decision with one legal action (or one move) reaches the learner, in the
  Gym env (atomic and moves), the PettingZoo env and PolicyAgent; `info` counts what the engine
  and the env took; with skipping off they reach it and nothing is counted.
- Moves: a duel is a few dozen learner decisions; each masked index is a move whose first
  action is what the step takes; declarations sit in OPTION slots; a policy that follows the
  heuristic's hint plays exactly the heuristic's game.
- Stops: outside them the learner never decides at priority with an empty stack.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

from agents import HeuristicAgent, play_game
from mtg_env import new_game
from mtg_env.core.actions import PASS
from mtg_env.env import IDS
from mtg_env.env.agent import PolicyAgent
from mtg_env.env.choices import DEFAULT_STOPS, Seat, make_stops
from mtg_env.env.layout import Layout
from mtg_env.env.mtg_gym import DEFAULT_DECKS, MtgEnv
from mtg_env.env.observation import ACTION_EXTRA
from tests.checkout import fresh_process_env

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "configs" / "decks"
SMALL = {"max_objects": 48, "max_battlefield": 24, "max_stack": 8, "max_legal": 32}
HINT = ACTION_EXTRA.index("hint")


def test_import_mtg_env_registers_every_id(tmp_path: Path) -> None:
    code = ("import mtg_env, gymnasium as gym\n"
            f"for i in {list(IDS)!r}:\n"
            "    e = gym.make(i); e.reset(seed=0); e.close()\n"
            "print('ok')\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=fresh_process_env(), capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]


def _run(env: gym.Env, steps: int, seed: int = 0) -> dict[str, Any]:
    """Random masked steps; what the learner was shown."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    out = {"single": 0, "steps": 0, "episodes": 0, "forced": info["forced"], "auto": info["auto"], "kinds": set()}
    u: MtgEnv = env.unwrapped  # type: ignore[assignment]
    for _ in range(steps):
        mask = info["action_mask"]
        g = u.game
        assert g is not None and g.decision is not None
        out["single"] += int(mask.sum() == 1)
        out["kinds"].add(g.decision.kind)
        obs, _r, te, tr, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        out["steps"] += 1
        out["forced"] += info["forced"]
        out["auto"] += info["auto"]
        if te or tr:
            out["episodes"] += 1
            obs, info = env.reset(seed=seed + out["episodes"])
            out["forced"] += info["forced"]
            out["auto"] += info["auto"]
    return out


@pytest.mark.parametrize("kwargs", [{}, {"opponent": "heuristic"}, {"actions": "moves", "opponent": "heuristic"},
                                    {"actions": "moves", "mana_payment": "manual"},
                                    {"decks": [str(DECKS / "boros_aggro.txt"), str(DECKS / "black_shade.txt")]}],
                         ids=["atomic", "atomic-heuristic", "moves-heuristic", "moves-manual", "combat-decks"])
def test_no_step_with_one_choice_reaches_the_learner(kwargs: dict[str, Any]) -> None:
    out = _run(gym.make("mtg_env/Duel-v0", **kwargs), 1500)
    assert out["single"] == 0
    assert out["episodes"] >= 1 and out["forced"] > 0
    if kwargs.get("actions") == "moves":
        assert out["auto"] > 0  # passes outside the stops, the rest of moves


def test_with_skipping_off_single_choices_reach_the_learner() -> None:
    out = _run(gym.make("mtg_env/Duel-v0", skip_forced=False), 1500)
    assert out["single"] > 0 and out["forced"] == 0 and out["auto"] == 0


def test_moves_make_a_duel_a_few_dozen_decisions() -> None:
    atomic = _run(gym.make("mtg_env/Duel-v0", opponent="heuristic", skip_forced=False), 3000)
    moves = _run(gym.make("mtg_env/Duel-v0", opponent="heuristic", actions="moves"), 3000)
    per_atomic = atomic["steps"] / max(atomic["episodes"], 1)
    per_moves = moves["steps"] / max(moves["episodes"], 1)
    assert per_moves < 80 and per_moves * 3 < per_atomic, (per_moves, per_atomic)


def test_each_masked_move_is_what_the_step_takes() -> None:
    env = gym.make("mtg_env/Duel-v0", opponent="heuristic", actions="moves", **SMALL)
    u: MtgEnv = env.unwrapped  # type: ignore[assignment]
    layout = u.layout
    rng = np.random.default_rng(3)
    _obs, info = env.reset(seed=3)
    seen_declarations = 0
    for _ in range(600):
        g = u.game
        assert g is not None
        masked = np.flatnonzero(info["action_mask"]).tolist()
        choices = [u.choice(i) for i in masked]
        assert all(c is not None for c in choices)
        assert len({c.label for c in choices}) == len(choices)  # type: ignore[union-attr]
        legal = g.legal_actions()
        for i, c in zip(masked, choices, strict=True):
            assert c is not None and c.index == i and any(c.action is a for a in legal)
            block, _k = layout.block_of(i)
            if c.move is not None and len(c.payloads) > 1:
                assert block == "OPTION"
                seen_declarations += 1
            elif c.kind in ("cast", "play"):
                assert block in ("CAST", "OPTION")
        i = int(rng.choice(masked))
        c = u.choice(i)
        assert c is not None
        alone = g.clone()
        alone.act(c.action)
        _obs, _r, te, tr, info = env.step(i)
        assert g.log[:len(alone.log)] == alone.log, "the step did not start with the move's first action"
        if te or tr:
            _obs, info = env.reset()
    assert seen_declarations > 0


def _hint_policy(obs: dict[str, Any], mask: np.ndarray) -> int:
    rows = np.flatnonzero(obs["action_extra"][:, HINT] > 0)
    assert len(rows) == 1, "the hint marks one choice"
    return int(obs["action_index"][rows[0]])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_following_the_heuristics_hint_plays_the_heuristics_game(seed: int) -> None:
    """Moves, their plans and the hint together lose nothing of the heuristic's play (with a
    stop at every priority: the default stops pass where the heuristic pings in its upkeep)."""
    decks = [str(DECKS / "boros_aggro.txt"), str(DECKS / "green_ramp.txt")]
    logs = []
    for player in ("heuristic", "hint"):
        g = new_game(decks, seed=seed, turn_limit=40)
        me: Any = HeuristicAgent(seed) if player == "heuristic" else \
            PolicyAgent(_hint_policy, seed, layout=Layout(**{"objects": 48, "battlefield": 24, "stack": 8,
                                                             "legal": 32}), actions="moves", hint="heuristic",
                        stops="all")
        play_game(g, [me, HeuristicAgent(seed + 1)])
        logs.append(g.log)
    assert logs[0] == logs[1]


def test_outside_the_stops_the_learner_passes() -> None:
    env = gym.make("mtg_env/Duel-v0", opponent="heuristic", actions="moves")
    u: MtgEnv = env.unwrapped  # type: ignore[assignment]
    rng = np.random.default_rng(5)
    _obs, info = env.reset(seed=5)
    for _ in range(500):
        g = u.game
        assert g is not None and g.decision is not None
        if g.decision.kind == "priority":
            assert DEFAULT_STOPS.at(g, u.learner)
        _obs, _r, te, tr, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if te or tr:
            _obs, info = env.reset()


def test_stops_and_granularity_are_checked() -> None:
    assert make_stops("all") is None and make_stops("default") is DEFAULT_STOPS
    s = make_stops({"own": ["precombat_main"], "opponent": ["end"], "respond": False})
    assert s is not None and s.own == {"precombat_main"} and not s.respond
    with pytest.raises(ValueError, match="stops.own: unknown step"):
        make_stops({"own": ["main"]})
    with pytest.raises(ValueError, match="actions must be one of"):
        Seat(0, Layout(), actions="macro")
    with pytest.raises(ValueError, match="unknown agent"):
        gym.make("mtg_env/Duel-v0", hint="nobody")


def test_learner_seat_and_deck_pool() -> None:
    pool = [str(DECKS / f"{d}.txt") for d in ("red_burn", "green_ramp", "blue_control")]
    env = gym.make("mtg_env/Duel-v0", learner="random", deck_pool=pool, opponent="heuristic", actions="moves")
    seats, pairs = set(), set()
    for s in range(12):
        _obs, info = env.reset(seed=s)
        seats.add(info["learner"])
        decks = info["decks"]
        assert len(decks) == 2 and decks[0] != decks[1] and set(decks) <= set(pool)
        pairs.add(tuple(decks))
        g = env.unwrapped.game  # type: ignore[attr-defined]
        assert g.decision is None or g.decision.player == g.players[info["learner"]].name
    assert seats == {0, 1} and len(pairs) > 2
    with pytest.raises(ValueError, match="learner must be"):
        MtgEnv(learner=2)


def test_policy_agent_skips_what_the_env_skips() -> None:
    asked: list[int] = []

    def policy(obs: dict[str, Any], mask: np.ndarray) -> int:
        asked.append(int(mask.sum()))
        return int(np.flatnonzero(mask)[0])

    g = new_game(list(DEFAULT_DECKS), seed=4, turn_limit=20)
    play_game(g, [PolicyAgent(policy, actions="moves"), HeuristicAgent(1)])
    assert asked and min(asked) >= 2


def _hide_differently(g: Any, learner: int, rng: np.random.Generator) -> Any:
    """A clone where what the learner cannot see holds other cards: the opponent's hand swapped
    with cards of their library, and both libraries in another order (CR 400.2: hand and library
    are hidden zones; CR 401.2: a library's order is unknown)."""
    c = g.clone()
    opp = c.players[1 - learner]
    for pl, swap_hand in ((opp, True), (c.players[learner], False)):
        ids = list(pl.library) + (list(pl.hand) if swap_hand else [])
        cards = [c.objects[o].card for o in ids]
        order = rng.permutation(len(ids))
        for o, k in zip(ids, order, strict=True):
            c.writable(o).card = cards[int(k)]
    c.invalidate()
    return c


@pytest.mark.parametrize("steps", [0, 12, 30, 60])
def test_hidden_cards_do_not_change_the_learners_observation(steps: int) -> None:
    """The whole observation of a moves env with the heuristic's hint (moves, their plans, the
    hint column, every table) is the same when the opponent's hand and both libraries hold other
    cards: nothing hidden reaches the learner, not even through the hint agent."""
    env = gym.make("mtg_env/Duel-v0", decks=[str(DECKS / "green_ramp.txt"), str(DECKS / "blue_control.txt")],
                   opponent="heuristic", actions="moves", hint="heuristic", mulligans=False, **SMALL)
    u: MtgEnv = env.unwrapped  # type: ignore[assignment]
    rng = np.random.default_rng(steps)
    obs, info = env.reset(seed=9)
    for _ in range(steps):
        obs, _r, te, tr, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if te or tr:
            obs, info = env.reset()
    g = u.game
    assert g is not None and g.decision is not None
    if g.decision.kind != "priority":  # a search shows the learner its library: step to a priority
        for _ in range(20):
            obs, _r, te, tr, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            g = u.game
            if g is not None and g.decision is not None and g.decision.kind == "priority":
                break
    assert g is not None and g.decision is not None and g.decision.kind == "priority"
    from mtg_env.env.observation import encode
    for k in range(3):
        other = _hide_differently(g, u.learner, np.random.default_rng(100 + k))
        assert [o.card.name for o in (other.objects[i] for i in other.players[1 - u.learner].hand)] != \
            [o.card.name for o in (g.objects[i] for i in g.players[1 - u.learner].hand)] or \
            not g.players[1 - u.learner].hand
        seat = Seat(u.learner, u.layout, actions="moves", hint="heuristic")
        asked = seat.decide(other)
        assert not isinstance(asked, type(PASS)), "the seat took by itself what the learner was asked"
        choices, table = asked
        again = encode(other, u.learner, table, [c.action for c in choices], [c.index for c in choices], choices)
        for key in obs:
            assert np.array_equal(obs[key], again[key]), f"{key} differs when hidden cards differ"
