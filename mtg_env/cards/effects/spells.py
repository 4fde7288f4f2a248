"""Effects of spells that depend on how they were cast: addendum's "instead" (CR 207.2c)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .addendum import cast_in_main_phase
from .base import Ask, Effect, run_effects

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class IfCastInMainPhaseElse(Effect):
    """`then` if this spell was cast during its controller's main phase, else `otherwise`
    (what the addendum's "instead" replaces). A copy wasn't cast (CR 707.12): `otherwise`."""

    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        return run_effects(self.then if cast_in_main_phase(g, ctx) else self.otherwise, g, ctx, step)
