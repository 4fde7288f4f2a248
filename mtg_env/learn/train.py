"""`mtg-env train CONFIG`: self-play on Ray, RLlib multi-agent PPO with a league.

The learner ("main", an `EntityRLModule`) plays the self-play env (selfplay.py) against the
league's opponents (league.py: HeuristicAgent or any registered agent inside the env, itself,
past snapshots of itself, drawn by the rule the config names). Every `checkpoint_every`
iterations the run is checkpointed to `OUT/checkpoints/iter_NNNNNN/`: the RLlib algorithm
(`algo/`), the policy alone for Ray-free play (`policy.pt`: `PolicyAgent.load`), the league
(`league.json`); `checkpoints/latest` names the newest. `--resume` goes on from it (the
algorithm, the league, the iteration count, the logs). Every `evaluation.every` iterations the
policy plays `evaluation.games` fixed games against `evaluation.opponent` (evaluate.py) and the
win rate goes to `OUT/eval.csv`, TensorBoard (`OUT/tb/`, with tensorboardX) and
`OUT/learning_curve.png`; `OUT/progress.csv` has each iteration's training figures (the
learner's own return and its win rate against each opponent, not the zero-sum total).

It runs on a laptop (a local Ray with `resources.num_cpus`) and unchanged on a cluster
(`--address auto` or an address: `ray.init(address=...)`). Needs torch and ray[rllib].
"""

from __future__ import annotations

import csv
import json
import math
import shutil
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..harness.cluster import connect, shutdown
from .config import TrainConfig, TrainConfigError, load_train_config
from .league import League

ENV_NAME = "mtg_env_selfplay"
PROGRESS_FIELDS = ["iteration", "env_steps", "minutes", "episodes", "main_return", "games_vs", "win_vs",
                   "vf_explained_var", "entropy", "mean_kl", "hint_nll"]
#: the learner's figures of an iteration logged to progress.csv (RLlib's result["learners"]["main"])
LEARNER_FIELDS = {"vf_explained_var": "vf_explained_var", "entropy": "entropy", "mean_kl": "mean_kl_loss",
                  "hint_nll": "hint_nll"}
EVAL_FIELDS = ["iteration", "env_steps", "minutes", "games", "wins", "draws", "win_rate", "wilson_low", "wilson_high"]


def _callback_class() -> Any:
    from ray.rllib.callbacks.callbacks import RLlibCallback

    class LeagueCallback(RLlibCallback):
        """Logs, per opponent, the learner's outcomes (from the last info of "main")."""

        def on_episode_end(self, *, episode: Any, metrics_logger: Any = None, **kwargs: Any) -> None:
            sa = getattr(episode, "agent_episodes", {}).get("main")
            if sa is None or metrics_logger is None or len(sa) == 0:
                return
            info = sa.get_infos(-1) or {}
            opp = info.get("opponent")
            if opp is None:
                return
            metrics_logger.log_value(f"win_vs_{opp}", float(info["outcome"] > 0), reduce="mean", window=400)
            metrics_logger.log_value(f"games_vs_{opp}", 1, reduce="sum")
    return LeagueCallback


def build_algo(cfg: TrainConfig, league: League) -> Any:
    """The RLlib PPO algorithm of a config (Ray must be initialised)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.tune.registry import register_env

    from .rllib_module import EntityRLModule
    from .selfplay import SelfPlayEnv, module_of

    register_env(ENV_NAME, lambda c: SelfPlayEnv(dict(c)))
    modules = ["main"] + [league.slot_module(i) for i in range(cfg.league.size)]
    spec = RLModuleSpec(module_class=EntityRLModule, model_config=dict(cfg.model))
    r, p = cfg.resources, cfg.ppo
    env_config = dict(cfg.env, league_size=cfg.league.size, opponent_weights=league.opponent_weights(),
                      shaping_gamma=p.get("gamma", 0.995))
    training = {"train_batch_size_per_learner": p.get("train_batch_size", 4000),
                "minibatch_size": p.get("minibatch_size", 500), "num_epochs": p.get("num_epochs", 4),
                "lr": p.get("lr", 3e-4), "gamma": p.get("gamma", 0.995), "lambda_": p.get("lambda", 0.95),
                "entropy_coeff": p.get("entropy_coeff", 0.01), "clip_param": p.get("clip_param", 0.2),
                "vf_loss_coeff": p.get("vf_loss_coeff", 0.5), "vf_clip_param": p.get("vf_clip_param", 10.0),
                "grad_clip": p.get("grad_clip", 1.0), "kl_coeff": p.get("kl_coeff", 0.2)}
    from .hint_learner import HintPPOLearner
    config = (
        PPOConfig()
        .environment(ENV_NAME, env_config=env_config, disable_env_checking=True)
        .env_runners(num_env_runners=r.get("num_env_runners", 1),
                     num_envs_per_env_runner=r.get("num_envs_per_env_runner", 8),
                     rollout_fragment_length=r.get("rollout_fragment_length", "auto"),
                     num_cpus_per_env_runner=1, sample_timeout_s=r.get("sample_timeout_s", 600.0))
        .learners(num_learners=0, learner_class=HintPPOLearner,
                  learner_config_dict={"hint_coeff": p.get("hint_coeff", 0.0)})
        .multi_agent(policies=set(modules), policy_mapping_fn=lambda aid, *args, **kw: module_of(aid),
                     policies_to_train=["main"])
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={m: spec for m in modules}))
        .training(**training)
        .callbacks(_callback_class())
        .debugging(seed=cfg.seed)
        .reporting(metrics_num_episodes_for_smoothing=100)
    )
    return config.build_algo()


def _main_net(algo: Any) -> Any:
    """A copy of the learner's EntityNet (on the CPU, in eval mode)."""
    import copy
    results = algo.learner_group.foreach_learner(lambda learner: copy.deepcopy(learner.module["main"].net).cpu())
    first = next(iter(results))
    net = first.get() if hasattr(first, "get") else first  # a CallResult
    return net.eval()


