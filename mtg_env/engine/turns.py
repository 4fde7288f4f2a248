"""Turn structure (CR 500-514) and priority (CR 117).

A turn is a fixed sequence of steps (STEPS); each begins with its turn-based actions (untapping,
drawing, declaring attackers and blockers, combat damage, cleanup) and, except in the untap and
cleanup steps, the active player receives priority. When every player passes in succession, the
top of the stack resolves or, with an empty stack, the step ends (CR 117.4); mana pools empty
between steps (CR 106.4, 500.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import TriggerEvent
from ..cards.chosen import HandSizeChange, NoMaxHandSize
from ..cards.effects.turns import AdditionalLandPlays
from ..core.actions import Action
from ..core.chars import Flag
from ..core.objects import BATTLEFIELD
from . import casting, combat, facedown, faces, primitives, sagas, sba, triggers, zones
from .tasks import (
    CombatDamage,
    DeclareAttackers,
    DeclareBlockers,
    DiscardToHandSize,
    PutOntoBattlefield,
    Resolve,
)

if TYPE_CHECKING:
    from .game import Game

STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
MAIN_STEPS = ("precombat_main", "postcombat_main")
# Steps in which no player receives priority (CR 502.4, 514.3).
NO_PRIORITY = ("untap", "cleanup")
HAND_SIZE = 7


def advance_step(g: Game) -> None:
    """Move to the next step, emptying mana pools (CR 106.4, 500.4)."""
    for p in g.players:
        if not p.pool.is_empty():
            p.pool.empty()
    ts = g.turn_state
    i = STEPS.index(ts.step)
    if ts.step == "declare_attackers" and not g.combat.attackers:
        i = STEPS.index("end_of_combat") - 1  # CR 508.8: no attackers, skip to end of combat
    if ts.step == "combat_damage" and g.combat.first_strike_done and not g.combat.regular_damage_dealt:
        begin_step(g)  # CR 510.4: the second combat damage step
        return
    if ts.step == "end_of_combat":
        combat.reset_combat(g)  # CR 511.3: creatures are removed from combat
    if ts.step == "cleanup":
        next_turn(g)
        return
    ts.step = STEPS[i + 1]
    begin_step(g)


def next_turn(g: Game) -> None:
    """CR 500.1: the next player in turn order who is still in the game takes a turn."""
    ts = g.turn_state
    # statistics: [player whose turn ended, mana each player produced during it]
    g.stats.mana_history.append([ts.active] + [p.mana_produced for p in g.players])
    n = len(g.players)
    nxt = base = order_base(g)
    extra = g.effects.extra_turns
    if extra and extra[0][0] is None:
        del extra[0]  # the extra turn that ends now
    while extra:  # CR 500.7: the most recently created extra turn is taken first
        who, base = extra.pop()
        assert who is not None
        if not g.players[who].lost and not g.players[who].dummy:
            extra.insert(0, (None, base))
            nxt = who
            break
    else:
        nxt = base
        for _ in range(n):
            nxt = (nxt + 1) % n
            p = g.players[nxt]
            if not p.lost and not p.dummy:
                break
    limit = g.options.turn_limit
    if limit is not None and ts.number + 1 > limit:
        sba.end_game(g, None, f"turn limit {limit} reached")
        return
    ts.number += 1
    ts.active = nxt
    ts.step = "untap"
    g.log_event(f"Turn {ts.number}: {g.players[nxt].name}")
    begin_step(g)


def add_extra_turn(g: Game, player: int) -> None:
    """CR 500.7: "Take an extra turn after this one": the extra turn is added directly after
    this turn; of several, the most recently created is taken first. After it, the turn order
    goes on from the player whose turn it was inserted after (or that turn's own such player,
    for an extra turn created during an extra turn)."""
    g.effects.extra_turns.append((player, order_base(g)))
    g.log_event(f"{g.players[player].name} will take an extra turn")


def add_land_plays(g: Game, player: int, n: int) -> None:
    """CR 305.2: "You may play an additional land this turn": `n` more land plays for
    `player` this turn (TurnState.facts "extra_lands", one entry per play)."""
    g.turn_state.facts.setdefault("extra_lands", []).extend([player] * n)


def cant_cast_spells_this_turn(g: Game, player: int) -> None:
    """"<player> can't cast spells this turn" (CR 101.2: "can't" wins over any permission):
    TurnState.facts "cant_cast", read by cards.abilities.cast_allowed, which every way of
    casting a spell asks (from a hand, cascade, effects that cast cards)."""
    cant = g.turn_state.facts.setdefault("cant_cast", [])
    if player not in cant:
        cant.append(player)
        g.log_event(f"{g.players[player].name} can't cast spells this turn")


def forbid_this_turn(g: Game, kind: str, what: Any, controller: int, source: int | None) -> None:
    """"<creatures> can't attack / block this turn" (CR 611.2c): `kind` "cant_attack" or
    "cant_block", for every permanent `what` matches at each moment this turn (engine/combat.py,
    forbidden_this_turn)."""
    g.turn_state.facts.setdefault(kind, []).append((what, controller, source))


def land_plays(g: Game, p: int) -> int:
    """How many lands player `p` may play this turn (CR 305.2): one, and one more for each
    additional land play an effect gave them this turn or a static ability of a permanent
    they control gives them on their turns (only their own turn counts: CR 305.1)."""
    n = 1 + g.turn_state.facts.get("extra_lands", []).count(p) if g.turn_state.facts else 1
    for src, ab in g.statics_of(AdditionalLandPlays):
        if g.objects[src].controller == p:
            n += ab.n
    return n


def order_base(g: Game) -> int:
    """The player whose turn the turn order goes on from after this turn: the active player,
    or during an extra turn the one whose turn it was inserted after (CR 500.7)."""
    extra = g.effects.extra_turns
    if extra and extra[0][0] is None:
        return extra[0][1]
    return g.turn_state.active


def begin_step(g: Game) -> None:
    """The turn-based actions of a step (CR 502-514); then the active player receives
    priority (CR 117.3a)."""
    ts = g.turn_state
    g.priority_state.passes = 0
    g.priority_state.player = ts.active
    ap = ts.active
    step = ts.step
    if step == "untap":
        # CR 502: a new turn begins; the active player's permanents are now controlled
        # continuously since their most recent turn began (CR 302.6).
        for p in g.players:
            p.lands_played = 0
            p.mana_produced = 0
        ts.activations.clear()
        ts.spells_cast = 0
        ts.facts = {}  # what happened this turn (cards/turnfacts.py)
        ts.damaged = []
        if g.effects.detained:  # CR 701.35a: detain lasts until its controller's next turn
            g.effects.detained = [d for d in g.effects.detained if d[1] != ts.active and d[0] in g.objects]
        faces.day_night_check(g)  # CR 502.2, 730.2: after phasing, before untapping
        untapped: list[int] = []
        for oid in g.battlefield:
            obj = g.objects[oid]
            held = bool(obj.info) and _held_this_untap(g, oid, ap)
            if obj.controller == ap:
                if obj.sick:
                    w = g.writable(oid)
                    w.sick = False
                    if obj.card.keywords and "echo" in obj.card.keywords:
                        # CR 702.30a: it came under its controller's control since the beginning
                        # of their last upkeep (nothing enters between this step and the upkeep)
                        w.info = dict(w.info or {}, echo_turn=g.turn)
                if obj.tapped and not held and Flag.DOESNT_UNTAP not in g.chars(oid).flags:
                    g.writable(oid).tapped = False
                    untapped.append(oid)
            elif obj.tapped and Flag.UNTAPS_EACH_UNTAP in g.chars(oid).flags:
                # CR 502.3: "Untap ~ during each other player's untap step" (Endbringer, Seedborn
                # Muir): at the same time as the active player's permanents; "doesn't untap
                # during your untap step" is not about this untap step (Endbringer's rulings)
                g.writable(oid).tapped = False
                untapped.append(oid)
        g.invalidate()
        for oid in untapped:  # CR 603.2f: "becomes untapped" (they wait for the upkeep)
            triggers.becomes_untapped(g, oid)
    elif step == "upkeep":
        triggers.player_event(g, TriggerEvent.UPKEEP, ap)
    elif step == "draw":
        # CR 103.8a: the player who plays first skips the draw step of their first turn.
        if not (ts.number == 1 and ap == ts.first_player and not g.options.draw_on_first_turn):
            primitives.draw(g, ap, 1)
        triggers.player_event(g, TriggerEvent.DRAW_STEP, ap)
    elif step == "precombat_main":
        sagas.precombat_main(g, ap)  # CR 714.3b: a turn-based action
    elif step == "beginning_of_combat":
        combat.reset_combat(g)
        triggers.player_event(g, TriggerEvent.BEGIN_COMBAT, ap)  # CR 507
    elif step == "declare_attackers":
        # combat began empty (reset_combat); a creature put onto the battlefield attacking in
        # the beginning of combat step stays attacking (CR 508.4)
        if not g.players[ap].dummy and any(combat.can_attack(g, o) for o in g.battlefield):
            g.tasks.append(DeclareAttackers())
    elif step == "declare_blockers":
        g.tasks.append(DeclareBlockers())
    elif step == "end_of_combat":
        triggers.player_event(g, TriggerEvent.END_COMBAT, ap)  # CR 511.2
    elif step == "combat_damage":
        first = combat.needs_first_strike_step(g) and not g.combat.first_strike_done
        if first:
            g.combat.first_strike_done = True
        else:
            g.combat.regular_damage_dealt = True
        g.tasks.append(CombatDamage(first=first))
    elif step == "end":
        triggers.player_event(g, TriggerEvent.END_STEP, ap)
    elif step == "cleanup":
        cleanup(g)


def _held_this_untap(g: Game, oid: int, ap: int) -> bool:
    """CR 502.3: whether a "doesn't untap during its controller's next untap step" effect (or
    "during your next untap step", for player `ap`) keeps this permanent tapped in `ap`'s untap
    step; the effects this untap step is the one for end here (primitives.no_untap_next)."""
    obj = g.objects[oid]
    info = obj.info or {}
    held = False
    if info.get("no_untap_next") and obj.controller == ap:
        held = True
        info = {k: v for k, v in info.items() if k != "no_untap_next"}
    if ap in info.get("no_untap_of", ()):
        held = held or obj.controller == ap
        rest = tuple(q for q in info["no_untap_of"] if q != ap)
        info = {k: v for k, v in info.items() if k != "no_untap_of"}
        if rest:
            info["no_untap_of"] = rest
    if info != (obj.info or {}):
        g.writable(oid).info = info or None
    return held


def cleanup(g: Game) -> None:
    """CR 514: discard to hand size, then damage wears off and "until end of turn" ends."""
    active = g.turn_state.active
    p = g.players[active]
    if not p.dummy and p.hand:
        size = maximum_hand_size(g, active)
        if size is not None and len(p.hand) > size:
            g.tasks.append(DiscardToHandSize(player=active))
            return
    _end_of_turn_effects(g)


def _end_of_turn_effects(g: Game) -> None:
    """CR 514.2: damage wears off and "until end of turn" effects end."""
    changed = False
    for oid in g.battlefield:
        obj = g.objects[oid]
        if obj.damage or obj.deathtouched:
            w = g.writable(oid)
            w.damage = 0
            w.deathtouched = False
            changed = True
    for pl in g.players:  # "Until end of turn, you don't lose this mana" ends (CR 514.2)
        pl.pool.until_eot = None
    eff = g.effects
    if eff.layered:
        kept = [e for e in eff.layered if e.duration != "eot"]
        changed = changed or len(kept) != len(eff.layered)
        eff.layered = kept
    if eff.control_reverts:
        primitives.end_control_effects(g)
        changed = True
    changed = changed or bool(eff.play_permissions or eff.regeneration or eff.no_regeneration or eff.prevention
                              or eff.prevent_all or eff.prevent_combat_damage)
    eff.play_permissions = []
    # CR 514.2: regeneration shields and prevention effects "this turn" end (CR 701.19a, 615.7)
    eff.regeneration, eff.no_regeneration, eff.prevention, eff.prevent_all = [], [], [], []
    eff.prevent_combat_damage = False
    if changed:  # else nothing characteristics or the legal actions depend on has changed
        g.invalidate()


def maximum_hand_size(g: Game, player: int) -> int | None:
    """CR 402.2: the player's maximum hand size, normally seven; None for "You have no maximum
    hand size." on a permanent they control. "Your maximum hand size is reduced by N" and "Each
    opponent's ..." (HandSizeChange) add up, down to zero at least."""
    if any(g.objects[o].controller == player for o, _a in g.statics_of(NoMaxHandSize)):
        return None
    size = HAND_SIZE
    for o, a in g.statics_of(HandSizeChange):
        if a.opponents != (g.objects[o].controller == player):
            size += a.delta
    return max(size, 0)


