"""Casting spells (CR 601.2) and activating abilities (CR 602.2).

Both are one task, `Announce`, that walks the steps of CR 601.2b-i in order: announce the mode
and X, choose targets and divide damage, choose what the costs need (permanents to sacrifice or
tap, cards to discard), activate mana abilities and pay the mana (engine/costs.py), then pay
the other costs, and the spell is cast or the ability activated: it goes on the stack (a mana
ability resolves at once, CR 605.3a) and "whenever you cast / activate" abilities trigger.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..cards.abilities import Ability, Activated, Keyword, TargetSpec, TriggerEvent, targets_of
from ..cards.carddef import CardDef, card_cache
from ..cards.costs import NO_COST, Cost
from ..cards.effects.spells import reads_mana_spent
from ..cards.spellcosts import (
    AdditionalCost,
    Buyback,
    CardCountReduction,
    CostReduction,
    Entwine,
    Flashback,
    Kicker,
    ManaValueReduction,
    SpellsCostLess,
)
from ..core.actions import Action
from ..core.errors import MtgError
from ..core.mana import ManaCost, available_for
from ..core.objects import COMMAND, EXILE, GRAVEYARD, HAND, STACK, Context, StackItem
from . import (
    altcast,
    altpay,
    autopay,
    costs,
    facedown,
    faces,
    formats,
    limits,
    optional_costs,
    phyrexian,
    primitives,
    return_cost,
    targets,
    triggers,
    zones,
)
from .tasks import Announce, AnnounceStage, PlaceTriggers, Resolve

if TYPE_CHECKING:
    from .game import Game

S = AnnounceStage


def begin_cast(g: Game, player: int, oid: int, free: bool = False, alt: str | None = None) -> None:
    """Start casting the card `oid` (CR 601.2a); `free`: without paying its mana cost; `alt`:
    with that alternative cost (evoke, dash: engine/altcast.py). While a spell with split
    second is on the stack no other spell is cast, not even by an effect (CR 702.61a)."""
    if altcast.split_second_active(g):
        g.log_event(f"{g.name_of(oid)} can't be cast: a spell with split second is on the stack")
        return
    g.tasks.append(Announce(what="spell", player=player, obj=oid, free=free, alt_cost=alt))


def begin_activation(g: Game, player: int, oid: int, key: str) -> None:
    """Start activating the ability instance `key` of permanent `oid` (CR 602.2a)."""
    g.tasks.append(Announce(what="ability", player=player, obj=oid, key=key))


def ability_of(g: Game, oid: int, key: str) -> tuple[Activated, str | None]:
    """The activated ability instance `key` of `oid` now, and the card it comes from."""
    for k, ab, origin in g.chars(oid).abilities:
        if k == key and isinstance(ab, Activated):
            return ab, origin
    raise MtgError(f"{g.name_of(oid)} has no activated ability {key!r}")


def spell_targets(card: CardDef) -> tuple[TargetSpec, ...]:
    """An instant's or sorcery's targets; an Aura spell targets what it can enchant (CR 303.4a)."""
    sa = card.spell_ability
    if sa is not None:
        return sa.targets
    for ab in card.abilities:
        if isinstance(ab, Keyword):
            for n in ab.names:
                if n.startswith("enchant "):
                    return (_enchant_spec(n[len("enchant "):]),)
    return ()


_ENCHANT: dict[str, TargetSpec] = {}


def _enchant_spec(what: str) -> TargetSpec:
    spec = _ENCHANT.get(what)
    if spec is None:
        spec = _ENCHANT[what] = TargetSpec(what)
    return spec


def spell_cost(g: Game, oid: int, face: CardDef | None = None, alt: str | None = None) -> ManaCost:
    """The mana cost to cast this card now (as `face`, if given; with the alternative cost
    `alt` rather than its mana cost, CR 118.9), with commander tax from the command zone
    (CR 903.8)."""
    obj = g.objects[oid]
    card = obj.card if face is None else face
    cost = card.mana_cost if alt is None else altcast.cost_of(g, oid, alt)
    fd = facedown.spell_cost(card)
    if fd is not None:
        cost = fd  # CR 702.37c: {3} rather than its mana cost
    if card.whole is not None:
        disturb = faces.alternative_cost(g, oid, card)  # disturb (CR 702.146a)
        if disturb is not None:
            cost = disturb
    if obj.zone == GRAVEYARD:
        fb = flashback_of(card)
        if fb is not None:
            return fb.cost  # CR 702.34a: rather than its mana cost
    return cost.plus(formats.commander_tax(g, oid))



def spell_mana(g: Game, p: int, oid: int, free: bool, kicked: int = 0, buyback: bool = False,
               x: int | None = None, face: CardDef | None = None, alt: str | None = None,
               entwined: bool = False, targets: int = 0, modes: int = 0) -> ManaCost:
    """The mana of the total cost to cast `oid` (CR 601.2f): its mana cost (or flashback cost;
    nothing when cast without paying it, CR 118.9), plus the additional costs' mana, the
    kicker paid `kicked` times and the buyback, minus the cost reductions; with `x`, X is
    that value (and is reduced too), else the reductions apply as with X = 0. `face`: the face
    or half to be cast, not yet chosen (its own costs and characteristics, CR 709.3a, 712.11c,
    715.3a); once chosen it is the object's card. `alt`: the alternative cost paid (CR 118.9)."""
    card = g.objects[oid].card if face is None else face
    if free or zones.free_from_exile(g, oid):
        mana = formats.commander_tax(g, oid)  # CR 118.9d: additional costs are still paid
    else:
        mana = spell_cost(g, oid, face, alt)
    mana = mana.plus(additional_cost(card).mana)
    if kicked:
        mana = mana.plus(kicker_cost(card, kicked))
    if buyback:
        bb = buyback_of(card)
        assert bb is not None
        mana = mana.plus(bb.cost)
    if entwined:
        ew = entwine_of(card)
        assert ew is not None
        mana = mana.plus(ew.cost)  # CR 702.42a: an additional cost
    if targets > 1:
        st = costs.strive_of(card)
        if st is not None:
            for _ in range(targets - 1):
                mana = mana.plus(st.cost)  # strive: for each target beyond the first (CR 601.2f)
    mana = costs.escalated(card, mana, modes)  # CR 702.120a: for each mode beyond the first
    if x is not None:
        mana = mana.with_x(x)
    less = 0
    for src, st in g.statics_of(SpellsCostLess):
        if (not st.yours or g.objects[src].controller == p) and \
                (st.affects is None or _spell_matches(g, st.affects, oid, p, src, face)):
            less += st.generic
    for ab in card.abilities:
        if isinstance(ab, ManaValueReduction | CardCountReduction):
            less += costs.counted_reduction(g, ab, p, oid)
            continue
        if isinstance(ab, CostReduction):
            if ab.per is not None:
                less += ab.generic * sum(1 for o in g.battlefield if g.matches(ab.per, o, p, oid))
            elif ab.condition is None or _spell_matches(g, ab.condition, oid, p, oid, face):
                less += ab.generic
    if less and mana.generic:
        # CR 601.2f: only the generic part is reduced, to no less than zero
        n = max(0, mana.generic - less)
        mana = ManaCost(n, mana.typed, mana.hybrid, mana.x_count, altpay.text_of(n, mana.typed, mana.hybrid, mana.x_count))
    return mana