def _copy_module(algo: Any, src: str, dst: str) -> None:
    """Module `dst` gets the weights of `src`, in the learner and on every env runner."""
    def copy_in(learner: Any) -> None:
        learner.module[dst].net.load_state_dict(learner.module[src].net.state_dict())
    algo.learner_group.foreach_learner(copy_in)
    _sync(algo, [dst])


def _sync(algo: Any, modules: list[str] | None = None) -> None:
    algo.env_runner_group.sync_weights(policies=modules, from_worker_or_learner_group=algo.learner_group,
                                       inference_only=True, timeout_seconds=30.0)


def _set_opponents(algo: Any, weights: dict[str, float]) -> None:
    def apply(runner: Any) -> None:
        env = getattr(runner, "env", None)
        for e in getattr(env, "envs", None) or ([env] if env is not None else []):
            target = getattr(e, "unwrapped", e)
            if hasattr(target, "set_opponent_weights"):
                target.set_opponent_weights(weights)
    algo.env_runner_group.foreach_env_runner(apply, local_env_runner=True)


class Logs:
    """progress.csv, eval.csv, TensorBoard and the learning curve of a run folder."""

    def __init__(self, out: Path, resume: bool):
        self.out = out
        self.tb: Any = None
        try:
            from tensorboardX import SummaryWriter
            self.tb = SummaryWriter(str(out / "tb"))
        except ImportError:
            self.tb = None
        for name, fields in (("progress.csv", PROGRESS_FIELDS), ("eval.csv", EVAL_FIELDS)):
            path = out / name
            if not (resume and path.exists()):
                with open(path, "w", newline="") as f:
                    csv.writer(f).writerow(fields)

    def row(self, name: str, fields: list[str], row: dict[str, Any]) -> None:
        with open(self.out / name, "a", newline="") as f:
            csv.DictWriter(f, fieldnames=fields).writerow({k: row.get(k, "") for k in fields})

    def scalar(self, tag: str, value: float, step: int) -> None:
        if self.tb is not None and value == value:  # not NaN
            self.tb.add_scalar(tag, value, step)
            self.tb.flush()

    def evals(self) -> list[dict[str, str]]:
        with open(self.out / "eval.csv", newline="") as f:
            return list(csv.DictReader(f))

    def plot(self, title: str) -> None:
        rows = self.evals()
        if not rows:
            return
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        x = [float(r["minutes"]) for r in rows]
        y = [float(r["win_rate"]) for r in rows]
        lo = [float(r["wilson_low"]) for r in rows]
        hi = [float(r["wilson_high"]) for r in rows]
        fig, ax = plt.subplots(figsize=(7, 4))
        ax.fill_between(x, lo, hi, alpha=0.2, label="Wilson 95%")
        ax.plot(x, y, "o-", label=f"win rate ({rows[-1]['games']} games each)")
        ax.axhline(0.55, color="gray", linestyle="--", label="target 0.55")
        ax.set_xlabel("training minutes")
        ax.set_ylabel("win rate against HeuristicAgent")
        ax.set_ylim(0, 1)
        ax.set_title(title)
        ax.legend(loc="upper left")
        fig.tight_layout()
        fig.savefig(self.out / "learning_curve.png", dpi=100)
        plt.close(fig)


