"""Wrappers for the two action-mask conventions in use.

- RLlib's action-masking modules read `{"observations": ..., "action_mask": ...}`.
- PettingZoo (and many PettingZoo-based trainers) read `{"observation": ..., "action_mask": ...}`.

Both keep the mask as np.int8 and the inner observation as the environment's Dict without it.
They take their spaces from the wrapped env, so they follow its size limits
(`RLlibMaskObs(gym.make("mtg_env/Goldfish-v0", max_objects=24, max_battlefield=12))`).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
from gymnasium import spaces


class _MaskObs(gym.ObservationWrapper):
    obs_key = "observation"

    def __init__(self, env: gym.Env):
        super().__init__(env)
        inner = {k: v for k, v in env.observation_space.spaces.items() if k != "action_mask"}  # type: ignore[attr-defined]
        self.observation_space = spaces.Dict({
            self.obs_key: spaces.Dict(inner),
            "action_mask": env.observation_space["action_mask"],  # type: ignore[index]
        })

    def observation(self, observation: dict[str, Any]) -> dict[str, Any]:
        inner = {k: v for k, v in observation.items() if k != "action_mask"}
        return {self.obs_key: inner, "action_mask": observation["action_mask"]}

    def action_masks(self) -> Any:
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined]


class RLlibMaskObs(_MaskObs):
    """`{"observations": <Dict>, "action_mask": int8[N]}` (RLlib's action-masking RLModule)."""

    obs_key = "observations"


class PettingZooMaskObs(_MaskObs):
    """`{"observation": <Dict>, "action_mask": int8[N]}` (PettingZoo's convention)."""

    obs_key = "observation"