def _spell_matches(g: Game, flt: Any, oid: int, p: int, src: int | None, face: CardDef | None) -> bool:
    """Does the spell to be cast match `flt`: the card as it is, or as the face to be cast
    (its printed characteristics, CR 709.3a, 712.11c, 715.3a)?"""
    if face is None:
        return g.matches(flt, oid, p, src)
    return bool(flt.obj(g, g.objects[oid], g.printed_chars(face), p, src))


def additional_cost(card: CardDef) -> Cost:
    """The non-optional additional costs to cast the card (CR 601.2b, 601.2f): "As an
    additional cost to cast this spell, ...", together; Cost() if none (read once from the
    definition)."""
    return card_cache(card, "_additional_cost", _additional_cost)


def _additional_cost(card: CardDef) -> Cost:
    out = NO_COST
    for ab in card.abilities:
        if isinstance(ab, AdditionalCost):
            c = ab.cost
            out = dataclasses.replace(
                out, mana=out.mana.plus(c.mana), sacrifice=out.sacrifice + c.sacrifice,
                pay_life=out.pay_life + c.pay_life, discard=out.discard + c.discard,
                tap_other=c.tap_other or out.tap_other, return_to_hand=c.return_to_hand or out.return_to_hand)
    return out


def spell_extra_cost(g: Game, oid: int, card: CardDef) -> Cost:
    """The additional costs of casting `card` (`oid`) now: its own, and the non-mana part of its
    flashback cost when it is cast from the graveyard with flashback (CR 702.34a, 601.2h)."""
    extra = additional_cost(card)
    if g.objects[oid].zone == GRAVEYARD:
        fb = flashback_of(card)
        if fb is not None and fb.extra is not None:
            extra = dataclasses.replace(extra, tap_other=fb.extra.tap_other)
    return extra


def flashback_label(fb: Flashback) -> str:
    """The flashback cost as the cast action shows it: "{1}{W}", "tap an untapped white
    creature you control"."""
    return fb.shown or str(fb.cost)


