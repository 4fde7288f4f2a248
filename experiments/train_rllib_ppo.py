"""Train RLlib PPO with the action-masking RLModule on the small Goldfish task of
train_maskable_ppo.py, and compare it with a masked random policy.

The env is `mtg_env/Goldfish-v0` (one deck, reward "damage", `--turn-limit` turns) wrapped in
`mtg_env.env.RLlibMaskObs`, which gives RLlib's masking module its
`{"observations": ..., "action_mask": int8[N]}` convention; the inner observation is cut to its
fixed-size parts and flattened into one Box, which RLlib's default encoders need. The module is
`ActionMaskingTorchRLModule` from the installed Ray
(ray.rllib.examples.rl_modules.classes.action_masking_rlm), on the new API stack with env runners.

Writes to `--out`: `learning_curve.csv` (iteration, env steps, mean episode return),
`learning_curve.png` and `results.json`; prints the mean evaluation reward of the trained policy
(greedy, through the module's masked logits) and of the masked random policy.

    python experiments/train_rllib_ppo.py --iterations 20 --num-env-runners 1
    python experiments/train_rllib_ppo.py --address auto    # on a running Ray cluster

Needs the `rl` extra: `pip install torch "ray[rllib]"` (see pyproject.toml).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

import mtg_env.env  # noqa: E402,F401  (registers the ids)
from mtg_env.env import RLlibMaskObs  # noqa: E402
from mtg_env.paths import deck_file  # noqa: E402

ENV_ID = "mtg_env/Goldfish-v0"
ENV_NAME = "mtg_goldfish_masked"
POLICY_KEYS = ("global", "players", "objects", "object_cards")
Policy = Callable[[dict[str, Any]], int]


def deck_path(name: str) -> str:
    """A deck file, or a deck's name in configs/decks/ ("red_burn")."""
    return str(deck_file(name) or name)


class FlattenInner(gym.ObservationWrapper):
    """Keeps `POLICY_KEYS` of RLlibMaskObs's "observations" Dict, flattened into one float32 Box."""

    def __init__(self, env: gym.Env):
        super().__init__(env)
        inner = env.observation_space["observations"]  # type: ignore[index]
        self._inner = spaces.Dict({k: inner[k] for k in POLICY_KEYS})
        flat = spaces.flatten_space(self._inner)
        self.observation_space = spaces.Dict({
            "observations": spaces.Box(-np.inf, np.inf, flat.shape, np.float32),
            "action_mask": env.observation_space["action_mask"],  # type: ignore[index]
        })

    def observation(self, observation: dict[str, Any]) -> dict[str, Any]:
        inner = {k: observation["observations"][k] for k in POLICY_KEYS}
        flat = np.asarray(spaces.flatten(self._inner, inner), dtype=np.float32)
        return {"observations": flat,
                "action_mask": observation["action_mask"]}


def make_env(config: dict[str, Any] | None = None) -> gym.Env:
    """The task for RLlib (`config`: deck, turn_limit, max_steps, mulligans)."""
    c = dict(config or {})
    env = gym.make(ENV_ID, decks=[deck_path(c.get("deck", "red_burn"))], reward="damage",
                   turn_limit=int(c.get("turn_limit", 6)), max_steps=int(c.get("max_steps", 400)),
                   mulligans=bool(c.get("mulligans", False)))
    return FlattenInner(RLlibMaskObs(env))


def evaluate(policy: Policy, env: gym.Env, episodes: int, seed: int) -> list[float]:
    returns = []
    for k in range(episodes):
        obs, _info = env.reset(seed=seed + k)
        total, done = 0.0, False
        while not done:
            obs, reward, terminated, truncated, info = env.step(policy(obs))
            assert not info.get("illegal_action"), "the policy took an illegal action"
            total += float(reward)
            done = terminated or truncated
        returns.append(total)
    return returns


def masked_random(seed: int) -> Policy:
    rng = np.random.default_rng(seed)
    return lambda obs: int(rng.choice(np.flatnonzero(obs["action_mask"])))


def greedy(module: Any) -> Policy:
    """The module's most likely action (its logits are masked by the module itself)."""
    import torch
    from ray.rllib.core.columns import Columns

    def act(obs: dict[str, Any]) -> int:
        batch = {Columns.OBS: {"observations": torch.from_numpy(obs["observations"][None]),
                               "action_mask": torch.from_numpy(obs["action_mask"][None])}}
        with torch.no_grad():
            out = module.forward_inference(batch)
        return int(torch.argmax(out[Columns.ACTION_DIST_INPUTS][0]).item())
    return act


