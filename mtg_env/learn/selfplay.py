"""The self-play env for RLlib: a duel as a turn-based `MultiAgentEnv` with a league of opponents.

Agents: "main" (the learner, in a random seat with a random deck of `deck_pool` each game)
and its opponent, whose agent id names the module that plays it: "opp:main" (the learner
against itself: both seats are trained), "opp:league_<i>" (a frozen past snapshot) or none at
all for an agent played inside the env ("heuristic", any name of mtg_env.registry). Which one is
drawn at each reset from `opponent_weights` (opponent name -> weight), which the trainer sets
on every env as the league changes (`set_opponent_weights`); `league.py` says how.

Only the agent to act gets an observation (an illegal index ends the game with -1 for the agent
that chose it, as in the Gym env); at the end both get their reward: +1 a win, -1 a loss,
0 a draw (a draw by the turn limit, or `max_steps` decisions, truncates), plus, with
`reward_shaping`, that share of (the life the opponent lost - the life the learner lost) / 20 at
each step. With `shaping: evaluation` each agent also gets potential-based shaping (Ng, Harada
and Russell 1999, which leaves the optimal policies unchanged): F = gamma * Phi(s') - Phi(s)
between two of its own observations s and s', with Phi(s) = `shaping_weight` * (2 p - 1), p the
fitted win probability of mtg_env.evaluation from its seat (public information only: life, the
battlefield, hand and library sizes), and Phi = 0 once the game has ended (not at a truncation,
whose last state the value function bootstraps). Over a game that ends, an agent's discounted
shaping sums to -Phi(its first observation). `shaping_gamma` is PPO's gamma (the trainer sets it). The last info of "main" has "opponent" and "outcome" (1, 0, -1) for the trainer's
statistics. Seats decide as the envs' do (mtg_env.env.choices: skip_forced, actions, stops, hint,
suggest).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from ..engine.decks import new_game
from ..engine.game import Game
from ..env.choices import Choice, Seat, by_index, play_seat
from ..env.layout import ObjectTable, env_layout
from ..env.mtg_gym import _make_opponent, deal_decks
from ..env.observation import encode, observation_space
from ..evaluation import win_probability
from ..paths import deck_file

LEARNER = "main"
DUEL_DECKS = ("artifact_mana", "black_shade", "blue_control", "boros_aggro", "green_ramp", "red_burn")
SEAT_KEYS = ("actions", "skip_forced", "stops", "hint", "suggest")
#: the options of the game itself (evaluations play the same game: mtg_env.learn.evaluate)
GAME_KEYS = ("mana_payment", "mulligans")
GAME_DEFAULTS = {"mana_payment": "auto", "mulligans": True}
SHAPINGS = (None, "none", "evaluation")
LIMIT_KEYS = ("max_objects", "max_battlefield", "max_abilities", "max_stack", "max_legal")


def deck_paths(names: Any) -> list[str]:
    """Deck files from names in configs/decks ("red_burn") or paths."""
    out = []
    for n in names:
        found = deck_file(str(n))
        if found is None:
            raise ValueError(f"no such deck {n!r} (a deck file, or a name in configs/decks)")
        out.append(str(found))
    return out


def opponent_agent_id(module: str) -> str:
    return f"opp:{module}"


def module_of(agent_id: str) -> str:
    """The module that plays an agent id (policy_mapping_fn)."""
    return LEARNER if agent_id == LEARNER else agent_id.split(":", 1)[1]


class SelfPlayEnv(MultiAgentEnv):
    """See the module docstring. `config`: deck_pool, turn_limit, mana_payment, mulligans,
    league_size, opponent_weights, reward_shaping, shaping, shaping_weight, shaping_gamma,
    max_steps, the seat options and the size limits (max_objects, max_battlefield, max_abilities,
    max_stack, max_legal)."""

    def __init__(self, config: dict[str, Any] | None = None):
        super().__init__()
        c = dict(config or {})
        self.deck_pool = deck_paths(c.get("deck_pool", DUEL_DECKS))
        self.turn_limit = int(c.get("turn_limit", 40))
        self.mana_payment = c.get("mana_payment", GAME_DEFAULTS["mana_payment"])
        self.mulligans = bool(c.get("mulligans", GAME_DEFAULTS["mulligans"]))
        self.reward_shaping = float(c.get("reward_shaping", 0.0))
        self.shaping = c.get("shaping")
        if self.shaping not in SHAPINGS:
            raise ValueError(f"shaping must be 'evaluation' or 'none', got {self.shaping!r}")
        self.shaping_weight = float(c.get("shaping_weight", 1.0))
        self.shaping_gamma = float(c.get("shaping_gamma", 1.0))
        if not 0.0 < self.shaping_gamma <= 1.0:
            raise ValueError(f"shaping_gamma must be in (0, 1], got {self.shaping_gamma}")
        self.max_steps = int(c.get("max_steps", 1000))
        self.league_size = int(c.get("league_size", 0))
        self.layout = env_layout(None, **{k: c[k] for k in LIMIT_KEYS if k in c})
        self.seat_options = {k: c[k] for k in SEAT_KEYS if k in c}
        self.seat_options.setdefault("actions", "moves")
        Seat(0, self.layout, **self.seat_options)  # bad options fail here
        self.modules = [LEARNER] + [f"league_{i}" for i in range(self.league_size)]
        self.possible_agents: list[Any] = [LEARNER] + [opponent_agent_id(m) for m in self.modules]
        self.agents: list[Any] = []
        space = observation_space(self.layout)
        from gymnasium import spaces
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.layout.n_actions) for a in self.possible_agents}
        self.opponent_weights: dict[str, float] = dict(c.get("opponent_weights", {"heuristic": 1.0}))
        self.np_random = np.random.default_rng(c.get("seed"))
        self.game: Game | None = None
        self.opponent = "heuristic"
        self._seat_of: dict[str, int] = {}
        self._seats: dict[int, Seat] = {}
        self._agents: dict[int, Any] = {}
        self._choices: list[Choice] = []
        self._table: ObjectTable | None = None
        self._deciding: str | None = None
        self._acted: set[str] = set()
        self._steps = 0
        self._phi: dict[str, float] = {}   # each agent's potential at its last observation

    # ------------------------------------------------------------------------------------------
    def set_opponent_weights(self, weights: dict[str, float]) -> None:
        """Opponent name -> weight: "heuristic" (or any agent name), "main", "league_<i>"."""
        self.opponent_weights = dict(weights)

    def _draw_opponent(self) -> str:
        names = [k for k, w in self.opponent_weights.items() if w > 0]
        if not names:
            return "heuristic"
        w = np.array([self.opponent_weights[k] for k in names], dtype=float)
        return names[int(self.np_random.choice(len(names), p=w / w.sum()))]

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[Any, Any], dict[Any, Any]]:
        if seed is not None:
            self.np_random = np.random.default_rng(seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        learner = int(self.np_random.integers(2))
        self.opponent = self._draw_opponent()
        decks = deal_decks(np.random.default_rng(game_seed), self.deck_pool, learner, "duel")
        self.game = new_game(decks, seed=game_seed, turn_limit=self.turn_limit, mana_payment=self.mana_payment,
                             mulligans=self.mulligans, skip_forced=bool(self.seat_options.get("skip_forced", True)))
        other = 1 - learner
        self._seat_of = {LEARNER: learner}
        self._seats = {learner: Seat(learner, self.layout, **self.seat_options)}
        self._agents = {}
        if self.opponent in self.modules:
            self._seat_of[opponent_agent_id(self.opponent)] = other
            self._seats[other] = Seat(other, self.layout, **self.seat_options)
        else:
            self._agents[other] = _make_opponent(self.opponent, game_seed + 1)
        self.agents = list(self._seat_of)
        self._acted = set()
        self._steps = 0
        self._phi = {}
        self._advance()
        obs = {self._deciding: self._observe()} if self._deciding is not None else {}
        if self._deciding is not None and self._shaped:
            self._phi[self._deciding] = self.potential(self._deciding)
        return obs, {}

    @property
    def _shaped(self) -> bool:
        return self.shaping == "evaluation" and self.shaping_weight != 0.0

    def potential(self, agent: str) -> float:
        """Phi of the shaping for an agent now: weight * (2 * its win probability - 1), 0 once the
        game is over (see the module docstring)."""
        g = self.game
        assert g is not None
        if g.game_over:
            return 0.0
        return self.shaping_weight * (2.0 * win_probability(g, self._seat_of[agent]) - 1.0)

    def _shape(self, agent: str, terminal: bool) -> float:
        """F = gamma * Phi(now) - Phi(the agent's last observation), and Phi(now) remembered."""
        now = 0.0 if terminal else self.potential(agent)
        f = self.shaping_gamma * now - self._phi.get(agent, now)
        self._phi[agent] = now
        return f

    def _advance(self) -> None:
        g = self.game
        assert g is not None
        found = play_seat(g, self._seats, self._agents)
        if found is None:
            self._deciding, self._choices = None, []
            return
        player, self._choices, self._table = found
        self._deciding = next(a for a, s in self._seat_of.items() if s == player)

    def _observe(self) -> dict[str, Any]:
        g = self.game
        assert g is not None and self._deciding is not None and self._table is not None
        cs = self._choices
        return encode(g, self._seat_of[self._deciding], self._table, [c.action for c in cs], [c.index for c in cs], cs)

    def _life(self) -> list[int]:
        assert self.game is not None
        return [p.life for p in self.game.players]

    def step(self, action_dict: dict[Any, Any]) -> tuple[dict, dict, dict, dict, dict]:  # type: ignore[override]
        g = self.game
        assert g is not None and self._deciding is not None
        agent = self._deciding
        chosen = by_index(self._choices).get(int(action_dict[agent]))
        if chosen is None:
            # never with the masked logits; as in the Gym env, the game ends with a penalty
            self._acted.add(agent)
            done = {a: True for a in self._acted} | {"__all__": True}
            return {a: self._final_observation(a) for a in self._acted}, \
                {a: (-1.0 if a == agent else 0.0) for a in self._acted}, done, \
                {a: False for a in self._acted} | {"__all__": False}, {agent: {"illegal_action": True}}
        before = self._life()
        g.act(self._seats[self._seat_of[agent]].start(chosen))
        self._acted.add(agent)
        self._steps += 1
        self._advance()
        rewards = {a: 0.0 for a in self._acted}
        if self.reward_shaping:
            after = self._life()
            for a in self._acted:
                me = self._seat_of[a]
                gained = (before[1 - me] - after[1 - me]) - (before[me] - after[me])
                rewards[a] += self.reward_shaping * gained / 20.0
        over = g.game_over or self._steps >= self.max_steps
        if not over:
            d = self._deciding
            if self._shaped:
                # shaping only between an agent's own observations: the others' wait for theirs
                if d in self._phi:
                    rewards[d] = rewards.get(d, 0.0) + self._shape(d, False)
                else:  # its first observation (the other seat of self-play)
                    self._phi[d] = self.potential(d)
            return {self._deciding: self._observe()}, rewards, {"__all__": False}, {"__all__": False}, {}
        limit = not g.game_over or g.result_reason.startswith(("turn limit", "action limit"))
        if self._shaped:
            for a in self._acted:
                rewards[a] += self._shape(a, terminal=not limit)
        outcome = 0 if g.winner is None else (1 if g.winner == self._seat_of[LEARNER] else -1)
        for a in self._acted:
            if g.winner is not None:
                rewards[a] += 1.0 if g.winner == self._seat_of[a] else -1.0
        done = {a: not limit for a in self._acted} | {"__all__": not limit}
        cut = {a: limit for a in self._acted} | {"__all__": limit}
        infos = {LEARNER: {"opponent": self.opponent, "outcome": outcome}} if LEARNER in self._acted else {}
        return {a: self._final_observation(a) for a in self._acted}, rewards, done, cut, infos

    def _final_observation(self, agent: str) -> dict[str, Any]:
        """An agent's view of the finished game (index 0 set in the mask, as in the Gym env)."""
        g = self.game
        assert g is not None
        me = self._seat_of[agent]
        obs = encode(g, me, ObjectTable(g, me, self.layout), [], [], [])
        obs["action_mask"][0] = 1
        return obs
