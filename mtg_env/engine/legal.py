"""The legal actions of a player with priority (CR 117.1): pass, play a land (CR 305), cast a
spell (CR 601), activate an ability (CR 602).

`priority_actions` is the one entry point; it is complete and sound: an action is listed
exactly when its first step can succeed now (timing, costs that can be paid, enough legal
targets). Labels are made unique by labels.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Activated, CastRestriction, cast_allowed
from ..cards.carddef import CardDef, card_cache
from ..cards.facedown import FACE_DOWN
from ..cards.spellcosts import CostReduction, SpellsCostLess
from ..core.actions import PASS, Action
from ..core.chars import Chars
from ..core.mana import ManaCost, available_for, can_pay
from ..core.objects import BATTLEFIELD, GRAVEYARD, HAND, Context, GameObject
from . import (
    altcast,
    altpay,
    autopay,
    casting,
    costs,
    facedown,
    faces,
    labels,
    phyrexian,
    quiet,
    return_cost,
    targets,
    turns,
    useful_mana,
    zones,
)

if TYPE_CHECKING:
    from .game import Game


def priority_actions(g: Game, p: int, potential: list[Any] | None = None) -> list[Action]:
    """Every action player `p` may take with priority now, in a deterministic order.
    `potential`: mana sources to count as with automatic payment even with manual payment (what
    `p` could do after tapping them: engine/useful_mana.py). [pass] at once when the quick
    check proves nothing else is possible (engine/quiet.py), else `all_actions`."""
    if quiet.nothing_possible(g, p, False):
        return [PASS]
    return all_actions(g, p, potential)


def all_actions(g: Game, p: int, potential: list[Any] | None = None) -> list[Action]:
    """`priority_actions` worked out in full, every candidate checked."""
    acts = [PASS]
    pl = g.players[p]
    sorcery_ok = turns.sorcery_timing(g, p)
    sources = autopay.simple_sources(g, p) if g.options.mana_payment == "auto" else potential
    from_exile = zones.playable_from_exile(g, p) if g.effects.play_permissions else []
    objects = g.objects
    # The cards in hand and graveyard that may give an action now (their profiles, kept on
    # their definitions): the others are not looked at again below.
    bit = _SORCERY_HAND if sorcery_ok else _INSTANT_HAND
    hand = [oid for oid in pl.hand
            if ((card := objects[oid].card).__dict__.get(_PROFILE) or _profile(card)) & bit]
    bit = _SORCERY_GRAVEYARD if sorcery_ok else _INSTANT_GRAVEYARD
    graveyard = [oid for oid in pl.graveyard if _profile(objects[oid].card) & bit] if pl.graveyard else []
    if sorcery_ok and pl.lands_played < turns.land_plays(g, p):  # CR 305.2
        for oid in hand + from_exile:
            card = objects[oid].card
            if card.faces:
                for face in faces.playable_lands(card):  # CR 712.12: the face it enters with
                    acts.append(Action("play", f"play {face.name}", source=face.name,
                                       payload=("play", oid, face.face_index)))
            elif "Land" in card.types:
                acts.append(Action("play", f"play {card.name}", source=card.name, payload=("play", oid)))
    adventurers = faces.on_adventure(g, p, from_exile) if any(q.exile for q in g.players) else []
    gy_casts = [o for o in graveyard if _profile(objects[o].card) & _GRAVEYARD_CAST]
    for oid in hand + pl.command + from_exile + adventurers + gy_casts:
        card = objects[oid].card
        if card.faces:  # CR 709.3, 712.11b, 715.3: the half or face cast is chosen first
            for face in faces.castable_faces(g, oid, card, oid in adventurers):
                if can_cast(g, oid, p, sorcery_ok, sources, face):
                    acts.append(Action("cast", f"cast {face.name}", source=face.name,
                                       payload=("cast", oid, face.face_index)))
        elif card.types and "Land" not in card.types and can_cast(g, oid, p, sorcery_ok, sources):
            acts.append(Action("cast", f"cast {card.name}", source=card.name, payload=("cast", oid)))
    for oid in graveyard:  # CR 702.34a: flashback, cast from the graveyard
        card = objects[oid].card
        if card.faces:  # the face or half with flashback (CR 709.3, 712.11b, 715.3)
            for face in card.faces:
                fb = casting.flashback_of(face) if face.abilities else None
                if fb is not None and can_cast(g, oid, p, sorcery_ok, sources, face):
                    acts.append(Action("cast", f"cast {face.name} with flashback {casting.flashback_label(fb)}", source=face.name,
                                       payload=("cast", oid, face.face_index)))
            continue
        fb = casting.flashback_of(card) if card.abilities else None
        if fb is not None and can_cast(g, oid, p, sorcery_ok, sources):
            acts.append(Action("cast", f"cast {card.name} with flashback {casting.flashback_label(fb)}", source=card.name,
                               payload=("cast", oid)))
    castable = hand + pl.command + from_exile if pl.command or from_exile else hand
    if castable:
        acts += altcast.cast_actions(g, p, sorcery_ok, sources, castable)  # evoke, dash (CR 118.9)
    chars = g.all_chars()
    activated, face_down = _activated_index(g, p)
    for oid, abilities, twins, made in activated:
        obj = objects[oid]
        c = chars[oid]
        tapped = obj.tapped
        for i, (key, ab, origin) in enumerate(abilities):
            if not (tapped and ab.cost.tap) and can_activate(g, oid, obj, c, key, ab, p, sorcery_ok, sources):
                a = made[i]
                if a is None:  # the same action until the characteristics change
                    a = made[i] = _activation(g, oid, c, key, ab, origin, twins)
                acts.append(a)
    if hand or graveyard:
        acts += hand_ability_actions(g, p, sorcery_ok, sources, hand, graveyard)
    # CR 702.37c: cast face down with morph (a face-down spell has no flash: sorcery timing only);
    # CR 116.2b: turn a face-down permanent face up
    if sorcery_ok and castable:
        acts += facedown.face_down_casts(g, p, castable, sorcery_ok, sources)
    if face_down:
        acts += facedown.face_up_actions(g, p, sources, face_down)
    if g.stack and altcast.split_second_active(g):
        # CR 702.61a-b: no other spell, no ability but mana abilities (special actions stay)
        acts = [a for a in acts if a.kind not in ("cast", "activate") or _is_mana_action(g, a)
                or a.payload[0] == "face_up"]
    return labels.dedupe(acts)


# What a card may give a player with priority, by zone and timing (its profile, worked out once
# per definition): a card whose profile lacks the bit of the moment gives no action then, so it
# is not looked at. Each bit mirrors the first check its actions make (can_cast's timing).
_SORCERY_HAND = 1        # anything in hand at sorcery timing: a land, a spell, an ability
_INSTANT_HAND = 2        # a spell with flash or an instant, "cast ~ as though it had flash",
#                          faces, an ability that works from the hand (cycling)
_SORCERY_GRAVEYARD = 4   # flashback, aftermath, disturb, an ability that works from the graveyard
_INSTANT_GRAVEYARD = 8   # the same with flash or faces
_GRAVEYARD_CAST = 16     # an aftermath half or a disturb face (faces.graveyard_casts)


_PROFILE = "_priority_profile"  # never 0: every card has _SORCERY_HAND


def _profile(card: CardDef) -> int:
    bits: int | None = card.__dict__.get(_PROFILE)
    if bits is None:
        bits = _compute_profile(card)
        object.__setattr__(card, _PROFILE, bits)
    return bits


def _compute_profile(card: CardDef) -> int:
    zs = _zones_with_abilities(card)
    fast = "Instant" in card.types or "flash" in card.keywords  # CR 702.8a
    bits = _SORCERY_HAND
    alts = altcast.alternative_costs(card) if card.abilities and not card.faces else []
    flash_alt = any(a.keyword == "flash" for a in alts if a.keyword in altcast.ANYTIME)
    if card.faces or (fast and card.types and "Land" not in card.types) or flash_alt or \
            (fast and any(a.keyword in altcast.ANYTIME for a in alts)) or HAND in zs:
        bits |= _INSTANT_HAND
    gy_cast = card.layout == "aftermath" or (card.layout == "transform" and faces.disturb_cost(card) is not None)
    fb = casting.flashback_of(card) if card.abilities else None
    if card.faces or gy_cast or fb is not None or GRAVEYARD in zs:
        bits |= _SORCERY_GRAVEYARD
        if card.faces or gy_cast or (fb is not None and fast) or GRAVEYARD in zs:
            bits |= _INSTANT_GRAVEYARD
    if gy_cast:
        bits |= _GRAVEYARD_CAST
    return bits


def _activation(g: Game, oid: int, c: Chars, key: str, ab: Activated, origin: str | None, twins: Any) -> Action:
    text = casting.ability_text(g, ab, oid, origin)
    if twins and (origin, ab.text) in twins:
        # two caged cards give the same ability: the card's id tells the instances apart,
        # whether or not the other one can be activated now
        text = text[:-1] + f"#{key[1:].split('.', 1)[0]})"
    return Action("activate", f"activate {c.name}: {text}", source=c.name, ability=ab.text,
                  payload=("activate", oid, key))


def _activated_index(g: Game, p: int) -> tuple[list[tuple[int, list[Any], Any, list[Action | None]]], list[int]]:
    """(permanent, its activated abilities that work on the battlefield, its twin gained
    instances, their actions once made) for each permanent `p` controls with any, in battlefield
    order, and `p`'s face-down permanents; kept with the characteristics (Game.all_chars) until
    they change (an action's label is made of them; turning face up or down changes them)."""
    kept = g._activated
    if kept is None or g._activated_for is not g._chars or g._activated_n != len(g.battlefield):
        chars = g.all_chars()
        index: dict[int, tuple[list[Any], list[int]]] = {}
        # A permanent whose characteristics are the very object they were (unchanged by the
        # recomputation) keeps its entry and the actions made for it.
        before = kept[1] if kept is not None else {}
        entries: dict[int, Any] = {}
        for oid in g.battlefield:
            obj = g.objects[oid]
            c = chars[oid]
            was = before.get(oid)
            if was is not None and was[0] is c:
                entry = was[1]
            else:
                abilities = [(key, ab, origin) for key, ab, origin in c.abilities
                             if isinstance(ab, Activated) and ab.zone == BATTLEFIELD]
                twins = labels.twin_instances(c.abilities) if abilities and \
                    len(c.abilities) > len(obj.card.abilities) else None
                entry = (oid, abilities, twins, [None] * len(abilities)) if abilities else None
            entries[oid] = (c, entry)
            if entry is not None or obj.card is FACE_DOWN:
                mine = index.setdefault(obj.controller, ([], []))
                if entry is not None:
                    mine[0].append(entry)
                if obj.card is FACE_DOWN:
                    mine[1].append(oid)
        kept = g._activated = (index, entries)
        g._activated_for, g._activated_n = g._chars, len(g.battlefield)
    return kept[0].get(p, _NOTHING)


_NOTHING: tuple[list[Any], list[int]] = ([], [])


def _is_mana_action(g: Game, a: Action) -> bool:
    if a.kind != "activate":
        return False
    oid, key = a.payload[1], a.payload[2]
    return any(k == key and isinstance(ab, Activated) and ab.is_mana_ability for k, ab, _o in g.chars(oid).abilities)


def only_pass(g: Game, p: int) -> tuple[bool, list[Action] | None]:
    """Is passing the only action player `p` may take with priority now (interface.md §9)?
    Returns (the answer, the priority actions when they had to be worked out for it). An
    ability of `p`'s without a mana cost that can be activated answers no at once (untapped
    lands: most priorities), without asking for every action whether it can be taken; the
    actions are then worked out for the decision (without useful_mana_only: with it, they
    are `useful_mana.priority_actions`, left to be asked)."""
    useful = g.options.useful_mana_only
    if quiet.nothing_possible(g, p, useful) and not (useful and useful_mana.watched(g)):
        return True, None  # proven without the list (engine/quiet.py)
    if g.stack and altcast.split_second_active(g):
        acts = all_actions(g, p)
        if useful:
            acts = useful_mana.priority_actions(g, p, acts)
        return len(acts) == 1, acts
    chars = g.all_chars()
    sorcery_ok: bool | None = None
    watched: list[bool] = []
    for oid, abilities, _twins, _made in _activated_index(g, p)[0]:
        obj = g.objects[oid]
        c = chars[oid]
        tapped = obj.tapped
        for key, ab, _origin in abilities:
            if ab.cost.mana.is_empty and not (tapped and ab.cost.tap):
                if sorcery_ok is None:
                    sorcery_ok = turns.sorcery_timing(g, p)
                if can_activate(g, oid, obj, c, key, ab, p, sorcery_ok) and \
                        (not useful or useful_mana.free_ability_useful(g, ab, c, watched)):
                    # the player is asked next: without useful_mana_only the quick check was
                    # false, so the priority actions are all_actions (not checked again)
                    return False, None if useful else all_actions(g, p)
    acts = all_actions(g, p)
    if useful:
        acts = useful_mana.priority_actions(g, p, acts)
    return len(acts) == 1, acts


def hand_ability_actions(g: Game, p: int, sorcery_ok: bool, sources: list[Any] | None,
                         hand: list[int], graveyard: list[int]) -> list[Action]:
    """Abilities that function only while their card is in its owner's hand or graveyard:
    cycling (CR 702.29a), "Return ~ from your graveyard to your hand" (CR 113.6m), activated
    from there (CR 602.2a); of the cards `hand` and `graveyard` of `p`'s."""
    acts = []
    for zone, cards in ((HAND, hand), (GRAVEYARD, graveyard)):
        for oid in cards:
            obj = g.objects[oid]
            if zone not in _zones_with_abilities(obj.card):
                continue
            c = g.chars(oid)
            for key, ab, _origin in c.abilities:
                if isinstance(ab, Activated) and ab.zone == zone and \
                        can_activate(g, oid, obj, c, key, ab, p, sorcery_ok, sources):
                    acts.append(Action("activate", f"activate {c.name}: {ab.text}", source=c.name,
                                       ability=ab.text, payload=("activate", oid, key)))
    return acts


def _zones_with_abilities(card: CardDef) -> frozenset[str]:
    """The zones other than the battlefield from which the card's printed activated abilities
    function (kept on the definition, as carddef.card_cache does, without its call: this is
    asked of every card in a hand or graveyard at every priority)."""
    zs: frozenset[str] | None = card.__dict__.get("_ability_zones")
    if zs is None:
        zs = frozenset(ab.zone for ab in card.abilities if isinstance(ab, Activated) and ab.zone != BATTLEFIELD)
        object.__setattr__(card, "_ability_zones", zs)
    return zs


def mana_ability_actions(g: Game, p: int) -> list[Action]:
    """The mana abilities `p` may activate while paying a cost (CR 605.3a)."""
    out = []
    chars = g.all_chars()
    for oid in g.battlefield:
        obj = g.objects[oid]
        if obj.controller != p:
            continue
        c = chars[oid]
        for key, ab, origin in c.abilities:
            if isinstance(ab, Activated) and ab.is_mana_ability and ab.zone == BATTLEFIELD and \
                    can_activate(g, oid, obj, c, key, ab, p, False):
                text = casting.ability_text(g, ab, oid, origin)
                out.append(Action("activate", f"activate {c.name}: {text}", source=c.name,
                                  ability=ab.text, payload=("mana", oid, key)))
    for oid in g.players[p].hand:  # "Exile ~ from your hand: Add {G}." (CR 113.6m, 605.3a)
        obj = g.objects[oid]
        if HAND not in _zones_with_abilities(obj.card):
            continue
        c = g.chars(oid)
        for key, ab, _origin in c.abilities:
            if isinstance(ab, Activated) and ab.is_mana_ability and ab.zone == HAND and \
                    can_activate(g, oid, obj, c, key, ab, p, False):
                out.append(Action("activate", f"activate {c.name}: {ab.text}", source=c.name,
                                  ability=ab.text, payload=("mana", oid, key)))
    return out


def can_cast(g: Game, oid: int, p: int, sorcery_ok: bool, sources: list[Any] | None = None,
             face: CardDef | None = None, alt: str | None = None) -> bool:
    """May `p` begin to cast the card `oid` now: its timing (CR 117.1a, 702.8 flash), its cost
    (CR 601.2f-h) and its targets (CR 601.2c)? `face`: the face or half to be cast (only its
    characteristics are evaluated, CR 709.3a, 712.11c, 715.3a); `alt`: with that alternative
    cost (CR 118.9)."""
    obj = g.objects[oid]
    card = obj.card if face is None else face
    fast = "Instant" in card.types or "flash" in card.keywords or alt == "flash"  # CR 702.8a
    if not fast and not sorcery_ok:
        return False
    may_drop, restricted = card_cache(card, "_cast_flags", _cast_flags)
    facts = g.turn_state.facts
    if restricted:
        if not cast_allowed(g, card, p):
            return False  # "Cast this spell only during combat" (CR 601.3); "can't cast spells"
    elif facts and p in facts.get("cant_cast", ()):
        return False  # "can't cast spells this turn" (cast_allowed without restrictions to judge)
    pool = g.players[p].pool
    printed = card.mana_cost if obj.zone != GRAVEYARD else casting.spell_cost(g, oid, face)  # flashback
    if alt is not None:
        if zones.free_from_exile(g, oid):
            return False  # CR 118.9a: one alternative cost only
        if not altcast.alternative_allowed(g, p, alt, oid):
            return False
        printed = casting.spell_cost(g, oid, face, alt)
    elif face is None and not printed.text and g.objects[oid].zone != GRAVEYARD and not zones.free_from_exile(g, oid):
        return False  # CR 118.6, 202.1b: no mana cost is an unpayable cost
    less = may_drop or bool(g.statics_of(SpellsCostLess))  # the cost may be less than the printed one
    if printed.min_mana > pool.total and not g.effects.play_permissions and not less and \
            (sources is None or printed.min_mana > pool.total + autopay.most_mana(sources)):
        return False  # fast path: not enough mana in the pool (and the simple sources together)
    tags = costs.spend_tags(g, p, "spell", oid)
    if face is not None:  # mana restricted to some spells (CR 106.6): the face's characteristics
        tags = costs.tags_for(g, p, "spell", face.types, face.subtypes, face.colors, False)
    avail = available_for(pool, tags)
    extra = casting.spell_extra_cost(g, oid, card)
    if not zones.free_from_exile(g, oid) and \
            not spell_payable(g, p, oid, avail, casting.spell_mana(g, p, oid, False, face=face, alt=alt).with_x(0),
                              sources, face):
        return False
    if not extra.is_free and not can_pay_additional(g, p, oid, extra):
        return False
    sa = card.spell_ability
    if sa is not None and sa.modes:
        return casting.modes_choosable(g, sa, Context(p, oid, card.name))
    specs = casting.spell_targets(card)
    return not specs or targets.has_targets(g, specs, Context(p, oid, card.name))


def _cast_flags(card: CardDef) -> tuple[bool, bool]:
    """May the card's cost be less than the printed one (convoke, improvise, delve, its own
    reductions), and does it have casting restrictions? Read once from the definition."""
    return (any(k in card.keywords for k in altpay.KEYWORDS) or any(isinstance(ab, CostReduction) for ab in card.abilities),
            any(isinstance(ab, CastRestriction) for ab in card.abilities))


def can_pay_additional(g: Game, p: int, oid: int, cost: Any) -> bool:
    """CR 601.2h: can `p` pay a spell's additional costs (life, sacrifices, discards, tapping
    creatures) now? The card being cast is on the stack then, so it is not a card in hand to
    discard (CR 601.2a)."""
    pl = g.players[p]
    if not return_cost.can_pay(g, p, cost):  # ninjutsu's unblocked attacker (CR 702.49a), a Forest
        return False
    if cost.pay_life and pl.life < cost.pay_life:  # CR 119.4
        return False
    if cost.energy and pl.energy < cost.energy:  # CR 107.14, 118.3
        return False
    if cost.discard and len([o for o in pl.hand if o != oid]) < cost.discard:
        return False
    chosen: set[int] = set()
    for sel in cost.sacrifice:
        cands = [o for o in g.battlefield if g.objects[o].controller == p and o not in chosen
                 and g.matches(sel.filter, o, p)]
        if len(cands) < sel.count:
            return False
        chosen.update(cands[:sel.count])
    return not (cost.tap_other and len(casting.tap_other_candidates(g, p, oid, cost, [])) < cost.tap_other.count)


def spell_payable(g: Game, p: int, oid: int, avail: list[int], cost: ManaCost, sources: list[Any] | None,
                  face: CardDef | None = None) -> bool:
    """Can the spell `oid`'s mana `cost` be paid: by the pool and sources, and by the objects
    its convoke, improvise or delve let pay (engine/altpay.py)? `face`: the face or half to be
    cast (its keywords), if not yet chosen."""
    if cost.phyrexian:  # CR 107.4f: with mana or 2 life each, beside the spell's other life costs
        card = g.objects[oid].card if face is None else face
        life = g.players[p].life - casting.additional_cost(card).pay_life
        return phyrexian.payable(cost, life, lambda c: spell_payable(g, p, oid, avail, c, sources, face))
    if altpay.keywords_of(g, oid, face):
        return altpay.payable(g, p, oid, avail, cost, card=face)
    return payable(avail, cost, sources)


def payable(avail: list[int], cost: ManaCost, sources: list[Any] | None, exclude: int | None = None) -> bool:
    """Can the pool (and, with automatic payment, the simple sources but `exclude`) pay?"""
    if can_pay(avail, cost):
        return True
    if sources is None:
        return False
    if exclude is not None:
        sources = [s for s in sources if s.oid != exclude]
    if cost.min_mana > sum(avail) + autopay.most_mana(sources):
        return False  # not enough mana in the pool and every source together
    return autopay.can_pay_with_sources(avail, cost, sources)


#: the steps of a turn before its (only) declare attackers step (CR 506.1, 507, 508)
_BEFORE_ATTACKERS = frozenset({"untap", "upkeep", "draw", "precombat_main", "beginning_of_combat"})


def timing_allows(g: Game, timing: str, p: int) -> bool:
    """CR 602.5b: an activation restriction on when it may be activated. "Before attackers are
    declared" is before the declare attackers step of the turn's first combat (its rulings;
    the engine has one combat phase per turn)."""
    ts = g.turn_state
    if ts.active != p:
        return False
    if timing == "your_upkeep":
        return ts.step == "upkeep"
    if timing == "your_turn_before_attackers":
        return ts.step in _BEFORE_ATTACKERS
    return timing == "your_turn"


def can_activate(g: Game, oid: int, obj: GameObject, c: Chars, key: str, ab: Activated, p: int,
                 sorcery_ok: bool, sources: list[Any] | None = None) -> bool:
    """May `p` activate the ability instance `key` of `oid` now (CR 602.5: its timing and
    restrictions, costs that can be paid, enough legal targets)?"""
    cost = ab.cost
    if cost.tap and obj.tapped:
        return False  # first: most abilities asked about are tapped lands' (every check is pure)
    if ab.sorcery_speed and not sorcery_ok:
        return False
    if ab.keyword == "suspend" and not altcast.could_begin_to_cast(g, oid, p, sorcery_ok):
        return False
    if g.effects.detained and any(d[0] == oid for d in g.effects.detained):
        return False  # CR 701.35a: its activated abilities can't be activated
    if sources is None and cost.mana.min_mana > g.players[p].pool.total:
        return False  # fast path: manual payment and not enough mana in the pool
    if ab.once_each_turn and g.turn_state.activations.get((oid, key)):
        return False
    if ab.timing is not None and not timing_allows(g, ab.timing, p):
        return False
    if ab.activate_if is not None and not ab.activate_if.holds(g, None, oid):
        return False
    if cost.loyalty is not None and not loyalty_ok(g, oid, obj, cost.loyalty, sorcery_ok):
        return False
    if cost.tap or cost.untap:
        if cost.untap and not obj.tapped:
            return False
        # CR 302.6 / 107.5 / 107.6
        if obj.sick and "Creature" in c.types and "haste" not in c.keywords:
            return False
    if cost.remove_counters:
        kind, n = cost.remove_counters
        if isinstance(n, int) and obj.counters.get(kind, 0) < n:
            return False
    pl = g.players[p]
    if not return_cost.can_pay(g, p, cost):  # ninjutsu's unblocked attacker (CR 702.49a), a Forest
        return False
    if cost.pay_life and pl.life < cost.pay_life:  # CR 119.4
        return False
    if cost.pay_life_identity and (p not in g.commander.colors or
                                   pl.life < cost.pay_life + casting.identity_life(g, p, cost)):
        return False  # War Room: without a commander it can't be activated (its rulings)
    if cost.energy and pl.energy < cost.energy:  # CR 107.14, 118.3
        return False
    if cost.discard and len(pl.hand) < cost.discard:
        return False
    for sel in cost.sacrifice:
        cands = [o for o in g.battlefield if g.objects[o].controller == p
                 and g.matches(sel.filter, o, p) and not ((cost.sacrifice_self or sel.another) and o == oid)]
        if len(cands) < sel.count:
            return False
    if cost.tap_other and len(casting.tap_other_candidates(g, p, oid, cost, [])) < cost.tap_other.count:
        return False
    if cost.crew and sum(max(g.chars(o).power or 0, 0) for o in casting.crew_candidates(g, p, oid, [])) < cost.crew:
        return False
    if not cost.mana.is_empty:
        avail = available_for(pl.pool, costs.spend_tags(g, p, "ability", oid))
        x: int | None = 0
        if ab.x_rule is not None:
            ctx0 = Context(p, oid, c.name)
            ctx0.link = zones.link_group(key)
            x = ab.x_rule.value(g, ctx0)
            if x is None:
                return False
        # a source tapped or sacrificed for this very cost can't also make mana for it
        excl = oid if (cost.tap or cost.sacrifice_self or cost.untap) else None
        if not phyrexian.payable(cost.mana.with_x(x or 0), phyrexian.life_budget(g, p, cost),
                                 lambda m: payable(avail, m, sources, excl)):
            return False
    if ab.targets:
        ctx = Context(p, oid, c.name)
        if not targets.has_targets(g, ab.targets, ctx):
            return False
    if ab.modes:
        return casting.modes_choosable(g, ab, Context(p, oid, c.name))
    return True


#: the key of `TurnState.activations` that counts a permanent's loyalty abilities this turn
LOYALTY_KEY = "loyalty"


def loyalty_ok(g: Game, oid: int, obj: GameObject, change: int, sorcery_ok: bool) -> bool:
    """CR 606.3: a loyalty ability only at sorcery speed, and only if no loyalty ability of
    that permanent was activated this turn; CR 606.6: a negative cost needs that many loyalty
    counters."""
    if not sorcery_ok or g.turn_state.activations.get((oid, LOYALTY_KEY)):
        return False
    return change >= 0 or obj.counters.get("loyalty", 0) >= -change
