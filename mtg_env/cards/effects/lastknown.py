"""Last known information (CR 608.2h, 113.7a): "its controller" and "its power" of a target an
effect of the same ability has moved ("Exile target creature. Its controller gains life equal
to its power." — Swords to Plowshares), and effects done by that player ("Its controller may
search their library ..." — Path to Exile).

Once the target has left the battlefield it is a new object (CR 400.7); the ability still
refers to the object as it last existed there: its controller then and its characteristics
then. While it is still there (an indestructible creature that wasn't destroyed), they are its
current ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..subjects import TARGET, Count, Target, Who
from .base import Ask, Effect, run_effects, sub_step

if TYPE_CHECKING:
    from ...core.objects import Context, Ref
    from ..protocol import GameOps


def _target_object(ctx: Context, of: Target) -> int | None:
    """The object chosen as the target `of`, if it was legal as the ability resolved (CR
    608.2b), whether or not it is still there."""
    index = of.index
    if index >= len(ctx.targets):
        return None
    legal = ctx.target_legal
    if legal is not None and index < len(legal) and not legal[index]:
        return None
    kind, oid = ctx.targets[index]
    return oid if kind == "obj" else None


@dataclass(frozen=True, slots=True)
class LastControllerOf(Who):
    """"its controller" of the target `of`: its controller now, or the one it last had on the
    battlefield (CR 608.2h)."""

    of: Target = TARGET

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        oid = _target_object(ctx, self.of)
        p = None if oid is None else g.last_controller(oid)
        return [] if p is None else [("player", p)]


@dataclass(frozen=True, slots=True)
class LastPowerOf(Count):
    """"equal to its power" (or toughness) of the target `of`, as it is or as it last existed
    on the battlefield (CR 608.2h); a negative power gives 0 (CR 107.1b)."""

    of: Target = TARGET
    toughness: bool = False

    def value(self, g: GameOps, ctx: Context) -> int:
        oid = _target_object(ctx, self.of)
        c = None if oid is None else g.last_known(oid)
        if c is None:
            return 0
        n = c.toughness if self.toughness else c.power
        return max(0, n or 0)


@dataclass(frozen=True)
class AsPlayer(Effect):
    """`effects` done by the player `who` names instead of the ability's controller ("Its
    controller may search their library ..."): they make the choices, "you" and "your" are
    that player. The player is fixed the first time (a resumed resolution keeps it); nothing
    happens when `who` names no player."""

    who: Who
    effects: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = sub_step(step, 996)
        p = ctx.answers.get(key)
        if p is None:
            refs = self.who.refs(g, ctx)
            if not refs:
                return None
            p = ctx.answers[key] = refs[0][1]
        mine = ctx.controller
        ctx.controller = p
        try:
            return run_effects(self.effects, g, ctx, step)
        finally:
            ctx.controller = mine
