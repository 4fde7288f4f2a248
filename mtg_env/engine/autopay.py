"""Automatic mana payment (`mana_payment: auto`): which mana sources to tap for a cost.

A *simple source* is an untapped permanent with a mana ability whose whole cost is {T} and whose
whole effect is adding mana (a basic land, Sol Ring, Birds of Paradise; not Ancient Tomb, whose
ability also deals damage, nor Basalt Monolith's untap ability), and whose mana no replacement
effect or "tapped for mana" trigger would change (Contamination, Mana Reflection, Wild Growth:
what such a source makes depends on choices and orders the player makes). Only simple sources
are tapped for the player: every other source stays the player's own decision, made before
casting, and what needs one is not offered until the player has made the mana.

The search never taps more sources than needed: it looks for the smallest number of sources
that, with the mana already in the pool, can pay the cost. Identical sources (same card, same
ability) are interchangeable, so it counts how many of each kind to tap; where several
smallest plans differ in what they leave untapped, the player chooses among them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards.abilities import Activated, ManaReplacement, TriggerEvent
from ..cards.effects import AddMana, AddManaChoice
from ..core.mana import TYPE_INDEX, TYPES, ManaCost, can_pay, split_symbols
from ..core.objects import Context
from . import mana_abilities

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class Source:
    oid: int
    key: str
    group: str            # "Forest: {T}: Add {G}." — identical sources share a group
    fixed: tuple[int, ...] | None  # counts per type, for fixed mana
    amount: int           # for a choice of type
    options: str          # types that can be chosen, e.g. "WUBRG"


def simple_sources(g: Game, player: int, exclude: int | None = None) -> list[Source]:
    """The player's untapped simple mana sources, in battlefield order."""
    out: list[Source] = []
    chars = g.all_chars()
    modified = bool(g.statics_of(ManaReplacement) or g.triggers_for(TriggerEvent.TAPPED_FOR_MANA))
    for oid in g.battlefield:
        obj = g.objects[oid]
        if obj.controller != player or obj.tapped or oid == exclude:
            continue
        if g.effects.detained and any(d[0] == oid for d in g.effects.detained):
            continue  # CR 701.35a
        c = chars[oid]
        if obj.sick and "Creature" in c.types and "haste" not in c.keywords:
            continue
        for key, ab, _origin in c.abilities:
            if not isinstance(ab, Activated) or not ab.is_mana_ability:
                continue
            kind = _simple_kind(ab)
            if kind is None:
                continue
            if modified and mana_abilities.mana_modified(g, oid, player):
                break
            group = f"{c.name}: {ab.text}"
            if isinstance(kind, tuple):
                out.append(Source(oid, key, group, kind, 0, ""))
                break
            eff = ab.effects[0]
            assert isinstance(eff, AddManaChoice) and isinstance(eff.amount, int)
            opts = "".join(eff.options(g, Context(player, oid, c.name), frozenset()))
            if opts and eff.amount > 0:
                out.append(Source(oid, key, group, None, eff.amount, opts))
                break
    return out


def _simple_kind(ab: Activated) -> tuple[int, ...] | str | None:
    """What a mana ability is as a simple source, kept on the ability (asked of every untapped
    land at every priority with automatic payment): the counts per type of its fixed mana, "choice"
    for one choice of types, None when its cost is more than {T} or it does more than add mana."""
    d = ab.__dict__
    if "_simple_kind" in d:
        kind: tuple[int, ...] | str | None = d["_simple_kind"]
        return kind
    kind = None
    cost = ab.cost
    simple_cost = cost.tap and cost.mana.is_empty and not (
        cost.untap or cost.sacrifice_self or cost.sacrifice or cost.remove_counters or cost.put_counters or
        cost.pay_life or cost.energy or cost.discard or cost.tap_other or cost.return_to_hand or ab.once_each_turn or ab.timing or
        ab.activate_if)
    if simple_cost and len(ab.effects) == 1:
        eff = ab.effects[0]
        if isinstance(eff, AddMana) and eff.restriction is None:
            counts = [0] * 6
            for sym in split_symbols(eff.mana):
                counts[TYPE_INDEX[sym]] += 1
            kind = tuple(counts)
        elif isinstance(eff, AddManaChoice) and eff.restriction is None and isinstance(eff.amount, int):
            kind = "choice"
    object.__setattr__(ab, "_simple_kind", kind)
    return kind


