"""mtg_env: a headless Magic: The Gathering rules engine, for reinforcement learning and combos.

The public API (interface.md §1)::

    from mtg_env import load_scenario, new_game, card_status, load_puzzle

Importing the package registers the Gymnasium ids (`gym.make("mtg_env/Duel-v0")`): Gymnasium 1.x
no longer loads the `gymnasium.envs` entry points, so registering on import is what makes
`import mtg_env` enough.
"""

from .cards import CardStatus, card_status
from .core.errors import UnsupportedCardError
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
from .puzzle import Puzzle, PuzzleError, UnsupportedPuzzleError, load_puzzle

__all__ = ["Action", "CardStatus", "Decision", "DeckError", "Game", "IllegalActionError", "ManaStringError",
           "MtgError", "Puzzle", "PuzzleError", "ScenarioError", "UnknownCardError", "UnsupportedCardError",
           "UnsupportedPuzzleError", "card_status", "load_deck", "load_puzzle", "load_scenario", "new_game",
           "play_game", "run_scenario"]
__version__ = "0.1.0"

from .env import register_envs as _register_envs  # noqa: E402  (last: the env adapter imports the engine)

_register_envs()
