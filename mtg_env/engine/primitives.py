"""The game actions effects take: damage (CR 120), life (CR 119), drawing (CR 121), counters
(CR 122) and the keyword actions of CR 701 (destroy, sacrifice, counter, tap and untap,
attach), control changes and effects until end of turn (CR 611).

Each is one function over the game, reached by cards through `GameOps` (cards/protocol.py).
They change the state and log the event; they never ask a question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import FewerCounters, Triggered
from ..cards.effects.pzcards7 import PreventDamageBy
from ..cards.spellcosts import CantBeCountered
from ..core.modifications import Modification
from ..core.objects import BATTLEFIELD, EXILE, GRAVEYARD, HAND, Context, Ref, StackItem
from . import altcast, limits, sagas, targets, triggers, zones
from .state import ContinuousEffect

if TYPE_CHECKING:
    from .game import Game


def discard(g: Game, oid: int, how: str = "") -> int | None:
    """CR 701.9a: the card moves from its owner's hand to their graveyard; "whenever ...
    discards a card" abilities trigger. Returns the card's new id (None if it wasn't in a
    hand). `how`: words the log adds (" at random")."""
    obj = g.objects.get(oid)
    if obj is None or obj.zone != HAND:
        return None
    g.log_event(f"{g.players[obj.owner].name} discards {g.name_of(oid)}{how}")
    to = altcast.discarded_to(obj.card)  # madness: exiled instead (CR 702.35a)
    new = zones.move_to_zone(g, oid, to)
    triggers.discarded(g, obj.owner, new)
    if to == EXILE and new is not None and g.objects[new].zone == EXILE:
        altcast.exiled_with_madness(g, new)
    return new


def deal_damage(g: Game, ctx: Context, ref: Ref, n: int, combat: bool = False) -> int:
    """CR 120.3: damage to a player causes life loss (120.3a), or poison counters from a source
    with infect (120.3b, 702.90b); to a creature it is marked (120.3e), or -1/-1 counters from a
    source with wither or infect (120.3d, 702.80a). Deathtouch and lifelink are the source's (as
    it last existed, if it has left: CR 113.7a). Prevention effects apply first (protection,
    CR 702.16e; then those of replacement.prevent_damage, CR 615; `combat`: combat damage,
    CR 510.2). Returns the damage dealt (0 if prevented); combat damage's triggers are the
    caller's (CR 510.2), others trigger here."""
    if n <= 0:
        return 0
    src = ctx.source_id
    src_c = g.last_known(src) if src is not None else None
    kws = src_c.keywords if src_c is not None else frozenset()
    if ref[0] == "obj":
        if ref[1] not in g.objects or g.objects[ref[1]].zone != BATTLEFIELD:
            return 0
        if targets.protected_from(g, ref[1], src):
            g.log_event(f"damage to {g.name_of(ref[1])} is prevented (protection)")
            return 0  # CR 702.16e
    elif ref[0] != "player":
        return 0
    if g.effects.prevention or g.effects.prevent_combat_damage or g.effects.prevent_all \
            or g.statics_of(PreventDamageBy):
        from .replacement import prevent_damage
        n = prevent_damage(g, ctx, ref, n, combat)
        if n <= 0:
            return 0
    g.sba_dirty = True
    if ref[0] == "player":
        if ref[1] not in g.turn_state.damaged:
            g.turn_state.damaged.append(ref[1])  # bloodthirst (CR 702.54a)
        if src is not None and src_c is not None and "Creature" in src_c.types:
            by = g.turn_state.facts.setdefault("damaged_by_creature", [])
            if (ref[1], src) not in by:
                by.append((ref[1], src))  # "if you've been dealt damage by two or more creatures this turn"
        p = g.players[ref[1]]
        if "infect" in kws:
            p.poison += n
            g.log_event(f"{ctx.source_name} deals {n} damage to {p.name} ({n} poison counter"
                        f"{'s' if n != 1 else ''})")
        else:
            p.life -= n
            lost_life(g, ref[1], n)
            g.log_event(f"{ctx.source_name} deals {n} damage to {p.name}")
    else:
        types = g.chars(ref[1]).types
        if "Planeswalker" in types:
            # CR 120.3c: damage to a planeswalker removes that many loyalty counters
            remove_counters(g, ref[1], "loyalty", n)
        if "Planeswalker" not in types or "Creature" in types:
            if {"wither", "infect"} & kws:
                add_counters(g, ref[1], "-1/-1", n)  # CR 120.3d
                obj = g.writable(ref[1])
            else:
                obj = g.writable(ref[1])
                obj.damage += n  # CR 120.3e
            if "deathtouch" in kws:
                obj.deathtouched = True  # CR 702.2b: destroyed, whatever form the damage took
        g.log_event(f"{ctx.source_name} deals {n} damage to {g.name_of(ref[1])}")
    if ref[0] == "obj" and src is not None:
        damaged = g.turn_state.facts.setdefault("damaged", [])
        if (ref[1], src) not in damaged:
            damaged.append((ref[1], src))  # "a creature dealt damage by ~ this turn"
    if "lifelink" in kws:
        gain_life(g, ctx.controller, n, lifelink=src)
    if not combat:
        triggers.damage_dealt(g, src, ref, n, False)
        if src is not None:
            if g.lifelink_batch is not None:  # "Whenever ~ deals damage": once for damage dealt at once
                g.lifelink_batch[(-1, src)] = g.lifelink_batch.get((-1, src), 0) + n
            else:
                triggers.deals_damage(g, src, n)
    return n


