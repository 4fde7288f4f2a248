"""Resolving spells and abilities (CR 608).

The `Resolve` task checks the targets (a spell or ability whose targets are all illegal doesn't
resolve, CR 608.2b), asks a "you may" on the whole ability, then follows the effects in order
(CR 608.2c), each of which may ask its controller a question (an `Ask`, cards/effects.py). A
permanent spell then makes its "as enters" choice and enters the battlefield (CR 608.3, 614.12);
an instant or sorcery goes to its owner's graveyard (CR 608.2n).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Chapter, TargetSpec, Triggered, effects_of, targets_of
from ..cards.effects import Ask
from ..core.actions import Action
from ..core.mana import can_pay
from ..core.objects import BATTLEFIELD, GRAVEYARD, HAND, Context, StackItem
from . import altcast, autopay, casting, costs, designations, faces, legal, primitives, targets, zones
from .tasks import Resolve, ResolveStage

if TYPE_CHECKING:
    from .game import Game

S = ResolveStage


def item_specs(g: Game, item: StackItem) -> tuple[TargetSpec, ...]:
    """The target specs of a spell or ability on the stack (of its chosen modes)."""
    if item.kind == "spell":
        if item.obj_id is not None and item.obj_id in g.objects:
            card = g.objects[item.obj_id].card
            if card.spell_ability is not None:
                return targets_of(card.spell_ability, item.ctx)
            return casting.spell_targets(card)
        return ()
    return targets_of(item.ability, item.ctx)


def spec_for(specs: tuple[TargetSpec, ...], ctx: Context, i: int) -> TargetSpec:
    """The spec the `i`th target was chosen for."""
    return specs[spec_index(specs, ctx, i)]


def spec_index(specs: tuple[TargetSpec, ...], ctx: Context, i: int) -> int:
    """The index of the spec the `i`th target was chosen for."""
    idx = ctx.target_specs
    if i < len(idx):
        return idx[i]
    flat = [k for k, s in enumerate(specs) for _ in range(s.count)]
    return flat[min(i, len(flat) - 1)]


def resolve(g: Game, t: Resolve) -> bool:
    """The task (see the module docstring)."""
    item = t.item
    ctx = item.ctx
    stage = t.stage
    if stage == S.CHECK_TARGETS:
        t.stage = stage = S.OPTIONAL
        if ctx.targets:
            specs = item_specs(g, item)
            legal_now = [bool(specs) and targets.is_legal_target(g, spec_for(specs, ctx, i), r, ctx,
                                                                 spec_index(specs, ctx, i))
                         for i, r in enumerate(ctx.targets)]
            ctx.target_legal = legal_now
            if not any(legal_now):
                # CR 608.2b: all its targets are illegal: it doesn't resolve.
                g.log_event(f"{ctx.source_name}{'' if item.kind == 'spell' else ' ability'} "
                            f"doesn't resolve: its targets are illegal")
                finish(g, item, countered=True)
                return True
    if stage == S.OPTIONAL:
        ab = item.ability
        if isinstance(ab, Triggered) and ab.optional:
            ans = t.answer
            if ans is None:
                g.ask("yes_no", ctx.controller, f"{ctx.source_name}: {item.text} — do it?",
                      [Action("yes", "yes", payload=True), Action("no", "no", payload=False)])
                return False
            t.answer = None
            if not ans:
                g.log_event(f"{g.players[ctx.controller].name} chooses not to ({ctx.source_name})")
                off_stack(g, item)
                return True
        t.stage = stage = S.EFFECTS
        designations.spell_ascend(g, item)  # CR 702.131a: before the spell's other effects
    if stage == S.EFFECTS:
        effects = effects_of(item.ability, ctx)
        ans = t.answer
        if ans is not None:
            t.answer = None
            if isinstance(ans, tuple) and ans and ans[0] == "cast_free":
                # cast during resolution without paying its mana cost (Izzet Chemister)
                if altcast.split_second_active(g):  # CR 702.61a: no spell can be cast now
                    g.log_event(f"{g.name_of(ans[1])} can't be cast: a spell with split second is on the stack")
                    ans = "done"
                else:
                    casting.begin_cast(g, ctx.controller, ans[1], free=True)
                    return False
            if isinstance(ans, tuple) and ans and ans[0] == "mana":
                # a mana ability activated while deciding whether to pay (CR 605.3a), by the
                # player asked: the controller of its source, who may not control this (CR 118.12)
                casting.begin_activation(g, g.objects[ans[1]].controller, ans[1], ans[2])
                return False
            key = t.ask_key if t.ask_key is not None else t.effect_index
            t.ask_key = None
            ctx.answers[key] = ans
        while t.effect_index < len(effects):
            batch = primitives.simultaneous_damage(g)  # one effect's damage is dealt at once
            try:
                ask = effects[t.effect_index].resolve(g, ctx, t.effect_index)
            finally:
                if batch:
                    primitives.end_simultaneous_damage(g)
            if ask is not None:
                if ask.kind == "autocast":  # cast a copy at once (Isochron Scepter)
                    t.effect_index += 1
                    casting.begin_cast(g, ask.player, ask.options[0][1], free=True)
                    return False
                if ask.kind == "autocast_alt":  # cast it with an alternative cost (madness)
                    t.effect_index += 1
                    opt = ask.options[0]
                    casting.begin_cast(g, ask.player, opt[1], free=len(opt) > 3 and opt[3], alt=opt[2])
                    return False
                if ask.kind == "autotap":
                    assert ask.pay is not None
                    costs.push_autotap(g, ask.player, ask.pay)
                    return False
                if ask.key is not None:
                    t.ask_key = ask.key
                ask_from(g, ask)
                return False
            t.effect_index += 1
        t.stage = S.ENTERS
    # CR 614.12: a permanent spell's "as enters" choice, made as it enters the battlefield (a
    # copy of a permanent spell, which becomes a token, makes it too: CR 707.10f)
    if item.kind == "spell" and item.obj_id in g.objects and ctx.enters is None:
        card = g.objects[item.obj_id].card
        if card.is_permanent and zones.as_enters_ability(card) is not None:
            ask = zones.enters_ask(g, card, ctx.controller, ctx.source_name, partial=t.answer)
            if ask is not None:
                ask_from(g, ask)
                return False
            ans = t.answer
            t.answer = None
            ctx.enters = zones.enters_info(g, card, ans)
    finish(g, item, countered=False)
    return True


def ask_from(g: Game, ask: Ask) -> None:
    """Put an effect's question to its player: its options as actions; with a cost to pay, "yes"
    only if it can be paid, and the mana abilities that may be activated first (CR 605.3a)."""
    acts = []
    payable = True
    if ask.pay is not None:
        avail = g.players[ask.player].pool.counts
        payable = can_pay(avail, ask.pay) or (
            g.options.mana_payment == "auto" and autopay.can_pay_with_sources(
                avail, ask.pay, autopay.simple_sources(g, ask.player)))
    for k, (opt, lab) in enumerate(zip(ask.options, ask.labels, strict=True)):
        if ask.kind == "yes_no":
            if opt and not payable:
                continue
            acts.append(Action("yes" if opt else "no", lab, payload=opt))
        else:
            # value only for what interface.md §2 says (x, mode, color); target: what is chosen
            tgt = ask.targets[k] if ask.targets is not None else None
            if ask.kind == "target":
                tgt = targets.ref_label(g, opt) if isinstance(opt, tuple) else lab.split("target ", 1)[-1]
            acts.append(Action(ask.kind, lab, value=opt if ask.kind in ("x", "mode", "color") else None,
                               target=tgt, payload=opt))
    if ask.pay is not None:
        acts += legal.mana_ability_actions(g, ask.player)
    g.ask("yes_no" if ask.kind == "yes_no" else ask.kind, ask.player, ask.prompt, acts)


def off_stack(g: Game, item: StackItem) -> None:
    for i in range(len(g.stack) - 1, -1, -1):
        if g.stack[i].id == item.id:
            del g.stack[i]
            return


def finish(g: Game, item: StackItem, countered: bool) -> None:
    """It leaves the stack: a permanent spell enters the battlefield (CR 608.3), an instant or
    sorcery goes to the graveyard (CR 608.2n), a copy of a spell ceases to exist (CR 707.10a)."""
    if item.id:
        off_stack(g, item)
        if isinstance(item.ability, Chapter):
            g.sba_dirty = True  # CR 714.4: its Saga may now be sacrificed
    if item.kind != "spell" or item.obj_id is None or item.obj_id not in g.objects:
        if item.kind == "ability" and not countered and item.id:
            g.log_event(f"{item.ctx.source_name} ability resolves")
        return
    obj = g.objects[item.obj_id]
    if item.copy and (countered or not obj.card.is_permanent):
        del g.objects[item.obj_id]  # a copy of a spell is not a card (CR 707.10a)
        g.disown(item.obj_id)
        return
    if obj.card.is_permanent and not countered:
        attach = None
        info = item.ctx.enters or None
        if "Aura" in obj.card.subtypes and item.ctx.targets:
            if item.ctx.targets[0][0] == "player":  # "Enchant player" (CR 303.4a, 702.5a)
                info = dict(info or {}, enchanted_player=item.ctx.targets[0][1])
            else:
                attach = item.ctx.targets[0][1]
        g.log_event(f"{obj.card.name} resolves")
        if item.ctx.kicked:  # CR 702.33d: the permanent remembers that its spell was kicked
            info = dict(info or {}, kicked=item.ctx.kicked)
        if item.ctx.alt:  # the alternative cost its spell was cast with (evoke, dash; CR 118.9)
            info = dict(info or {}, alt=item.ctx.alt)
        if obj.info and "spent" in obj.info:  # the mana spent to cast it (CR 601.2h)
            info = dict(info or {}, spent=obj.info["spent"])
        new = zones.move_to_zone(g, item.obj_id, BATTLEFIELD, controller=item.ctx.controller,
                                 x=item.ctx.x, attach_to=attach, info=info)
        if item.ctx.alt is not None and new is not None:
            altcast.entered(g, new, item.ctx)
    else:
        if not countered:
            g.log_event(f"{obj.card.name} resolves")
            if faces.is_adventure(obj.card):
                faces.exile_on_adventure(g, item.obj_id, item.ctx.controller)  # CR 715.3d
                return
        if not countered and obj.info and obj.info.get("rebound"):
            altcast.rebound(g, item.obj_id, item.ctx.controller)  # CR 702.88a
            return
        # CR 702.27a: a spell whose buyback was paid goes to its owner's hand as it resolves
        to = HAND if not countered and obj.info and obj.info.get("buyback") else GRAVEYARD
        zones.move_to_zone(g, item.obj_id, to)
