"""resolution."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.vocab import (
    ATTACHED,
    CONTROLLER,
    EACH_OPPONENT,
    EACH_PLAYER,
    SELF,
    TARGET,
    AsEntersChoose,
    Ask,
    TargetSpec,
    Triggered,
    effects_of,
    target_index,
    targets_of,
)
from ..core.actions import Action
from ..core.errors import MtgError
from ..core.mana import (
    COLORS,
    can_pay,
)
from ..core.objects import (
    BATTLEFIELD,
    GRAVEYARD,
    Context,
    Ref,
    StackItem,
)
from . import autopay
from .tasks import Task

if TYPE_CHECKING:
    from .game import Game



def eval_amount(g: Game, amount: int | str, ctx: Context) -> int:
    if isinstance(amount, int):
        return amount
    if amount == "X":
        return ctx.x
    if amount == "removed":
        return int(ctx.cost_info.get("removed", 0))
    if amount == "creatures_you_control":
        return sum(1 for o in g.battlefield if g.objects[o].controller == ctx.controller
                   and "Creature" in g.chars(o).types)
    if amount.startswith("event_counters:"):
        return int((ctx.event.get("counters") or {}).get(amount.split(":", 1)[1], 0))
    raise MtgError(f"unknown amount {amount!r}")


def refs_for(g: Game, who: str, ctx: Context) -> list[Ref]:
    """Resolve an effect's subject into references (only legal targets, CR 608.2b)."""
    if who == SELF:
        if ctx.source_id is not None and ctx.source_id in g.objects and \
                g.objects[ctx.source_id].zone == BATTLEFIELD:
            return [("obj", ctx.source_id)]
        return []
    if who.startswith(TARGET):
        i = target_index(who)
        if i >= len(ctx.targets):
            return []
        legal = ctx.answers.get(-1)
        if legal is not None and i < len(legal) and not legal[i]:
            return []
        ref = ctx.targets[i]
        if ref[0] == "obj" and ref[1] not in g.objects:
            return []
        return [ref]
    if who == CONTROLLER:
        return [("player", ctx.controller)]
    if who == EACH_OPPONENT:
        return [("player", q) for q in g.opponents(ctx.controller)]
    if who == EACH_PLAYER:
        return [("player", q) for q in g.apnap()]
    if who == ATTACHED:
        src = g.objects.get(ctx.source_id) if ctx.source_id is not None else None
        if src is not None and src.attached_to in g.objects:
            return [("obj", src.attached_to)]
        return []
    raise MtgError(f"unknown subject {who!r}")


def _item_specs(g: Game, item: StackItem) -> tuple[TargetSpec, ...]:
    if item.kind == "spell":
        if item.obj_id is not None and item.obj_id in g.objects:
            card = g.objects[item.obj_id].card
            if card.spell_ability is not None:
                return targets_of(card.spell_ability, item.ctx)
            return g.spell_targets(card)
        return ()
    return targets_of(item.ability, item.ctx)


def _spec_for(g: Game, specs: tuple[TargetSpec, ...], ctx: Context, i: int) -> TargetSpec:
    idx = ctx.cost_info.get("tspec")
    if idx is not None and i < len(idx):
        return specs[idx[i]]
    flat = [s for s in specs for _ in range(s.count)]
    return flat[min(i, len(flat) - 1)]


