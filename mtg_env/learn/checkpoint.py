"""A trained policy on disk, without Ray: `policy.pt` beside each RLlib checkpoint of a run.

The file holds the net's config and weights, the layout and the seat options (granularity,
stops, hint, suggest, skipping) the policy was trained with, so that `PolicyAgent.load` plays it
exactly as it was trained. `find_policy` accepts the file, a checkpoint folder holding it, or a
run folder (its latest checkpoint, named in `checkpoints/latest`). Needs torch.
"""

from __future__ import annotations

import os
from dataclasses import fields
from pathlib import Path
from typing import Any

import torch

from ..env.layout import Layout
from .policy import EntityNet, NetConfig

FORMAT = "mtg_env.policy/1"
POLICY_FILE = "policy.pt"


def save_policy(path: str | os.PathLike[str], net: EntityNet, layout: Layout, seat: dict[str, Any],
                **meta: Any) -> Path:
    """Write `policy.pt` (or the file `path` if it ends in .pt) and return its path."""
    p = Path(path)
    if p.suffix != ".pt":
        p.mkdir(parents=True, exist_ok=True)
        p = p / POLICY_FILE
    sizes = {f.name: getattr(layout, f.name) for f in fields(layout) if f.init}
    tmp = p.with_suffix(".tmp")
    torch.save({"format": FORMAT, "net": net.config.to_dict(), "state_dict": net.state_dict(), "layout": sizes,
                "seat": dict(seat), "meta": meta}, tmp)
    os.replace(tmp, p)
    return p


def find_policy(path: str | os.PathLike[str]) -> Path:
    """The policy file of a file, checkpoint folder or run folder (see the module docstring)."""
    p = Path(path)
    if p.is_file():
        return p
    if (p / POLICY_FILE).is_file():
        return p / POLICY_FILE
    latest = p / "checkpoints" / "latest"
    if latest.is_file():
        return find_policy(p / "checkpoints" / latest.read_text().strip())
    raise FileNotFoundError(f"no {POLICY_FILE} in {p} (a policy file, a checkpoint folder, or a run folder "
                            f"with checkpoints/latest)")


def load_policy(path: str | os.PathLike[str]) -> tuple[EntityNet, Layout, dict[str, Any], dict[str, Any]]:
    """(net, layout, seat options, meta) of a saved policy."""
    data = torch.load(find_policy(path), map_location="cpu", weights_only=False)
    if data.get("format") != FORMAT:
        raise ValueError(f"{path}: not a policy file of format {FORMAT} (got {data.get('format')!r})")
    config = dict(data["net"])
    config.setdefault("value_hidden", 1)  # saved before the field: a value head of one hidden unit
    net = EntityNet(NetConfig(**config))
    net.load_state_dict(data["state_dict"])
    return net.eval(), Layout(**data["layout"]), dict(data["seat"]), dict(data.get("meta", {}))
