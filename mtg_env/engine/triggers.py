"""Triggered abilities (CR 603): when they trigger, and putting them on the stack.

An event (core.objects.Event) is checked against the triggered abilities of the permanents on
the battlefield, indexed by event kind (`Game.triggers_for`). An ability triggers when its
`subject` filter matches what the event is about and its `actor` matches the player the event
is about (cards/abilities.py). Leaves-the-battlefield abilities look back in time: the leaving
permanent's own abilities trigger from its characteristics as it last existed (CR 603.10a).
A triggered mana ability resolves at once (CR 605.4a); the others wait in
`Game.pending_triggers` until a player would receive priority, then their controllers put
them on the stack in APNAP order, choosing the order of their own (CR 603.3b) and their
targets (CR 603.3d).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import THIS, Triggered, TriggerEvent, targets_of
from ..cards.effects import UNDYING
from ..cards.effects.returning import PERSIST
from ..core.actions import Action
from ..core.chars import Chars
from ..core.filters import OPPONENT, YOU
from ..core.mana import TYPES
from ..core.objects import BATTLEFIELD, GRAVEYARD, Context, Event, GameObject, StackItem
from . import casting, labels, targets, zones
from .state import PendingTrigger
from .tasks import PlaceTriggers, Resolve

if TYPE_CHECKING:
    from .game import Game, TriggerEntry

E = TriggerEvent


def index_triggers(g: Game) -> dict[str, list[TriggerEntry]]:
    """Every triggered ability that functions now, by the events it waits for: those of the
    permanents on the battlefield, in battlefield order, then those of cards in graveyards
    that function there (`Triggered.zone`, CR 113.6b, 113.6m), in seat order of their owners
    and graveyard order. A permanent's graveyard abilities don't function on the battlefield."""
    index: dict[str, list[TriggerEntry]] = {}
    for oid, c in g.all_chars().items():
        for key, ab, origin in c.abilities:
            if isinstance(ab, Triggered) and ab.zone == BATTLEFIELD:
                for ev in ab.events:
                    index.setdefault(ev, []).append((oid, key, ab, origin))
    for p in g.players:
        for oid in p.graveyard:
            card = g.objects[oid].card
            got = _graveyard_abilities.get(id(card))
            if got is None:
                got = _graveyard_abilities[id(card)] = (card, tuple(
                    (str(i), a) for i, a in enumerate(card.abilities)
                    if isinstance(a, Triggered) and a.zone == GRAVEYARD))
            for key, ab in got[1]:
                for ev in ab.events:
                    index.setdefault(ev, []).append((oid, key, ab, None))
    return index


#: id(card) -> (card, its triggered abilities that function in a graveyard, keyed as its
#: printed characteristics key them); the card is kept so that its id isn't reused
_graveyard_abilities: dict[int, tuple[object, tuple[tuple[str, Triggered], ...]]] = {}


def queue_trigger(g: Game, ab: Triggered, src: int, key: str, origin: str | None, event: Event) -> None:
    """It triggered: it waits to be put on the stack, or resolves at once if it is a mana
    ability (CR 605.4a). An intervening "if" is checked now (CR 603.4)."""
    obj = g.objects[src]
    if ab.condition is not None and not g.matches(ab.condition, src, obj.controller, src):
        return
    pt = PendingTrigger(ab, src, key, obj.controller, g.name_of(src), event, origin)
    if ab.is_mana_ability:
        g.mana_triggers.append(pt)
    else:
        g.pending_triggers.append(pt)


def _subject_matches(g: Game, ab: Triggered, src: int, o: GameObject, c: Chars) -> bool:
    return ab.subject is None or ab.subject.obj(g, o, c, g.objects[src].controller, src)


# ---------------------------------------------------------------------------------------------
# events about permanents


def transformed(g: Game, oid: int) -> None:
    """CR 701.27e: its abilities that trigger as it transforms into the face now up."""
    c = g.chars(oid)
    for key, ab, origin in c.abilities:
        if isinstance(ab, Triggered) and E.TRANSFORMS in ab.events:
            queue_trigger(g, ab, oid, key, origin, Event(E.TRANSFORMS, object=oid))


def became_monstrous(g: Game, oid: int) -> None:
    """CR 701.37a: its "When <this> becomes monstrous" abilities."""
    for key, ab, origin in g.chars(oid).abilities:
        if isinstance(ab, Triggered) and E.BECOMES_MONSTROUS in ab.events:
            queue_trigger(g, ab, oid, key, origin, Event(E.BECOMES_MONSTROUS, object=oid))


def exploits(g: Game, src: int, c: Chars, controller: int, sacrificed: int) -> None:
    """CR 702.110b: the source's exploit ability sacrificed a creature as it resolved: its
    "When <this> exploits a creature" abilities trigger, as the source was just before the
    sacrifice (`c`; it may have sacrificed itself)."""
    for key, ab, origin in c.abilities:
        if isinstance(ab, Triggered) and E.EXPLOITS in ab.events:
            if ab.condition is not None and src in g.objects and \
                    not g.matches(ab.condition, src, controller, src):
                continue
            g.pending_triggers.append(PendingTrigger(ab, src, key, controller, c.name,
                                                     Event(E.EXPLOITS, object=sacrificed), origin))


def entered_battlefield(g: Game, obj: GameObject) -> None:
    """CR 603.6a: its own enters abilities, then other permanents' "whenever ... enters"."""
    c = g.chars(obj.id)
    for key, ab, origin in c.abilities:
        if isinstance(ab, Triggered) and E.ENTERS in ab.events and ab.zone == BATTLEFIELD and \
                _subject_matches(g, ab, obj.id, obj, c):
            queue_trigger(g, ab, obj.id, key, origin, Event(E.ENTERS, object=obj.id, x=obj.x))
    for src, key, ab, origin in g.triggers_for(E.ENTERS):
        if src != obj.id and _subject_matches(g, ab, src, obj, c):
            queue_trigger(g, ab, src, key, origin, Event(E.ENTERS, object=obj.id, x=obj.x))


