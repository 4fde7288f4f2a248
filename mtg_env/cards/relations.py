"""Targets whose legality depends on another target of the same spell or ability (CR 115.1,
601.2c): "another target permanent that shares one of those types with it" (Legerdemain),
"target permanent an opponent controls that shares a card type with it" (Daring Thief).

A `TargetRelation` sits on the dependent `TargetSpec` (`related`): `offset` says which spec
the other target was chosen for, relative to this one (-1: the spec just before), so that it
still points at the right spec when a modal spell's modes are put together. The engine
(engine/targets.py) judges it when targets are chosen and again as the spell or ability
resolves (CR 608.2b), against the other target as it is then, or as it last existed if it has
left the battlefield (CR 113.7a).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.chars import Chars
    from .protocol import GameOps

#: the card types a permanent can have (CR 300.1, 110.4; kindred, formerly tribal, CR 308)
PERMANENT_CARD_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Kindred", "Land",
                                  "Planeswalker", "Tribal"})
#: the permanent types (CR 110.4): "share a permanent type"
PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})


@dataclass(frozen=True, slots=True)
class TargetRelation:
    """What a target must be relative to the target of the spec at `offset` from its own."""

    offset: int = -1

    def holds(self, g: GameOps, mine: Chars, other: Chars) -> bool:
        raise NotImplementedError

    def check(self, g: GameOps, oid: int, other_oid: int) -> bool:
        mine = g.last_known(oid)
        other = g.last_known(other_oid)
        return mine is not None and other is not None and self.holds(g, mine, other)


@dataclass(frozen=True, slots=True)
class SharesType(TargetRelation):
    """"that shares one of those types with it" (`types`: the types the other target's own
    phrase lists, "artifact or creature"), "that shares a card type with it" (the card types
    a permanent can have), "that share a permanent type" (CR 110.4)."""

    types: frozenset[str] = PERMANENT_CARD_TYPES

    def holds(self, g: GameOps, mine: Chars, other: Chars) -> bool:
        return bool(self.types & mine.types & other.types)
