"""Tokens, the stack and costs on resolution (CR 111, 701.6, 707.10, 117.1d, 603.4)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Filter
from ...core.mana import parse_mana_cost
from ...core.objects import BATTLEFIELD
from ..subjects import TARGET, Amount, Who, amount_of
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class CreateToken(Effect):
    """Create `amount` tokens of the token card `token` (a card name in the pool)."""

    token: str
    amount: Amount = 1

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for _ in range(amount_of(self.amount, g, ctx)):
            g.create_token(ctx.controller, self.token)
        return None


@dataclass(frozen=True)
class CounterSpell(Effect):
    """CR 701.6: the countered spell goes to its owner's graveyard."""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.counter(ref[1])
        return None


@dataclass(frozen=True)
class CopyStackItem(Effect):
    """Copy a spell or ability on the stack (CR 707.10): "copy that ability" (`which` "event":
    the ability that triggered this, as it was when activated) or "copy target ..." (`which`
    "target"). The copy is created on the stack, controlled by this effect's controller, keeps
    every choice made for the original (modes, X, targets, division, what was paid) and pays no
    cost; then its controller may choose new targets (CR 707.10c), one target at a time, each
    new target legal, the number unchanged."""

    which: str = "event"
    new_targets: bool = True

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        return g.copy_onto_stack(ctx, step, self.which, self.new_targets)


# --------------------------------------------------------------------------------------------
# costs paid on resolution and intervening ifs (CR 117.1d, 603.4)


@dataclass(frozen=True)
class MayPay(Effect):
    """"you may pay {4}. If you do, <then>" (CR 603.5 with a cost paid on resolution)."""

    cost: str
    then: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = step * 100
        answer = ctx.answers.get(key)
        mana = parse_mana_cost(self.cost)
        if answer is None:
            # CR 117.1d / 605.3a: mana abilities may be activated before paying; the engine
            # offers them beside the question.
            return Ask("yes_no", ctx.controller, (True, False), ("yes", "no"),
                       f"{ctx.source_name}: pay {self.cost}?", key=key, pay=mana)
        if not answer:
            return None
        if ctx.answers.get(key + 99) is None:
            if not g.can_pay_mana_now(ctx.controller, mana):
                return Ask("autotap", ctx.controller, (), (), "", pay=mana)
            # which mana pays the generic part, one {1} at a time, where that leaves a different pool
            chosen = [ctx.answers[key + 50 + k] for k in range(mana.generic) if key + 50 + k in ctx.answers]
            types = g.generic_payment_choice(ctx.controller, mana, chosen)
            if types is not None:
                return Ask("choose", ctx.controller, tuple(types), tuple(f"pay {{1}} with {{{t}}}" for t in types),
                           f"{ctx.source_name}: choose mana to pay {{1}} of {self.cost}", key=key + 50 + len(chosen))
            g.pay_mana_now(ctx.controller, mana, chosen)
            ctx.answers[key + 99] = "paid"
        for i, e in enumerate(self.then):
            ask = e.resolve(g, ctx, key + 1 + i)
            if ask is not None:
                return ask if ask.key is not None else dataclasses.replace(ask, key=key + 1 + i)
        return None


@dataclass(frozen=True)
class IfSource(Effect):
    """An intervening "if" checked again on resolution (CR 603.4): Mana Vault's "if Mana Vault
    is tapped": `then` happens only if the source is on the battlefield and matches."""

    condition: Filter
    then: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        src = ctx.source_id
        obj = g.objects.get(src) if src is not None else None
        if obj is not None and obj.zone == BATTLEFIELD and g.matches(self.condition, src, ctx.controller, src):  # type: ignore[arg-type]
            for i, e in enumerate(self.then):
                e.resolve(g, ctx, step * 100 + i)
        return None


# --------------------------------------------------------------------------------------------
