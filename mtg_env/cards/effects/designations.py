"""Designations a permanent gets (no ability, not copiable; lost when it leaves the
battlefield): renowned (CR 702.112) and monstrous (CR 701.37)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.filters import ObjectPredicate
from ...core.objects import BATTLEFIELD
from ..abilities import Triggered, TriggerEvent
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.chars import Chars
    from ...core.objects import Context, GameObject
    from ..protocol import GameOps


@dataclass(frozen=True, slots=True)
class Lacks(ObjectPredicate):
    """"if it isn't renowned" / "if this permanent isn't monstrous": the object hasn't the
    designation `name`."""

    name: str

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return not (o.info or {}).get(self.name)

    def __str__(self) -> str:
        return f"not {self.name}"


@dataclass(frozen=True)
class CountersAndDesignation(Effect):
    """"put N +1/+1 counters on it and it becomes renowned" (CR 702.112a), "Monstrosity N"
    (CR 701.37a): if the source is on the battlefield without the designation, N +1/+1
    counters on it, then it has the designation (checked again as it resolves: a second
    instance does nothing, CR 702.112c, 701.37a)."""

    n: int
    name: str

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        src = ctx.source_id
        obj = g.objects.get(src) if src is not None else None
        if obj is None or obj.zone != BATTLEFIELD or (obj.info or {}).get(self.name):
            return None
        assert src is not None
        g.add_counters(src, "+1/+1", self.n)
        g.designate(src, self.name)
        return None


def renown_trigger(text: str, n: int) -> Triggered:
    """Renown N (CR 702.112a): "When this creature deals combat damage to a player, if it
    isn't renowned, put N +1/+1 counters on it and it becomes renowned." """
    return Triggered(text=text, event=TriggerEvent.COMBAT_DAMAGE_TO_PLAYER, condition=Lacks("renowned"),
                     effects=(CountersAndDesignation(n, "renowned"),))


@dataclass(frozen=True)
class Exploit(Effect):
    """Exploit (CR 702.110a): "When this creature enters, you may sacrifice a creature." One
    question: a creature its controller controls (the source too, while it is there), or
    none. Sacrificing one makes the source "exploit a creature" (CR 702.110b): its
    "When ~ exploits a creature" abilities trigger (engine/triggers.py)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        mine = [o for o in g.battlefield if g.objects[o].controller == ctx.controller
                and "Creature" in g.chars(o).types]
        choice = ctx.answers.get(step)
        if choice is None:
            if not mine:
                return None
            return Ask("choose", ctx.controller, (*mine, "none"),
                       (*(f"sacrifice {g.name_of(o)}" for o in mine), "sacrifice nothing"),
                       f"{ctx.source_name}: exploit (you may sacrifice a creature)")
        if choice == "none" or choice not in mine:
            return None
        src = ctx.source_id
        here = src is not None and src in g.objects and g.objects[src].zone == BATTLEFIELD
        c = g.chars(src).copy() if here and src is not None else None
        owner = g.objects[src].controller if here and src is not None else ctx.controller
        g.sacrifice(choice)
        if c is not None and src is not None:
            g.exploits(src, c, owner, choice)
        return None


#: the triggered ability of the keyword exploit (CR 702.110a)
EXPLOIT = Triggered(text="Exploit (When this creature enters, you may sacrifice a creature.)",
                    event=TriggerEvent.ENTERS, effects=(Exploit(),))


@dataclass(frozen=True)
class Detain(Effect):
    """Detain (CR 701.35a): until the next turn of this ability's controller, each permanent
    `what` names can't attack or block and its activated abilities can't be activated."""

    what: Any

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            if ref[0] == "obj":
                g.detain(ref[1], ctx.controller)
        return None
