"""Agents: given a game at a decision, return one of its legal actions.

The engine never calls an agent; a driver (the CLI, the Gymnasium env, the rollout harness)
asks the agent whose player must decide (`game.decision.player`) and acts with its answer.
"""

from .base import Agent, play_game
from .combo_agent import ComboAgent
from .heuristic import HeuristicAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent

__all__ = ["AGENTS", "Agent", "ComboAgent", "HeuristicAgent", "MCTSAgent", "PolicyAgent", "RandomAgent", "make_agent",
           "play_game"]

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent, "mcts": MCTSAgent,
                                  "combo": ComboAgent}


def __getattr__(name: str) -> object:
    if name == "PolicyAgent":  # needs numpy and the env encoder: imported on use
        from .policy import PolicyAgent
        return PolicyAgent
    raise AttributeError(name)


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by name: one of AGENTS."""
    try:
        return AGENTS[name](seed)  # type: ignore[call-arg]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; expected one of: {', '.join(AGENTS)}") from None