def discard_to_hand_size(g: Game, t: DiscardToHandSize) -> bool:
    """The task (CR 514.1): one card at a time."""
    p = g.players[t.player]
    if t.answer is not None:
        oid = t.answer
        t.answer = None
        primitives.discard(g, oid)
    size = maximum_hand_size(g, t.player)
    if size is None or len(p.hand) <= size:
        _end_of_turn_effects(g)
        return True
    acts = [Action("choose", f"discard {g.name_of(o)}", target=g.name_of(o), payload=o)
            for o in p.hand]
    g.ask("choose", p.index, f"{p.name} discards down to {size} cards", acts)
    return False


# ---------------------------------------------------------------------------------------------
# priority (CR 117)


def pass_priority(g: Game, p: int) -> None:
    """CR 117.4: when all players pass in succession, the top of the stack resolves (the
    active player then receives priority, CR 117.3b) or, with an empty stack, the step ends."""
    ps = g.priority_state
    ps.passes += 1
    alive = [q for q in g.players if not q.lost]
    if ps.passes >= len(alive):
        ps.passes = 0
        if g.stack:
            # CR 608.2n: the object stays on the stack while it resolves
            g.tasks.append(Resolve(item=g.stack[-1]))
            ps.player = g.turn_state.active
        elif g.turn_state.step == "cleanup":
            begin_step(g)  # CR 514.3a: players had priority in the cleanup step: another one
        else:
            advance_step(g)
        return
    n = len(g.players)
    nxt = p
    for _ in range(n):
        nxt = (nxt + 1) % n
        if not g.players[nxt].lost:
            break
    ps.player = nxt


