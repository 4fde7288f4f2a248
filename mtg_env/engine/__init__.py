"""The rules engine: pure game logic, no numpy spaces and no agents."""

from ..core.actions import Action, Decision
from ..core.errors import (
    DeckError,
    IllegalActionError,
    ManaStringError,
    MtgError,
    ScenarioError,
    UnknownCardError,
)
from .game import Game

__all__ = ["Action", "Decision", "DeckError", "Game", "IllegalActionError", "ManaStringError",
           "MtgError", "ScenarioError", "UnknownCardError"]
