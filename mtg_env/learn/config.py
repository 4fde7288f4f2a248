"""Training configurations (YAML) for `mtg-env train`, checked on load before Ray starts.

    name: selfplay
    seed: 0
    iterations: 400                # training iterations at most
    time_budget_minutes: 120       # and at most this long (checkpointed and evaluated at the end)
    env:                           # the self-play env (selfplay.py) and the seats (env/choices.py)
      deck_pool: [artifact_mana, black_shade, blue_control, boros_aggro, green_ramp, red_burn]
      turn_limit: 40
      actions: moves
      stops: default
      hint: heuristic
      max_objects: 48
      max_battlefield: 24
      max_stack: 8
      max_legal: 32
    model: {dim: 64, layers: 1, heads: 4, encoder: attention}     # policy.py
    ppo: {train_batch_size: 4000, minibatch_size: 500, num_epochs: 4, lr: 0.0003, entropy_coeff: 0.01}
    resources: {num_env_runners: 1, num_envs_per_env_runner: 8, torch_threads: 1}
    league: {rule: weights, size: 4, snapshot_every: 10, weights: {heuristic: 0.5, self: 0.25, snapshots: 0.25}}
    evaluation: {every: 5, games: 60, opponent: heuristic, final_games: 0}
    checkpoint_every: 5

Every error names the file, the key path and what was expected.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import MtgError
from .league import LeagueConfig

ENV_KEYS = {"deck_pool", "turn_limit", "mana_payment", "mulligans", "reward_shaping", "shaping", "shaping_weight",
            "max_steps", "actions",
            "skip_forced", "stops", "hint", "suggest", "max_objects", "max_battlefield", "max_abilities",
            "max_stack", "max_legal"}
MODEL_KEYS = {"dim", "card_dim", "layers", "heads", "encoder", "hint_prior", "hint_margin"}
PPO_KEYS = {"train_batch_size": int, "minibatch_size": int, "num_epochs": int, "lr": float, "gamma": float,
            "lambda": float, "entropy_coeff": float, "clip_param": float, "vf_loss_coeff": float,
            "vf_clip_param": float, "grad_clip": float, "kl_coeff": float, "hint_coeff": float}
RESOURCE_KEYS = {"num_env_runners": int, "num_envs_per_env_runner": int, "num_cpus": int, "torch_threads": int,
                 "rollout_fragment_length": int, "sample_timeout_s": float}
EVAL_KEYS = {"every": int, "games": int, "opponent": str, "seed": int, "final_games": int, "final_workers": int}
TOP_KEYS = {"name", "seed", "iterations", "time_budget_minutes", "env", "model", "ppo", "resources", "league",
            "evaluation", "checkpoint_every", "keep_checkpoints", "mode", "distill"}
MODES = ("ppo", "distill")
#: the distill mode's keys (distill.py) and their types
DISTILL_KEYS = {"search": str, "search_options": dict, "opponent": str, "workers": int, "rounds": int,
                "round_minutes": float, "epochs": int, "batch_size": int, "lr": float, "value_coeff": float,
                "holdout": float, "weight_decay": float, "changed_weight": float, "epsilon": float,
                "keep_hint": float, "loss": str}


class TrainConfigError(MtgError, ValueError):
    """A training config is malformed: the file, the key path and what was expected."""

    def __init__(self, where: str, path: str, msg: str):
        super().__init__(f"{where}: {path}: {msg}" if path else f"{where}: {msg}")


@dataclass
class TrainConfig:
    name: str = "selfplay"
    where: str = "<dict>"
    seed: int = 0
    iterations: int = 100
    time_budget_minutes: float | None = None
    env: dict[str, Any] = field(default_factory=dict)
    model: dict[str, Any] = field(default_factory=dict)
    ppo: dict[str, Any] = field(default_factory=dict)
    resources: dict[str, Any] = field(default_factory=dict)
    league: LeagueConfig = field(default_factory=LeagueConfig)
    evaluation: dict[str, Any] = field(default_factory=dict)
    checkpoint_every: int = 5
    keep_checkpoints: int = 3
    #: "ppo" (RLlib self-play with the league) or "distill" (imitation of a search agent, distill.py)
    mode: str = "ppo"
    distill: dict[str, Any] = field(default_factory=dict)

    def eval_option(self, key: str) -> Any:
        defaults = {"every": 5, "games": 60, "opponent": "heuristic", "seed": 1_000_000, "final_games": 0,
                    "final_workers": 1}
        return self.evaluation.get(key, defaults[key])


def _check_keys(where: str, path: str, d: Any, allowed: Any) -> dict[str, Any]:
    if not isinstance(d, dict):
        raise TrainConfigError(where, path, f"expected a mapping, got {d!r}")
    unknown = sorted(set(d) - set(allowed))
    if unknown:
        raise TrainConfigError(where, f"{path}.{unknown[0]}" if path else unknown[0],
                               f"unknown key; expected one of: {', '.join(sorted(allowed))}")
    return dict(d)


def _typed(where: str, path: str, v: Any, t: type) -> Any:
    if t is float and isinstance(v, int) and not isinstance(v, bool):
        return float(v)
    if not isinstance(v, t) or (t in (int, float) and isinstance(v, bool)):
        raise TrainConfigError(where, path, f"expected {'a number' if t is float else 'an integer' if t is int else 'a string'}"
                                            f", got {v!r}")
    return v


def load_train_config(source: str | os.PathLike[str] | dict[str, Any]) -> TrainConfig:
    """A TrainConfig from a YAML file or a dict, checked (see the module docstring)."""
    if isinstance(source, dict):
        data, where = dict(source), "<dict>"
    else:
        where = str(source)
        try:
            data = yaml.safe_load(Path(source).read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as e:
            raise TrainConfigError(where, "", f"not valid YAML: {e}") from None
    data = _check_keys(where, "", data, TOP_KEYS)
    cfg = TrainConfig(where=where)
    cfg.name = _typed(where, "name", data.get("name", Path(where).stem if where != "<dict>" else "selfplay"), str)
    for key in ("seed", "iterations", "checkpoint_every", "keep_checkpoints"):
        if key in data:
            setattr(cfg, key, _typed(where, key, data[key], int))
    if cfg.iterations < 1 or cfg.checkpoint_every < 1 or cfg.keep_checkpoints < 1:
        raise TrainConfigError(where, "iterations", "iterations, checkpoint_every and keep_checkpoints must be >= 1")
    if data.get("time_budget_minutes") is not None:
        cfg.time_budget_minutes = _typed(where, "time_budget_minutes", data["time_budget_minutes"], float)
    cfg.env = _check_keys(where, "env", data.get("env", {}), ENV_KEYS)
    cfg.model = _check_keys(where, "model", data.get("model", {}), MODEL_KEYS)
    for section, keys in (("ppo", PPO_KEYS), ("resources", RESOURCE_KEYS), ("evaluation", EVAL_KEYS)):
        d = _check_keys(where, section, data.get(section, {}), keys)
        setattr(cfg, section, {k: _typed(where, f"{section}.{k}", v, keys[k]) for k, v in d.items()})
    cfg.mode = _typed(where, "mode", data.get("mode", "ppo"), str)
    if cfg.mode not in MODES:
        raise TrainConfigError(where, "mode", f"expected one of {', '.join(MODES)}, got {cfg.mode!r}")
    d = _check_keys(where, "distill", data.get("distill", {}), DISTILL_KEYS)
    cfg.distill = {k: _typed(where, f"distill.{k}", v, DISTILL_KEYS[k]) for k, v in d.items()}
    loss = cfg.distill.get("loss", "imitation")
    if loss not in ("imitation", "q"):
        raise TrainConfigError(where, "distill.loss", f"expected imitation or q, got {loss!r}")
    if loss == "q" and cfg.distill.get("search") != "explore":
        raise TrainConfigError(where, "distill.loss", "q needs distill.search: explore (the returns are action "
                               "values of the explored hint agent's play only)")
    for key, low in (("epsilon", 0.0), ("keep_hint", 1e-9)):
        if key in cfg.distill and not low <= cfg.distill[key] <= 1.0:
            raise TrainConfigError(where, f"distill.{key}", f"expected a probability, got {cfg.distill[key]!r}")
    lg = _check_keys(where, "league", data.get("league", {}), {"rule", "size", "snapshot_every", "weights", "power"})
    try:
        cfg.league = LeagueConfig(**lg)
    except (TypeError, ValueError) as e:
        raise TrainConfigError(where, "league", str(e)) from None
    _check_env(cfg)
    return cfg


def _check_env(cfg: TrainConfig) -> None:
    """Make the env and a seat once, so that a bad deck, size or option fails here."""
    from .selfplay import SelfPlayEnv
    try:
        SelfPlayEnv(dict(cfg.env, league_size=cfg.league.size))
    except (ValueError, MtgError) as e:
        raise TrainConfigError(cfg.where, "env", str(e)) from None
    for name in cfg.league.agents + [cfg.eval_option("opponent")]:
        from ..registry import REGISTRY
        try:
            REGISTRY.factory(name)
        except ValueError as e:
            raise TrainConfigError(cfg.where, "league.weights" if name in cfg.league.agents else "evaluation.opponent",
                                   str(e)) from None
