"""The entity policy as an RLlib `RLModule` (new API stack).

`EntityRLModule` reads the env's observation Dict as it is (no flattening, no mask wrapper: the
mask is the "action_mask" key, applied inside `EntityNet`), returns the masked logits as the
action distribution's inputs and the context as embeddings for the value function.

    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    spec = RLModuleSpec(module_class=EntityRLModule, model_config={"dim": 64, "encoder": "attention"})

Needs torch and ray[rllib] (the `rl` extra).
"""

from __future__ import annotations

from typing import Any

from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI
from ray.rllib.core.rl_module.torch.torch_rl_module import TorchRLModule

from .policy import MODEL_FIELDS, EntityNet, NetConfig


class EntityRLModule(TorchRLModule, ValueFunctionAPI):
    """See the module docstring; `model_config` holds the net's own sizes (dim, card_dim,
    layers, heads, encoder)."""

    def setup(self) -> None:
        # RLlib adds its own keys (vf_share_layers ...): the net takes its own sizes only
        config: Any = self.model_config or {}
        model = {k: v for k, v in dict(config).items() if k in MODEL_FIELDS}
        self.net = EntityNet.from_space(self.observation_space, **model)

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        obs = batch[Columns.OBS]
        obj, stk, pl, context = self.net.encode(obs)
        return {Columns.ACTION_DIST_INPUTS: self.net.logits(obs, obj, stk, pl, context),
                Columns.EMBEDDINGS: context}

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> Any:
        if embeddings is None:
            embeddings = self.net.encode(batch[Columns.OBS])[3]
        return self.net.value(embeddings)

    @property
    def net_config(self) -> NetConfig:
        return self.net.config