#: the log's words for where a permanent went
_TO = {GRAVEYARD: " to the graveyard", "hand": " to its owner's hand", "exile": " to exile",
       "library": " to its owner's library"}


def leaves_battlefield(g: Game, obj: GameObject, to_zone: str, c: Chars) -> None:
    """Leaves-the-battlefield triggers look back in time (CR 603.10a): the permanent's own
    abilities (and undying, CR 702.93a, only with no +1/+1 counter on it) as it last existed
    (`c`), then other permanents' "whenever a creature dies"."""
    left = g.turn_state.facts.setdefault("left", [])
    if obj.controller not in left:
        left.append(obj.controller)  # revolt (cards/turnfacts.py)
    dies = to_zone == GRAVEYARD and "Creature" in c.types
    if dies:
        died = g.turn_state.facts.setdefault("died", [])
        if obj.controller not in died:
            died.append(obj.controller)  # morbid (cards/turnfacts.py)
    happened = {E.LEAVES} | ({E.DIES} if dies else set()) | ({E.PUT_INTO_GRAVEYARD} if to_zone == GRAVEYARD else set())
    event = Event(E.LEAVES, object=obj.id, name=c.name, zone=to_zone, counters=dict(obj.counters),
                  new_id=g.next_id)
    abilities = list(c.abilities)
    if dies and "undying" in c.keywords and not obj.counters.get("+1/+1"):
        abilities.append(("undying", UNDYING, None))
    if dies and "persist" in c.keywords and not obj.counters.get("-1/-1"):
        abilities.append(("persist", PERSIST, None))  # CR 702.79a
    for key, ab, origin in abilities:
        if isinstance(ab, Triggered) and happened & set(ab.events) and ab.zone == BATTLEFIELD and \
                _subject_matches(g, ab, obj.id, obj, c):
            # the source has left: its controller and name are as it last existed
            g.pending_triggers.append(PendingTrigger(ab, obj.id, key, obj.controller, c.name, event.copy(),
                                                     origin))
    for kind in (E.DIES, E.LEAVES, E.PUT_INTO_GRAVEYARD):
        if kind not in happened:
            continue
        for src, key, ab, origin in g.triggers_for(kind):
            if src != obj.id and ab.subject is not THIS and _subject_matches(g, ab, src, obj, c):
                queue_trigger(g, ab, src, key, origin, Event(kind, object=obj.id, name=c.name, new_id=event.new_id))
        for src, sc, controller in g.leaving_batch or ():
            # CR 603.10a: a permanent that left at the same time, just before, looks back in
            # time too ("Whenever another creature you control dies" and a wrath)
            for key, ab, origin in sc.abilities:
                if isinstance(ab, Triggered) and kind in ab.events and ab.subject is not THIS and \
                        ab.zone == BATTLEFIELD and ab.condition is None and (ab.subject is None or ab.subject.obj(g, obj, c, controller, src)):
                    g.pending_triggers.append(PendingTrigger(ab, src, key, controller, sc.name,
                                                             Event(kind, object=obj.id, name=c.name,
                                                                   new_id=event.new_id), origin))
    g.log_event(f"{c.name} leaves the battlefield" + _TO.get(to_zone, ""))


