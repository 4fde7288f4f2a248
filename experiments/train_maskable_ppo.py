"""Train MaskablePPO (sb3-contrib) on a small Goldfish task and compare it with a masked random policy.

The task: `mtg_env/Goldfish-v0` with one deck (red burn by default) against a goldfish that never
acts, reward "damage" (life the goldfish lost / 20, +1 for a win), and a short game (`--turn-limit`
turns), so the return measures how fast the policy deals damage. The observation Dict is cut to
its fixed-size parts (global, players, objects, object_cards) and flattened for an MLP policy; the
legal-action mask reaches MaskablePPO through `env.action_masks()`.

Writes to `--out`: `monitor.csv` (sb3's episode log), `learning_curve.csv` (episode, timesteps,
reward, length), `learning_curve.png`, `model.zip` and `results.json`; prints the mean evaluation
reward of the trained policy and of the masked random policy.

    python experiments/train_maskable_ppo.py --total-timesteps 50000 --seed 0 --out runs/maskable_ppo

Needs the `rl` extra: `pip install torch sb3-contrib` (see pyproject.toml).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

import mtg_env.env  # noqa: E402,F401  (registers the ids)
from mtg_env.paths import deck_file  # noqa: E402

ENV_ID = "mtg_env/Goldfish-v0"
POLICY_KEYS = ("global", "players", "objects", "object_cards")
Policy = Callable[[gym.Env, Any], int]


def deck_path(name: str) -> str:
    """A deck file, or a deck's name in configs/decks/ ("red_burn")."""
    return str(deck_file(name) or name)


def make_env(deck: str = "red_burn", turn_limit: int = 6, max_steps: int = 400, mulligans: bool = False,
             flatten: bool = True) -> gym.Env:
    """The Goldfish task; with `flatten`, the observation is one float vector (see the module doc)."""
    env = gym.make(ENV_ID, decks=[deck_path(deck)], reward="damage", turn_limit=turn_limit,
                   max_steps=max_steps, mulligans=mulligans)
    if flatten:
        env = gym.wrappers.FilterObservation(env, list(POLICY_KEYS))
        env = gym.wrappers.FlattenObservation(env)
    return env


def masks_of(env: gym.Env) -> np.ndarray:
    return np.asarray(env.get_wrapper_attr("action_masks")(), dtype=bool)


def masked_random(seed: int) -> Policy:
    rng = np.random.default_rng(seed)
    return lambda env, obs: int(rng.choice(np.flatnonzero(masks_of(env))))


def evaluate(policy: Policy, env: gym.Env, episodes: int, seed: int) -> list[float]:
    """Undiscounted return of each of `episodes` games, seeded seed, seed + 1, ..."""
    returns = []
    for k in range(episodes):
        obs, _info = env.reset(seed=seed + k)
        total, done = 0.0, False
        while not done:
            obs, reward, terminated, truncated, info = env.step(policy(env, obs))
            assert not info.get("illegal_action"), "the policy took an illegal action"
            total += float(reward)
            done = terminated or truncated
        returns.append(total)
    return returns


