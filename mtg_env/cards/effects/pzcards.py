"""Effects and amounts for cards the Forge puzzles need (templates/pzcards.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..subjects import Count, Target, Who
from .base import Ask, Effect, run_effects

if TYPE_CHECKING:
    from ...core.objects import Context, Ref
    from ..protocol import GameOps


@dataclass(frozen=True, slots=True)
class Times(Count):
    """`k` times a count ("+2/+0 ... for each creature you control"), worked out as the effect
    resolves (CR 608.2h)."""

    k: int
    count: Count

    def value(self, g: GameOps, ctx: Context) -> int:
        return self.k * self.count.value(g, ctx)


@dataclass(frozen=True)
class AtOnce(Effect):
    """Effects of one instruction, done as one event: "~ deals 1 damage to any target and 1
    damage to you" is one source dealing its damage at the same time (CR 120.3; one damage
    event for "whenever ~ deals damage" and for lifelink, CR 702.15e): the engine deals one
    effect's damage at once."""

    effects: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        return run_effects(self.effects, g, ctx, step)


@dataclass(frozen=True, slots=True)
class Targets(Who):
    """Several single targets together ("Return target creature you control and target
    creature you don't control to their owners' hands"): each that is still legal (CR 608.2b)."""

    indices: tuple[int, ...]

    def refs(self, g: GameOps, ctx: Context) -> list[Ref]:
        out: list[Ref] = []
        for i in self.indices:
            out += Target(i).refs(g, ctx)
        return out
