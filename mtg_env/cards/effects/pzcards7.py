"""Amounts for cards the Forge puzzles need (templates/sacrificed.py, templates/pzcards7.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..subjects import Count

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True, slots=True)
class SacrificedStat(Count):
    """"the sacrificed creature's power" (`index` 0; 1 toughness, 2 mana value): the one
    permanent sacrificed to pay the spell's or ability's cost, as it last existed on the
    battlefield (CR 608.2h), 0 if negative (CR 107.1b) or if nothing was sacrificed."""

    index: int

    def value(self, g: GameOps, ctx: Context) -> int:
        stats = ctx.sacrificed_stats
        return max(0, stats[0][self.index]) if stats else 0

    def __str__(self) -> str:
        return ("the sacrificed permanent's " + ("power", "toughness", "mana value")[self.index])