def flashback_of(card: CardDef) -> Flashback | None:
    """The card's flashback ability (CR 702.34), if it has one."""
    return card_cache(card, "_flashback", lambda c: next((ab for ab in c.abilities if isinstance(ab, Flashback)), None))


def buyback_of(card: CardDef) -> Buyback | None:
    for ab in card.abilities:
        if isinstance(ab, Buyback):
            return ab
    return None


def entwine_of(card: CardDef) -> Entwine | None:
    for ab in card.abilities:
        if isinstance(ab, Entwine):
            return ab
    return None


def entwine_action(g: Game, t: Announce, modes: tuple[Any, ...], ctx: Context) -> Action | None:
    """CR 702.42a, 601.2b: "choose all modes, paying the entwine cost", offered for a spell with
    entwine when every mode can be chosen (each has legal targets, CR 601.2c) and the total
    cost with the entwine cost can be paid (CR 601.2f-h); None otherwise."""
    if t.what != "spell":
        return None
    ew = entwine_of(g.objects[t.obj].card)
    if ew is None or not all(targets.has_targets(g, m.targets, ctx) for m in modes):
        return None
    from .legal import spell_payable as payable
    p = t.player
    avail = available_for(g.players[p].pool, costs.spend_tags(g, p, "spell", t.obj))
    sources = autopay.simple_sources(g, p) if g.options.mana_payment == "auto" else None
    if not payable(g, p, t.obj, avail, spell_mana(g, p, t.obj, t.free, entwined=True).with_x(0), sources):
        return None
    return Action("mode", f"all modes: pay entwine {ew.cost}", value=len(modes), payload=ENTWINED)


#: the answer "all modes, with the entwine cost" to a mode choice (CR 702.42a)
ENTWINED = "entwine"


def kicker_of(card: CardDef) -> Kicker | None:
    for ab in card.abilities:
        if isinstance(ab, Kicker):
            return ab
    return None


def kicker_cost(card: CardDef, times: int) -> ManaCost:
    """The kicker cost paid `times` times (CR 702.33a, 702.33c)."""
    k = kicker_of(card)
    assert k is not None
    out = ManaCost()
    for _ in range(times):
        out = out.plus(k.cost)
    return out


def announced_ability(g: Game, t: Announce) -> Ability | None:
    """The spell's ability, or the ability being activated."""
    if t.what == "spell":
        return g.objects[t.obj].card.spell_ability if t.obj in g.objects else None
    return t.ability


def _parts(g: Game, t: Announce) -> tuple[Cost, tuple[TargetSpec, ...]]:
    """The cost and target specs of what is being cast or activated."""
    oid = t.obj
    if t.what == "face_up":  # CR 116.2b: the special action's cost
        return facedown.face_up_parts(g, oid, t.key), ()  # type: ignore[arg-type]
    if t.what == "spell":
        card = g.objects[oid].card
        extra = spell_extra_cost(g, oid, card)
        mana = spell_mana(g, t.player, oid, t.free, t.kicked, t.buyback, alt=t.alt_cost, entwined=t.entwined,
                          targets=costs.chosen_targets(t), modes=costs.chosen_modes(t))
        return dataclasses.replace(extra, mana=mana), spell_targets(card)
    if not t.ability_read:
        t.ability, t.origin = ability_of(g, oid, t.key)  # type: ignore[arg-type]
        t.ability_read = True
    assert t.ability is not None
    return t.ability.cost, t.ability.targets


def _choose_modes(g: Game, t: Announce, ctx: Context, modes: tuple[Any, ...], count: tuple[int, int]) -> bool:
    """CR 700.2a, 700.2d: "Choose one or both —", "Choose two —": the modes are chosen one at a
    time, in the order they are printed (each at most once), until `count`'s most, or "done"
    once there are at least its least. A mode without legal targets can't be chosen."""
    lo, hi = count
    ans = t.answer
    t.answer = None
    if ans == "done":
        return True
    if ans is not None:
        ctx.modes.append(ans)
    if len(ctx.modes) >= hi:
        return True
    repeat = getattr(announced_ability(g, t), "repeat_modes", False)
    if repeat:
        # CR 700.2d: the same mode may be chosen again; chosen in printed order, any mode from
        # the last one chosen on (each multiset of modes once)
        start = ctx.modes[-1] if ctx.modes else 0
        can = [i for i in range(start, len(modes)) if targets.has_targets(g, modes[i].targets, ctx)]
        acts = [Action("mode", f"mode {i + 1}: {modes[i].text}", value=i, payload=i) for i in can]
    else:
        start = ctx.modes[-1] + 1 if ctx.modes else 0
        can = [i for i in range(start, len(modes)) if targets.has_targets(g, modes[i].targets, ctx)]
        need = lo - len(ctx.modes) - 1  # modes still to choose after this one, in printed order
        acts = [Action("mode", f"mode {i + 1}: {modes[i].text}", value=i, payload=i)
                for k, i in enumerate(can) if len(can) - k - 1 >= need and costs.escalate_allows(g, t, len(ctx.modes) + 1)]
    if len(ctx.modes) >= lo:
        if not acts:
            return True
        acts.append(Action("done", "done choosing modes", payload="done"))
    g.ask("mode", t.player, f"choose a mode for {g.name_of(t.obj)} ({len(ctx.modes)} chosen)", acts)
    return False