def _own(g: Game, oid: int, kind: TriggerEvent, event: Event) -> None:
    """The permanent's own abilities that trigger on `kind` ("Whenever <this> becomes
    tapped")."""
    for key, ab, origin in g.chars(oid).abilities:
        if isinstance(ab, Triggered) and kind in ab.events:
            queue_trigger(g, ab, oid, key, origin, event.copy())


def becomes_tapped(g: Game, oid: int) -> None:
    if oid in g.all_chars() and not g.triggers_for(E.BECOMES_TAPPED):
        return  # a permanent's own abilities are in the index: none waits for this
    _own(g, oid, E.BECOMES_TAPPED, Event(E.BECOMES_TAPPED, object=oid))


def last_time_counter_removed(g: Game, oid: int) -> None:
    """CR 702.63a: "When the last time counter is removed from this permanent, ..."."""
    _own(g, oid, E.LAST_TIME_COUNTER, Event(E.LAST_TIME_COUNTER, object=oid))


def becomes_untapped(g: Game, oid: int) -> None:
    """CR 603.2f: "Whenever <this> / a permanent you control becomes untapped" (an untap, not
    a permanent entering untapped)."""
    if g.triggers_for(E.BECOMES_UNTAPPED):
        about(g, oid, E.BECOMES_UNTAPPED, Event(E.BECOMES_UNTAPPED, object=oid))


def becomes_target(g: Game, ctx: Context, item: StackItem | None = None) -> None:
    """"Whenever <this> becomes the target of a spell or ability" (Phantasmal Image); "... a
    spell or ability an opponent controls" (`actor` OPPONENT: ward, CR 702.21a). The event's
    `item` is the spell or ability on the stack, its `player` that item's controller."""
    for ref in ctx.targets:
        if ref[0] == "obj" and ref[1] in g.objects and g.objects[ref[1]].zone == BATTLEFIELD:
            oid = ref[1]
            event = Event(E.BECOMES_TARGET, object=oid, item=item.clone() if item is not None else None,
                          player=ctx.controller)
            for key, ab, origin in g.chars(oid).abilities:
                if isinstance(ab, Triggered) and E.BECOMES_TARGET in ab.events:
                    if ab.actor == OPPONENT and ctx.controller not in g.opponents(g.objects[oid].controller):
                        continue
                    queue_trigger(g, ab, oid, key, origin, event.copy())


def about(g: Game, oid: int, kind: TriggerEvent, event: Event) -> None:
    """An event about the permanent `oid`: every triggered ability on the battlefield waiting
    for `kind` whose subject matches it, judged now ("Whenever <this> attacks", "Whenever
    equipped creature attacks", "Whenever a creature you control attacks"; CR 603.2, 509.3f).
    A permanent's own abilities come in the order it has them, permanents in battlefield order."""
    if oid not in g.objects:
        return
    obj, c = g.objects[oid], g.chars(oid)
    for src, key, ab, origin in g.triggers_for(kind):
        if _subject_matches(g, ab, src, obj, c):
            queue_trigger(g, ab, src, key, origin, event.copy())


def attacks(g: Game, oid: int, defender: int) -> None:
    """CR 508.3a: "Whenever <this> attacks", "Whenever a creature you control attacks"."""
    about(g, oid, E.ATTACKS, Event(E.ATTACKS, object=oid, defender=defender))
    if g.triggers_for(E.ATTACKS_MOST_LIFE) and oid not in g.combat.attacked_planeswalkers:
        # dethrone (CR 702.105a): it attacks a player (not a planeswalker, Gatherer ruling
        # 2014-05-29) with the most life or tied for the most life, judged as it attacks
        most = max(p.life for p in g.players if not (p.lost or p.left))
        if g.players[defender].life >= most:
            about(g, oid, E.ATTACKS_MOST_LIFE, Event(E.ATTACKS_MOST_LIFE, object=oid, defender=defender))