def draw(g: Game, player: int, n: int = 1) -> None:
    """CR 121.2: one card at a time; drawing from an empty library is a loss (CR 704.5b)."""
    p = g.players[player]
    for _ in range(n):
        if not p.library:
            p.drew_from_empty = True
            g.sba_dirty = True
            g.log_event(f"{p.name} tries to draw from an empty library")
            return
        card = zones.move_to_zone(g, p.library[0], HAND)
        if card is not None and g.turn_state.step != "untap":
            # the opening hands are drawn before the first turn's untap step ends (nothing
            # else draws in an untap step: no player gets priority, CR 502.4)
            g.turn_state.facts.setdefault("draws", []).append(player)
            triggers.card_drawn(g, player, card)
    if n:
        g.log_event(f"{p.name} draws {n} card{'s' if n != 1 else ''}")


def gain_life(g: Game, player: int, n: int, lifelink: int | None = None) -> None:
    """CR 119.9: a life gain event (none for 0 life). Life gained from damage dealt by a source
    with lifelink (`lifelink`: the source) while damage is dealt at once (combat damage, one
    effect's damage to several players and objects; see `simultaneous_damage`) is one event for
    each source (CR 702.15e)."""
    g.sba_dirty = True
    if n > 0:
        g.players[player].life += n
        g.log_event(f"{g.players[player].name} gains {n} life")
        batch = g.lifelink_batch
        if lifelink is not None and batch is not None:
            batch[(player, lifelink)] = batch.get((player, lifelink), 0) + n
        else:
            triggers.life_gained(g, player, n)


def simultaneous_damage(g: Game) -> bool:
    """Damage dealt from now until `end_simultaneous_damage` is dealt at once: a lifelink
    source's life gain is one event (CR 702.15e, 119.9), and a source's noncombat damage one
    "deals damage" event (the batch's (-1, source) entry; combat damage's are the combat
    damage step's, CR 510.2). False if already in such a batch."""
    if g.lifelink_batch is not None:
        return False
    g.lifelink_batch = {}
    return True


def end_simultaneous_damage(g: Game) -> None:
    batch = g.lifelink_batch
    g.lifelink_batch = None
    for (player, src), n in (batch or {}).items():
        if player == -1:
            triggers.deals_damage(g, src, n)
        else:
            triggers.life_gained(g, player, n)


def lose_life(g: Game, player: int, n: int) -> None:
    g.sba_dirty = True
    if n > 0:
        g.players[player].life -= n
        lost_life(g, player, n)
        g.log_event(f"{g.players[player].name} loses {n} life")


