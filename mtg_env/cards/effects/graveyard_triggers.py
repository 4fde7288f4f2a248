"""Effects of triggered abilities that function in their card's graveyard (CR 113.6):
"At the beginning of your upkeep, if ~ is in your graveyard, ..." judged again as the ability
resolves (CR 603.4), and an Aura returned "attached to that creature" (CR 303.4i)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.objects import BATTLEFIELD, GRAVEYARD
from ..subjects import Who
from .base import Ask, Effect, run_effects, sub_step

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class WhileInGraveyard(Effect):
    """The effects of a triggered ability with the intervening "if ~ is in your graveyard"
    (CR 603.4): it triggered only while its card was in its owner's graveyard (its zone,
    engine/triggers.index_triggers), and as it resolves it does nothing unless that card is
    still there, the same object (CR 400.7: a card that left and came back is a new one)."""

    effects: tuple[Effect, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        key = sub_step(step, 996)
        if key not in ctx.answers:
            o = ctx.source_id
            ctx.answers[key] = o is not None and o in g.objects and g.objects[o].zone == GRAVEYARD
        return run_effects(self.effects, g, ctx, step) if ctx.answers[key] else None


@dataclass(frozen=True)
class ReturnSelfAttachedTo(Effect):
    """"Return ~ from your graveyard to the battlefield attached to that creature." (an Aura
    with "Enchant creature" whose ability functions in its owner's graveyard, CR 113.6m): the
    Aura, if it is still that card in the graveyard (CR 400.7), enters attached to the
    creature the trigger is about, if that is still on the battlefield, still a creature and
    not protected from the Aura; otherwise the Aura stays in the graveyard (CR 303.4i). It
    doesn't target (hexproof and shroud don't matter)."""

    what: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        o = ctx.source_id
        if o is None or o not in g.objects or g.objects[o].zone != GRAVEYARD:
            return None
        refs = [r for r in self.what.refs(g, ctx) if r[0] == "obj"]
        host = refs[0][1] if refs else None
        if host is None or host not in g.objects or g.objects[host].zone != BATTLEFIELD \
                or "Creature" not in g.chars(host).types or g.protected_from(host, o):
            g.log_event(f"{g.name_of(o)} stays in the graveyard: nothing it can enchant ({ctx.source_name})")
            return None
        g.log_event(f"{g.name_of(o)} returns to the battlefield attached to {g.name_of(host)} ({ctx.source_name})")
        g.move_to_zone(o, BATTLEFIELD, controller=ctx.controller, attach_to=host)
        return None
