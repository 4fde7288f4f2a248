"""Damage, life and cards (CR 119-121): deal damage, gain and lose life, draw, discard."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..subjects import CONTROLLER, TARGET, Amount, Who, amount_of
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class DealDamage(Effect):
    """The source deals `amount` damage to `to` (CR 120)."""

    amount: Amount
    to: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        for ref in self.to.refs(g, ctx):
            g.deal_damage(ctx, ref, n)
        return None


@dataclass(frozen=True)
class DealDividedDamage(Effect):
    """"deals N damage divided as you choose among one or two targets": the division was made
    as the spell or ability was put on the stack (CR 601.2d) and is kept by copies (CR 707.10)."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        division = ctx.division
        legal = ctx.target_legal
        for i, ref in enumerate(ctx.targets):
            if legal is not None and i < len(legal) and not legal[i]:
                continue
            if ref[0] == "obj" and ref[1] not in g.objects:
                continue
            g.deal_damage(ctx, ref, division[i] if i < len(division) else 0)
        return None


@dataclass(frozen=True)
class Draw(Effect):
    amount: Amount = 1
    who: Who = CONTROLLER

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        for ref in self.who.refs(g, ctx):
            g.draw(ref[1], n)
        return None


@dataclass(frozen=True)
class GainLife(Effect):
    amount: Amount
    who: Who = CONTROLLER

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        for ref in self.who.refs(g, ctx):
            g.gain_life(ref[1], n)
        return None


@dataclass(frozen=True)
class LoseLife(Effect):
    amount: Amount
    who: Who = CONTROLLER

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        for ref in self.who.refs(g, ctx):
            g.lose_life(ref[1], n)
        return None


@dataclass(frozen=True)
class Discard(Effect):
    """"<you> discard(s) a card": the discarding player chooses on resolution."""

    amount: Amount = 1

    def can_do(self, g: GameOps, ctx: Context) -> bool:
        return len(g.players[ctx.controller].hand) >= amount_of(self.amount, g, ctx)

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        hand = g.players[ctx.controller].hand
        n = amount_of(self.amount, g, ctx)
        chosen = [o for i in range(n) if (o := ctx.answers.get(step * 100 + i)) is not None]
        left = [o for o in hand if o not in chosen]
        if len(chosen) < n and left:
            return Ask("choose", ctx.controller, tuple(left), tuple(f"discard {g.name_of(o)}" for o in left),
                       f"{ctx.source_name}: discard a card", key=step * 100 + len(chosen))
        for o in chosen:
            g.discard(o)
        return None
