"""A PettingZoo AEC environment for self-play: both seats are agents that learn (or one, against
an opponent agent).

Each agent observes its own view (`{"observation": <Dict>, "action_mask": int8[N]}`, the
PettingZoo convention); the agent to act is the player the engine waits on. It has the Gym env's
options and meanings (mtg_gym.py): `decks` or `deck_pool`, `mulligans`, `reward` ("win_loss": +1
to the winner and -1 to the loser at the end; "damage": also the life the agent's opponents lost
during a step / 20), `max_steps` (agent decisions of a game; then every agent is truncated),
`turn_limit` (a draw by the turn limit is a truncation, as in the Gym env), `skip_forced`,
`actions`, `stops`, `hint`, `suggest`, `mana_payment` and the size limits (`max_objects`,
`max_battlefield`, `max_abilities`, `max_stack`, `max_legal` or `layout`).

- Seeding: `reset(seed=s)` seeds the env's generator, which deals every later game (`reset()`
  without a seed goes on from it); the first reset without a seed seeds it from the OS, so two
  copies reset without a seed deal different games.
- Seats: `seats="fixed"` gives P1 the first deck; `seats="random"` deals the decks to the seats
  at random each game (who plays first is random either way, from the game's seed).
- `opponent` (an agent's name in mtg_env.registry, or an agent): P2 is played by it, and P1 is the
  only agent.

An illegal action ends the game with a -1 penalty for the agent that took it (`illegal_penalty`);
an action that is not an integer is a TypeError.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine.decks import new_game
from ..engine.game import Game
from ..text import format_state
from .choices import Choice, Seat, by_index, play_seat
from .layout import DEFAULT_LAYOUT, Layout, ObjectTable, env_layout
from .mtg_gym import DEFAULT_DECKS, _make_opponent, action_index, deal_decks
from .observation import encode, observation_space


def _inner_space(layout: Layout = DEFAULT_LAYOUT) -> spaces.Dict:
    full = observation_space(layout)
    return spaces.Dict({k: v for k, v in full.spaces.items() if k != "action_mask"})


class MtgAECEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "mtg_duel_v0", "is_parallelizable": False}

    def __init__(self, decks: list[str] | None = None, turn_limit: int | None = 30, mana_payment: str = "auto",
                 render_mode: str | None = None, max_objects: int = 64, max_battlefield: int = 32,
                 max_abilities: int = 16, max_stack: int = 16, max_legal: int = 128,
                 layout: Layout | None = None, deck_pool: list[str] | None = None, seats: str = "fixed",
                 mulligans: bool = True, reward: str = "win_loss", max_steps: int = 4000, opponent: Any = None,
                 skip_forced: bool = True, actions: str = "atomic", stops: Any = None, hint: str | None = None,
                 suggest: str | None = "heuristic", illegal_penalty: float = -1.0):
        super().__init__()
        if reward not in ("win_loss", "damage"):
            raise ValueError(f"reward must be win_loss or damage, got {reward!r}")
        if seats not in ("fixed", "random"):
            raise ValueError(f"seats must be 'fixed' or 'random', got {seats!r}")
        self.layout = env_layout(layout, max_objects=max_objects, max_battlefield=max_battlefield,
                                 max_abilities=max_abilities, max_stack=max_stack, max_legal=max_legal)
        n_actions = self.layout.n_actions
        self.decks = decks or list(DEFAULT_DECKS)
        self.deck_pool = list(deck_pool) if deck_pool is not None else None
        self.seats = seats
        self.turn_limit = turn_limit
        self.mana_payment = mana_payment
        self.render_mode = render_mode
        self.mulligans = mulligans
        self.reward_kind = reward
        self.max_steps = max_steps
        self.opponent_spec = opponent
        self.skip_forced = skip_forced
        self.illegal_penalty = illegal_penalty
        self.seat_options = {"actions": actions, "skip_forced": skip_forced, "stops": stops, "hint": hint,
                             "suggest": suggest}
        Seat(0, self.layout, **self.seat_options)  # bad options fail here
        self.possible_agents = ["P1"] if opponent is not None else ["P1", "P2"]
        space = spaces.Dict({"observation": _inner_space(self.layout),
                             "action_mask": spaces.Box(0, 1, (n_actions,), np.int8)})
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces: dict[str, spaces.Space[Any]] = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self.game: Game | None = None
        self.np_random: np.random.Generator | None = None
        self._seats: dict[int, Seat] = {}
        self._opponents: dict[int, Any] = {}
        self._choices: list[Choice] = []
        self._table: ObjectTable | None = None
        self._deciding: int | None = None
        self._steps = 0
        self.game_decks: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self.np_random is None:
            self.np_random = np.random.default_rng(seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        rng = np.random.default_rng(game_seed)
        if self.deck_pool is not None:
            decks = deal_decks(rng, self.deck_pool, 0, "duel")
        else:
            decks = list(self.decks)
        if self.seats == "random" and rng.integers(2):
            decks = decks[::-1]
        self.game_decks = decks
        self.game = new_game(decks, seed=game_seed, turn_limit=self.turn_limit, mana_payment=self.mana_payment,
                             mulligans=self.mulligans, skip_forced=self.skip_forced)
        self._seats = {i: Seat(i, self.layout, **self.seat_options) for i in range(len(self.possible_agents))}
        self._opponents = {1: _make_opponent(self.opponent_spec, game_seed + 1)} if self.opponent_spec is not None \
            else {}
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self.agent_selection = self.agents[0]
        self._advance()
        self._end_if_over({a: 0.0 for a in self.agents})

    def _advance(self) -> None:
        g = self.game
        assert g is not None
        found = play_seat(g, self._seats, self._opponents)
        if found is None:
            self._choices, self._deciding = [], None
            return
        self._deciding, self._choices, self._table = found
        self.agent_selection = g.players[self._deciding].name

    def _life(self) -> list[int]:
        assert self.game is not None
        return [p.life for p in self.game.players]

    def _end_if_over(self, rewards: dict[str, float]) -> None:
        g = self.game
        assert g is not None
        if g.game_over:
            limit = g.result_reason.startswith(("turn limit", "action limit"))
            for a in self.agents:
                idx = self.possible_agents.index(a)
                if g.winner is not None:
                    rewards[a] += 1.0 if g.winner == idx else -1.0
                if limit:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
        elif self._steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        self.rewards = rewards

    def _view(self, agent: str) -> dict[str, Any]:
        g = self.game
        assert g is not None
        me = self.possible_agents.index(agent)
        mine = self._deciding == me and g.decision is not None
        choices = self._choices if mine else []
        table = self._table if mine and self._table is not None else ObjectTable(g, me, self.layout)
        obs = encode(g, me, table, [c.action for c in choices], [c.index for c in choices], choices)
        mask = obs.pop("action_mask")
        return {"observation": obs, "action_mask": mask}

    def observe(self, agent: str) -> dict[str, Any]:
        return self._view(agent)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        assert g is not None
        self._cumulative_rewards[agent] = 0.0
        chosen = by_index(self._choices).get(action_index(action, self.layout.n_actions)) if action is not None else None
        rewards = {a: 0.0 for a in self.agents}
        if chosen is None:
            rewards[agent] = float(self.illegal_penalty)
            self.terminations = {a: True for a in self.agents}
            self.infos[agent] = {"illegal_action": True}
            self.rewards = rewards
        else:
            me = self.possible_agents.index(agent)
            before = self._life()
            g.act(self._seats[me].start(chosen))
            self._steps += 1
            self._advance()
            if self.reward_kind == "damage":
                after = self._life()
                for a in self.agents:
                    i = self.possible_agents.index(a)
                    lost = sum(max(b - x, 0) for k, (b, x) in enumerate(zip(before, after, strict=True)) if k != i)
                    rewards[a] += lost / 20.0
            self.infos[agent] = {"label": chosen.label}
            self._end_if_over(rewards)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return format_state(self.game.state_json())

    def close(self) -> None:
        self.game = None


def env(**kwargs: Any) -> MtgAECEnv:
    return MtgAECEnv(**kwargs)
