"""Effects that depend on what their controller controls as they resolve ("if you control three
or more artifacts", CR 603.4 and 608.2c), and the counters of vanishing and fading (CR 702.63,
702.32): removing a counter from the ability's source, sacrificing it when it can't."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.filters import Controls, Filter
from ...core.objects import BATTLEFIELD
from ..subjects import SELF, Who
from .base import Ask, Effect, run_effects, sub_step

if TYPE_CHECKING:
    from ...core.chars import Chars
    from ...core.objects import Context, GameObject, Ref
    from ..protocol import GameOps


def controls_now(g: GameOps, cond: Controls, ctx: Context) -> bool:
    """Whether `cond` ("you control three or more artifacts") holds for the ability's
    controller now. The compiler reads only conditions that don't depend on the source
    ("other" is declined), so the source having left doesn't matter."""
    return cond.player(g, ctx.controller, ctx.controller)


@dataclass(frozen=True)
class IfControls(Effect):
    """"<effect>. <other effect> instead if you control three or more artifacts." (Galvanic
    Blast): `then` if `condition` holds as this resolves, else `otherwise` (CR 608.2c: the
    instructions are followed in order; the condition is judged when the instruction is
    reached). The answer is kept, so resuming after a question doesn't judge it again."""

    condition: Controls
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = sub_step(step, 996)
        if key not in ctx.answers:
            ctx.answers[key] = controls_now(g, self.condition, ctx)
        return run_effects(self.then if ctx.answers[key] else self.otherwise, g, ctx, step)


@dataclass(frozen=True)
class Recheck(Effect):
    """The effects of a triggered ability with an intervening "if" (CR 603.4): the ability
    triggered only if the condition held (engine/triggers.queue_trigger) and, as it resolves,
    does nothing unless the condition holds again."""

    condition: Controls
    effects: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = sub_step(step, 996)
        if key not in ctx.answers:
            ctx.answers[key] = controls_now(g, self.condition, ctx)
        return run_effects(self.effects, g, ctx, step) if ctx.answers[key] else None


# --------------------------------------------------------------------------------------------
# vanishing and fading


@dataclass(frozen=True, slots=True)
class HasCounter(Filter):
    """"if this permanent has a time counter on it" (CR 702.63a): the object has at least one
    counter of `kind`."""

    kind: str

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return o.counters.get(self.kind, 0) > 0

    def __str__(self) -> str:
        return f"it has a {self.kind} counter on it"


@dataclass(frozen=True)
class RemoveCounter(Effect):
    """"remove a time counter from it": one counter of `kind` from `what`, if it has one
    (CR 122.8: removing a counter an object doesn't have does nothing)."""

    kind: str
    what: Who = SELF

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            if g.objects[ref[1]].counters.get(self.kind, 0):
                g.remove_counters(ref[1], self.kind, 1)
        return None


@dataclass(frozen=True)
class RemoveCounterOrSacrifice(Effect):
    """Fading's upkeep ability (CR 702.32a): "remove a fade counter from it. If you can't,
    sacrifice it." Only while the source is still on the battlefield (a new object after a
    zone change is not "it", CR 400.7)."""

    kind: str

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        src = ctx.source_id
        obj = g.objects.get(src) if src is not None else None
        if src is None or obj is None or obj.zone != BATTLEFIELD:
            return None
        if obj.counters.get(self.kind, 0):
            g.remove_counters(src, self.kind, 1)
        else:
            g.sacrifice(src)
        return None


# --------------------------------------------------------------------------------------------
# "Target creature deals damage to itself equal to its power" (Repentance)


@dataclass(frozen=True)
class DamageItself(Effect):
    """Each creature `what` names deals damage equal to its power to itself (CR 120.3: the
    creature is the source, so its deathtouch, lifelink, infect and wither apply; its power
    as the effect happens, none if 0 or less)."""

    what: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import Context as Ctx
        dealt: list[tuple[int, int]] = []
        for ref in self.what.refs(g, ctx):
            oid = ref[1]
            if ref[0] != "obj" or oid not in g.objects or g.objects[oid].zone != BATTLEFIELD:
                continue
            c = g.chars(oid)
            if "Creature" in c.types:
                dealt.append((oid, max(c.power or 0, 0)))
        # "Each creature deals damage to itself ...": the amounts are all known before any is
        # dealt (the damage is dealt at once: a lifelink gain can't change another's power)
        for oid, n in dealt:
            g.deal_damage(Ctx(g.objects[oid].controller, oid, g.name_of(oid)), ("obj", oid), n)
        return None


# --------------------------------------------------------------------------------------------
# "up to two target creatures": every target chosen for one spec


@dataclass(frozen=True, slots=True)
class SpecTargets(Who):
    """Every target chosen for the `spec`th target spec ("Tap up to two target creatures"),
    except those that have become illegal (CR 608.2b). The compiler makes such a spec the
    ability's last, so without a record of which spec each target was chosen for, its targets
    are those from index `spec` on."""

    spec: int

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        idx = ctx.target_specs
        if len(idx) == len(ctx.targets):
            mine = [i for i, s in enumerate(idx) if s == self.spec]
        else:
            mine = list(range(self.spec, len(ctx.targets)))
        legal = ctx.target_legal
        out: list[Ref] = []
        for i in mine:
            if legal is not None and i < len(legal) and not legal[i]:
                continue
            ref = ctx.targets[i]
            if ref[0] == "obj" and ref[1] not in g.objects:
                continue
            out.append(ref)
        return out
