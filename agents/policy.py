"""PolicyAgent (mtg_env.env.agent): plays any policy that maps an observation and a mask to an
action index, so that trained models (MaskablePPO, RLlib, `mtg-env train`) join tournaments like
any other agent; and the registry's "policy" agent, a trained checkpoint.
"""

from __future__ import annotations

from mtg_env.env.agent import PolicyAgent, masked_random_policy

__all__ = ["PolicyAgent", "masked_random_policy", "policy_agent"]


def policy_agent(seed: int = 0, checkpoint: str | None = None, deterministic: bool = True) -> PolicyAgent:
    """The registry's "policy" agent: `PolicyAgent.load(checkpoint)` (a policy.pt, a checkpoint
    folder or a run folder of `mtg-env train`), greedy unless `deterministic` is false."""
    if checkpoint is None:
        raise ValueError("the policy agent needs a checkpoint (agent_options: {checkpoint: PATH})")
    return PolicyAgent.load(checkpoint, seed, deterministic=deterministic)
