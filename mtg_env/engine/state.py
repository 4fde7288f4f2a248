"""The game's state records: each groups the facts of one part of the rules and copies itself,
so that `Game.clone()` copies records instead of a hand-kept list of fields.

Plain data only (style.md): no callbacks, generators or handles, so states pickle and clone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.objects import SlotState

if TYPE_CHECKING:
    from ..cards.vocab import Triggered


class Statistics(SlotState):
    """What happened in the game, counted as it happens (not read back from the log): the
    harness's result rows and the benchmarks read these."""

    __slots__ = ("actions", "spells_cast", "abilities_activated", "casts", "mana_history")

    def __init__(self, n_players: int):
        #: decisions taken (`Game.act`)
        self.actions = 0
        #: spells cast, per player index
        self.spells_cast = [0] * n_players
        #: abilities activated (mana abilities included), per player index
        self.abilities_activated = [0] * n_players
        #: every spell cast, in order: (turn, player index, card name)
        self.casts: list[tuple[int, int, str]] = []
        #: per finished turn: [its active player, then the mana each player produced in it]
        self.mana_history: list[list[int]] = []

    def copy(self) -> Statistics:
        s = Statistics.__new__(Statistics)
        s.actions = self.actions
        s.spells_cast = self.spells_cast[:]
        s.abilities_activated = self.abilities_activated[:]
        s.casts = self.casts[:]
        s.mana_history = self.mana_history[:]
        return s

    def cast_count(self, player: int, card: str | None = None) -> int:
        """Spells `player` cast (named `card`, if given)."""
        if card is None:
            return self.spells_cast[player]
        return sum(1 for _t, p, name in self.casts if p == player and name == card)


class ContinuousEffect(SlotState):
    """An effect created by a resolving spell or ability (CR 611), e.g. +3/+3 until end of turn."""

    __slots__ = ("kind", "target", "args", "timestamp", "duration")

    def __init__(self, kind: str, target: int | None, args: Any, timestamp: int, duration: str):
        self.kind = kind
        self.target = target
        self.args = args
        self.timestamp = timestamp
        self.duration = duration


class PendingTrigger(SlotState):
    """A triggered ability that has triggered and waits to be put on the stack (CR 603.3)."""

    __slots__ = ("ability", "source_id", "key", "controller", "source_name", "event", "origin")

    def __init__(self, ability: Triggered, source_id: int, key: str, controller: int,
                 source_name: str, event: dict[str, Any], origin: str | None = None):
        self.ability = ability
        self.source_id = source_id
        self.key = key
        self.controller = controller
        self.source_name = source_name
        self.event = event
        self.origin = origin
