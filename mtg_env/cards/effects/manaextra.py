"""More mana (CR 106, 605): mana that depends on a condition ("Add {C}. If you control an Urza's
Power-Plant and an Urza's Tower, add {C}{C} instead."), amounts counted as the ability resolves
("Add {C} for each charge counter on ~", "You gain 1 life for each colorless creature you
control"), and the conditions of activation restrictions that look at the permanents a
player controls (CR 602.5b)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.filters import Filter
from ...core.mana import TYPES, format_mana, split_symbols
from ..facedown import FACE_DOWN_NAME
from ..subjects import CONTROLLER, Count, Who, amount_of, player_of
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


@dataclass(frozen=True, slots=True)
class Plus(Count):
    """"Add {B}, then add an additional {B} for each charge counter removed this way": `n` more
    than the amount `each` counts."""

    n: int
    each: Count

    def value(self, g: GameOps, ctx: Context) -> int:
        return self.n + self.each.value(g, ctx)


@dataclass(frozen=True)
class AddManaOneOf(Effect):
    """"Add {U}{U}, {U}{R}, or {R}{R}." (the filter lands): one of fixed amounts of mana, chosen
    as it resolves (CR 106.3)."""

    options: tuple[str, ...]
    restriction: str | None = None
    adds_mana: ClassVar[bool] = True

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        choice = ctx.answers.get(step)
        if choice is None:
            return Ask("choose", ctx.controller, self.options, tuple(f"add {o}" for o in self.options),
                       f"{ctx.source_name}: choose the mana to add")
        return g.produce_mana(ctx, _counts(choice), self.restriction, step)

    def could_produce(self, g: GameOps, ctx: Context, seen: frozenset[int]) -> set[str]:
        return {s for o in self.options for s in split_symbols(o)}


@dataclass(frozen=True)
class AddManaCombination(Effect):
    """"Add two mana in any combination of colors", "Add X mana in any combination of {W} and/or
    {U}", "Add two mana of different colors" (CR 106.1a): `amount` mana, each of one of `types`
    (all different with `distinct`), chosen as it resolves in one question (each multiset of
    types one option; between two types, how many of the first)."""

    types: str
    amount: Any = 2
    distinct: bool = False
    restriction: str | None = None
    #: who adds it and chooses ("its controller adds ...": the event's player)
    recipient: Who = CONTROLLER
    adds_mana: ClassVar[bool] = True

    def combos(self, n: int) -> list[str]:
        if self.distinct:
            return ["".join(c) for c in combinations(self.types, n)]
        return ["".join(c) for c in combinations_with_replacement(self.types, n)]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        n = amount_of(self.amount, g, ctx)
        if n <= 0:
            return None
        choice = ctx.answers.get(step)
        if choice is None:
            if len(self.types) == 2 and not self.distinct:
                a, b = self.types[0], self.types[1]
                opts: tuple[Any, ...] = tuple(range(n, -1, -1))
                labels = tuple("add " + format_mana(_type_counts({a: k, b: n - k})) for k in opts)
            else:
                opts = tuple(self.combos(n))
                labels = tuple("add " + format_mana(_type_counts({t: c.count(t) for t in c})) for c in opts)
            if len(opts) == 1:
                choice = opts[0]
            else:
                return Ask("choose", player_of(self.recipient, g, ctx), opts, labels,
                           f"{ctx.source_name}: choose the {n} mana to add")
        if isinstance(choice, int):
            a, b = self.types[0], self.types[1]
            counts = _type_counts({a: choice, b: n - choice})
        else:
            counts = _type_counts({t: choice.count(t) for t in choice})
        return g.produce_mana(ctx, counts, self.restriction, step, player=player_of(self.recipient, g, ctx))

    def could_produce(self, g: GameOps, ctx: Context, seen: frozenset[int]) -> set[str]:
        n = amount_of(self.amount, g, ctx)
        return set(self.types) if n > 0 and (not self.distinct or n <= len(self.types)) else set()


def _counts(mana: str) -> list[int]:
    counts = [0] * 6
    for sym in split_symbols(mana):
        counts[TYPES.index(sym)] += 1
    return counts


def _type_counts(per: dict[str, int]) -> list[int]:
    return [per.get(t, 0) for t in TYPES]


@dataclass(frozen=True, slots=True)
class OpponentsAtLeast(Filter):
    """"unless you have two or more opponents" (Bountiful Promenade; CR 102.2-102.3: the other
    players still in the game)."""

    n: int

    def _holds(self, g: Any, you: int) -> bool:
        return len(g.opponents(you)) >= self.n

    def obj(self, g: Any, o: Any, c: Any, you: int, source: int | None) -> bool:
        return self._holds(g, you)

    def player(self, g: Any, p: int, you: int) -> bool:
        return self._holds(g, you)

    def __str__(self) -> str:
        return f"you have {self.n} or more opponents"


@dataclass(frozen=True, slots=True)
class LifeTotal(Count):
    """"where X is your life total" (CR 119.1; 0 if it is negative, CR 107.1b)."""

    def value(self, g: GameOps, ctx: Context) -> int:
        return max(0, g.players[ctx.controller].life)


@dataclass(frozen=True, slots=True)
class IsCommander(Filter):
    """"target commander": a card that is a player's commander (CR 903.3: the designation stays
    with the card as it changes zones; a copy of it is no commander)."""

    def obj(self, g: Any, o: Any, c: Any, you: int, source: int | None) -> bool:
        return bool(o.info) and "commander" in o.info

    def __str__(self) -> str:
        return "commander"


@dataclass(frozen=True)
class CounterByType(Effect):
    """"Put a +1/+1 counter on it if it's a creature and a loyalty counter on it if it's a
    planeswalker." (Forge of Heroes): each counter for the type it has as this resolves."""

    what: Who

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            if ref[0] != "obj" or ref[1] not in g.battlefield:
                continue
            types = g.chars(ref[1]).types
            if "Creature" in types:
                g.add_counters(ref[1], "+1/+1", 1)
            if "Planeswalker" in types:
                g.add_counters(ref[1], "loyalty", 1)
        return None


