"""casting."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.vocab import (
    Ability,
    Activated,
    CardDef,
    Cost,
    Keyword,
    TargetSpec,
    targets_of,
)
from ..core.actions import Action
from ..core.errors import MtgError
from ..core.mana import (
    ManaCost,
)
from ..core.objects import (
    COMMAND,
    EXILE,
    GRAVEYARD,
    STACK,
    Context,
    StackItem,
)
from .tasks import Task

if TYPE_CHECKING:
    from .game import Game



X_LIST = 100


def _ability_of(g: Game, oid: int, key: str) -> tuple[Activated, str | None]:
    for k, ab, origin in g.chars(oid).abilities:
        if k == key and isinstance(ab, Activated):
            return ab, origin
    raise MtgError(f"{g.name_of(oid)} has no activated ability {key!r}")


def spell_targets(g: Game, card: CardDef) -> tuple[TargetSpec, ...]:
    """An instant's or sorcery's targets; an Aura spell targets what it can enchant (CR 303.4a)."""
    sa = card.spell_ability
    if sa is not None:
        return sa.targets
    for ab in card.abilities:
        if isinstance(ab, Keyword):
            for n in ab.names:
                if n.startswith("enchant "):
                    return (TargetSpec(n[len("enchant "):].replace(" ", "_")),)
    return ()


def _free_permission(g: Game, oid: int) -> bool:
    obj = g.objects.get(oid)
    return obj is not None and obj.zone == EXILE and any(
        o == oid and free for _p, o, free in g.play_permissions)


def _exile_playable(g: Game, p: int) -> list[int]:
    """Cards in exile `p` may play now (Magus of the Mind)."""
    return [o for pl, o, _free in g.play_permissions
            if pl == p and o in g.objects and g.objects[o].zone == EXILE]


def spell_cost(g: Game, oid: int) -> ManaCost:
    """The mana cost to cast this card now, with commander tax from the command zone (CR 903.8)."""
    obj = g.objects[oid]
    cost = obj.card.mana_cost
    if obj.zone == COMMAND and obj.info and "commander" in obj.info:
        tax = 2 * g.commander_casts.get(obj.info["commander"], 0)
        if tax:
            cost = cost.plus(ManaCost(generic=tax, text=f"{{{tax}}}"))
    return cost


def _announced_ability(g: Game, t: Task) -> Ability | None:
    if t.d["what"] == "spell":
        return g.objects[t.d["obj"]].card.spell_ability if t.d["obj"] in g.objects else None
    return t.d.get("ability")


def _announce_parts(g: Game, t: Task) -> tuple[Any, tuple[TargetSpec, ...], str]:
    """(cost, target specs, text) of what is being cast or activated."""
    oid = t.d["obj"]
    if t.d["what"] == "spell":
        card = g.objects[oid].card
        if t.d.get("free") or g._free_permission(oid):
            return Cost(), g.spell_targets(card), card.name  # CR 118.9: without paying; X is 0
        return Cost(mana=g.spell_cost(oid)), g.spell_targets(card), card.name
    if "ability" not in t.d:
        t.d["ability"], t.d["origin"] = g._ability_of(oid, t.d["key"])
    ab = t.d["ability"]
    return ab.cost, ab.targets, ab.text


def _task_announce(g: Game, t: Task) -> bool:
    p = t.d["player"]
    oid = t.d["obj"]
    cost, specs, _text = g._announce_parts(t)
    ab = g._announced_ability(t)
    stage = t.d["stage"]
    if stage == 0:  # CR 601.2b / 602.2b: announce the mode
        ctx = Context(p, oid, g.name_of(oid))
        if t.d["what"] == "ability":
            ctx.cost_info["link"] = g.link_group(t.d["key"])
        t.d["ctx"] = ctx
        modes = getattr(ab, "modes", ())
        if modes:
            acts = [Action("mode", f"mode {i + 1}: {m.text}", value=i, payload=i)
                    for i, m in enumerate(modes) if g._has_targets(m.targets, ctx)]
            t.d["stage"] = -1
            g._ask("mode", p, f"choose a mode for {g.name_of(oid)}", acts)
            return False
        stage = -1
    ctx = t.d["ctx"]
    if stage == -1:  # CR 601.2b / 602.2b: announce X
        if t.d["answer"] is not None:
            ctx.modes = [t.d["answer"]]
            t.d["answer"] = None
        t.d["stage"] = stage = 1
        x_rule = getattr(ab, "x_rule", None)
        if x_rule is not None:
            ctx.x = g.x_by_rule(x_rule, ctx) or 0  # CR 107.3c: X defined by the text
        elif cost.mana.x_count:
            hi = g._max_x(p, cost, oid, t.d["what"])
            acts = [Action("x", f"x {x}", value=x, payload=x) for x in _x_values(hi)]
            g._ask("x", p, f"choose X for {g.name_of(oid)}", acts)
            return False
    if stage == 1:
        if t.d["answer"] is not None:
            ctx.x = t.d["answer"]
            t.d["answer"] = None
        t.d["stage"] = stage = 2
    if stage == 2:  # CR 601.2c / 602.2b: targets
        if ctx.modes:
            specs = targets_of(ab, ctx)
        if not t.d.get("targets_done"):
            if not g._choose_targets(t, ctx, specs, p):
                return False
            t.d["targets_done"] = True
        if not g._divide(t, ctx, ab, p):
            return False
        t.d["stage"] = stage = 3
        t.d["sac_i"] = 0
        t.d["sacrificed"] = []
    if stage == 3:  # choices in costs: which permanents to sacrifice (CR 601.2h)
        if t.d["answer"] is not None:
            t.d["sacrificed"].append(t.d["answer"])
            t.d["answer"] = None
        need = [flt for flt, n in cost.sacrifice for _ in range(n)]
        while len(t.d["sacrificed"]) < len(need):
            flt = need[len(t.d["sacrificed"])]
            cands = [o for o in g.battlefield if g.objects[o].controller == p
                     and o not in t.d["sacrificed"] and g._matches(flt, o, p)
                     and not (cost.sacrifice_self and o == oid)]
            if len(cands) == 1:
                t.d["sacrificed"].append(cands[0])
                continue
            acts = [Action("choose", f"sacrifice {g.name_of(o)}", target=g.name_of(o),
                           payload=o) for o in cands]
            g._ask("choose", p, f"choose {_article(flt)} to sacrifice", acts)
            return False
        t.d["stage"] = stage = 35
        t.d["tapped_others"] = []
    if stage == 35:  # "Tap an untapped creature you control": which ones (CR 601.2h)
        if t.d["answer"] is not None:
            t.d["tapped_others"].append(t.d["answer"])
            t.d["answer"] = None
        if cost.tap_other:
            flt, n = cost.tap_other
            while len(t.d["tapped_others"]) < n:
                cands = g._tap_other_candidates(p, flt, oid, cost, t.d["tapped_others"])
                if len(cands) == 1 and n == 1:
                    t.d["tapped_others"].append(cands[0])
                    continue
                acts = [Action("choose", f"tap {g.name_of(o)}", target=g.name_of(o), payload=o)
                        for o in cands]
                g._ask("choose", p, f"choose {_article(flt.replace('_you_control', ''))} to tap", acts)
                return False
        t.d["stage"] = stage = 36
    if stage == 36 and cost.crew:  # Crew N: tap creatures with total power N or more
        crew = t.d.setdefault("crew", [])
        if t.d["answer"] is not None:
            crew.append(t.d["answer"])
            t.d["answer"] = None
        power = sum(max(g.chars(o).power or 0, 0) for o in crew)
        if power < cost.crew:
            acts = [Action("choose", f"tap {g.name_of(o)}", target=g.name_of(o), payload=o)
                    for o in g._crew_candidates(p, oid, crew)]
            g._ask("choose", p, f"crew {cost.crew}: tap creatures with total power {cost.crew} "
                      f"or more ({power} so far)", acts)
            return False
        t.d["tapped_others"] = t.d.get("tapped_others", []) + crew
    if stage == 36:
        t.d["stage"] = stage = 4
        t.d["discarded"] = []
    if stage == 4:  # discard choices
        if t.d["answer"] is not None:
            t.d["discarded"].append(t.d["answer"])
            t.d["answer"] = None
        hand = [o for o in g.players[p].hand if o != oid and o not in t.d["discarded"]]
        if len(t.d["discarded"]) < cost.discard:
            acts = [Action("choose", f"discard {g.name_of(o)}", target=g.name_of(o),
                           payload=o) for o in hand]
            g._ask("choose", p, "choose a card to discard", acts)
            return False
        t.d["stage"] = stage = 5
    if stage == 5:  # CR 601.2g-h: activate mana abilities, then pay the mana
        due = cost.mana.with_x(ctx.x)
        if g.mana_payment == "auto" and not t.d.get("auto_tapped") and \
                g._auto_tap(t, due, p, oid, cost) is False:
            return False
        if not g._pay_mana_step(t, due, p, oid):
            return False
        t.d["stage"] = stage = 6
    # stage 6: pay the other costs, then the spell or ability becomes cast or activated
    g._finish_announce(t, cost, ctx)
    return True


def x_by_rule(g: Game, rule: str, ctx: Context) -> int | None:
    """X defined by the text (CR 107.3c); None when it can't be determined: "the mana value
    of the exiled card" with no exiled card (Prototype Portal ruling: it can't be activated)."""
    if rule == "linked_mana_value":
        linked = g.linked_cards(ctx)
        if not linked:
            return None
        return sum(g.objects[o].card.mana_cost.mana_value for o in linked)
    raise MtgError(f"unknown X rule {rule!r}")