def write_curve(out: Path, rows: Sequence[dict[str, float]], baseline: float, title: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    with open(out / "learning_curve.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["iteration", "env_steps", "episode_return_mean", "episodes"])
        w.writeheader()
        w.writerows(rows)
    fig, ax = plt.subplots(figsize=(7, 4))
    pts = [(r["env_steps"], r["episode_return_mean"]) for r in rows if not math.isnan(r["episode_return_mean"])]
    if pts:
        ax.plot(*zip(*pts, strict=True), "o-", label="mean episode return (training)")
    ax.axhline(baseline, color="gray", linestyle="--", label="masked random (eval)")
    ax.set_xlabel("env steps")
    ax.set_ylabel("episode return")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "learning_curve.png", dpi=100)
    plt.close(fig)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--iterations", type=int, default=10, help="PPO training iterations")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=ROOT / "runs" / "rllib_ppo")
    ap.add_argument("--address", default=None,
                    help="a Ray cluster to join (ray.init(address=...), e.g. 'auto'); default: a local Ray")
    ap.add_argument("--num-cpus", type=int, default=None, help="CPUs of the local Ray (without --address)")
    ap.add_argument("--num-env-runners", type=int, default=1)
    ap.add_argument("--num-envs-per-env-runner", type=int, default=1)
    ap.add_argument("--train-batch-size", type=int, default=2000, help="env steps per iteration")
    ap.add_argument("--minibatch-size", type=int, default=256)
    ap.add_argument("--num-epochs", type=int, default=6)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--deck", default="red_burn", help="a deck name in configs/decks or a deck file")
    ap.add_argument("--turn-limit", type=int, default=6)
    ap.add_argument("--max-steps", type=int, default=400, help="learner decisions per episode")
    ap.add_argument("--eval-episodes", type=int, default=20)
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    import ray
    import torch
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    torch.set_num_threads(1)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    env_config = {"deck": args.deck, "turn_limit": args.turn_limit, "max_steps": args.max_steps,
                  "mulligans": False}
    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.num_cpus, include_dashboard=False, log_to_driver=False)
    register_env(ENV_NAME, make_env)
    try:
        config = (
            PPOConfig()
            .environment(ENV_NAME, env_config=env_config)
            .env_runners(num_env_runners=args.num_env_runners,
                         num_envs_per_env_runner=args.num_envs_per_env_runner)
            .training(train_batch_size_per_learner=args.train_batch_size, minibatch_size=args.minibatch_size,
                      num_epochs=args.num_epochs, lr=args.lr, gamma=0.995, entropy_coeff=0.01)
            .rl_module(rl_module_spec=RLModuleSpec(
                module_class=ActionMaskingTorchRLModule,
                model_config={"fcnet_hiddens": [128, 128], "head_fcnet_hiddens": [64]}))
            .debugging(seed=args.seed)
        )
        algo = config.build_algo()
        rows: list[dict[str, float]] = []
        t0 = time.perf_counter()
        for it in range(1, args.iterations + 1):
            result = algo.train()
            runners = result.get("env_runners", {})
            ret = float(runners.get("episode_return_mean", float("nan")))
            steps = int(result.get("num_env_steps_sampled_lifetime",
                                   runners.get("num_env_steps_sampled_lifetime", 0)))
            rows.append({"iteration": it, "env_steps": steps, "episode_return_mean": ret,
                         "episodes": int(runners.get("num_episodes_lifetime", 0))})
            print(f"iteration {it}: env steps {steps}, mean episode return {ret:.4f}", flush=True)
        train_seconds = time.perf_counter() - t0

        module = algo.get_module()
        eval_env = make_env(env_config)
        eval_seed = 10_000 + args.seed
        t1 = time.perf_counter()
        trained_returns = evaluate(greedy(module), eval_env, args.eval_episodes, eval_seed)
        random_returns = evaluate(masked_random(args.seed), eval_env, args.eval_episodes, eval_seed)
        eval_seconds = time.perf_counter() - t1
        algo.stop()
    finally:
        ray.shutdown()

    write_curve(out, rows, float(np.mean(random_returns)),
                f"RLlib PPO (action masking) on {ENV_ID} ({args.deck}, {args.turn_limit} turns)")
    results = {
        "algorithm": "RLlib PPO + ActionMaskingTorchRLModule", "env": ENV_ID, **env_config,
        "seed": args.seed, "iterations": args.iterations, "env_steps": rows[-1]["env_steps"] if rows else 0,
        "train_seconds": round(train_seconds, 2), "eval_seconds": round(eval_seconds, 2),
        "eval_episodes": args.eval_episodes,
        "trained_mean_reward": float(np.mean(trained_returns)),
        "trained_std_reward": float(np.std(trained_returns)),
        "random_mean_reward": float(np.mean(random_returns)),
        "random_std_reward": float(np.std(random_returns)),
    }
    (out / "results.json").write_text(json.dumps(results, indent=2))
    print(f"trained {args.iterations} iterations ({results['env_steps']} env steps) in {train_seconds:.1f}s; "
          f"wrote {out / 'learning_curve.csv'} and {out / 'learning_curve.png'}")
    print(f"trained policy mean reward: {results['trained_mean_reward']:.4f} "
          f"(+/- {results['trained_std_reward']:.4f}, {args.eval_episodes} episodes)")
    print(f"masked random policy mean reward: {results['random_mean_reward']:.4f} "
          f"(+/- {results['random_std_reward']:.4f}, {args.eval_episodes} episodes)")
    return results


if __name__ == "__main__":
    main()
