"""What an effect acts on and how much: subjects ("target creature", "you", "each opponent",
"enchanted creature") and amounts ("X", "for each creature you control", "for each +1/+1
counter on it").

A subject turns into references (`Ref`) when its effect resolves; a target that has become
illegal gives none (CR 608.2b). An amount turns into a number. Both are small frozen values, so
abilities stay plain data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.filters import Filter
from ..core.objects import BATTLEFIELD

if TYPE_CHECKING:
    from ..core.objects import Context, Ref
    from .protocol import GameOps


class Who:
    """A subject of an effect."""

    __slots__ = ()

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class This(Who):
    """The ability's source ("Walking Ballista", "this creature"), if it is still on the
    battlefield."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        src = ctx.source_id
        if src is not None and src in g.objects and g.objects[src].zone == BATTLEFIELD:
            return [("obj", src)]
        return []


@dataclass(frozen=True, slots=True)
class Target(Who):
    """The `index`th target (0 is the first), unless it has become illegal (CR 608.2b)."""

    index: int = 0

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        i = self.index
        if i >= len(ctx.targets):
            return []
        legal = ctx.target_legal
        if legal is not None and i < len(legal) and not legal[i]:
            return []
        ref = ctx.targets[i]
        if ref[0] == "obj" and ref[1] not in g.objects:
            return []
        return [ref]


@dataclass(frozen=True, slots=True)
class You(Who):
    """The ability's controller."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        return [("player", ctx.controller)]


@dataclass(frozen=True, slots=True)
class EachOpponent(Who):
    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        return [("player", q) for q in g.opponents(ctx.controller)]


@dataclass(frozen=True, slots=True)
class EachPlayer(Who):
    """Each player, in APNAP order (CR 101.4)."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        return [("player", q) for q in g.apnap()]


@dataclass(frozen=True, slots=True)
class Attached(Who):
    """"enchanted creature", "equipped creature": what the source is attached to."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        src = g.objects.get(ctx.source_id) if ctx.source_id is not None else None
        if src is not None and src.attached_to in g.objects:
            return [("obj", src.attached_to)]
        return []


@dataclass(frozen=True, slots=True)
class EventPlayer(Who):
    """"that player", "its controller": the player the triggering event is about (Wild Growth's
    "its controller adds", Mana Flare's "that player adds")."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        p = ctx.event.player if ctx.event is not None else None
        return [("player", ctx.controller if p is None else p)]


@dataclass(frozen=True, slots=True)
class Each(Who):
    """"each creature", "all artifacts you control": every permanent `what` matches as the
    effect resolves, relative to the ability's controller and source."""

    what: Filter

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        src = ctx.source_id
        return [("obj", o) for o in list(g.battlefield) if g.matches(self.what, o, ctx.controller, src)]


@dataclass(frozen=True, slots=True)
class EachTargetControls(Who):
    """"each creature target opponent controls", "creatures target player controls": every
    permanent `what` matches that the targeted player (`player`, a `Target`: a mode's targets
    shift with it, cards/rewrite.py) controls, as the effect resolves (CR 611.2c); none if that
    target has become illegal (CR 608.2b)."""

    what: Filter
    player: Who

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        got = self.player.refs(g, ctx)
        if not got or got[0][0] != "player":
            return []
        p = got[0][1]
        src = ctx.source_id
        return [("obj", o) for o in list(g.battlefield)
                if g.objects[o].controller == p and g.matches(self.what, o, ctx.controller, src)]


@dataclass(frozen=True, slots=True)
class ControllerOf(Who):
    """"its controller": the controller of the object `of` names, while it is there."""

    of: Who

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        out: list[Ref] = []
        for kind, oid in self.of.refs(g, ctx):
            if kind == "obj" and oid in g.objects:
                out.append(("player", g.objects[oid].controller))
        return out


@dataclass(frozen=True, slots=True)
class EventObject(Who):
    """"that creature" in "Whenever another creature enters, ...": the permanent the triggering
    event is about, while it is on the battlefield."""

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        oid = ctx.event.object if ctx.event is not None else None
        if oid is not None and oid in g.objects and g.objects[oid].zone == BATTLEFIELD:
            return [("obj", oid)]
        return []


SELF = This()
TARGET = Target(0)
EVENT_OBJECT = EventObject()
CONTROLLER = You()
EACH_OPPONENT = EachOpponent()
EACH_PLAYER = EachPlayer()
ATTACHED = Attached()
EVENT_PLAYER = EventPlayer()


def target(index: int) -> Target:
    """The `index`th target (0 is the first)."""
    return Target(index)


def player_of(who: Who, g: GameOps, ctx: Context) -> int:
    """The one player `who` names (for "you add", "its controller adds")."""
    refs = who.refs(g, ctx)
    return refs[0][1] if refs else ctx.controller


# --------------------------------------------------------------------------------------------
# amounts


class Count:
    """An amount that is worked out when the effect resolves."""

    __slots__ = ()

    def value(self, g: GameOps, ctx: Context) -> int:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class XValue(Count):
    """X (CR 107.3): the X announced for the spell or ability, or the spell's X for an enters
    trigger (CR 107.3m)."""

    def value(self, g: GameOps, ctx: Context) -> int:
        return ctx.x


@dataclass(frozen=True, slots=True)
class CountersRemoved(Count):
    """The number of counters removed to pay the cost ("Remove X counters")."""

    def value(self, g: GameOps, ctx: Context) -> int:
        return ctx.removed


@dataclass(frozen=True, slots=True)
class NumberOf(Count):
    """"for each creature you control": the permanents `what` matches, relative to the
    ability's controller and source."""

    what: Filter

    def value(self, g: GameOps, ctx: Context) -> int:
        return sum(1 for o in g.battlefield if g.matches(self.what, o, ctx.controller, ctx.source_id))


@dataclass(frozen=True, slots=True)
class EventCounters(Count):
    """"for each +1/+1 counter on it": the counters of kind `kind` the object the event is
    about had (as it last existed, for a dies trigger: CR 603.10a)."""

    kind: str

    def value(self, g: GameOps, ctx: Context) -> int:
        return int(ctx.event.counters.get(self.kind, 0)) if ctx.event is not None else 0


X = XValue()
REMOVED = CountersRemoved()

#: a number, or an amount worked out on resolution
Amount = int | Count


def amount_of(amount: Amount, g: GameOps, ctx: Context) -> int:
    return amount if isinstance(amount, int) else amount.value(g, ctx)