def _crew_candidates(g: Game, p: int, oid: int, chosen: list[int]) -> list[int]:
    return [o for o in g.battlefield if g.objects[o].controller == p and o != oid
            and not g.objects[o].tapped and o not in chosen and g.is_creature(o)]


def _tap_other_candidates(g: Game, p: int, flt: str, oid: int, cost: Any, chosen: list[int]) -> list[int]:
    return [o for o in g.battlefield if g.objects[o].controller == p and not g.objects[o].tapped
            and o not in chosen and g._matches(flt, o, p) and not (cost.tap and o == oid)]


def _divide(g: Game, t: Task, ctx: Context, ab: Any, p: int) -> bool:
    """CR 601.2d: divide damage among the targets as they are chosen, at least 1 each."""
    total = getattr(ab, "divide", None)
    if not total or not ctx.targets:
        return True
    div = ctx.cost_info.setdefault("division", [])
    if t.d["answer"] is not None:
        div.append(t.d["answer"])
        t.d["answer"] = None
    n = len(ctx.targets)
    while len(div) < n:
        left = total - sum(div)
        if len(div) == n - 1:
            div.append(left)
            break
        hi = left - (n - len(div) - 1)
        tgt = g.ref_label(ctx.targets[len(div)])
        acts = [Action("choose", f"assign {k} to {tgt}", target=tgt, value=k, payload=k)
                for k in range(1, hi + 1)]
        g._ask("choose", p, f"divide {total} among the targets ({left} left)", acts)
        return False
    return True


