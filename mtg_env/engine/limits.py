"""The engine's limits: how far a game may grow before it stops instead of running for ever.

A game that would go past one of them ends at once in a draw whose reason names the limit
(`LimitReached`, caught by the run loop in game.py), the way CR 104.4b ends a game in a loop of
mandatory actions. They are far beyond any game the engine has seen (a commander game holds a
few hundred objects; thirty Nyxbloom Ancients make 2 * 10^14 mana):

- `MAX_OBJECTS` objects in the game at once (cards, tokens, copies): a Hangarback Walker with
  10^18 counters dying does not try to make 10^18 Thopters;
- `MAX_AMOUNT` mana of one type in a pool, counters of one kind on an object, and the largest
  X offered (casting.x_values);
- `MAX_STEPS` steps of the engine between two decisions (a loop no player can stop).

A search may also give a game a deadline (`Game.deadline`, a `time.monotonic()` value, shared
by its clones): an action still running then raises `BudgetExceeded`, checked every few hundred
steps and new objects, so a budget holds even inside one long effect.

This module checks; it must not change the game (the run loop ends it).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..core.errors import BudgetExceeded, LimitReached

if TYPE_CHECKING:
    from .game import Game

MAX_OBJECTS = 50_000
MAX_AMOUNT = 10**18
MAX_STEPS = 1_000_000


def check_new_object(g: Game) -> None:
    """Before an object is made: the object limit, and every 256 objects the deadline."""
    if len(g.objects) >= MAX_OBJECTS:
        raise LimitReached(f"object limit reached: a game holds at most {MAX_OBJECTS} objects")
    if g.deadline is not None and g.next_id & 255 == 0:
        check_deadline(g)


def check_amount(n: int, what: str) -> None:
    """Mana of one type or counters of one kind: at most MAX_AMOUNT."""
    if n > MAX_AMOUNT:
        raise LimitReached(f"{what} limit reached: at most {MAX_AMOUNT}")


def check_steps(g: Game, steps: int) -> None:
    """Called every 64 steps of the run loop: the step limit and the deadline."""
    if steps > MAX_STEPS:
        raise LimitReached(f"step limit reached: more than {MAX_STEPS} steps of the engine without a "
                           f"decision (a loop of mandatory actions, CR 104.4b)")
    if g.deadline is not None:
        check_deadline(g)


def check_deadline(g: Game) -> None:
    if g.deadline is not None and time.monotonic() > g.deadline:
        raise BudgetExceeded("the search's time budget ran out during an action")
