"""Delayed triggered abilities "at end of combat" (CR 603.7a, 511.2): "When ~ attacks or
blocks, sacrifice it at end of combat." The ability triggers once, at the beginning of this
turn's next end of combat step; its controller is the controller of the ability that created
it (CR 603.7d), and "it" is the source, while it is the same object (CR 400.7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.objects import BATTLEFIELD
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class SacrificeSourceIfYours(Effect):
    """"sacrifice it": the source, if it is still on the battlefield under the delayed
    ability's controller's control (CR 701.21a: only a permanent you control)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        src = ctx.source_id
        obj = g.objects.get(src) if src is not None else None
        if obj is not None and obj.zone == BATTLEFIELD and obj.controller == ctx.controller:
            assert src is not None
            g.sacrifice(src)
        return None


@dataclass(frozen=True)
class AtEndOfCombat(Effect):
    """Create the delayed triggered ability: `effects` at end of combat (CR 603.7a)."""

    effects: tuple[Effect, ...]
    text: str = ""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ..abilities import Triggered, TriggerEvent
        ab = Triggered(text=self.text, event=TriggerEvent.END_COMBAT, effects=self.effects, subject=None)
        g.delay_until_end_of_combat(ctx, ab)
        return None
