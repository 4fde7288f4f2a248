"""Zones and zone changes (CR 400), tokens (CR 111) and linked abilities (CR 607).

An object that moves becomes a new object with a new id (CR 400.7); leaving the battlefield
queues the leaves-the-battlefield triggers, which look back in time (CR 603.10a), and entering
applies "enters with" counters (CR 614.1c) and queues enters triggers (CR 603.6a). Tokens that
leave the battlefield cease to exist at the next check of state-based actions (CR 111.7,
704.5d). Cards exiled "with" an ability remember the exiling object and the ability's link group
(CR 607.2a), so the linked ability finds exactly them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import get_card
from ..cards.abilities import AsEntersChoose, EntersTapped, EntersWith
from ..cards.carddef import CardDef, card_by_key
from ..cards.effects import Ask
from ..cards.subjects import amount_of
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
from . import chosen, copies, designations, facedown, faces, limits, sagas, triggers
from .tasks import PutOntoBattlefield

if TYPE_CHECKING:
    from .game import Game


def new_object(g: Game, card: CardDef | str, owner: int, zone: str, *, controller: int | None = None,
               tapped: bool = False, sick: bool = False, counters: dict[str, int] | None = None,
               token: bool = False, to_bottom: bool = True) -> int:
    """Create an object directly in a zone (no events): for setting up positions."""
    if isinstance(card, str):
        card = face_named(get_card(card), card, zone)
    oid = _next_id(g)
    obj = GameObject(oid, card, owner, zone, g.ts)
    obj.controller = owner if controller is None else controller
    obj.tapped = tapped
    obj.sick = sick
    obj.token = token or card.is_token
    if counters:
        obj.counters = {k: v for k, v in counters.items() if v}
    g.objects[oid] = obj
    g.own(oid)
    if zone == BATTLEFIELD:
        g.battlefield.append(oid)
        if "ascend" in card.keywords:  # a position set up with a permanent with ascend
            g.players[obj.controller].ascend_seen = True
    elif zone != STACK:
        lst = zone_list(g, owner, zone)
        if to_bottom:
            lst.append(oid)
        else:
            lst.insert(0, oid)
    g.invalidate()
    return oid


def face_named(card: CardDef, name: str, zone: str) -> CardDef:
    """A position set up with a face's name on the battlefield or the stack has that face up
    ("Kazandu Valley"); elsewhere a card has its own characteristics (CR 712.8a)."""
    if card.faces and zone in (BATTLEFIELD, STACK):
        key = " ".join(name.split()).lower()
        for f in card.faces:
            if f.name.lower() == key:
                return f
    return card


def create_emblem(g: Game, player: int, card: CardDef) -> int:
    """CR 114.1-2: an emblem in `player`'s command zone, which they own and control; its
    abilities function there (CR 114.4: layers.compute_all counts it among the sources)."""
    oid = new_object(g, card, player, COMMAND)
    g.log_event(f"{g.players[player].name} gets an emblem ({card.name})")
    return oid


def _next_id(g: Game) -> int:
    """A new object id and timestamp (CR 613.7d: a new object gets a new timestamp), within
    the object limit (limits.py)."""
    limits.check_new_object(g)
    oid = g.next_id
    g.next_id += 1
    g.ts += 1
    return oid


def zone_list(g: Game, player: int, zone: str) -> list[int]:
    """The list of ids in `player`'s `zone` (library top first, graveyard bottom first)."""
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
                 x: int = 0, attach_to: int | None = None, info: dict[str, Any] | None = None,
                 tapped: bool = False) -> int | None:
    """Move an object; it becomes a new object with a new id (CR 400.7). Returns the new id
    (None when the object is gone). `tapped`: it enters the battlefield tapped (it doesn't
    "become tapped")."""
    obj = g.objects.get(oid)
    if obj is None or not can_change_zones(obj):
        return None
    old_zone = obj.zone
    if zone == BATTLEFIELD and obj.card.faces and not obj.card.is_permanent:
        return None  # CR 712.14b: a card whose front face isn't a permanent stays where it is
    if old_zone == STACK and faces.exiled_leaving_stack(obj.card):
        zone = EXILE  # CR 702.127a: an aftermath half cast from a graveyard
    if zone == GRAVEYARD and faces.exiled_instead(g, oid):
        zone = EXILE  # "If ~ would be put into a graveyard from anywhere, exile it instead."
    if old_zone == STACK and zone != EXILE and obj.info and obj.info.get("flashback"):
        zone = EXILE  # CR 702.34a: exiled instead of going anywhere else as it leaves the stack
    if old_zone == BATTLEFIELD and zone != EXILE and obj.info and obj.info.get("unearthed"):
        zone = EXILE  # CR 702.84a: an unearthed permanent is exiled instead of going anywhere else
    if old_zone == BATTLEFIELD and zone == GRAVEYARD and obj.info and obj.info.get("exile_if_dies") == g.turn \
            and "Creature" in g.chars(oid).types:
        zone = EXILE  # "If that creature would die this turn, exile it instead." (CR 614.1a, 700.4)
    if old_zone == BATTLEFIELD:
        # last known information (CR 113.7a): what it was just before it left
        last = g.lki[oid] = g.chars(oid)
        g.lki_controllers[oid] = obj.controller
    _remove_from_zone(g, obj)
    if old_zone == BATTLEFIELD:
        triggers.leaves_battlefield(g, obj, zone, last)
        if g.leaving_batch is not None:  # CR 603.10a: the others leaving at once see it
            g.leaving_batch.append((oid, last, obj.controller))
    g.invalidate()
    del g.objects[oid]
    g.disown(oid)
    new_id = _next_id(g)
    # a card with several faces has the chosen face's characteristics only on the stack and
    # the battlefield (CR 709.3b, 712.8a, 712.8f, 715.4); elsewhere the card's own
    card = obj.card if zone in (STACK, BATTLEFIELD) else obj.card.card
    face_down = None
    if obj.info and "face_down" in obj.info:  # CR 708.3, 708.9: still face down, or revealed
        card, face_down = facedown.moved_card(g, obj, old_zone, zone)
        if face_down is None and zone not in (STACK, BATTLEFIELD):
            card = card.card
    if zone == BATTLEFIELD and card.card.layout == "transform":
        card = faces.entering_face(g, card)  # a daybound card at night (CR 702.145b)
    new = GameObject(new_id, card, obj.owner, zone, g.ts)
    new.token = obj.token
    if obj.token and old_zone == BATTLEFIELD:
        new.info = {"left_battlefield": True}  # CR 111.8: it can't change zones again
    if obj.info and "commander" in obj.info:
        new.info = {"commander": obj.info["commander"]}  # still that player's commander
        if zone in (GRAVEYARD, EXILE, HAND, LIBRARY) and old_zone != zone and old_zone != COMMAND:
            g.commander.moved.append(new_id)
    if face_down is not None:
        new.info = dict(new.info or {}, **face_down)
    g.objects[new_id] = new
    g.own(new_id)
    if new.token and zone not in (BATTLEFIELD, STACK):
        g.token_ghosts.append(new_id)  # it ceases to exist at the next check (CR 704.5d)
    if zone == BATTLEFIELD:
        new.controller = obj.controller if controller is None else controller
        new.x = x
        new.tapped = tapped
        if info:
            new.info = dict(new.info or {}, **info)
        if new.info and "devour" in new.info:
            _devour(g, new)
        g.battlefield.append(new_id)
        _enters_battlefield(g, new, attach_to)
    elif zone == STACK:
        new.controller = obj.controller if controller is None else controller
    else:
        lst = zone_list(g, obj.owner, zone)
        if zone == LIBRARY and to_top:
            lst.insert(0, new_id)
        else:
            lst.append(new_id)
    return new_id


