"""Flipping a coin (CR 705): "Flip a coin. If you win the flip, ... If you lose the flip, ..."."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import Ask, Effect, run_effects, sub_step

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class FlipCoin(Effect):
    """The controller flips a coin (CR 705.1-705.2) and wins or loses it, each with
    probability one half, drawn from the game's seeded generator; then `win` or `lose`
    happens. The player's call of heads or tails (CR 705.2) doesn't change the odds of a fair
    coin, so it isn't asked. The result is kept in `ctx.answers`: a resumed resolution doesn't
    flip again."""

    win: tuple[Effect, ...] = ()
    lose: tuple[Effect, ...] = ()

    @property
    def incomplete(self) -> bool:
        """A flip that nothing depends on yet: the sentence after it must say what it does."""
        return not self.win and not self.lose

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = sub_step(step, 995)
        won = ctx.answers.get(key)
        if won is None:
            won = ctx.answers[key] = g.rng.random() < 0.5
            g.log_event(f"{g.players[ctx.controller].name} flips a coin and "
                        f"{'wins' if won else 'loses'} the flip ({ctx.source_name})")
        return run_effects(self.win if won else self.lose, g, ctx, step)
