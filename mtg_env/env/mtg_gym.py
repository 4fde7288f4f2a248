"""The Gymnasium environment: a thin adapter over the engine (no rules here).

## Description
One learning player plays Magic against an opponent agent (`Duel-v0`), alone against a
goldfish (`Goldfish-v0`), or from a scenario position (`Scenario-v0`, for combo lines). The
engine stops at every decision the learner must make; the environment encodes it. Decisions with
one choice are taken by the env (`skip_forced`), for the learner and the opponent; with
`actions="moves"` the learner chooses whole moves (mtg_env.env.choices).

## Action Space
`Discrete(layout.n_actions)` (2008 with the default sizes) with the fixed layout of
`mtg_env.env.layout` (pass; play or cast the card in object row r; activate ability a of the
object in row r; choose object row r, a player or a stack item; X = x; mode m; color c; yes/no;
done; keep/mulligan; attack; block; order; number; option). Only masked indices are legal.

## Observation Space
A `Dict` of fixed-shape arrays (`mtg_env.env.observation`): "global" (turn, step, decision
kind), "players" (one row per player from the learner's seat), "objects" (the object table:
battlefield, hand, stack, caged exile, graveyards), "object_cards" (card pool index per row),
"object_links" (combat and attachments as row references), "stack"/"stack_cards"/"stack_links"
(every stack item, abilities included), "action_features"/"action_index"/"action_refs"/
"action_members"/"action_extra" (the choices, for pointer-style policies; references are integer
rows), and "action_mask" (np.int8); the table of keys is in `mtg_env.env.observation`. The mask is
also in `info["action_mask"]` and from `action_masks()`. The shapes follow the size limits
(`max_objects` object rows, `max_legal` action rows; see Arguments).

## Starting State
`reset(seed=...)` starts a new game from the decks (shuffled from the seed, mulligans as
decisions) or loads the scenario; all randomness comes from the seed.

## Rewards
`reward="win_loss"` (default): +1 win, -1 loss, 0 draw, at the end. `"damage"`: life the
opponents lost this step / 20, plus the end reward. `"mana"`: mana added to the learner's pool
this step (log-scaled), for combo scenarios. An illegal action: reward `illegal_penalty`
(default -1) and the episode ends with `info["illegal_action"] = True`. An action that is not an
integer (`1.7`, `"3"`, `True`) is a `TypeError`, not an illegal action.

## Episode End
Terminated when the game is over or after an illegal action; truncated at `max_steps` learner
decisions or at the engine's turn limit (`turn_limit`). The final observation's mask has only
index 0 set (no action is legal any more; samplers and vector envs never see an empty mask).
`info` has "forced" (decisions with one legal action the engine took during the step, both
players') and "auto" (learner decisions the env took: one choice, a move's rest, a pass outside
the stops), "learner" (the learner's seat) and "decks".
`step()` after the episode ended, before `reset()`, is a RuntimeError.

## Arguments
`decks` (list of deck files; one for goldfish), `scenario` (a scenario file/YAML/dict),
`format`, `opponent` (an agent's name in `mtg_env.registry`: "random", "heuristic", "mcts",
"combo"; or any callable/agent with `act(game) -> Action`), `reward`, `max_steps`, `turn_limit`,
`mana_payment` ("auto" by default: fewer decisions for learners), `illegal_penalty`,
`render_mode` ("ansi"), `mulligans`.
`skip_forced` (True: no decision with one choice reaches the learner), `actions` ("atomic": every
legal action; "moves": mtg_env.moves), `stops` ("all" by default for atomic, "default" for
moves; see mtg_env.env.choices), `hint` (an agent's name whose choice is marked in
"action_extra"), `suggest` (the agent whose declaration of attackers or blockers is the first
move; "heuristic"). `learner` (the learner's seat: 0, 1, or "random" each reset); `deck_pool` (a
list of deck files: each reset deals the learner one and the opponent another, at random).
The observation's size limits: `max_objects` (64, object rows), `max_battlefield` (32, of them
battlefield rows; at most `max_objects`), `max_abilities` (16, activated abilities per object),
`max_stack` (16, stack rows), `max_legal` (128, rows of per-action features); or `layout` (a
`mtg_env.env.layout.Layout`, every size), which takes precedence (a `max_*` other than its default
must then agree with it). The chosen layout is `env.layout`. A bad size is a ValueError naming it.

## Version History
- v0: first version; the size limits became arguments (their defaults give v0's layout). Issue
  16 added observation keys (the earlier keys kept their shapes; attack and block rows now point
  at the attacker and the blocker), `skip_forced` (on by default), `actions`, `stops`, `hint`,
  `suggest`, `deck_pool` and `learner="random"`.
"""

