"""Effects that happen unless a player pays (CR 118.12): "Counter target spell unless its
controller pays {3}." (Mana Leak), "sacrifice ~ unless you pay {G}{W}{U}"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.mana import ManaCost, parse_mana_cost
from ..subjects import Who
from .base import Ask, Effect, run_effects, sub_step

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class UnlessPays(Effect):
    """`effects` happen unless the player `payer` names pays `cost` as this resolves (CR
    118.12): that player chooses whether to pay (and may activate mana abilities first, CR
    117.1d, 605.3a); "pay" is offered only when the cost can be paid. `payer` may name a spell
    on the stack (its controller pays) or a player."""

    cost: str
    payer: Who
    effects: tuple[Effect, ...]
    #: what happens if the cost isn't paid, for the prompt ("counter Lightning Bolt")
    if_not: str = ""
    #: cumulative upkeep (CR 702.24a): the cost is paid once for each `per_counter` counter on
    #: the source as this resolves
    per_counter: str | None = None

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        ask_key, paid_key = sub_step(step, 990), sub_step(step, 991)
        mana, text = parse_mana_cost(self.cost), self.cost
        if self.per_counter is not None:
            src = g.objects.get(ctx.source_id) if ctx.source_id is not None else None
            n = src.counters.get(self.per_counter, 0) if src is not None else 0
            mana, text = ManaCost(), ""
            for _ in range(n):
                mana, text = mana.plus(parse_mana_cost(self.cost)), text + self.cost
            text = text or "{0}"
        payer = ctx.answers.get(sub_step(step, 992))
        if payer is None:
            payer = self._payer(g, ctx)
            if payer is None:  # no one to pay: it happens (the spell left the stack: nothing to counter)
                return run_effects(self.effects, g, ctx, step)
            ctx.answers[sub_step(step, 992)] = payer
        answer = ctx.answers.get(ask_key)
        if answer is None:
            return Ask("yes_no", payer, (True, False), ("yes", "no"),
                       f"{ctx.source_name}: pay {text}? (if not: {self.if_not})", key=ask_key, pay=mana)
        if answer and ctx.answers.get(paid_key) is None:
            ask = _pay(g, ctx, step, payer, mana, text)
            if ask is not None:
                return ask
            ctx.answers[paid_key] = "paid"
        if answer:
            return None
        return run_effects(self.effects, g, ctx, step)

    def _payer(self, g: GameOps, ctx: Context) -> int | None:
        for kind, x in self.payer.refs(g, ctx):
            if kind == "player":
                return x
            if kind == "stack":
                for item in g.stack:
                    if item.id == x:
                        return item.ctx.controller
            if kind == "obj" and x in g.objects:
                return g.objects[x].controller
        return None


@dataclass(frozen=True)
class MayPayMana(Effect):
    """"You may pay {2}. If you do, <then>." (CR 117.1d, 603.5): the controller chooses on
    resolution; "yes" is offered only when the cost can be paid (mana abilities may be
    activated first); `then` happens only if it was paid. Unlike a bare "you may", the payment
    is the thing done."""

    cost: str
    then: tuple[Effect, ...] = ()

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        ask_key, paid_key = sub_step(step, 990), sub_step(step, 991)
        mana = parse_mana_cost(self.cost)
        p = ctx.controller
        answer = ctx.answers.get(ask_key)
        if answer is None:
            return Ask("yes_no", p, (True, False), ("yes", "no"), f"{ctx.source_name}: pay {self.cost}?",
                       key=ask_key, pay=mana)
        if not answer:
            return None
        if ctx.answers.get(paid_key) is None:
            ask = _pay(g, ctx, step, p, mana, self.cost)
            if ask is not None:
                return ask
            ctx.answers[paid_key] = "paid"
        return run_effects(self.then, g, ctx, step)


def _pay(g: GameOps, ctx: Context, step: int, payer: int, mana: ManaCost, text: str) -> Ask | None:
    """Pay `mana` now for `payer` (CR 117.1d): sources tapped by automatic payment, and the
    player's choice of which mana pays each {1} where that leaves a different pool."""
    if not g.can_pay_mana_now(payer, mana):
        return Ask("autotap", payer, (), (), "", pay=mana)
    chosen = [ctx.answers[sub_step(step, 900 + k)] for k in range(mana.generic)
              if sub_step(step, 900 + k) in ctx.answers]
    types = g.generic_payment_choice(payer, mana, chosen)
    if types is not None:
        return Ask("choose", payer, tuple(types), tuple(f"pay {{1}} with {{{t}}}" for t in types),
                   f"{ctx.source_name}: choose mana to pay {{1}} of {text}", key=sub_step(step, 900 + len(chosen)))
    g.pay_mana_now(payer, mana, chosen)
    g.log_event(f"{g.players[payer].name} pays {text}")
    return None
