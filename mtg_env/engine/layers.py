"""Characteristics after continuous effects (CR 613), recomputed from scratch, never patched.

`compute_all` starts every permanent from its copiable values (its card, or the card a copy
effect copies, with the copy effects' exceptions: layer 1, CR 707.2, 707.9) and applies, layer
by layer and in timestamp order within a layer, the static abilities of permanents
(cards.abilities.LayerStatic: each says its layer and applies itself) and the continuous effects
that resolving spells and abilities created (Game.effects.layered: a modification of one object
until end of turn). Counters apply in layer 7c (CR 613.4c). The game caches the result until
anything changes.

`chars_of_new` extends that result by one permanent that has just entered, when the newcomer
can change no other permanent and every layer effect on the battlefield is a plain `Static`
with a constant modification and a filter that judges each object by itself alone (not "as
long as you control three artifacts", which the newcomer could make true for the others): it
gives exactly what `compute_all` would, for the newcomer alone,
so that creating N tokens costs N rather than N² (engine/limits.py, issue 18).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cards import get_card
from ..cards.abilities import AsEntersChoose, LayerStatic, SelfFlag, Static
from ..cards.carddef import CardDef
from ..cards.defining import DefinePT
from ..core import filters as flt
from ..core import modifications as mods
from ..core.chars import Chars
from ..core.modifications import Layer
from . import copies
from .state import ContinuousEffect

if TYPE_CHECKING:
    from ..core.objects import GameObject
    from .game import Game

#: by the card's id, with the card (kept alive, so that its id isn't reused by another card,
#: such as a test's temporary card compiled after one that was dropped)
_printed: dict[int, tuple[CardDef, Chars]] = {}


def printed_chars(card: CardDef) -> Chars:
    """A card's printed characteristics (shared; copied before any change), as it is outside
    the battlefield."""
    hit = _printed.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    c = Chars(
        card.name, card.types, card.subtypes, card.supertypes, card.colors, card.power,
        card.toughness, card.mana_value,
        [(str(i), a, None) for i, a in enumerate(card.abilities)], card.keywords,
        frozenset(a.flag for a in card.abilities if isinstance(a, SelfFlag)))
    _printed[id(card)] = (card, c)
    return c


_defining: dict[int, tuple[DefinePT, ...]] = {}


def outside_chars(g: Game, obj: GameObject) -> Chars:
    """An object's characteristics off the battlefield: printed, with its characteristic-
    defining abilities of power and toughness applied (they function in every zone, CR 604.3)."""
    card = obj.card
    c = printed_chars(card)
    cda = _defining.get(id(card))
    if cda is None:
        cda = _defining[id(card)] = tuple(a for a in card.abilities if isinstance(a, DefinePT))
    if not cda:
        return c
    c = c.copy()
    for ab in cda:
        ab.define(g, None, c, obj.id)
    return c


#: (layer, timestamp, order, effect, source): every continuous effect, in the order applied
Entry = tuple[int, int, int, object, "int | None"]


def compute_all(g: Game) -> dict[int, Chars]:
    """CR 613: the characteristics of every permanent on the battlefield."""
    return compute_all_with_entries(g)[0]


def compute_all_with_entries(g: Game) -> tuple[dict[int, Chars], list[Entry]]:
    """`compute_all`, and the continuous effects it applied in order (for `chars_of_new`)."""
    # Start from the shared printed characteristics; `own` copies one before its first change.
    chars: dict[int, Chars] = {}
    auras = copies.aura_copies(g)
    for oid in g.battlefield:
        # Layer 1 (CR 613.1a, 707.2): a copy starts from the copied card's characteristics.
        chars[oid] = printed_chars(copies.card_of(g, g.objects[oid], auras))
    # Emblems' abilities function in the command zone (CR 114.4): they are sources here, and
    # no effect changes them (they aren't permanents).
    emblems = [o for p in g.players for o in p.command if g.objects[o].card.is_emblem]
    for oid in emblems:
        chars[oid] = printed_chars(g.objects[oid].card)
    owned: set[int] = set()

    def own(oid: int) -> Chars | None:
        c = chars.get(oid)
        if c is None:
            return None
        if oid not in owned:
            c = chars[oid] = c.copy()
            owned.add(oid)
        return c

    # Layer 1, continued: the exceptions of copy effects (CR 707.9), e.g. Phantasmal Image's
    # "except it's an Illusion ... and it has '...'".
    for oid in g.battlefield:
        obj = g.objects[oid]
        effect = copies.copy_effect(g, obj, auras) if obj.info or oid in auras else None
        if effect is not None and effect[1]:
            c = own(oid)
            assert c is not None
            for k, name in enumerate(effect[1]):
                choose = next(a for a in get_card(name).abilities if isinstance(a, AsEntersChoose))
                ex = choose.exceptions
                if ex is None:
                    continue
                for sub in ex.add_subtypes:
                    if sub not in c.subtypes:
                        c.subtypes = c.subtypes + (sub,)
                for i, ab in enumerate(ex.add_abilities):
                    c.abilities.append((f"copy{'' if k == 0 else k}.{i}", ab, None))

    # Every continuous effect with its layer and timestamp: (layer, timestamp, order, apply).
    entries: list[Entry] = []
    for oid in g.battlefield + emblems:
        obj = g.objects[oid]
        for _key, ab, _origin in chars[oid].abilities:
            if isinstance(ab, LayerStatic):
                entries.append((ab.layer, obj.timestamp, len(entries), ab, oid))
    for eff in g.effects.layered:
        entries.append((eff.modification.layer, eff.timestamp, len(entries), eff, None))
    for oid in g.battlefield:
        counters = g.objects[oid].counters
        if counters and not KEYWORD_COUNTERS.isdisjoint(counters):
            # CR 122.1b, 613.1f: a keyword counter gives its keyword in layer 6 (as the
            # permanent's own timestamp: no effect here removes abilities)
            kws = tuple(k for k in KEYWORD_COUNTERS if counters.get(k))
            if kws:
                eff = ContinuousEffect(mods.AddKeywords(kws), oid, g.objects[oid].timestamp, "counters")
                entries.append((mods.Layer.ABILITY, eff.timestamp, len(entries), eff, None))
    entries.sort(key=lambda e: (e[0], e[1], e[2]))

    countered = False
    for layer, _ts, _n, what, source in entries:
        if layer > Layer.PT_MODIFY and not countered:
            _counters(g, chars, own)  # layer 7c is done before 7d's switches (CR 613.4d)
            countered = True
        if isinstance(what, LayerStatic):
            assert source is not None
            what.apply(g, chars, own, source)
        else:
            c = own(what.target)  # type: ignore[attr-defined]
            if c is not None:
                what.modification.apply(c, f"e{what.timestamp}", None)  # type: ignore[attr-defined]
    if not countered:
        _counters(g, chars, own)
    for oid in g.battlefield:
        if chars[oid].power is not None and "Creature" not in chars[oid].types:
            _no_pt(own(oid))
    return chars, entries


def _no_pt(c: Chars | None) -> None:
    """CR 208.3: a noncreature permanent has no power or toughness, even a Vehicle that has them
    printed (it has them while it is a creature, CR 301.7a)."""
    assert c is not None
    c.power = c.toughness = None


def _counters(g: Game, chars: dict[int, Chars], own: Callable[[int], Chars | None]) -> None:
    """Layer 7c, counters (CR 613.4c): +1/+1 and -1/-1 counters."""
    for oid in g.battlefield:
        counters = g.objects[oid].counters
        if counters and chars[oid].power is not None:
            d = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
            if d:
                c = own(oid)
                assert c is not None and c.power is not None and c.toughness is not None
                c.power += d
                c.toughness += d


#: keyword counters (CR 122.1b) whose keywords the engine applies (one-word counter kinds)
KEYWORD_COUNTERS = frozenset({"flying", "deathtouch", "haste", "hexproof", "indestructible", "lifelink",
                              "menace", "reach", "trample", "vigilance"})


#: modifications whose effect on an object depends on nothing but that object
_CONSTANT = (mods.AddTypes, mods.SetColors, mods.AddKeywords, mods.AddAbilities, mods.AddFlags, mods.SetPT,
             mods.ModifyPT)


#: filters that judge an object by its own characteristics and state only (core/filters.py)
_LOCAL_FILTERS = (flt.ObjectPredicate, flt.ControlledBy, flt.Anything)


def judges_each_object_alone(f: flt.Filter) -> bool:
    """Whether what `f` says of an object depends on that object alone, not on the others
    (a `Controls` condition counts the battlefield)."""
    if isinstance(f, flt.And | flt.Or):
        return all(judges_each_object_alone(p) for p in f.parts)
    if isinstance(f, flt.Not):
        return judges_each_object_alone(f.part)
    return isinstance(f, _LOCAL_FILTERS)


def chars_of_new(g: Game, chars: dict[int, Chars], entries: list[Entry], oid: int) -> Chars | None:
    """The characteristics of `oid`, a permanent that has just entered, given `chars` and
    `entries` as `compute_all_with_entries` made them just before; None when only a full
    recomputation is exact (see the module docstring)."""
    obj = g.objects[oid]
    if obj.info and (obj.info.get("copy_except") or "chosen_copy" in obj.info):
        return None  # exceptions to apply; an Aura's copy effect changes the creature it enchants
    if obj.counters and not KEYWORD_COUNTERS.isdisjoint(obj.counters):
        return None  # a keyword counter (CR 122.1b): an effect among the others
    base = printed_chars(copies.card_of(g, obj))
    if any(isinstance(ab, LayerStatic) for _k, ab, _o in base.abilities):
        return None  # it could change the others
    c = base
    owned = False

    def own(x: int) -> Chars | None:
        nonlocal c, owned
        if x != oid:
            return None  # the others stay as `chars` has them
        if not owned:
            c, owned = c.copy(), True
        return c

    for _layer, _ts, _n, what, source in entries:
        if not isinstance(what, LayerStatic):
            continue  # an effect of a resolved spell or ability: it names an older object
        if type(what) is not Static or not isinstance(what.modification, _CONSTANT) or source not in chars \
                or not judges_each_object_alone(what.affects):
            return None
        what.apply(g, {source: chars[source], oid: c}, own, source)
    if obj.counters and c.power is not None:
        d = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
        if d:
            if not owned:
                c, owned = c.copy(), True
            assert c.power is not None and c.toughness is not None
            c.power += d
            c.toughness += d
    if c.power is not None and "Creature" not in c.types:
        if not owned:
            c, owned = c.copy(), True
        _no_pt(c)
    return c


__all__ = ["Layer", "compute_all", "printed_chars"]
