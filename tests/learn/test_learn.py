"""The entity policy and self-play training (mtg_env.learn, issue 16).

- The entity policy trains for a few hundred steps under Stable-Baselines3 (MaskablePPO with
  `EntityPolicy`) and under RLlib (`mtg-env train`, multi-agent PPO with `EntityRLModule`), and
  every action it takes is legal (the mask is applied inside the net).
- `mtg-env train CONFIG` runs an iteration, checkpoints, and `--resume` goes on from the
  checkpoint (the iteration count, the league, the logs).
- The checkpoint plays: `PolicyAgent.load(run)` in a game, and the registry's "policy" agent in
  a tournament of the harness.
- Bad configs fail before Ray starts, naming the key.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
import torch
import yaml

from mtg_env import new_game
from mtg_env.cli import main as cli_main
from mtg_env.env.agent import PolicyAgent
from mtg_env.learn.config import TrainConfigError, load_train_config
from mtg_env.learn.policy import EntityNet, as_tensors
from mtg_env.play import play_game
from tests.helpers import DECKS

SMALL = {"max_objects": 48, "max_battlefield": 24, "max_stack": 8, "max_legal": 32}


def tiny_config(**extra: Any) -> dict[str, Any]:
    cfg: dict[str, Any] = {
        "name": "tiny", "seed": 0, "iterations": 1,
        "env": {"deck_pool": ["red_burn", "green_ramp"], "turn_limit": 16, "actions": "moves",
                "stops": "default", "hint": "heuristic", **SMALL},
        "model": {"dim": 16, "card_dim": 8, "layers": 1, "heads": 2, "encoder": "attention", "hint_prior": 3.0},
        "ppo": {"train_batch_size": 160, "minibatch_size": 80, "num_epochs": 1},
        "resources": {"num_env_runners": 0, "num_envs_per_env_runner": 1, "num_cpus": 2, "torch_threads": 1},
        "league": {"rule": "pfsp", "size": 2, "snapshot_every": 1,
                   "weights": {"heuristic": 0.5, "self": 0.25, "snapshots": 0.25}},
        "evaluation": {"every": 1, "games": 2, "opponent": "heuristic", "final_games": 0},
        "checkpoint_every": 1,
    }
    cfg.update(extra)
    return cfg


# ---- the net ------------------------------------------------------------------------------------


@pytest.mark.parametrize("encoder", ["attention", "deepsets"])
def test_the_entity_net_gives_legal_logits_only(encoder: str) -> None:
    env = gym.make("mtg_env/Duel-v0", opponent="heuristic", actions="moves", **SMALL)
    net = EntityNet.from_space(env.observation_space, dim=16, card_dim=8, heads=2, encoder=encoder)
    obs, info = env.reset(seed=1)
    for _ in range(30):
        logits, value = net(as_tensors(obs))
        mask = obs["action_mask"] > 0
        assert logits.shape == (1, len(mask)) and value.shape == (1,)
        assert bool((logits[0, ~torch.as_tensor(mask)] <= -1e8).all()), "an illegal index has a usable logit"
        assert bool(torch.isfinite(logits[0, torch.as_tensor(mask)]).all())
        a = int(torch.argmax(logits[0]))
        assert mask[a]
        obs, _r, te, tr, info = env.step(a)
        if te or tr:
            obs, info = env.reset()


def test_the_hint_prior_starts_the_policy_at_the_hint() -> None:
    """With a large hint prior the greedy choice is the hinted row (a residual policy around the
    hint agent); with none it is the net's own."""
    env = gym.make("mtg_env/Duel-v0", opponent="heuristic", actions="moves", hint="heuristic", **SMALL)
    from mtg_env.env.observation import ACTION_EXTRA
    hint = ACTION_EXTRA.index("hint")
    net = EntityNet.from_space(env.observation_space, dim=16, card_dim=8, heads=2, hint_prior=50.0)
    obs, _info = env.reset(seed=2)
    checked = 0
    for _ in range(40):
        rows = np.flatnonzero(obs["action_extra"][:, hint] > 0)
        logits, _v = net(as_tensors(obs))
        if len(rows) == 1:
            assert int(torch.argmax(logits[0])) == int(obs["action_index"][rows[0]])
            checked += 1
        obs, _r, te, tr, _info = env.step(int(torch.argmax(logits[0])))
        if te or tr:
            obs, _info = env.reset()
    assert checked > 5


# ---- Stable-Baselines3 --------------------------------------------------------------------------


def test_sb3_maskable_ppo_trains_the_entity_policy() -> None:
    from sb3_contrib import MaskablePPO

    from mtg_env.learn.sb3 import EntityPolicy
    env = gym.make("mtg_env/Duel-v0", opponent="heuristic", actions="moves", **SMALL)
    model = MaskablePPO(EntityPolicy, env, n_steps=128, batch_size=64, n_epochs=1, seed=0, device="cpu",
                        policy_kwargs={"net": {"dim": 16, "card_dim": 8, "heads": 2}})
    before = [p.detach().clone() for p in model.policy.parameters()]
    model.learn(total_timesteps=256)
    assert model.num_timesteps >= 256
    assert any(not torch.equal(a, b) for a, b in zip(before, model.policy.parameters(), strict=True)), \
        "training changed no weight"
    obs, info = env.reset(seed=3)
    for _ in range(50):
        a, _s = model.predict(obs, action_masks=info["action_mask"] > 0, deterministic=False)
        assert info["action_mask"][int(a)] == 1
        obs, _r, te, tr, info = env.step(int(a))
        if te or tr:
            obs, info = env.reset()