def _devour(g: Game, obj: GameObject) -> None:
    """Devour N (CR 702.82a): the creatures chosen as it enters are sacrificed (those still
    creatures its controller controls) before it is on the battlefield, and it enters with N
    +1/+1 counters for each."""
    from . import primitives
    info = dict(obj.info or {})
    n, chosen = info.pop("devour")
    obj.info = info or None
    eaten = [o for o in chosen if o in g.objects and g.objects[o].zone == BATTLEFIELD
             and g.objects[o].controller == obj.controller and g.is_creature(o)]
    for o in eaten:
        primitives.sacrifice(g, o)
    if eaten:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + n * len(eaten)
        g.log_event(f"{obj.card.name} devours {len(eaten)}")


def can_change_zones(obj: GameObject) -> bool:
    """CR 111.8: a token that has left the battlefield can't move to another zone or come back
    onto the battlefield; it stays where it is until it ceases to exist (CR 704.5d)."""
    return not (obj.token and obj.info and obj.info.get("left_battlefield"))


def _remove_from_zone(g: Game, obj: GameObject) -> None:
    if obj.zone == BATTLEFIELD:
        g.battlefield.remove(obj.id)
    elif obj.zone != STACK:
        zone_list(g, obj.owner, obj.zone).remove(obj.id)


