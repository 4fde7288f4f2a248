"""Transforming double-faced cards (CR 701.27, 712): "transform ~", the intervening "if" of
the werewolves' upkeep triggers ("if no spells were cast last turn"), disturb (CR 702.146) and
its back faces' "exile it instead"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.filters import Filter
from ...core.mana import ManaCost
from ..abilities import StaticAbility
from ..subjects import SELF, Who
from .base import Ask, Effect

if TYPE_CHECKING:
    from ...core.chars import Chars
    from ...core.objects import Context, GameObject
    from ..protocol import GameOps


@dataclass(frozen=True)
class Transform(Effect):
    """"Transform ~" (CR 701.27a): the engine turns it over if it can (CR 701.27c-f)."""

    what: Who = SELF

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        for ref in self.what.refs(g, ctx):
            g.transform(ref[1], ctx)
        return None


@dataclass(frozen=True)
class SpellsCastLastTurn(Filter):
    """A condition on the spells cast during the previous turn (CR 500.1: turns are numbered
    one after another): "no spells were cast last turn" (`most` 0, by all players together),
    "a player cast two or more spells last turn" (`each_least` 2, by one player)."""

    most: int | None = None
    each_least: int | None = None

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        last = g.turn - 1
        per: dict[int, int] = {}
        for turn, player, _name in g.stats.casts:
            if turn == last:
                per[player] = per.get(player, 0) + 1
        if self.most is not None and sum(per.values()) > self.most:
            return False
        return self.each_least is None or any(n >= self.each_least for n in per.values())

    def __str__(self) -> str:
        if self.most is not None:
            return f"at most {self.most} spells cast last turn"
        return f"a player cast {self.each_least} or more spells last turn"


@dataclass(frozen=True)
class Disturb(StaticAbility):
    """"Disturb [cost]" (CR 702.146a): "You may cast this card transformed from your graveyard
    by paying [cost] rather than its mana cost." (engine/faces.py)"""

    cost: ManaCost = ManaCost()


@dataclass(frozen=True)
class ExileInsteadOfGraveyard(StaticAbility):
    """"If ~ would be put into a graveyard from anywhere, exile it instead." (CR 614.1a: a
    replacement effect on its own zone change; engine/zones.py)"""