def sacrificed(g: Game, obj: GameObject, c: Chars, new_id: int | None) -> None:
    """CR 701.21a: `obj`'s controller sacrificed it (`c`: as it last existed; `new_id`: the
    card it became, CR 400.7): "Whenever an opponent sacrifices a nontoken permanent" (It That
    Betrays), judged on the permanent as it last existed (CR 603.10a)."""
    player = obj.controller
    event = Event(E.SACRIFICED, player=player, object=obj.id, name=c.name, new_id=new_id)
    for key, ab, origin in c.abilities:
        # its own "whenever you sacrifice a permanent", as it last existed (CR 603.10a); its
        # controller is the sacrificing player (no "an opponent" here)
        if isinstance(ab, Triggered) and E.SACRIFICED in ab.events and ab.actor != OPPONENT \
                and (ab.subject is None or ab.subject.obj(g, obj, c, player, obj.id)) \
                and (ab.condition is None or ab.condition.obj(g, obj, c, player, obj.id)):
            g.pending_triggers.append(PendingTrigger(ab, obj.id, key, player, c.name, event.copy(), origin))
    for src, key, ab, origin in g.triggers_for(E.SACRIFICED):
        controller = g.objects[src].controller
        if src == obj.id or (ab.actor == YOU and controller != player) or (
                ab.actor == OPPONENT and player not in g.opponents(controller)):
            continue
        if _subject_matches(g, ab, src, obj, c):
            queue_trigger(g, ab, src, key, origin, event.copy())


def blocks(g: Game, oid: int) -> None:
    """CR 509.3a: "Whenever <this> blocks" (once each combat, however many it blocks)."""
    about(g, oid, E.BLOCKS, Event(E.BLOCKS, object=oid))


def blockers_declared(g: Game, blocks_of: dict[int, list[int]], attackers: list[int]) -> None:
    """The triggers of the declare blockers step after blocks (CR 509.3): "blocks a creature"
    once for each attacker it blocks (509.3b), "becomes blocked" once (509.3c), "becomes blocked
    by a creature" once for each blocker (509.3d), "attacks and isn't blocked" (509.3g)."""
    for a in attackers:
        bs = blocks_of.get(a, [])
        for b in bs:
            about(g, b, E.BLOCKS_CREATURE, Event(E.BLOCKS_CREATURE, object=b, source=a))
        if bs:
            about(g, a, E.BECOMES_BLOCKED, Event(E.BECOMES_BLOCKED, object=a, amount=len(bs),
                                                 defender=g.combat.attack_targets.get(a)))  # afflict
            for b in bs:
                about(g, a, E.BLOCKED_BY, Event(E.BLOCKED_BY, object=a, source=b))
                if b in g.objects and "flanking" not in g.chars(b).keywords:
                    about(g, a, E.BLOCKED_BY_NO_FLANKING, Event(E.BLOCKED_BY_NO_FLANKING, object=a, source=b))
        else:
            about(g, a, E.UNBLOCKED, Event(E.UNBLOCKED, object=a, player=g.combat.attack_targets.get(a)))


def damage_dealt(g: Game, src: int | None, ref: tuple[str, int], n: int, combat: bool) -> None:
    """`src` dealt `n` damage to `ref` (CR 120, 510.2): "Whenever <this> deals combat damage to
    a player / to a creature", "deals damage to a player / an opponent", "<this> is dealt
    damage". `that player` is the player dealt damage; "that much" is `amount`."""
    if n <= 0:
        return
    if src is not None and src in g.objects and g.triggers_for(E.OPPONENT_SOURCE_DAMAGES_YOURS):
        _opponent_source_damages_yours(g, src, ref, n)
    if ref[0] == "player":
        if src is not None:
            ev = Event(E.DAMAGE_TO_PLAYER, object=src, player=ref[1], amount=n, source=src)
            if combat:
                about(g, src, E.COMBAT_DAMAGE_TO_PLAYER, _kind(ev, E.COMBAT_DAMAGE_TO_PLAYER))
                from . import designations
                designations.monarch_dealt_combat_damage(g, src, ref[1], _kind(ev, E.COMBAT_DAMAGE_TO_PLAYER))
            about(g, src, E.DAMAGE_TO_PLAYER, ev)
            if src in g.objects:
                obj, c = g.objects[src], g.chars(src)
                for s, key, ab, origin in g.triggers_for(E.DAMAGE_TO_OPPONENT):
                    if ref[1] in g.opponents(g.objects[s].controller) and _subject_matches(g, ab, s, obj, c):
                        queue_trigger(g, ab, s, key, origin, _kind(ev, E.DAMAGE_TO_OPPONENT))
        return
    if ref[0] != "obj" or ref[1] not in g.objects:
        return
    if src is not None and combat and g.is_creature(ref[1]):
        about(g, src, E.COMBAT_DAMAGE_TO_CREATURE,
              Event(E.COMBAT_DAMAGE_TO_CREATURE, object=src, amount=n, source=ref[1]))
    if not combat:
        was_dealt_damage(g, ref[1], n, src)