def save_checkpoint(algo: Any, cfg: TrainConfig, league: League, out: Path, iteration: int, state: dict[str, Any]
                    ) -> Path:
    """OUT/checkpoints/iter_NNNNNN: the algorithm, policy.pt, league.json; then `latest`, and
    the oldest beyond `keep_checkpoints` removed."""
    from ..env.layout import env_layout
    from .checkpoint import save_policy
    from .selfplay import LIMIT_KEYS, SEAT_KEYS
    root = out / "checkpoints"
    path = root / f"iter_{iteration:06d}"
    algo.save_to_path(str((path / "algo").resolve()))
    layout = env_layout(None, **{k: cfg.env[k] for k in LIMIT_KEYS if k in cfg.env})
    seat = {k: cfg.env[k] for k in SEAT_KEYS if k in cfg.env}
    seat.setdefault("actions", "moves")
    save_policy(path, _main_net(algo), layout, seat, iteration=iteration, run=cfg.name, game=game_options(cfg))
    (path / "league.json").write_text(json.dumps({"league": league.state(), **state}, indent=1))
    (root / "latest").write_text(path.name)
    kept = sorted(p for p in root.iterdir() if p.is_dir() and p.name.startswith("iter_"))
    for old in kept[:-cfg.keep_checkpoints]:
        shutil.rmtree(old, ignore_errors=True)
    return path


def game_options(cfg: TrainConfig) -> dict[str, Any]:
    """The options of the training env's games (mana payment, mulligans): evaluations play the same."""
    from .selfplay import GAME_DEFAULTS
    return {k: cfg.env.get(k, v) for k, v in GAME_DEFAULTS.items()}


def evaluate_now(algo: Any, cfg: TrainConfig, games: int) -> Any:
    """The learner's current policy against the evaluation opponent, in this process."""
    return evaluate_net(_main_net(algo), cfg, games)


def evaluate_net(net: Any, cfg: TrainConfig, games: int) -> Any:
    """An EntityNet's greedy policy against the evaluation opponent, in this process."""
    from ..env.agent import PolicyAgent
    from ..env.layout import env_layout
    from .evaluate import evaluate
    from .policy import TorchPolicy
    from .selfplay import LIMIT_KEYS, SEAT_KEYS
    layout = env_layout(None, **{k: cfg.env[k] for k in LIMIT_KEYS if k in cfg.env})
    seat = {k: cfg.env[k] for k in SEAT_KEYS if k in cfg.env}
    seat.setdefault("actions", "moves")
    policy = TorchPolicy(net)
    decks = cfg.env.get("deck_pool")
    kw = {"decks": tuple(decks)} if decks else {}
    return evaluate(lambda seed: PolicyAgent(policy, seed, layout=layout, **seat), games,
                    cfg.eval_option("opponent"), cfg.eval_option("seed"),
                    turn_limit=int(cfg.env.get("turn_limit", 40)), game=game_options(cfg), **kw)


def train(config: str | dict[str, Any], out: str | None = None, address: str | None = None, resume: bool = False,
          iterations: int | None = None, time_budget_minutes: float | None = None, seed: int | None = None,
          quiet: bool = False) -> dict[str, Any]:
    """Run (or resume) a training run; returns a summary (see the module docstring)."""
    cfg = load_train_config(config)
    for flag, v in (("--iterations", iterations), ("--time-budget", time_budget_minutes)):
        if v is not None and not v > 0:
            raise TrainConfigError(cfg.where, "", f"{flag} must be at least 1, got {v}" if flag == "--iterations"
                                   else f"{flag} must be a positive number of minutes, got {v}")
    if iterations is not None:
        cfg.iterations = iterations
    if time_budget_minutes is not None:
        cfg.time_budget_minutes = time_budget_minutes
    if seed is not None:
        cfg.seed = seed
    run = Path(out) if out else Path("runs") / cfg.name
    run.mkdir(parents=True, exist_ok=True)

    def say(msg: str) -> None:
        if not quiet:
            print(msg, flush=True)

    import torch
    torch.set_num_threads(int(cfg.resources.get("torch_threads", 1)))
    league = League(cfg.league)
    latest = run / "checkpoints" / "latest"
    state = {"iteration": 0, "env_steps": 0, "minutes": 0.0}
    resumed_from = None
    if cfg.mode == "ppo" and resume and latest.is_file():
        resumed_from = run / "checkpoints" / latest.read_text().strip()
        saved = json.loads((resumed_from / "league.json").read_text())
        league.load_state(saved["league"])
        state = {k: saved.get(k, v) for k, v in state.items()}
    elif cfg.mode == "ppo" and resume:
        say(f"nothing to resume in {run}: starting afresh")
        resume = False
    (run / "config.json").write_text(json.dumps({"where": cfg.where, "name": cfg.name, "seed": cfg.seed,
                                                 "env": cfg.env, "model": cfg.model, "ppo": cfg.ppo,
                                                 "resources": cfg.resources, "league": vars(cfg.league),
                                                 "evaluation": cfg.evaluation, "mode": cfg.mode,
                                                 "distill": cfg.distill}, indent=1, default=str))
    if cfg.mode == "distill":
        from .distill import train_distill
        summary = train_distill(cfg, run, resume, say)
    else:
        summary = _train_ppo(cfg, run, resume, address, league, state, resumed_from, say)
    final = int(cfg.eval_option("final_games"))
    if final > 0:
        summary.update(final_evaluation(cfg, run, say))
    (run / "summary.json").write_text(json.dumps(summary, indent=1, default=str))
    return summary