def take_priority_action(g: Game, p: int, action: Action) -> None:
    """Pass, play a land (CR 305.1), cast a spell or activate an ability."""
    payload = action.payload
    kind = payload[0]
    if kind == "pass":
        pool = g.players[p].pool
        if not pool.is_empty():
            g.log_event(f"{g.players[p].name} passes with {pool} in their mana pool")
        pass_priority(g, p)
        return
    g.priority_state.passes = 0  # CR 117.3c: a player who acts receives priority again
    if kind == "face_up":  # CR 116.2b, 702.37e: a special action
        facedown.begin_turn_face_up(g, p, payload[1], payload[2])
        return
    if kind == "cast" and len(payload) > 2 and payload[2] == facedown.FACE_DOWN_CAST:
        facedown.turn_face_down_to_cast(g, payload[1])  # CR 702.37c
    elif kind in ("play", "cast") and len(payload) > 2 and payload[2] is not None:
        faces.choose_face(g, payload[1], payload[2])  # CR 709.3, 712.11b, 712.12, 715.3
    if kind == "play":
        oid = payload[1]
        g.players[p].lands_played += 1
        g.log_event(f"{g.players[p].name} plays {g.name_of(oid)}")
        if zones.as_enters_ability(g.objects[oid].card) is not None:
            g.tasks.append(PutOntoBattlefield(obj=oid, controller=p))
        else:
            zones.move_to_zone(g, oid, BATTLEFIELD, controller=p)
    elif kind == "cast":
        casting.begin_cast(g, p, payload[1], alt=payload[3] if len(payload) > 3 else None)
    elif kind == "activate":
        casting.begin_activation(g, p, payload[1], payload[2])


def sorcery_timing(g: Game, p: int) -> bool:
    """May player `p` do something at sorcery speed now: their own main phase with an empty
    stack (CR 307.1)?"""
    ts = g.turn_state
    return ts.active == p and ts.step in MAIN_STEPS and not g.stack