def modes_choosable(g: Game, ab: Any, ctx: Context) -> bool:
    """Can enough modes of a modal spell or ability be chosen (CR 700.2a)? For several modes,
    in printed order: `lo` of the modes with legal targets."""
    lo = getattr(ab, "mode_count", (1, 1))[0]
    n = sum(1 for m in ab.modes if targets.has_targets(g, m.targets, ctx))
    if getattr(ab, "repeat_modes", False):
        return n > 0  # CR 700.2d: one mode may be chosen every time
    return n >= lo


def announce(g: Game, t: Announce) -> bool:
    """The task: one step of CR 601.2 / 602.2 after another; asks and returns False where a
    choice is needed, True when the spell is cast or the ability activated."""
    p = t.player
    oid = t.obj
    if t.what == "spell" and t.stage == S.MODE and oid in g.objects and g.objects[oid].card.faces:
        # cast by an effect, not by an action that named the face: choose it first
        if not faces.announce_face(g, t):
            return False
        if t.obj not in g.objects or g.objects[oid].card.faces:
            return True  # no face can be cast: it stays where it is
    cost, specs = _parts(g, t)
    ab = announced_ability(g, t)
    stage = t.stage
    if stage == S.MODE:  # CR 601.2b / 602.2b: announce the mode
        if t.ctx is None or getattr(ab, "mode_count", (1, 1))[1] == 1:
            new = Context(p, oid, g.name_of(oid))
            if t.what == "ability":
                new.link = zones.link_group(t.key)  # type: ignore[arg-type]
            t.ctx = new
        new = t.ctx
        modes = getattr(ab, "modes", ())
        if modes and ab.mode_count[1] > 1:  # type: ignore[union-attr]
            if not _choose_modes(g, t, new, modes, ab.mode_count):  # type: ignore[union-attr]
                return False
            stage = S.X
        elif modes:
            acts = [Action("mode", f"mode {i + 1}: {m.text}", value=i, payload=i)
                    for i, m in enumerate(modes) if targets.has_targets(g, m.targets, new)]
            entwine = entwine_action(g, t, modes, new)
            if entwine is not None:
                acts.append(entwine)
            t.stage = S.X
            g.ask("mode", p, f"choose a mode for {g.name_of(oid)}", acts)
            return False
        stage = S.X
    ctx = t.ctx
    assert ctx is not None
    if stage == S.KICK:  # CR 601.2b: optional additional costs announced (702.33a kicker, 702.27a buyback)
        ans = t.answer
        t.answer = None
        if isinstance(ans, tuple):
            t.buyback = bool(ans[1])
        else:
            t.kicked = ans or 0
            ctx.kicked = t.kicked
        t.stage = stage = S.X
        cost, specs = _parts(g, t)  # with what was announced
    if stage == S.X:  # CR 601.2b / 602.2b: announce X
        if t.answer == ENTWINED:  # CR 702.42b: every mode, in printed order
            ctx.modes = list(range(len(getattr(ab, "modes", ()))))
            t.entwined = True
            t.answer = None
            cost, specs = _parts(g, t)  # with the entwine cost
        elif t.answer is not None:
            ctx.modes = [t.answer]
            t.answer = None
        if t.what == "spell" and not t.kick_asked:
            t.kick_asked = True
            kick = optional_costs.kick_actions(g, t)
            if len(kick) > 1:  # only "cast without kicker" can be paid: nothing to announce
                t.stage = S.KICK
                g.ask("choose", p, f"announce whether to pay the kicker of {g.name_of(oid)}", kick)
                return False
        if t.what == "spell" and not t.buyback_asked:
            t.buyback_asked = True
            bb = optional_costs.buyback_actions(g, t, cost)
            if len(bb) > 1:
                t.stage = S.KICK
                g.ask("choose", p, f"announce whether to pay the buyback of {g.name_of(oid)}", bb)
                return False
        t.stage = stage = S.X_CHOSEN
        x_rule = getattr(ab, "x_rule", None)
        if x_rule is not None:
            ctx.x = x_rule.value(g, ctx) or 0  # CR 107.3c: X defined by the text
        elif cost.loyalty_x:  # "-X": X at most the loyalty counters on it (CR 606.6)
            hi = g.objects[oid].counters.get("loyalty", 0)
            acts = [Action("x", f"x {x}", value=x, payload=x) for x in x_values(hi)]
            g.ask("x", p, f"choose X for {g.name_of(oid)}", acts)
            return False
        elif cost.mana.x_count or _removes_x(cost):
            hi = costs.max_x(g, p, cost, oid, t.what) if cost.mana.x_count else limits.MAX_AMOUNT
            if t.what == "spell":
                hi = _more_x(g, t, hi)
            if _removes_x(cost):  # "Remove X counters from ~": at most the counters on it (CR 107.3, 601.2b)
                assert cost.remove_counters is not None
                hi = min(hi, g.objects[oid].counters.get(cost.remove_counters[0], 0))
            for spec in specs:
                if spec.count_x:  # "X target ...": no more than there are targets (CR 601.2c)
                    hi = min(hi, len(targets.candidates(g, spec, ctx)))
            acts = [Action("x", f"x {x}", value=x, payload=x) for x in x_values(hi)]
            g.ask("x", p, f"choose X for {g.name_of(oid)}", acts)
            return False
    if stage == S.X_CHOSEN:
        if t.answer is not None:
            ctx.x = t.answer
            t.answer = None
        t.stage = stage = S.TARGETS
    if stage == S.TARGETS:  # CR 601.2c-d / 602.2b: targets, and the division of damage
        if ctx.modes:
            specs = targets_of(ab, ctx)
        if any(spec.count_x for spec in specs):  # "X target ...": exactly X (CR 601.2c)
            specs = tuple(dataclasses.replace(spec, count=ctx.x, minimum=ctx.x, count_x=False) if spec.count_x
                          else spec for spec in specs)
        if not t.targets_done:
            strive = t.what == "spell" and costs.strive_of(g.objects[oid].card) is not None
            more = (lambda n: costs.strive_allows(g, t, n)) if strive else None
            if not targets.choose_targets(g, t, ctx, specs, p, more):
                return False
            t.targets_done = True
            if strive:
                cost, _specs = _parts(g, t)  # with strive's increase for the targets chosen
        if not divide(g, t, ctx, ab, p):
            return False
        t.stage = stage = S.SACRIFICE
        t.sacrificed = []
    if stage == S.SACRIFICE:  # choices in costs: which permanents to sacrifice (CR 601.2h)
        if not return_cost.choose(g, t, p, cost):
            return False  # the permanent the cost returns (ninjutsu's unblocked attacker, CR 702.49a)
        if t.answer is not None:
            t.sacrificed.append(t.answer)
            t.answer = None
        need = [sel for sel in cost.sacrifice for _ in range(sel.count)]
        while len(t.sacrificed) < len(need):
            sel = need[len(t.sacrificed)]
            cands = [o for o in g.battlefield if g.objects[o].controller == p
                     and o not in t.sacrificed and g.matches(sel.filter, o, p)
                     and not ((cost.sacrifice_self or sel.another) and o == oid)]
            if len(cands) == 1:
                t.sacrificed.append(cands[0])
                continue
            acts = [Action("choose", f"sacrifice {g.name_of(o)}", target=g.name_of(o),
                           payload=o) for o in cands]
            g.ask("choose", p, f"choose {sel.article} to sacrifice", acts)
            return False
        t.stage = stage = S.TAP_OTHERS
        t.tapped_others = []
    if stage == S.TAP_OTHERS:  # "Tap an untapped creature you control": which ones (CR 601.2h)
        if t.answer is not None:
            t.tapped_others.append(t.answer)
            t.answer = None
        if cost.tap_other:
            sel = cost.tap_other
            while len(t.tapped_others) < sel.count:
                cands = tap_other_candidates(g, p, oid, cost, t.tapped_others)
                if len(cands) == 1 and sel.count == 1:
                    t.tapped_others.append(cands[0])
                    continue
                acts = [Action("choose", f"tap {g.name_of(o)}", target=g.name_of(o), payload=o)
                        for o in cands]
                g.ask("choose", p, f"choose {sel.article} to tap", acts)
                return False
        t.stage = stage = S.CREW
    if stage == S.CREW and cost.crew:  # Crew N: tap creatures with total power N or more
        if t.answer is not None:
            t.crew.append(t.answer)
            t.answer = None
        power = sum(max(g.chars(o).power or 0, 0) for o in t.crew)
        if power < cost.crew:
            acts = [Action("choose", f"tap {g.name_of(o)}", target=g.name_of(o), payload=o)
                    for o in crew_candidates(g, p, oid, t.crew)]
            g.ask("choose", p, f"crew {cost.crew}: tap creatures with total power {cost.crew} "
                  f"or more ({power} so far)", acts)
            return False
        t.tapped_others = t.tapped_others + t.crew
    if stage == S.CREW:
        t.stage = stage = S.DISCARD
        t.discarded = []
    if stage == S.DISCARD:  # discard choices
        if t.answer is not None:
            t.discarded.append(t.answer)
            t.answer = None
        hand = [o for o in g.players[p].hand if o != oid and o not in t.discarded]
        if len(t.discarded) < cost.discard:
            acts = [Action("choose", f"discard {g.name_of(o)}", target=g.name_of(o),
                           payload=o) for o in hand]
            g.ask("choose", p, "choose a card to discard", acts)
            return False
        t.stage = stage = S.MANA
    if stage == S.MANA:  # CR 601.2g-h: activate mana abilities, then pay the mana
        due = cost.mana.with_x(ctx.x)
        if t.what == "spell" and ctx.x and cost.mana.x_count:  # reductions apply to X too (CR 601.2f)
            due = spell_mana(g, p, oid, t.free, t.kicked, t.buyback, x=ctx.x, alt=t.alt_cost,
                             entwined=t.entwined, targets=costs.chosen_targets(t), modes=costs.chosen_modes(t))
        if due.phyrexian:  # CR 107.4f: each {W/P} paid with its mana or 2 life, as chosen
            got = phyrexian.step(g, t, due, p, oid, cost)
            if got is None:
                return False
            due = got
        if t.what == "spell" and altpay.keywords_of(g, oid):  # convoke, improvise, delve
            if not altpay.step(g, t, due, p, oid):
                return False
            due = altpay.remaining(due, t.alt_paid)
        if g.options.mana_payment == "auto" and not t.auto_tapped and \
                costs.auto_tap(g, t, due, p, oid, cost) is False:
            return False
        if not costs.pay_mana_step(g, t, due, p, oid):
            return False
        t.stage = stage = S.FINISH
    _finish(g, t, cost, ctx)
    return True