def _enters_battlefield(g: Game, obj: GameObject, attach_to: int | None) -> None:
    """CR 614.1c: "enters tapped", "enters with" counters (X is the X of the spell it was,
    CR 107.3m); then it is on the battlefield and its enters triggers trigger (CR 603.6a)."""
    obj.sick = True
    card = copies.card_of(g, obj)
    if card.loyalty is not None and "Planeswalker" in card.types:
        # CR 306.5b: it enters with loyalty counters equal to its printed loyalty
        obj.counters["loyalty"] = obj.counters.get("loyalty", 0) + card.loyalty
    for ab in card.abilities:
        if isinstance(ab, EntersTapped):
            if ab.unless is None or not g.matches(ab.unless, obj.id, obj.controller, obj.id):
                obj.tapped = True
        elif isinstance(ab, EntersWith):
            if ab.condition is not None and not g.matches(ab.condition, obj.id, obj.controller, obj.id):
                continue
            ctx = Context(obj.controller, obj.id, obj.card.name)
            ctx.x = obj.x
            ctx.kicked = (obj.info or {}).get("kicked", 0)
            n = amount_of(ab.amount, g, ctx)
            if n > 0:
                obj.counters[ab.counter] = obj.counters.get(ab.counter, 0) + n
                limits.check_amount(obj.counters[ab.counter], "counter")
    saga = "Saga" in card.subtypes
    if saga:  # CR 714.3a: as a Saga enters, its controller puts a lore counter on it
        obj.counters[sagas.LORE] = obj.counters.get(sagas.LORE, 0) + 1
    for key in ("enters_with", "choice_counters"):
        if obj.info and key in obj.info:
            # "return it to the battlefield with a -1/-1 counter on it" (persist, CR 702.79a);
            # riot's and unleash's counter (engine/chosen.py)
            info = dict(obj.info)
            for kind, n in info.pop(key).items():
                obj.counters[kind] = obj.counters.get(kind, 0) + n
            obj.info = info or None
    if obj.info and ("pay_life" in obj.info or "enters_tapped" in obj.info):
        # "As ~ enters, you may pay N life. If you don't, it enters tapped." (CR 614.12)
        info = dict(obj.info)
        paid = info.pop("pay_life", 0)
        if info.pop("enters_tapped", False):
            obj.tapped = True
        obj.info = info or None
        if paid:
            g.players[obj.controller].life -= paid
            from .primitives import lost_life
            lost_life(g, obj.controller, paid)  # CR 119.4
            g.sba_dirty = True
            g.log_event(f"{g.players[obj.controller].name} pays {paid} life ({obj.card.name})")
    if attach_to is not None and attach_to in g.objects:
        obj.attached_to = attach_to
    g.entered(obj.id)  # a token among many: extends the cached characteristics (game.py)
    g.turn_state.facts.setdefault("entered", []).append(obj.id)  # "that entered this turn"
    g.log_event(f"{g.name_of(obj.id)} enters the battlefield under {g.players[obj.controller].name}'s control")
    if obj.card.card.layout == "transform":
        faces.settle_day_night(g)  # CR 702.145d, 702.145g
    triggers.entered_battlefield(g, obj)
    if saga:  # CR 122.6: counters it enters with were put onto it: its chapter abilities trigger
        sagas.lore_added(g, obj.id, 0, obj.counters.get(sagas.LORE, 0))
    designations.permanent_arrived(g, obj.id)  # CR 702.131b


# ---------------------------------------------------------------------------------------------
# "as enters" choices (CR 614.12): made however the permanent enters, before it does


def as_enters_ability(card: CardDef) -> AsEntersChoose | None:
    return next((a for a in card.abilities if isinstance(a, AsEntersChoose)), None)


