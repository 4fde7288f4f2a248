"""Effects that change what happens to later events this turn: regeneration shields (CR
701.19), "can't be regenerated" (CR 701.19c), and prevention of damage (CR 615): "Prevent the
next N damage that would be dealt to any target this turn" (a prevention shield, CR 615.7),
"Prevent all combat damage that would be dealt this turn". The engine keeps them in
`Game.effects` until the cleanup step (CR 514.2) and applies them in primitives.destroy,
sba.py and primitives.deal_damage."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..subjects import SELF, TARGET, Amount, Who, amount_of
from .base import Ask, Effect
from .permanents import Destroy

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class Regenerate(Effect):
    """CR 701.19a: "Regenerate <permanent>.": the next time it would be destroyed this turn,
    instead all damage is removed from it, it is tapped and removed from combat."""

    what: Who = SELF

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for kind, oid in self.what.refs(g, ctx):
            if kind == "obj":
                g.add_regeneration_shield(oid)
        return None


@dataclass(frozen=True)
class DestroyNoRegenerate(Destroy):
    """"Destroy target creature. It can't be regenerated." (CR 701.19c): regeneration shields
    don't replace this destruction."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        refs = self.what.refs(g, ctx)
        began = len(refs) > 1 and g.leave_together(True)  # "Destroy all creatures": at once
        for ref in refs:
            g.destroy(ref[1], can_regenerate=False)
        if began:
            g.leave_together(False)
        return None


@dataclass(frozen=True)
class CantBeRegenerated(Effect):
    """"Target creature can't be regenerated this turn." (CR 701.19c)"""

    what: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for kind, oid in self.what.refs(g, ctx):
            if kind == "obj":
                g.cant_be_regenerated(oid)
        return None


@dataclass(frozen=True)
class PreventNextDamage(Effect):
    """"Prevent the next N damage that would be dealt to any target this turn." (CR 615.7: a
    prevention shield for that permanent or player, from any source)."""

    amount: Amount = 1
    to: Who = TARGET

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        for ref in self.to.refs(g, ctx):
            g.prevent_next_damage(ref, n)
        return None


@dataclass(frozen=True)
class PreventAllCombatDamage(Effect):
    """"Prevent all combat damage that would be dealt this turn." (CR 615.1, 510.2)"""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        g.prevent_all_combat_damage()
        return None


@dataclass(frozen=True)
class PreventAllDamage(Effect):
    """"Prevent all [combat] damage that would be dealt to [and dealt by] <it> this turn"
    (CR 615.1): `to` and/or `by` the permanent or player `what` names as it resolves."""

    what: Who = TARGET
    to: bool = True
    by: bool = False
    combat: bool = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            if self.to:
                g.prevent_all_damage("to", ref, self.combat)
            if self.by and ref[0] == "obj":
                g.prevent_all_damage("by", ref, self.combat)
        return None