def _more_x(g: Game, t: Announce, hi: int) -> int:
    """With cost reductions left over at X = 0, larger values of X can be paid (CR 601.2f: X
    is part of the total cost that is reduced): the largest payable X."""
    from .legal import spell_payable
    p = t.player
    avail = available_for(g.players[p].pool, costs.spend_tags(g, p, "spell", t.obj))
    sources = autopay.simple_sources(g, p) if g.options.mana_payment == "auto" else None
    for _ in range(64):  # at most the reductions left over at X = 0
        m = spell_mana(g, p, t.obj, t.free, t.kicked, t.buyback, x=hi + 1, alt=t.alt_cost, entwined=t.entwined,
                       modes=costs.chosen_modes(t))
        if hi + 1 > g.options.x_cap or not spell_payable(g, p, t.obj, avail, m, sources):
            break
        hi += 1
    return hi


def crew_candidates(g: Game, p: int, oid: int, chosen: list[int]) -> list[int]:
    return [o for o in g.battlefield if g.objects[o].controller == p and o != oid
            and not g.objects[o].tapped and o not in chosen and g.is_creature(o)]


def tap_other_candidates(g: Game, p: int, oid: int, cost: Cost, chosen: list[int]) -> list[int]:
    assert cost.tap_other is not None
    flt = cost.tap_other.filter
    return [o for o in g.battlefield if g.objects[o].controller == p and not g.objects[o].tapped
            and o not in chosen and g.matches(flt, o, p) and not (cost.tap and o == oid)]


