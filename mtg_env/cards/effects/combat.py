"""Combat effects until end of turn (CR 611.2): "target creature can't block this turn",
"~ can't be blocked this turn" (rules modifications of layer 6, CR 613.1f), and the object
another object's combat event is about ("that creature" of "Whenever ~ becomes blocked by a
creature", CR 509.3d)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.modifications import AddFlags
from ...core.objects import BATTLEFIELD
from ..subjects import TARGET, Count, Who
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context, Ref
    from ..protocol import GameOps


@dataclass(frozen=True)
class FlagUntilEOT(Effect):
    """`what` gets rules flags (core.chars.Flag: can't block, can't be blocked) until end of
    turn (CR 611.2a, 613.1f)."""

    flags: tuple[str, ...]
    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.add_until_eot(ref[1], AddFlags(self.flags))
        return None


@dataclass(frozen=True, slots=True)
class EventOther(Who):
    """The other creature of a combat event ("that creature": the blocker in "Whenever ~
    becomes blocked by a creature", the attacker in "Whenever ~ blocks a creature", the
    creature dealt damage), while it is on the battlefield."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        oid = ctx.event.source if ctx.event is not None else None
        if oid is not None and oid in g.objects and g.objects[oid].zone == BATTLEFIELD:
            return [("obj", oid)]
        return []


EVENT_OTHER = EventOther()


@dataclass(frozen=True, slots=True)
class BlockersBeyondFirst(Count):
    """Rampage N (CR 702.23a-b): N for each creature blocking the source beyond the first, as
    the ability resolves."""

    n: int = 1

    def value(self, g: GameOps, ctx: Context) -> int:
        src = ctx.source_id
        if src is None or src not in g.objects:
            return 0
        return self.n * max(len(g.blockers_of(src)) - 1, 0)


@dataclass(frozen=True, slots=True)
class OpponentsAttacked(Count):
    """Melee (CR 702.121a): the number of opponents its controller attacked with a creature this
    combat, as the ability resolves."""

    def value(self, g: GameOps, ctx: Context) -> int:
        return len(g.players_attacked() & set(g.opponents(ctx.controller)))