def _opponent_source_damages_yours(g: Game, src: int, ref: tuple[str, int], n: int) -> None:
    """"Whenever a source an opponent controls deals damage to you or a permanent you control"
    (Flameblade Angel): once for each of them dealt damage at the same time (its ruling: a
    trampler dealing damage to a blocker and to you triggers it twice); "that source's
    controller" is the event's player."""
    if ref[0] == "player":
        dealt_to = ref[1]
    elif ref[1] in g.objects and g.objects[ref[1]].zone == BATTLEFIELD:
        dealt_to = g.objects[ref[1]].controller
    else:
        return
    source_controller = g.objects[src].controller
    for s, key, ab, origin in g.triggers_for(E.OPPONENT_SOURCE_DAMAGES_YOURS):
        me = g.objects[s].controller
        if dealt_to == me and source_controller in g.opponents(me):
            queue_trigger(g, ab, s, key, origin, Event(E.OPPONENT_SOURCE_DAMAGES_YOURS, player=source_controller,
                                                       object=src, amount=n, source=src))


def deals_damage(g: Game, src: int, n: int) -> None:
    """"Whenever ~ deals damage": once for the damage a source deals at once (a combat damage
    step's, CR 510.2; one effect's); "that much" is the total."""
    about(g, src, E.DEALS_DAMAGE, Event(E.DEALS_DAMAGE, object=src, amount=n, source=src))


def was_dealt_damage(g: Game, oid: int, n: int, src: int | None) -> None:
    """"Whenever <this> is dealt damage": once for damage dealt at the same time, however many
    sources dealt it (combat damage is summed by the caller, CR 510.2)."""
    if n > 0:
        about(g, oid, E.DEALT_DAMAGE, Event(E.DEALT_DAMAGE, object=oid, amount=n, source=src))


def _kind(ev: Event, kind: TriggerEvent) -> Event:
    e = ev.copy()
    e.kind = kind
    return e


def tapped_for_mana(g: Game, source: int, counts: list[int], player: int) -> None:
    """CR 106.12a: "Whenever <a land> is tapped for mana" triggers when the mana ability
    resolves and produces mana."""
    if source not in g.objects:
        return
    for src, key, ab, origin in g.triggers_for(E.TAPPED_FOR_MANA):
        if ab.produced is not None and not counts[TYPES.index(ab.produced)]:
            continue  # "tap a permanent for {C}": only if it produced {C}
        if tapped_trigger_applies(g, src, ab, source, player):
            queue_trigger(g, ab, src, key, origin,
                          Event(E.TAPPED_FOR_MANA, object=source, counts=list(counts), player=player))


def tapped_trigger_applies(g: Game, src: int, ab: Triggered, source: int, player: int) -> bool:
    """Would `src`'s "tapped for mana" trigger trigger when `player` taps `source` for mana?"""
    if ab.actor == YOU and g.objects[src].controller != player:
        return False
    if ab.produced is not None:
        from .mana_abilities import could_produce
        if ab.produced not in could_produce(g, source):
            return False
    return _subject_matches(g, ab, src, g.objects[source], g.chars(source))


# ---------------------------------------------------------------------------------------------
# events about players: steps, casting and activating