def divide(g: Game, t: Announce | PlaceTriggers, ctx: Context, ab: Any, p: int) -> bool:
    """CR 601.2d: divide damage among the targets as they are chosen, at least 1 each."""
    total = getattr(ab, "divide", None)
    if not total or not ctx.targets:
        return True
    div = ctx.division
    if t.answer is not None:
        div.append(t.answer)
        t.answer = None
    n = len(ctx.targets)
    while len(div) < n:
        left = total - sum(div)
        if len(div) == n - 1:
            div.append(left)
            break
        hi = left - (n - len(div) - 1)
        tgt = targets.ref_label(g, ctx.targets[len(div)])
        acts = [Action("choose", f"assign {k} to {tgt}", target=tgt, value=k, payload=k)
                for k in range(1, hi + 1)]
        g.ask("choose", p, f"divide {total} among the targets ({left} left)", acts)
        return False
    return True


def _finish(g: Game, t: Announce, cost: Cost, ctx: Context) -> None:
    """CR 601.2h-i / 602.2b-e: pay the non-mana costs (in any order: tap and untap, counters,
    life, sacrifices, discards), then the spell becomes cast or the ability activated."""
    p = t.player
    oid = t.obj
    pname = g.players[p].name
    # the text as the source has it, before a cost may move the source (CR 113.7a)
    text_before = ability_text(g, t.ability, oid, t.origin) if t.what == "ability" and t.ability else ""
    if t.what == "ability" and oid in g.objects:
        ctx.source_ts = g.objects[oid].timestamp  # CR 701.27f: before a cost may move it
    if cost.tap:
        g.writable(oid).tapped = True
    if cost.untap:
        g.writable(oid).tapped = False
        triggers.becomes_untapped(g, oid)
    for o in t.tapped_others:
        g.writable(o).tapped = True
        triggers.becomes_tapped(g, o)
    if cost.remove_counters:
        kind, n = cost.remove_counters
        ctx.removed = primitives.remove_counters(g, oid, kind, n if isinstance(n, int) else ctx.x)
    if cost.put_counters:
        kind, m = cost.put_counters
        primitives.add_counters(g, oid, kind, m)
    change = (cost.loyalty or 0) - (ctx.x if cost.loyalty_x else 0)
    if change:  # CR 606.4: loyalty counters put on or removed as the cost
        if change > 0:
            primitives.add_counters(g, oid, "loyalty", change)
        else:
            primitives.remove_counters(g, oid, "loyalty", -change)
        g.sba_dirty = True  # CR 704.5i
    if cost.pay_life or cost.pay_life_identity:
        paid = cost.pay_life + identity_life(g, p, cost)
        g.players[p].life -= paid
        primitives.lost_life(g, p, paid)  # CR 119.4
        g.sba_dirty = True
    if cost.energy:
        primitives.pay_energy(g, p, cost.energy)  # CR 107.14
    phyrexian.pay_life(g, t, p)
    sacrificed = list(t.sacrificed)
    if cost.sacrifice_self or cost.exile_self:
        ctx.source_counters = dict(g.objects[oid].counters)  # CR 608.2h: known as it leaves
    if cost.sacrifice_self:
        sacrificed.insert(0, oid)
    if sacrificed:
        ctx.sacrificed = [g.name_of(o) for o in sacrificed]
        ctx.sacrificed_stats = [_stats(g.chars(o)) for o in sacrificed]  # CR 608.2h: as they leave
        for o in sacrificed:
            primitives.sacrifice(g, o)
    for o in t.discarded:
        primitives.discard(g, o)
    cycled = primitives.discard(g, oid) if cost.discard_self else None
    if cost.exile_self:
        zones.move_to_zone(g, oid, EXILE)
    return_cost.pay(g, t, ctx, cost)
    if cost.tap and oid in g.objects:
        triggers.becomes_tapped(g, oid)

    if t.what == "spell":
        ctx.alt = t.alt_cost
        card = g.objects[oid].card
        _cast(g, p, oid, ctx, t.buyback)
        if any(t.spent) and ctx.source_id is not None and card_cache(card, "_reads_spent", reads_mana_spent):
            w = g.writable(ctx.source_id)  # CR 601.2h: the mana spent to cast it
            w.info = dict(w.info or {}, spent=tuple(t.spent))
        return
    if t.what == "face_up":
        facedown.turn_face_up(g, oid, t.key, p)  # type: ignore[arg-type]
        return
    ab = t.ability
    assert ab is not None and t.key is not None
    g.turn_state.activations[(oid, t.key)] = g.turn_state.activations.get((oid, t.key), 0) + 1
    if ab.is_loyalty:  # CR 606.3: one loyalty ability of a permanent per turn
        g.turn_state.activations[(oid, "loyalty")] = 1
    text = text_before
    if ab.keyword == "suspend":
        # CR 116.2f, 702.62a: a special action: it doesn't use the stack and isn't an
        # activated ability ("whenever you activate" doesn't trigger)
        g.log_event(f"{pname} takes a special action: {ctx.source_name}: {text}")
        g.tasks.append(Resolve(item=StackItem(0, "ability", oid, ab, t.key, ctx, text)))
        return
    g.stats.abilities_activated[p] += 1
    if ab.is_mana_ability:
        # CR 605.3a: a mana ability resolves at once, without using the stack.
        if cost.tap:
            ctx.tapped_for_mana = True
        item = StackItem(0, "ability", oid, ab, t.key, ctx, text)
        g.log_event(f"{pname} activates {ctx.source_name}: {text}")
        if g.triggers_for(TriggerEvent.ACTIVATE):
            triggers.player_event(g, TriggerEvent.ACTIVATE, p, item=item.clone(), source=oid)
        g.tasks.append(Resolve(item=item))
        return
    item = StackItem(new_stack_id(g), "ability", oid, ab, t.key, ctx, text)
    g.stack.append(item)
    g.log_event(f"{pname} activates {ctx.source_name}: {text}{targets_text(g, ctx)}")
    triggers.becomes_target(g, ctx, item)
    triggers.player_event(g, TriggerEvent.ACTIVATE, p, item=item.clone(), source=oid)
    if cycled is not None and ab.keyword == "cycling":
        triggers.cycled(g, p, cycled)


