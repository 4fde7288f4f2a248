"""Agents: given a game at a decision, return one of its legal actions.

The engine never calls an agent; a driver (`play_game`, the Gymnasium env, the rollout harness,
the CLI) asks the agent whose player must decide (`game.decision.player`) and acts with its
answer. The built-in agents are found by name through `mtg_env.registry`: from the
`mtg_env.agents` entry points of an install, and registered here on import as well.
"""

from mtg_env.registry import make_agent, register_agent

from .base import Agent, play_game
from .combo_agent import ComboAgent
from .heuristic import HeuristicAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent

__all__ = ["AGENTS", "Agent", "ComboAgent", "HeuristicAgent", "MCTSAgent", "PolicyAgent", "RandomAgent", "make_agent",
           "play_game"]

#: the built-in agents by name (the entry points in pyproject.toml name the same classes)
AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent, "mcts": MCTSAgent,
                                  "combo": ComboAgent}
for _name, _factory in AGENTS.items():
    register_agent(_name, _factory)


def _policy(seed: int = 0, checkpoint: str | None = None, deterministic: bool = True) -> Agent:
    """A trained policy (`PolicyAgent.load(checkpoint)`); numpy, the env encoder and torch are
    imported on use."""
    from .policy import policy_agent
    return policy_agent(seed, checkpoint, deterministic)


register_agent("policy", _policy)


def __getattr__(name: str) -> object:
    if name == "PolicyAgent":  # needs numpy and the env encoder: imported on use
        from .policy import PolicyAgent
        return PolicyAgent
    raise AttributeError(name)
