"""What continuous effects do to characteristics (CR 613), layer by layer.

A `Modification` is one change to an object's characteristics: "+3/+3", "becomes blue",
"gains flying", "becomes an artifact creature", "has '{T}: Add one mana of any color.'". Static
abilities (CR 604, `cards.statics`) apply modifications to the objects their filter picks while
they are on the battlefield; resolving spells and abilities create continuous effects (CR 611)
that apply one to their target for a duration. The layer system (engine/layers.py) sorts every
modification by its `layer` and timestamp and applies them to copies of the printed
characteristics, from scratch each time anything changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from ..cards.vocab import Ability
    from .chars import Chars


class Layer(IntEnum):
    """CR 613.1 and 613.4: the order in which continuous effects apply."""

    COPY = 10           # 613.1a
    CONTROL = 20        # 613.1b
    TEXT = 30           # 613.1c
    TYPE = 40           # 613.1d
    COLOR = 50          # 613.1e
    ABILITY = 60        # 613.1f (and the rules effects of 613.1g)
    #: "can't have hexproof or shroud" (Arcane Lighthouse): after every other ability effect of
    #: layer 6, whatever its timestamp (its rulings: no effect gives those abilities this turn)
    ABILITY_LAST = 65
    PT_DEFINING = 71    # 613.4a
    PT_SET = 72         # 613.4b
    PT_MODIFY = 73      # 613.4c
    PT_SWITCH = 74      # 613.4d


class Modification:
    """One change to characteristics, applied in `layer`."""

    __slots__ = ()
    layer: ClassVar[Layer]

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        """Change `c` (already a private copy). `key` names the ability instances this adds
        (for "only once each turn"), `origin` the card they come from."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class AddTypes(Modification):
    """"becomes an artifact creature" (CR 613.1d)."""

    types: tuple[str, ...]
    layer: ClassVar[Layer] = Layer.TYPE

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        c.types = c.types | frozenset(self.types)


@dataclass(frozen=True, slots=True)
class AddSubtypes(Modification):
    """"becomes a God in addition to its other types" (CR 613.1d, 205.1b)."""

    subtypes: tuple[str, ...]
    layer: ClassVar[Layer] = Layer.TYPE

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        c.subtypes = c.subtypes + tuple(t for t in self.subtypes if t not in c.subtypes)


@dataclass(frozen=True, slots=True)
class SetColors(Modification):
    """"becomes blue" (CR 613.1e, 105.3)."""

    colors: tuple[str, ...]
    layer: ClassVar[Layer] = Layer.COLOR

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        c.colors = frozenset(self.colors)


@dataclass(frozen=True, slots=True)
class AddKeywords(Modification):
    """"gains flying" (CR 613.1f)."""

    keywords: tuple[str, ...]
    layer: ClassVar[Layer] = Layer.ABILITY

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        c.keywords = c.keywords | frozenset(self.keywords)


@dataclass(frozen=True, slots=True)
class RemoveKeywords(Modification):
    """"loses flying" (CR 613.1f): the keywords, and printed keyword lines that had only them."""

    keywords: tuple[str, ...]
    layer: ClassVar[Layer] = Layer.ABILITY

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        lost = frozenset(self.keywords)
        c.keywords = c.keywords - lost
        c.abilities = [e for e in c.abilities
                       if not (e[1].kind == "keyword" and set(getattr(e[1], "names", ()) or ()) and
                               set(getattr(e[1], "names", ())) <= lost)]


@dataclass(frozen=True, slots=True)
class CantHaveKeywords(Modification):
    """"loses hexproof and shroud and can't have hexproof or shroud" (CR 613.1f): the keywords
    removed after every other layer 6 effect, "hexproof from [quality]" with hexproof (CR
    702.11e)."""

    keywords: tuple[str, ...]
    layer: ClassVar[Layer] = Layer.ABILITY_LAST

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        gone = {k for k in c.keywords if k in self.keywords or any(k.startswith(w + " from ") for w in self.keywords)}
        if gone:
            c.keywords = c.keywords - frozenset(gone)


@dataclass(frozen=True, slots=True)
class AddAbilities(Modification):
    """"has '<ability>'" (CR 613.1f): each ability becomes an instance keyed `key.<n>`; keyword
    abilities among them add their keywords."""

    abilities: tuple[Ability, ...]
    layer: ClassVar[Layer] = Layer.ABILITY

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        for i, ab in enumerate(self.abilities):
            c.abilities.append((f"{key}.{i}", ab, origin))
            names = getattr(ab, "names", None)
            if names and ab.kind == "keyword":
                c.keywords = c.keywords | frozenset(names)


@dataclass(frozen=True, slots=True)
class AddFlags(Modification):
    """Rules effects such as "can't attack or block" (CR 613.1g, applied with layer 6)."""

    flags: tuple[str, ...]
    layer: ClassVar[Layer] = Layer.ABILITY

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        c.flags = c.flags | frozenset(self.flags)


@dataclass(frozen=True, slots=True)
class SetPT(Modification):
    """"has base power and toughness 0/1" (CR 613.4b)."""

    power: int
    toughness: int
    layer: ClassVar[Layer] = Layer.PT_SET

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        c.power, c.toughness = self.power, self.toughness


@dataclass(frozen=True, slots=True)
class ModifyPT(Modification):
    """"+2/+0", "gets +1/+1" (CR 613.4c): only on an object with power and toughness."""

    power: int
    toughness: int
    layer: ClassVar[Layer] = Layer.PT_MODIFY

    def apply(self, c: Chars, key: str, origin: str | None) -> None:
        if c.power is not None and c.toughness is not None:
            c.power += self.power
            c.toughness += self.toughness
