"""triggers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.vocab import (
    Triggered,
)
from ..core.actions import Action
from ..core.errors import MtgError
from ..core.objects import (
    BATTLEFIELD,
    Context,
    StackItem,
)
from .labels import _dedupe_ids
from .layers import Chars
from .state import PendingTrigger
from .tasks import Task

if TYPE_CHECKING:
    from .game import Game



def _filter_ok(g: Game, flt: str | None, src: int, oid: int, c: Chars) -> bool:
    if flt is None:
        return True
    you = g.objects[src].controller
    for part in flt.split("+"):
        if part == "you_control" and g.objects.get(oid, None) is not None and g.objects[oid].controller != you:
            return False
        if part in ("creature", "artifact", "land", "enchantment") and part.capitalize() not in c.types:
            return False
        if part == "nontoken" and oid in g.objects and g.objects[oid].token:
            return False
    return True


def _fire_becomes_tapped(g: Game, oid: int) -> None:
    c = g.chars(oid)
    for key, ab, origin in c.abilities:
        if isinstance(ab, Triggered) and ab.event == "becomes_tapped_self":
            g._queue_trigger(ab, oid, key, origin, {})


def _queue_trigger(g: Game, ab: Triggered, src: int, key: str, origin: str | None,
                   event: dict[str, Any]) -> None:
    obj = g.objects[src]
    if ab.condition is not None and not g.condition_holds(ab.condition, src):
        return  # CR 603.4: an intervening "if" is checked when the ability triggers
    pt = PendingTrigger(ab, src, key, obj.controller, g.name_of(src), event, origin)
    if ab.is_mana_ability:
        g.mana_triggers.append(pt)  # CR 605.4a: resolves at once
    else:
        g.pending_triggers.append(pt)


def condition_holds(g: Game, condition: str, src: int) -> bool:
    """Intervening-if conditions (CR 603.4), by name."""
    obj = g.objects.get(src)
    if condition == "self_tapped":
        return obj is not None and obj.tapped
    raise MtgError(f"unknown trigger condition {condition!r}")


def fire(g: Game, event: str, player: int, **data: Any) -> None:
    """Turn-based and player events: 'upkeep', 'draw_step', 'end_step' (of `player`'s
    turn), 'cast' and 'activate' (by `player`)."""
    for src, key, ab, origin in g._triggers_for(event + "_you"):
        if g.objects[src].controller == player and g._event_filter_ok(ab, src, data):
            g._queue_trigger(ab, src, key, origin, dict(data, player=player))
    for src, key, ab, origin in g._triggers_for(event + "_each"):
        if g._event_filter_ok(ab, src, data):
            g._queue_trigger(ab, src, key, origin, dict(data, player=player))
    if event == "activate" and not data.get("is_mana_ability"):
        for src, key, ab, origin in g._triggers_for("activate_equipped"):
            # "an ability of equipped creature": not if paying the cost sacrificed it (ruling)
            if data.get("source") in g.objects and g.objects[src].attached_to == data.get("source"):
                g._queue_trigger(ab, src, key, origin, dict(data, player=player))


def _event_filter_ok(g: Game, ab: Triggered, src: int, data: dict[str, Any]) -> bool:
    if ab.filter is None:
        return True
    if ab.filter == "not_mana_ability":
        return not data.get("is_mana_ability", False)
    if ab.filter == "targets_creature_or_player":  # Ertha Jo
        item = data.get("item")
        return item is not None and any(
            r[0] == "player" or (r[0] == "obj" and r[1] in g.objects and g.is_creature(r[1]))
            for r in item.ctx.targets)
    if ab.filter == "not_mana_ability_of_artifact":  # Kurkesh
        srcid = data.get("source")
        return not data.get("is_mana_ability", False) and srcid in g.objects and \
            "Artifact" in g.chars(srcid).types
    if ab.filter == "creature_spell":
        item = next((s for s in g.stack if s.id == data.get("spell")), None)
        return item is not None and item.obj_id is not None and item.obj_id in g.objects and \
            "Creature" in g.chars(item.obj_id).types
    return True


def _fire_becomes_target(g: Game, ctx: Context) -> None:
    """"Whenever <this> becomes the target of a spell or ability" (Phantasmal Image)."""
    for ref in ctx.targets:
        if ref[0] == "obj" and ref[1] in g.objects and g.objects[ref[1]].zone == BATTLEFIELD:
            for key, ab, origin in g.chars(ref[1]).abilities:
                if isinstance(ab, Triggered) and ab.event == "becomes_target_self":
                    g._queue_trigger(ab, ref[1], key, origin, {})


def _push_resolve_trigger_now(g: Game, pt: PendingTrigger) -> None:
    ctx = Context(pt.controller, pt.source_id, pt.source_name)
    ctx.event = dict(pt.event)
    ctx.cost_info["link"] = g.link_group(pt.key)
    item = StackItem(0, "ability", pt.source_id, pt.ability, pt.key, ctx,
                     g.ability_text(pt.ability, pt.source_id, pt.origin))
    g.tasks.append(Task("resolve", item=item, stage=0, pc=0, answer=None))


def _task_place_triggers(g: Game, t: Task) -> bool:
    while True:
        cur: StackItem | None = t.d.get("cur")
        if cur is not None:
            specs = getattr(cur.ability, "targets", ())
            if not t.d.get("targets_done"):
                if not g._choose_targets(t, cur.ctx, specs, cur.ctx.controller):
                    return False
                t.d["targets_done"] = True
            if not g._divide(t, cur.ctx, cur.ability, cur.ctx.controller):
                return False
            g._put_trigger(cur)
            t.d["cur"] = None
            t.d["targets_done"] = False
            continue
        if not g.pending_triggers:
            return True
        player = next((p for p in g.apnap() if any(pt.controller == p for pt in g.pending_triggers)),
                      None)
        if player is None:
            # triggers of players who left the game cease to exist (CR 800.4a)
            g.pending_triggers.clear()
            return True
        mine = [i for i, pt in enumerate(g.pending_triggers) if pt.controller == player]
        ans = t.d["answer"]
        if len(mine) > 1 and ans is None:
            acts = []
            for i in mine:
                pt = g.pending_triggers[i]
                text = g.ability_text(pt.ability, pt.source_id, pt.origin)
                acts.append(Action("order", f"order {pt.source_name}: {text}", source=pt.source_name,
                                   ability=pt.ability.text, payload=i))
            g._ask("order", player, "choose the triggered ability to put on the stack next "
                      "(those put later resolve first)", _dedupe_ids(acts, [g.pending_triggers[i].source_id for i in mine]))
            return False
        t.d["answer"] = None
        idx = ans if ans is not None else mine[0]
        pt = g.pending_triggers.pop(idx)
        ctx = Context(pt.controller, pt.source_id, pt.source_name)
        ctx.event = dict(pt.event)
        ctx.cost_info["link"] = g.link_group(pt.key)
        # CR 107.3m: an enters trigger that refers to X uses the X of the spell it was
        ctx.x = int(pt.event.get("x", 0))
        item = StackItem(g._new_stack_id(), "ability", pt.source_id, pt.ability, pt.key, ctx,
                         g.ability_text(pt.ability, pt.source_id, pt.origin))
        if pt.ability.targets:
            # CR 603.3d: targets are chosen now; with no legal target it is removed.
            if not g._has_targets(pt.ability.targets, ctx):
                g.log_event(f"{pt.source_name}: {item.text} is removed from the stack (no legal targets)")
                continue
            t.d["cur"] = item
            t.d["ti"] = 0
            t.d["chosen"] = []
            continue
        g._put_trigger(item)


def _put_trigger(g: Game, item: StackItem) -> None:
    g.stack.append(item)
    g.log_event(f"{item.ctx.source_name} triggers: {item.text}{g._targets_text(item.ctx)}")
    g._fire_becomes_target(item.ctx)
