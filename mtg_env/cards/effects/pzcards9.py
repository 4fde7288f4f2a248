"""Effects for the Forge puzzles' cards (issue 15, session 9; templates/pzcards9.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Controls
from ..subjects import Count
from .base import Ask, Effect, run_effects, sub_step

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class RecheckAnother(Effect):
    """The effects of a triggered ability with the intervening "if you control another Elf"
    (CR 603.4): judged again as it resolves, "another" meaning other than the ability's source
    (the object it was; if that has left the battlefield, every permanent of yours is another:
    Gatherer rulings on Dwynen's Elite and Dominator Drone only ask for "another" as it
    resolves)."""

    condition: Controls
    effects: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = sub_step(step, 996)
        if key not in ctx.answers:
            ctx.answers[key] = self.condition._holds(g, ctx.controller, ctx.source_id)
        return run_effects(self.effects, g, ctx, step) if ctx.answers[key] else None


@dataclass(frozen=True, slots=True)
class SourceLastPower(Count):
    """"equal to its power" (or toughness) in a permanent's own "When ~ dies" ability: the
    source as it last existed on the battlefield (CR 608.2h, 113.7a; Gatherer ruling on Mortis
    Dogs); a negative value gives 0 (CR 107.1b)."""

    toughness: bool = False

    def value(self, g: GameOps, ctx: Context) -> int:
        c = None if ctx.source_id is None else g.last_known(ctx.source_id)
        if c is None:
            return 0
        return max(0, (c.toughness if self.toughness else c.power) or 0)