def _train_ppo(cfg: TrainConfig, run: Path, resume: bool, address: str | None, league: League,
               state: dict[str, Any], resumed_from: Path | None, say: Any) -> dict[str, Any]:
    """The PPO mode's loop: RLlib self-play with the league (see the module docstring)."""
    logs = Logs(run, resume)
    # the harness's way of starting or joining Ray (harness/cluster.py: a bounded connection, a
    # clear error for a cluster that wants a token we lack, a local instance of our own otherwise)
    cluster = connect(address, cfg.resources.get("num_cpus"))
    say(f"training on {cluster.describe()}")
    try:
        algo = build_algo(cfg, league)
    except BaseException:
        shutdown(cluster)
        raise
    summary: dict[str, Any] = {"run": str(run), "resumed_from": str(resumed_from) if resumed_from else None}
    try:
        if resumed_from is not None:
            algo.restore_from_path(str((resumed_from / "algo").resolve()))
            _sync(algo)
            say(f"resumed from {resumed_from} (iteration {state['iteration']})")
        _set_opponents(algo, league.opponent_weights())
        t0 = time.perf_counter() - 60.0 * float(state["minutes"])
        it = int(state["iteration"])
        budget = cfg.time_budget_minutes
        last_iter_minutes = 0.0
        while it < cfg.iterations:
            elapsed = (time.perf_counter() - t0) / 60.0
            if budget is not None and elapsed + last_iter_minutes > budget:
                say(f"time budget of {budget} minutes reached")
                break
            t_iter = time.perf_counter()
            result = algo.train()
            it += 1
            runners = result.get("env_runners", {})
            # an iteration whose env runner returned nothing in time (a loaded machine) has NaNs
            steps = _count(result.get("num_env_steps_sampled_lifetime",
                                      runners.get("num_env_steps_sampled_lifetime")), int(state["env_steps"]))
            state.update(iteration=it, env_steps=steps, minutes=(time.perf_counter() - t0) / 60.0)
            module_returns = runners.get("module_episode_returns_mean", {}) or {}
            main_return = float(module_returns.get("main", float("nan")))
            wins = {k[len("win_vs_"):]: float(v) for k, v in runners.items()
                    if k.startswith("win_vs_") and not math.isnan(float(v))}
            games = {k[len("games_vs_"):]: _count(v, 0) for k, v in runners.items() if k.startswith("games_vs_")}
            for opp, rate in wins.items():
                league.record(opp, rate, games.get(opp, 0))
                logs.scalar(f"train/win_vs_{opp}", rate, steps)
            logs.scalar("train/main_return", main_return, steps)
            learner = (result.get("learners", {}) or {}).get("main", {}) or {}
            learned = {}
            for field_name, key in LEARNER_FIELDS.items():
                try:
                    learned[field_name] = round(float(learner[key]), 4)
                except (KeyError, TypeError, ValueError):
                    continue
                logs.scalar(f"train/{field_name}", learned[field_name], steps)
            logs.row("progress.csv", PROGRESS_FIELDS, {
                "iteration": it, "env_steps": steps, "minutes": round(state["minutes"], 2),
                "episodes": _count(runners.get("num_episodes"), 0), "main_return": round(main_return, 4),
                "games_vs": json.dumps(games), "win_vs": json.dumps({k: round(v, 3) for k, v in wins.items()}),
                **learned})
            say(f"iteration {it}: {steps} env steps, {state['minutes']:.1f} min, main return {main_return:.3f}, "
                f"win rate {json.dumps({k: round(v, 3) for k, v in wins.items()})}, {json.dumps(learned)}")
            if league.due(it):
                slot = league.snapshot(it)
                _copy_module(algo, "main", slot)
                say(f"  snapshot of iteration {it} -> {slot}")
            _set_opponents(algo, league.opponent_weights())
            every, n_eval = int(cfg.eval_option("every")), int(cfg.eval_option("games"))
            if every > 0 and n_eval > 0 and it % every == 0:
                _record_eval(algo, cfg, logs, it, state, n_eval, say)
            if it % cfg.checkpoint_every == 0:
                save_checkpoint(algo, cfg, league, run, it, state)
            last_iter_minutes = (time.perf_counter() - t_iter) / 60.0
        rows = logs.evals()
        if int(cfg.eval_option("every")) > 0 and int(cfg.eval_option("games")) > 0 and \
                (not rows or int(rows[-1]["iteration"]) != it):
            _record_eval(algo, cfg, logs, it, state, int(cfg.eval_option("games")), say)
        path = save_checkpoint(algo, cfg, league, run, it, state)
        summary.update(iteration=it, env_steps=state["env_steps"], minutes=round(state["minutes"], 2),
                       checkpoint=str(path))
        say(f"checkpoint {path}")
    finally:
        algo.stop()
        shutdown(cluster)
    return summary


