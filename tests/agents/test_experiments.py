"""The training scripts of experiments/ run end to end with a tiny budget: training runs, the learning
curve is written (CSV and PNG) and the trained policy is evaluated against a masked random policy.
No reward threshold: a tiny budget learns nothing. Each test is skipped when its library (the `rl`
extra: torch, sb3-contrib, ray[rllib]) is not installed.

Each script runs as a subprocess (Ray starts and stops its own processes), with its wall time
printed (`pytest -s`): about 6 s for MaskablePPO and 20-30 s for RLlib on this machine.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import re
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import gymnasium as gym
import numpy as np
import pytest

from tests.helpers import ROOT

EXPERIMENTS = ROOT / "experiments"
NUMBER = r"(-?\d+(?:\.\d+)?)"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"experiments_{name}", EXPERIMENTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(script: str, args: list[str], timeout: float) -> tuple[subprocess.CompletedProcess[str], float]:
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, str(EXPERIMENTS / script), *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)
    seconds = time.perf_counter() - t0
    print(f"\n{script} {' '.join(args)}: {seconds:.1f} s")
    assert proc.returncode == 0, f"{script} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-5000:]}"
    return proc, seconds


def check_outputs(out: Path, stdout: str) -> dict[str, float]:
    """The curve files exist and the evaluation printed both mean rewards."""
    for name in ("learning_curve.csv", "learning_curve.png", "results.json"):
        assert (out / name).is_file() and (out / name).stat().st_size > 0, name
    assert (out / "learning_curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with open(out / "learning_curve.csv") as f:
        assert len(list(csv.DictReader(f))) >= 1
    trained = re.search(rf"trained policy mean reward: {NUMBER}", stdout)
    random = re.search(rf"masked random policy mean reward: {NUMBER}", stdout)
    assert trained and random, stdout
    results = json.loads((out / "results.json").read_text())
    assert results["trained_mean_reward"] == pytest.approx(float(trained[1]), abs=1e-4)
    assert results["random_mean_reward"] == pytest.approx(float(random[1]), abs=1e-4)
    return results


# ------------------------------------------------------------------------------------------
# the scripts' environments (no RL library needed)


def test_maskable_ppo_task_env() -> None:
    m = load("train_maskable_ppo")
    env = m.make_env(turn_limit=3)
    obs, _info = env.reset(seed=0)
    assert isinstance(env.observation_space, gym.spaces.Box) and env.observation_space.contains(obs)
    assert m.masks_of(env).dtype == bool and m.masks_of(env).any()
    returns = m.evaluate(m.masked_random(0), env, episodes=2, seed=0)
    assert len(returns) == 2 and all(np.isfinite(returns))


def test_rllib_task_env() -> None:
    m = load("train_rllib_ppo")
    env = m.make_env({"turn_limit": 3})
    obs, _info = env.reset(seed=0)
    assert set(obs) == {"observations", "action_mask"}
    assert obs["action_mask"].dtype == np.int8 and obs["observations"].dtype == np.float32
    assert env.observation_space.contains(obs)
    returns = m.evaluate(m.masked_random(0), env, episodes=2, seed=0)
    assert len(returns) == 2 and all(np.isfinite(returns))


# ------------------------------------------------------------------------------------------
# the scripts, with a tiny budget


def test_train_maskable_ppo_tiny(tmp_path: Path) -> None:
    pytest.importorskip("torch", reason="the rl extra (torch) is not installed")
    pytest.importorskip("sb3_contrib", reason="the rl extra (sb3-contrib) is not installed")
    out = tmp_path / "maskable_ppo"
    proc, _seconds = run("train_maskable_ppo.py", ["--total-timesteps", "512", "--n-steps", "256",
                                                   "--batch-size", "64", "--eval-episodes", "2",
                                                   "--turn-limit", "4", "--seed", "1", "--out", str(out)],
                         timeout=300)
    results = check_outputs(out, proc.stdout)
    assert results["total_timesteps"] >= 512 and results["train_episodes"] >= 1
    assert (out / "model.zip").is_file() and (out / "monitor.csv").is_file()


def test_train_rllib_ppo_tiny(tmp_path: Path) -> None:
    pytest.importorskip("torch", reason="the rl extra (torch) is not installed")
    pytest.importorskip("ray.rllib", reason="the rl extra (ray[rllib]) is not installed")
    out = tmp_path / "rllib_ppo"
    proc, _seconds = run("train_rllib_ppo.py", ["--iterations", "1", "--train-batch-size", "256",
                                                "--minibatch-size", "128", "--num-epochs", "1",
                                                "--num-env-runners", "1", "--num-cpus", "2",
                                                "--eval-episodes", "2", "--turn-limit", "4", "--out", str(out)],
                         timeout=600)
    results = check_outputs(out, proc.stdout)
    assert results["env_steps"] >= 256
    assert "iteration 1:" in proc.stdout
