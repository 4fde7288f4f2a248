"""The engine's errors. Each says where and what; none leaves a game half-changed."""

from __future__ import annotations


class MtgError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(MtgError):
    """`Game.act()` was given something that is not legal now (interface.md §1, §3)."""


class ManaStringError(MtgError, ValueError):
    """A mana cost or mana pool string could not be read."""


class UnknownCardError(MtgError, KeyError):
    """A card name the engine does not support."""

    def __str__(self) -> str:  # KeyError quotes its message; we want it plain
        return str(self.args[0]) if self.args else "unknown card"


class UnsupportedCardError(UnknownCardError):
    """A real card (in the Oracle database) that the engine does not support: `reasons` names
    each phrase of its text the card compiler did not read."""

    def __init__(self, message: str, name: str = "", reasons: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.name = name
        self.reasons = reasons


class ScenarioError(MtgError, ValueError):
    """A scenario file is malformed: names the file, the key path and what was expected."""

    def __init__(self, where: str, path: str, message: str):
        self.where = where
        self.path = path
        self.message = message
        loc = f"{where}: " if where else ""
        key = f"{path}: " if path else ""
        super().__init__(f"{loc}{key}{message}")


class DeckError(MtgError, ValueError):
    """A deck list is malformed or names cards the engine does not support (all listed at once)."""


class LimitReached(MtgError):
    """A game went past one of the engine's documented limits (engine/limits.py: objects, mana,
    counters, steps without a decision). Inside the engine the game then ends in a draw with
    this message as its reason; raised to the caller only while a position is being set up."""


class BudgetExceeded(MtgError, TimeoutError):
    """The deadline a search gave a game (`Game.deadline`) passed while an action was still
    running. The game is left in the middle of that action: a search discards it (it is one of
    its clones) and stops."""
