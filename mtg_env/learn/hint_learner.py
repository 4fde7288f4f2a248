"""PPO with a pull toward the hint: RLlib's PPO loss plus `hint_coeff` times the cross-entropy of
the policy with the hint agent's choice (the "hint" column of the observation's action_extra).

The cross-entropy of the one-hot hint distribution with the policy is the KL divergence from the
hint's play to the policy (its entropy is 0), as AlphaStar's KL term toward its supervised
policy: the policy leaves the hint only where PPO's advantages outweigh it, instead of drifting
wherever the noise of a few thousand games points. Decisions without a hint row (the hint's
choice is not among the rows) and the artificial last steps RLlib adds to episodes are left out.
The mean cross-entropy is logged as "hint_nll" with the learner's figures.

Needs torch and ray[rllib] (the `rl` extra).
"""

from __future__ import annotations

from typing import Any

import torch
from ray.rllib.algorithms.ppo.torch.ppo_torch_learner import PPOTorchLearner
from ray.rllib.core.columns import Columns

from .policy import HINT_COL


def hint_nll(obs: dict[str, torch.Tensor], logits: torch.Tensor, mask: torch.Tensor | None = None
             ) -> tuple[torch.Tensor, torch.Tensor]:
    """(the mean of -log pi(hint) over the decisions that have a hint row, their number)."""
    hinted = obs["action_extra"][..., HINT_COL] > 0.5                       # (B, L)
    index = obs["action_index"].long()
    has = hinted.any(-1) & (torch.where(hinted, index, torch.full_like(index, -1)).max(-1).values >= 0)
    if mask is not None:
        has = has & mask.bool()
    row = hinted.float().argmax(-1)                                         # the first hinted row
    target = index.gather(1, row.unsqueeze(1)).squeeze(1).clamp(min=0)
    logp = torch.log_softmax(logits.float(), dim=-1).gather(1, target.unsqueeze(1)).squeeze(1)
    n = has.sum()
    nll = -(logp * has.float()).sum() / n.clamp(min=1)
    return nll, n


class HintPPOLearner(PPOTorchLearner):
    """See the module docstring; `hint_coeff` comes from the config's `learner_config_dict`."""

    def compute_loss_for_module(self, *, module_id: Any, config: Any, batch: dict[str, Any],
                                fwd_out: dict[str, Any]) -> Any:
        loss = super().compute_loss_for_module(module_id=module_id, config=config, batch=batch, fwd_out=fwd_out)
        coeff = float(config.learner_config_dict.get("hint_coeff", 0.0))
        if coeff <= 0.0:
            return loss
        nll, n = hint_nll(batch[Columns.OBS], fwd_out[Columns.ACTION_DIST_INPUTS], batch.get(Columns.LOSS_MASK))
        self.metrics.log_value((module_id, "hint_nll"), nll.item(), window=1)
        return loss + coeff * nll if int(n) > 0 else loss
