"""More mana (CR 106, 605): mana that depends on a condition ("Add {C}. If you control an Urza's
Power-Plant and an Urza's Tower, add {C}{C} instead."), amounts counted as the ability resolves
("Add {C} for each charge counter on ~", "You gain 1 life for each colorless creature you
control"), and the conditions of activation restrictions that look at the permanents a
player controls (CR 602.5b)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.filters import Filter
from ..facedown import FACE_DOWN_NAME
from ..subjects import Count
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True, slots=True)
class CountersOnSource(Count):
    """"for each charge counter on ~", "the number of charge counters on ~": the counters of
    `kind` on the ability's source now, or as it was sacrificed or exiled for the cost (CR
    608.2h); the compiler reads it only where the source can't leave otherwise before the
    ability resolves (a mana ability, or a cost that moves the source)."""

    kind: str

    def value(self, g: GameOps, ctx: Context) -> int:
        oid = ctx.source_id
        if oid is not None and oid in g.battlefield:
            return int(g.objects[oid].counters.get(self.kind, 0))
        if ctx.source_counters is not None:
            return int(ctx.source_counters.get(self.kind, 0))
        return 0


@dataclass(frozen=True, slots=True)
class Times(Count):
    """"2 life for each ...": `n` times the amount `each` counts."""

    n: int
    each: Count

    def value(self, g: GameOps, ctx: Context) -> int:
        return self.n * self.each.value(g, ctx)


@dataclass(frozen=True, slots=True)
class YouControl:
    """"you control an Urza's Power-Plant and an Urza's Tower": for each filter, at least one
    permanent the player controls matches it (judged as the ability resolves, or, for an
    activation restriction, as it would be activated; `holds` has the signature of
    StaticCondition's)."""

    filters: tuple[Filter, ...]
    at_least: int = 1

    def holds_for(self, g: GameOps, player: int, source: int | None) -> bool:
        for f in self.filters:
            n = sum(1 for o in g.battlefield
                    if g.objects[o].controller == player and g.matches(f, o, player, source))
            if n < self.at_least:
                return False
        return True

    def holds(self, g: GameOps, chars: Any, source: int) -> bool:
        return self.holds_for(g, g.objects[source].controller, source)


@dataclass(frozen=True, slots=True)
class TotalPower:
    """"creatures you control have total power N or greater" (an activation restriction,
    CR 602.5b): the sum of their powers, a negative power counting as 0 (CR 107.1b)."""

    what: Filter
    at_least: int

    def holds(self, g: GameOps, chars: Any, source: int) -> bool:
        you = g.objects[source].controller
        total = 0
        for o in g.battlefield:
            if g.objects[o].controller == you and g.matches(self.what, o, you, source):
                total += max(0, g.chars(o).power or 0)
        return total >= self.at_least


@dataclass(frozen=True)
class ManaInstead(Effect):
    """"Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead."
    (CR 608.2c: the condition is checked as the ability resolves; the instead effect is not a
    choice: Urza's Mine's ruling of 2004-10-04)."""

    base: Effect
    instead: Effect
    condition: YouControl
    adds_mana: ClassVar[bool] = True

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        chosen = self.instead if self.condition.holds_for(g, ctx.controller, ctx.source_id) else self.base
        return chosen.resolve(g, ctx, step)

    def could_produce(self, g: GameOps, ctx: Context, seen: frozenset[int]) -> set[str]:
        chosen = self.instead if self.condition.holds_for(g, ctx.controller, ctx.source_id) else self.base
        return chosen.could_produce(g, ctx, seen)  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class SameName:
    """"you control three or more lands with the same name" (Endless Atlas; an activation
    restriction, CR 602.5b): some name is shared by at least `at_least` of them."""

    what: Filter
    at_least: int

    def holds(self, g: GameOps, chars: Any, source: int) -> bool:
        you = g.objects[source].controller
        names: dict[str, int] = {}
        for o in g.battlefield:
            if g.objects[o].controller == you and g.matches(self.what, o, you, source):
                n = g.chars(o).name
                if n and n != FACE_DOWN_NAME:  # a face-down permanent has no name (CR 708.2a)
                    names[n] = names.get(n, 0) + 1
        return any(k >= self.at_least for k in names.values())


@dataclass(frozen=True)
class DestroyEachWithManaValue(Effect):
    """"Destroy each nonland permanent with mana value equal to the number of charge counters on
    ~" (Blast Zone, CR 701.8): the number is worked out as it resolves, then each permanent
    `what` matches with that mana value (X in a mana cost counts as 0, CR 202.3) is destroyed."""

    what: Filter
    count: Count

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = self.count.value(g, ctx)
        doomed = [o for o in g.battlefield if g.matches(self.what, o, ctx.controller, ctx.source_id)
                  and g.chars(o).mana_value == n]
        for o in doomed:
            if o in g.battlefield:
                g.destroy(o)
        return None