from __future__ import annotations

import os
from typing import Any, cast

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..engine.decks import new_game
from ..engine.game import Game
from ..engine.scenario import read_scenario
from ..paths import SOURCE_CONFIGS, scenario_file
from ..registry import make_agent
from ..text import format_state
from .choices import Choice, Seat, by_index, play_seat
from .layout import Layout, ObjectTable, env_layout
from .observation import encode, observation_space

# the included files, wherever the env is made from (a configs/ folder of the user's is not asked)
DEFAULT_DECKS = (str(SOURCE_CONFIGS / "decks" / "green_ramp.txt"), str(SOURCE_CONFIGS / "decks" / "red_burn.txt"))
DEFAULT_SCENARIO = str(SOURCE_CONFIGS / "scenarios" / "default.yaml")


def deal_decks(rng: np.random.Generator, pool: list[str], learner: int, format: str) -> list[str]:
    """Decks from `pool` in seat order: one for goldfish; else the learner's (at seat `learner`)
    and another one for the opponent (the same only when the pool has one deck)."""
    k = len(pool)
    mine = int(rng.integers(k))
    if format == "goldfish":
        return [pool[mine]]
    other = (mine + 1 + int(rng.integers(k - 1))) % k if k > 1 else mine
    pair = [pool[mine], pool[other]]
    return pair if learner == 0 else pair[::-1]


def action_index(action: Any, n: int) -> int:
    """The integer an action stands for: a Python or numpy integer, or a numpy array holding
    one (what samplers return); anything else (1.7, "3", True) is a TypeError. Out-of-range
    integers are returned as they are: they are illegal actions, not wrong types."""
    if isinstance(action, np.ndarray) and action.shape in ((), (1,)):
        action = action.reshape(()).item() if np.issubdtype(action.dtype, np.integer) else action
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise TypeError(f"an action is an integer index from 0 to {n - 1}, got {action!r} "
                        f"({type(action).__name__})")
    return int(action)


def _make_opponent(opponent: Any, seed: int) -> Any:
    if opponent is None:
        return None
    if isinstance(opponent, str):
        return make_agent(opponent, seed)  # by name, from mtg_env.registry
    if hasattr(opponent, "act"):
        return opponent
    if callable(opponent):
        class _Callable:
            def act(self, game: Game) -> Any:
                return opponent(game)
        return _Callable()
    raise ValueError(f"opponent must be an agent name, an agent or a callable, got {opponent!r}")


