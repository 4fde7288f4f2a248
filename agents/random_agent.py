"""RandomAgent: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mtg_env import Action, Game


class RandomAgent:
    """Picks uniformly among the legal actions. Its generator is its own, so the game's
    randomness and the agent's never disturb each other."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, game: Game) -> Action:
        actions = game.legal_actions()
        return actions[self.rng.randrange(len(actions))]
