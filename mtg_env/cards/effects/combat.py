"""Combat effects until end of turn (CR 611.2): "target creature can't block this turn",
"~ can't be blocked this turn" (rules modifications of layer 6, CR 613.1f), and the object
another object's combat event is about ("that creature" of "Whenever ~ becomes blocked by a
creature", CR 509.3d)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.modifications import AddFlags
from ...core.objects import BATTLEFIELD
from ..subjects import TARGET, Count, EventObject, This, Who
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
    """Rampage N (CR 702.23a-b): N for each creature blocking the source beyond the first (or,
    `skip` 0, for each creature blocking it), as the ability resolves."""

    n: int = 1
    skip: int = 1

    def value(self, g: GameOps, ctx: Context) -> int:
        src = ctx.source_id
        if src is None or src not in g.objects:
            return 0
        return self.n * max(len(g.blockers_of(src)) - self.skip, 0)


@dataclass(frozen=True, slots=True)
class OpponentsAttacked(Count):
    """Melee (CR 702.121a): the number of opponents its controller attacked with a creature this
    combat, as the ability resolves."""

    def value(self, g: GameOps, ctx: Context) -> int:
        return len(g.players_attacked() & set(g.opponents(ctx.controller)))


@dataclass(frozen=True)
class Fight(Effect):
    """"<a> fights <b>" (CR 701.14): each deals damage equal to its power to the other, at the
    same time; neither does if either is gone, no longer a creature or an illegal target
    (701.14b); a creature fighting itself deals itself twice its power (701.14c). Not combat
    damage (701.14d)."""

    a: Who = TARGET
    b: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        ra, rb = self.a.refs(g, ctx), self.b.refs(g, ctx)
        if len(ra) != 1 or len(rb) != 1 or ra[0][0] != "obj" or rb[0][0] != "obj":
            return None
        a, b = ra[0][1], rb[0][1]
        for oid in (a, b):
            if oid not in g.objects or g.objects[oid].zone != BATTLEFIELD or "Creature" not in g.chars(oid).types:
                return None
        pa, pb = max(g.chars(a).power or 0, 0), max(g.chars(b).power or 0, 0)
        from ...core.objects import Context as Ctx
        ca = Ctx(g.objects[a].controller, a, g.name_of(a))
        cb = Ctx(g.objects[b].controller, b, g.name_of(b))
        g.deal_damage(ca, ("obj", b), pa)
        g.deal_damage(cb, ("obj", a), pb)
        return None


@dataclass(frozen=True)
class ProtectionOfChoice(Effect):
    """"<what> gains protection from the color of your choice until end of turn" (CR 702.16,
    611.2a): the color is chosen as it resolves (CR 608.2d)."""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.mana import COLOR_NAMES, COLORS
        from ...core.modifications import AddKeywords
        refs = self.what.refs(g, ctx)
        if not refs:
            return None
        color = ctx.answers.get(step)
        if color is None:
            return Ask("color", ctx.controller, tuple(COLORS), tuple(f"color {c}" for c in COLORS),
                       f"{ctx.source_name}: choose a color (protection from it)")
        for ref in refs:
            g.add_until_eot(ref[1], AddKeywords((f"protection from {COLOR_NAMES[color]}",)))
        return None


@dataclass(frozen=True, slots=True)
class SelfOfDamage(This):
    """The ability's source, as the object of a damage trigger ("Whenever ~ is dealt damage",
    "deals combat damage to a player"): it tells the compiler that "that much" is the damage
    the event dealt."""


@dataclass(frozen=True, slots=True)
class EventAmount(Count):
    """"that much" / "that many": the damage the triggering event dealt (CR 603.7c)."""

    def value(self, g: GameOps, ctx: Context) -> int:
        return ctx.event.amount if ctx.event is not None else 0


@dataclass(frozen=True, slots=True)
class EventObjectOfDamage(EventObject):
    """The creature a damage trigger is about ("Whenever equipped creature deals combat damage"):
    "that much" is the damage the event dealt."""


SELF_OF_DAMAGE = SelfOfDamage()
EVENT_OBJECT_OF_DAMAGE = EventObjectOfDamage()
EVENT_AMOUNT = EventAmount()
