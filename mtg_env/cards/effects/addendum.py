"""Addendum (an ability word, CR 207.2c): "If you cast this spell during your main phase,
<effect>." The spell remembers, as it becomes cast, that it was cast during its controller's
main phase (engine/casting.py); a copy of it wasn't cast (CR 707.12), so its addendum doesn't
apply."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import Ask, Effect, run_effects

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


def cast_in_main_phase(g: GameOps, ctx: Context) -> bool:
    if ctx.copy or ctx.source_id is None:
        return False
    obj = g.objects.get(ctx.source_id)
    return bool(obj is not None and obj.info and obj.info.get("main_phase"))


@dataclass(frozen=True)
class IfCastInMainPhase(Effect):
    """`then`, if this spell was cast during its controller's main phase."""

    then: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        if not cast_in_main_phase(g, ctx):
            return None
        return run_effects(self.then, g, ctx, step)