# ---- RLlib: mtg-env train --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One iteration of `mtg-env train`, then `--resume` to a second one (the CLI, a local Ray)."""
    tmp = tmp_path_factory.mktemp("train")
    cfg = tmp / "tiny.yaml"
    cfg.write_text(yaml.safe_dump(tiny_config()), encoding="utf-8")
    run = tmp / "run"
    assert cli_main(["train", str(cfg), "--out", str(run)]) == 0
    first = json.loads((run / "summary.json").read_text())
    assert first["iteration"] == 1 and first["resumed_from"] is None
    assert cli_main(["train", str(cfg), "--out", str(run), "--resume", "--iterations", "2"]) == 0
    return run


def test_train_runs_an_iteration_and_resumes_from_its_checkpoint(trained: Path) -> None:
    run = trained
    summary = json.loads((run / "summary.json").read_text())
    assert summary["iteration"] == 2
    assert summary["resumed_from"] is not None and summary["resumed_from"].endswith("iter_000001")
    assert (run / "checkpoints" / "latest").read_text().strip() == "iter_000002"
    for it in ("iter_000001", "iter_000002"):
        d = run / "checkpoints" / it
        assert (d / "policy.pt").is_file() and (d / "league.json").is_file() and (d / "algo").is_dir()
    with open(run / "progress.csv", newline="") as f:
        progress = list(csv.DictReader(f))
    assert [int(r["iteration"]) for r in progress] == [1, 2]  # the log goes on, not restarted
    assert int(progress[1]["env_steps"]) > int(progress[0]["env_steps"]) >= 160
    with open(run / "eval.csv", newline="") as f:
        evals = list(csv.DictReader(f))
    assert [int(r["iteration"]) for r in evals] == [1, 2]
    for r in evals:
        assert int(r["games"]) == 2 and 0 <= float(r["win_rate"]) <= 1
    assert (run / "learning_curve.png").stat().st_size > 0
    assert any((run / "tb").iterdir())
    saved = json.loads((run / "checkpoints" / "iter_000002" / "league.json").read_text())
    assert saved["iteration"] == 2


def test_the_checkpoint_plays_a_game_and_a_tournament(trained: Path, tmp_path: Path) -> None:
    agent = PolicyAgent.load(trained)
    g = new_game([str(DECKS / "red_burn.txt"), str(DECKS / "green_ramp.txt")], seed=5, turn_limit=12)
    from agents import HeuristicAgent
    play_game(g, [agent, HeuristicAgent(1)])
    assert g.game_over

    from mtg_env.harness import run as harness_run
    cfg = {"kind": "tournament", "name": "policy vs heuristic", "seed": 1, "format": "round_robin",
           "games_per_match": 2, "turn_limit": 12,
           "entrants": [{"name": "trained", "agent": "policy", "agent_options": {"checkpoint": str(trained)},
                         "deck": str(DECKS / "red_burn.txt")},
                        {"name": "heuristic", "agent": "heuristic", "deck": str(DECKS / "green_ramp.txt")}]}
    summary = harness_run(cfg, out=tmp_path / "out", progress=False, echo=None, use_ray=False)
    assert summary["games"] == 2
    assert {s["entrant"] for s in summary["standings"]} == {"trained", "heuristic"}


def test_mtg_env_play_takes_the_checkpoint_as_an_agent_option(trained: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """`mtg-env play --opponent policy --opponent-option checkpoint=RUN`: the person concedes at
    once (end of input), the trained agent was made from the checkpoint."""
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    rc = cli_main(["play", "--deck", str(DECKS / "red_burn.txt"), "--opponent-deck", str(DECKS / "green_ramp.txt"),
                   "--opponent", "policy", "--opponent-option", f"checkpoint={trained}", "--turn-limit", "4"])
    assert rc in (0, 1)
    assert cli_main(["play", "--deck", str(DECKS / "red_burn.txt"), "--opponent-deck", str(DECKS / "green_ramp.txt"),
                     "--opponent", "policy", "--opponent-option", "checkpoint"]) == 2
    assert "expected KEY=VALUE" in capsys.readouterr().err


# ---- bad configs ------------------------------------------------------------------------------


@pytest.mark.parametrize(("change", "message"), [
    ({"ppo": {"lr": "fast"}}, "ppo.lr"),
    ({"model": {"dim": 16, "width": 3}}, "model.width: unknown key"),
    ({"env": {"deck_pool": ["no_such_deck"]}}, "no_such_deck"),
    ({"league": {"rule": "strongest"}}, "league"),
    ({"iterations": 0}, "iterations"),
])
def test_a_bad_training_config_names_its_key(change: dict[str, Any], message: str) -> None:
    with pytest.raises(TrainConfigError, match=message):
        load_train_config(tiny_config(**change))


def test_mtg_env_train_reports_a_bad_config_without_a_traceback(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "bad.yaml"
    cfg.write_text(yaml.safe_dump(tiny_config(ppo={"lr": "fast"})), encoding="utf-8")
    assert cli_main(["train", str(cfg), "--out", str(tmp_path / "run")]) == 2
    err = capsys.readouterr().err
    assert "bad.yaml" in err and "ppo.lr" in err
    assert not (tmp_path / "run").exists(), "a bad config wrote a run folder"