def exile_if_dies_this_turn(g: Game, oid: int) -> None:
    """"If that creature would die this turn, exile it instead." (CR 614.1a): a replacement
    effect on this permanent (the same object only: CR 400.7) until the turn ends
    (zones.move_to_zone)."""
    obj = g.objects.get(oid)
    if obj is not None and obj.zone == BATTLEFIELD:
        w = g.writable(oid)
        w.info = dict(w.info or {}, exile_if_dies=g.turn)


def lost_life(g: Game, player: int, n: int) -> None:
    """Record that `player` lost `n` life this turn (CR 119.3: damage, "loses life" and paying
    life, CR 119.4, all make a player lose life): TurnState.facts "lost_life" (spectacle,
    CR 702.137a)."""
    if n > 0:
        lost = g.turn_state.facts.setdefault("lost_life", [])
        if player not in lost:
            lost.append(player)


def gain_energy(g: Game, player: int, n: int) -> None:
    """"You get {E}{E}": energy counters put on the player (CR 107.14, 122.1)."""
    if n > 0:
        g.players[player].energy += n
        g.log_event(f"{g.players[player].name} gets {n} energy ({g.players[player].energy} in all)")


def pay_energy(g: Game, player: int, n: int) -> None:
    """Pay {E}: remove an energy counter from the player (CR 107.14); only with enough
    (CR 118.3), which the caller has checked."""
    pl = g.players[player]
    assert pl.energy >= n
    pl.energy -= n
    g.log_event(f"{pl.name} pays {n} energy ({pl.energy} left)")


def destroy(g: Game, oid: int, can_regenerate: bool = True) -> None:
    """CR 701.8; indestructible permanents aren't destroyed (CR 702.12b); a regeneration
    shield replaces the destruction (CR 701.19a) unless it "can't be regenerated"."""
    if oid not in g.objects or g.objects[oid].zone != BATTLEFIELD:
        return
    if g.chars(oid).has_keyword("indestructible"):
        return
    if can_regenerate and regenerates(g, oid):
        return
    zones.move_to_zone(g, oid, GRAVEYARD)


def add_regeneration_shield(g: Game, oid: int) -> None:
    """CR 701.19a: "Regenerate <permanent>": the next time it would be destroyed this turn,
    instead remove all damage marked on it and tap it, and remove it from combat."""
    if oid in g.objects and g.objects[oid].zone == BATTLEFIELD:
        g.effects.regeneration.append(oid)
        g.log_event(f"{g.name_of(oid)} gets a regeneration shield")


def cant_be_regenerated(g: Game, oid: int) -> None:
    """CR 701.19c: "<It> can't be regenerated this turn"."""
    if oid in g.objects and g.objects[oid].zone == BATTLEFIELD:
        g.effects.no_regeneration.append(oid)


def regenerates(g: Game, oid: int) -> bool:
    """Uses a regeneration shield on `oid`, which would be destroyed (by an effect, or by lethal
    damage or deathtouch, CR 704.5g-h), if it has one and can be regenerated: the destruction
    is replaced (CR 701.19a; the shields are interchangeable, so which is used is no choice)."""
    eff = g.effects
    if oid not in eff.regeneration or oid in eff.no_regeneration:
        return False
    eff.regeneration.remove(oid)
    from . import combat
    w = g.writable(oid)
    w.damage = 0
    w.deathtouched = False
    g.log_event(f"{g.name_of(oid)} regenerates")
    tap(g, oid)
    combat.remove_from_combat(g, oid)
    g.invalidate()
    return True


def sacrifice(g: Game, oid: int) -> None:
    """CR 701.21: a sacrificed permanent goes to its owner's graveyard (not destroyed); its
    controller sacrificed it ("whenever an opponent sacrifices a permanent", triggers.py)."""
    if oid in g.objects and g.objects[oid].zone == BATTLEFIELD:
        obj, c = g.objects[oid], g.chars(oid)
        new_id = zones.move_to_zone(g, oid, GRAVEYARD)
        if g.triggers_for(triggers.E.SACRIFICED) or any(
                isinstance(ab, Triggered) and triggers.E.SACRIFICED in ab.events for _k, ab, _o in c.abilities):
            triggers.sacrificed(g, obj, c, new_id)