@dataclass(frozen=True)
class CantHaveUntilEOT(Effect):
    """"Until end of turn, creatures your opponents control lose hexproof and shroud and can't
    have hexproof or shroud." (Arcane Lighthouse): the creatures are those `what` matches as it
    resolves (CR 611.2c; not those that enter or change control later: its rulings)."""

    what: Filter
    keywords: tuple[str, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.modifications import CantHaveKeywords
        for o in [o for o in g.battlefield if g.matches(self.what, o, ctx.controller, ctx.source_id)]:
            g.add_until_eot(o, CantHaveKeywords(self.keywords))
        return None


@dataclass(frozen=True)
class BecomesSubtypeForGood(Effect):
    """"Target legendary creature becomes a God in addition to its other types." (Tyrite
    Sanctum): no duration, so for as long as it is on the battlefield (CR 611.2a, 613.1d)."""

    what: Who
    subtypes: tuple[str, ...]

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        from ...core.modifications import AddSubtypes
        for ref in self.what.refs(g, ctx):
            if ref[0] == "obj" and ref[1] in g.battlefield:
                g.add_for_good(ref[1], AddSubtypes(self.subtypes))
        return None


@dataclass(frozen=True)
class KeepUntilEOT(Effect):
    """"Add {R}{R}{R}{G}{G}{G}. Until end of turn, you don't lose this mana as steps and phases
    end." (CR 106.4's "unless an effect says otherwise"): the mana `inner` adds stays in its
    player's pool until the turn's cleanup step (core/mana.py `ManaPool.until_eot`)."""

    inner: Effect
    adds_mana: ClassVar[bool] = True

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        who = player_of(getattr(self.inner, "recipient", CONTROLLER), g, ctx)
        pool = g.players[who].pool
        before = pool.counts[:]
        ask = self.inner.resolve(g, ctx, step)
        if ask is not None:
            return ask  # nothing was added yet (effects ask before they act)
        added = [max(0, a - b) for a, b in zip(pool.counts, before, strict=True)]
        if any(added):
            old = pool.until_eot or [0] * 6
            pool.until_eot = [a + b for a, b in zip(old, added, strict=True)]
        return None

    def could_produce(self, g: GameOps, ctx: Context, seen: frozenset[int]) -> set[str]:
        return self.inner.could_produce(g, ctx, seen)  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class CardsInHand(Count):
    """"for each card in your hand": the ability's controller's hand as it resolves."""

    def value(self, g: GameOps, ctx: Context) -> int:
        return len(g.players[ctx.controller].hand)
