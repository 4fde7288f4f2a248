"""turns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Action
from ..core.objects import (
    BATTLEFIELD,
    GRAVEYARD,
)
from . import combat
from .tasks import Task

if TYPE_CHECKING:
    from .game import Game

STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
MAIN_STEPS = ("precombat_main", "postcombat_main")
# Steps in which no player receives priority (CR 502.4, 514.3).
NO_PRIORITY = ("untap", "cleanup")
HAND_SIZE = 7


def _advance_step(g: Game) -> None:
    """Move to the next step, emptying mana pools (CR 106.4, 500.4)."""
    for p in g.players:
        if not p.pool.is_empty():
            p.pool.empty()
    i = STEPS.index(g.step)
    if g.step == "declare_attackers" and not g.attackers:
        i = STEPS.index("end_of_combat") - 1  # CR 508.8: no attackers, skip to end of combat
    if g.step == "combat_damage" and g.first_strike_done and not g.combat_damage_dealt_regular:
        g._begin_step()  # CR 510.4: the second combat damage step
        return
    if g.step == "end_of_combat":
        combat.reset_combat(g)  # CR 511.3: creatures are removed from combat
    if g.step == "cleanup":
        g._next_turn()
        return
    g.step = STEPS[i + 1]
    g._begin_step()


def _next_turn(g: Game) -> None:
    # statistics: [player whose turn ended, mana each player produced during it]
    g.stats.mana_history.append([g.active] + [p.mana_produced for p in g.players])
    n = len(g.players)
    nxt = g.active
    for _ in range(n):
        nxt = (nxt + 1) % n
        p = g.players[nxt]
        if not p.lost and not p.dummy:
            break
    g.turn += 1
    if g.turn_limit is not None and g.turn > g.turn_limit:
        g.turn -= 1
        g._end_game(None, f"turn limit {g.turn_limit} reached")
        return
    g.active = nxt
    g.step = "untap"
    g.log_event(f"Turn {g.turn}: {g.players[nxt].name}")
    g._begin_step()


def _begin_step(g: Game) -> None:
    g.passes = 0
    g.priority = g.active
    ap = g.active
    step = g.step
    if step == "untap":
        # CR 502: a new turn begins; the active player's permanents are now controlled
        # continuously since their most recent turn began (CR 302.6).
        for p in g.players:
            p.lands_played = 0
            p.mana_produced = 0
        g.activations.clear()
        g.spells_cast_this_turn = 0
        for oid in g.battlefield:
            obj = g.objects[oid]
            if obj.controller == ap:
                if obj.sick:
                    g._w(oid).sick = False
                if obj.tapped and "doesnt_untap" not in g.chars(oid).flags:
                    g._w(oid).tapped = False
        g._invalidate()
    elif step == "upkeep":
        g.fire("upkeep", ap)
    elif step == "draw":
        # CR 103.8a: the player who plays first skips the draw step of their first turn.
        if not (g.turn == 1 and ap == g.first_player and not g.draw_on_first_turn):
            g.draw(ap, 1)
        g.fire("draw_step", ap)
    elif step == "beginning_of_combat":
        combat.reset_combat(g)
    elif step == "declare_attackers":
        g.attackers = []
        if not g.players[ap].dummy and any(combat.can_attack(g, o) for o in g.battlefield):
            g.tasks.append(Task("declare_attackers", answer=None))
    elif step == "declare_blockers":
        g.tasks.append(Task("declare_blockers", i=0, answer=None))
    elif step == "combat_damage":
        first = combat.needs_first_strike_step(g) and not g.first_strike_done
        if first:
            g.first_strike_done = True
        else:
            g.combat_damage_dealt_regular = True
        g.tasks.append(Task("combat_damage", first=first, answer=None))
    elif step == "end":
        g.fire("end_step", ap)
    elif step == "cleanup":
        g._cleanup()


def _cleanup(g: Game) -> None:
    """CR 514: discard to hand size, then damage wears off and "until end of turn" ends."""
    p = g.players[g.active]
    if len(p.hand) > HAND_SIZE and not p.dummy:
        g.tasks.append(Task("discard_to_hand_size", player=g.active, answer=None))
        return
    g._cleanup_damage_and_effects()


def _cleanup_damage_and_effects(g: Game) -> None:
    for oid in g.battlefield:
        obj = g.objects[oid]
        if obj.damage or obj.deathtouched:
            w = g._w(oid)
            w.damage = 0
            w.deathtouched = False
    if g.effects:
        g.effects = [e for e in g.effects if e.duration != "eot"]
    if g.control_reverts:
        g._end_control_effects()
    g.play_permissions = []
    g._invalidate()


def _task_discard_to_hand_size(g: Game, t: Task) -> bool:
    p = g.players[t.d["player"]]
    if t.d["answer"] is not None:
        oid = t.d["answer"]
        t.d["answer"] = None
        g.log_event(f"{p.name} discards {g.name_of(oid)}")
        g.move_to_zone(oid, GRAVEYARD)
    if len(p.hand) <= HAND_SIZE:
        g._cleanup_damage_and_effects()
        return True
    acts = [Action("choose", f"discard {g.name_of(o)}", target=g.name_of(o), payload=o)
            for o in p.hand]
    g._ask("choose", p.index, f"{p.name} discards down to {HAND_SIZE} cards", acts)
    return False


def _pass_priority(g: Game, p: int) -> None:
    g.passes += 1
    alive = [q for q in g.players if not q.lost]
    if g.passes >= len(alive):
        g.passes = 0
        if g.stack:
            # CR 608.2n: the object stays on the stack while it resolves; then the active
            # player receives priority (CR 117.3b).
            g.tasks.append(Task("resolve", item=g.stack[-1], stage=0, pc=0, answer=None))
            g.priority = g.active
        else:
            g._advance_step()
        return
    n = len(g.players)
    nxt = p
    for _ in range(n):
        nxt = (nxt + 1) % n
        if not g.players[nxt].lost:
            break
    g.priority = nxt


def _priority_action(g: Game, p: int, action: Action) -> None:
    payload = action.payload
    kind = payload[0]
    if kind == "pass":
        pool = g.players[p].pool
        if not pool.is_empty():
            g.log_event(f"{g.players[p].name} passes with {pool} in their mana pool")
        g._pass_priority(p)
        return
    g.passes = 0  # CR 117.3c: a player who acts receives priority again
    if kind == "play":
        oid = payload[1]
        g.players[p].lands_played += 1
        g.log_event(f"{g.players[p].name} plays {g.name_of(oid)}")
        g.move_to_zone(oid, BATTLEFIELD, controller=p)
    elif kind == "cast":
        g.tasks.append(Task("announce", what="spell", player=p, obj=payload[1], key=None,
                               stage=0, ctx=None, answer=None, ti=0, chosen=[]))
    elif kind == "activate":
        g.tasks.append(Task("announce", what="ability", player=p, obj=payload[1],
                               key=payload[2], stage=0, ctx=None, answer=None, ti=0, chosen=[]))


def sorcery_timing(g: Game, p: int) -> bool:
    """May player `p` do something at sorcery speed now: their own main phase with an empty
    stack (CR 307.1)?"""
    return g.active == p and g.step in MAIN_STEPS and not g.stack