def _needed_types(cost: ManaCost) -> str:
    need = {TYPES[i] for i, n in enumerate(cost.typed) if n}
    for a, b in cost.hybrid:
        need.update(h for h in (a, b) if h in TYPE_INDEX)
    return "".join(t for t in TYPES if t in need)


def assign(base: list[int], cost: ManaCost, sources: list[Source]) -> list[str] | None:
    """A type for each source so that `base` plus their mana pays `cost`, or None."""
    avail = base[:]
    choice: list[Source] = []
    for s in sources:
        if s.fixed is not None:
            for i, n in enumerate(s.fixed):
                avail[i] += n
        else:
            choice.append(s)
    need = _needed_types(cost)
    picks: list[str] = []

    def dfs(i: int) -> bool:
        if i == len(choice):
            return can_pay(avail, cost)
        s = choice[i]
        tried = [t for t in s.options if t in need] or []
        if s.options[0] not in tried:
            tried.append(s.options[0])  # as generic mana, any one type will do
        for t in tried:
            avail[TYPE_INDEX[t]] += s.amount
            picks.append(t)
            if dfs(i + 1):
                return True
            picks.pop()
            avail[TYPE_INDEX[t]] -= s.amount
        return False

    if not dfs(0):
        return None
    out: list[str] = []
    it = iter(picks)
    for s in sources:
        out.append("" if s.fixed is not None else next(it))
    return out


def most_mana(sources: list[Source]) -> int:
    """The most mana `sources` make together (each is tapped once)."""
    return sum(sum(s.fixed) if s.fixed else s.amount for s in sources)


def can_pay_with_sources(base: list[int], cost: ManaCost, sources: list[Source]) -> bool:
    return assign(base, cost, sources) is not None


def max_x_auto(base: list[int], cost: ManaCost, sources: list[Source], cap: int) -> int:
    """The largest X (at most `cap`) payable with the pool and all the sources; -1 if none."""
    total = sum(base) + most_mana(sources)
    hi = min(cap, (total - cost.with_x(0).mana_value) // max(cost.x_count, 1)) if cost.x_count else 0
    for x in range(hi, -1, -1):
        if can_pay_with_sources(base, cost.with_x(x), sources):
            return x
    return -1


def minimal_plans(base: list[int], cost: ManaCost, sources: list[Source],
                  limit: int = 64) -> list[list[tuple[Source, str]]]:
    """The smallest sets of sources that pay `cost` with `base`, one per distinct choice of how
    many of each group to tap (identical sources are interchangeable: the first ones are used)."""
    if can_pay(base, cost):
        return [[]]
    groups: dict[str, list[Source]] = {}
    for s in sources:
        groups.setdefault(s.group, []).append(s)
    names = list(groups)
    for k in range(1, len(sources) + 1):
        plans: list[list[tuple[Source, str]]] = []
        for mult in _multiplicities([len(groups[n]) for n in names], k):
            chosen = [s for n, m in zip(names, mult, strict=True) for s in groups[n][:m]]
            types = assign(base, cost, chosen)
            if types is not None:
                plans.append(list(zip(chosen, types, strict=True)))
                if len(plans) >= limit:
                    return plans
        if plans:
            return plans
    return []


def _multiplicities(sizes: list[int], k: int) -> list[list[int]]:
    out: list[list[int]] = []

    def rec(i: int, left: int, acc: list[int]) -> None:
        if i == len(sizes):
            if left == 0:
                out.append(acc[:])
            return
        for m in range(min(sizes[i], left), -1, -1):
            acc.append(m)
            rec(i + 1, left - m, acc)
            acc.pop()

    rec(0, k, [])
    return out