def _task_resolve(g: Game, t: Task) -> bool:
    item: StackItem = t.d["item"]
    ctx = item.ctx
    stage = t.d["stage"]
    if stage == 0:
        t.d["stage"] = stage = 1
        if ctx.targets:
            specs = g._item_specs(item)
            legal = [bool(specs) and g.is_legal_target(g._spec_for(specs, ctx, i), r, ctx)
                     for i, r in enumerate(ctx.targets)]
            ctx.answers[-1] = legal
            if not any(legal):
                # CR 608.2b: all its targets are illegal: it doesn't resolve.
                g.log_event(f"{ctx.source_name}{'' if item.kind == 'spell' else ' ability'} "
                               f"doesn't resolve: its targets are illegal")
                g._spell_done(item, countered=True)
                return True
    if stage == 1:
        ab = item.ability
        if isinstance(ab, Triggered) and ab.optional:
            ans = t.d["answer"]
            if ans is None:
                g._ask("yes_no", ctx.controller, f"{ctx.source_name}: {item.text} — do it?",
                          [Action("yes", "yes", payload=True), Action("no", "no", payload=False)])
                return False
            t.d["answer"] = None
            if not ans:
                g.log_event(f"{g.players[ctx.controller].name} chooses not to ({ctx.source_name})")
                g._off_stack(item)
                return True
        t.d["stage"] = stage = 2
    if stage == 2:
        effects = effects_of(item.ability, ctx)
        ans = t.d["answer"]
        if ans is not None:
            t.d["answer"] = None
            if isinstance(ans, tuple) and ans and ans[0] == "cast_free":
                # cast during resolution without paying its mana cost (Izzet Chemister)
                g.tasks.append(Task("announce", what="spell", player=ctx.controller, obj=ans[1],
                                       key=None, stage=0, ctx=None, answer=None, ti=0, chosen=[], free=True))
                return False
            if isinstance(ans, tuple) and ans and ans[0] == "mana":
                # a mana ability activated while deciding whether to pay (CR 605.3a)
                g.tasks.append(Task("announce", what="ability", player=ctx.controller, obj=ans[1],
                                       key=ans[2], stage=0, ctx=None, answer=None, ti=0, chosen=[]))
                return False
            ctx.answers[t.d.pop("ask_key", t.d["pc"])] = ans
        while t.d["pc"] < len(effects):
            ask = effects[t.d["pc"]].resolve(g, ctx, t.d["pc"])
            if ask is not None:
                if ask.kind == "autocast":  # cast a copy at once (Isochron Scepter)
                    t.d["pc"] += 1
                    g.tasks.append(Task("announce", what="spell", player=ask.player, obj=ask.options[0][1],
                                           key=None, stage=0, ctx=None, answer=None, ti=0, chosen=[],
                                           free=True))
                    return False
                if ask.kind == "autotap":
                    assert ask.pay is not None
                    g._push_autotap(ask.player, ask.pay)
                    return False
                if ask.key is not None:
                    t.d["ask_key"] = ask.key
                g._ask_from(ask)
                return False
            t.d["pc"] += 1
        t.d["stage"] = 3
    if item.kind == "spell" and not item.copy and item.obj_id in g.objects:
        choose = next((a for a in g.objects[item.obj_id].card.abilities if isinstance(a, AsEntersChoose)), None)
        if choose is not None and -3 not in ctx.answers:
            if t.d["answer"] is None:
                if choose.choose == "color":
                    acts = [Action("color", f"color {c}", value=c, payload=c) for c in COLORS]
                    g._ask("color", ctx.controller, f"{ctx.source_name}: choose a color as it enters", acts)
                else:  # "You may have <this> enter as a copy of any creature" (CR 707.2)
                    acts = [Action("choose", f"copy {g.name_of(o)}", target=g.name_of(o), payload=o)
                            for o in g.battlefield if g.is_creature(o)]
                    acts.append(Action("choose", "copy nothing", payload="nothing"))
                    g._ask("choose", ctx.controller, f"{ctx.source_name}: enter as a copy of a creature?",
                              acts)
                return False
            ans = t.d["answer"]
            t.d["answer"] = None
            if choose.choose == "color":
                ctx.answers[-3] = {"chosen_color": ans}
            elif ans != "nothing" and ans in g.objects:
                copied = g.card_of(g.objects[ans]).name
                ctx.answers[-3] = {"copy_of": copied}
                if choose.copy_extra:
                    ctx.answers[-3]["copy_extra"] = choose.copy_extra
            else:
                ctx.answers[-3] = {}
    g._spell_done(item, countered=False)
    return True


def _ask_from(g: Game, ask: Ask) -> None:
    acts = []
    payable = True
    if ask.pay is not None:
        avail = g.players[ask.player].pool.counts
        payable = can_pay(avail, ask.pay) or (
            g.mana_payment == "auto" and autopay.can_pay_with_sources(
                avail, ask.pay, autopay.simple_sources(g, ask.player)))
    for opt, lab in zip(ask.options, ask.labels, strict=True):
        if ask.kind == "yes_no":
            if opt and not payable:
                continue
            acts.append(Action("yes" if opt else "no", lab, payload=opt))
        else:
            # value only for what interface.md §2 says (x, mode, color); target: what is chosen
            tgt = None
            if ask.kind == "target":
                tgt = g.ref_label(opt) if isinstance(opt, tuple) else lab.split("target ", 1)[-1]
            acts.append(Action(ask.kind, lab, value=opt if ask.kind in ("x", "mode", "color") else None,
                               target=tgt, payload=opt))
    if ask.pay is not None:
        acts += g._mana_ability_actions(ask.player)
    g._ask("yes_no" if ask.kind == "yes_no" else ask.kind, ask.player, ask.prompt, acts)


def _off_stack(g: Game, item: StackItem) -> None:
    for i in range(len(g.stack) - 1, -1, -1):
        if g.stack[i].id == item.id:
            del g.stack[i]
            return


def _spell_done(g: Game, item: StackItem, countered: bool) -> None:
    if item.id:
        g._off_stack(item)
    if item.kind != "spell" or item.obj_id is None or item.obj_id not in g.objects:
        if item.kind == "ability" and not countered and item.id:
            g.log_event(f"{item.ctx.source_name} ability resolves")
        return
    obj = g.objects[item.obj_id]
    if item.copy and (countered or not obj.card.is_permanent):
        del g.objects[item.obj_id]  # a copy of a spell is not a card (CR 707.10a)
        g._owned.discard(item.obj_id)
        return
    if obj.card.is_permanent and not countered:
        attach = None
        if "Aura" in obj.card.subtypes and item.ctx.targets:
            attach = item.ctx.targets[0][1]
        g.log_event(f"{obj.card.name} resolves")
        g.move_to_zone(item.obj_id, BATTLEFIELD, controller=item.ctx.controller,
                          x=item.ctx.x, attach_to=attach, info=item.ctx.answers.get(-3) or None)
    else:
        if not countered:
            g.log_event(f"{obj.card.name} resolves")
        g.move_to_zone(item.obj_id, GRAVEYARD)
