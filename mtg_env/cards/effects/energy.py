"""Energy counters (CR 107.14, 122.1): "you get {E}{E}" and "you may pay {E}{E}. If you do, ..."
(paying {E} removes an energy counter from the player, CR 107.14; a player can't pay more
energy than they have, CR 118.3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..subjects import CONTROLLER, Amount, Who, amount_of
from .base import Ask, Effect, run_effects, sub_step

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class GetEnergy(Effect):
    """"You get {E}{E}": `amount` energy counters for each player `who` names (CR 122.1)."""

    amount: Amount
    who: Who = CONTROLLER

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        for ref in self.who.refs(g, ctx):
            g.gain_energy(ref[1], n)
        return None


@dataclass(frozen=True)
class MayPayEnergy(Effect):
    """"You may pay {E}{E}. If you do, <then>." (CR 107.14, 603.5): the controller chooses as it
    resolves; the choice is offered only when they have that much energy (CR 118.3), and
    `then` happens only if it was paid."""

    amount: int
    then: tuple[Effect, ...] = ()

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        ask_key, paid_key = sub_step(step, 990), sub_step(step, 991)
        p = ctx.controller
        if ctx.answers.get(paid_key) is None:
            if g.players[p].energy < self.amount:
                return None  # it can't be paid: nothing to choose, and `then` doesn't happen
            answer = ctx.answers.get(ask_key)
            if answer is None:
                return Ask("yes_no", p, (True, False), ("yes", "no"),
                           f"{ctx.source_name}: pay {'{E}' * self.amount}?", key=ask_key)
            if not answer:
                return None
            g.pay_energy(p, self.amount)
            ctx.answers[paid_key] = True
        return run_effects(self.then, g, ctx, step)
