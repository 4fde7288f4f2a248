"""Characteristics after continuous effects (CR 613), recomputed from scratch, never patched.

`compute_all` starts every permanent from its printed characteristics and applies, layer by
layer and in timestamp order within a layer, the static abilities of permanents and the effects
that resolving spells and abilities created (`Game.effects`). The result is cached by the game
until anything changes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cards.vocab import SACRIFICE_WHEN_TARGETED, Ability, Activated, CardDef, Keyword, Static, Triggered

if TYPE_CHECKING:
    from .game import Game


class Chars:
    """An object's characteristics now (CR 109.3), plus the ability instances it has.

    `abilities` holds (key, ability, origin): `key` identifies the instance for "only once each
    turn" (printed abilities are "0", "1", ...; gained ones say where they came from), `origin`
    names the card a gained ability comes from (None for printed ones)."""

    __slots__ = ("name", "types", "subtypes", "supertypes", "colors", "power", "toughness",
                 "abilities", "keywords", "flags")

    def __init__(self, card: CardDef):
        self.name = card.name
        self.types = card.types
        self.subtypes = card.subtypes
        self.supertypes = card.supertypes
        self.colors = card.colors
        self.power = card.power
        self.toughness = card.toughness
        self.abilities: list[tuple[str, Ability, str | None]] = [
            (str(i), a, None) for i, a in enumerate(card.abilities)]
        self.keywords = card.keywords
        self.flags: frozenset[str] = frozenset(
            a.effect for a in card.abilities if isinstance(a, Static) and a.effect in SELF_FLAGS)

    def copy(self) -> Chars:
        c = Chars.__new__(Chars)
        c.name, c.types, c.subtypes, c.supertypes = self.name, self.types, self.subtypes, self.supertypes
        c.colors, c.power, c.toughness = self.colors, self.power, self.toughness
        c.abilities = list(self.abilities)
        c.keywords, c.flags = self.keywords, self.flags
        return c

    def activated(self) -> list[tuple[str, Activated, str | None]]:
        return [(k, a, o) for k, a, o in self.abilities if isinstance(a, Activated)]

    def triggered(self) -> list[tuple[str, Triggered, str | None]]:
        return [(k, a, o) for k, a, o in self.abilities if isinstance(a, Triggered)]

    def statics(self) -> list[tuple[str, Static, str | None]]:
        return [(k, a, o) for k, a, o in self.abilities if isinstance(a, Static)]

    def has_keyword(self, kw: str) -> bool:
        return kw in self.keywords

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types


# Static abilities that only describe their own permanent.
SELF_FLAGS = frozenset({"doesnt_untap"})

_printed: dict[int, Chars] = {}


def printed_chars(card: CardDef) -> Chars:
    """Characteristics of a card outside the battlefield (no effects apply there here)."""
    c = _printed.get(id(card))
    if c is None:
        c = _printed[id(card)] = Chars(card)
    return c


def compute_all(g: Game) -> dict[int, Chars]:
    """CR 613: the characteristics of every permanent on the battlefield."""
    # Start from the shared printed characteristics; `_own` copies one before its first change.
    chars: dict[int, Chars] = {}
    for oid in g.battlefield:
        # Layer 1 (CR 613.1a, 707.2): a copy starts from the copied card's characteristics.
        chars[oid] = printed_chars(g.card_of(g.objects[oid]))
    owned: set[int] = set()

    def own(oid: int) -> Chars | None:
        c = chars.get(oid)
        if c is None:
            return None
        if oid not in owned:
            c = chars[oid] = c.copy()
            owned.add(oid)
        return c

    # Copy exceptions (layer 1): Phantasmal Image is an Illusion and has a sacrifice trigger.
    for oid in g.battlefield:
        info = g.objects[oid].info
        if info and info.get("copy_extra") == "phantasmal":
            c = own(oid)
            assert c is not None
            if "Illusion" not in c.subtypes:
                c.subtypes = c.subtypes + ("Illusion",)
            c.abilities.append(("copy.0", SACRIFICE_WHEN_TARGETED, None))

    # Gather every continuous effect with its layer and timestamp.
    # (layer, timestamp, kind, affected object ids or None for "a rule", args)
    entries: list[tuple[int, int, str, Any, Any]] = []
    for oid in g.battlefield:
        obj = g.objects[oid]
        for _key, ab, _origin in chars[oid].abilities:
            if isinstance(ab, Static) and ab.effect in STATIC_LAYERS:
                entries.append((STATIC_LAYERS[ab.effect], obj.timestamp, ab.effect, oid, ab.args))
    for eff in g.effects:
        entries.append((EFFECT_LAYERS[eff.kind], eff.timestamp, eff.kind, eff.target, eff.args))
    entries.sort(key=lambda e: (e[0], e[1]))

    for _layer, _ts, kind, who, args in entries:
        if kind in _APPLY_ALL:
            _APPLY_ALL[kind](g, chars, own, who, args)
        else:
            _APPLY[kind](g, own, who, args)

    # Layer 7c, counters (CR 613.4c): +1/+1 and -1/-1 counters.
    for oid in g.battlefield:
        counters = g.objects[oid].counters
        if counters and chars[oid].power is not None:
            d = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
            if d:
                c = own(oid)
                assert c is not None and c.power is not None and c.toughness is not None
                c.power += d
                c.toughness += d
    return chars


# ---- static abilities -----------------------------------------------------------------------


Own = Callable[[int], "Chars | None"]


def _attached_gets(g: Game, own: Own, source: int, args: Any) -> None:
    obj = g.objects[source]
    c = own(obj.attached_to) if obj.attached_to is not None else None
    if c is not None and c.power is not None and c.toughness is not None:
        c.power += args[0]
        c.toughness += args[1]


def _attached_flags(g: Game, own: Own, source: int, args: Any) -> None:
    obj = g.objects[source]
    c = own(obj.attached_to) if obj.attached_to is not None else None
    if c is not None:
        c.flags = c.flags | frozenset(args)


def _pt(g: Game, own: Own, who: int, args: Any) -> None:
    c = own(who)
    if c is not None and c.power is not None and c.toughness is not None:
        c.power += args[0]
        c.toughness += args[1]


def _set_pt(g: Game, own: Own, who: int, args: Any) -> None:
    c = own(who)
    if c is not None:
        c.power, c.toughness = args


def _add_types(g: Game, own: Own, who: int, args: Any) -> None:
    c = own(who)
    if c is not None:
        c.types = c.types | frozenset(args)


def _add_keywords(g: Game, own: Own, who: int, args: Any) -> None:
    c = own(who)
    if c is not None:
        c.keywords = c.keywords | frozenset(args)


def _add_abilities(g: Game, own: Own, who: int, args: Any) -> None:
    c = own(who)
    if c is not None:
        key_prefix, abilities, origin = args
        for i, ab in enumerate(abilities):
            c.abilities.append((f"{key_prefix}.{i}", ab, origin))
            if isinstance(ab, Keyword):
                c.keywords = c.keywords | frozenset(ab.names)


def _noop(g: Game, own: Own, who: int, args: Any) -> None:
    return None


_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _matches(g: Game, chars: dict[int, Chars], oid: int, source: int, flt: str) -> bool:
    """A filter such as "land_you_control" or "other_blue_creature_you_control", judged on the
    characteristics computed so far (earlier layers), relative to the static's source."""
    c = chars[oid]
    you = g.objects[source].controller
    for w in flt.split("_"):
        if w in ("control", "permanent"):
            continue
        if w == "you":
            if g.objects[oid].controller != you:
                return False
        elif w == "other":
            if oid == source:
                return False
        elif w in _COLOR_WORDS:
            if _COLOR_WORDS[w] not in c.colors:
                return False
        elif w.capitalize() not in c.types and w.capitalize() not in c.subtypes:
            return False
    return True