def _cast(g: Game, p: int, oid: int, ctx: Context, buyback: bool = False) -> None:
    """CR 601.2a, 601.2i: the card is on the stack, a spell, cast. The spell remembers that it
    was cast with flashback (CR 702.34a) or its buyback paid (CR 702.27a)."""
    card = g.objects[oid].card
    src = g.objects[oid]
    flashback = src.zone == GRAVEYARD and flashback_of(card) is not None
    if src.zone == COMMAND and src.info and "commander" in src.info:
        key = src.info["commander"]
        g.commander.casts[key] = g.commander.casts.get(key, 0) + 1
    src_zone = src.zone
    sid = zones.move_to_zone(g, oid, STACK, controller=p)
    assert sid is not None
    ctx.source_id = sid
    obj = g.writable(sid)
    obj.x = ctx.x
    if flashback or buyback:
        obj.info = dict(obj.info or {}, **({"flashback": True} if flashback else {}),
                        **({"buyback": True} if buyback else {}))
    ts = g.turn_state
    if ts.active == p and ts.step in ("precombat_main", "postcombat_main") and not card.is_permanent:
        obj.info = dict(obj.info or {}, main_phase=True)  # addendum (cards/effects/addendum.py)
    if src_zone == HAND and "rebound" in card.keywords:  # CR 702.88a: cast from the hand
        obj.info = dict(obj.info or {}, rebound=True)
    # a copy of a card cast from exile (Isochron Scepter) is a copy on the stack too
    item = StackItem(new_stack_id(g), "spell", sid, card.spell_ability, "", ctx, card.oracle, copy=obj.token)
    g.stack.append(item)
    g.stats.spells_cast[p] += 1
    g.stats.casts.append((g.turn, p, card.name))
    g.turn_state.spells_cast += 1
    g.log_event(f"{g.players[p].name} casts {card.name}{targets_text(g, ctx)}")
    triggers.becomes_target(g, ctx, item)
    triggers.player_event(g, TriggerEvent.CAST, p, item=item.clone())
    triggers.cast_self(g, item)
    altcast.cast_triggers(g, p, sid, item)  # cascade, storm (CR 702.85a, 702.40a)