class MtgEnv(gym.Env[dict[str, Any], int]):
    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, decks: list[str] | tuple[str, ...] | None = None, scenario: Any = None,
                 format: str = "duel", opponent: Any = "random", reward: str = "win_loss",
                 max_steps: int = 2000, turn_limit: int | None = 30, mana_payment: str = "auto",
                 illegal_penalty: float = -1.0, render_mode: str | None = None, learner: int = 0,
                 mulligans: bool = True, max_objects: int = 64, max_battlefield: int = 32,
                 max_abilities: int = 16, max_stack: int = 16, max_legal: int = 128,
                 layout: Layout | None = None, skip_forced: bool = True, actions: str = "atomic",
                 stops: Any = None, hint: str | None = None, suggest: str | None = "heuristic",
                 deck_pool: list[str] | tuple[str, ...] | None = None):
        if reward not in ("win_loss", "damage", "mana"):
            raise ValueError(f"reward must be win_loss, damage or mana, got {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.decks = list(decks) if decks is not None else None
        self.scenario = scenario
        self.format = format
        self.opponent_spec = opponent
        self.reward_kind = reward
        self.max_steps = max_steps
        self.turn_limit = turn_limit
        self.mana_payment = mana_payment
        self.illegal_penalty = illegal_penalty
        self.render_mode = render_mode
        if learner not in (0, 1, "random"):
            raise ValueError(f"learner must be 0, 1 or 'random', got {learner!r}")
        self.learner_spec = learner
        self.learner = learner if isinstance(learner, int) else 0
        self.mulligans = mulligans
        self.deck_pool = list(deck_pool) if deck_pool is not None else None
        if self.deck_pool is not None and len(self.deck_pool) < 1:
            raise ValueError("deck_pool must list at least one deck")
        self.skip_forced = skip_forced
        self.layout = env_layout(layout, max_objects=max_objects, max_battlefield=max_battlefield,
                                 max_abilities=max_abilities, max_stack=max_stack, max_legal=max_legal)
        self.seat_options = {"actions": actions, "skip_forced": skip_forced, "stops": stops, "hint": hint,
                             "suggest": suggest}
        self.seat = Seat(self.learner, self.layout, **self.seat_options)
        # Space[int] in some gymnasium versions
        self.action_space = cast(Any, spaces.Discrete(self.layout.n_actions))
        self.observation_space = observation_space(self.layout)
        self.game: Game | None = None
        self._opponent: Any = None
        self._steps = 0
        self._choices: list[Choice] = []
        self._by_index: dict[int, Choice] = {}
        self._obs: dict[str, Any] | None = None
        self._decks: list[str] = []
        self._table: ObjectTable | None = None
        #: the episode has ended (terminated or truncated): step() needs reset() first
        self._ended = False

    # --------------------------------------------------------------------------------------
    def _new_game(self, seed: int) -> Game:
        if self.scenario is not None:
            src = self.scenario
            if isinstance(src, dict):
                src = dict(src, seed=seed)
            g = read_scenario(src, skip_forced=self.skip_forced).game
            if not isinstance(self.scenario, dict):
                g.rng.seed(seed)
            return g
        decks = self._decks_for(seed)
        return new_game(decks, seed=seed, format=self.format, mana_payment=self.mana_payment,
                        turn_limit=self.turn_limit, mulligans=self.mulligans, skip_forced=self.skip_forced)

    def _decks_for(self, seed: int) -> list[str]:
        """The decks of this game in seat order (the learner's at its seat)."""
        if self.deck_pool is not None:
            self._decks = deal_decks(np.random.default_rng(seed), self.deck_pool, self.learner, self.format)
        else:
            self._decks = self.decks or (list(DEFAULT_DECKS[:1]) if self.format == "goldfish" else list(DEFAULT_DECKS))
        return self._decks

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        if self.learner_spec == "random":
            self.learner = int(self.np_random.integers(2))
        self.seat = Seat(self.learner, self.layout, **self.seat_options)
        self.game = self._new_game(game_seed)
        self._opponent = _make_opponent(self.opponent_spec, game_seed + 1)
        self._steps = 0
        self._ended = False
        before = self._counts()
        self._advance()
        self._encode()
        return self._obs, self._info(**self._deltas(before))  # type: ignore[return-value]

    def _advance(self) -> None:
        """Play on (the opponent agent, the learner's own automatic decisions) until the learner
        must choose or the game is over."""
        g = self.game
        assert g is not None
        others = {p.index: self._opponent for p in g.players if p.index != self.learner and self._opponent is not None}
        found = play_seat(g, {self.learner: self.seat}, others)
        self._choices = found[1] if found is not None else []
        self._table = found[2] if found is not None else ObjectTable(g, self.learner, self.layout)

    def _counts(self) -> tuple[int, int]:
        g = self.game
        return (g.stats.forced if g is not None else 0), self.seat.auto

    def _deltas(self, before: tuple[int, int]) -> dict[str, int]:
        forced, auto = self._counts()
        return {"forced": forced - before[0], "auto": auto - before[1]}

    def _encode(self) -> None:
        g = self.game
        assert g is not None
        me = self.learner
        self._by_index = by_index(self._choices)
        assert self._table is not None
        # (the actions and indices are read from the choices when they are given)
        self._obs = encode(g, me, self._table, [], [], self._choices)
        if not self._choices:
            # The game is over: no action is legal. Index 0 stays set so that samplers and
            # vector envs (which step once more before resetting) never see an empty mask.
            self._obs["action_mask"][0] = 1

    def _info(self, **extra: Any) -> dict[str, Any]:
        assert self._obs is not None
        info = {"action_mask": self._obs["action_mask"].copy(),
                "legal_actions": [c.label for c in self._choices],
                "decision": self.game.decision.kind if self.game and self.game.decision else "",
                "learner": self.learner, "decks": [str(d) for d in self._decks]}
        info.update(extra)
        return info

    def action_masks(self) -> np.ndarray:
        """The legal-action mask (what sb3-contrib's MaskablePPO calls)."""
        assert self._obs is not None
        return self._obs["action_mask"].astype(bool)

    def action_label(self, index: int) -> str | None:
        c = self._by_index.get(int(index))
        return c.label if c is not None else None

    def choice(self, index: int) -> Choice | None:
        """The choice (engine action or move) that a legal index stands for now."""
        return self._by_index.get(int(index))

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        g = self.game
        if g is None:
            raise RuntimeError("call reset() before step()")
        if self._ended:
            raise RuntimeError("the episode has ended (terminated or truncated): call reset() before step()")
        index = action_index(action, self.layout.n_actions)
        chosen = self._by_index.get(index)
        if chosen is None or g.game_over:
            # Documented behaviour: an index that is not legal now ends the episode with a penalty.
            self._ended = True
            obs = {k: v.copy() for k, v in self._obs.items()}  # type: ignore[union-attr]
            return obs, float(self.illegal_penalty), True, False, self._info(
                illegal_action=True, action=index)
        before = self._measure()
        counts = self._counts()
        g.act(self.seat.start(chosen))
        self._steps += 1
        self._advance()
        self._encode()
        reward = self._reward(before)
        # the engine's turn limit ends the game as a draw: for the learner that is a truncation
        limit = g.game_over and g.result_reason.startswith(("turn limit", "action limit"))
        terminated = g.game_over and not limit
        truncated = limit or (not g.game_over and self._steps >= self.max_steps)
        self._ended = terminated or truncated
        # `result` is always a dict (vector envs merge infos key by key and need one type)
        return self._obs, reward, terminated, truncated, self._info(  # type: ignore[return-value]
            label=chosen.label, result=dict(g.result), **self._deltas(counts))

    def _measure(self) -> tuple[int, int]:
        g = self.game
        assert g is not None
        opp_life = sum(p.life for p in g.players if p.index != self.learner)
        return opp_life, g.players[self.learner].mana_produced + g.turn * 0

    def _reward(self, before: tuple[int, int]) -> float:
        g = self.game
        assert g is not None
        r = 0.0
        if self.reward_kind == "damage":
            opp_life, _ = self._measure()
            r += max(before[0] - opp_life, 0) / 20.0
        elif self.reward_kind == "mana":
            _, produced = self._measure()
            r += float(np.log1p(max(produced - before[1], 0)))
        if g.game_over:
            if g.winner == self.learner:
                r += 1.0
            elif g.winner is not None:
                r -= 1.0
        return r

    def render(self) -> Any:
        if self.render_mode != "ansi" or self.game is None:
            return None
        me = self.game.players[self.learner].name
        text = format_state(self.game.state_json(), viewer=me)
        if self._choices:
            text += "\n" + "\n".join(f"  [{c.index}] {c.label}" for c in self._choices if c.index >= 0)
        return text

    def close(self) -> None:
        self.game = None


def DuelEnv(**kwargs: Any) -> MtgEnv:  # noqa: N802  (a registry entry point)
    kwargs.setdefault("format", "duel")
    return MtgEnv(**kwargs)


def GoldfishEnv(**kwargs: Any) -> MtgEnv:  # noqa: N802
    kwargs.setdefault("format", "goldfish")
    kwargs.setdefault("opponent", None)
    kwargs.setdefault("reward", "damage")
    return MtgEnv(**kwargs)


def ScenarioEnv(**kwargs: Any) -> MtgEnv:  # noqa: N802
    kwargs.setdefault("scenario", DEFAULT_SCENARIO)
    kwargs.setdefault("opponent", "random")
    kwargs.setdefault("reward", "damage")
    if isinstance(kwargs["scenario"], str | os.PathLike) and not os.path.exists(str(kwargs["scenario"])) \
            and "\n" not in str(kwargs["scenario"]):
        found = scenario_file(kwargs["scenario"])  # a name in configs/scenarios/
        if found is not None:
            kwargs["scenario"] = str(found)
    return MtgEnv(**kwargs)