def player_event(g: Game, kind: TriggerEvent, player: int, item: StackItem | None = None,
                 source: int | None = None) -> None:
    """The beginning of `player`'s upkeep, draw step or end step (CR 503.1a, 504.2, 513.1a), or
    `player` casting a spell (CR 601.2i) or activating an ability (`item`, CR 602.2e).
    Abilities that say "you" are checked first, then those of any player (or of an opponent:
    `actor` OPPONENT)."""
    if kind in (E.UPKEEP, E.END_STEP, E.END_COMBAT) and g.effects.delayed:
        _delayed_upkeep(g, player, kind)
    if kind == E.UPKEEP and g.players[player].exile:
        from .altcast import suspend_upkeep
        suspend_upkeep(g, player)  # CR 702.62a: suspended cards' upkeep abilities
    entries = g.triggers_for(kind)
    if not entries:
        return
    for yours in (True, False):
        for src, key, ab, origin in entries:
            if (ab.actor == YOU) != yours:
                continue
            if yours and g.objects[src].controller != player:
                continue
            if ab.actor == OPPONENT and player not in g.opponents(g.objects[src].controller):
                continue  # "each opponent's upkeep", "on each opponent's turn" (CR 102.2)
            if ab.actor == "enchanted_player" and enchanted_player(g, src) != player:
                continue  # "At the beginning of enchanted player's upkeep" (a Curse, CR 303.4)
            if ab.actor == "attached_controller":
                host = g.objects[src].attached_to  # "the upkeep of enchanted creature's controller"
                if host is None or host not in g.objects or g.objects[host].controller != player:
                    continue
            if kind in (E.CAST, E.ACTIVATE, E.COPY) and ab.subject is not None and (
                    item is None or not ab.subject.item(g, item, g.objects[src].controller, src)):
                continue
            queue_trigger(g, ab, src, key, origin, Event(kind, player=player, item=item, source=source))


def state_triggers(g: Game) -> bool:
    """CR 603.8: the state triggers whose state holds, checked whenever a player would receive
    priority; one doesn't trigger again until it has resolved or otherwise left the stack (an
    instance waiting to be put on the stack, or on it, blocks it). True if any triggered."""
    entries = g.triggers_for(E.STATE)
    if not entries:
        return False
    waiting: set[tuple[int | None, str]] = {(t.source_id, t.key) for t in g.pending_triggers}
    waiting.update((s.obj_id, s.ability_key) for s in g.stack if s.kind == "ability")
    did = False
    for src, key, ab, origin in entries:
        state = getattr(ab, "state", None)
        if state is None or (src, key) in waiting or not state.holds(g, None, src):
            continue
        queue_trigger(g, ab, src, key, origin, Event(E.STATE, object=src))
        did = True
    return did


def enchanted_player(g: Game, oid: int) -> int | None:
    """The player an Aura with "enchant player" enchants (CR 303.4, 702.5), if it is one that
    is still in the game."""
    obj = g.objects.get(oid)
    p = obj.info.get("enchanted_player") if obj is not None and obj.info else None
    return p if p is not None and not g.players[p].lost else None


def _players_event(g: Game, kind: TriggerEvent, player: int, event: Event) -> None:
    """An event about `player` for abilities that say whose ("you", "an opponent") or not."""
    for src, key, ab, origin in g.triggers_for(kind):
        controller = g.objects[src].controller
        if (ab.actor == YOU and controller != player) or (
                ab.actor == OPPONENT and player not in g.opponents(controller)):
            continue
        if ab.subject is not None and not ab.subject.player(g, player, controller):
            continue  # "your second card each turn" (cards/turnfacts.py)
        queue_trigger(g, ab, src, key, origin, event.copy())


def life_gained(g: Game, player: int, n: int) -> None:
    """CR 119.9: "Whenever you gain life" triggers once for each life-gain event (each source
    with lifelink that deals combat damage is one, CR 120.3f); gaining 0 life is none. "that
    much" is `amount`."""
    if n > 0 and g.triggers_for(E.GAIN_LIFE):
        _players_event(g, E.GAIN_LIFE, player, Event(E.GAIN_LIFE, player=player, amount=n))


def card_drawn(g: Game, player: int, card: int) -> None:
    """CR 121.2: each card drawn is one draw: "Whenever you draw a card" triggers for each."""
    if g.triggers_for(E.DRAW):
        _players_event(g, E.DRAW, player, Event(E.DRAW, player=player, object=card))


def spell_copied(g: Game, player: int, item: StackItem) -> None:
    """CR 707.10: `player` copied a spell (the copy is `item`): "Whenever you cast or copy an
    instant or sorcery spell"."""
    player_event(g, E.COPY, player, item=item.clone())


def cast_self(g: Game, item: StackItem) -> None:
    """"When you cast this spell": the spell's own ability triggers from the stack as it
    becomes cast (CR 601.2i, 113.6k)."""
    oid = item.obj_id
    if oid is None or oid not in g.objects:
        return
    for key, ab, origin in g.chars(oid).abilities:
        if isinstance(ab, Triggered) and E.CAST_SELF in ab.events:
            queue_trigger(g, ab, oid, key, origin, Event(E.CAST_SELF, player=item.controller, item=item.clone()))


