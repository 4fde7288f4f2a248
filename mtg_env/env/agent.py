"""PolicyAgent: plays any policy that maps an observation and a mask to an action index, so that
trained models (MaskablePPO, RLlib, anything) join tournaments like any other agent.

It decides the way the envs' learner does (choices.py): the same observation, the same
granularity (atomic actions or moves, whose rest it plays out itself), the same skipping and
stops. `PolicyAgent.load(checkpoint)` plays a policy trained by `mtg-env train` (its `policy.pt`,
a checkpoint folder or a run folder) with the options it was trained with (loading needs torch).

It lives here, beside the observation it encodes, so that mtg_env (the trainer's evaluation)
can use it without importing the agents package; `agents.policy` re-exports it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.actions import Action
from .choices import Seat, by_index
from .layout import DEFAULT_LAYOUT, Layout
from .observation import encode

if TYPE_CHECKING:
    from ..engine.game import Game


class PolicyAgent:
    """`policy(observation: dict, mask: np.ndarray[int8]) -> int` (an index of the action layout).
    The observation is the environment's (mtg_env.env.observation) for the deciding player, shaped
    by `layout`: give a policy the layout and the options of the env it was trained on
    (`env.unwrapped.layout`; `actions`, `skip_forced`, `stops`, `hint`, `suggest` as for the env).
    With `skip_forced` (the default, as in the envs) a decision with one choice is taken without
    asking the policy."""

    def __init__(self, policy: Callable[[dict[str, Any], np.ndarray], int], seed: int = 0,
                 layout: Layout = DEFAULT_LAYOUT, actions: str = "atomic", skip_forced: bool = True,
                 stops: Any = None, hint: str | None = None, suggest: str | None = "heuristic"):
        if not isinstance(layout, Layout):
            raise ValueError(f"layout must be a mtg_env.env.layout.Layout, got {layout!r}")
        self.policy = policy
        self.layout = layout
        self.options = {"actions": actions, "skip_forced": skip_forced, "stops": stops, "hint": hint,
                        "suggest": suggest}
        Seat(0, layout, **self.options)  # bad options fail here
        self._seats: dict[int, Seat] = {}
        self._where: dict[int, tuple[int, int]] = {}

    @classmethod
    def load(cls, checkpoint: str | os.PathLike[str], seed: int = 0, deterministic: bool = True) -> PolicyAgent:
        """The policy of a checkpoint of `mtg-env train` (mtg_env.learn.checkpoint), greedy by
        default (`deterministic=False` samples from it)."""
        from ..learn.checkpoint import load_policy
        from ..learn.policy import TorchPolicy
        net, layout, seat, _meta = load_policy(checkpoint)
        return cls(TorchPolicy(net, deterministic=deterministic, seed=seed), seed, layout=layout, **seat)

    def _seat(self, game: Game, me: int) -> Seat:
        seat = self._seats.get(me)
        where = (game.seed, game.turn)
        last = self._where.get(me)
        if seat is None or last is None or last[0] != game.seed:  # a new game: a fresh seat
            seat = self._seats[me] = Seat(me, self.layout, **self.options)
        elif last != where:
            seat.plan.clear()  # a move never lasts past its turn
        self._where[me] = where
        return seat

    def act(self, game: Game) -> Action:
        d = game.decision
        assert d is not None
        me = next(p.index for p in game.players if p.name == d.player)
        seat = self._seat(game, me)
        r = seat.decide(game)
        if isinstance(r, Action):
            return r
        choices, table = r
        obs = encode(game, me, table, [c.action for c in choices], [c.index for c in choices], choices)
        choice = int(self.policy(obs, obs["action_mask"]))
        chosen = by_index(choices).get(choice)
        if chosen is None:
            raise ValueError(f"the policy chose action index {choice}, which is not legal now")
        return seat.start(chosen)


def masked_random_policy(seed: int = 0) -> Callable[[dict[str, Any], np.ndarray], int]:
    rng = np.random.default_rng(seed)
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))
