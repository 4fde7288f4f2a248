"""Extra turns and additional land plays (CR 500.7, 305.2): "Take an extra turn after this one."
and "You may play an additional land this turn." / "on each of your turns". The engine keeps
the extra turns (engine/turns.add_extra_turn) and counts a player's land plays
(engine/turns.land_plays)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..abilities import StaticAbility
from ..subjects import CONTROLLER, Who
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps

@dataclass(frozen=True)
class TakeExtraTurn(Effect):
    """CR 500.7: "Take an extra turn after this one." / "Target player takes an extra turn
    after this one." The turn is added directly after the current one."""

    who: Who = CONTROLLER

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for kind, p in self.who.refs(g, ctx):
            if kind == "player":
                g.add_extra_turn(p)
        return None


@dataclass(frozen=True)
class PlayAdditionalLands(Effect):
    """CR 305.2: "You may play an additional land this turn." (`n` more land plays for the
    controller during this turn; the permission is used only while it is the player's turn,
    CR 305.1)."""

    n: int = 1

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        g.add_land_plays(ctx.controller, self.n)
        return None


@dataclass(frozen=True)
class AdditionalLandPlays(StaticAbility):
    """CR 305.2: "You may play an additional land on each of your turns." (`n` more land plays
    for the permanent's controller on their own turns, while it is on the battlefield)."""

    n: int = 1