def delay_until_next_upkeep(g: Game, ctx: Context, ab: Triggered) -> None:
    """CR 603.7a: a resolving spell or ability creates a delayed triggered ability that
    triggers at the beginning of the next turn's upkeep (CR 603.7d: its controller is the
    spell's or ability's)."""
    g.effects.delayed.append((g.turn_state.number + 1, ctx.controller, ctx.source_id, ctx.source_name, ab))


def delay_until_next_end_step(g: Game, controller: int, src: int, ab: Triggered) -> None:
    """CR 603.7a: a delayed triggered ability that triggers at the beginning of the next end
    step (this turn's, unless that has begun: then the next turn's), controlled by `controller`
    (CR 603.7d), its source `src` (dash, CR 702.109a)."""
    turn = g.turn_state.number + (1 if g.turn_state.step in ("end", "cleanup") else 0)
    g.effects.delayed.append((turn, controller, src, g.name_of(src), ab))


def delay_until_your_next_upkeep(g: Game, controller: int, src: int, ab: Triggered) -> None:
    """CR 603.7a: a delayed triggered ability that triggers at the beginning of `controller`'s
    next upkeep (`ab.actor` is YOU), its source `src`."""
    assert ab.actor == YOU
    g.effects.delayed.append((g.turn_state.number + 1, controller, src, g.name_of(src), ab))


def delay_until_end_of_combat(g: Game, ctx: Context, ab: Triggered) -> None:
    """CR 603.7a: a delayed triggered ability that triggers at the beginning of this turn's
    next end of combat step (CR 511.2: "at end of combat"); one created when no end of combat
    step is left this turn never triggers and is dropped with the turn."""
    g.effects.delayed.append((g.turn_state.number, ctx.controller, ctx.source_id, ctx.source_name, ab))


def _delayed_upkeep(g: Game, player: int, kind: TriggerEvent = E.UPKEEP) -> None:
    """The delayed triggered abilities of this turn's upkeep, end of combat step or end step
    (`kind`: the step an ability's event names) trigger once (CR 603.7b)."""
    now = g.turn_state.number
    keep = []
    for entry in g.effects.delayed:
        turn, controller, src, name, ab = entry
        at = E.END_COMBAT if E.END_COMBAT in ab.events else E.END_STEP if E.END_STEP in ab.events else E.UPKEEP
        # "at the beginning of your next upkeep / end step" (actor YOU): the first of its
        # controller's from `turn` on (rebound, CR 702.88a; Puppeteer Clique)
        due = (turn <= now and player == controller) if ab.actor == YOU and at != E.END_COMBAT else turn == now
        if not due or at != kind:
            if not (at == E.END_COMBAT and turn < now):  # an end of combat that never came
                keep.append(entry)
            continue
        g.pending_triggers.append(PendingTrigger(ab, src if src is not None else -1, "delayed", controller, name,
                                                 Event(kind, player=player)))
    g.effects.delayed = keep


def discarded(g: Game, player: int, card: int | None) -> None:
    """`player` discarded a card (now `card` in their graveyard): "whenever you / an opponent
    / a player discards a card" (CR 701.9), and "whenever you cycle or discard a card", which
    triggers once for a card cycled (CR 702.29d: the discard does it)."""
    for src, key, ab, origin in g.triggers_for(E.DISCARD):
        controller = g.objects[src].controller
        if (ab.actor == YOU and controller != player) or (ab.actor == OPPONENT and controller == player):
            continue
        queue_trigger(g, ab, src, key, origin, Event(E.DISCARD, player=player, object=card))


def cycled(g: Game, player: int, card: int) -> None:
    """`player` cycled a card, now the object `card` (in the zone the discard put it): its own
    "When you cycle <this card>" abilities trigger from that zone (CR 702.29c), then the
    permanents' "whenever you cycle / a player cycles a card" abilities, once (CR 702.29d)."""
    if card in g.objects:
        for key, ab, origin in g.chars(card).abilities:
            if isinstance(ab, Triggered) and E.CYCLED in ab.events and ab.subject is THIS:
                queue_trigger(g, ab, card, key, origin, Event(E.CYCLED, player=player, object=card))
    for src, key, ab, origin in g.triggers_for(E.CYCLED):
        if ab.subject is THIS or (ab.actor == YOU and g.objects[src].controller != player) or \
                E.DISCARD in ab.events:
            continue
        queue_trigger(g, ab, src, key, origin, Event(E.CYCLED, player=player, object=card))


# ---------------------------------------------------------------------------------------------
# putting triggered abilities on the stack (CR 603.3)


