"""The entity policy for Stable-Baselines3 (sb3-contrib's MaskablePPO).

`EntityExtractor` is a features extractor: it runs `EntityNet` and returns its masked logits and
its context side by side; `EntityPolicy` (a `MaskableActorCriticPolicy`) takes the logits as they
are (the action head is the identity: actions are chosen by pointing at their rows) and the value
from the context. MaskablePPO masks the logits again with `env.action_masks()`, which is the
same mask.

    from sb3_contrib import MaskablePPO
    from mtg_env.learn.sb3 import EntityPolicy
    env = gym.make("mtg_env/Duel-v0", opponent="heuristic", actions="moves", max_legal=32)
    model = MaskablePPO(EntityPolicy, env, policy_kwargs={"net": {"dim": 64}})

Needs torch and sb3-contrib (the `rl` extra).
"""

from __future__ import annotations

from typing import Any

import torch
from gymnasium import spaces
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn

from .policy import EntityNet


class EntityExtractor(BaseFeaturesExtractor):
    """The observation Dict -> [masked logits (n_actions), context (dim)]."""

    def __init__(self, observation_space: spaces.Dict, net: dict[str, Any] | None = None):
        entity = EntityNet.from_space(observation_space, **(net or {}))
        super().__init__(observation_space, features_dim=entity.config.n_actions + entity.config.dim)
        self.net = entity

    def forward(self, observations: dict[str, torch.Tensor]) -> torch.Tensor:
        obj, stk, pl, context = self.net.encode(observations)
        return torch.cat([self.net.logits(observations, obj, stk, pl, context), context], dim=-1)


class _Split(nn.Module):
    """The "mlp extractor": the logits for the actor, the context for the critic."""

    def __init__(self, n_actions: int, dim: int):
        super().__init__()
        self.latent_dim_pi = n_actions
        self.latent_dim_vf = dim

    def forward(self, features: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return self.forward_actor(features), self.forward_critic(features)

    def forward_actor(self, features: torch.Tensor) -> torch.Tensor:
        return features[:, :self.latent_dim_pi]

    def forward_critic(self, features: torch.Tensor) -> torch.Tensor:
        return features[:, self.latent_dim_pi:]


class EntityPolicy(MaskableActorCriticPolicy):
    """MaskablePPO's policy over `EntityNet` (see the module docstring). `net` (a dict) gives
    the net's own sizes: dim, card_dim, layers, heads, encoder."""

    def __init__(self, observation_space: spaces.Space, action_space: spaces.Space, lr_schedule: Any,
                 net: dict[str, Any] | None = None, **kwargs: Any):
        kwargs.setdefault("ortho_init", False)
        kwargs["features_extractor_class"] = EntityExtractor
        kwargs["features_extractor_kwargs"] = {"net": net or {}}
        kwargs.setdefault("share_features_extractor", True)
        super().__init__(observation_space, action_space, lr_schedule, **kwargs)

    def _build_mlp_extractor(self) -> None:
        net: EntityNet = self.features_extractor.net  # type: ignore[assignment]
        self.mlp_extractor = _Split(net.config.n_actions, net.config.dim)  # type: ignore[assignment]

    def _build(self, lr_schedule: Any) -> None:
        super()._build(lr_schedule)
        net: EntityNet = self.features_extractor.net  # type: ignore[assignment]
        self.action_net = nn.Identity()
        self.value_net = net.value_head  # type: ignore[assignment]
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1),  # type: ignore[call-arg]
                                              **self.optimizer_kwargs)

    @property
    def entity_net(self) -> EntityNet:
        return self.features_extractor.net  # type: ignore[return-value]
