"""mtg_env: a headless Magic: The Gathering rules engine, for reinforcement learning and combos.

The public API (interface.md §1)::

    from mtg_env import load_scenario, new_game
"""

from .engine import (
    Action,
    Decision,
    DeckError,
    Game,
    IllegalActionError,
    ManaStringError,
    MtgError,
    ScenarioError,
    UnknownCardError,
)
from .engine.decks import load_deck, new_game
from .engine.scenario import load_scenario, run_scenario
from .play import play_game

__all__ = ["Action", "Decision", "DeckError", "Game", "IllegalActionError", "ManaStringError",
           "MtgError", "ScenarioError", "UnknownCardError", "load_deck", "load_scenario", "new_game",
           "play_game", "run_scenario"]
__version__ = "0.1.0"