def _finish_announce(g: Game, t: Task, cost: Any, ctx: Context) -> None:
    p = t.d["player"]
    oid = t.d["obj"]
    pname = g.players[p].name
    # the text as the source has it, before a cost may move the source (CR 113.7a)
    text_before = g.ability_text(t.d["ability"], oid, t.d["origin"]) if t.d["what"] == "ability" else ""
    # Non-mana costs (CR 601.2h, 602.2b), paid in any order: tap/untap, counters, life,
    # sacrifices, discards.
    if cost.tap:
        g._w(oid).tapped = True
    if cost.untap:
        g._w(oid).tapped = False
    for o in t.d.get("tapped_others", []):
        g._w(o).tapped = True
        g._fire_becomes_tapped(o)
    if cost.remove_counters:
        kind, n = cost.remove_counters
        ctx.cost_info["removed"] = g.remove_counters(oid, kind, n if isinstance(n, int) else ctx.x)
    if cost.put_counters:
        kind, n = cost.put_counters
        g.add_counters(oid, kind, n)
    if cost.pay_life:
        g.players[p].life -= cost.pay_life
        g._sba_dirty = True
    src_chars = g.chars(oid) if oid in g.objects else None
    if src_chars is not None:
        ctx.source_lki = {"keywords": sorted(src_chars.keywords), "power": src_chars.power,
                          "colors": sorted(src_chars.colors), "types": sorted(src_chars.types)}
    sacrificed = list(t.d.get("sacrificed", []))
    if cost.sacrifice_self:
        sacrificed.insert(0, oid)
    if sacrificed:
        ctx.cost_info["sacrificed"] = [g.name_of(o) for o in sacrificed]
        for o in sacrificed:
            g.sacrifice(o)
    for o in t.d.get("discarded", []):
        g.log_event(f"{pname} discards {g.name_of(o)}")
        g.move_to_zone(o, GRAVEYARD)
    if cost.exile_self:
        g.move_to_zone(oid, EXILE)
    if cost.tap:
        g._fire_becomes_tapped(oid) if oid in g.objects else None

    if t.d["what"] == "spell":
        card = g.objects[oid].card
        src = g.objects[oid]
        if src.zone == COMMAND and src.info and "commander" in src.info:
            key = src.info["commander"]
            g.commander_casts[key] = g.commander_casts.get(key, 0) + 1
        sid = g.move_to_zone(oid, STACK, controller=p)
        assert sid is not None
        ctx.source_id = sid
        obj = g._w(sid)
        obj.x = ctx.x
        # a copy of a card cast from exile (Isochron Scepter) is a copy on the stack too
        item = StackItem(g._new_stack_id(), "spell", sid, card.spell_ability, "", ctx, card.oracle,
                         copy=obj.token)
        g.stack.append(item)
        g.stats.spells_cast[p] += 1
        g.stats.casts.append((g.turn, p, card.name))
        g.spells_cast_this_turn += 1
        g.log_event(f"{pname} casts {card.name}{g._targets_text(ctx)}")
        g._fire_becomes_target(ctx)
        g.fire("cast", p, spell=item.id, item=item.clone())
        return
    ab = t.d["ability"]
    g.activations[(oid, t.d["key"])] = g.activations.get((oid, t.d["key"]), 0) + 1
    g.stats.abilities_activated[p] += 1
    text = text_before
    if ab.is_mana_ability:
        # CR 605.3a: a mana ability resolves at once, without using the stack.
        if cost.tap:
            ctx.cost_info["tapped_for_mana"] = True
        item = StackItem(0, "ability", oid, ab, t.d["key"], ctx, text)
        g.log_event(f"{pname} activates {ctx.source_name}: {text}")
        g.fire("activate", p, ability=0, is_mana_ability=True)
        g.tasks.append(Task("resolve", item=item, stage=0, pc=0, answer=None))
        return
    item = StackItem(g._new_stack_id(), "ability", oid, ab, t.d["key"], ctx, text)
    g.stack.append(item)
    g.log_event(f"{pname} activates {ctx.source_name}: {text}{g._targets_text(ctx)}")
    g._fire_becomes_target(ctx)
    g.fire("activate", p, ability=item.id, is_mana_ability=False, item=item.clone(), source=oid)


def _new_stack_id(g: Game) -> int:
    sid = g.next_id
    g.next_id += 1
    return sid


def _targets_text(g: Game, ctx: Context) -> str:
    if not ctx.targets:
        return ""
    return " targeting " + ", ".join(g.ref_label(r) for r in ctx.targets)


def ability_text(g: Game, ab: Ability, oid: int | None, origin: str | None) -> str:
    """An ability's text as its source has it: a gained ability names its new source where
    the original named itself, and says where it came from (interface.md §2)."""
    if origin is None or oid is None:
        return ab.text
    name = g.name_of(oid) if oid in g.objects else origin
    return ab.text.replace(origin, name) + f" (from {origin})"


def _x_values(hi: int) -> list[int]:
    """The values of X offered: every value up to 100, then powers of ten and the largest
    payable value. (With astronomically large pools every value can't be listed; the largest
    is what combo lines want.)"""
    if hi <= X_LIST:
        return list(range(hi + 1))
    out = list(range(X_LIST + 1))
    p = 1000
    while p < hi:
        out.append(p)
        p *= 10
    out.append(hi)
    return out


def _article(flt: str) -> str:
    word = flt.replace("_", " ")
    return ("an " if word[0] in "aeiou" else "a ") + word
