"""primitives."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.objects import (
    BATTLEFIELD,
    GRAVEYARD,
    HAND,
    Context,
    Ref,
)
from .state import ContinuousEffect

if TYPE_CHECKING:
    from .game import Game



def deal_damage(g: Game, ctx: Context, ref: Ref, n: int) -> None:
    """CR 120.3: damage to a player causes life loss; to a creature, it is marked."""
    if n <= 0:
        return
    src = ctx.source_id
    src_c = g.chars(src) if src is not None and src in g.objects else None
    kws = src_c.keywords if src_c is not None else frozenset()
    if ctx.source_lki and not src_c:
        kws = frozenset(ctx.source_lki.get("keywords", ()))
    g._sba_dirty = True
    if ref[0] == "player":
        p = g.players[ref[1]]
        p.life -= n
        g.log_event(f"{ctx.source_name} deals {n} damage to {p.name}")
    elif ref[0] == "obj" and ref[1] in g.objects:
        if g.objects[ref[1]].zone != BATTLEFIELD:
            return
        if g.protected_from(ref[1], src):
            g.log_event(f"damage to {g.name_of(ref[1])} is prevented (protection)")
            return  # CR 702.16e
        obj = g._w(ref[1])
        obj.damage += n
        if "deathtouch" in kws:
            obj.deathtouched = True
        g.log_event(f"{ctx.source_name} deals {n} damage to {g.name_of(ref[1])}")
    else:
        return
    if "lifelink" in kws:
        g.gain_life(ctx.controller, n)


def draw(g: Game, player: int, n: int = 1) -> None:
    p = g.players[player]
    for _ in range(n):
        if not p.library:
            p.drew_from_empty = True  # CR 704.5b
            g._sba_dirty = True
            g.log_event(f"{p.name} tries to draw from an empty library")
            return
        g.move_to_zone(p.library[0], HAND)
    if n:
        g.log_event(f"{p.name} draws {n} card{'s' if n != 1 else ''}")


def gain_life(g: Game, player: int, n: int) -> None:
    g._sba_dirty = True
    if n > 0:
        g.players[player].life += n
        g.log_event(f"{g.players[player].name} gains {n} life")


def lose_life(g: Game, player: int, n: int) -> None:
    g._sba_dirty = True
    if n > 0:
        g.players[player].life -= n
        g.log_event(f"{g.players[player].name} loses {n} life")


def destroy(g: Game, oid: int) -> None:
    """CR 701.8; indestructible permanents aren't destroyed (CR 702.12b)."""
    if oid not in g.objects or g.objects[oid].zone != BATTLEFIELD:
        return
    if g.chars(oid).has_keyword("indestructible"):
        return
    g.move_to_zone(oid, GRAVEYARD)


def sacrifice(g: Game, oid: int) -> None:
    """CR 701.21: a sacrificed permanent goes to its owner's graveyard (not destroyed)."""
    if oid in g.objects and g.objects[oid].zone == BATTLEFIELD:
        g.move_to_zone(oid, GRAVEYARD)


def counter(g: Game, stack_id: int) -> None:
    for i, item in enumerate(g.stack):
        if item.id == stack_id:
            del g.stack[i]
            g.log_event(f"{item.ctx.source_name} is countered")
            if item.kind == "spell" and item.obj_id is not None:
                if item.copy:
                    g.objects.pop(item.obj_id, None)  # CR 707.10a: it ceases to exist
                else:
                    g.move_to_zone(item.obj_id, GRAVEYARD)
            return


def tap(g: Game, oid: int) -> None:
    if oid in g.objects and not g.objects[oid].tapped:
        g._w(oid).tapped = True
        g._fire_becomes_tapped(oid)


def untap(g: Game, oid: int) -> None:
    if oid in g.objects and g.objects[oid].tapped:
        g._w(oid).tapped = False


def add_counters(g: Game, oid: int, kind: str, n: int) -> None:
    if kind == "-1/-1" and n > 0 and oid in g.objects and g.is_creature(oid):
        # Vizier of Remedies (CR 614.1a): "that many -1/-1 counters minus one" for each
        for src, _ab in g._statics("fewer_minus_counters"):
            if g.objects[src].controller == g.objects[oid].controller:
                n -= 1
    if oid in g.objects and n > 0 and g.objects[oid].zone == BATTLEFIELD:
        obj = g._w(oid)
        obj.counters[kind] = obj.counters.get(kind, 0) + n
        g._invalidate()


def remove_counters(g: Game, oid: int, kind: str, n: int) -> int:
    obj = g._w(oid)
    have = obj.counters.get(kind, 0)
    n = min(n, have)
    if have - n:
        obj.counters[kind] = have - n
    else:
        obj.counters.pop(kind, None)
    g._invalidate()
    return n


def gain_control_until_eot(g: Game, oid: int, player: int) -> None:
    """Control changes (layer 2) until end of turn; the permanent hasn't been controlled
    continuously by its new controller since their turn began (CR 302.6)."""
    obj = g.objects.get(oid)
    if obj is None or obj.zone != BATTLEFIELD:
        return
    w = g._w(oid)
    if w.controller != player:
        g.control_reverts.append((oid, w.controller))
        w.controller = player
        w.sick = True
    g._invalidate()
    g.log_event(f"{g.players[player].name} gains control of {g.name_of(oid)} until end of turn")


def _end_control_effects(g: Game) -> None:
    for oid, prev in reversed(g.control_reverts):
        obj = g.objects.get(oid)
        if obj is not None and obj.zone == BATTLEFIELD and obj.controller != prev:
            w = g._w(oid)
            w.controller = prev
            w.sick = True
            g.log_event(f"{g.players[prev].name} regains control of {g.name_of(oid)}")
    g.control_reverts = []
    g._invalidate()


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
        g._w(oid).attached_to = to
        g._invalidate()
        g.log_event(f"{g.name_of(oid)} becomes attached to {g.name_of(to)}")


def add_until_eot(g: Game, oid: int, kind: str, args: Any) -> None:
    g.ts += 1
    g.effects.append(ContinuousEffect(kind, oid, args, g.ts, "eot"))
    g._invalidate()
