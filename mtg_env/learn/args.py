"""The arguments of `mtg-env train` (here, so the CLI lists them without importing torch or Ray)."""

from __future__ import annotations

from typing import Any


def add_arguments(ap: Any) -> None:
    ap.add_argument("config", help="a training config (YAML), e.g. configs/train/selfplay.yaml")
    ap.add_argument("--out", help="the run folder (default runs/<name>)")
    ap.add_argument("--address", help="a Ray cluster to join (e.g. 'auto' or host:6379; see 'Ray clusters' in "
                                      "the README for clusters with token authentication)")
    ap.add_argument("--resume", action="store_true", help="go on from the run folder's latest checkpoint")
    ap.add_argument("--iterations", type=int, help="train to this iteration (overrides the config)")
    ap.add_argument("--time-budget", type=float, help="minutes (overrides time_budget_minutes)")
    ap.add_argument("--seed", type=int, help="the run's seed (overrides the config)")
