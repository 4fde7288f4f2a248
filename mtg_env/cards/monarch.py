"""The monarch (CR 724): "you become the monarch", "if you're the monarch".

The monarch is a designation a player has (CR 724.1), with two inherent triggered abilities
(CR 724.2): "At the beginning of the monarch's end step, that player draws a card." and
"Whenever a creature deals combat damage to the monarch, its controller becomes the monarch."
The engine keeps it as a marker object, "The Monarch", in the monarch's command zone (shown
with the player's command zone), which has no characteristics but those abilities: like an
emblem's (CR 114.4), they work from there. Becoming the monarch moves the marker: there is one
monarch (CR 724.3). engine/designations.py moves it, queues the damage trigger and gives it
on when the monarch leaves the game (CR 724.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from ..core.filters import Filter
from ..core.mana import ManaCost
from .abilities import Triggered, TriggerEvent
from .defining import StaticCondition
from .effects.base import Ask, Effect
from .effects.planeswalkers import EmblemDef
from .effects.players import Draw
from .subjects import Who

if TYPE_CHECKING:
    from ..core.chars import Chars
    from ..core.objects import Context, GameObject
    from .protocol import GameOps

MONARCH = "The Monarch"
END_STEP_TEXT = "At the beginning of your end step, draw a card."
DAMAGE_TEXT = "Whenever a creature deals combat damage to you, its controller becomes the monarch."


@dataclass(frozen=True, eq=False)
class MonarchDef(EmblemDef):
    """The marker's definition (one per process; pickles as that one)."""

    def __reduce__(self) -> tuple:
        return (monarch_def, ())


@dataclass(frozen=True)
class DamagerBecomesMonarch(Effect):
    """CR 724.2: the controller of the creature that dealt the combat damage becomes the
    monarch: its controller now, or, once it has left the battlefield, when it dealt it
    (the event's `defender`)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        ev = ctx.event
        if ev is None or ev.object is None:
            return None
        obj = g.objects.get(ev.object)
        who = obj.controller if obj is not None and obj.zone == "battlefield" else ev.defender
        if who is not None:
            g.become_monarch(who)
        return None


@cache
def monarch_def() -> MonarchDef:
    return MonarchDef(MONARCH, ManaCost(), frozenset(), (), frozenset(), None, None,
                      f"{END_STEP_TEXT}\n{DAMAGE_TEXT}",
                      (Triggered(text=END_STEP_TEXT, event=TriggerEvent.END_STEP, actor="you",
                                 effects=(Draw(),)),),
                      frozenset(), frozenset(), source=MONARCH, text=END_STEP_TEXT)


#: queued by the engine for combat damage to the monarch (not waiting on any event itself)
DAMAGE_TRIGGER = Triggered(text=DAMAGE_TEXT, event=TriggerEvent.COMBAT_DAMAGE_TO_PLAYER,
                           effects=(DamagerBecomesMonarch(),))


@dataclass(frozen=True)
class BecomeMonarch(Effect):
    """"<player> becomes the monarch" (CR 724.3)."""

    who: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        refs = [r for r in self.who.refs(g, ctx) if r[0] == "player"]
        if refs:
            g.become_monarch(refs[0][1])
        return None


def is_monarch(g: Any, player: int) -> bool:
    pl = g.players[player]
    return any(g.objects[o].card.name == MONARCH and isinstance(g.objects[o].card, MonarchDef)
               for o in pl.command)


@dataclass(frozen=True)
class YouAreTheMonarch(Filter):
    """"if you're the monarch" (an intervening "if", CR 603.4)."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return is_monarch(g, you)

    def player(self, g: Any, p: int, you: int) -> bool:
        return is_monarch(g, you)

    def __str__(self) -> str:
        return "you're the monarch"


@dataclass(frozen=True)
class MonarchCondition(StaticCondition):
    """"as long as you're the monarch": the source's controller is."""

    def holds(self, g: GameOps, chars: dict[int, Chars] | None, source: int) -> bool:
        return is_monarch(g, g.objects[source].controller)
