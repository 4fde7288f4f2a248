"""Exchanging control of two permanents (CR 701.12a-b), for as long as the game lasts (CR
613.1b, layer 2): Legerdemain, Switcheroo, Shifting Loyalties, Phyrexian Infiltrator."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps
    from ..subjects import Who


@dataclass(frozen=True)
class ExchangeControl(Effect):
    """"Exchange control of <a> and <b>." Each is a target (which may have become illegal, CR
    608.2b) or the ability's source (which must still be on the battlefield). If either is gone
    the entire exchange can't be completed, and no part of it occurs (CR 701.12a); if the same
    player controls both, nothing happens (CR 701.12b)."""

    a: Who
    b: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        ra, rb = self.a.refs(g, ctx), self.b.refs(g, ctx)
        if len(ra) != 1 or len(rb) != 1 or ra[0][0] != "obj" or rb[0][0] != "obj":
            g.log_event(f"{ctx.source_name}: the exchange can't be completed: nothing is exchanged")
            return None
        g.exchange_control(ra[0][1], rb[0][1])
        return None
