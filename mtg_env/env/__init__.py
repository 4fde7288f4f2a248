"""The Gymnasium adapter: registered ids, wrappers for the two mask conventions, PettingZoo.

    import gymnasium as gym
    import mtg_env.env  # registers the ids (also found through the gymnasium.envs entry point)
    env = gym.make("mtg_env/Duel-v0", opponent="heuristic")
    small = gym.make("mtg_env/Duel-v0", max_objects=24, max_battlefield=12, max_legal=32)  # sizes: layout.py
"""

from __future__ import annotations

from gymnasium.envs.registration import register, registry

from .layout import DEFAULT_LAYOUT, N_ACTIONS, Layout
from .mtg_gym import MtgEnv
from .wrappers import PettingZooMaskObs, RLlibMaskObs

IDS = ("mtg_env/Duel-v0", "mtg_env/Goldfish-v0", "mtg_env/Scenario-v0")


def register_envs() -> None:
    """Register the environment ids (idempotent)."""
    for env_id, entry in zip(IDS, ("DuelEnv", "GoldfishEnv", "ScenarioEnv"), strict=True):
        if env_id not in registry:
            register(id=env_id, entry_point=f"mtg_env.env.mtg_gym:{entry}", disable_env_checker=False)


register_envs()

__all__ = ["DEFAULT_LAYOUT", "IDS", "N_ACTIONS", "Layout", "MtgEnv", "PettingZooMaskObs", "RLlibMaskObs",
           "register_envs"]
