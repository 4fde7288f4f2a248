"""The effects of the transforming Sagas (CR 714, 712.14a): "Exile this Saga, then return it to
the battlefield transformed under your control."."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.objects import EXILE
from ..subjects import SELF
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class ExileReturnTransformed(Effect):
    """Exile the source, then return that card to the battlefield with its back face up under
    this ability's controller's control (CR 712.14a). Nothing happens if the source has left the
    battlefield; a card that isn't a transforming double-faced card (a token or a copy) stays in
    exile (the rulings of Azusa's Many Journeys)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in SELF.refs(g, ctx):
            new = g.move_to_zone(ref[1], EXILE)
            if new is not None and new in g.objects:
                g.return_transformed(new, ctx.controller)
        return None
