"""Keyword abilities that are triggered abilities (CR 702): undying; and the copy exception
of Phantasmal Image."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.objects import GRAVEYARD
from ..abilities import Triggered, TriggerEvent
from .base import Ask, Effect
from .permanents import SacrificeIt

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class ReturnWithCounter(Effect):
    """Undying (CR 702.93a): return the card to the battlefield under its owner's control with a
    +1/+1 counter on it."""

    kind: str = "+1/+1"

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        new_id = ctx.event.new_id if ctx.event is not None else None
        if new_id is None or new_id not in g.objects or g.objects[new_id].zone != GRAVEYARD:
            return None
        got = g.enter_battlefield(ctx, step * 100, [(new_id, g.objects[new_id].owner)])
        if isinstance(got, Ask):
            return got
        if got[0] is not None:
            g.add_counters(got[0], self.kind, 1)
        return None


#: Undying (CR 702.93a), the triggered ability a creature with the keyword has.
UNDYING = Triggered(
    text="Undying (When this creature dies, if it had no +1/+1 counters on it, return it to the battlefield "
         "under its owner's control with a +1/+1 counter on it.)",
    event=TriggerEvent.DIES, effects=(ReturnWithCounter("+1/+1"),))

#: Phantasmal Image's copy exception: "When this creature becomes the target of a spell or
#: ability, sacrifice it."
SACRIFICE_WHEN_TARGETED = Triggered(
    text="When this creature becomes the target of a spell or ability, sacrifice it.",
    event=TriggerEvent.BECOMES_TARGET, effects=(SacrificeIt(),))