def counter(g: Game, stack_id: int, to: str = GRAVEYARD) -> None:
    """CR 701.6: the countered spell goes to its owner's graveyard (or, `to`, where the effect
    puts it instead: "exile it instead", "on top of its owner's library", "into its owner's
    hand"); a copy ceases to exist. A spell that can't be countered stays on the stack (CR
    101.2)."""
    for i, item in enumerate(g.stack):
        if item.id == stack_id:
            if item.kind == "spell" and cant_be_countered(g, item):
                g.log_event(f"{item.ctx.source_name} can't be countered")
                return
            del g.stack[i]
            g.log_event(f"{item.ctx.source_name} is countered")
            if item.kind == "spell" and item.obj_id is not None:
                if item.copy:
                    g.objects.pop(item.obj_id, None)  # CR 707.10a: it ceases to exist
                    g.disown(item.obj_id)
                else:
                    zones.move_to_zone(g, item.obj_id, to)
            return


def cant_be_countered(g: Game, item: StackItem) -> bool:
    """CR 101.2: "This spell can't be countered" (an ability of the spell, CR 113.6a) or a
    permanent's "<spells> can't be countered" that applies to it."""
    oid = item.obj_id
    if oid is not None and oid in g.objects:
        for _key, ab, _origin in g.chars(oid).abilities:
            if isinstance(ab, CantBeCountered) and ab.affects is None:
                return True
    for src, ab in g.statics_of(CantBeCountered):
        if ab.affects is not None and ab.affects.item(g, item, g.objects[src].controller, src):
            return True
    return False


def tap(g: Game, oid: int) -> None:
    if oid in g.objects and not g.objects[oid].tapped:
        g.writable(oid).tapped = True
        triggers.becomes_tapped(g, oid)


def untap(g: Game, oid: int) -> None:
    if oid in g.objects and g.objects[oid].tapped:
        g.writable(oid).tapped = False
        triggers.becomes_untapped(g, oid)


def no_untap_next(g: Game, oid: int, player: int | None = None) -> None:
    """"<It> doesn't untap during its controller's next untap step" (player None: the first
    untap step of whoever controls it then; the effect tracks the permanent, not its
    controller) or "~ doesn't untap during your next untap step" (`player`'s next untap step:
    if another player controls it then, the effect does nothing and ends). Two such effects end
    in the same untap step (CR 502.3; engine/turns.py applies them)."""
    obj = g.objects.get(oid)
    if obj is None or obj.zone != BATTLEFIELD:
        return
    w = g.writable(oid)
    info = dict(w.info or {})
    if player is None:
        info["no_untap_next"] = True
    else:
        info["no_untap_of"] = tuple(sorted(set(info.get("no_untap_of", ())) | {player}))
    w.info = info


def add_counters(g: Game, oid: int, kind: str, n: int) -> None:
    """Put `n` counters on an object (CR 122.1), after replacement effects such as Vizier of
    Remedies' (CR 614.1a: "that many -1/-1 counters minus one")."""
    obj = g.objects.get(oid)
    if obj is None:
        return
    if n > 0 and obj.zone == BATTLEFIELD:
        for src, ab in g.statics_of(FewerCounters):
            if ab.counter == kind and g.matches(ab.affects, oid, g.objects[src].controller, src):
                n -= ab.fewer
    if n > 0:
        total = obj.counters.get(kind, 0) + n
        limits.check_amount(total, "counter")
        w = g.writable(oid)
        w.counters[kind] = total
        g.invalidate()
        if kind == "lore":
            sagas.lore_added(g, oid, total - n, total)  # CR 714.2b


def remove_counters(g: Game, oid: int, kind: str, n: int) -> int:
    """Remove up to `n` counters; returns how many were removed. Removing the last time
    counter from a permanent is an event (vanishing, CR 702.63a)."""
    obj = g.writable(oid)
    have = obj.counters.get(kind, 0)
    n = min(n, have)
    if have - n:
        obj.counters[kind] = have - n
    else:
        obj.counters.pop(kind, None)
    g.invalidate()
    if kind == "time" and n and n == have and obj.zone == BATTLEFIELD:
        triggers.last_time_counter_removed(g, oid)
    return n


