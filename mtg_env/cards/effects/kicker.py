"""What a kicked spell does (CR 702.33d): "If this spell was kicked, <effect>" and "<effect>. If
this spell was kicked, <other effect> instead"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import Ask, Effect, run_effects

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class IfKicked(Effect):
    """`then` if the spell's kicker was paid (CR 702.33d), else `otherwise` (what "instead"
    replaces). A copy of a kicked spell is kicked too (CR 707.10)."""

    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        return run_effects(self.then if ctx.kicked else self.otherwise, g, ctx, step)