def enters_ask(g: Game, card: CardDef, player: int, name: str, key: int | None = None,
               partial: Any = None) -> Ask | None:
    """The next question of `card`'s "as enters" choice for `player` (its controller as it
    enters), given the answer so far; None once the answer is complete (engine/chosen.py)."""
    return chosen.question(g, card, player, name, key, partial)


def enters_info(g: Game, card: CardDef, answer: Any) -> dict[str, Any]:
    """What the permanent remembers of its "as enters" choice (engine/chosen.py)."""
    return chosen.remembered(g, card, answer)


def as_enters(g: Game, ctx: Context, key: int, card: CardDef, player: int) -> Ask | dict[str, Any] | None:
    """For an effect about to put `card` onto the battlefield: the question of its "as enters"
    choice (answered in `ctx.answers[key]`), or what the answer makes it remember (None when
    it has no such choice)."""
    if as_enters_ability(card) is None:
        return None
    answer = ctx.answers.get(key)
    ask = enters_ask(g, card, player, card.name, key, answer)
    if ask is not None:
        return ask
    return enters_info(g, card, answer)


def enter_battlefield(g: Game, ctx: Context, key: int, cards: list[tuple[int, int]],
                      tapped: bool = False) -> list[int | None] | Ask:
    """Put objects onto the battlefield at the same time, each (object, controller): their "as
    enters" choices first, one question at a time (answered in `ctx.answers[key + i]`), then
    all of them enter (CR 614.12), tapped if `tapped`. Returns the new ids, or the next
    question."""
    infos: list[dict[str, Any] | None] = []
    for i, (oid, controller) in enumerate(cards):
        obj = g.objects.get(oid)
        if obj is None or not can_change_zones(obj):
            infos.append(None)
            continue
        info = as_enters(g, ctx, key + i, obj.card, controller)
        if isinstance(info, Ask):
            return info
        infos.append(info)
    return [move_to_zone(g, oid, BATTLEFIELD, controller=controller, info=info, tapped=tapped)
            for (oid, controller), info in zip(cards, infos, strict=True)]


def put_onto_battlefield(g: Game, t: PutOntoBattlefield) -> bool:
    """The task: a land played (CR 305.1) or another object put onto the battlefield outside
    an effect, its "as enters" choice asked first."""
    obj = g.objects.get(t.obj)
    if obj is None:
        return True
    info = None
    if as_enters_ability(obj.card) is not None:
        ask = enters_ask(g, obj.card, t.controller, obj.card.name, partial=t.answer)
        if ask is not None:
            from . import resolution
            resolution.ask_from(g, ask)
            return False
        info = enters_info(g, obj.card, t.answer)
    move_to_zone(g, t.obj, BATTLEFIELD, controller=t.controller, info=info)
    return True


def shuffle_library(g: Game, player: int) -> None:
    """CR 701.20: with the game's seeded generator."""
    g.rng.shuffle(g.players[player].library)


# ---------------------------------------------------------------------------------------------
# tokens (CR 111) and copies of cards (CR 707.12)


def create_token(g: Game, player: int, token_name: str | CardDef, info: dict[str, Any] | None = None,
                 tapped: bool = False) -> int:
    """Create a token (CR 111.1): `token_name` is a token card (by name, or the definition an
    effect gives it, cards/tokens.py), or any card for a token that is a copy of it (CR 707.2,
    111.4); `info` is what its "as enters" choice made it remember. `tapped`: it enters tapped
    ("create a tapped ... token")."""
    card = token_name if isinstance(token_name, CardDef) else card_by_key(token_name)
    if card.card.layout == "transform":
        card = faces.entering_face(g, card)  # a copy of a daybound card (CR 707.8a, 702.145b)
    oid = _next_id(g)
    obj = GameObject(oid, card, player, BATTLEFIELD, g.ts)
    obj.token = True
    obj.tapped = tapped
    if info:
        obj.info = dict(info)
    g.objects[oid] = obj
    g.own(oid)
    if obj.info and "devour" in obj.info:
        _devour(g, obj)
    g.battlefield.append(oid)
    name = token_name if isinstance(token_name, str) and "#face" not in token_name else card.name
    what = name if name.endswith(" Token") else f"{name} token"
    g.log_event(f"{g.players[player].name} creates a {what}" + (" (tapped)" if tapped else ""))
    _enters_battlefield(g, obj, None)
    return oid


