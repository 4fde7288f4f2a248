"""The game actions effects take: damage (CR 120), life (CR 119), drawing (CR 121), counters
(CR 122) and the keyword actions of CR 701 (destroy, sacrifice, counter, tap and untap,
attach), control changes and effects until end of turn (CR 611).

Each is one function over the game, reached by cards through `GameOps` (cards/protocol.py).
They change the state and log the event; they never ask a question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import FewerCounters
from ..cards.spellcosts import CantBeCountered
from ..core.modifications import Modification
from ..core.objects import BATTLEFIELD, GRAVEYARD, HAND, Context, Ref, StackItem
from . import targets, triggers, zones
from .state import ContinuousEffect

if TYPE_CHECKING:
    from .game import Game


def deal_damage(g: Game, ctx: Context, ref: Ref, n: int) -> None:
    """CR 120.3: damage to a player causes life loss; to a creature, it is marked. Deathtouch
    and lifelink are the source's (as it last existed, if it has left: CR 113.7a)."""
    if n <= 0:
        return
    src = ctx.source_id
    src_c = g.last_known(src) if src is not None else None
    kws = src_c.keywords if src_c is not None else frozenset()
    g.sba_dirty = True
    if ref[0] == "player":
        p = g.players[ref[1]]
        p.life -= n
        g.log_event(f"{ctx.source_name} deals {n} damage to {p.name}")
    elif ref[0] == "obj" and ref[1] in g.objects:
        if g.objects[ref[1]].zone != BATTLEFIELD:
            return
        if targets.protected_from(g, ref[1], src):
            g.log_event(f"damage to {g.name_of(ref[1])} is prevented (protection)")
            return  # CR 702.16e
        obj = g.writable(ref[1])
        obj.damage += n
        if "deathtouch" in kws:
            obj.deathtouched = True
        g.log_event(f"{ctx.source_name} deals {n} damage to {g.name_of(ref[1])}")
    else:
        return
    if "lifelink" in kws:
        gain_life(g, ctx.controller, n)


def draw(g: Game, player: int, n: int = 1) -> None:
    """CR 121.2: one card at a time; drawing from an empty library is a loss (CR 704.5b)."""
    p = g.players[player]
    for _ in range(n):
        if not p.library:
            p.drew_from_empty = True
            g.sba_dirty = True
            g.log_event(f"{p.name} tries to draw from an empty library")
            return
        zones.move_to_zone(g, p.library[0], HAND)
    if n:
        g.log_event(f"{p.name} draws {n} card{'s' if n != 1 else ''}")


def gain_life(g: Game, player: int, n: int) -> None:
    g.sba_dirty = True
    if n > 0:
        g.players[player].life += n
        g.log_event(f"{g.players[player].name} gains {n} life")


def lose_life(g: Game, player: int, n: int) -> None:
    g.sba_dirty = True
    if n > 0:
        g.players[player].life -= n
        g.log_event(f"{g.players[player].name} loses {n} life")


def destroy(g: Game, oid: int) -> None:
    """CR 701.8; indestructible permanents aren't destroyed (CR 702.12b)."""
    if oid not in g.objects or g.objects[oid].zone != BATTLEFIELD:
        return
    if g.chars(oid).has_keyword("indestructible"):
        return
    zones.move_to_zone(g, oid, GRAVEYARD)


def sacrifice(g: Game, oid: int) -> None:
    """CR 701.21: a sacrificed permanent goes to its owner's graveyard (not destroyed)."""
    if oid in g.objects and g.objects[oid].zone == BATTLEFIELD:
        zones.move_to_zone(g, oid, GRAVEYARD)


def counter(g: Game, stack_id: int) -> None:
    """CR 701.6: the countered spell goes to its owner's graveyard; a copy ceases to exist. A
    spell that can't be countered stays on the stack (CR 101.2)."""
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
                    zones.move_to_zone(g, item.obj_id, GRAVEYARD)
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
        w = g.writable(oid)
        w.counters[kind] = w.counters.get(kind, 0) + n
        g.invalidate()


def remove_counters(g: Game, oid: int, kind: str, n: int) -> int:
    """Remove up to `n` counters; returns how many were removed."""
    obj = g.writable(oid)
    have = obj.counters.get(kind, 0)
    n = min(n, have)
    if have - n:
        obj.counters[kind] = have - n
    else:
        obj.counters.pop(kind, None)
    g.invalidate()
    return n


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
    g.invalidate()
    g.log_event(f"{g.players[player].name} gains control of {g.name_of(oid)} until end of turn")


def end_control_effects(g: Game) -> None:
    """CR 514.2: control changes "until end of turn" end."""
    for oid, prev in reversed(g.effects.control_reverts):
        obj = g.objects.get(oid)
        if obj is not None and obj.zone == BATTLEFIELD and obj.controller != prev:
            w = g.writable(oid)
            w.controller = prev
            w.sick = True
            g.log_event(f"{g.players[prev].name} regains control of {g.name_of(oid)}")
    g.effects.control_reverts = []
    g.invalidate()


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
