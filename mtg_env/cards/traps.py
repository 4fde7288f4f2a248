"""The conditions of the Traps' alternative costs ("If exactly one creature is attacking, you
may pay {W} rather than pay this spell's mana cost.", CR 118.9, 601.2b), judged on the player
casting the spell as it is cast (`AlternativeCost.condition`, engine/altcast.alternative_allowed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.filters import Filter
from .turnfacts import facts

if TYPE_CHECKING:
    from ..core.chars import Chars
    from ..core.objects import GameObject


class _PlayerCondition(Filter):
    """A condition on the game, asked about the casting player."""

    __slots__ = ()

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return False

    def item(self, g: Any, s: Any, you: int, source: int | None) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class CreaturesAttacking(_PlayerCondition):
    """"If exactly one creature is attacking" (`exactly`), "If four or more creatures are
    attacking" (CR 506.4: the creatures attacking now; none outside combat). `what`: "If a white
    creature is attacking" (at least one creature matching it)."""

    n: int
    exactly: bool = False
    what: Filter | None = None

    def player(self, g: Any, p: int, you: int) -> bool:
        k = sum(1 for o in g.battlefield if g.is_attacking(o) and "Creature" in g.chars(o).types
                and (self.what is None or g.matches(self.what, o, you)))
        return k == self.n if self.exactly else k >= self.n

    def __str__(self) -> str:
        return f"{'exactly ' if self.exactly else ''}{self.n}{'' if self.exactly else ' or more'} attacking"


@dataclass(frozen=True, slots=True)
class DealtDamageByCreatures(_PlayerCondition):
    """"If you've been dealt damage by two or more creatures this turn" (Inferno Trap): that many
    different creatures (as they were when they dealt it: TurnState.facts "damaged_by_creature",
    engine/primitives.deal_damage; prevented damage isn't dealt, CR 615) dealt damage to you."""

    n: int

    def player(self, g: Any, p: int, you: int) -> bool:
        return len({src for q, src in facts(g, "damaged_by_creature") if q == you}) >= self.n

    def __str__(self) -> str:
        return f"dealt damage by {self.n} or more creatures this turn"
