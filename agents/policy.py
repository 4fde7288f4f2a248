"""PolicyAgent: plays any policy that maps an observation and a mask to an action index, so that
trained models (MaskablePPO, RLlib, anything) join tournaments like any other agent."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from mtg_env.env.layout import DEFAULT_LAYOUT, Layout, ObjectTable, encode_actions
from mtg_env.env.observation import encode

if TYPE_CHECKING:
    from mtg_env import Action, Game


class PolicyAgent:
    """`policy(observation: dict, mask: np.ndarray[int8]) -> int` (an index of the action layout).
    The observation is the environment's (mtg_env.env.observation) for the deciding player, shaped
    by `layout`: give a policy the layout of the env it was trained on (`env.unwrapped.layout`)."""

    def __init__(self, policy: Callable[[dict[str, Any], np.ndarray], int], seed: int = 0,
                 layout: Layout = DEFAULT_LAYOUT):
        if not isinstance(layout, Layout):
            raise ValueError(f"layout must be a mtg_env.env.layout.Layout, got {layout!r}")
        self.policy = policy
        self.layout = layout

    def act(self, game: Game) -> Action:
        d = game.decision
        assert d is not None
        me = next(p.index for p in game.players if p.name == d.player)
        table = ObjectTable(game, me, self.layout)
        actions = game.legal_actions()
        indices, _ = encode_actions(game, actions, table)
        obs = encode(game, me, table, actions, indices)
        choice = int(self.policy(obs, obs["action_mask"]))
        for a, i in zip(actions, indices, strict=True):
            if i == choice:
                return a
        raise ValueError(f"the policy chose action index {choice}, which is not legal now")


def masked_random_policy(seed: int = 0) -> Callable[[dict[str, Any], np.ndarray], int]:
    rng = np.random.default_rng(seed)
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))