def new_stack_id(g: Game) -> int:
    sid = g.next_id
    g.next_id += 1
    return sid


def targets_text(g: Game, ctx: Context) -> str:
    if not ctx.targets:
        return ""
    return " targeting " + ", ".join(targets.ref_label(g, r) for r in ctx.targets)


def ability_text(g: Game, ab: Ability, oid: int | None, origin: str | None) -> str:
    """An ability's text as its source has it: a gained ability names its new source where
    the original named itself, and says where it came from (interface.md §2)."""
    if origin is None or oid is None:
        return ab.text
    name = g.name_of(oid) if oid in g.objects else origin
    return ab.text.replace(origin, name) + f" (from {origin})"


X_LIST = 100


def identity_life(g: Game, p: int, cost: Cost) -> int:
    """War Room's life: the number of colors in `p`'s commanders' color identity (CR 903.4;
    set before the game begins: its rulings)."""
    return len(g.commander.colors.get(p, "")) if cost.pay_life_identity else 0


def _removes_x(cost: Cost) -> bool:
    """Does the cost remove X counters from the permanent itself ("Remove X +1/+1 counters from
    ~", "Remove any number of storage counters from ~")? X is then chosen as it is activated."""
    return cost.remove_counters is not None and not isinstance(cost.remove_counters[1], int)


def x_values(hi: int) -> list[int]:
    """The values of X offered: every value up to 100, then powers of ten and the largest
    payable value. (With astronomically large pools every value can't be listed; the largest
    is what combo lines want.)"""
    hi = min(hi, limits.MAX_AMOUNT)
    if hi <= X_LIST:
        return list(range(hi + 1))
    out = list(range(X_LIST + 1))
    p = 1000
    while p < hi:
        out.append(p)
        p *= 10
    out.append(hi)
    return out


def _stats(c: Any) -> tuple[int, int, int, tuple[str, ...]]:
    """A permanent's power, toughness, mana value and subtypes as it is sacrificed for a cost
    (CR 608.2h)."""
    return (c.power or 0, c.toughness or 0, c.mana_value, tuple(c.subtypes))
