"""Control changes without a duration (CR 613.1b, layer 2) and effects that depend on the
alternative cost a spell was cast with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..subjects import TARGET, Amount, Who, amount_of
from .base import Ask, Effect, run_effects

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class GainControl(Effect):
    """"Gain control of target creature." (CR 613.1b): for as long as the game lasts (it doesn't
    end in the cleanup step, nor when its source leaves). `max_toughness`: "... if its toughness
    is 2 or less", checked only as the effect happens (CR 608.2c; Welcome to the Fold ruling
    2016-04-08)."""

    what: Who = TARGET
    max_toughness: Amount | None = None

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        limit = None if self.max_toughness is None else amount_of(self.max_toughness, g, ctx)
        for ref in self.what.refs(g, ctx):
            oid = ref[1]
            if limit is not None and (g.chars(oid).toughness or 0) > limit:
                continue
            g.gain_control(oid, ctx.controller)
        return None


@dataclass(frozen=True)
class IfAltCostPaid(Effect):
    """"If this spell's madness cost was paid, instead <effect>." (CR 702.35, 118.9): `then`
    if the spell was cast with the alternative cost `keyword`, else `otherwise`. A copy of the
    spell was cast with the same cost (CR 707.10)."""

    keyword: str
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        return run_effects(self.then if ctx.alt == self.keyword else self.otherwise, g, ctx, step)