def _context(g: Game, pt: PendingTrigger) -> Context:
    ctx = Context(pt.controller, pt.source_id, pt.source_name)
    ctx.event = pt.event.copy()
    ctx.link = zones.link_group(pt.key)
    src = g.objects.get(pt.source_id)
    ctx.source_ts = src.timestamp if src is not None else None
    return ctx


def resolve_mana_trigger(g: Game, pt: PendingTrigger) -> None:
    """A triggered mana ability resolves at once, without using the stack (CR 605.4a)."""
    item = StackItem(0, "ability", pt.source_id, pt.ability, pt.key, _context(g, pt),
                     casting.ability_text(g, pt.ability, pt.source_id, pt.origin))
    g.tasks.append(Resolve(item=item))


def place_triggers(g: Game, t: PlaceTriggers) -> bool:
    """The task: APNAP, each player puts their triggered abilities on the stack in the order
    they choose; each one's targets are chosen as it is put there."""
    while True:
        cur = t.current
        if cur is not None:
            modes = getattr(cur.ability, "modes", ())
            if modes and not cur.ctx.modes:
                # CR 603.3c: a modal triggered ability's mode is chosen as it is put on the stack
                if t.answer is None:
                    acts = [Action("mode", f"mode {i + 1}: {m.text}", value=i, payload=i)
                            for i, m in enumerate(modes) if targets.has_targets(g, m.targets, cur.ctx)]
                    g.ask("mode", cur.ctx.controller, f"choose a mode for {cur.ctx.source_name}", acts)
                    return False
                cur.ctx.modes = [t.answer]
                t.answer = None
            specs = targets_of(cur.ability, cur.ctx)
            if not t.targets_done:
                if not targets.choose_targets(g, t, cur.ctx, specs, cur.ctx.controller):
                    return False
                t.targets_done = True
            if not casting.divide(g, t, cur.ctx, cur.ability, cur.ctx.controller):
                return False
            _put_on_stack(g, cur)
            t.current = None
            t.targets_done = False
            continue
        if not g.pending_triggers:
            return True
        player = next((p for p in g.apnap() if any(pt.controller == p for pt in g.pending_triggers)), None)
        if player is None:
            # triggers of players who left the game cease to exist (CR 800.4a)
            g.pending_triggers.clear()
            return True
        mine = [i for i, pt in enumerate(g.pending_triggers) if pt.controller == player]
        ans = t.answer
        if len(mine) > 1 and ans is None:
            acts = []
            for i in mine:
                pt = g.pending_triggers[i]
                text = casting.ability_text(g, pt.ability, pt.source_id, pt.origin)
                acts.append(Action("order", f"order {pt.source_name}: {text}", source=pt.source_name,
                                   ability=pt.ability.text, payload=i))
            g.ask("order", player, "choose the triggered ability to put on the stack next "
                  "(those put later resolve first)",
                  labels.dedupe_ids(acts, [g.pending_triggers[i].source_id for i in mine]))
            return False
        t.answer = None
        pt = g.pending_triggers.pop(ans if ans is not None else mine[0])
        ctx = _context(g, pt)
        # CR 107.3m: an enters trigger that refers to X uses the X of the spell it was
        ctx.x = pt.event.x
        item = StackItem(casting.new_stack_id(g), "ability", pt.source_id, pt.ability, pt.key, ctx,
                         casting.ability_text(g, pt.ability, pt.source_id, pt.origin))
        modes = getattr(pt.ability, "modes", ())
        if modes:
            # CR 603.3c: a mode is chosen now; if no mode can be chosen, it is removed
            if not any(targets.has_targets(g, m.targets, ctx) for m in modes):
                g.log_event(f"{pt.source_name}: {item.text} is removed from the stack (no mode can be chosen)")
                continue
            t.current = item
            t.spec_index = 0
            t.chosen = []
            continue
        if pt.ability.targets:
            # CR 603.3d: targets are chosen now; with no legal target it is removed.
            if not targets.has_targets(g, pt.ability.targets, ctx):
                g.log_event(f"{pt.source_name}: {item.text} is removed from the stack (no legal targets)")
                continue
            t.current = item
            t.spec_index = 0
            t.chosen = []
            continue
        _put_on_stack(g, item)


def _put_on_stack(g: Game, item: StackItem) -> None:
    g.stack.append(item)
    g.log_event(f"{item.ctx.source_name} triggers: {item.text}{casting.targets_text(g, item.ctx)}")
    becomes_target(g, item.ctx, item)
