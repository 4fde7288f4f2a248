"""Characteristics (CR 109.3): what an object is now, after continuous effects.

`Chars` is the record the layer system (engine/layers.py, CR 613) computes for every permanent
and that filters, targeting, combat and the legal actions read. Printed characteristics of a
card are the same record before any effect applies. Plain data, never shared for writing: the
layer system copies a record before changing it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..cards.vocab import Ability


class Flag(StrEnum):
    """Rules modifications an object has (CR 613.1g's "rules" effects and restrictions)."""

    DOESNT_UNTAP = "doesnt_untap"    # "doesn't untap during your untap step" (CR 502.3)
    CANT_ATTACK = "cant_attack"      # CR 508.1a
    CANT_BLOCK = "cant_block"        # CR 509.1a
    UNBLOCKABLE = "unblockable"      # "can't be blocked" (CR 509.1b)
    MUST_ATTACK = "must_attack"      # "attacks each combat if able" (CR 508.1d)
    BLOCKS_ONLY_FLYING = "blocks_only_flying"  # "can block only creatures with flying" (509.1a)
    ONE_BLOCKER = "one_blocker"      # "can't be blocked by more than one creature" (509.1b)
    LURE = "lure"                    # "all creatures able to block ~ do so" (CR 509.1c)
    MUST_BLOCK = "must_block"        # "blocks each combat if able" (CR 509.1c)
    MUST_BE_BLOCKED = "must_be_blocked"  # "must be blocked this turn if able" (CR 509.1c)
    UNTAPS_EACH_UNTAP = "untaps_each_untap"  # "untap ~ during each other player's untap step" (CR 502.3)


#: (key, ability, origin): `key` identifies the ability instance (printed ones are "0", "1",
#: ...; gained ones say where they came from, for "only once each turn"), `origin` names the
#: card a gained ability comes from (None for printed ones).
AbilityInstance = tuple[str, "Ability", "str | None"]


class Chars:
    """An object's characteristics now, plus the ability instances and rules flags it has."""

    __slots__ = ("name", "types", "subtypes", "supertypes", "colors", "power", "toughness",
                 "mana_value", "abilities", "keywords", "flags")

    def __init__(self, name: str, types: frozenset[str], subtypes: tuple[str, ...],
                 supertypes: frozenset[str], colors: frozenset[str], power: int | None,
                 toughness: int | None, mana_value: int, abilities: list[AbilityInstance],
                 keywords: frozenset[str], flags: frozenset[str] = frozenset()):
        self.name = name
        self.types = types
        self.subtypes = subtypes
        self.supertypes = supertypes
        self.colors = colors
        self.power = power
        self.toughness = toughness
        self.mana_value = mana_value
        self.abilities = abilities
        self.keywords = keywords
        self.flags = flags

    def copy(self) -> Chars:
        c = Chars.__new__(Chars)
        c.name, c.types, c.subtypes, c.supertypes = self.name, self.types, self.subtypes, self.supertypes
        c.colors, c.power, c.toughness, c.mana_value = self.colors, self.power, self.toughness, self.mana_value
        c.abilities = list(self.abilities)
        c.keywords, c.flags = self.keywords, self.flags
        return c

    def snapshot(self) -> Chars:
        """The characteristics as they are now, without the ability instances: last known
        information (CR 113.7a) kept by a spell or ability whose source may leave."""
        c = self.copy()
        c.abilities = []
        return c

    def has_keyword(self, kw: str) -> bool:
        return kw in self.keywords

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    def __repr__(self) -> str:
        return f"<Chars {self.name} {sorted(self.types)} {self.power}/{self.toughness}>"