def _grant(g: Game, chars: dict[int, Chars], own: Own, source: int, args: Any) -> None:
    """"<Permanents> you control have '<ability>'" (layer 6, CR 613.1f)."""
    flt, abilities = args
    origin = chars[source].name
    for oid in list(chars):
        if _matches(g, chars, oid, source, flt):
            c = own(oid)
            assert c is not None
            for i, ab in enumerate(abilities):
                c.abilities.append((f"s{source}.{i}", ab, origin))


def _equipped_has(g: Game, chars: dict[int, Chars], own: Own, source: int, args: Any) -> None:
    host = g.objects[source].attached_to
    if host is not None and host in chars:
        c = own(host)
        assert c is not None
        for i, ab in enumerate(args):
            c.abilities.append((f"s{source}.{i}", ab, chars[source].name))


def _anthem(g: Game, chars: dict[int, Chars], own: Own, source: int, args: Any) -> None:
    """"Other blue creatures you control get +1/+1" (layer 7c)."""
    flt, dp, dt = args
    for oid in list(chars):
        if _matches(g, chars, oid, source, flt):
            c = own(oid)
            if c is not None and c.power is not None and c.toughness is not None:
                c.power += dp
                c.toughness += dt


def _set_colors(g: Game, own: Own, who: int, args: Any) -> None:
    c = own(who)
    if c is not None:
        c.colors = frozenset(args)


