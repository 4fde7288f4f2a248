"""zones."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import get_card
from ..cards.vocab import (
    UNDYING,
    CardDef,
    EntersWith,
    Triggered,
)
from ..core.errors import MtgError
from ..core.objects import (
    BATTLEFIELD,
    COMMAND,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STACK,
    Context,
    GameObject,
)
from .state import PendingTrigger

if TYPE_CHECKING:
    from .game import Game



def new_object(g: Game, card: CardDef | str, owner: int, zone: str, *, controller: int | None = None,
               tapped: bool = False, sick: bool = False, counters: dict[str, int] | None = None,
               token: bool = False, to_bottom: bool = True) -> int:
    """Create an object directly in a zone (no events): for setting up positions."""
    if isinstance(card, str):
        card = get_card(card)
    oid = g.next_id
    g.next_id += 1
    g.ts += 1
    obj = GameObject(oid, card, owner, zone, g.ts)
    obj.controller = owner if controller is None else controller
    obj.tapped = tapped
    obj.sick = sick
    obj.token = token or card.is_token
    if counters:
        obj.counters = {k: v for k, v in counters.items() if v}
    g.objects[oid] = obj
    g._owned.add(oid)
    if zone == BATTLEFIELD:
        g.battlefield.append(oid)
    elif zone != STACK:
        lst = g._zone_list(owner, zone)
        if to_bottom:
            lst.append(oid)
        else:
            lst.insert(0, oid)
    g._invalidate()
    return oid


def _zone_list(g: Game, player: int, zone: str) -> list[int]:
    p = g.players[player]
    if zone == LIBRARY:
        return p.library
    if zone == HAND:
        return p.hand
    if zone == GRAVEYARD:
        return p.graveyard
    if zone == EXILE:
        return p.exile
    if zone == COMMAND:
        return p.command
    raise MtgError(f"no such zone list {zone!r}")


def move_to_zone(g: Game, oid: int, zone: str, *, to_top: bool = True, controller: int | None = None,
                 x: int = 0, attach_to: int | None = None, info: dict[str, Any] | None = None) -> int | None:
    """Move an object; it becomes a new object with a new id (CR 400.7). Returns the new id
    (None when a token ceases to exist, CR 111.7 and 704.5d)."""
    obj = g.objects.get(oid)
    if obj is None:
        return None
    old_zone = obj.zone
    g._remove_from_zone(obj)
    if old_zone == BATTLEFIELD:
        g._leaves_battlefield(obj, zone)
    g._invalidate()
    del g.objects[oid]
    g._owned.discard(oid)
    new_id = g.next_id
    g.next_id += 1
    g.ts += 1
    new = GameObject(new_id, obj.card, obj.owner, zone, g.ts)
    new.token = obj.token
    if obj.info and "commander" in obj.info:
        new.info = {"commander": obj.info["commander"]}  # still that player's commander
        if zone in (GRAVEYARD, EXILE, HAND, LIBRARY) and old_zone != zone and old_zone != COMMAND:
            g.commander_moved.append(new_id)
    g.objects[new_id] = new
    g._owned.add(new_id)
    if new.token and zone not in (BATTLEFIELD, STACK):
        g.token_ghosts.append(new_id)  # it ceases to exist at the next check (CR 704.5d)
    if zone == BATTLEFIELD:
        new.controller = obj.controller if controller is None else controller
        new.x = x
        if info:
            new.info = dict(new.info or {}, **info)
        g.battlefield.append(new_id)
        g._enters_battlefield(new, attach_to)
    elif zone == STACK:
        new.controller = obj.controller if controller is None else controller
    else:
        lst = g._zone_list(obj.owner, zone)
        if zone == LIBRARY and to_top:
            lst.insert(0, new_id)
        else:
            lst.append(new_id)
    return new_id


def _remove_from_zone(g: Game, obj: GameObject) -> None:
    if obj.zone == BATTLEFIELD:
        g.battlefield.remove(obj.id)
    elif obj.zone == STACK:
        pass
    else:
        g._zone_list(obj.owner, obj.zone).remove(obj.id)


def _leaves_battlefield(g: Game, obj: GameObject, to_zone: str) -> None:
    """Leaves-the-battlefield triggers look back in time (CR 603.10a)."""
    c = g.chars(obj.id)
    dies = to_zone == GRAVEYARD and "Creature" in c.types
    event = {"zone": to_zone, "counters": dict(obj.counters), "new_id": g.next_id}
    abilities = list(c.abilities)
    if dies and "undying" in c.keywords and not obj.counters.get("+1/+1"):
        abilities.append(("undying", UNDYING, None))  # CR 702.93a: only with no +1/+1 counter
    for key, ab, origin in abilities:
        if isinstance(ab, Triggered) and (
                ab.event == "leaves_self" or (dies and ab.event == "dies_self")
                or (to_zone == GRAVEYARD and ab.event == "put_into_graveyard_self")):
            g.pending_triggers.append(PendingTrigger(ab, obj.id, key, obj.controller, c.name,
                                                        dict(event), origin))
    if dies:
        for src, key, ab, origin in g._triggers_for("creature_dies"):
            if src != obj.id and g._filter_ok(ab.filter, src, obj.id, c):
                g._queue_trigger(ab, src, key, origin, {"object": obj.id, "name": c.name})
    g.log_event(f"{c.name} leaves the battlefield" + {GRAVEYARD: " to the graveyard",
                                                        HAND: " to its owner's hand",
                                                        EXILE: " to exile",
                                                        LIBRARY: " to its owner's library"}.get(
                                                            to_zone, ""))


def _enters_battlefield(g: Game, obj: GameObject, attach_to: int | None) -> None:
    obj.sick = True
    for ab in g.card_of(obj).abilities:
        if isinstance(ab, EntersWith):
            n = obj.x if ab.amount == "X" else int(ab.amount)
            if n > 0:
                obj.counters[ab.counter] = obj.counters.get(ab.counter, 0) + n
    if attach_to is not None and attach_to in g.objects:
        obj.attached_to = attach_to
    g._invalidate()
    g.log_event(f"{g.name_of(obj.id)} enters the battlefield under {g.players[obj.controller].name}'s control")
    c = g.chars(obj.id)
    for key, ab, origin in c.abilities:
        if isinstance(ab, Triggered) and ab.event in ("enters_self", "enters_or_attacks_self"):
            g.pending_triggers.append(PendingTrigger(
                ab, obj.id, key, obj.controller, c.name, {"x": obj.x}, origin))
    for src, key, ab, origin in g._triggers_for("permanent_enters"):
        if src != obj.id and g._filter_ok(ab.filter, src, obj.id, c):
            g._queue_trigger(ab, src, key, origin, {"object": obj.id})


def create_token(g: Game, player: int, token_name: str) -> int:
    """Create a token (CR 111.1): `token_name` is a token card, or any card for a token that
    is a copy of it (CR 707.2, 111.4)."""
    card = get_card(token_name)
    oid = g.next_id
    g.next_id += 1
    g.ts += 1
    obj = GameObject(oid, card, player, BATTLEFIELD, g.ts)
    obj.token = True
    g.objects[oid] = obj
    g._owned.add(oid)
    g.battlefield.append(oid)
    g.log_event(f"{g.players[player].name} creates a {token_name} token")
    g._enters_battlefield(obj, None)
    return oid


def create_token_copy(g: Game, player: int, card_name: str) -> int:
    """A token that is a copy of a card (CR 707.2, 111.4)."""
    return g.create_token(player, card_name)


def make_card_copy(g: Game, player: int, oid: int) -> int:
    """A copy of a card, in exile, to be cast (CR 707.12): a token-like object that is not a
    card; it ceases to exist if it goes anywhere but the stack and battlefield."""
    card = g.objects[oid].card
    nid = g.next_id
    g.next_id += 1
    g.ts += 1
    obj = GameObject(nid, card, player, EXILE, g.ts)
    obj.token = True
    g.objects[nid] = obj
    g._owned.add(nid)
    g.players[player].exile.append(nid)
    g.token_ghosts.append(nid)  # gone at the next state-based check unless cast at once
    return nid


def link_group(key: str) -> str:
    """Abilities printed on one card are linked among themselves ("p"); those Mairsil has
    from one caged card only among themselves ("g<card id>"), CR 607.2 and the rulings."""
    return key.split(".", 1)[0] if "." in key else "p"


def exile_linked(g: Game, oid: int, ctx: Context) -> int | None:
    """Exile an object "with" this ability's source (CR 607.2a)."""
    if oid not in g.objects:
        return None
    new = g.move_to_zone(oid, EXILE)
    if new is not None and ctx.source_id is not None:
        w = g._w(new)
        w.info = dict(w.info or {}, exiled_with=(ctx.source_id, ctx.cost_info.get("link", "p")))
        g.log_event(f"{g.name_of(new)} is exiled with {ctx.source_name}")
    return new


def linked_cards(g: Game, ctx: Context) -> list[int]:
    """The cards in exile exiled with the ability linked to this one: same source object,
    same link group. (Copies of the exiling ability share both, so their cards count too.)"""
    if ctx.source_id is None:
        return []
    want = (ctx.source_id, ctx.cost_info.get("link", "p"))
    out = []
    for p in g.players:
        for oid in p.exile:
            info = g.objects[oid].info
            if info and tuple(info.get("exiled_with", ())) == want:
                out.append(oid)
    return out