def write_curve(out: Path, rows: Sequence[dict[str, float]], x: str, y: str, title: str,
                baseline: float | None = None) -> None:
    """`learning_curve.csv` and `learning_curve.png` (raw points and a moving average)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    if rows:
        with open(out / "learning_curve.csv", "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    xs = np.array([r[x] for r in rows], dtype=float)
    ys = np.array([r[y] for r in rows], dtype=float)
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(xs, ys, ".", alpha=0.3, label=y)
    if len(ys) >= 5:
        k = max(5, len(ys) // 20)
        smooth = np.convolve(ys, np.ones(k) / k, mode="valid")
        ax.plot(xs[k - 1:], smooth, "-", label=f"moving average ({k})")
    if baseline is not None:
        ax.axhline(baseline, color="gray", linestyle="--", label="masked random (eval)")
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "learning_curve.png", dpi=100)
    plt.close(fig)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--total-timesteps", type=int, default=30_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=ROOT / "runs" / "maskable_ppo")
    ap.add_argument("--deck", default="red_burn", help="a deck name in configs/decks or a deck file")
    ap.add_argument("--turn-limit", type=int, default=6)
    ap.add_argument("--max-steps", type=int, default=400, help="learner decisions per episode")
    ap.add_argument("--mulligans", action="store_true", help="keep mulligan decisions in the task")
    ap.add_argument("--n-steps", type=int, default=512, help="rollout length per PPO update")
    ap.add_argument("--batch-size", type=int, default=128)
    ap.add_argument("--learning-rate", type=float, default=3e-4)
    ap.add_argument("--eval-episodes", type=int, default=20)
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.monitor import Monitor

    torch.set_num_threads(1)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    env_kwargs = {"deck": args.deck, "turn_limit": args.turn_limit, "max_steps": args.max_steps,
                  "mulligans": args.mulligans}
    env: Monitor = Monitor(make_env(**env_kwargs), filename=str(out / "monitor.csv"))
    model = MaskablePPO("MlpPolicy", env, n_steps=args.n_steps, batch_size=args.batch_size,
                        learning_rate=args.learning_rate, gamma=0.995, ent_coef=0.01, seed=args.seed,
                        policy_kwargs={"net_arch": [128, 128]}, verbose=0, device="cpu")
    t0 = time.perf_counter()
    model.learn(total_timesteps=args.total_timesteps)
    train_seconds = time.perf_counter() - t0
    model.save(out / "model.zip")

    rewards, lengths = env.get_episode_rewards(), env.get_episode_lengths()
    steps = np.cumsum(lengths)
    rows = [{"episode": i + 1, "timesteps": int(s), "reward": float(r), "length": int(n)}
            for i, (s, r, n) in enumerate(zip(steps, rewards, lengths, strict=True))]

    eval_env = make_env(**env_kwargs)

    def trained(e: gym.Env, obs: Any) -> int:
        action, _ = model.predict(obs, action_masks=masks_of(e), deterministic=True)
        return int(action)

    eval_seed = 10_000 + args.seed
    t1 = time.perf_counter()
    trained_returns = evaluate(trained, eval_env, args.eval_episodes, eval_seed)
    random_returns = evaluate(masked_random(args.seed), eval_env, args.eval_episodes, eval_seed)
    eval_seconds = time.perf_counter() - t1
    write_curve(out, rows, "timesteps", "reward", f"MaskablePPO on {ENV_ID} ({args.deck}, "
                f"{args.turn_limit} turns)", baseline=float(np.mean(random_returns)))

    results = {
        "algorithm": "MaskablePPO", "env": ENV_ID, **env_kwargs, "seed": args.seed,
        "total_timesteps": int(model.num_timesteps), "train_episodes": len(rewards),
        "train_seconds": round(train_seconds, 2), "eval_seconds": round(eval_seconds, 2),
        "eval_episodes": args.eval_episodes,
        "first_train_episodes_mean_reward": float(np.mean(rewards[:10])) if rewards else None,
        "last_train_episodes_mean_reward": float(np.mean(rewards[-10:])) if rewards else None,
        "trained_mean_reward": float(np.mean(trained_returns)),
        "trained_std_reward": float(np.std(trained_returns)),
        "random_mean_reward": float(np.mean(random_returns)),
        "random_std_reward": float(np.std(random_returns)),
    }
    (out / "results.json").write_text(json.dumps(results, indent=2))
    print(f"trained {results['total_timesteps']} timesteps ({len(rewards)} episodes) in {train_seconds:.1f}s; "
          f"wrote {out / 'learning_curve.csv'} and {out / 'learning_curve.png'}")
    print(f"trained policy mean reward: {results['trained_mean_reward']:.4f} "
          f"(+/- {results['trained_std_reward']:.4f}, {args.eval_episodes} episodes)")
    print(f"masked random policy mean reward: {results['random_mean_reward']:.4f} "
          f"(+/- {results['random_std_reward']:.4f}, {args.eval_episodes} episodes)")
    return results


if __name__ == "__main__":
    main()
