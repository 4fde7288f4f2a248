"""Paying mana costs (CR 601.2g-h, 118, 107.3, 106.6).

While a spell is cast or an ability activated, its mana is paid from the pool; the player
chooses which mana pays a hybrid or generic part only where the choice leaves a different
pool. With automatic payment (`mana_payment: auto`) the fewest simple sources are tapped first
(engine/autopay.py). Costs asked for while something resolves (Mana Vault's {4}, Rings of
Brighthearth's {2}, CR 117.1d) are paid here too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import TriggerEvent
from ..cards.carddef import CardDef, card_cache
from ..cards.costs import Cost
from ..cards.spellcosts import CardCountReduction, Escalate, ManaValueReduction, Strive
from ..core.actions import Action
from ..core.errors import MtgError
from ..core.mana import TYPE_INDEX, TYPES, ManaCost, ManaPool, available_for, can_pay
from ..core.mana import max_x as pool_max_x
from ..core.objects import Context, StackItem
from ..core.spending import spend_rule
from . import altpay, autopay, casting, triggers
from .tasks import Announce, ManaDue, Resolve

if TYPE_CHECKING:
    from .game import Game

Bucket = tuple[str, int]  # ("u", type index): unrestricted mana; ("r", i): pool.restricted[i]


def spend_tags(g: Game, player: int, what: str, oid: int | None) -> frozenset[str]:
    """Restrictions (CR 106.6) that allow mana to be spent on this spell or ability."""
    if oid is None or oid not in g.objects:
        return frozenset()
    c = g.chars(oid)
    return tags_for(g, player, what, c.types, c.subtypes, c.colors, oid in g.battlefield)


def tags_for(g: Game, player: int, what: str, types: frozenset[str], subtypes: tuple[str, ...],
             colors: frozenset[str], on_battlefield: bool) -> frozenset[str]:
    """The restrictions of the mana in `player`'s pool (CR 106.6, core/spending.py) that allow
    it to be spent on a spell (`what` "spell") or an ability of an object with these
    characteristics; "artifact" (Grand Architect's) for any artifact."""
    tags = set()
    if "Artifact" in types:
        tags.add("artifact")
    for r in g.players[player].pool.restricted:
        rule = spend_rule(r.restriction)
        if rule is not None and rule.allows(what, types, subtypes, colors, on_battlefield):
            tags.add(r.restriction)
    return frozenset(tags)


def max_x(g: Game, p: int, cost: Cost, oid: int, what: str) -> int:
    """The largest X that can be paid (CR 107.3a); with automatic payment, counting the
    sources that would be tapped, and at most `x_cap`."""
    avail = available_for(g.players[p].pool, spend_tags(g, p, what, oid))
    if what == "spell" and altpay.keywords_of(g, oid):  # convoke, improvise, delve
        return max(0, altpay.max_x(g, p, oid, avail, cost.mana, g.options.x_cap))
    if g.options.mana_payment == "auto":
        sources = auto_sources(g, p, oid, what, cost)
        return max(0, autopay.max_x_auto(avail, cost.mana, sources, g.options.x_cap))
    return max(0, pool_max_x(avail, cost.mana, None))


def auto_sources(g: Game, p: int, oid: int, what: str, cost: Cost) -> list[Any]:
    """The simple sources that may pay for this: not the source itself if the cost taps,
    untaps or sacrifices it."""
    excl = oid if what == "ability" and (cost.tap or cost.untap or cost.sacrifice_self) else None
    return autopay.simple_sources(g, p, exclude=excl)


def auto_tap(g: Game, t: Announce, due: ManaCost, p: int, oid: int, cost: Cost) -> bool | None:
    """With automatic payment and too little mana in the pool: tap the fewest simple
    sources that pay `due`, asking the player where smallest plans differ. Returns None when
    nothing needed tapping, False while waiting (a decision, or the mana abilities to
    resolve first)."""
    t.auto_tapped = True
    avail = available_for(g.players[p].pool, spend_tags(g, p, t.what, oid))
    if can_pay(avail, due):
        return None
    plans = autopay.minimal_plans(avail, due, auto_sources(g, p, oid, t.what, cost))
    if not plans:
        return None  # cannot happen when the action was legal; the pool step will say so
    ans = t.answer
    if isinstance(ans, tuple) and ans[0] == "plan":
        t.answer = None
        plan = plans[ans[1]]
    elif len(plans) == 1:
        plan = plans[0]
    else:
        t.auto_tapped = False
        acts = []
        for i, pl in enumerate(plans):
            names = ", ".join(g.name_of(src.oid) for src, _t in pl)
            acts.append(Action("choose", f"tap {names}", payload=("plan", i)))
        g.ask("choose", p, f"choose which mana sources to tap for {due}", acts)
        return False
    tap_plan(g, p, plan)
    return False


def tap_plan(g: Game, p: int, plan: list[Any]) -> None:
    """Activate each planned source's mana ability (CR 601.2g, 605.3a), its color chosen to
    fit the cost; pushed in reverse so that they resolve in battlefield order."""
    items = []
    for src, typ in reversed(plan):
        ab, origin = casting.ability_of(g, src.oid, src.key)
        ctx = Context(p, src.oid, g.name_of(src.oid))
        ctx.tapped_for_mana = True
        if typ:
            ctx.answers[0] = typ
        g.writable(src.oid).tapped = True
        g.turn_state.activations[(src.oid, src.key)] = g.turn_state.activations.get((src.oid, src.key), 0) + 1
        item = StackItem(0, "ability", src.oid, ab, src.key, ctx, casting.ability_text(g, ab, src.oid, origin))
        items.append(item)
        g.tasks.append(Resolve(item=item))
    for (src, _typ), item in zip(plan, reversed(items), strict=True):
        g.log_event(f"{g.players[p].name} taps {g.name_of(src.oid)} for mana (automatic payment)")
        triggers.becomes_tapped(g, src.oid)
        triggers.player_event(g, TriggerEvent.ACTIVATE, p, item=item.clone(), source=src.oid)


def push_autotap(g: Game, p: int, cost: ManaCost) -> None:
    """Tap the fewest simple sources that pay `cost` (automatic payment, during resolution:
    the first of the smallest plans)."""
    avail = g.players[p].pool.counts
    plans = autopay.minimal_plans(avail, cost, autopay.simple_sources(g, p))
    if not plans:
        raise MtgError(f"cannot pay {cost}: no mana sources can")
    tap_plan(g, p, plans[0])


def pay_mana_step(g: Game, t: Announce, due: ManaCost, p: int, oid: int) -> bool:
    """Pay `due` from the pool (CR 601.2h). The player chooses which mana pays a hybrid or
    generic part where that leaves a different pool; otherwise it is paid for them.
    Restricted mana that may be spent here is spent first: it is never worth more than
    unrestricted mana of the same type. For a spell, the mana spent is added up by type
    (`t.spent`: "if {U} was spent to cast it"; no mana is added to the pool during a step)."""
    if t.what != "spell":
        return _pay_mana_step(g, t, due, p, oid)
    pool = g.players[p].pool
    before = _by_type(pool)
    try:
        return _pay_mana_step(g, t, due, p, oid)
    finally:
        after = _by_type(pool)
        if not t.spent:
            t.spent = [0] * 6
        for i in range(6):
            t.spent[i] += before[i] - after[i]


def _by_type(pool: ManaPool) -> list[int]:
    out = list(pool.counts)
    for r in pool.restricted:
        out[TYPE_INDEX[r.type]] += r.amount
    return out


def _pay_mana_step(g: Game, t: Announce, due: ManaCost, p: int, oid: int) -> bool:
    if due.is_empty and t.due is None:
        t.answer = None
        return True  # nothing to pay (a land's mana ability)
    pool = g.players[p].pool
    tags = spend_tags(g, p, t.what, oid)
    if t.due is None:
        t.due = ManaDue(list(due.typed), list(due.hybrid), due.generic)
    d = t.due
    ans = t.answer
    t.answer = None
    # colored and {C} requirements: forced
    for i, n in enumerate(d.typed):
        if n:
            spend(pool, tags, TYPES[i], n)
            d.typed[i] = 0
    while d.hybrid:
        a, b = d.hybrid[0]
        opts = []
        for half in (a, b):
            rest_avail = available_for(pool, tags)
            trial_generic = d.generic
            if half in TYPE_INDEX:
                if rest_avail[TYPE_INDEX[half]] <= 0:
                    continue
                rest_avail[TYPE_INDEX[half]] -= 1
            else:
                trial_generic += int(half)
            if can_pay(rest_avail, ManaCost(trial_generic, (0,) * 6, tuple(d.hybrid[1:]))):
                opts.append(half)
        if ans is not None and ans in opts:
            choice = ans
            ans = None
        elif len(opts) == 1:
            choice = opts[0]
        else:
            acts = [Action("choose", f"pay {{{a}/{b}}} with {{{h}}}" if h in TYPE_INDEX
                           else f"pay {{{a}/{b}}} with {{{h}}} generic", value=h, payload=h)
                    for h in opts]
            g.ask("choose", p, f"choose how to pay {{{a}/{b}}}", acts)
            return False
        d.hybrid.pop(0)
        if choice in TYPE_INDEX:
            spend(pool, tags, choice, 1)
        else:
            d.generic += int(choice)
    generic = d.generic
    while generic > 0:
        buckets = _buckets(pool, tags)
        total = sum(n for _b, n in buckets)
        if ans is not None:
            chosen: Bucket = ans
            ans = None
            _spend_bucket(pool, chosen, 1)
            generic -= 1
            continue
        if len(buckets) == 1 or total <= generic:
            for bucket, n in buckets:
                take = min(n, generic)
                _spend_bucket(pool, bucket, take)
                generic -= take
            break
        d.generic = generic
        acts = [Action("choose", f"pay {{1}} with {_bucket_label(pool, bk)}", payload=bk)
                for bk, _n in buckets]
        g.ask("choose", p, f"choose mana to pay {{1}} ({generic} generic left)", acts)
        return False
    d.generic = 0
    return True


def _buckets(pool: ManaPool, tags: frozenset[str]) -> list[tuple[Bucket, int]]:
    out: list[tuple[Bucket, int]] = []
    for i, r in enumerate(pool.restricted):
        if r.restriction in tags and r.amount > 0:
            out.append((("r", i), r.amount))
    for i in (5, 0, 1, 2, 3, 4):
        if pool.counts[i] > 0:
            out.append((("u", i), pool.counts[i]))
    return out


def _bucket_label(pool: ManaPool, b: Bucket) -> str:
    if b[0] == "u":
        return "{" + TYPES[b[1]] + "}"
    r = pool.restricted[b[1]]
    return "{" + r.type + "} (" + r.restriction + " only)"


def _spend_bucket(pool: ManaPool, b: Bucket, n: int) -> None:
    if b[0] == "u":
        pool.counts[b[1]] -= n
    else:
        r = pool.restricted[b[1]]
        r.amount -= n
        if r.amount == 0:
            del pool.restricted[b[1]]


def spend(pool: ManaPool, tags: frozenset[str], mana_type: str, n: int) -> None:
    """Spend `n` mana of one type, restricted mana that may be spent here first."""
    for r in list(pool.restricted):
        if n and r.type == mana_type and r.restriction in tags:
            take = min(n, r.amount)
            r.amount -= take
            n -= take
            if r.amount == 0:
                pool.restricted.remove(r)
    i = TYPE_INDEX[mana_type]
    if pool.counts[i] < n:
        raise MtgError(f"mana pool cannot pay {n} {mana_type}")  # legality check failed
    pool.counts[i] -= n


# ---------------------------------------------------------------------------------------------
# costs paid while something resolves (CR 117.1d)


def can_pay_mana_now(g: Game, player: int, cost: ManaCost) -> bool:
    return can_pay(g.players[player].pool.counts, cost)


def pay_mana_now(g: Game, player: int, cost: ManaCost, chosen: list[str] | None = None) -> None:
    """Pay a cost asked for on resolution (Mana Vault's {4}, Rings of Brighthearth's {2}) from
    unrestricted mana: colored parts first, then the generic part with the types `chosen`
    (see generic_payment_choice), then in a fixed order where no choice mattered."""
    pool = g.players[player].pool
    for i, n in enumerate(cost.typed):
        pool.counts[i] -= n
    left = cost.generic
    for t in chosen or []:
        i = TYPE_INDEX[t]
        if left and pool.counts[i]:
            pool.counts[i] -= 1
            left -= 1
    for i in (5, 0, 1, 2, 3, 4):
        take = min(left, pool.counts[i])
        pool.counts[i] -= take
        left -= take


def generic_payment_choice(g: Game, player: int, cost: ManaCost, chosen: list[str]) -> list[str] | None:
    """The types the player may choose from to pay the next {1} of `cost`'s generic part,
    after `chosen`; None when what is left to pay leaves no choice that matters (one type
    left, or exactly enough mana)."""
    counts = g.players[player].pool.counts[:]
    for i, n in enumerate(cost.typed):
        counts[i] -= n
    for t in chosen:
        counts[TYPE_INDEX[t]] -= 1
    left = cost.generic - len(chosen)
    types = [TYPES[i] for i in (5, 0, 1, 2, 3, 4) if counts[i] > 0]
    if left <= 0 or len(types) <= 1 or sum(counts) <= left:
        return None
    return types


def strive_allows(g: Game, t: Announce, n: int) -> bool:
    """Could the spell being cast still be paid with `n` targets (strive's increase, CR
    601.2f)? A target beyond what can be paid is not offered (CR 601.2c-h: the choices made
    must leave the total cost payable)."""
    from .legal import spell_payable as payable
    p = t.player
    avail = available_for(g.players[p].pool, spend_tags(g, p, "spell", t.obj))
    sources = autopay.simple_sources(g, p) if g.options.mana_payment == "auto" else None
    m = casting.spell_mana(g, p, t.obj, t.free, t.kicked, t.buyback, alt=t.alt_cost, entwined=t.entwined,
                           targets=n, modes=chosen_modes(t))
    return bool(payable(g, p, t.obj, avail, m.with_x(t.ctx.x if t.ctx is not None else 0), sources))


def escalate_of(card: CardDef) -> Escalate | None:
    """The spell's escalate cost, if it has one (CR 702.120a)."""
    return card_cache(card, "_escalate", lambda c: next((ab for ab in c.abilities if isinstance(ab, Escalate)), None))


def escalated(card: CardDef, mana: ManaCost, modes: int) -> ManaCost:
    """`mana` with the escalate cost added for each of `modes` beyond the first (CR 702.120a,
    601.2f: an additional cost, part of the total cost)."""
    if modes > 1:
        es = escalate_of(card)
        if es is not None:
            for _ in range(modes - 1):
                mana = mana.plus(es.cost)
    return mana


def escalate_allows(g: Game, t: Announce, n: int) -> bool:
    """Could the spell being cast still be paid with `n` modes chosen (escalate, CR 702.120a)?
    A mode beyond what can be paid is not offered (CR 601.2b-h: the choices made must leave
    the total cost payable)."""
    if t.what != "spell" or n < 2 or escalate_of(g.objects[t.obj].card) is None:
        return True
    from .legal import spell_payable as payable
    p = t.player
    avail = available_for(g.players[p].pool, spend_tags(g, p, "spell", t.obj))
    sources = autopay.simple_sources(g, p) if g.options.mana_payment == "auto" else None
    m = casting.spell_mana(g, p, t.obj, t.free, t.kicked, t.buyback, alt=t.alt_cost, entwined=t.entwined,
                           modes=n)
    return bool(payable(g, p, t.obj, avail, m.with_x(0), sources))


def chosen_modes(t: Announce) -> int:
    """How many modes the spell being cast has chosen so far (0 before)."""
    return len(t.ctx.modes) if t.ctx is not None and t.ctx.modes else 0


def strive_of(card: CardDef) -> Strive | None:
    """The spell's strive cost increase, if it has one."""
    return card_cache(card, "_strive", lambda c: next((ab for ab in c.abilities if isinstance(ab, Strive)), None))


def chosen_targets(t: Announce) -> int:
    """How many targets the spell being cast has, once they are chosen (0 before)."""
    return len(t.ctx.targets) if t.targets_done and t.ctx is not None else 0


def counted_reduction(g: Game, ab: ManaValueReduction | CardCountReduction, p: int, oid: int) -> int:
    """CR 601.2f: how much a reduction that counts takes off the generic part: the total mana
    value of the permanents `ab.of` matches (Metalwork Colossus), or `ab.generic` for each card
    in the caster's zone that `ab.cards` matches (Ghoultree)."""
    if isinstance(ab, ManaValueReduction):
        if ab.of is None:
            return 0
        return sum(g.chars(o).mana_value for o in g.battlefield if g.matches(ab.of, o, p, oid))
    if ab.cards is None:
        return 0
    zone = getattr(g.players[p], ab.zone)
    return ab.generic * sum(1 for o in zone if o != oid and g.matches(ab.cards, o, p, oid))
