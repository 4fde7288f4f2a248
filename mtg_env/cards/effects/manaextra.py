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
    """"for each charge counter on ~": the counters of `kind` on the ability's source now (a
    mana ability whose cost doesn't move it; 0 once it has left the battlefield)."""

    kind: str

    def value(self, g: GameOps, ctx: Context) -> int:
        oid = ctx.source_id
        if oid is None or oid not in g.battlefield:
            return 0
        return int(g.objects[oid].counters.get(self.kind, 0))


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