_ONCE: dict[tuple[str, int], Activated] = {}


def _mairsil_grant(g: Game, chars: dict[int, Chars], own: Own, source: int, args: Any) -> None:
    """Mairsil, the Pretender: "has all activated abilities of all cards you own in exile with
    cage counters on them. You may activate each of those abilities only once each turn."
    Each caged card gives its own instances (key "g<card id>.<n>"), so two cards with the same
    ability give two instances, each once a turn; keyword abilities with a colon in their
    reminder text (equip, crew) are activated abilities too. Only cards its controller owns."""
    you = g.objects[source].controller
    c = own(source)
    assert c is not None
    for oid in g.players[you].exile:
        obj = g.objects[oid]
        if not obj.counters.get("cage"):
            continue
        for i, ab in enumerate(obj.card.abilities):
            if isinstance(ab, Activated):
                once = _ONCE.get((obj.card.name, i))
                if once is None:
                    once = _ONCE[(obj.card.name, i)] = dataclasses.replace(ab, once_each_turn=True)
                c.abilities.append((f"g{oid}.{i}", once, obj.card.name))


_APPLY_ALL = {"grant_ability": _grant, "equipped_has": _equipped_has, "anthem": _anthem,
              "mairsil_grant": _mairsil_grant}


# Layers (CR 613.1): 4 type, 5 color, 6 ability, 7b set P/T, 7c modify P/T. Effects without a layer
# (rules modifications such as "doesn't untap") have no characteristic to change.
STATIC_LAYERS: dict[str, int] = {
    "equipped_gets": 73,
    "enchanted_gets": 73,
    "enchanted_cant_attack_or_block": 60,
    "grant_ability": 60,
    "equipped_has": 60,
    "mairsil_grant": 60,
    "anthem": 73,
}
EFFECT_LAYERS: dict[str, int] = {
    "types": 40,
    "set_colors": 50,
    "keywords": 60,
    "abilities": 60,
    "set_pt": 72,
    "pt": 73,
}
_APPLY = {
    "equipped_gets": _attached_gets,
    "enchanted_gets": _attached_gets,
    "enchanted_cant_attack_or_block": lambda g, ch, s, a: _attached_flags(
        g, ch, s, ("cant_attack", "cant_block")),
    "types": _add_types,
    "keywords": _add_keywords,
    "abilities": _add_abilities,
    "set_pt": _set_pt,
    "set_colors": _set_colors,
    "pt": _pt,
}