def gain_control(g: Game, oid: int, player: int) -> None:
    """Control changes (layer 2) for as long as the game lasts (CR 613.1b). Its timestamp is
    later than any "until end of turn" control change of the permanent, which no longer matters
    when it ends (CR 613.7): that change is forgotten. The permanent hasn't been controlled
    continuously by its new controller since their turn began (CR 302.6)."""
    obj = g.objects.get(oid)
    if obj is None or obj.zone != BATTLEFIELD:
        return
    if any(o == oid for o, _prev in g.effects.control_reverts):
        g.effects.control_reverts = [(o, prev) for o, prev in g.effects.control_reverts if o != oid]
    w = g.writable(oid)
    if w.controller != player:
        w.controller = player
        w.sick = True
        _control_changed(g, oid)
    g.invalidate()
    g.log_event(f"{g.players[player].name} gains control of {g.name_of(oid)}")


def exchange_control(g: Game, a: int, b: int) -> bool:
    """CR 701.12a-b: exchange control of two permanents, for as long as the game lasts (CR
    613.1b): if they are controlled by different players, each of those players gains control of
    the permanent the other controlled, at the same time; if the same player controls both, or
    either is no longer on the battlefield, nothing happens (no part of the exchange occurs).
    As with `gain_control`, an earlier "until end of turn" change of either is forgotten. True if
    the exchange happened."""
    oa, ob = g.objects.get(a), g.objects.get(b)
    if oa is None or ob is None or oa.zone != BATTLEFIELD or ob.zone != BATTLEFIELD or a == b:
        return False
    pa, pb = oa.controller, ob.controller
    if pa == pb:
        g.log_event(f"{g.name_of(a)} and {g.name_of(b)} have the same controller: nothing is exchanged")
        return False
    g.effects.control_reverts = [(o, prev) for o, prev in g.effects.control_reverts if o not in (a, b)]
    for oid, player in ((a, pb), (b, pa)):
        w = g.writable(oid)
        w.controller = player
        w.sick = True
    for oid in (a, b):
        _control_changed(g, oid)
    g.invalidate()
    g.log_event(f"{g.players[pb].name} gains control of {g.name_of(a)} and {g.players[pa].name} "
                f"gains control of {g.name_of(b)}")
    return True


def gain_control_until_eot(g: Game, oid: int, player: int) -> None:
    """Control changes (layer 2) until end of turn; the permanent hasn't been controlled
    continuously by its new controller since their turn began (CR 302.6)."""
    obj = g.objects.get(oid)
    if obj is None or obj.zone != BATTLEFIELD:
        return
    w = g.writable(oid)
    if w.controller != player:
        g.effects.control_reverts.append((oid, w.controller))
        w.controller = player
        w.sick = True
        _control_changed(g, oid)
    g.invalidate()
    g.log_event(f"{g.players[player].name} gains control of {g.name_of(oid)} until end of turn")


def designate(g: Game, oid: int, name: str) -> None:
    """A permanent gets a designation ("renowned", CR 702.112b; "monstrous", CR 701.37b): no
    ability and not copiable; it keeps it until it leaves the battlefield (a new object, CR
    400.7, has none)."""
    obj = g.objects.get(oid)
    if obj is None or obj.zone != BATTLEFIELD:
        return
    w = g.writable(oid)
    w.info = dict(w.info or {}, **{name: True})
    g.invalidate()
    g.log_event(f"{g.name_of(oid)} becomes {name}")
    if name == "monstrous":
        triggers.became_monstrous(g, oid)


def detain(g: Game, oid: int, player: int) -> None:
    """CR 701.35a: until `player`'s next turn, the permanent can't attack or block and its
    activated abilities can't be activated (combat.can_attack, can_block; legal.can_activate;
    autopay's sources). It is the same object only while it stays on the battlefield."""
    obj = g.objects.get(oid)
    if obj is None or obj.zone != BATTLEFIELD:
        return
    g.effects.detained.append((oid, player))
    g.invalidate()
    g.log_event(f"{g.name_of(oid)} is detained")


