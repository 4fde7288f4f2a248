"""Keyword abilities about a permanent entering or dying: persist (CR 702.79), modular's
triggered part (CR 702.43), bloodthirst's condition (CR 702.54)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.filters import ObjectPredicate
from ...core.objects import BATTLEFIELD, GRAVEYARD
from ..abilities import TargetSpec, Triggered, TriggerEvent
from ..subjects import TARGET, EventCounters
from .base import Ask, Effect
from .permanents import PutCounters

if TYPE_CHECKING:
    from ...core.chars import Chars
    from ...core.objects import Context, GameObject
    from ..protocol import GameOps


@dataclass(frozen=True)
class ReturnEnteringWithCounter(Effect):
    """"Return it to the battlefield under its owner's control with a -1/-1 counter on it"
    (persist, CR 702.79a): the card that went to the graveyard, if it is still there, enters
    with the counter (CR 614.1c: the counter is on it as it enters, so its enters triggers
    see it)."""

    kind: str = "-1/-1"

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        new_id = ctx.event.new_id if ctx.event is not None else None
        if new_id is None or new_id not in g.objects or g.objects[new_id].zone != GRAVEYARD:
            return None
        owner = g.objects[new_id].owner
        got = g.as_enters(ctx, step * 100, g.objects[new_id].card, owner)
        if isinstance(got, Ask):
            return got
        info = dict(got or {})
        info["enters_with"] = {self.kind: 1}
        g.move_to_zone(new_id, BATTLEFIELD, controller=owner, info=info)
        return None


#: Persist (CR 702.79a), the triggered ability a permanent with the keyword has (it triggers
#: only if the permanent had no -1/-1 counter on it: engine/triggers.py)
PERSIST = Triggered(
    text="Persist (When this creature dies, if it had no -1/-1 counters on it, return it to the battlefield "
         "under its owner's control with a -1/-1 counter on it.)",
    event=TriggerEvent.DIES, effects=(ReturnEnteringWithCounter("-1/-1"),))


def modular_trigger(text: str) -> Triggered:
    """Modular's triggered part (CR 702.43a): "When this permanent is put into a graveyard from
    the battlefield, you may put a +1/+1 counter on target artifact creature for each +1/+1
    counter on this permanent." (the counters it had as it last existed, CR 603.10a)"""
    return Triggered(text=text, event=TriggerEvent.PUT_INTO_GRAVEYARD, optional=True,
                     targets=(TargetSpec("artifact creature"),),
                     effects=(PutCounters("+1/+1", EventCounters("+1/+1"), TARGET),))


@dataclass(frozen=True, slots=True)
class OpponentDamagedThisTurn(ObjectPredicate):
    """Bloodthirst's "if an opponent was dealt damage this turn" (CR 702.54a), judged as the
    permanent enters: an opponent of `you` (its controller) was dealt damage (combat or not,
    after prevention) this turn."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return any(g.dealt_damage_this_turn(q) for q in g.opponents(you))

    def __str__(self) -> str:
        return "an opponent was dealt damage this turn"
