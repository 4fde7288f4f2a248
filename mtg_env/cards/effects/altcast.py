"""Effects of the alternative-casting family (templates/altcast.py): unearth's return
(CR 702.84a)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.modifications import AddKeywords
from ...core.objects import BATTLEFIELD, EXILE, GRAVEYARD, HAND
from ..subjects import SELF
from .base import Ask, Effect
from .permanents import ExileIt

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class Unearth(Effect):
    """"Return this card from your graveyard to the battlefield. It gains haste. Exile it at the
    beginning of the next end step. If it would leave the battlefield, exile it instead of
    putting it anywhere else." (CR 702.84a): the card, if it is still the one in the graveyard
    (CR 400.7); the permanent remembers it was unearthed (`info["unearthed"]`: the replacement
    effect, engine/zones.py), gains haste for as long as it is on the battlefield (CR 611.2a),
    and a delayed triggered ability exiles it (CR 603.7)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ..abilities import Triggered, TriggerEvent
        o = ctx.source_id
        if o is None or o not in g.objects or g.objects[o].zone != GRAVEYARD:
            return None
        info = g.as_enters(ctx, -(step * 1_000) - 500, g.objects[o].card, ctx.controller)
        if isinstance(info, Ask):
            return info
        new = g.move_to_zone(o, BATTLEFIELD, controller=ctx.controller, info=dict(info or {}, unearthed=True))
        if new is None or g.objects[new].zone != BATTLEFIELD:
            return None
        g.add_for_good(new, AddKeywords(("haste",)))
        exile = Triggered(text="Exile it (unearth).", event=TriggerEvent.END_STEP, effects=(ExileIt(SELF),),
                          subject=None)
        g.delay_until_next_end_step(ctx.controller, new, exile)
        return None


@dataclass(frozen=True)
class SuspendIt(Effect):
    """Suspend's special action (CR 702.62a, 116.2f): the card in its owner's hand is exiled
    with N time counters on it (it is then "suspended", CR 702.62b: engine/altcast.py makes
    its upkeep and last-counter abilities trigger from exile)."""

    time: int = 1

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        o = ctx.source_id
        if o is None or o not in g.objects or g.objects[o].zone != HAND:
            return None
        name = g.name_of(o)
        new = g.move_to_zone(o, EXILE)
        if new is not None:
            g.add_counters(new, "time", self.time)
            g.log_event(f"{g.players[ctx.controller].name} suspends {name} with {self.time} time counter(s)")
        return None
