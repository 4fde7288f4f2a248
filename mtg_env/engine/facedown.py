"""Face-down spells and permanents (CR 708): morph and megamorph (CR 702.37), manifest (CR 701.40).

A face-down object's `card` is `FACE_DOWN` (cards/facedown.py: a 2/2 creature with no text, no
name, no subtypes and no mana cost, CR 708.2a), so that everything that reads it (the layers,
names, labels, the state's JSON, observations, the log) sees only that. Its real card is kept
in its `info` ("face_down"), with what made it face down ("face_down_by": "morph" or
"manifest"). Its controller may look at it (CR 708.5): their own actions name it ("cast Den
Protector face down", "turn Den Protector face up (megamorph {1}{G})"); nothing another player
is shown does.

- Casting face down (CR 702.37c): the card is turned face down before it is put onto the
  stack (CR 708.4), so every rule sees a 2/2 colorless creature spell (its timing, cost
  reductions for creature spells); its cost is {3}, an alternative cost (CR 118.9). It
  resolves into a face-down permanent, whose enters abilities don't apply (CR 708.3).
- Turning face up (CR 702.37e, 701.40b) is a special action (CR 116.2b), taken any time its
  controller has priority: the morph cost (or, for a manifested creature card, its mana
  cost) is paid as a cost is paid for an activated ability (engine/casting.py, `what`
  "face_up"), then it is the same permanent with its card's characteristics (CR 708.8: effects
  on it still apply, it didn't enter; a new timestamp, CR 613.7f), and its "When ~ is turned
  face up" abilities trigger. Megamorph puts a +1/+1 counter on it as it turns face up (CR
  702.37b).
- A face-down permanent that leaves the battlefield, or a face-down spell that leaves the stack
  other than for the battlefield, is revealed (CR 708.9): the new object is its card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Triggered, TriggerEvent
from ..cards.carddef import CardDef
from ..cards.costs import Cost
from ..cards.effects.facedown import Morph
from ..cards.facedown import FACE_DOWN, FACE_DOWN_NAME
from ..core.actions import Action
from ..core.mana import ManaCost, available_for
from ..core.objects import BATTLEFIELD, STACK, Event, GameObject
from . import costs, legal, zones

if TYPE_CHECKING:
    from .game import Game

#: the third part of the payload of a "cast ... face down" action
FACE_DOWN_CAST = "face down"
#: the `ability` of the action that turns a manifested permanent face up (manifest's reminder text)
MANIFEST_REMINDER = "Turn it face up any time for its mana cost if it's a creature card."
#: the cost of casting a card face down with morph (CR 702.37a)
MORPH_CAST_COST = ManaCost(generic=3, text="{3}")


def real_card(obj: GameObject) -> CardDef | None:
    """The card a face-down object is (None for a face-up object)."""
    info = obj.info
    return info.get("face_down") if info else None


def is_face_down(obj: GameObject) -> bool:
    return obj.card is FACE_DOWN


def morph_of(card: CardDef) -> Morph | None:
    d = card.__dict__  # kept on the definition (carddef.card_cache), asked at every priority
    if "_morph" not in d:
        object.__setattr__(card, "_morph", next((a for a in card.abilities if isinstance(a, Morph)), None))
    m: Morph | None = d["_morph"]
    return m


# ---------------------------------------------------------------------------------------------
# casting face down (CR 702.37c)


def face_down_casts(g: Game, p: int, oids: list[int], sorcery_ok: bool, sources: list[Any] | None) -> list[Action]:
    """The cards among `oids` (in zones `p` may cast them from) that `p` may cast face down
    with morph now: its timing, cost and restrictions are the face-down spell's (CR 708.4)."""
    out = []
    for oid in oids:
        obj = g.objects[oid]
        card = obj.card
        if not card.abilities or card.faces or card is FACE_DOWN or morph_of(card) is None or \
                zones.free_from_exile(g, oid):
            continue
        if legal.can_cast(g, oid, p, sorcery_ok, sources, FACE_DOWN):
            out.append(Action("cast", f"cast {card.name} face down", source=card.name,
                              payload=("cast", oid, FACE_DOWN_CAST)))
    return out


def turn_face_down_to_cast(g: Game, oid: int) -> None:
    """CR 702.37c: turn the card face down before it is cast (it is put onto the stack so)."""
    w = g.writable(oid)
    w.info = dict(w.info or {}, face_down=w.card, face_down_by="morph")
    w.card = FACE_DOWN
    g.invalidate()


def spell_cost(card: CardDef) -> ManaCost | None:
    """The cost paid rather than the mana cost: {3} for a face-down spell (CR 702.37c)."""
    return MORPH_CAST_COST if card is FACE_DOWN else None


# ---------------------------------------------------------------------------------------------
# zone changes (CR 708.3, 708.9)


def moved_card(g: Game, obj: GameObject, old_zone: str, zone: str) -> tuple[CardDef, dict[str, Any] | None]:
    """What a face-down object becomes as it moves: still face down onto the stack (cast face
    down) and onto the battlefield (its spell resolves; manifested, CR 708.3); else revealed
    (CR 708.9): its card. Returns the card and the info the new object keeps."""
    info = obj.info or {}
    card = info["face_down"]
    if zone == STACK or (zone == BATTLEFIELD and old_zone != BATTLEFIELD):
        return FACE_DOWN, {"face_down": card, "face_down_by": info.get("face_down_by")}
    g.log_event(f"{FACE_DOWN_NAME} #{obj.id} is revealed: {card.name}")
    return card, None


