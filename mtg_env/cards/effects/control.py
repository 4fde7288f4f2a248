"""Effects that decide whether other effects happen: "you may" (CR 608.2d: the choice is made
as the ability resolves)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import Ask, Effect, run_effects, sub_step

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


def can_do(effect: Effect, g: GameOps, ctx: Context) -> bool | None:
    """Whether `effect` would do all it says now (an effect that knows defines `can_do`), or
    None when it can't tell."""
    f = getattr(effect, "can_do", None)
    return None if f is None else bool(f(g, ctx))


def knows_if_done(effect: Effect) -> bool:
    return hasattr(effect, "can_do")


@dataclass(frozen=True)
class May(Effect):
    """"You may <effects>[. If you do, <then>]": the controller chooses as it resolves
    (CR 608.2d). `then` happens only if the chosen effects were done: an effect that can't do
    what it says (discarding from an empty hand) isn't done (CR 609.3), so each chosen effect
    must know whether it can (`can_do`). `prompt` is the Oracle text of the choice."""

    effects: tuple[Effect, ...]
    prompt: str = ""
    then: tuple[Effect, ...] = ()

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = sub_step(step, 998)
        answer = ctx.answers.get(key)
        if answer is None:
            return Ask("yes_no", ctx.controller, (True, False), ("yes", "no"),
                       f"{ctx.source_name}: {self.prompt or 'do it'}?", key=key)
        if not answer:
            return None
        done_key = sub_step(step, 997)
        if self.then and done_key not in ctx.answers:
            ctx.answers[done_key] = all(can_do(e, g, ctx) for e in self.effects)
        effects = self.effects + (self.then if ctx.answers.get(done_key) else ())
        return run_effects(effects, g, ctx, step)