def is_detained(g: Game, oid: int) -> bool:
    return any(o == oid for o, _p in g.effects.detained)


def end_control_effects(g: Game) -> None:
    """CR 514.2: control changes "until end of turn" end."""
    for oid, prev in reversed(g.effects.control_reverts):
        obj = g.objects.get(oid)
        if obj is not None and obj.zone == BATTLEFIELD and obj.controller != prev:
            w = g.writable(oid)
            w.controller = prev
            w.sick = True
            _control_changed(g, oid)
            g.log_event(f"{g.players[prev].name} regains control of {g.name_of(oid)}")
    g.effects.control_reverts = []
    g.invalidate()


def _control_changed(g: Game, oid: int) -> None:
    """CR 506.4: a planeswalker being attacked whose controller changes is removed from combat;
    the creatures attacking it go on attacking nothing (CR 506.4c). A creature cast with suspend
    loses the haste it had until its controller lost control of it (CR 702.62a)."""
    from . import designations
    designations.permanent_arrived(g, oid)  # CR 702.131b: it may now control ten permanents
    info = g.objects[oid].info
    if info and info.get("alt") == "suspend":
        w = g.writable(oid)
        w.info = {k: v for k, v in info.items() if k != "alt"}
        g.invalidate()
    cb = g.combat
    for a, pw in list(cb.attacked_planeswalkers.items()):
        if pw == oid:
            cb.attacked_planeswalkers[a] = None


def attach(g: Game, oid: int, to: int) -> None:
    """Attach an Equipment or Aura (CR 701.3). Something that isn't an Equipment can't
    become attached by an equip ability (CR 701.3b: nothing happens; Mairsil with a caged
    Equipment), nor can an Equipment that is also a creature (CR 301.5c)."""
    if oid in g.objects:
        c = g.chars(oid)
        if not ({"Equipment", "Aura"} & set(c.subtypes)) or ("Equipment" in c.subtypes and "Creature" in c.types):
            g.log_event(f"{c.name} can't become attached: nothing happens")
            return
    if oid in g.objects and to in g.objects and g.objects[to].zone == BATTLEFIELD:
        g.writable(oid).attached_to = to
        g.invalidate()
        g.log_event(f"{g.name_of(oid)} becomes attached to {g.name_of(to)}")


def add_until_eot(g: Game, oid: int, modification: Modification) -> None:
    """A continuous effect from a resolving spell or ability (CR 611.2) until end of turn."""
    g.ts += 1
    g.effects.layered.append(ContinuousEffect(modification, oid, g.ts, "eot"))
    g.invalidate()


def prevent_next_damage(g: Game, ref: Ref, n: int) -> None:
    """CR 615.7: a shield that prevents the next `n` damage dealt to `ref` this turn."""
    if n > 0 and (ref[0] == "player" or (ref[1] in g.objects and g.objects[ref[1]].zone == BATTLEFIELD)):
        g.effects.prevention.append((ref, n))


def prevent_all_combat_damage(g: Game) -> None:
    """CR 615.1: "Prevent all combat damage that would be dealt this turn"."""
    g.effects.prevent_combat_damage = True
    g.log_event("all combat damage will be prevented this turn")


def prevent_all_damage(g: Game, direction: str, ref: Ref, combat: bool) -> None:
    """CR 615.1: "Prevent all [combat] damage that would be dealt to (`direction` "to") / by
    ("by") <ref> this turn"."""
    g.effects.prevent_all.append((direction, ref, combat))


def add_for_good(g: Game, oid: int, modification: Modification) -> None:
    """A continuous effect from a resolving spell or ability that states no duration: it lasts
    as long as the permanent does (CR 611.2a; amass's "it becomes a Zombie", CR 701.47a)."""
    g.ts += 1
    g.effects.layered.append(ContinuousEffect(modification, oid, g.ts, "game"))
    g.invalidate()