# ---------------------------------------------------------------------------------------------
# turning face up: a special action (CR 116.2b, 702.37e, 701.40b)


def face_up_cost(g: Game, oid: int, how: str) -> ManaCost | None:
    """The cost to turn the face-down permanent `oid` face up `how`: "morph" its morph cost
    (CR 702.37e: the morph cost it would have face up), "manifest" a manifested creature
    card's mana cost (CR 701.40b); None when it can't be turned face up so."""
    obj = g.objects[oid]
    card = real_card(obj)
    if card is None:
        return None
    if how == "morph":
        m = morph_of(card)
        return m.cost if m is not None else None
    manifested = how == "manifest" and obj.info and obj.info.get("face_down_by") == "manifest"
    if manifested and "Creature" in card.types and card.mana_cost.text:
        return card.mana_cost
    return None


def face_up_actions(g: Game, p: int, sources: list[Any] | None, oids: list[int]) -> list[Action]:
    """Turning a face-down permanent `p` controls (`oids`, in battlefield order) face up, for
    each way its cost can be paid now (the pool, and with automatic payment the simple sources)."""
    out = []
    for oid in oids:
        obj = g.objects[oid]
        card = real_card(obj)
        if card is None:
            continue  # a face-down copy of a face-down spell: nothing to turn up
        for how in ("morph", "manifest"):
            cost = face_up_cost(g, oid, how)
            if cost is None:
                continue
            avail = available_for(g.players[p].pool, costs.spend_tags(g, p, "face_up", oid))  # a special action (CR 116.2b), not an ability
            if not legal.payable(avail, cost, sources):
                continue
            m = morph_of(card)
            if how == "morph" and m is not None:
                word, text = ("megamorph" if m.mega else "morph"), m.text
            else:
                word, text = "mana cost", MANIFEST_REMINDER
            out.append(Action("activate", f"turn {card.name} face up ({word} {cost})", source=card.name,
                              ability=text, payload=("face_up", oid, how)))
    return out


def begin_turn_face_up(g: Game, p: int, oid: int, how: str) -> None:
    """The special action: its cost is paid as an activated ability's is (CR 116.2b)."""
    from .tasks import Announce
    g.tasks.append(Announce(what="face_up", player=p, obj=oid, key=how))


def face_up_parts(g: Game, oid: int, how: str) -> Cost:
    cost = face_up_cost(g, oid, how)
    assert cost is not None
    return Cost(mana=cost)


def turn_face_up(g: Game, oid: int, how: str, player: int) -> None:
    """CR 708.8, 702.37e: its cost paid, the permanent is turned face up: the same object with
    its card's characteristics and a new timestamp (CR 613.7f); megamorph's counter (CR
    702.37b); its "When ~ is turned face up" abilities trigger."""
    from . import primitives, triggers
    obj = g.objects.get(oid)
    if obj is None or obj.zone != BATTLEFIELD or obj.card is not FACE_DOWN:
        return
    card = real_card(obj)
    assert card is not None
    if card.layout in ("transform", "modal_dfc"):
        card = card.faces[0]  # its front face (the card's characteristics, CR 712.8a)
    w = g.writable(oid)
    info = dict(w.info or {})
    info.pop("face_down", None)
    info.pop("face_down_by", None)
    w.info = info or None
    w.card = card
    g.ts += 1
    w.timestamp = g.ts
    g.invalidate()
    g.log_event(f"{g.players[player].name} turns {FACE_DOWN_NAME} #{oid} face up: {card.name}")
    m = morph_of(card)
    if how == "morph" and m is not None and m.mega:
        primitives.add_counters(g, oid, "+1/+1", 1)
    # its own "When ~ is turned face up", then "Whenever a permanent you control is turned face up"
    c = g.chars(oid)
    ev = TriggerEvent.TURNED_FACE_UP
    for key, ab, origin in c.abilities:
        if isinstance(ab, Triggered) and ev in ab.events and _about(g, ab, oid, oid):
            triggers.queue_trigger(g, ab, oid, key, origin, Event(ev, object=oid))
    for src, key, ab, origin in g.triggers_for(ev):
        if src != oid and _about(g, ab, src, oid):
            triggers.queue_trigger(g, ab, src, key, origin, Event(ev, object=oid))


def _about(g: Game, ab: Triggered, src: int, oid: int) -> bool:
    return ab.subject is None or ab.subject.obj(g, g.objects[oid], g.chars(oid), g.objects[src].controller, src)


# ---------------------------------------------------------------------------------------------
# manifest (CR 701.40)


def set_face_down(g: Game, oid: int, how: str) -> None:
    """A permanent set up face down (scenario files): as if cast face down with morph, or
    manifested (`how`)."""
    w = g.writable(oid)
    w.info = dict(w.info or {}, face_down=w.card.card, face_down_by=how)
    w.card = FACE_DOWN
    g.invalidate()


def manifest(g: Game, player: int, oid: int) -> int | None:
    """CR 701.40a: turn the card `oid` face down and put it onto the battlefield under
    `player`'s control (it is turned face down before it enters, CR 708.3). Returns the
    permanent."""
    from . import zones
    obj = g.objects.get(oid)
    if obj is None or obj.zone in (BATTLEFIELD, STACK) or obj.token:
        return None
    w = g.writable(oid)
    w.info = dict(w.info or {}, face_down=w.card.card, face_down_by="manifest")
    w.card = FACE_DOWN
    g.invalidate()
    return zones.move_to_zone(g, oid, BATTLEFIELD, controller=player)