def create_token_copy(g: Game, player: int, card_name: str, info: dict[str, Any] | None = None) -> int:
    """A token that is a copy of a card (CR 707.2, 111.4)."""
    return create_token(g, player, card_name, info)


def create_token_copy_of(g: Game, ctx: Context, key: int, player: int, oid: int) -> Ask | int | None:
    """"Create a token that's a copy of <permanent>" (CR 707.2, 111.1): a token with the
    permanent's copiable values (the card it is or copies, and its copy effects' exceptions,
    CR 707.9b), nothing else (not its counters, tapped state or other effects, CR 707.2). Its
    "as enters" choice is asked first (answered in `ctx.answers[key]`, CR 614.12). None when
    the permanent is gone (CR 111.12, 608.2b)."""
    if oid not in g.objects or g.objects[oid].zone != BATTLEFIELD:
        return None
    copied, exceptions = copies.copiable_values(g, g.objects[oid])
    card = copied if isinstance(copied, CardDef) else card_by_key(copied)
    info: dict[str, Any] = {"copy_except": exceptions} if exceptions else {}
    chosen = as_enters(g, ctx, key, card, player)
    if isinstance(chosen, Ask):
        return chosen
    if chosen:
        info.update(chosen)
    return create_token(g, player, card, info or None)


def make_card_copy(g: Game, player: int, oid: int) -> int:
    """A copy of a card, in exile, to be cast (CR 707.12): a token-like object that is not a
    card; it ceases to exist if it goes anywhere but the stack and battlefield."""
    card = g.objects[oid].card
    nid = _next_id(g)
    obj = GameObject(nid, card, player, EXILE, g.ts)
    obj.token = True
    g.objects[nid] = obj
    g.own(nid)
    g.players[player].exile.append(nid)
    g.token_ghosts.append(nid)  # gone at the next state-based check unless cast at once
    return nid


# ---------------------------------------------------------------------------------------------
# linked abilities (CR 607) and playing cards from exile


def link_group(key: str) -> str:
    """Abilities printed on one card are linked among themselves ("p"); those Mairsil has
    from one caged card only among themselves ("g<card id>"), CR 607.2 and the rulings."""
    return key.split(".", 1)[0] if "." in key else "p"


def exile_linked(g: Game, oid: int, ctx: Context) -> int | None:
    """Exile an object "with" this ability's source (CR 607.2a)."""
    if oid not in g.objects:
        return None
    new = move_to_zone(g, oid, EXILE)
    if new is not None and ctx.source_id is not None:
        w = g.writable(new)
        w.info = dict(w.info or {}, exiled_with=(ctx.source_id, ctx.link))
        g.log_event(f"{g.name_of(new)} is exiled with {ctx.source_name}")
    return new


def linked_cards(g: Game, ctx: Context) -> list[int]:
    """The cards in exile exiled with the ability linked to this one: same source object,
    same link group. (Copies of the exiling ability share both, so their cards count too.)"""
    if ctx.source_id is None:
        return []
    want = (ctx.source_id, ctx.link)
    out = []
    for p in g.players:
        for oid in p.exile:
            info = g.objects[oid].info
            if info and tuple(info.get("exiled_with", ())) == want:
                out.append(oid)
    return out


def allow_play_from_exile(g: Game, player: int, oid: int, free: bool) -> None:
    """Until end of turn, `player` may play the card in exile (for free: CR 118.9)."""
    g.effects.play_permissions.append((player, oid, free))


def playable_from_exile(g: Game, p: int) -> list[int]:
    """Cards in exile `p` may play now (Magus of the Mind)."""
    return [o for pl, o, _free in g.effects.play_permissions
            if pl == p and o in g.objects and g.objects[o].zone == EXILE]


def free_from_exile(g: Game, oid: int) -> bool:
    """May the card in exile be cast without paying its mana cost?"""
    obj = g.objects.get(oid)
    return obj is not None and obj.zone == EXILE and any(
        o == oid and free for _p, o, free in g.effects.play_permissions)


def leave_together(g: Game, start: bool) -> bool:
    """Begin (`start`) or end a batch of permanents leaving the battlefield at the same time
    (CR 603.10a: their leaves abilities see each other leave, triggers.leaves_battlefield).
    Beginning inside a batch does nothing and returns False; end only a batch you began."""
    if start:
        if g.leaving_batch is not None:
            return False
        g.leaving_batch = []
        return True
    g.leaving_batch = None
    return True