def final_evaluation(cfg: TrainConfig, run: Path, say: Any) -> dict[str, Any]:
    """`final_games` against the evaluation opponent, and the same games with that opponent's
    agent in the policy's seats (the baseline); written to final_eval.json."""
    summary: dict[str, Any] = {}
    final = int(cfg.eval_option("final_games"))
    if final > 0:
        from .evaluate import evaluate_checkpoint
        from .selfplay import DUEL_DECKS
        decks = cfg.env.get("deck_pool")
        r = evaluate_checkpoint(str(run), final, cfg.eval_option("opponent"), cfg.eval_option("seed"),
                                int(cfg.eval_option("final_workers")), decks=tuple(decks) if decks else DUEL_DECKS,
                                turn_limit=int(cfg.env.get("turn_limit", 40)), game=game_options(cfg))
        say(f"final evaluation: {r}")
        # the baseline: the opponent's own agent in the policy's seats, the same games
        b = evaluate_checkpoint(f"agent:{cfg.eval_option('opponent')}", final, cfg.eval_option("opponent"),
                                cfg.eval_option("seed"), int(cfg.eval_option("final_workers")),
                                decks=tuple(decks) if decks else DUEL_DECKS,
                                turn_limit=int(cfg.env.get("turn_limit", 40)), game=game_options(cfg))
        say(f"baseline ({cfg.eval_option('opponent')} in the same seats and games): {b}")
        (run / "final_eval.json").write_text(json.dumps(dict(r.to_json(), game=game_options(cfg),
                                                             baseline=b.to_json()), indent=1))
        summary["final"] = r.to_json()
        summary["baseline"] = b.to_json()
    return summary


def _count(v: Any, default: int) -> int:
    """An integer figure of RLlib's results, `default` when it is missing or NaN."""
    try:
        f = float(v)
    except (TypeError, ValueError):
        return default
    return default if math.isnan(f) else int(f)


def _record_eval(algo: Any, cfg: TrainConfig, logs: Logs, it: int, state: dict[str, Any], games: int,
                 say: Any) -> None:
    r = evaluate_now(algo, cfg, games)
    lo, hi = r.interval()
    logs.row("eval.csv", EVAL_FIELDS, {"iteration": it, "env_steps": state["env_steps"],
                                       "minutes": round(state["minutes"], 2), "games": r.games, "wins": r.wins,
                                       "draws": r.draws, "win_rate": round(r.win_rate, 4),
                                       "wilson_low": round(lo, 4), "wilson_high": round(hi, 4)})
    logs.scalar("eval/win_rate", r.win_rate, int(state["env_steps"]))
    logs.plot(f"{cfg.name}: against {cfg.eval_option('opponent')}")
    say(f"  evaluation against {cfg.eval_option('opponent')}: {r} ({r.seconds:.0f} s)")


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m mtg_env.learn.train CONFIG ...` (the same as `mtg-env train`)."""
    import argparse
    ap = argparse.ArgumentParser(prog="mtg-env train")
    from .args import add_arguments
    add_arguments(ap)
    args = ap.parse_args(argv)
    return run_from_args(args)


def run_from_args(args: Any) -> int:
    s = train(args.config, out=args.out, address=args.address, resume=args.resume, iterations=args.iterations,
              time_budget_minutes=args.time_budget, seed=args.seed)
    final = s.get("final")
    if final and not math.isnan(final.get("win_rate", float("nan"))):
        print(f"final win rate {final['win_rate']:.3f} over {final['games']} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
