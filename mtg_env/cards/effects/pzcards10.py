"""Effects for cards the Forge puzzles need (issue 15, session 10): "If it's an artifact
creature, ~ deals 4 damage to it instead." (CR 608.2c: judged as the instruction is followed)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.filters import Filter
from ..subjects import Amount, Who, amount_of
from .base import Ask, Effect, run_effects, sub_step

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class IfItIs(Effect):
    """"<effect>. If it's an artifact creature, <other effect> instead." (Electrostatic Bolt):
    `then` if the object `what` refers to matches `filter` as this resolves, else `otherwise`
    (CR 608.2c). The answer is kept, so resuming after a question doesn't judge it again."""

    what: Who
    filter: Filter
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = sub_step(step, 996)
        if key not in ctx.answers:
            refs = [r for r in self.what.refs(g, ctx) if r[0] == "obj" and r[1] in g.objects]
            ctx.answers[key] = len(refs) == 1 and g.matches(self.filter, refs[0][1], ctx.controller, ctx.source_id)
        return run_effects(self.then if ctx.answers[key] else self.otherwise, g, ctx, step)


@dataclass(frozen=True)
class DamageIfWasNonbasic(Effect):
    """"Destroy target land. If that land was nonbasic, ~ deals 2 damage to the land's
    controller." (Molten Rain, Choking Sands): the target land as it is now, or as it last
    existed on the battlefield if it was destroyed (CR 608.2h, 113.7a); if it wasn't basic, the
    spell deals that much damage to its controller (then or as it last existed)."""

    amount: int
    index: int = 0

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        i = self.index
        legal = ctx.target_legal
        if i >= len(ctx.targets) or ctx.targets[i][0] != "obj" or (
                legal is not None and i < len(legal) and not legal[i]):
            return None
        oid = ctx.targets[i][1]
        c, p = g.last_known(oid), g.last_controller(oid)
        if c is not None and p is not None and "Basic" not in c.supertypes:
            g.deal_damage(ctx, ("player", p), self.amount)
        return None


@dataclass(frozen=True)
class ExileChosen(Effect):
    """"You choose a nonland card from it. Exile that card." (Thought-Knot Seer): the card
    chosen from the revealed hand (`ChooseFromHand`), if it is still in that hand, is exiled.
    `linked`: exiled "with" the source, for its linked "return the exiled card" (CR 607.2a,
    Mesmeric Fiend; templates/puzzlecards.link_exiles)."""

    linked: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.objects import EXILE, HAND
        from .hands import CHOSEN_FROM_HAND
        o = ctx.answers.get(CHOSEN_FROM_HAND)
        if o is None or o not in g.objects or g.objects[o].zone != HAND:
            return None
        if self.linked:
            g.exile_linked(o, ctx)
        else:
            g.log_event(f"{g.name_of(o)} is exiled ({ctx.source_name})")
            g.move_to_zone(o, EXILE)
        return None


@dataclass(frozen=True)
class DealDamages(Effect):
    """"~ deals 3 damage to target creature and 2 damage to target player or planeswalker."
    (Hungry Flames): each amount to its recipients, all dealt at once (one effect: one damage
    event, engine/resolution.py's batch; CR 120.3)."""

    parts: tuple[tuple[Amount, Who], ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for amount, who in self.parts:
            n = amount_of(amount, g, ctx)
            for ref in who.refs(g, ctx):
                g.deal_damage(ctx, ref, n)
        return None
