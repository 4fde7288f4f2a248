"""legal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.vocab import (
    Activated,
)
from ..core.actions import PASS, Action
from ..core.mana import (
    ManaCost,
    available_for,
    can_pay,
)
from ..core.objects import (
    Context,
    GameObject,
)
from . import autopay
from .labels import _dedupe, _twin_instances
from .layers import Chars

if TYPE_CHECKING:
    from .game import Game



def _mana_ability_actions(g: Game, p: int) -> list[Action]:
    """The mana abilities `p` may activate while paying a cost (CR 605.3a)."""
    out = []
    chars = g._all_chars()
    for oid in g.battlefield:
        obj = g.objects[oid]
        if obj.controller != p:
            continue
        c = chars[oid]
        for key, ab, origin in c.abilities:
            if isinstance(ab, Activated) and ab.is_mana_ability and \
                    g._can_activate(oid, obj, c, key, ab, p, False):
                text = g.ability_text(ab, oid, origin)
                out.append(Action("activate", f"activate {c.name}: {text}", source=c.name,
                                  ability=ab.text, payload=("mana", oid, key)))
    return out


def _priority_actions(g: Game, p: int) -> list[Action]:
    acts = [PASS]
    pl = g.players[p]
    sorcery_ok = g.sorcery_timing(p)
    sources = autopay.simple_sources(g, p) if g.mana_payment == "auto" else None
    from_exile = g._exile_playable(p) if g.play_permissions else []
    if sorcery_ok and pl.lands_played < 1:  # CR 305.2
        for oid in pl.hand + from_exile:
            card = g.objects[oid].card
            if "Land" in card.types:
                acts.append(Action("play", f"play {card.name}", source=card.name, payload=("play", oid)))
    for oid in pl.hand + pl.command + from_exile:
        card = g.objects[oid].card
        if "Land" not in card.types and g._can_cast(oid, p, sorcery_ok, sources):
            acts.append(Action("cast", f"cast {card.name}", source=card.name, payload=("cast", oid)))
    chars = g._all_chars()
    for oid in g.battlefield:
        obj = g.objects[oid]
        if obj.controller != p:
            continue
        c = chars[oid]
        twins = _twin_instances(c.abilities) if c.abilities and len(c.abilities) > len(obj.card.abilities) else None
        for key, ab, origin in c.abilities:
            if isinstance(ab, Activated) and g._can_activate(oid, obj, c, key, ab, p, sorcery_ok,
                                                                               sources):
                text = g.ability_text(ab, oid, origin)
                if twins and (origin, ab.text) in twins:
                    # two caged cards give the same ability: the card's id tells the instances
                    # apart, whether or not the other one can be activated now
                    text = text[:-1] + f"#{key[1:].split('.', 1)[0]})"
                acts.append(Action("activate", f"activate {c.name}: {text}", source=c.name,
                                   ability=ab.text, payload=("activate", oid, key)))
    return _dedupe(acts)


def _can_cast(g: Game, oid: int, p: int, sorcery_ok: bool, sources: list[Any] | None = None) -> bool:
    card = g.objects[oid].card
    fast = "Instant" in card.types or "flash" in card.keywords
    if not fast and not sorcery_ok:
        return False
    pool = g.players[p].pool
    if sources is None and card.mana_cost.min_mana > pool.total and not g.play_permissions:
        return False  # fast path: manual payment and not enough mana in the pool
    avail = available_for(pool, g.spend_tags(p, "spell", oid))
    if not g._free_permission(oid) and not g._payable(avail, g.spell_cost(oid).with_x(0), sources):
        return False
    sa = card.spell_ability
    if sa is not None and sa.modes:
        ctx = Context(p, oid, card.name)
        return any(g._has_targets(m.targets, ctx) for m in sa.modes)
    specs = g.spell_targets(card)
    return not specs or g._has_targets(specs, Context(p, oid, card.name))


def _payable(g: Game, avail: list[int], cost: ManaCost, sources: list[Any] | None,
             exclude: int | None = None) -> bool:
    if can_pay(avail, cost):
        return True
    if sources is None:
        return False
    if exclude is not None:
        sources = [s for s in sources if s.oid != exclude]
    return autopay.can_pay_with_sources(avail, cost, sources)


def _can_activate(g: Game, oid: int, obj: GameObject, c: Chars, key: str, ab: Activated, p: int,
                  sorcery_ok: bool, sources: list[Any] | None = None) -> bool:
    cost = ab.cost
    if ab.sorcery_speed and not sorcery_ok:
        return False
    if sources is None and cost.mana.min_mana > g.players[p].pool.total:
        return False  # fast path: manual payment and not enough mana in the pool
    if ab.once_each_turn and g.activations.get((oid, key)):
        return False
    if cost.tap or cost.untap:
        if cost.tap and obj.tapped:
            return False
        if cost.untap and not obj.tapped:
            return False
        # CR 302.6 / 107.5 / 107.6
        if obj.sick and "Creature" in c.types and "haste" not in c.keywords:
            return False
    if cost.remove_counters:
        kind, n = cost.remove_counters
        if isinstance(n, int) and obj.counters.get(kind, 0) < n:
            return False
    pl = g.players[p]
    if cost.pay_life and pl.life < cost.pay_life:  # CR 119.4
        return False
    if cost.discard and len(pl.hand) < cost.discard:
        return False
    for flt, n in cost.sacrifice:
        cands = [o for o in g.battlefield if g.objects[o].controller == p
                 and g._matches(flt, o, p) and not (cost.sacrifice_self and o == oid)]
        if len(cands) < n:
            return False
    if cost.tap_other and len(g._tap_other_candidates(p, cost.tap_other[0], oid, cost, [])) < cost.tap_other[1]:
        return False
    if cost.crew and sum(max(g.chars(o).power or 0, 0) for o in g._crew_candidates(p, oid, [])) < cost.crew:
        return False
    if not cost.mana.is_empty:
        avail = available_for(pl.pool, g.spend_tags(p, "ability", oid))
        x: int | None = 0
        if ab.x_rule is not None:
            ctx0 = Context(p, oid, c.name)
            ctx0.cost_info["link"] = g.link_group(key)
            x = g.x_by_rule(ab.x_rule, ctx0)
            if x is None:
                return False
        # a source tapped or sacrificed for this very cost can't also make mana for it
        excl = oid if (cost.tap or cost.sacrifice_self or cost.untap) else None
        if not g._payable(avail, cost.mana.with_x(x or 0), sources, excl):
            return False
    if ab.targets:
        ctx = Context(p, oid, c.name)
        if not g._has_targets(ab.targets, ctx):
            return False
    if ab.modes:
        ctx = Context(p, oid, c.name)
        return any(g._has_targets(m.targets, ctx) for m in ab.modes)
    return True
