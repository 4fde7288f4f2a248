"""Agents: given a game at a decision, return one of its legal actions.

The engine never calls an agent; a driver (the CLI, the Gymnasium env, the rollout harness)
asks the agent whose player must decide (`game.decision.player`) and acts with its answer.
"""

from .base import Agent, play_game
from .random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent", "play_game"]


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by name: `random`."""
    if name == "random":
        return RandomAgent(seed)
    raise ValueError(f"unknown agent {name!r}; expected one of: random")
