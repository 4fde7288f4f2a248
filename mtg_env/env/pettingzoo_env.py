"""A PettingZoo AEC environment for self-play: both seats are agents that learn.

Each agent observes its own view (`{"observation": <Dict>, "action_mask": int8[N]}`, the
PettingZoo convention); the agent to act is the player the engine waits on. Rewards: +1 to the
winner, -1 to the loser at the end. An illegal action ends the game with a -1 penalty for the
agent that took it; an action that is not an integer is a TypeError. The size limits are arguments, as for the Gymnasium env (`max_objects`,
`max_battlefield`, `max_abilities`, `max_stack`, `max_legal` or `layout`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine.decks import new_game
from ..engine.game import Game
from ..text import format_state
from .layout import DEFAULT_LAYOUT, Layout, ObjectTable, encode_actions, env_layout
from .mtg_gym import DEFAULT_DECKS, action_index
from .observation import encode, observation_space


def _inner_space(layout: Layout = DEFAULT_LAYOUT) -> spaces.Dict:
    full = observation_space(layout)
    return spaces.Dict({k: v for k, v in full.spaces.items() if k != "action_mask"})


class MtgAECEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "mtg_duel_v0", "is_parallelizable": False}

    def __init__(self, decks: list[str] | None = None, turn_limit: int = 30, mana_payment: str = "auto",
                 render_mode: str | None = None, max_objects: int = 64, max_battlefield: int = 32,
                 max_abilities: int = 16, max_stack: int = 16, max_legal: int = 128,
                 layout: Layout | None = None):
        super().__init__()
        self.layout = env_layout(layout, max_objects=max_objects, max_battlefield=max_battlefield,
                                 max_abilities=max_abilities, max_stack=max_stack, max_legal=max_legal)
        n_actions = self.layout.n_actions
        self.decks = decks or list(DEFAULT_DECKS)
        self.turn_limit = turn_limit
        self.mana_payment = mana_payment
        self.render_mode = render_mode
        self.possible_agents = ["P1", "P2"]
        space = spaces.Dict({"observation": _inner_space(self.layout),
                             "action_mask": spaces.Box(0, 1, (n_actions,), np.int8)})
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces: dict[str, spaces.Space[Any]] = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self.game: Game | None = None
        self._seed: int | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
        elif self._seed is None:
            self._seed = 0
        else:
            self._seed += 1
        self.game = new_game(self.decks, seed=self._seed, turn_limit=self.turn_limit,
                             mana_payment=self.mana_payment)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        g = self.game
        assert g is not None
        if g.decision is not None:
            self.agent_selection = g.decision.player
        # else keep the last agent selected: it will be stepped dead

    def _view(self, agent: str) -> tuple[dict[str, Any], dict[int, Any]]:
        g = self.game
        assert g is not None
        me = self.possible_agents.index(agent)
        table = ObjectTable(g, me, self.layout)
        mine = g.decision is not None and g.decision.player == agent
        actions = g.legal_actions() if mine else []
        indices, _ = encode_actions(g, actions, table)
        obs = encode(g, me, table, actions, indices)
        mask = obs.pop("action_mask")
        return {"observation": obs, "action_mask": mask}, {i: a for i, a in zip(indices, actions, strict=True)
                                                           if i >= 0}

    def observe(self, agent: str) -> dict[str, Any]:
        return self._view(agent)[0]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        assert g is not None
        self._cumulative_rewards[agent] = 0.0
        _obs, by_index = self._view(agent)
        chosen = by_index.get(action_index(action, self.layout.n_actions)) if action is not None else None
        if chosen is None:
            self.rewards = {a: 0.0 for a in self.agents}
            self.rewards[agent] = -1.0
            self.terminations = {a: True for a in self.agents}
            self.infos[agent] = {"illegal_action": True}
        else:
            g.act(chosen)
            self.rewards = {a: 0.0 for a in self.agents}
            if g.game_over:
                for a in self.agents:
                    idx = self.possible_agents.index(a)
                    self.rewards[a] = 0.0 if g.winner is None else (1.0 if g.winner == idx else -1.0)
                self.terminations = {a: True for a in self.agents}
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return format_state(self.game.state_json())

    def close(self) -> None:
        self.game = None


def env(**kwargs: Any) -> MtgAECEnv:
    return MtgAECEnv(**kwargs)
